// vt_sampling: part of vulkit's math library (see mathlib.py); T, BITS, VT_COMPUTE_<type> and VT_KIND_<kind>
// are defined by the kernel that includes it.
// Samples of the random module's distributions beyond uniform and normal, for the element of index i of a call with
// key (a, b) and counter c: draw s of an element is Philox's block for counter (i, c, s), so rejection loops take
// as many independent blocks as they need. NumPy's algorithms (numpy/random/src/distributions): Marsaglia and
// Tsang's gamma, Johnk's beta for shapes at most 1, the multiplication method for Poisson means under 10 and
// Hormann's PTRS above; the binomial by inversion where n p < 10, else by Hormann's BTRS (JAX's and TensorFlow's
// choice; NumPy takes BTPE). What NumPy builds from those (chi-square, t, F, beta of larger shapes, Cauchy) is
// composed on the host's side.
#ifndef VT_SAMPLING_GLSL
#define VT_SAMPLING_GLSL
#include "vt_gauss.glsl"
#include "vt_exp.glsl"
#include "vt_pow.glsl"
#include "vt_log1p.glsl"
#include "vt_expm1.glsl"
#include "vt_special_gamma.glsl"
#include "vt_atan2.glsl"
#if defined(VT_COMPUTE_float) || defined(VT_COMPUTE_double)
// decimal constants as ratios of integers: rounded once in T (a float literal would be rounded to float first)
#define VT_RATIO(n, d) (T(n) / T(d))
#define VT_ATTEMPTS 4096u

uvec4 vt_draw(uint a, uint b, uint i, uint c, uint s) { return vt_philox3(a, b, i, c, s); }

// log(x!) for x >= 0 (lgamma without its reflection). The kernels inline every call, and the drivers' compilers
// take long over each copy of lgamma (a binomial kernel with eight took 36 s on an H200): the samplers call it
// from few places, summing several terms in a loop that is not unrolled.
T vt_log_factorial(T x) { return vt_sp_lgamma_pos(x + T(1)); }

// the sum of signs[j] log(x[j]!) over the first n of at most 9 terms
T vt_log_factorials(T x[9], T signs[9], int n) {
  T s = T(0);
  [[dont_unroll]] for (int j = 0; j < n; ++j) s += signs[j] * vt_log_factorial(x[j]);
  return s;
}

// uniform on (0, 1): both ends excluded (the half-step above each of vt_unif's values)
T vt_unif_open(uvec4 r) {
#if defined(VT_COMPUTE_double)
  return (double(r.x >> 5) * 67108864.0lf + double(r.y >> 6) + 0.5lf) * 1.1102230246251565e-16lf;
#else
  return (float(r.x >> 8) + 0.5) * 5.9604644775390625e-08;
#endif
}

// the standard exponential: -log(1 - U), U in [0, 1)
T vt_std_exponential(uvec4 r) { return -vt_log(T(1) - vt_unif(r.x, r.y)); }

// the standard Laplace, logistic and Gumbel distributions by inversion of an open uniform
T vt_std_laplace(uvec4 r) {
  T u = vt_unif_open(r);
  return u >= T(0.5) ? -vt_log(T(2) - T(2) * u) : vt_log(T(2) * u);
}
T vt_std_logistic(uvec4 r) { T u = vt_unif_open(r); return vt_log(u / (T(1) - u)); }
T vt_std_gumbel(uvec4 r) { return -vt_log(-vt_log(vt_unif_open(r))); }

// trials to the first success of probability p (at least 1), by inversion
T vt_geometric(uvec4 r, T p) {
  if (p >= T(1)) return T(1);
  return max(T(1), ceil(vt_log1p(-vt_unif(r.x, r.y)) / vt_log1p(-p)));
}

