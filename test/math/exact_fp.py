#!/usr/bin/env python3
"""The math library's float operations round one by one (run by meson test).

  exact_fp.py --campcc C --include DIR SOURCE

Drivers optimise float arithmetic freely unless an instruction carries
NoContraction: NVIDIA's (580) folded an undecorated negation into the
operation it negated and lost double-double low words (lgamma was 413 ulp
off). So every float arithmetic result in a function from camp_math must be
decorated, also after spirv-opt has inlined them (-O2); user code must not
be (C lets it fuse a*b+c) unless the user asks with -ffp-contract=off or
-ffp-model=strict. SOURCE calls the library from one kernel and does
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


def check(args, flags, user_exact):
    """Failures of one -O0 compile: library operations must be decorated, user ones iff user_exact."""
    ops, decorated = float_ops(spvasm(args, args.source, flags))
    library = [o for o in ops if is_library(o[0])]
    user = [o for o in ops if not is_library(o[0])]
    what = " ".join(flags)
    failures = []
    if len(library) < 100 or not user:
        failures.append(f"{what}: {len(library)} library and {len(user)} user float operations; the source "
                        "calls the library and does arithmetic of its own")
    failures += [f"{what}: {op} {rid} in {fn} has no NoContraction" for fn, rid, op in library
                 if rid not in decorated]
    failures += [f"{what}: {op} {rid} in {fn} (user code) {'lacks' if user_exact else 'has'} NoContraction"
                 for fn, rid, op in user if (rid in decorated) != user_exact]
    return failures


def check_all_exact(args, flags):
    """Failures of an -O2 compile whose float operations must all be decorated (-O2 inlines the library)."""
    ops, decorated = float_ops(spvasm(args, args.source, flags))
    what = " ".join(flags)
    failures = [f"{what}: only {len(ops)} float operations left"] if len(ops) < 100 else []
    return failures + [f"{what}: {op} {rid} in {fn} has no NoContraction" for fn, rid, op in ops
                       if rid not in decorated]


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--campcc", required=True)
    ap.add_argument("--include", required=True)
    ap.add_argument("source")
    args = ap.parse_args()
    # the user's exact flags, the last one deciding as in clang
    failures = (check(args, ["-O0"], False) + check_all_exact(args, ["-O2", "-DLIBRARY_ONLY"]) +
                check(args, ["-O0", "-ffp-contract=off"], True) + check_all_exact(args, ["-O2", "-ffp-model=strict"]) +
                check(args, ["-O0", "-ffp-model=strict", "-ffp-contract=on"], False))
    for f in failures[:20]:
        print(f)
    print(f"{len(failures)} failures")
    sys.exit(1 if failures else 0)


if __name__ == "__main__":
    main()
