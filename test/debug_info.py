#!/usr/bin/env python3
"""campcc -g: NonSemantic.Shader.DebugInfo.100 in the module.

  debug_info.py --campcc C --include DIR locals SRC.c
      SRC compiled with -g at -O0 and -O2: each module passes spirv-val and
      disassembles (spirv-dis); read back, it has SRC's text in a
      DebugSource, a DebugLocalVariable on its own line for every local of
      each function listed in SRC's `// locals FUNCTION: NAME...` comments
      (a DebugGlobalVariable for those of `// locals tile_static: NAME...`),
      a DebugDeclare for every named Function variable, a DebugScope at the
      start of every block, a lexical block per `{ }` and a DebugLine for
      every line marked `/* step */`; a long copy of SRC keeps its whole
      text (DebugSourceContinued). The program runs with CAMP_VALIDATION=1
      and prints `...: ok`, on a device with VK_KHR_shader_non_semantic_info
      and on one without (CAMP_TEST_NO_NON_SEMANTIC_INFO=1: libcamp strips
      the debug information). As a device profile (CAMP_SIMULATE) that
      campcc --target-profile warns about, it must stop with libcamp's
      refusal instead, SRC's `// needs:` line naming its kernels' features
      (test/e2e.py).
  debug_info.py --campcc C --include DIR valid SRC.c...
      each SRC compiled with -g at -O0 and -O2 passes spirv-val.
"""
import argparse
import os
import re
import struct
import subprocess
import sys
import tempfile

import e2e

OP_STRING, OP_NAME, OP_EXT_INST_IMPORT, OP_EXT_INST = 7, 5, 11, 12
OP_TYPE_INT, OP_CONSTANT, OP_FUNCTION, OP_FUNCTION_END, OP_VARIABLE, OP_LABEL, OP_PHI = 21, 43, 54, 56, 59, 248, 245
STORAGE_FUNCTION = 7
DEBUG = {"DebugCompilationUnit": 1, "DebugGlobalVariable": 18, "DebugFunction": 20, "DebugLexicalBlock": 21, "DebugScope": 23,
         "DebugLocalVariable": 26, "DebugDeclare": 28, "DebugSource": 35, "DebugSourceContinued": 102,
         "DebugLine": 103}


class Failed(Exception):
    pass


def expect(cond, msg):
    if not cond:
        raise Failed(msg)


def literal_string(words):
    raw = struct.pack(f"<{len(words)}I", *words)
    return raw[:raw.index(b"\0")].decode("utf-8")


class Module:
    """The parts of a module the checks need, read from its words."""

    def __init__(self, data):
        words = struct.unpack(f"<{len(data) // 4}I", data)
        expect(words[0] == 0x07230203, "not a SPIR-V module")
        self.strings, self.names, self.consts, self.debug = {}, {}, {}, {}
        self.functions = []  # (id, [instructions]) with each instruction (opcode, operands)
        uint32 = set()
        debug_set = None
        function = None
        i = 5
        while i < len(words):
            count, op = words[i] >> 16, words[i] & 0xffff
            ops = list(words[i + 1:i + count])
            i += count
            if op == OP_STRING:
                self.strings[ops[0]] = literal_string(ops[1:])
            elif op == OP_NAME:
                self.names[ops[0]] = literal_string(ops[1:])
            elif op == OP_EXT_INST_IMPORT and literal_string(ops[1:]) == "NonSemantic.Shader.DebugInfo.100":
                debug_set = ops[0]
            elif op == OP_TYPE_INT and ops[1] == 32:
                uint32.add(ops[0])
            elif op == OP_CONSTANT and ops[0] in uint32:
                self.consts[ops[1]] = ops[2]
            elif op == OP_FUNCTION:
                function = (ops[1], [])
                self.functions.append(function)
            if op == OP_EXT_INST and ops[2] == debug_set:
                self.debug[ops[1]] = (ops[3], ops[4:])
            if function and op != OP_FUNCTION:
                function[1].append((op, ops))
            if op == OP_FUNCTION_END:
                function = None
        expect(debug_set, "no NonSemantic.Shader.DebugInfo.100 import")

    def of_kind(self, name):
        return {i: ops for i, (inst, ops) in self.debug.items() if inst == DEBUG[name]}

    def function_of(self, scope):
        """The DebugFunction a scope is in, through its lexical blocks."""
        while self.debug[scope][0] == DEBUG["DebugLexicalBlock"]:
            scope = self.debug[scope][1][3]
        return scope


