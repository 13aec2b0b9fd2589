// vt_cdefs: part of vulkit's math library (see mathlib.py); T, BITS, VT_COMPUTE_<type> and VT_KIND_<kind>
// are defined by the kernel that includes it.
// The complex number files' types and constants: VT_R is the type of a part (float, double), VT_Z the complex
// type (vec2, dvec2: real part in x, imaginary in y); their code is written once over them.
#ifndef VT_CDEFS_GLSL
#define VT_CDEFS_GLSL
#if defined(VT_COMPUTE_double)
#define VT_R double
#define VT_Z dvec2
const double VT_C_EPS = 2.220446049250313e-16lf;  // 2^-52
const double VT_C_MAX = 1.7976931348623157e308lf;
const double VT_C_MIN = 2.2250738585072014e-308lf;  // the smallest normal number
const double VT_C_LN2 = 0.6931471805599453lf;
const double VT_C_E = 2.718281828459045lf;
const double VT_C_PI = 3.141592653589793lf;
const double VT_C_PIO2 = 1.5707963267948966lf;
const double VT_C_PIO4 = 0.7853981633974483lf;
const double VT_C_3PIO4 = 2.356194490192345lf;
const double VT_C_LOG2E = 1.4426950408889634lf;
const double VT_C_LOG10E = 0.4342944819032518lf;
const double VT_C_EXP_MAX = 709.782712893384lf;  // exp(x) is finite up to here (vt_exp's bounds)
const double VT_C_EXP_MIN = -745.1332191019412lf;  // and nonzero from here
const int VT_C_EMAX = 1023;  // the largest exponent of a normal number
const double VT_C_CEXP_MAX = 1455.0lf;  // past here exp(x) times any nonzero sin or cos overflows
const double VT_C_HYPER_BIG = 22.0lf;  // from here on cosh(x) rounds to exp(|x|) / 2 and tanh(x) to +-1
const double VT_C_RECIP_EPS = 4503599627370496.0lf;  // 1 / EPS: past it, z and its neighbours' inverse functions are log-like
const double VT_C_SQRT_MIN = 1.4916681462400413e-154lf;  // 2^-511 >= sqrt(MIN)
const double VT_C_FOUR_SQRT_MIN = 5.966672584960166e-154lf;  // 2^-509 >= 4 sqrt(MIN)
const double VT_C_QUARTER_SQRT_MAX = 1.6759759912428246e153lf;  // 2^509 <= sqrt(MAX) / 4
const double VT_C_SQRT_3_EPS = 2.5809568279517847e-08lf;
const double VT_C_SQRT_6_EPS = 3.650024149988857e-08lf;
#elif defined(VT_COMPUTE_float)
#define VT_R float
#define VT_Z vec2
const float VT_C_EPS = 1.1920928955078125e-07;  // 2^-23
const float VT_C_MAX = 3.4028234663852886e38;
const float VT_C_MIN = 1.1754943508222875e-38;  // the smallest normal number
const float VT_C_LN2 = 0.6931471824645996;
const float VT_C_E = 2.7182817459106445;
const float VT_C_PI = 3.1415927410125732;
const float VT_C_PIO2 = 1.5707963705062866;
const float VT_C_PIO4 = 0.7853981852531433;
const float VT_C_3PIO4 = 2.356194496154785;
const float VT_C_LOG2E = 1.4426950216293335;
const float VT_C_LOG10E = 0.4342944920063019;
const float VT_C_EXP_MAX = 88.72283935546875;  // exp(x) is finite up to here (vt_exp's bounds)
const float VT_C_EXP_MIN = -103.972084045410;  // and nonzero from here
const int VT_C_EMAX = 127;  // the largest exponent of a normal number
const float VT_C_CEXP_MAX = 193.0;  // past here exp(x) times any nonzero sin or cos overflows
const float VT_C_HYPER_BIG = 9.0;  // from here on cosh(x) rounds to exp(|x|) / 2 and tanh(x) to +-1
const float VT_C_RECIP_EPS = 8388608.0;  // 1 / EPS: past it, z and its neighbours' inverse functions are log-like
const float VT_C_SQRT_MIN = 1.0842021724855044e-19;  // 2^-63 >= sqrt(MIN)
const float VT_C_FOUR_SQRT_MIN = 4.336808689942018e-19;  // 2^-61 >= 4 sqrt(MIN)
const float VT_C_QUARTER_SQRT_MAX = 2.305843009213694e18;  // 2^61 <= sqrt(MAX) / 4
const float VT_C_SQRT_3_EPS = 0.0005980199784971774;
const float VT_C_SQRT_6_EPS = 0.0008457279182039201;
#endif
#endif  // VT_CDEFS_GLSL
