/* camp_math/complex.h — <complex.h>'s functions in amp code.
 *
 * camp_precise_c<name> serves c<name> (double complex) and c<name>f (float
 * complex), as the other precise functions serve <math.h>. Each follows
 * glibc's formula for finite arguments (cpow is cexp(w clog z), clog's real
 * part log1p of |z|² - 1 near the unit circle, csqrt the cancellation-free
 * form), over this library's exp, log, sinh, cosh, sincos, atan2 and
 * hypot, so that results agree with the host's to within their ulps.
 * Infinities and NaNs give what the formulas give, not every special
 * value of C's Annex G. The float forms evaluate the double form and
 * round each part once. The inverse functions (casin, cacos, catan and
 * their hyperbolic forms) are not here. */
#ifndef CAMP_MATH_COMPLEX_H
#define CAMP_MATH_COMPLEX_H

static inline double _Complex camp_math_complex(double re, double im) restrict(cpu, amp) {
    double _Complex z = 0;
    __real__ z = re;
    __imag__ z = im;
    return z;
}

static inline float _Complex camp_math_complexf(double _Complex z) restrict(cpu, amp) {
    float _Complex r = 0;
    __real__ r = camp_math_double_to_float(__real__ z);
    __imag__ r = camp_math_double_to_float(__imag__ z);
    return r;
}

static inline double _Complex camp_math_widen_complex(float _Complex z) restrict(cpu, amp) {
    return camp_math_complex(camp_math_float_to_double(__real__ z), camp_math_float_to_double(__imag__ z));
}

static inline double camp_precise_creal(double _Complex z) restrict(cpu, amp) { return __real__ z; }
static inline double camp_precise_cimag(double _Complex z) restrict(cpu, amp) { return __imag__ z; }
static inline double _Complex camp_precise_conj(double _Complex z) restrict(cpu, amp) {
    return camp_math_complex(__real__ z, -__imag__ z);
}
static inline double camp_precise_cabs(double _Complex z) restrict(cpu, amp) {
    return camp_precise_hypot(__real__ z, __imag__ z);
}
static inline double camp_precise_carg(double _Complex z) restrict(cpu, amp) {
    return camp_precise_atan2(__imag__ z, __real__ z);
}
static inline double _Complex camp_precise_cproj(double _Complex z) restrict(cpu, amp) {
    if (camp_precise_isinf(__real__ z) || camp_precise_isinf(__imag__ z))
        return camp_math_complex(CAMP_INFINITY, camp_precise_copysign(0.0, __imag__ z));
    return z;
}

/* sin y and cos y, or y and 1 where sin y is y (as glibc's forms take them). */
static inline void camp_math_complex_sincos(double y, double *s, double *c) restrict(cpu, amp) {
    if (camp_precise_fabs(y) > 0x1p-1022) {
        camp_precise_sincos(y, s, c);
    } else {
        *s = y;
        *c = 1.0;
    }
}

static inline double _Complex camp_precise_cexp(double _Complex z) restrict(cpu, amp) {
    double s, c, e = camp_precise_exp(__real__ z);
    camp_math_complex_sincos(__imag__ z, &s, &c);
    return camp_math_complex(e * c, e * s);
}

static inline double _Complex camp_precise_clog(double _Complex z) restrict(cpu, amp) {
    double ax = camp_precise_fabs(__real__ z), ay = camp_precise_fabs(__imag__ z), t, re;
    if (ax < ay) {
        t = ax;
        ax = ay;
        ay = t;
    }
    if (ax >= 0.5 && ax < 2.0 && ay < 2.0) {
        /* near |z| = 1, log |z| = log1p(x² + y² - 1) / 2, the argument in double-double */
        double ph, pl, qh, ql, sh, sl;
        camp_dd_two_prod(ax - 1.0, ax + 1.0, &ph, &pl); /* ax - 1 and ax + 1 are exact here */
        camp_dd_two_prod(ay, ay, &qh, &ql);
        camp_dd_add(ph, pl, qh, ql, &sh, &sl);
        re = camp_precise_log1p(sh + sl) * 0.5;
    } else {
        re = camp_precise_log(camp_precise_hypot(ax, ay));
    }
    return camp_math_complex(re, camp_precise_atan2(__imag__ z, __real__ z));
}

