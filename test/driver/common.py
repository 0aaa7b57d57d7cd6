"""What the driver tests share: the test directory (Ctx), failures, and readers of
campcc's outputs."""
import json
import os
import re
import shutil
import subprocess
import sys

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
import e2e  # noqa: E402 (test/e2e.py: the refusal a device profile makes)

SPIRV_MAGIC = b"\x03\x02\x23\x07"


class Failed(Exception):
    pass


class Ctx:
    def __init__(self, a, tmp):
        self.campcc, self.include, self.tmp = a.campcc, a.include, tmp
        self.expected = open(os.path.join(a.sample, "expected"), encoding="utf-8").read()
        for f in os.listdir(a.sample):
            if f.endswith((".c", ".h")):
                shutil.copy(os.path.join(a.sample, f), tmp)

    def run(self, args, rc=0, stdin=None, cmd=None, env=None, cwd=None):
        """Runs campcc (or cmd) in tmp (or cwd); checks the exit status; returns (stdout, stderr)."""
        argv = (cmd or [self.campcc]) + args
        p = subprocess.run(argv, cwd=cwd or self.tmp, input=stdin, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                           timeout=300, env=env)
        out, err = p.stdout.decode(errors="replace"), p.stderr.decode(errors="replace")
        if (rc == "nonzero" and p.returncode == 0) or (rc != "nonzero" and p.returncode != rc):
            raise Failed(f"{' '.join(argv)}: exit status {p.returncode}, want {rc}\n"
                         f"--- stdout ---\n{out[-3000:]}\n--- stderr ---\n{err[-3000:]}")
        return out, err

    def path(self, name):
        return os.path.join(self.tmp, name)

    def read(self, name, mode="r"):
        if not os.path.exists(self.path(name)):
            raise Failed(f"campcc wrote no {name}; the directory holds {sorted(os.listdir(self.tmp))}")
        with open(self.path(name), mode) as f:
            return f.read()

    def run_program(self, exe, kernels_from="scale.c", expected=None):
        """Runs a program whose kernels are those of KERNELS_FROM (None: a serial build):
        it prints EXPECTED (the sample's output by default); under CAMP_SIMULATE as a
        profile that lacks what those kernels need (campcc --target-profile warns of it),
        it stops with libcamp's refusal of that instead."""
        try:
            if kernels_from and e2e.simulated_refusal(
                    self.path(exe), e2e.profile_warnings(self.campcc, self.path(kernels_from))):
                return
        except e2e.StepFailed as refused_otherwise:
            raise Failed(str(refused_otherwise))
        want = self.expected if expected is None else expected
        env = dict(os.environ, CAMP_VALIDATION="1")
        out, _ = self.run([], cmd=[self.path(exe)], env=env)
        expect(out == want, f"{exe} printed\n{out}\nwant\n{want}")

    def has_spirv(self, name):
        return SPIRV_MAGIC in self.read(name, "rb")


def expect(cond, msg):
    if not cond:
        raise Failed(msg)


def needed_libs(ctx, exe):
    out, _ = ctx.run(["-d", ctx.path(exe)], cmd=["readelf"])
    return re.findall(r"\(NEEDED\).*\[(.+?)\]", out)


def deps_of(text):
    """{target: [prerequisites]} of a make rule file."""
    rules = {}
    for rule in text.replace("\\\n", " ").splitlines():
        m = re.match(r"(\S+):(?:\s+(.*))?$", rule)
        if m:
            rules[m.group(1)] = (m.group(2) or "").split()
    return rules


def cdb_entries(text):
    """-MJ fragments assembled into compile_commands.json as for clang (sed '1s/^/[/; $s/,$/]/')."""
    expect(text.endswith("},\n") and text.count("\n") == text.count("},\n"), f"not clang's -MJ lines:\n{text}")
    return json.loads("[" + text[:-2] + "]")
