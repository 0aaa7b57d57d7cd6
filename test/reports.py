#!/usr/bin/env python3
"""printf and assert in kernels (run by meson test; usable by hand).

  reports.py printf --campcc C --include DIR SRC.c
      SRC's kernels print lines "L<launch> t<index> ...". Built by campcc
      (at -O0 and -O2) and run with the validation layers, the program
      prints the same lines as the serial reference (SRC built by the host
      compiler alone), as a multiset: threads print in any order. Kernel
      lines come out launch by launch (L never decreases). With
      CAMP_PRINTF_PREFIX=1 each kernel line starts with its thread's index,
      "{3} " or "{2, 3} ", which matches t3 or t2_3. With a small
      CAMP_PRINTF_BUFFER_SIZE the lines that do not fit are counted on
      stderr ("N lines dropped"), the others printed whole, nothing lost
      unaccounted.
  reports.py expected --campcc C SRC.c --expected FILE
      campcc's program prints exactly FILE (what the serial reference
      cannot print: %v vectors).
  reports.py ndebug --campcc C --include DIR SRC.c
      SRC's assert fails; built with -DNDEBUG it runs to the end, and its
      module has no report buffer at all (nor has one without printf or
      assert), while without NDEBUG it has.
  Under CAMP_SIMULATE=PROFILE, a program campcc --target-profile warns about
  must stop with libcamp's refusal of what it warned of instead (test/e2e.py).
"""
import argparse
import collections
import os
import re
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from e2e import StepFailed, host_cc, profile_warnings, run, run_on_vulkan, show, simulated_refusal  # noqa: E402

KERNEL_LINE = re.compile(r"^(?:\{([\d, ]+)\} )?L(\d+) t([\d_]+)")
DROPPED = re.compile(r"camp: (\d+) lines dropped")


def kernel_lines(out):
    return [line for line in out.splitlines() if KERNEL_LINE.match(line)]


def check_multiset(out, ref, who):
    got, want = collections.Counter(out.splitlines()), collections.Counter(ref.splitlines())
    if got != want:
        missing = list((want - got).elements())[:10]
        extra = list((got - want).elements())[:10]
        raise StepFailed(f"[{who}] the lines differ from the serial reference's\n"
                         f"  missing: {missing}\n  extra: {extra}")


def check_launch_order(out, who):
    launches = [int(KERNEL_LINE.match(line).group(2)) for line in kernel_lines(out)]
    for a, b in zip(launches, launches[1:]):
        if b < a:
            raise StepFailed(f"[{who}] a line of launch L{b} after one of L{a}: launches must print in order")


def check_prefix(out):
    lines = kernel_lines(out)
    if not lines:
        raise StepFailed("[prefix] no kernel line")
    for line in lines:
        m = KERNEL_LINE.match(line)
        if not m.group(1) or m.group(1).replace(", ", "_") != m.group(3):
            raise StepFailed(f"[prefix] '{line}' does not start with its thread's index")


def refused_as_profile(a, src, exe):
    """Under CAMP_SIMULATE, libcamp's refusal of what the profile lacks for EXE (built from SRC),
    where campcc --target-profile warns of it: the test's expectation then (else None)."""
    refusal = simulated_refusal(exe, profile_warnings(a.campcc, src))
    if refusal:
        print(f"ok: refused as the profile lacks what the kernels need: {refusal}")
    return refusal


