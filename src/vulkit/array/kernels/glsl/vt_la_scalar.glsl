// vt_la_scalar: the scalar arithmetic of vulkit's factorization kernels (kernels/factorization*.py), written once
// over real and complex numbers. The kernel defines S (the scalar type: float, double, vec2, dvec2), R (its real
// type) and LA_COMPLEX for complex S (real part in x, imaginary in y).
#ifndef VT_LA_SCALAR_GLSL
#define VT_LA_SCALAR_GLSL
#if defined(S) && defined(R)  // nothing without them (the math library's own test compiles every file alone)
#ifdef LA_COMPLEX
S la_mul(S a, S b) { return S(a.x * b.x - a.y * b.y, a.x * b.y + a.y * b.x); }
S la_conj(S a) { return S(a.x, -a.y); }
R la_re(S a) { return a.x; }
R la_im(S a) { return a.y; }
S la_make(R re, R im) { return S(re, im); }
S la_s(R r) { return S(r, R(0)); }
R la_abs1(S a) { return abs(a.x) + abs(a.y); }  // LAPACK's |re| + |im|, which its pivot searches compare
R la_abs2(S a) { return a.x * a.x + a.y * a.y; }
R la_abs(S a) {
  R u = abs(a.x), v = abs(a.y);
  R m = max(u, v);
  if (m == R(0) || isinf(m)) return m;
  R w = min(u, v) / m;
  return m * sqrt(R(1) + w * w);
}
S la_div(S a, S b) {  // Smith's algorithm, as NumPy divides
  if (abs(b.x) >= abs(b.y)) {
    R r = b.y / b.x, d = b.x + b.y * r;
    return S((a.x + a.y * r) / d, (a.y - a.x * r) / d);
  }
  R r = b.x / b.y, d = b.x * r + b.y;
  return S((a.x * r + a.y) / d, (a.y * r - a.x) / d);
}
S la_ldexp(S a, int e) { return S(ldexp(a.x, e), ldexp(a.y, e)); }
#else
S la_mul(S a, S b) { return a * b; }
S la_conj(S a) { return a; }
R la_re(S a) { return a; }
R la_im(S a) { return R(0); }
S la_make(R re, R im) { return re; }
S la_s(R r) { return r; }
R la_abs1(S a) { return abs(a); }
R la_abs2(S a) { return a * a; }
R la_abs(S a) { return abs(a); }
S la_div(S a, S b) { return a / b; }
S la_ldexp(S a, int e) { return ldexp(a, e); }
#endif
S la_cmul(S a, S b) { return la_mul(la_conj(a), b); }  // conj(a) * b
S la_scale(S a, R r) { return a * r; }

// A rotation [[c, s w], [-s conj(w), c]] (c, s real, |w| = 1) that diagonalises the Hermitian 2x2 matrix
// [[a, g], [conj(g), d]] (a, d real) when applied as G^H M G; false (and the identity) where g is negligible
// against tol * sqrt(|a| |d|) or below floor.
bool la_rotation(R a, R d, S g, R tol, R floor, out R c, out R s, out S w) {
  R r = la_abs(g);
  c = R(1); s = R(0); w = la_s(R(1));
  if (!(r > floor) || !(r > tol * sqrt(abs(a)) * sqrt(abs(d)))) return false;
  w = la_scale(g, R(1) / r);
  R theta = (d - a) / (R(2) * r);
  R t;
  if (abs(theta) > R(1e15)) t = R(0.5) / theta;
  else t = (theta >= R(0) ? R(1) : R(-1)) / (abs(theta) + sqrt(theta * theta + R(1)));
  c = R(1) / sqrt(t * t + R(1));
  s = t * c;
  return true;
}

#endif  // S and R
#endif  // VT_LA_SCALAR_GLSL
