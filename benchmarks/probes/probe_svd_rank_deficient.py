"""Where a rank-deficient SVD loses U's orthonormality: svd and the complete QR that fills U's basis, each under
the QR grid and the Jacobi grid settings in turn (run on the device that failed)."""

import sys

import numpy as np

import vulkit as vt
import vulkit.array.ops.linalg_large as large

LA = vt.linalg
CASES = {"zeros": np.zeros((70, 66)), "rank1": np.outer(np.arange(70.0), np.ones(66)), "eye": np.eye(66, 70)}


def report(label: str) -> None:
    for name, a in CASES.items():
        for dtype in ("float64", "float32"):
            x = a.astype(dtype)
            u, s, vh = (t.numpy() for t in LA.svd(vt.asarray(x)))
            uu = np.abs(u.T @ u - np.eye(u.shape[1]))
            bad = np.argwhere(uu > 1e-3)[:4].tolist()
            print(f"{label} svd {name} {dtype}: s err {np.abs(s - np.linalg.svd(x, compute_uv=False)).max():.2e} "
                  f"UtU {uu.max():.2e} at {bad} VVt {np.abs(vh @ vh.T - np.eye(vh.shape[0])).max():.2e} "
                  f"s[:3] {s[:3]} nonzero {int((s > 0).sum())}")
    for shape in ((70, 66), (70, 70), (130, 100)):
        for fill in ("zeros", "rank1"):
            x = np.zeros(shape) if fill == "zeros" else np.outer(np.arange(shape[0]), np.ones(shape[1]))
            q = LA.qr(vt.asarray(x), mode="complete").Q.numpy()
            err = np.abs(q.T @ q - np.eye(q.shape[1]))
            print(f"{label} qr complete {fill} {shape}: QtQ {err.max():.2e} at {np.argwhere(err > 1e-3)[:4].tolist()}")
    sys.stdout.flush()


for qr_grid in (False, None):
    for svd_grid in (False, None):
        large.QR_GRID, large.SVD_GRID = qr_grid, svd_grid
        report(f"QR_GRID={qr_grid} SVD_GRID={svd_grid}")
