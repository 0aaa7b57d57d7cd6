#!/usr/bin/env python3
"""Runs test_profile under CAMP_PROFILE and CAMP_TRACE and checks what
comes out: the table names both kernels by file:line with their launches
and positive device times; the trace is JSON with one device event per
launch, host events nested in order with the markers, and no track's
timestamps running backwards; camp-prof draws it as SVG; bad settings,
unbalanced markers and an abort give warnings and still valid JSON.
Usage: check_profile.py PROGRAM TMPDIR CAMP_PROF"""
import csv
import json
import os
import subprocess
import sys
import xml.etree.ElementTree as ElementTree

program, tmpdir, camp_prof = sys.argv[1], sys.argv[2], sys.argv[3]
failures = []


def check(cond, what):
    if not cond:
        failures.append(what)
        print("FAIL:", what, file=sys.stderr)


def run(variation, **env):
    full = dict(os.environ, CAMP_PROFILE="0", CAMP_TRACE="")
    full.update(env)
    return subprocess.run([program, variation], env=full, capture_output=True, text=True, timeout=100)


LAUNCHES = {"vadd.c:10": 3, "fill2d.c:20": 2}

# ---- CAMP_PROFILE=1: the table, printed by camp_profile_print() and at exit.
r = run("run", CAMP_PROFILE="1")
check(r.returncode == 0, f"run exits 0 (got {r.returncode}): {r.stderr}")
tables = r.stderr.split("camp profile")
check(len(tables) == 3, "two tables: camp_profile_print() and exit")
last = tables[-1].splitlines()
totals = []
for where, launches in LAUNCHES.items():
    rows = [line.split() for line in last if line.startswith(where + " ")]
    check(len(rows) == 1, f"one row for {where}")
    if rows:
        row = rows[0]
        check(int(row[2]) == launches, f"{where}: {launches} launches (row {row})")
        check(float(row[3]) > 0 and float(row[5]) > 0, f"{where}: positive total and min device time ({row})")
        check(float(row[5]) <= float(row[4]) <= float(row[6]), f"{where}: min <= mean <= max ({row})")
        totals.append(float(row[3]))
kernel_rows = [line for line in last if line.split() and line.split()[0] in LAUNCHES]
check([line.split()[0] for line in kernel_rows] ==
      sorted(LAUNCHES, key=lambda w: -totals[list(LAUNCHES).index(w)]) if len(totals) == 2 else False,
      "kernels sorted by total time")
for direction in ("host to device", "device to host"):
    rows = [line.split() for line in last if line.startswith("copies " + direction)]
    check(len(rows) == 1 and int(rows[0][4]) > 0 and int(rows[0][6]) > 0, f"copies {direction} counted with bytes")

# ---- CAMP_PROFILE=csv: the same as CSV.
r = run("run", CAMP_PROFILE="csv")
check(r.returncode == 0, "csv run exits 0")
header = "what,where,entry,launches"
text = r.stderr[r.stderr.rfind(header):]
rows = list(csv.DictReader(text.splitlines()))
kernels = {row["where"]: row for row in rows if row["what"] == "kernel"}
for where, launches in LAUNCHES.items():
    row = kernels.get(where)
    check(row is not None and int(row["launches"]) == launches and float(row["total_ms"]) > 0,
          f"csv: {where} with {launches} launches and positive time")
check(any(row["what"] == "copy" and int(row["bytes"]) > 0 for row in rows), "csv: copies with bytes")