// the standard gamma of shape k >= 0 (Marsaglia and Tsang; k < 1 as G(k + 1) U^(1/k)), from draws s .. s + 1023
T vt_std_gamma(uint a, uint b, uint i, uint c, uint s, T k) {
  if (k == T(0)) return T(0);
  T m = k < T(1) ? k + T(1) : k;
  T dd = m - T(1) / T(3), cc = T(1) / sqrt(T(9) * dd);
  T g = dd;
  for (uint t = 0u; t < 511u; t += 2u) {
    T x = vt_gauss(vt_draw(a, b, i, c, s + t));
    T v = T(1) + cc * x;
    if (v <= T(0)) continue;
    v = v * v * v;
    uvec4 q = vt_draw(a, b, i, c, s + t + 1u);
    T u = vt_unif(q.x, q.y);
    T x2 = x * x;
    if (u < T(1) - VT_RATIO(331, 10000) * x2 * x2 || vt_log(u) < T(0.5) * x2 + dd * (T(1) - v + vt_log(v))) {
      g = dd * v;
      break;
    }
  }
  if (k < T(1)) {
    uvec4 r = vt_draw(a, b, i, c, s + 1023u);
    g *= vt_pow(vt_unif(r.x, r.y), T(1) / k);
  }
  return g;
}

// beta(p, q) for shapes at most 1 by Johnk's algorithm (larger ones are a ratio of gammas, on the host's side)
T vt_beta_johnk(uint a, uint b, uint i, uint c, T p, T q) {
  for (uint t = 0u; t < VT_ATTEMPTS; ++t) {
    uvec4 r = vt_draw(a, b, i, c, t);
    T u = vt_unif(r.x, r.y), v = vt_unif(r.z, r.w);
    T x = vt_pow(u, T(1) / p), y = vt_pow(v, T(1) / q), xy = x + y;
    if (xy <= T(1) && u + v > T(0)) {
      if (xy > T(0)) return x / xy;
      T lx = vt_log(u) / p, ly = vt_log(v) / q, lm = max(lx, ly);  // both underflowed: in logarithms
      lx -= lm;
      ly -= lm;
      return vt_exp(lx - vt_log(vt_exp(lx) + vt_exp(ly)));
    }
  }
  return p / (p + q);
}

// Poisson of mean lam (returned as a float): the multiplication method under 10, PTRS (Hormann 1993) from 10 on
T vt_poisson(uint a, uint b, uint i, uint c, T lam) {
  if (lam <= T(0)) return T(0);
  if (lam < T(10)) {
    T limit = vt_exp(-lam), prod = T(1), n = T(0);
    for (uint t = 0u; t < VT_ATTEMPTS; ++t) {
      uvec4 r = vt_draw(a, b, i, c, t);
      prod *= vt_unif(r.x, r.y);
      if (prod <= limit) return n;
      n += T(1);
      prod *= vt_unif(r.z, r.w);
      if (prod <= limit) return n;
      n += T(1);
    }
    return n;
  }
  T slam = sqrt(lam), loglam = vt_log(lam);
  T bb = VT_RATIO(931, 1000) + VT_RATIO(253, 100) * slam, aa = VT_RATIO(-59, 1000) + VT_RATIO(2483, 100000) * bb;
  T invalpha = VT_RATIO(11239, 10000) + VT_RATIO(11328, 10000) / (bb - VT_RATIO(34, 10)), vr = VT_RATIO(9277, 10000) - VT_RATIO(36224, 10000) / (bb - T(2));
  for (uint t = 0u; t < VT_ATTEMPTS; ++t) {
    uvec4 r = vt_draw(a, b, i, c, t);
    T u = vt_unif(r.x, r.y) - T(0.5), v = vt_unif(r.z, r.w);
    T us = T(0.5) - abs(u);
    T k = floor((T(2) * aa / us + bb) * u + lam + VT_RATIO(43, 100));
    if (us >= VT_RATIO(7, 100) && v <= vr) return k;
    if (k < T(0) || (us < VT_RATIO(13, 1000) && v > us)) continue;
    if (vt_log(v) + vt_log(invalpha) - vt_log(aa / (us * us) + bb) <= -lam + k * loglam - vt_log_factorial(k))
      return k;
  }
  return floor(lam);
}

