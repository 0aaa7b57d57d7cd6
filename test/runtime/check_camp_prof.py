#!/usr/bin/env python3
"""camp-prof's picture of a trace shaped like tiled_matmul's on a fast GPU:
opening the device takes 130 ms, the kernel 30 us.

  check_camp_prof.py CAMP_PROF

Every kernel is drawn at least MIN_WIDTH pixels wide with its source and
duration in its tooltip (the SVG title); a kernel is labelled by its
file:line where the label fits; a zoomed view shows the busiest interval
(the shortest one holding half of the events), where the short kernel is
wide enough to be labelled, and the whole view shades where it is.
"""
import json
import os
import re
import subprocess
import sys
import tempfile
from xml.etree import ElementTree

SVG = "{http://www.w3.org/2000/svg}"
MIN_WIDTH = 3


def host(name, start, end, source=""):
    return [{"ph": "B", "name": name, "pid": 1, "tid": 1, "ts": start, "args": {"source": source}},
            {"ph": "E", "pid": 1, "tid": 1, "ts": end}]


def kernel(start, dur, source):
    return {"ph": "X", "name": "camp_kernel_0", "pid": 2, "tid": 1, "ts": start, "dur": dur, "args": {"source": source}}


EVENTS = ([{"ph": "M", "name": "thread_name", "pid": 1, "tid": 1, "args": {"name": "host thread 1"}},
           {"ph": "M", "name": "thread_name", "pid": 2, "tid": 1, "args": {"name": "GPU view 1"}},
           {"ph": "B", "name": "launch", "pid": 1, "tid": 1, "ts": 0.0, "args": {"source": "samples/tiled_matmul.c:33"}}]
          + host("open the device", 10.0, 130000.0) + host("copy in", 130100.0, 130200.0)
          + host("create pipeline", 130300.0, 148000.0)
          + [{"ph": "E", "pid": 1, "tid": 1, "ts": 148010.0},
             kernel(148050.0, 30.0, "/home/me/samples/tiled_matmul.c:33")]
          + host("wait", 148040.0, 148085.0) + host("copy out", 148100.0, 148200.0)
          + [kernel(150000.0, 50000.0, "/home/me/samples/long.c:7")])
SHORT, LONG = "tiled_matmul.c:33", "long.c:7"


def check(cond, msg):
    if not cond:
        sys.exit(f"FAIL camp-prof: {msg}")


def kernels(parent, cls):
    """(rect, the label drawn after it or None) for each rect of class `cls`."""
    kids = list(parent)
    found = []
    for i, e in enumerate(kids):
        if e.tag == SVG + "rect" and e.get("class") == cls:
            after = kids[i + 1] if i + 1 < len(kids) else None
            label = after.text if after is not None and after.tag == SVG + "text" else None
            found.append((e, e.find(SVG + "title").text, label))
    return found


def main():
    with tempfile.TemporaryDirectory() as d:
        trace, svg = os.path.join(d, "trace.json"), os.path.join(d, "timeline.svg")
        with open(trace, "w") as f:
            json.dump(EVENTS, f)
        r = subprocess.run([sys.executable, sys.argv[1], trace, "-o", svg], capture_output=True, text=True)
        check(r.returncode == 0, f"exit status {r.returncode}: {r.stderr}")
        root = ElementTree.parse(svg).getroot()
    whole = kernels(root, "device")
    check(len(whole) == 2, f"want a rectangle per kernel in the whole view, got {len(whole)}")
    for rect, tip, _ in whole:
        check(float(rect.get("width")) >= MIN_WIDTH, f"a kernel {rect.get('width')} pixels wide: {tip}")
    (short, short_tip, short_label), (_, long_tip, long_label) = whole
    check(SHORT in short_tip and "0.030 ms" in short_tip, f"the short kernel's tooltip: {short_tip!r}")
    check(LONG in long_tip and "50.000 ms" in long_tip, f"the long kernel's tooltip: {long_tip!r}")
    check(long_label == LONG, f"the long kernel is labelled {long_label!r}, want its file:line {LONG}")
    check(short_label is None, f"the 30 us kernel is labelled {short_label!r} where no label fits")
    check(root.find(f"{SVG}rect[@class='zoom-window']") is not None, "the whole view does not shade the zoomed interval")
    zoom = root.find(f"{SVG}g[@class='zoom']")
    check(zoom is not None, "no zoomed view")
    title = zoom.find(SVG + "text").text
    interval = re.search(r"([\d.]+) to ([\d.]+) ms", title)
    check(interval and float(interval.group(1)) <= 148.05 and float(interval.group(2)) >= 148.08 and
          float(interval.group(2)) - float(interval.group(1)) < 1, f"the zoomed interval: {title!r}")
    zoomed = kernels(zoom, "zoomed-device")
    check(len(zoomed) == 1 and SHORT in zoomed[0][1], f"the zoomed view's kernels: {[t for _, t, _ in zoomed]}")
    check(zoomed[0][2] == SHORT and float(zoomed[0][0].get("width")) > float(short.get("width")),
          f"the short kernel in the zoomed view: {zoomed[0][0].get('width')} pixels, labelled {zoomed[0][2]!r}")
    print("ok: camp-prof labels kernels by file:line, draws every one visible, and zooms into the busiest interval")


if __name__ == "__main__":
    main()
