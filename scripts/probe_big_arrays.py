"""Kernels over arrays of 2 and 4 GiB, both binding modes: every printed value must be 1 (ones) or 2 (sums)."""
import vulkit as vt
from vulkit.runtime import context

ctx = context.current()
print("limit", ctx.binding_limit, "addresses", ctx.buffer_addresses, ctx.device.limits["max_storage_buffer_range"])
for mode in (True, False):
    ctx.set_buffer_addresses(mode)
    for n in ((1 << 29) + 1024, (1 << 30) + 1024):
        big = vt.ones(n, dtype=vt.float32)
        print(mode, n, "ones", big[-3:].numpy(), big[(1 << 27) - 1:(1 << 27) + 1].numpy(),
              big[(1 << 28) - 1:(1 << 28) + 1].numpy(), big[(1 << 29) - 1:(1 << 29) + 1].numpy(), flush=True)
        t = big + 1
        print(mode, n, "add", t[-3:].numpy(), t[(1 << 27) - 1:(1 << 27) + 1].numpy(),
              t[(1 << 28) - 1:(1 << 28) + 1].numpy(), t[(1 << 29) - 1:(1 << 29) + 1].numpy(), flush=True)
        s = big[1:] * 2
        print(mode, n, "contig", s[-3:].numpy(), s[(1 << 28) - 1:(1 << 28) + 1].numpy(), flush=True)
        del big, t, s
        vt.device.empty_cache()