// binomial(n, p) for p <= 1/2 (the caller reflects larger p): inversion where n p < 10, else BTRS (Hormann's
// transformed rejection with squeeze, 1993), returned as a float
T vt_binomial_half(uint a, uint b, uint i, uint c, T n, T p) {
  if (n * p < T(10)) {
    T q = T(1) - p, s = p / q, aa = (n + T(1)) * s, r = vt_pow(q, n);
    uvec4 w = vt_draw(a, b, i, c, 0u);
    T u = vt_unif(w.x, w.y), x = T(0);
    for (uint t = 0u; t < VT_ATTEMPTS && u > r && x < n; ++t) {
      u -= r;
      x += T(1);
      r *= aa / x - s;
    }
    return x;
  }
  T spq = sqrt(n * p * (T(1) - p));
  T bb = VT_RATIO(115, 100) + VT_RATIO(253, 100) * spq;
  T aa = VT_RATIO(-873, 10000) + VT_RATIO(248, 10000) * bb + VT_RATIO(1, 100) * p;
  T cc = n * p + T(0.5), vr = VT_RATIO(92, 100) - VT_RATIO(42, 10) / bb;
  T alpha = (VT_RATIO(283, 100) + VT_RATIO(51, 10) / bb) * spq, lpq = vt_log(p / (T(1) - p));
  T m = floor((n + T(1)) * p);
  for (uint t = 0u; t < VT_ATTEMPTS; ++t) {
    uvec4 r = vt_draw(a, b, i, c, t);
    T u = vt_unif(r.x, r.y) - T(0.5), v = vt_unif(r.z, r.w);
    T us = T(0.5) - abs(u);
    T k = floor((T(2) * aa / us + bb) * u + cc);
    if (k < T(0) || k > n) continue;
    if (us >= VT_RATIO(7, 100) && v <= vr) return k;
    // log(m! (n - m)! / (k! (n - k)!)): one sum of log factorials
    T terms[9] = T[9](m, n - m, k, n - k, T(0), T(0), T(0), T(0), T(0));
    T signs[9] = T[9](T(1), T(1), T(-1), T(-1), T(0), T(0), T(0), T(0), T(0));
    if (vt_log(v * alpha / (aa / (us * us) + bb)) <= vt_log_factorials(terms, signs, 4) + (k - m) * lpq)
      return k;
  }
  return floor(n * p);
}

T vt_binomial(uint a, uint b, uint i, uint c, T n, T p) {
  if (n == T(0) || p == T(0)) return T(0);
  if (p == T(1)) return n;
  T x = vt_binomial_half(a, b, i, c, n, min(p, T(1) - p));  // one call: each is inlined
  return p <= T(0.5) ? x : n - x;
}

// triangular(left, mode, right) by inversion
T vt_triangular(uvec4 r, T left, T mode, T right) {
  T base = right - left, below = mode - left, u = vt_unif(r.x, r.y);
  if (u <= below / base) return left + sqrt(u * below * base);
  return right - sqrt((T(1) - u) * (right - mode) * base);
}

// the Wald (inverse Gaussian) law of mean m and scale s: Michael, Schucany and Haas's transformation of a
// chi-square of one degree, its root chosen by a uniform
T vt_wald(uint a, uint b, uint i, uint c, T m, T s) {
  T y = vt_gauss(vt_draw(a, b, i, c, 0u));
  y = m * y * y;
  T x = m + m / (T(2) * s) * (y - sqrt(T(4) * s * y + y * y));
  uvec4 r = vt_draw(a, b, i, c, 1u);
  return vt_unif(r.x, r.y) <= m / (m + x) ? x : m * m / x;
}

// the von Mises law of mean mu and concentration kappa on [-pi, pi]: Best and Fisher's rejection (1979); uniform
// below kappa 1e-8, a wrapped normal above 1e6
T vt_vonmises(uint a, uint b, uint i, uint c, T mu, T kappa) {
  const T pi = T(3.141592653589793), twopi = T(6.283185307179586);
  T x;
  if (kappa < VT_RATIO(1, 100000000)) {
    uvec4 r = vt_draw(a, b, i, c, 0u);
    return pi * (T(2) * vt_unif(r.x, r.y) - T(1));
  }
  if (kappa > T(1000000)) {
    x = mu + vt_gauss(vt_draw(a, b, i, c, 0u)) / sqrt(kappa);
  } else {
    T s;
    if (kappa < VT_RATIO(1, 100000)) {
      s = T(1) / kappa + kappa;
    } else {
      T rr = T(1) + sqrt(T(1) + T(4) * kappa * kappa), rho = (rr - sqrt(T(2) * rr)) / (T(2) * kappa);
      s = (T(1) + rho * rho) / (T(2) * rho);
    }
    T w = T(1);
    uint t = 0u;
    for (; t < VT_ATTEMPTS; ++t) {
      uvec4 r = vt_draw(a, b, i, c, t);
      T z = vt_cos(pi * vt_unif(r.x, r.y));
      w = (T(1) + s * z) / (s + z);
      T y = kappa * (s - w), v = vt_unif(r.z, r.w);
      if (y * (T(2) - y) - v >= T(0) || vt_log(y / v) + T(1) - y >= T(0)) break;
    }
    uvec4 r = vt_draw(a, b, i, c, t + 1u);
    x = vt_acos(clamp(w, T(-1), T(1)));
    x = (vt_unif(r.x, r.y) < T(0.5) ? -x : x) + mu;
  }
  return x - twopi * floor((x + pi) / twopi);  // wrapped into [-pi, pi)
}