def source_text(m, path):
    """The text of the DebugSource naming path, with its DebugSourceContinued."""
    sources = m.of_kind("DebugSource")
    found = [i for i, ops in sources.items() if m.strings[ops[0]] == path]
    expect(len(found) == 1, f"{len(found)} DebugSources for {path}")
    ops = sources[found[0]]
    expect(len(ops) == 2, f"the DebugSource of {path} has no text")
    text = m.strings[ops[1]]
    order = list(m.debug.items())  # in the module's order: the continuations follow their DebugSource
    for _, (inst, more) in order[[i for i, _ in order].index(found[0]) + 1:]:
        if inst != DEBUG["DebugSourceContinued"]:
            break
        text += m.strings[more[0]]
    return text


def check_locals(m, src, lines, expected):
    functions = {m.strings[ops[0]]: i for i, ops in m.of_kind("DebugFunction").items()}
    found = {}
    for var, ops in m.of_kind("DebugLocalVariable").items():
        name, line, col = m.strings[ops[0]], m.consts[ops[3]], m.consts[ops[4]]
        found.setdefault(m.function_of(ops[5]), []).append(name)
        expect(1 <= line <= len(lines), f"local '{name}' on line {line}, past the end of {src}")
        expect(re.search(rf"\b{re.escape(name.split('.')[0])}\b", lines[line - 1][col - 1:]),
               f"local '{name}' placed at {line}:{col}, which does not name it: {lines[line - 1]}")
    tile_statics = sorted(m.strings[ops[0]] for ops in m.of_kind("DebugGlobalVariable").values())
    expect(tile_statics == sorted(expected.pop("tile_static", [])), f"DebugGlobalVariables {tile_statics}")
    for function, names in expected.items():
        expect(function in functions, f"no DebugFunction '{function}'")
        got = sorted(found.get(functions[function], []))
        expect(got == sorted(names), f"{function}: DebugLocalVariables {got}, want {sorted(names)}")


def check_shadowing(m):
    """The nested `int x`s: each in a lexical block, the inner one's inside the outer one's."""
    xs = [ops for ops in m.of_kind("DebugLocalVariable").values() if m.strings[ops[0]] == "x"]
    expect(len(xs) == 2, f"{len(xs)} locals named x, want 2")
    outer, inner = sorted(xs, key=lambda ops: m.consts[ops[3]])
    expect(m.debug[outer[5]][0] == DEBUG["DebugLexicalBlock"], "the outer x is not in a lexical block")
    expect(m.debug[inner[5]][0] == DEBUG["DebugLexicalBlock"], "the inner x is not in a lexical block")
    expect(m.debug[inner[5]][1][3] == outer[5], "the inner x's block is not inside the outer x's")


def check_functions(m, lines):
    declared = {ops[1] for ops in m.of_kind("DebugDeclare").values()}
    for fid, insts in m.functions:
        for op, ops in insts:
            if op == OP_VARIABLE and ops[2] == STORAGE_FUNCTION and ops[1] in m.names:
                expect(ops[1] in declared, f"Function variable '{m.names[ops[1]]}' has no DebugDeclare")
        # each block: a DebugScope before its first instruction that is not an OpPhi
        for k, (op, ops) in enumerate(insts):
            if op != OP_LABEL:
                continue
            rest = [(o, p) for o, p in insts[k + 1:] if o not in (OP_PHI, OP_VARIABLE)]
            head = rest[0] if rest else None
            expect(head and head[0] == OP_EXT_INST and m.debug.get(head[1][1], (0,))[0] == DEBUG["DebugScope"],
                   f"a block of function %{fid} does not begin with a DebugScope")
    for ops in m.of_kind("DebugLine").values():
        line, col = m.consts[ops[1]], m.consts[ops[3]]
        expect(1 <= line <= len(lines) and 1 <= col <= len(lines[line - 1]) + 1, f"DebugLine {line}:{col} is not in the source")


def check_steps(m, lines, level):
    stepped = {m.consts[ops[1]] for ops in m.of_kind("DebugLine").values()}
    for n, text in enumerate(lines, 1):
        if "/* step */" in text:
            expect(n in stepped, f"{level}: no DebugLine for line {n}: {text.strip()}")