def cmd_printf(a):
    src = os.path.abspath(a.src)
    with tempfile.TemporaryDirectory(prefix="camp-reports-") as tmp:
        ref_exe = os.path.join(tmp, "ref")
        run(host_cc() + ["-std=c17", "-I", a.include, src, "-o", ref_exe, "-lm"], "reference build")
        _, ref, _ = run([ref_exe], "reference run")
        if len(kernel_lines(ref)) < 1000:
            raise StepFailed("[reference run] fewer than 1,000 kernel lines: the test tests too little")
        exe = os.path.join(tmp, "prog")
        for opt in ["-O0", "-O2"]:
            run([a.campcc, opt, src, "-o", exe], f"campcc {opt}")
            if refused_as_profile(a, src, exe):
                return
            out = run_on_vulkan(exe, f"run {opt}")
            check_multiset(out, ref, f"multiset {opt}")
            check_launch_order(out, f"order {opt}")
        check_prefix(run_on_vulkan(exe, "run with CAMP_PRINTF_PREFIX=1", env={"CAMP_PRINTF_PREFIX": "1"}))

        small = {"CAMP_VALIDATION": "1", "CAMP_PRINTF_BUFFER_SIZE": "4096"}
        _, out, err = run([exe], "run with a 4 KiB buffer", env=small)
        dropped = sum(int(n) for n in DROPPED.findall(err))
        printed = collections.Counter(kernel_lines(out))
        want = collections.Counter(kernel_lines(ref))
        if dropped == 0 or printed - want:
            raise StepFailed("[overflow] want some lines dropped and the rest printed whole\n"
                             f"  not in the reference: {list((printed - want).elements())[:5]}\n"
                             + show("", err))
        if sum(printed.values()) + dropped != sum(want.values()):
            raise StepFailed(f"[overflow] {sum(printed.values())} printed + {dropped} dropped != "
                             f"{sum(want.values())} lines")
        check_launch_order(out, "order with a 4 KiB buffer")
    print(f"ok: {len(kernel_lines(ref))} kernel lines as the reference's; launches in order; "
          f"prefix; {dropped} dropped with a 4 KiB buffer")


def cmd_expected(a):
    with tempfile.TemporaryDirectory(prefix="camp-reports-") as tmp:
        exe = os.path.join(tmp, "prog")
        run([a.campcc, os.path.abspath(a.src), "-o", exe], "campcc build")
        if refused_as_profile(a, os.path.abspath(a.src), exe):
            return
        out = run_on_vulkan(exe)
    want = open(a.expected, encoding="utf-8").read()
    if out != want:
        raise StepFailed(f"[expected] the program does not print {a.expected}\n" + show(out, ""))
    print("ok: prints", a.expected)


def cmd_ndebug(a):
    src = os.path.abspath(a.src)
    with tempfile.TemporaryDirectory(prefix="camp-reports-") as tmp:
        exe, asm = os.path.join(tmp, "prog"), os.path.join(tmp, "prog.spvasm")
        run([a.campcc, "-S", src, "-o", asm], "campcc -S")
        if "report_buffer" not in open(asm).read():
            raise StepFailed("[campcc -S] the module of a kernel with assert has no report buffer")
        run([a.campcc, "-DNDEBUG", "-S", src, "-o", asm], "campcc -DNDEBUG -S")
        if "report_buffer" in open(asm).read():
            raise StepFailed("[campcc -DNDEBUG -S] NDEBUG left a report buffer in the module")
        run([a.campcc, "-DNDEBUG", src, "-o", exe], "campcc -DNDEBUG")
        if refused_as_profile(a, src, exe):
            return
        _, out, err = run([exe], "run -DNDEBUG", env={"CAMP_VALIDATION": "1"})
        if "Assertion" in err:
            raise StepFailed("[run -DNDEBUG] an assertion was reported\n" + show(out, err))
    print("ok: NDEBUG removes the assert and the report buffer")


def main():
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = p.add_subparsers(dest="cmd", required=True)
    for name in ["printf", "expected", "ndebug"]:
        s = sub.add_parser(name)
        s.add_argument("--campcc", required=True)
        s.add_argument("--include")
        s.add_argument("--expected")
        s.add_argument("src")
    a = p.parse_args()
    try:
        {"printf": cmd_printf, "expected": cmd_expected, "ndebug": cmd_ndebug}[a.cmd](a)
    except StepFailed as e:
        print(f"FAIL: {e}", file=sys.stderr)
        sys.exit(1)


if __name__ == "__main__":
    main()