// Zipf's law of exponent q > 1: Devroye's rejection from the Pareto (1986, X.6); 0 where no draw is accepted
T vt_zipf(uint a, uint b, uint i, uint c, T q) {
  T am1 = q - T(1), bb = vt_pow(T(2), am1);
  for (uint t = 0u; t < VT_ATTEMPTS; ++t) {
    uvec4 r = vt_draw(a, b, i, c, t);
    T u = T(1) - vt_unif(r.x, r.y), v = vt_unif(r.z, r.w);
    T x = floor(vt_pow(u, T(-1) / am1));
    if (!(x >= T(1)) || x > T(9.2233720368547748e18)) continue;  // past int64 (or NaN): drawn again
    T tt = vt_pow(T(1) + T(1) / x, am1);
    if (v * x * (tt - T(1)) / (bb - T(1)) <= tt / bb) return x;
  }
  return T(1);
}

// the logarithmic series law of p in [0, 1): Kemp's second accelerated generator (1981)
T vt_logseries(uint a, uint b, uint i, uint c, T p) {
  T rr = vt_log1p(-p);
  for (uint t = 0u; t < VT_ATTEMPTS; ++t) {
    uvec4 w = vt_draw(a, b, i, c, t);
    T v = vt_unif(w.x, w.y);
    if (v >= p) return T(1);
    T q = -vt_expm1(rr * vt_unif(w.z, w.w));
    if (v <= q * q) {
      T k = floor(T(1) + vt_log(v) / vt_log(q));
      if (k < T(1) || v == T(0)) continue;
      return k;
    }
    return v >= q ? T(1) : T(2);
  }
  return T(1);
}

// the hypergeometric law (nsample drawn from good + bad): inversion of one uniform by the probabilities' ratios,
// walking out from the mode to alternate sides (about a standard deviation of steps); the mode's probability from
// log-gammas
T vt_hypergeometric(uint a, uint b, uint i, uint c, T good, T bad, T n) {
  T total = good + bad, low = max(T(0), n - bad), high = min(n, good);
  if (low >= high) return low;
  T m = clamp(floor((n + T(1)) * (good + T(1)) / (total + T(2))), low, high);
  T terms[9] = T[9](good, m, good - m, bad, n - m, bad - n + m, total, n, total - n);
  T signs[9] = T[9](T(1), T(-1), T(-1), T(1), T(-1), T(-1), T(-1), T(1), T(1));
  T pm = vt_exp(vt_log_factorials(terms, signs, 9));
  uvec4 r = vt_draw(a, b, i, c, 0u);
  T u = vt_unif(r.x, r.y) - pm;
  if (u < T(0)) return m;
  // P(k + 1) / P(k) = (good - k) (n - k) / ((k + 1) (bad - n + k + 1))
  T down = m, pdown = pm, up = m, pup = pm;
  for (uint t = 0u; t < 16777216u; ++t) {
    if (up < high) {
      pup *= (good - up) * (n - up) / ((up + T(1)) * (bad - n + up + T(1)));
      up += T(1);
      u -= pup;
      if (u < T(0)) return up;
    }
    if (down > low) {
      pdown *= down * (bad - n + down) / ((good - down + T(1)) * (n - down + T(1)));
      down -= T(1);
      u -= pdown;
      if (u < T(0)) return down;
    }
    if (up >= high && down <= low) break;
  }
  return m;  // the probabilities' roundings left u above their sum: the mode
}
#endif
#endif  // VT_SAMPLING_GLSL
