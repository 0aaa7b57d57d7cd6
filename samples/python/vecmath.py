#!/usr/bin/env python3
"""vecmath.py — calls the kernels of libvecmath.so (vecmath.c) through ctypes.

    python3 vecmath.py [path/to/libvecmath.so]

Prints the results of a saxpy and a sum over 100,000 floats, checked
against the same computation in Python.
"""
import ctypes
import os
import sys

here = os.path.dirname(os.path.abspath(__file__))
lib = ctypes.CDLL(sys.argv[1] if len(sys.argv) > 1 else os.path.join(here, "libvecmath.so"))
FloatArray = ctypes.POINTER(ctypes.c_float)
lib.vecmath_saxpy.argtypes = [ctypes.c_int, ctypes.c_float, FloatArray, FloatArray]
lib.vecmath_saxpy.restype = ctypes.c_int
lib.vecmath_sum.argtypes = [ctypes.c_int, FloatArray]
lib.vecmath_sum.restype = ctypes.c_double

n = 100_000
x = (ctypes.c_float * n)(*[(i % 100) * 0.25 for i in range(n)])
y = (ctypes.c_float * n)(*[1.0] * n)
if lib.vecmath_saxpy(n, 2.0, x, y) != 0:
    sys.exit("vecmath_saxpy failed")
bad = [i for i in range(n) if y[i] != ctypes.c_float(2.0 * x[i] + 1.0).value]
print(f"saxpy over {n} floats: y[99] = {y[99]:g}, {len(bad)} wrong")
total = lib.vecmath_sum(n, y)
expected = sum(y[i] for i in range(n))
print(f"sum over {n} floats: {total:.1f} (Python: {expected:.1f})")
sys.exit(1 if bad or abs(total - expected) > 1e-6 * abs(expected) else 0)
