"""What a QR panel (m x 32 float32) costs on the GPU by four routes, and how orthonormal each one's Q is: the
shipped one (``vt.linalg.qr(a, mode="r")`` of the panel: the grid of workgroups meeting once a column, or a
reflector a dispatch where no grid runs) against a TSQR (batched one-workgroup QRs of row blocks, then of their
stacked R factors; Q's blocks multiplied back) and shifted Cholesky QR3 (Fukaya et al. 2020: three rounds of a Gram
product, its Cholesky factor and Q's update, the first Gram matrix shifted by 11 (m n + n (n + 1)) u |A|_F^2 so that
it is definite) with Q updated by triangular solves or by products with the factor's inverse. No host waits inside a
route (the Cholesky factor's flag is never read). GPU time of each, best of a few after a warm-up, then, for panels
of condition 1, 1e4 and 1e7 and of rank 16: |Q^T Q - I|, |A - Q R| / |A| and R's largest difference from NumPy's
(to the rows' signs). On lavapipe (2026-11-29) Cholesky QR3 gave NaN for a panel of rank 16 (its second Gram
matrix is singular: no orthonormal Q comes out of a rank-deficient A that way) and for condition 1e7 (beyond
1 / u in float32), and with inverses already at 1e4: it needs a fallback; TSQR needs none. vulkit's one-workgroup
QR takes at most 64 rows (``linalg_spectral.SMALL``): blocks of 128 go through the large path, and blocks of 64
make a 4096-row panel seven levels deep; a TSQR worth shipping would hold 256-row blocks as reflectors in one
workgroup (three levels).

The next step for the large QR, whose panels are half its time (docs/measured.md): a panel without a meeting of the
grid a column, its reflectors rebuilt from Q as LAPACK's (probe_householder_reconstruction.py). The rebuild adds a
sign-choosing LU of Q's top 32 x 32 block (one small kernel) and one more product.

    python benchmarks/probes/probe_qr_panels.py [rows ...]   # default 4096
"""

from __future__ import annotations

import sys
from typing import Any

import numpy as np
import probe_kernel_times as pkt

import vulkit as vt
from vulkit.array.ops import linalg_blocked, linalg_common
from vulkit.array.ops.factorizations import lower_factor

B = 32


def _gram(q: vt.Array) -> vt.Array:
    return vt.matmul(q.mT, q)


def _cholesky_round(q: vt.Array, shift: vt.Array | None, by_inverse: bool) -> tuple[vt.Array, vt.Array]:
    """One round of Cholesky QR: (Q R^-1, R) for the panel q (1, m, B), its Gram matrix shifted by ``shift``."""
    gram = _gram(q)
    if shift is not None:
        gram = gram + shift * vt.eye(B, dtype=q.dtype)
    word = linalg_common.flag(q._ctx)
    lower = lower_factor(gram, word)  # R^T; its flag is never read
    if by_inverse:
        inverse = vt.broadcast_to(vt.eye(B, dtype=q.dtype), lower.shape).copy()
        linalg_blocked.triangular_solve(lower, inverse, lower=True, unit=False)  # R^-T
        return vt.matmul(q, inverse.mT), lower.mT
    solved = q.mT.copy()  # (1, B, m)
    linalg_blocked.triangular_solve(lower, solved, lower=True, unit=False)  # R^-T Q^T
    return solved.mT, lower.mT


def cholesky_qr3(a: vt.Array, by_inverse: bool) -> tuple[vt.Array, vt.Array]:
    """Shifted Cholesky QR3 of a (1, m, B): (Q, R)."""
    m = a.shape[-2]
    eps = float(np.finfo(np.dtype(a.dtype.name)).eps)
    shift = (11.0 * (m * B + B * (B + 1)) * eps) * vt.sum(a * a, axis=(-2, -1), keepdims=True)
    q, r1 = _cholesky_round(a, shift, by_inverse)
    q, r2 = _cholesky_round(q, None, by_inverse)
    q, r3 = _cholesky_round(q, None, by_inverse)
    return q, vt.matmul(r3, vt.matmul(r2, r1))


