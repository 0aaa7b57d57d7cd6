#!/usr/bin/env python3
"""The math library's float operations round one by one (run by meson test).

  exact_fp.py --campcc C --include DIR SOURCE

Drivers optimise float arithmetic freely unless an instruction carries
NoContraction: NVIDIA's (580) folded an undecorated negation into the
operation it negated and lost double-double low words (lgamma was 413 ulp
off). So every float arithmetic result in a function from camp_math must be
decorated, also after spirv-opt has inlined them (-O2); user code must not
be (C lets it fuse a*b+c). SOURCE calls the library from one kernel and does
arithmetic of its own in another, left out with -DLIBRARY_ONLY.
"""
import argparse
import os
import re
import subprocess
import sys
import tempfile

FLOAT_OPS = ("OpFAdd", "OpFSub", "OpFMul", "OpFDiv", "OpFRem", "OpFMod", "OpFNegate")
INSTRUCTION = re.compile(r"^\s*(?:(%\w+) = )?(Op\w+)(.*)$")


def spvasm(args, source, flags):
    with tempfile.TemporaryDirectory() as tmp:
        out = os.path.join(tmp, "k.spvasm")
        p = subprocess.run([args.campcc, "-I", args.include, "-S", *flags, source, "-o", out],
                           capture_output=True, text=True, timeout=300)
        if p.returncode != 0:
            sys.exit(f"campcc {' '.join(flags)} failed:\n{p.stderr}")
        binary = os.path.join(tmp, "k.spv")
        for cmd in (["spirv-as", "--target-env", "vulkan1.2", out, "-o", binary],
                    ["spirv-val", "--target-env", "vulkan1.2", "--scalar-block-layout", binary]):
            p = subprocess.run(cmd, capture_output=True, text=True, timeout=300)
            if p.returncode != 0:
                sys.exit(f"{' '.join(cmd)} failed:\n{p.stdout}{p.stderr}")
        return open(out, encoding="utf-8").read()


def float_ops(asm):
    """[(function name, result id, opcode)] for each float arithmetic instruction, and the NoContraction ids."""
    names, decorated, ops, function = {}, set(), [], None
    for line in asm.splitlines():
        m = INSTRUCTION.match(line)
        if not m:
            continue
        result, op, rest = m.groups()
        if op == "OpName":
            ident, name = rest.split(None, 1)
            names[ident] = name.strip('"')
        elif op == "OpDecorate" and rest.split()[1] == "NoContraction":
            decorated.add(rest.split()[0])
        elif op == "OpFunction":
            function = names.get(result, result)
        elif op in FLOAT_OPS:
            ops.append((function, result, op))
    return ops, decorated


def is_library(function):
    return function.startswith("camp_") and not function.startswith("camp_kernel_")


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--campcc", required=True)
    ap.add_argument("--include", required=True)
    ap.add_argument("source")
    args = ap.parse_args()
    failures = []

    ops, decorated = float_ops(spvasm(args, args.source, ["-O0"]))
    library = [o for o in ops if is_library(o[0])]
    user = [o for o in ops if not is_library(o[0])]
    if len(library) < 100 or not user:
        failures.append(f"-O0: {len(library)} library and {len(user)} user float operations; the source calls "
                        "the library and does arithmetic of its own")
    failures += [f"-O0: {op} {rid} in {fn} has no NoContraction" for fn, rid, op in library if rid not in decorated]
    failures += [f"-O0: {op} {rid} in {fn} (user code) has NoContraction" for fn, rid, op in user if rid in decorated]

    ops, decorated = float_ops(spvasm(args, args.source, ["-O2", "-DLIBRARY_ONLY"]))
    if len(ops) < 100:
        failures.append(f"-O2: only {len(ops)} float operations left")
    failures += [f"-O2: {op} {rid} in {fn} has no NoContraction" for fn, rid, op in ops if rid not in decorated]

    for f in failures[:20]:
        print(f)
    print(f"{len(failures)} failures")
    sys.exit(1 if failures else 0)


if __name__ == "__main__":
    main()
