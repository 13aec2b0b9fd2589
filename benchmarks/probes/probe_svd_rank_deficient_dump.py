"""Dump the large QR's factors of the rank-one 70 x 66 float64 matrix that lost U's orthonormality on the H200,
and the SVD of its R alone (square: no QR), so that the two halves can be told apart on the host."""

import os

import numpy as np

import vulkit as vt
from vulkit.array.ops import linalg_large as large

a = np.outer(np.arange(70.0), np.ones(66))
q, r = large.qr(vt.asarray(a.reshape(1, 70, 66)), 66, 66, True, "svd")
q, r = q.numpy()[0], r.numpy()[0]
print("Q^T Q - I", np.abs(q.T @ q - np.eye(66)).max(), "QR - A", np.abs(q @ r - a).max())
print("R row norms", np.array2string(np.linalg.norm(r, axis=1)[:12], precision=2))
u, s, vh = (t.numpy() for t in vt.linalg.svd(vt.asarray(r)))
print("svd(R) U^T U - I", np.abs(u.T @ u - np.eye(66)).max(), "nonzero", int((s > 0).sum()), "s", s[:4])
np.savez(os.path.join(os.environ.get("OUT", "."), "rank1_qr.npz"), q=q, r=r, u=u, s=s, vh=vh)
