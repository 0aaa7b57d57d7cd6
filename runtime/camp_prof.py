#!/usr/bin/env python3
"""camp-prof — draws a CAMP_TRACE file as a timeline (SVG).

  camp-prof trace.json -o timeline.svg

One row per track: the host threads (their API calls and markers, nested
spans stacked downwards) and then the device's views (their kernels). Each
span's tooltip gives its name, source line and duration. A trace cut short
(a program that died before the end) is read up to its last whole event."""
import argparse
import colorsys
import json
import sys
import zlib
from xml.sax.saxutils import escape

WIDTH = 1200     # of the time axis, in pixels
LABEL = 190      # left margin for the track names
LANE = 16        # height of one nesting level
GAP = 10         # between tracks
AXIS = 30        # room for the time axis at the top


def load(path):
    with open(path) as f:
        text = f.read()
    try:
        return json.loads(text)
    except json.JSONDecodeError:
        # Written incrementally: `[`, then `{...},` per line; a cut file
        # lacks the closing `]` (and maybe part of its last line).
        lines = text.rstrip().splitlines()
        while lines:
            try:
                return json.loads("\n".join(lines).rstrip().rstrip(",") + "]")
            except json.JSONDecodeError:
                lines.pop()
        raise


def tracks_of(events):
    """{(pid, tid): [(start, end, depth, name, source)]}, names, and the instants."""
    names, spans, open_spans, instants = {}, {}, {}, []
    for e in events:
        ph, key = e.get("ph"), (e.get("pid"), e.get("tid"))
        if ph == "M" and e.get("name") == "thread_name":
            names[key] = e["args"]["name"]
        elif ph == "B":
            stack = open_spans.setdefault(key, [])
            stack.append((e["ts"], e.get("name", ""), e.get("args", {}).get("source", "")))
        elif ph == "E" and open_spans.get(key):
            start, name, source = open_spans[key].pop()
            spans.setdefault(key, []).append((start, e["ts"], len(open_spans[key]), name, source))
        elif ph == "X":
            spans.setdefault(key, []).append((e["ts"], e["ts"] + e.get("dur", 0), 0, e.get("name", ""),
                                              e.get("args", {}).get("source", "")))
        elif ph == "i":
            instants.append((key, e["ts"], e.get("name", "")))
    # Spans never ended (the trace was cut): up to the last time seen.
    last = max([s[1] for track in spans.values() for s in track] + [e.get("ts", 0) for e in events] + [0])
    for key, stack in open_spans.items():
        for depth, (start, name, source) in enumerate(stack):
            spans.setdefault(key, []).append((start, last, depth, name, source))
    return spans, names, instants


def colour(name):
    hue = (zlib.crc32(name.encode()) % 360) / 360.0
    r, g, b = colorsys.hls_to_rgb(hue, 0.62, 0.55)
    return f"#{int(r * 255):02x}{int(g * 255):02x}{int(b * 255):02x}"


def draw(events):
    spans, names, instants = tracks_of(events)
    keys = sorted(set(spans) | {k for k, _, _ in instants}, key=lambda k: (k[0] or 0, k[1] or 0))
    times = [t for track in spans.values() for s in track for t in s[:2]] + [t for _, t, _ in instants]
    t0, t1 = (min(times), max(times)) if times else (0.0, 1.0)
    scale = WIDTH / max(t1 - t0, 1e-9)
    x = lambda t: LABEL + (t - t0) * scale
    rows, y = [], AXIS
    for key in keys:
        depth = 1 + max([s[2] for s in spans.get(key, [])] + [0])
        rows.append((key, y, depth))
        y += depth * LANE + GAP
    out = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{LABEL + WIDTH + 20}" height="{y + 10}" '
           f'font-family="sans-serif" font-size="11">',
           f'<rect width="100%" height="100%" fill="white"/>']
    # The time axis: ten ticks, in milliseconds from the first event.
    for i in range(11):
        t = t0 + (t1 - t0) * i / 10
        out.append(f'<line x1="{x(t):.1f}" y1="{AXIS - 8}" x2="{x(t):.1f}" y2="{y}" stroke="#ddd"/>')
        out.append(f'<text x="{x(t):.1f}" y="{AXIS - 12}" text-anchor="middle">{(t - t0) / 1000:.3g} ms</text>')
    for key, top, depth in rows:
        label = names.get(key, f"{'host' if key[0] == 1 else 'device'} {key[1]}")
        out.append(f'<text x="4" y="{top + LANE - 4}">{escape(label)}</text>')
        kind = "host" if key[0] == 1 else "device"
        for start, end, level, name, source in spans.get(key, []):
            width = max((end - start) * scale, 0.5)
            tip = f"{name} {source} {(end - start) / 1000:.3f} ms".strip()
            out.append(f'<rect class="{kind}" x="{x(start):.2f}" y="{top + level * LANE}" width="{width:.2f}" '
                       f'height="{LANE - 2}" fill="{colour(name)}"><title>{escape(tip)}</title></rect>')
            if width > 7 * len(name):
                out.append(f'<text x="{x(start) + 2:.2f}" y="{top + level * LANE + LANE - 5}">{escape(name)}</text>')
    row_top = {key: top for key, top, _ in rows}
    for key, t, name in instants:
        top = row_top[key]
        out.append(f'<line class="instant" x1="{x(t):.2f}" y1="{top}" x2="{x(t):.2f}" y2="{top + LANE}" '
                   f'stroke="black" stroke-width="1.5"><title>{escape(name)}</title></line>')
    out.append("</svg>")
    return "\n".join(out) + "\n"


def main():
    parser = argparse.ArgumentParser(description="Draws a CAMP_TRACE file as an SVG timeline.")
    parser.add_argument("trace", help="the trace (CAMP_TRACE=trace.json)")
    parser.add_argument("-o", "--output", required=True, help="the SVG file to write")
    args = parser.parse_args()
    try:
        events = load(args.trace)
    except (OSError, json.JSONDecodeError) as error:
        sys.exit(f"camp-prof: {args.trace}: {error}")
    with open(args.output, "w") as f:
        f.write(draw(events))


if __name__ == "__main__":
    main()
