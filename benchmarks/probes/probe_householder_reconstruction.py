"""Whether a QR panel can come from an orthonormal Q by Householder reconstruction (Ballard et al., "Reconstructing
Householder vectors from tall-skinny QR", 2015) and still be LAPACK's: NumPy and SciPy on the host, no GPU.

The large QR factors each 32-column panel on a grid of workgroups that meet once a column (~11.6 us a column on an
H200: half of qr's time at 4096^2). A panel's Q could instead come from products and small factorizations (TSQR, or
Cholesky QR), and its reflectors from Q: the LU factorization without pivoting of Q_1 - S (Q_1 the panel's top b x b
block), S = diag(s) chosen column by column as s_i = -sign(the pivot before it is formed), gives V = [L_1; Q_2 U^-1]
(unit lower trapezoidal), T = -U S L_1^-T and R' = S R, with A = (I - V T V^T)[I; 0] R'.

Prints, for panels of random and ill-conditioned matrices in float64 and float32: how far V, the taus (T's diagonal)
and R' are from LAPACK's ``geqrf`` (whose reflectors vulkit's pipeline and tests expect), the backward error of
A = H R', and the orthogonality of Q from TSQR (blocks of 128 rows) and from Cholesky QR2 (which fails as
cond(A)^2 eps nears 1: the float32 panels' limit).

    python benchmarks/probes/probe_householder_reconstruction.py
"""

from __future__ import annotations

import numpy as np
import scipy.linalg


def reconstruct(q: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """(V, taus, s) of the orthonormal m x b ``q``: the modified LU of its top block with s chosen as it goes."""
    m, b = q.shape
    work = q.astype(np.float64 if q.dtype == np.float64 else np.float32).copy()
    s = np.empty(b, work.dtype)
    for i in range(b):
        c = work[i, i]
        s[i] = -1.0 if c >= 0 else 1.0
        work[i, i] = c - s[i]
        work[i + 1:, i] /= work[i, i]
        work[i + 1:b, i + 1:] -= np.outer(work[i + 1:b, i], work[i, i + 1:])
    u = np.triu(work[:b])
    lower = np.tril(work, -1) + np.eye(m, b, dtype=work.dtype)
    lower[b:] = scipy.linalg.solve_triangular(u, q[b:].T, trans="T", lower=False).T  # Q_2 U^-1
    return lower, -np.diag(u) * s, s


def tsqr(a: np.ndarray, rows: int = 128) -> tuple[np.ndarray, np.ndarray]:
    """Q, R of the tall ``a`` by a tree of QRs of blocks of ``rows`` rows (what batched one-workgroup QRs compute)."""
    m, b = a.shape
    if m <= rows:
        return np.linalg.qr(a)
    blocks = [a[i:i + rows] for i in range(0, m, rows)]
    factors = [np.linalg.qr(block) for block in blocks]
    q_top, r = tsqr(np.concatenate([f[1] for f in factors]), rows)
    pieces = [f[0] @ q_top[k * b:(k + 1) * b] for k, f in enumerate(factors)]
    return np.concatenate(pieces), r


def cholesky_qr2(a: np.ndarray) -> tuple[np.ndarray, np.ndarray] | None:
    """Q, R by Cholesky QR twice, or None where a Gram matrix is not positive definite."""
    try:
        r1 = np.linalg.cholesky(a.T @ a).T
        q1 = scipy.linalg.solve_triangular(r1, a.T, trans="T").T
        r2 = np.linalg.cholesky(q1.T @ q1).T
        q = scipy.linalg.solve_triangular(r2, q1.T, trans="T").T
    except np.linalg.LinAlgError:
        return None
    return q, r2 @ r1


def panel(m: int, b: int, cond: float, dtype: type, seed: int) -> np.ndarray:
    rng = np.random.default_rng(seed)
    u, _ = np.linalg.qr(rng.standard_normal((m, b)))
    v, _ = np.linalg.qr(rng.standard_normal((b, b)))
    return ((u * np.geomspace(1.0, 1.0 / cond, b)) @ v.T).astype(dtype)


def main() -> None:
    m, b = 4096, 32
    print(f"panels of {m} x {b}: differences from LAPACK's geqrf (V, taus, R'), backward error |A - H R'| / |A|, "
          "orthogonality |Q^T Q - I| of the Q used")
    for dtype in (np.float64, np.float32):
        eps = float(np.finfo(dtype).eps)
        for cond in (1.0, 1e2, 1e4, 1e6):
            a = panel(m, b, cond, dtype, seed=int(cond))
            raw, tau_ref = scipy.linalg.lapack.get_lapack_funcs("geqrf", (a,))(a)[:2]
            v_ref = np.tril(raw, -1)[:, :b] + np.eye(m, b, dtype=dtype)
            r_ref = np.triu(raw[:b])
            for name, route in (("TSQR", tsqr), ("CholeskyQR2", cholesky_qr2)):
                found = route(a)
                if found is None:
                    print(f"{np.dtype(dtype).name:8s} cond {cond:7.0e} {name:12s} failed (Gram matrix not positive "
                          "definite)")
                    continue
                q, r = found
                ortho = float(np.abs(q.T @ q - np.eye(b)).max())
                v, taus, s = reconstruct(q.astype(dtype))
                r_new = (s[:, None] * r).astype(dtype)
                # A = (I - V T V^T)[I; 0] R' with T from larft (as vulkit's pipeline forms it)
                t_full = larft(v, taus)
                product = (np.eye(m, b) - v @ (t_full @ v[:b].T)) @ r_new
                backward = float(np.abs(product - a).max() / np.abs(a).max())
                rel = np.abs(r_new - r_ref).max() / np.abs(r_ref).max()
                print(f"{np.dtype(dtype).name:8s} cond {cond:7.0e} {name:12s} V {np.abs(v - v_ref).max():8.1e} "
                      f"taus {np.abs(taus - tau_ref).max():8.1e} R' {rel:8.1e} backward {backward / eps:7.1f} eps  "
                      f"orthogonality {ortho / eps:9.1f} eps")


def larft(v: np.ndarray, taus: np.ndarray) -> np.ndarray:
    """LAPACK's forward, columnwise T of the reflectors V with ``taus``: H_1 ... H_b = I - V T V^T."""
    b = v.shape[1]
    t = np.zeros((b, b), v.dtype)
    for i in range(b):
        t[i, i] = taus[i]
        if i:
            t[:i, i] = -taus[i] * (t[:i, :i] @ (v[:, :i].T @ v[:, i]))
    return t


if __name__ == "__main__":
    main()
