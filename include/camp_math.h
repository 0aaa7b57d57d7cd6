/* camp_math.h — the device math library: C99 <math.h> with C99-grade
 * precision (C++ AMP's precise_math) and the native fast_math functions.
 *
 * camp_precise_<name> (double) and camp_precise_<name>f (float) are the
 * implementations campcc calls for <math.h> names in amp code; they are
 * plain C over integers and doubles (no libm), so the serial reference mode
 * runs the very same code. fast_math_<name>(float) are C++ AMP's fast_math,
 * direct3d_<name> its concurrency::direct3d intrinsics.
 * Error bounds, measured: docs/math.md. Included by camp.h. */
/* restrict(cpu, amp) and the vector types: camp.h, which includes this
 * header in its turn (then this include does nothing) */
#include "camp.h"
#ifndef CAMP_MATH_H
#define CAMP_MATH_H

#include <math.h>
#include <stdint.h>

/* Every double division of the library, so that the host test can make it
 * inexact (test/math/sloppy_div.h): Vulkan lets OpFDiv be off by 2.5 ulps,
 * so the library uses a quotient only where such an error does not matter
 * or is corrected through an exact remainder (camp_dd_div). */
#ifndef CAMP_MATH_DIV
#define CAMP_MATH_DIV(a, b) ((a) / (b))
#endif

#include "camp_bits.h" /* clz for the subnormals */
#include "camp_math/constants.h"
#include "camp_math/bits.h"
#include "camp_math/dd.h"
#include "camp_math/exp_log.h"
#include "camp_math/trig.h"
#include "camp_math/special.h"
#include "camp_math/float_forms.h"
#include "camp_math/amp_extras.h"
#include "camp_math/inverse_erf.h"
#include "camp_math/complex.h"
#include "camp_math/direct3d.h"
#include "camp_math/strings.h"
#include "camp_math/fast_math.h"
#ifndef CAMP_WITHOUT_VECTOR_MATH_ /* campcc's first parse of a file, and its host C if that one succeeded */
#include "camp_math/vector_forms.h"
#endif

#endif /* CAMP_MATH_H */
