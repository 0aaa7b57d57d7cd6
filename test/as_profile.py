#!/usr/bin/env python3
"""as_profile.py [--campcc C [--source SRC... [-I DIR]...]] [--camp-info EXE --copy-path PATH] -- COMMAND...

Runs a test's COMMAND, whose program was built from the SRCs, and exits
with its status; but under CAMP_SIMULATE=PROFILE (docs/portability.md),
where the profile's device cannot run the program, COMMAND must instead
exit non-zero with libcamp's message saying why, naming the profile:

  - campcc --target-profile=PROFILE warns about a SRC's kernels: the
    message refuses what it warned of (test/e2e.py's profile_refusal),
    and the SRC's `// needs:` line names its kernels' features;
  - campcc says that no kernel runs on every device of the profile (it
    lacks what libcamp needs of any device): the message says that no
    device is usable as the profile (or, with CAMP_DEVICE, that the device
    it selects is not);
  - with --copy-path PATH (COMMAND sets CAMP_COPY_PATH=PATH): camp-info
    (--camp-info) shows the profile's device without that copy path, and
    COMMAND stops with that same message.

The program tests (test/e2e.py program) build their own source and check
the same; this is for programs meson builds (samples/, bench/, test/math,
test/runtime's, whose kernels are SPIR-V of their own: no SRC) run through
other wrappers (lavapipes.py, mpi_run.py) or alone."""
import argparse
import os
import re
import subprocess
import sys

import e2e


def copy_path_refusal(camp_info, path):
    """libcamp's message refusing CAMP_COPY_PATH=PATH on the default device, or None."""
    shown = subprocess.run([camp_info], env=dict(os.environ, CAMP_COPY_PATH=path), capture_output=True,
                           text=True, timeout=120).stdout
    m = re.search(r"^  copy_path +(camp error: .*)$", shown, flags=re.M)
    return m.group(1) if m else None


def main():
    p = argparse.ArgumentParser()
    p.add_argument("--campcc")
    p.add_argument("--source", action="append", default=[])
    p.add_argument("-I", dest="include_dirs", action="append", default=[])
    p.add_argument("--camp-info")
    p.add_argument("--copy-path")
    p.add_argument("command", nargs="+")
    a = p.parse_args()
    if bool(a.camp_info) != bool(a.copy_path):
        p.error("--camp-info and --copy-path go together")
    if a.source and not a.campcc:
        p.error("--source needs --campcc")
    profile = os.environ.get("CAMP_SIMULATE")
    if not profile:
        os.execvp(a.command[0], a.command)
    flags = [f"-I{d}" for d in a.include_dirs]
    warnings = ""
    try:
        for src in a.source:  # each names its kernels' features on its `// needs:` line
            said = e2e.profile_warnings(a.campcc, src, flags)
            if e2e.check_needs(a, src, flags) == [] and "[-Wtarget-profile]" in said:
                raise e2e.StepFailed(f"[needs] campcc --target-profile={profile} warns about {src}, which has no "
                                     f"`// needs:` line naming its kernels' features:\n{said}")
            warnings += said
    except e2e.StepFailed as e:
        sys.exit(f"FAIL: {e}")
    copy_refusal = copy_path_refusal(a.camp_info, a.copy_path) if a.copy_path else None
    no_device = bool(a.campcc) and e2e.profile_runs_no_kernel(a.campcc)
    if "[-Wtarget-profile]" not in warnings and not copy_refusal and not no_device:
        os.execvp(a.command[0], a.command)

    done = subprocess.run(a.command, capture_output=True, text=True)
    said = None
    if copy_refusal:  # a setting, refused at the device's opening
        said = next((line for line in done.stderr.splitlines() if line.endswith(copy_refusal)), None)
    if not said and "[-Wtarget-profile]" in warnings:  # or no device usable first, or a kernel's launch
        said, _ = e2e.profile_refusal(warnings, done.stderr)
    if not said and no_device:  # no usable device, or (CAMP_DEVICE) the one selected is not, as the profile
        said = next((line for line in done.stderr.splitlines()
                     if "camp error: " in line and f"CAMP_SIMULATE={profile}: " in line), None)
    if done.returncode == 0 or not said:
        want = copy_refusal or "libcamp's refusal of what the profile lacks"
        sys.exit(f"FAIL: as {profile}, want {want}; got exit status {done.returncode}\n"
                 f"--- warnings ---\n{warnings}--- stdout ---\n{done.stdout}--- stderr ---\n{done.stderr}")
    print(f"as {profile}, refused as expected: {said}")


if __name__ == "__main__":
    main()
