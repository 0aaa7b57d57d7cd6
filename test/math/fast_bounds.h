/* test/math/fast_bounds.h — the fast_math functions, the GLSL.std.450
 * instruction campcc maps each to, Vulkan's required precision for it (the
 * Vulkan specification, appendix "Precision and Operation of SPIR-V
 * Instructions", 32-bit floats), and the documented domain on which
 * fast_math promises 1e-3 relative error. One line each,
 *
 *   CAMP_FAST_MATH(name, kind, x lo, x hi, y lo, y hi, instruction, Vulkan precision)
 *
 * kinds: UNARY f(x), BINARY f(x, y). For sin, cos and tan the relative
 * error counts where |f(x)| >= 1/16: Vulkan bounds only their absolute error.
 * atanh is odd and, computed as a quotient of logs, loses its relative
 * accuracy as x nears 0: its domain is [1/64, 0.99] (and its negation).
 * fmod's is |x| < |y|: beyond, a device that computes x - y trunc(x/y)
 * (lavapipe does) leaves a whole y, or nothing, where the rounded x/y is
 * an integer and the exact one is not (relative error 1, measured on
 * lavapipe for x in [-100, 100], y in [0.5, 10]). fmod comes last so that
 * the other functions' arguments (seeded by their row) stay as they were.
 * Shared by test/math/fast_math.c and gen_table.py. */
CAMP_FAST_MATH(acos, UNARY, -1, 1, 0, 0, "Acos", "inherited from atan2(sqrt(1 - x*x), x)")
CAMP_FAST_MATH(acosh, UNARY, 1, 1e4, 0, 0, "Acosh", "inherited from log(x + sqrt(x*x - 1))")
CAMP_FAST_MATH(asin, UNARY, -1, 1, 0, 0, "Asin", "inherited from atan2(x, sqrt(1 - x*x))")
CAMP_FAST_MATH(asinh, UNARY, -1e4, 1e4, 0, 0, "Asinh", "inherited from log(x + sqrt(x*x + 1))")
CAMP_FAST_MATH(atan, UNARY, -1e4, 1e4, 0, 0, "Atan", "4096 ulp")
CAMP_FAST_MATH(atan2, BINARY, -100, 100, -100, 100, "Atan2", "4096 ulp")
CAMP_FAST_MATH(atanh, UNARY, 0.015625, 0.99, 0, 0, "Atanh", "inherited from log((1 + x)/(1 - x)) * 0.5")
CAMP_FAST_MATH(ceil, UNARY, -1e6, 1e6, 0, 0, "Ceil", "correctly rounded")
CAMP_FAST_MATH(cos, UNARY, -3.14159265, 3.14159265, 0, 0, "Cos", "absolute error 2^-11 in [-pi, pi]")
CAMP_FAST_MATH(cosh, UNARY, -10, 10, 0, 0, "Cosh", "inherited from (exp(x) + exp(-x)) * 0.5")
CAMP_FAST_MATH(exp, UNARY, -80, 80, 0, 0, "Exp", "3 + 2|x| ulp")
CAMP_FAST_MATH(exp2, UNARY, -120, 120, 0, 0, "Exp2", "3 + 2|x| ulp")
CAMP_FAST_MATH(fabs, UNARY, -1e30, 1e30, 0, 0, "FAbs", "correctly rounded")
CAMP_FAST_MATH(floor, UNARY, -1e6, 1e6, 0, 0, "Floor", "correctly rounded")
CAMP_FAST_MATH(fmax, BINARY, -1e30, 1e30, -1e30, 1e30, "FMax", "correctly rounded")
CAMP_FAST_MATH(fmin, BINARY, -1e30, 1e30, -1e30, 1e30, "FMin", "correctly rounded")
CAMP_FAST_MATH(log, UNARY, 1e-30, 1e30, 0, 0, "Log", "3 ulp outside [0.5, 2], absolute error 2^-21 inside")
CAMP_FAST_MATH(log2, UNARY, 1e-30, 1e30, 0, 0, "Log2", "3 ulp outside [0.5, 2], absolute error 2^-21 inside")
CAMP_FAST_MATH(log10, UNARY, 1e-30, 1e30, 0, 0, "Log2, then OpFMul by log10(2)", "inherited from log2(x) * log10(2)")
CAMP_FAST_MATH(pow, BINARY, 1e-3, 1e3, -10, 10, "Pow", "inherited from exp2(y * log2(x))")
CAMP_FAST_MATH(round, UNARY, -1e6, 1e6, 0, 0, "Round", "correctly rounded (halfway: either way)")
CAMP_FAST_MATH(rsqrt, UNARY, 1e-30, 1e30, 0, 0, "InverseSqrt", "2 ulp")
CAMP_FAST_MATH(sin, UNARY, -3.14159265, 3.14159265, 0, 0, "Sin", "absolute error 2^-11 in [-pi, pi]")
CAMP_FAST_MATH(sinh, UNARY, -10, 10, 0, 0, "Sinh", "inherited from (exp(x) - exp(-x)) * 0.5")
CAMP_FAST_MATH(sqrt, UNARY, 0, 1e30, 0, 0, "Sqrt", "inherited from 1/inversesqrt(x)")
CAMP_FAST_MATH(tan, UNARY, -1.5, 1.5, 0, 0, "Tan", "inherited from sin(x)/cos(x)")
CAMP_FAST_MATH(tanh, UNARY, -10, 10, 0, 0, "Tanh", "inherited from sinh(x)/cosh(x)")
CAMP_FAST_MATH(trunc, UNARY, -1e6, 1e6, 0, 0, "Trunc", "correctly rounded")
CAMP_FAST_MATH(fmod, BINARY, -1, 1, 1.5, 10, "OpFRem", "inherited from x - y * trunc(x / y)")