static inline double _Complex camp_precise_csqrt(double _Complex z) restrict(cpu, amp) {
    double x = __real__ z, y = __imag__ z, d, r, s, scale = 1.0;
    if (y == 0.0) {
        if (x < 0.0) return camp_math_complex(0.0, camp_precise_copysign(camp_precise_sqrt(-x), y));
        return camp_math_complex(camp_precise_fabs(camp_precise_sqrt(x)), camp_precise_copysign(0.0, y));
    }
    if (x == 0.0) {
        r = camp_precise_sqrt(0.5 * camp_precise_fabs(y));
        return camp_math_complex(r, camp_precise_copysign(r, y));
    }
    /* as glibc: parts past a quarter of DBL_MAX scaled down by 4 (d + x
     * would overflow), both below twice DBL_MIN up by 2^54, the result
     * back by the square root of the scale (products by powers of two) */
    if (camp_precise_fabs(x) > 0x1.fffffffffffffp1021 || camp_precise_fabs(y) > 0x1.fffffffffffffp1021) {
        scale = 2.0;
        x = camp_precise_fabs(x) > 0x1.fffffffffffffp1021 || camp_precise_fabs(x) >= 0x1p-1020 ? x * 0.25 : 0.0;
        y *= 0.25;
    } else if (camp_precise_fabs(x) < 0x1p-1021 && camp_precise_fabs(y) < 0x1p-1021) {
        scale = 0x1p-27;
        x *= 0x1p54;
        y *= 0x1p54;
    }
    /* 2 Re Im = y, so the part without cancellation gives the other */
    d = camp_precise_hypot(x, y);
    if (x > 0.0) {
        r = camp_precise_sqrt(0.5 * (d + x));
        if (scale == 2.0 && camp_precise_fabs(y) < 1.0) { /* y / r would underflow halved */
            s = CAMP_MATH_DIV(y, r);
            r *= scale;
            scale = 1.0;
        } else {
            s = 0.5 * CAMP_MATH_DIV(y, r);
        }
    } else {
        s = camp_precise_sqrt(0.5 * (d - x));
        if (scale == 2.0 && camp_precise_fabs(y) < 1.0) {
            r = camp_precise_fabs(CAMP_MATH_DIV(y, s));
            s *= scale;
            scale = 1.0;
        } else {
            r = camp_precise_fabs(0.5 * CAMP_MATH_DIV(y, s));
        }
    }
    return camp_math_complex(r * scale, camp_precise_copysign(s * scale, y));
}

static inline double _Complex camp_precise_cpow(double _Complex z, double _Complex w) restrict(cpu, amp) {
    return camp_precise_cexp(w * camp_precise_clog(z));
}

static inline double _Complex camp_precise_csinh(double _Complex z) restrict(cpu, amp) {
    double s, c, x = __real__ z;
    camp_math_complex_sincos(__imag__ z, &s, &c);
    return camp_math_complex(camp_precise_sinh(x) * c, camp_precise_cosh(x) * s);
}

static inline double _Complex camp_precise_ccosh(double _Complex z) restrict(cpu, amp) {
    double s, c, x = __real__ z;
    camp_math_complex_sincos(__imag__ z, &s, &c);
    return camp_math_complex(camp_precise_cosh(x) * c, camp_precise_sinh(x) * s);
}

static inline double _Complex camp_precise_csin(double _Complex z) restrict(cpu, amp) {
    double s, c, y = __imag__ z;
    camp_math_complex_sincos(__real__ z, &s, &c);
    return camp_math_complex(camp_precise_cosh(y) * s, camp_precise_sinh(y) * c);
}

