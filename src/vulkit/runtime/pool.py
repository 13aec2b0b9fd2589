"""Blocks of device memory, the ranges cut from them, and the best-fit pools that keep the free ones
(the caching allocator's bookkeeping: see :mod:`.allocator`)."""

from __future__ import annotations

from bisect import bisect_left, insort

from ..hal import Buffer


class Block:
    """One driver allocation (a hal Buffer) that the pool cuts into ranges."""

    __slots__ = ("buffer", "size", "pool")

    def __init__(self, buffer: Buffer, size: int, pool: Pool) -> None:
        self.buffer = buffer
        self.size = size
        self.pool = pool


class Chunk:
    """A range of a block; ranges of a block form a doubly linked list in address order."""

    __slots__ = ("block", "offset", "size", "prev", "next", "free", "last_use", "epoch", "desc", "addr")

    def __init__(self, block: Block, offset: int, size: int, last_use: int = 0, epoch: int = 0) -> None:
        self.block = block
        self.offset = offset
        self.size = size
        self.prev: Chunk | None = None
        self.next: Chunk | None = None
        self.free = False
        self.last_use = last_use  # of the GPU work that used the range last (0: none)
        self.epoch = epoch  # the stream's barrier epoch of that use
        self.desc: bytes | None = None  # the packed buffer info of the range, while its size stays
        self.addr = 0  # its GPU address, once asked for

    def absorb(self, other: Chunk) -> None:
        """Merge ``other``, the range right after this one, into it: its bytes, links and hazards."""
        self.size += other.size
        self.desc = None
        self.next = other.next
        if other.next is not None:
            other.next.prev = self
        if other.last_use > self.last_use:
            self.last_use = other.last_use
        if other.epoch > self.epoch:
            self.epoch = other.epoch


class Pool:
    """Free ranges of a set of blocks, binned by exact size: best fit, split, merge.

    In front of the bins sits a *quick cache*: returned ranges wait there unmerged, by exact size,
    for a request of that size (the eager pattern: free an array, allocate one of the same shape).
    Any other request merges it into the bins first (so best fit sees every free range), as do
    holding more than ``QUICK_LIMIT`` ranges and releasing blocks.
    """

    QUICK_LIMIT = 4096  # about the small ranges of the batches in flight

    def __init__(self, name: str, unit: int) -> None:
        self.name = name
        self.unit = unit
        self.blocks: set[Block] = set()
        self._bins: dict[int, dict[Chunk, None]] = {}
        self._sizes: list[int] = []
        self._quick: dict[int, list[Chunk]] = {}
        self._quick_count = 0

    def take(self, size: int) -> Chunk | None:
        """A free range of ``size``: a quick-cached one of that size, else the best fit, split; None if none fits."""
        quick = self._quick.get(size)
        if quick:
            self._quick_count -= 1
            return quick.pop()
        if self._quick_count:
            self.drain()
        return self._best_fit(size)

    def give(self, chunk: Chunk) -> None:
        """Return a range (to the quick cache)."""
        quick = self._quick.get(chunk.size)
        if quick is None:
            quick = self._quick[chunk.size] = []
        quick.append(chunk)
        self._quick_count += 1
        if self._quick_count > self.QUICK_LIMIT:
            self.drain()

    def drain(self) -> None:
        """Merge every quick-cached range into the bins."""
        quick = self._quick
        self._quick = {}
        self._quick_count = 0
        for chunks in quick.values():
            for chunk in chunks:
                self._merge_in(chunk)

    def _best_fit(self, size: int) -> Chunk | None:
        """The best-fitting free range of the bins, split down to ``size``."""
        sizes = self._sizes
        i = bisect_left(sizes, size)
        if i == len(sizes):
            return None
        found = sizes[i]
        bin_ = self._bins[found]
        chunk, _ = bin_.popitem()
        if not bin_:
            del self._bins[found]
            del sizes[i]
        chunk.free = False
        rest = chunk.size - size
        if rest >= self.unit:
            tail = Chunk(chunk.block, chunk.offset + size, rest, chunk.last_use, chunk.epoch)  # addr: not yet
            tail.prev = chunk
            tail.next = chunk.next
            if chunk.next is not None:
                chunk.next.prev = tail
            chunk.next = tail
            chunk.size = size
            chunk.desc = None
            self._insert(tail)
        return chunk

    def _merge_in(self, chunk: Chunk) -> None:
        """Put a range into the bins, merged with its free neighbours."""
        prev = chunk.prev
        if prev is not None and prev.free:
            self._remove(prev)
            prev.absorb(chunk)
            chunk = prev
        nxt = chunk.next
        if nxt is not None and nxt.free:
            self._remove(nxt)
            chunk.absorb(nxt)
        self._insert(chunk)

    def add_block(self, block: Block) -> None:
        """Register a new block: one free range."""
        self.blocks.add(block)
        self._insert(Chunk(block, 0, block.size))

    def unused_ranges(self) -> list[Chunk]:
        """The free ranges that span a whole block (after draining the quick cache)."""
        self.drain()
        return [chunk for size in self._sizes for chunk in self._bins[size]
                if chunk.prev is None and chunk.next is None and chunk.size == chunk.block.size]

    def drop(self, chunk: Chunk) -> None:
        """Forget an unused block, given its one free range."""
        self._remove(chunk)
        self.blocks.discard(chunk.block)

    def free_bytes(self) -> int:
        """Bytes of free ranges, quick-cached ones included."""
        binned = sum(size * len(self._bins[size]) for size in self._sizes)
        return binned + sum(size * len(chunks) for size, chunks in self._quick.items())

    def _insert(self, chunk: Chunk) -> None:
        chunk.free = True
        bin_ = self._bins.get(chunk.size)
        if bin_ is None:
            bin_ = self._bins[chunk.size] = {}
            insort(self._sizes, chunk.size)
        bin_[chunk] = None

    def _remove(self, chunk: Chunk) -> None:
        bin_ = self._bins[chunk.size]
        del bin_[chunk]
        if not bin_:
            del self._bins[chunk.size]
            del self._sizes[bisect_left(self._sizes, chunk.size)]
        chunk.free = False
