"""Host time of one tiny eager op (``x + x`` on 8 float32), best of 5 rounds of 20,000, in the binding mode
VULKIT_BUFFER_ADDRESSES picks. Run on a GPU machine once per mode, alternating, to compare the modes."""

from __future__ import annotations

import time

import numpy as np

import vulkit as vt


def main() -> None:
    x = vt.asarray(np.ones(8, np.float32))
    ctx = vt.runtime.context.current()
    best = float("inf")
    for _ in range(5):
        vt.device.synchronize()
        start = time.perf_counter()
        for _ in range(20_000):
            x + x
        vt.device.synchronize()
        best = min(best, (time.perf_counter() - start) / 20_000 * 1e6)
    print(f"tiny x + x: {best:5.2f} us/op (buffer addresses: {ctx.buffer_addresses})")


if __name__ == "__main__":
    main()
