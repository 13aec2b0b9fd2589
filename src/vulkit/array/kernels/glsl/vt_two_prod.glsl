// vt_two_prod: part of vulkit's math library (see mathlib.py); T, BITS, VT_COMPUTE_<type> and VT_KIND_<kind>
// are defined by the kernel that includes it.
#ifndef VT_TWO_PROD_GLSL
#define VT_TWO_PROD_GLSL
#if defined(VT_COMPUTE_double)
double vt_two_prod_err(double x, double y, double p) {  // x * y - p exactly, for p = x * y rounded
  precise double cx = 134217729.0lf * x;
  precise double xh = cx - (cx - x);
  precise double xl = x - xh;
  precise double cy = 134217729.0lf * y;
  precise double yh = cy - (cy - y);
  precise double yl = y - yh;
  precise double e = ((xh * yh - p) + xh * yl + xl * yh) + xl * yl;
  return e;
}
double vt_residual(double a, double b, double q) {  // a - q * b for q near a / b: a - p is exact (Sterbenz), only the last step rounds
  precise double p = q * b;
  precise double r = (a - p) - vt_two_prod_err(q, b, p);
  return r;
}
#elif defined(VT_COMPUTE_float)
float vt_two_prod_err(float x, float y, float p) {  // x * y - p exactly, for p = x * y rounded
  precise float cx = 4097.0 * x;
  precise float xh = cx - (cx - x);
  precise float xl = x - xh;
  precise float cy = 4097.0 * y;
  precise float yh = cy - (cy - y);
  precise float yl = y - yh;
  precise float e = ((xh * yh - p) + xh * yl + xl * yh) + xl * yl;
  return e;
}
float vt_residual(float a, float b, float q) {  // a - q * b for q near a / b: a - p is exact (Sterbenz), only the last step rounds
  precise float p = q * b;
  precise float r = (a - p) - vt_two_prod_err(q, b, p);
  return r;
}
#endif
#endif  // VT_TWO_PROD_GLSL
