#!/usr/bin/env python3
"""layers.py - libcamp's call graph between files, against its layers.

Reads runtime/*.c, finds which file defines each camp_ function or
variable and which other files use it, and prints, per file, the files it
calls. Each file belongs to a layer (LAYERS, bottom first, as
docs/runtime.md draws them); a file may call its own layer and those below.
Prints every arrow that runs up a layer and every arrow into the start-up
file (runtime.c) from below it; exits 1 if there is one.

    python3 runtime/layers.py [--graph]
"""
import collections
import pathlib
import re
import sys

# Bottom first. The context, errors, profiling and tracing are beside every
# layer: any file calls them, and they call none above themselves.
LAYERS = [
    ("context, errors, device simulation, profiling and tracing",
     ["context.c", "error.c", "vk_check.c", "fault_injection.c", "device_profiles.c", "simulate.c", "profile.c",
      "trace.c", "spirv_patch.c", "png.c", "cpu_access.c", "host_pages.c"]),
    ("device", ["device.c", "validation.c", "fragment.c"]),
    ("memory", ["suballoc.c"]),
    ("buffers", ["buffer.c", "buffer_ahead.c", "view_table.c"]),
    ("queues", ["queue.c", "replay.c", "report.c", "loop_limit.c", "copy_kernel.c"]),
    ("transfers", ["transfer.c", "copy_threads.c"]),
    ("views and arrays", ["regions.c", "host_guard.c", "host_guard_calls.c", "host_place.c", "views.c", "static_objects.c", "call_scope.c",
                          "array_view_section.c", "future.c", "texture.c"]),
    ("pipelines", ["pipeline.c", "pipeline_cache.c", "workgroup.c"]),
    ("start-up", ["runtime.c"]),
    ("launch", ["launch.c"]),
    ("public calls", ["accelerator.c", "accelerator_view.c", "array.c", "array_staging.c", "array_view.c",
                      "array_view_new.c", "markers.c", "memory_check.c", "texture_new.c", "camp_info.c",
                      "vulkan_interop.c"]),
]
START_UP = "runtime.c"

DEFINITION = re.compile(r"^(?!static\b)[A-Za-z_][\w \*]*?\b(camp_\w+)\s*(?:\([^;{]*\)\s*\{|=|;)", re.M)


def strip(text):
    text = re.sub(r"/\*.*?\*/", "", text, flags=re.S)
    text = re.sub(r"//[^\n]*", "", text)
    return re.sub(r'"(\\.|[^"\\])*"', '""', text)


def graph(root):
    sources = {p.name: strip(p.read_text()) for p in sorted(root.glob("*.c"))}
    defined = {}
    for name, text in sources.items():
        for m in DEFINITION.finditer(text):
            defined.setdefault(m.group(1), name)
    calls = collections.defaultdict(lambda: collections.defaultdict(set))
    for name, text in sources.items():
        for m in re.finditer(r"\b(camp_\w+)\b", text):
            where = defined.get(m.group(1))
            if where and where != name:
                calls[name][where].add(m.group(1))
    return sources, calls


def main():
    root = pathlib.Path(__file__).resolve().parent
    sources, calls = graph(root)
    layer_of = {f: i for i, (_, files) in enumerate(LAYERS) for f in files}
    problems = [f"{f}: in no layer (add it to LAYERS in runtime/layers.py)" for f in sources if f not in layer_of]
    for caller in sorted(calls):
        for callee, names in sorted(calls[caller].items()):
            if caller not in layer_of or callee not in layer_of:
                continue
            up = layer_of[callee] > layer_of[caller]
            if up or (callee == START_UP and layer_of[caller] < layer_of[callee]):
                problems.append(f"{caller} ({LAYERS[layer_of[caller]][0]}) calls up into {callee} "
                                f"({LAYERS[layer_of[callee]][0]}): {', '.join(sorted(names))}")
    if "--graph" in sys.argv:
        for i, (layer, files) in reversed(list(enumerate(LAYERS))):
            print(f"{layer}:")
            for f in files:
                print(f"  {f} -> {', '.join(sorted(calls[f])) or '-'}")
    for p in problems:
        print(p)
    if not problems:
        print(f"ok: {len(sources)} files in {len(LAYERS)} layers; every call runs down or within a layer")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