def tsqr(a: vt.Array, rows: int = 128) -> tuple[vt.Array, vt.Array]:
    """TSQR of a (1, m, B), m a multiple of ``rows``: batched QRs of blocks of ``rows`` rows (one workgroup each
    where they fit), then of their stacked R factors, until one block is left; Q's blocks times the level above's."""
    m = a.shape[-2]
    if m <= rows:
        return vt.linalg.qr(a)
    blocks = vt.reshape(a, (m // rows, rows, B))
    q_blocks, r_blocks = vt.linalg.qr(blocks)
    stacked = vt.reshape(r_blocks, (1, (m // rows) * B, B))
    if stacked.shape[-2] % rows:  # a last level that is not a whole number of blocks: one QR of it
        q_top, r = vt.linalg.qr(stacked)
    else:
        q_top, r = tsqr(stacked, rows)
    pieces = vt.reshape(q_top, (m // rows, B, B))
    return vt.reshape(vt.matmul(q_blocks, pieces), (1, m, B)), r


def _panel(m: int, cond: float, rank: int, seed: int) -> np.ndarray:
    rng = np.random.default_rng(seed)
    u, _ = np.linalg.qr(rng.standard_normal((m, B)))
    v, _ = np.linalg.qr(rng.standard_normal((B, B)))
    sigma = np.geomspace(1.0, 1.0 / cond, B)
    sigma[rank:] = 0.0
    return ((u * sigma) @ v.T).astype(np.float32)


def _accuracy(name: str, q: Any, r: Any, a: np.ndarray) -> None:
    q, r = np.asarray(q, np.float64)[0], np.asarray(r, np.float64)[0]
    wide = a.astype(np.float64)
    reference = np.linalg.qr(wide, mode="r")
    signs = np.sign(np.diag(reference)) * np.sign(np.diag(r))
    signs[signs == 0] = 1.0
    print(f"    {name:22s} |QtQ - I| {np.abs(q.T @ q - np.eye(B)).max():.1e}, |A - QR| / |A| "
          f"{np.abs(wide - q @ r).max() / np.abs(wide).max():.1e}, R from NumPy's "
          f"{np.abs(signs[:, None] * r - reference).max() / np.abs(reference).max():.1e}", flush=True)


def main() -> None:
    rows = [int(v) for v in sys.argv[1:]] or [4096]
    for m in rows:
        a = vt.asarray(_panel(m, 1.0, B, 0)[None])
        namespace = {"vt": vt, "a": a, "cholesky_qr3": cholesky_qr3, "tsqr": tsqr}
        for label, statement in (("shipped (mode r)", "vt.linalg.qr(a, mode='r')"),
                                 ("shipped (Q and R)", "vt.linalg.qr(a)"),
                                 ("TSQR, 128 rows", "tsqr(a)"), ("TSQR, 64 rows", "tsqr(a, 64)"),
                                 ("CholQR3, solves", "cholesky_qr3(a, False)"),
                                 ("CholQR3, inverses", "cholesky_qr3(a, True)")):
            code = compile(statement, "<statement>", "eval")
            seconds = pkt.best_gpu_seconds(lambda code=code, names=namespace: eval(code, names))  # noqa: S307
            print(f"{m} x {B} {label:20s} {seconds * 1e6:8.1f} us", flush=True)
        for cond, rank in ((1.0, B), (1e4, B), (1e7, B), (1.0, 16)):
            panel = _panel(m, cond, rank, 1)
            print(f"  panel of condition {cond:g}, rank {rank}:", flush=True)
            x = vt.asarray(panel[None])
            for by_inverse in (False, True):
                q, r = cholesky_qr3(x, by_inverse)
                _accuracy("CholQR3, " + ("inverses" if by_inverse else "solves"), q.numpy(), r.numpy(), panel)
            q, r = tsqr(x)
            _accuracy("TSQR", q.numpy(), r.numpy(), panel)
            q, r = vt.linalg.qr(x)
            _accuracy("shipped", q.numpy(), r.numpy(), panel)


if __name__ == "__main__":
    main()
