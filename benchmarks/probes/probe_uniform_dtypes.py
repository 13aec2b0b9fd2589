"""Inputs of one element read once, over dtypes: which give wrong values on this device, and what they give."""
import numpy as np

import vulkit as vt

for name in ("float16", "int16", "uint16", "int8", "uint8", "float32", "int32", "float64", "int64"):
    dt = np.dtype(name)
    a = (np.arange(1001) % 7).astype(dt)
    one = np.array(3, dt)
    for label, s in (("asarray", vt.asarray(one)), ("full", vt.full((), 3, dtype=getattr(vt, name))),
                     ("copy-kernel", vt.asarray(a)[5:6].reshape(()) * 0 + vt.asarray(one))):
        got = (vt.asarray(a) + s).numpy()
        want = a + one
        bad = np.flatnonzero(got != want)
        print(f"{name} {label}: s={s.numpy()!r} wrong {bad.size}", got[bad[:4]] if bad.size else "")
    x = vt.asarray(a)
    m = vt.asarray(a > 3)
    x[m] = 3
    want = a.copy()
    want[a > 3] = 3
    bad = np.flatnonzero(x.numpy() != want)
    print(f"{name} x[m]=3 wrong {bad.size}", x.numpy()[bad[:4]] if bad.size else "")
