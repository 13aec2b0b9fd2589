"""What one host round trip costs (an op, then its result awaited on the host), against PyTorch's: median
microseconds of a synchronize after a tiny op, split into the flush (the submission) and the wait (polling the
timeline until the GPU has signalled); of reading 4 bytes of a device array just written; of a fill's synchronize on
a second stream of a timeline semaphore and of fences (``timeline=False``); and PyTorch's
``torch.cuda.synchronize()`` after a tiny op and ``.item()`` of a sum, where PyTorch has a GPU.

    python benchmarks/probes/probe_round_trip.py [rounds]"""

from __future__ import annotations

import statistics
import sys
import time
from typing import Any

from probe_kernel_times import median_us

import vulkit as vt
from vulkit.runtime import context
from vulkit.runtime.stream import Stream


def vulkit_round_trips(rounds: int) -> None:
    """Print the medians of a synchronize after a tiny op (flush, then the polled wait) and of a 4-byte read."""
    ctx = context.current()
    stream = ctx.stream
    semaphore = getattr(stream._clock, "semaphore", None)
    x = vt.ones((64, 64), dtype=vt.float32)
    whole, flushes, waits, polls, reads = [], [], [], [], []
    for _ in range(rounds):
        y = x + x
        vt.device.synchronize()
        y = x + x
        started = time.perf_counter()
        vt.device.synchronize()
        whole.append(time.perf_counter() - started)
        if semaphore is not None:
            y = x + x
            started = time.perf_counter()
            value = stream.flush()
            flushed = time.perf_counter()
            count = 0
            while semaphore.value < value:
                count += 1
            waits.append(time.perf_counter() - flushed)
            flushes.append(flushed - started)
            polls.append(count)
            stream.known_completed = max(stream.known_completed, value)
        y = x + x
        started = time.perf_counter()
        stream.read(y._alloc, 4)
        reads.append(time.perf_counter() - started)
    print(f"vulkit: synchronize after a tiny op {median_us(whole):.1f} us; read of 4 bytes just written "
          f"{median_us(reads):.1f} us", flush=True)
    if semaphore is not None:
        print(f"  flush {median_us(flushes):.1f} us, then the timeline polled until signalled {median_us(waits):.1f}"
              f" us ({statistics.median(polls):.0f} polls)", flush=True)
    buffer = ctx.allocator.allocate(4096)
    for timeline in (True, False):
        other = Stream(ctx.device, timeline=timeline, lock=stream.lock)
        times = []
        for _ in range(rounds):
            vt.device.synchronize()
            other.fill(buffer, 0)
            started = time.perf_counter()
            other.synchronize()
            times.append(time.perf_counter() - started)
        other.close()
        print(f"  a fill through a second stream of {'a timeline' if timeline else 'fences'}: synchronize "
              f"{median_us(times):.1f} us", flush=True)
    stream.synchronize()
    buffer.free()


def torch_round_trips(rounds: int) -> None:
    """Print PyTorch's medians of a synchronize after a tiny op and of ``.item()`` of a sum."""
    try:
        import torch
    except ImportError:
        return
    if not torch.cuda.is_available():
        return
    x = torch.ones((64, 64), device="cuda")
    syncs, items = [], []
    for _ in range(rounds):
        torch.cuda.synchronize()
        y: Any = x + x
        started = time.perf_counter()
        torch.cuda.synchronize()
        syncs.append(time.perf_counter() - started)
        started = time.perf_counter()
        y.sum().item()
        items.append(time.perf_counter() - started)
    print(f"torch: synchronize after a tiny op {median_us(syncs):.1f} us; .item() of a sum {median_us(items):.1f} us",
          flush=True)


def main() -> None:
    rounds = int(sys.argv[1]) if len(sys.argv) > 1 else 300
    for _ in range(2):
        vulkit_round_trips(rounds)
        torch_round_trips(rounds)


if __name__ == "__main__":
    main()
