#!/usr/bin/env python3
"""fences.py --campcc C --include DIR SRC.c: campcc -S of SRC (at -O0 and
-O2) has one OpControlBarrier per `// fence: KIND` comment of SRC, in the
same order, each with the memory semantics of KIND: `all` (AcquireRelease
over UniformMemory and WorkgroupMemory: views and tile_static) or
`tile_static` (AcquireRelease over WorkgroupMemory only)."""
import argparse
import re
import subprocess
import sys

SEMANTICS = {"all": 0x8 | 0x40 | 0x100, "tile_static": 0x8 | 0x100}


def barrier_semantics(asm):
    constants = {m.group(1): int(m.group(2)) for m in re.finditer(r"(%\w+) = OpConstant %uint (\d+)", asm)}
    return [constants[m.group(1)] for m in re.finditer(r"OpControlBarrier %\w+ %\w+ (%\w+)", asm)]


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--campcc", required=True)
    ap.add_argument("--include", required=True)
    ap.add_argument("source")
    a = ap.parse_args()
    expected = [SEMANTICS[k] for k in re.findall(r"// fence: (\w+)", open(a.source).read())]
    failed = False
    for level in ["-O0", "-O2"]:
        done = subprocess.run([a.campcc, level, "-S", "-I", a.include, a.source, "-o", "-"],
                              capture_output=True, text=True)
        if done.returncode:
            print(f"campcc {level} -S failed:\n{done.stderr}")
            return 1
        got = barrier_semantics(done.stdout)
        if got != expected:
            print(f"{level}: barrier semantics {[hex(g) for g in got]}, expected {[hex(e) for e in expected]}")
            failed = True
    if not failed:
        print(f"{len(expected)} barriers as expected at -O0 and -O2")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
