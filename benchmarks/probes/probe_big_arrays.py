"""Kernels over arrays of 2 and 4 GiB, both binding modes: every element is read back and checked (ones, sums,
an offset view doubled, and exp as it comes out on a small array); each line prints the count of wrong elements."""
import numpy as np

import vulkit as vt
from vulkit.runtime import context


def wrong(array: vt.Array, expected: float) -> int:
    return int(np.count_nonzero(array.numpy() != np.float32(expected)))


ctx = context.current()
print("limit", ctx.binding_limit, "addresses", ctx.buffer_addresses, ctx.device.limits["max_storage_buffer_range"])
for mode in (True, False):
    ctx.set_buffer_addresses(mode)
    for n in ((1 << 29) + 1024 + 3, (1 << 30) + 1024 + 3):
        big = vt.ones(n, dtype=vt.float32)
        print(mode, n, "ones wrong", wrong(big, 1), flush=True)
        t = big + 1
        print(mode, n, "add wrong", wrong(t, 2), flush=True)
        del t
        s = big[1:] * 2
        print(mode, n, "offset view * 2 wrong", wrong(s, 2), flush=True)
        del s
        e = vt.exp(big)
        print(mode, n, "exp wrong", wrong(e, float(vt.exp(vt.ones(4))[0])), flush=True)  # as on a small array
        del big, e
        vt.device.empty_cache()