static inline double _Complex camp_precise_ccos(double _Complex z) restrict(cpu, amp) {
    return camp_precise_ccosh(camp_math_complex(-__imag__ z, __real__ z)); /* cos z = cosh iz */
}

/* tanh(x + iy) = (sinh x cosh x + i sin y cos y) / (sinh² x + cos² y);
 * past |x| = 354 the real part is ±1 and the imaginary part underflows. */
static inline double _Complex camp_math_complex_tanh(double x, double y) restrict(cpu, amp) {
    double s, c, sh, ch, den;
    camp_math_complex_sincos(y, &s, &c);
    if (camp_precise_fabs(x) > 354.0)
        return camp_math_complex(camp_precise_copysign(1.0, x),
                                 4.0 * s * c * camp_precise_exp(-2.0 * camp_precise_fabs(x)));
    if (camp_precise_fabs(x) > 0x1p-1022) {
        sh = camp_precise_sinh(x);
        ch = camp_precise_cosh(x);
    } else {
        sh = x;
        ch = 1.0;
    }
    den = camp_precise_fabs(sh) > camp_precise_fabs(c) * 0x1p-52 ? sh * sh + c * c : c * c;
    return camp_math_complex(CAMP_MATH_DIV(sh * ch, den), CAMP_MATH_DIV(s * c, den));
}

static inline double _Complex camp_precise_ctanh(double _Complex z) restrict(cpu, amp) {
    return camp_math_complex_tanh(__real__ z, __imag__ z);
}

static inline double _Complex camp_precise_ctan(double _Complex z) restrict(cpu, amp) {
    double _Complex t = camp_math_complex_tanh(-__imag__ z, __real__ z); /* tan z = -i tanh iz */
    return camp_math_complex(__imag__ t, -__real__ t);
}

/* ---- float forms -------------------------------------------------------------- */

static inline float camp_precise_crealf(float _Complex z) restrict(cpu, amp) { return __real__ z; }
static inline float camp_precise_cimagf(float _Complex z) restrict(cpu, amp) { return __imag__ z; }
static inline float _Complex camp_precise_conjf(float _Complex z) restrict(cpu, amp) {
    float _Complex r = z;
    __imag__ r = -__imag__ z;
    return r;
}
static inline float camp_precise_cabsf(float _Complex z) restrict(cpu, amp) {
    return camp_math_double_to_float(camp_precise_cabs(camp_math_widen_complex(z)));
}
static inline float camp_precise_cargf(float _Complex z) restrict(cpu, amp) {
    return camp_math_double_to_float(camp_precise_carg(camp_math_widen_complex(z)));
}
static inline float _Complex camp_precise_cpowf(float _Complex z, float _Complex w) restrict(cpu, amp) {
    return camp_math_complexf(camp_precise_cpow(camp_math_widen_complex(z), camp_math_widen_complex(w)));
}

#define CAMP_MATH_COMPLEX_FLOAT_FORM(name)                                                                          \
    static inline float _Complex camp_precise_##name##f(float _Complex z) restrict(cpu, amp) {                      \
        return camp_math_complexf(camp_precise_##name(camp_math_widen_complex(z)));                                 \
    }
CAMP_MATH_COMPLEX_FLOAT_FORM(cproj)
CAMP_MATH_COMPLEX_FLOAT_FORM(cexp)
CAMP_MATH_COMPLEX_FLOAT_FORM(clog)
CAMP_MATH_COMPLEX_FLOAT_FORM(csqrt)
CAMP_MATH_COMPLEX_FLOAT_FORM(csinh)
CAMP_MATH_COMPLEX_FLOAT_FORM(ccosh)
CAMP_MATH_COMPLEX_FLOAT_FORM(ctanh)
CAMP_MATH_COMPLEX_FLOAT_FORM(csin)
CAMP_MATH_COMPLEX_FLOAT_FORM(ccos)
CAMP_MATH_COMPLEX_FLOAT_FORM(ctan)
#undef CAMP_MATH_COMPLEX_FLOAT_FORM

#endif /* CAMP_MATH_COMPLEX_H */