def compile_module(a, tmp, src, level):
    spv = os.path.join(tmp, f"m{level}.spv")
    done = subprocess.run([a.campcc, "-g", level, "-I", a.include, *e2e.source_flags(src), f"--emit-spirv={spv}",
                           "-fsyntax-only", src], capture_output=True, text=True)
    expect(done.returncode == 0, f"campcc -g {level} {src} failed:\n{done.stderr}")
    done = subprocess.run(["spirv-val", "--target-env", "vulkan1.2", "--scalar-block-layout", spv],
                          capture_output=True, text=True)
    expect(done.returncode == 0, f"spirv-val rejects the -g {level} module of {src}:\n{done.stdout}{done.stderr}")
    return spv


def check_long_source(a, tmp, src):
    """A source longer than one OpString holds (65,535 words), with UTF-8
    across the cuts: its text comes back whole through DebugSourceContinued."""
    long_src = os.path.join(tmp, "long.c")
    pad = "".join(f"/* line {i}: déjà vu, naïve façade */\n" for i in range(12000))
    text = pad + open(src, encoding="utf-8").read()
    with open(long_src, "w", encoding="utf-8") as f:
        f.write(text)
    m = Module(open(compile_module(a, tmp, long_src, "-O0"), "rb").read())
    expect(len(m.of_kind("DebugSourceContinued")) >= 1, "a long source has no DebugSourceContinued")
    expect(source_text(m, long_src) == text, "the DebugSource text of a long source is not the file's")


def locals_test(a, tmp, src):
    text = open(src, encoding="utf-8").read()
    lines = text.split("\n")
    expected = {m.group(1): m.group(2).split() for m in re.finditer(r"^// locals (\S+): (.*)$", text, re.M)}
    for level in ["-O0", "-O2"]:
        spv = compile_module(a, tmp, src, level)
        done = subprocess.run(["spirv-dis", spv], capture_output=True, text=True)
        expect(done.returncode == 0 and "DebugLocalVariable" in done.stdout, f"spirv-dis of the {level} module:\n{done.stderr}")
        m = Module(open(spv, "rb").read())
        expect(source_text(m, src) == text, f"{level}: the DebugSource text is not {src}'s")
        check_locals(m, src, lines, dict(expected))
        check_shadowing(m)
        if level == "-O0":  # the optimizer moves, merges and removes what these look at, validly
            check_steps(m, lines, level)
            check_functions(m, lines)
    check_long_source(a, tmp, src)
    exe = os.path.join(tmp, "prog")
    done = subprocess.run([a.campcc, "-g", "-I", a.include, src, "-o", exe], capture_output=True, text=True)
    expect(done.returncode == 0, f"campcc -g {src} -o prog failed:\n{done.stderr}")
    # As a device profile (CAMP_SIMULATE) without what the kernels need
    # (its `// needs:` line), libcamp's refusal of it, as for the program tests.
    try:
        flags = ["-I", a.include]
        refusal = e2e.simulated_refusal(exe, e2e.profile_warnings(a.campcc, src, flags), e2e.check_needs(a, src, flags))
    except e2e.StepFailed as e:
        raise Failed(str(e))
    if refusal:
        print(refusal)
        return
    for knob in ["0", "1"]:
        env = dict(os.environ, CAMP_VALIDATION="1", CAMP_TEST_NO_NON_SEMANTIC_INFO=knob)
        done = subprocess.run([exe], capture_output=True, text=True, env=env)
        expect(done.returncode == 0 and done.stdout.rstrip().endswith(": ok"),
               f"prog (CAMP_TEST_NO_NON_SEMANTIC_INFO={knob}) failed:\n{done.stdout}{done.stderr}")


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--campcc", required=True)
    ap.add_argument("--include", required=True)
    ap.add_argument("mode", choices=["locals", "valid"])
    ap.add_argument("sources", nargs="+")
    a = ap.parse_args()
    try:
        with tempfile.TemporaryDirectory() as tmp:
            if a.mode == "locals":
                locals_test(a, tmp, a.sources[0])
            else:
                for src in a.sources:
                    for level in ["-O0", "-O2"]:
                        compile_module(a, tmp, src, level)
    except Failed as e:
        print(f"FAIL: {e}")
        return 1
    print(f"{a.mode}: ok")
    return 0


if __name__ == "__main__":
    sys.exit(main())
