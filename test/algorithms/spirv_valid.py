#!/usr/bin/env python3
"""spirv_valid.py — every kernel module of the algorithms library is valid
SPIR-V for Vulkan 1.2.

    spirv_valid.py --campcc CAMPCC --dir runtime/algorithms NAME[+portable][+keys]=TYPE,TYPE ...

compiles DIR/NAME.c with `campcc -O2 -S -DALGO_TYPE` for each of its types
(as runtime/algorithms/meson.build does; +portable: also with
-DALGO_PORTABLE; +keys: also with -DALGO_KEYS_ONLY), assembles the module with spirv-as and validates it
with spirv-val; exits 1 naming the first failure.
"""
import argparse
import os
import subprocess
import sys
import tempfile


VERSION_DEFINES = {"portable": "-DALGO_PORTABLE", "keys": "-DALGO_KEYS_ONLY"}


def run(cmd):
    r = subprocess.run(cmd, capture_output=True, text=True)
    if r.returncode != 0:
        sys.exit(f"FAILED: {' '.join(cmd)}\n{r.stdout}{r.stderr}")


def main():
    p = argparse.ArgumentParser()
    p.add_argument("--campcc", required=True)
    p.add_argument("--dir", required=True)
    p.add_argument("files", nargs="+", help="NAME[+portable][+keys]=TYPE,TYPE,...")
    a = p.parse_args()
    modules = 0
    with tempfile.TemporaryDirectory() as tmp:
        for item in a.files:
            name, types = item.split("=")
            name, *extra = name.split("+")
            versions = [[]] + [[VERSION_DEFINES[v]] for v in extra]
            for t in types.split(","):
                for n, version in enumerate(versions):
                    asm = os.path.join(tmp, f"{name}_{t}{n}.spvasm")
                    spv = os.path.join(tmp, f"{name}_{t}{n}.spv")
                    run([a.campcc, "-O2", "-S", f"-DALGO_{t.upper()}", *version, os.path.join(a.dir, name + ".c"),
                         "-o", asm])
                    run(["spirv-as", "--target-env", "vulkan1.2", asm, "-o", spv])
                    run(["spirv-val", "--target-env", "vulkan1.2", spv])
                    modules += 1
    print(f"{modules} modules valid")


if __name__ == "__main__":
    main()