# ---- Many tiny kernels back to back in one batch: after the batch's first
# ones, launches are sampled; the total is the mean times the launches.
r = run("many", CAMP_PROFILE="csv")
check(r.returncode == 0, f"many: exits 0: {r.stderr}")
rows = list(csv.DictReader(r.stderr[r.stderr.rfind(header):].splitlines()))
row = next((row for row in rows if row["what"] == "kernel" and row["where"] == "fill2d.c:20"), None)
check(row is not None, "many: a row for fill2d.c:20")
if row:
    launches, timed = int(row["launches"]), int(row["timed"])
    check(launches == 1000 and 16 <= timed < launches // 4, f"many: 1000 launches, some sampled ({row})")
    total, mean = float(row["total_ms"]), float(row["mean_ms"])
    check(mean > 0 and abs(total - mean * launches) <= 0.01 * total, f"many: total = mean x launches ({row})")


# ---- CAMP_TRACE: JSON, device events, nesting, markers, order.
def events_of(path):
    with open(path) as f:
        return json.load(f)


def check_order(events, label):
    last = {}
    for e in events:
        if "ts" not in e:
            continue
        track = (e["pid"], e["tid"])
        check(e["ts"] >= last.get(track, 0), f"{label}: ts never runs backwards on {track}")
        last[track] = e["ts"]


def host_tree(events, label):
    """(name, enclosing names) of each host B and instant event; checks B/E balance."""
    stacks, seen = {}, []
    for e in events:
        if e.get("pid") != 1 or e["ph"] not in "BEi":
            continue
        stack = stacks.setdefault(e["tid"], [])
        if e["ph"] == "B":
            seen.append((e["name"], tuple(stack), e["args"].get("source")))
            stack.append(e["name"])
        elif e["ph"] == "i":
            seen.append((e["name"], tuple(stack), None))
        else:
            check(stack, f"{label}: an E event closes a B")
            if stack:
                stack.pop()
    return seen, stacks


trace = os.path.join(tmpdir, "profile_trace.json")
r = run("run", CAMP_TRACE=trace)
check(r.returncode == 0, f"trace run exits 0: {r.stderr}")
events = events_of(trace)
check_order(events, "trace")
# the kernels on the device tracks (where copies are the DMA's, as on a
# discrete GPU or a CAMP_SIMULATE profile of one, they are there too)
device = [e for e in events if e.get("ph") == "X" and e.get("pid") == 2 and "source" in e.get("args", {})]
for where, launches in LAUNCHES.items():
    mine = [e for e in device if e["args"]["source"] == where]
    check(len(mine) == launches, f"trace: {launches} device events of {where} (got {len(mine)})")
    check(all(e["dur"] > 0 for e in mine), f"trace: positive device durations of {where}")
starts = {e["id"] for e in events if e.get("ph") == "s" and e["pid"] == 1}
ends = {e["id"] for e in events if e.get("ph") == "f" and e["pid"] == 2}
check(len(starts) == len(device) and starts == ends, "trace: an arrow from each launch to its kernel")
seen, stacks = host_tree(events, "trace")
check(all(not s for s in stacks.values()), "trace: every host B has its E")
launches = [(outer, source) for name, outer, source in seen if name == "launch"]
check([source for _, source in launches] == ["vadd.c:10", "fill2d.c:20", "vadd.c:10", "vadd.c:10", "fill2d.c:20"],
      f"trace: launches in order with their source lines ({launches})")
check([outer[-1:] for outer, _ in launches] == [("phase one",)] * 2 + [("phase two",)] * 3,
      "trace: launches nested in their markers")
check(("between kernels", ("phase one",), None) in seen, "trace: the one-shot marker inside phase one")
check(any(name in ("copy in", "copy out", "wait") and "launch" in outer for name, outer, _ in seen),
      "trace: copies and waits nested in launches")

# ---- Copies on the device tracks: those the DMA makes (here through staging
# memory, as on a discrete GPU) are timed on the device like kernels, and
# the memory the device allocated is a counter.
copies_trace = os.path.join(tmpdir, "profile_copies.json")
r = run("run", CAMP_TRACE=copies_trace, CAMP_COPY_PATH="staging")
check(r.returncode == 0, f"staging trace run exits 0: {r.stderr}")
copy_events = events_of(copies_trace)
check_order(copy_events, "staging trace")
on_device = [e for e in copy_events if e.get("ph") == "X" and e.get("pid") == 2]
for direction in ("in", "out"):
    mine = [e for e in on_device if e["name"].startswith(f"copy {direction} ") and e["name"].endswith(" bytes")]
    check(mine and all(e["dur"] >= 0 for e in mine), f"staging trace: copies {direction} on a device track")
check(len([e for e in on_device if "source" in e.get("args", {})]) == sum(LAUNCHES.values()),
      "staging trace: the kernels still one device event per launch")
memory = [e for e in copy_events if e.get("ph") == "C" and e.get("name") == "device memory"]
check(memory and all(e["args"]["MiB"] >= 0 for e in memory) and max(e["args"]["MiB"] for e in memory) > 0,
      "staging trace: a device memory counter")
seen, _ = host_tree(copy_events, "staging trace")
for name, source in (("copy in", "async.c:30"), ("copy out", "async.c:31")):
    check(any(n == name and src == source for n, _, src in seen),
          f"staging trace: the asynchronous {name} at {source} on the host track")
check(any(n == "deliver copy out" for n, _, _ in seen), "staging trace: the copy out delivered in its wait")
flight = [e["args"]["MiB"] for e in copy_events if e.get("ph") == "C" and e.get("name") == "copies in flight"]
check(flight and min(flight) >= 0 and max(flight) > 0 and flight[-1] == 0,
      f"staging trace: a copies-in-flight counter, back to 0 at the end ({flight[:8]}...)")

# ---- camp-prof: the trace as an SVG timeline, a rectangle per span.
svg = os.path.join(tmpdir, "profile_timeline.svg")
r = subprocess.run([sys.executable, camp_prof, trace, "-o", svg], capture_output=True, text=True)
check(r.returncode == 0, f"camp-prof exits 0: {r.stderr}")
rects = ElementTree.parse(svg).getroot().findall("{http://www.w3.org/2000/svg}rect")
device_spans = [e for e in events if e.get("ph") == "X" and e.get("pid") == 2]  # kernels and DMA copies
check(len([r for r in rects if r.get("class") == "device"]) == len(device_spans),
      "camp-prof: a rectangle per span of the device tracks")
host_spans = [e for e in events if e.get("ph") == "B"]
check(len([r for r in rects if r.get("class") == "host"]) == len(host_spans), "camp-prof: a rectangle per host span")

# ---- %p in CAMP_TRACE: the process id.
r = subprocess.run(["sh", "-c", 'exec "$0" run', program], capture_output=True, text=True,
                   env=dict(os.environ, CAMP_PROFILE="0", CAMP_TRACE=os.path.join(tmpdir, "profile_%p.json")))
pid_traces = [n for n in os.listdir(tmpdir) if n.startswith("profile_") and n[8:-5].isdigit()]
check(r.returncode == 0 and any(events_of(os.path.join(tmpdir, n)) for n in pid_traces),
      "CAMP_TRACE=...%p...: a trace named by the process id")
for n in pid_traces:
    os.remove(os.path.join(tmpdir, n))

# ---- Bad settings: a warning, and the program runs.
r = run("run", CAMP_TRACE="/nonexistent-directory/trace.json")
check(r.returncode == 0 and "CAMP_TRACE=/nonexistent-directory/trace.json: cannot write" in r.stderr,
      f"unwritable CAMP_TRACE: a warning ({r.stderr!r})")
r = run("run", CAMP_PROFILE="loud")
check(r.returncode == 0 and "CAMP_PROFILE=loud is not 1, csv or 0" in r.stderr,
      f"unknown CAMP_PROFILE: a warning ({r.stderr!r})")

# ---- Unbalanced markers: warnings, and the trace still balanced JSON.
trace = os.path.join(tmpdir, "profile_unbalanced.json")
r = run("unbalanced", CAMP_TRACE=trace)
check(r.returncode == 0, "unbalanced exits 0")
check("camp_marker_end without a camp_marker_begin" in r.stderr, "unbalanced: end without begin warned")
check("1 camp_marker_begin without camp_marker_end" in r.stderr, "unbalanced: open marker warned at exit")
events = events_of(trace)
check_order(events, "unbalanced")

# ---- An abort mid-trace: the trace so far is valid JSON.
trace = os.path.join(tmpdir, "profile_abort.json")
r = run("abort", CAMP_TRACE=trace)
check(r.returncode != 0 and "negative extent" in r.stderr, "abort: libcamp aborts on the bad launch")
events = events_of(trace)
check_order(events, "abort")
seen, _ = host_tree(events, "abort")
check([name for name, _, _ in seen if name in ("launch", "doomed")] == ["launch", "doomed", "launch"],
      "abort: the events up to the failing launch")

print(f"{len(failures)} failures", file=sys.stderr)
sys.exit(1 if failures else 0)
