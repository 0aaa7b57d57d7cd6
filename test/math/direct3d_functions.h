/* test/math/direct3d_functions.h — the direct3d_<name> intrinsics
 * (include/camp_math/direct3d.h) that test/math/direct3d.c measures, and
 * their rows of docs/math.md (gen_table.py): one line each,
 *
 *   CAMP_DIRECT3D(name, "C++ AMP's forms", "in kernels", "edge cases")
 *
 * direct3d.c writes one result per name ("exact", an error, or what mad
 * did) and fails if it measured a name not listed here or missed one. */
CAMP_DIRECT3D(abs, "int", "as `abs`", "abs(INT_MIN) = INT_MIN")
CAMP_DIRECT3D(clamp_float, "clamp(float, float, float)", "GLSL.std.450 NClamp", "NaN x gives lo; lo > hi unspecified; a zero result beside zeros of both signs: either sign")
CAMP_DIRECT3D(clamp_int, "clamp(int, int, int)", "SClamp", "lo > hi unspecified")
CAMP_DIRECT3D(countbits, "unsigned", "OpBitCount", "countbits(0) = 0")
CAMP_DIRECT3D(firstbithigh, "int", "FindSMsb", "x < 0: the highest 0 bit; -1 for 0 and -1")
CAMP_DIRECT3D(firstbitlow, "int", "FindILsb", "-1 for 0")
CAMP_DIRECT3D(imax, "int", "SMax", "")
CAMP_DIRECT3D(imin, "int", "SMin", "")
CAMP_DIRECT3D(umax, "unsigned", "UMax", "")
CAMP_DIRECT3D(umin, "unsigned", "UMin", "")
CAMP_DIRECT3D(mad_float, "mad(float, float, float)", "Fma", "fused or not, as the device chooses")
CAMP_DIRECT3D(mad_double, "mad(double, double, double)", "Fma", "fused or not, as the device chooses")
CAMP_DIRECT3D(mad_int, "mad(int, int, int), mad(unsigned, ...)", "OpIMul, OpIAdd", "wraps around")
CAMP_DIRECT3D(radians, "float", "OpFMul by pi/180", "one correctly rounded product")
CAMP_DIRECT3D(rcp, "float", "OpFDiv", "Vulkan: within 2.5 ulp for abs(x) in [2^-126, 2^126]; the test asks IEEE results at +-0, +-inf and NaN, which Vulkan does not promise")
CAMP_DIRECT3D(reversebits, "unsigned", "OpBitReverse", "")
CAMP_DIRECT3D(saturate, "float", "NClamp(x, 0, 1)", "saturate(NaN) = 0; saturate(-0) = +-0")
CAMP_DIRECT3D(sign_int, "sign(int)", "SSign", "")
CAMP_DIRECT3D(sign_float, "sign(float) (C++ AMP 2012)", "two comparisons", "an int; 0 for +-0 and NaN")
CAMP_DIRECT3D(smoothstep, "float", "NClamp and arithmetic", "0 for NaN x; lo >= hi unspecified; the device's division may be 2.5 ulps off")
CAMP_DIRECT3D(step, "float", "a comparison", "x >= y ? 1 : 0, so 0 with a NaN")
