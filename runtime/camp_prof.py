#!/usr/bin/env python3
"""camp-prof — draws a CAMP_TRACE file as a timeline (SVG).

  camp-prof trace.json -o timeline.svg

One row per track: the host threads (their API calls and markers, nested
spans stacked downwards) and then the device's views (their kernels,
labelled file:line where the label fits). Each span is at least a few
pixels wide, and its tooltip (the SVG title) gives its name, source line
and duration. Below the whole trace, a second view zooms into its busiest
interval: the shortest one holding half of the trace's events. A trace cut
short (a program that died before the end) is read up to its last whole
event."""
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
MIN_WIDTH = 3    # the narrowest a span is drawn, in pixels: a 12 us kernel stays visible
CHAR_WIDTH = 6.5 # of an 11-pixel sans-serif character, for whether a label fits
ZOOM_AT_LEAST = 4  # a zoomed view only where the busiest interval is this many times narrower


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


def busiest_interval(spans, instants):
    """The shortest interval holding half of the trace's events (span starts
    and ends, instants), widened by a tenth on each side; None where that is
    most of the trace (nothing to zoom into)."""
    times = sorted([t for track in spans.values() for s in track for t in s[:2]] + [t for _, t, _ in instants])
    if len(times) < 4:
        return None
    k = (len(times) + 1) // 2
    start, end = min(((times[i], times[i + k - 1]) for i in range(len(times) - k + 1)), key=lambda w: w[1] - w[0])
    pad = max((end - start) / 10, 1.0)
    start, end = max(start - pad, times[0]), min(end + pad, times[-1])
    return (start, end) if end - start < (times[-1] - times[0]) / ZOOM_AT_LEAST else None


def label_of(kind, name, source):
    """A kernel by its file:line (the file's name only), a host span by its name."""
    return source.rsplit("/", 1)[-1] if kind == "device" and source else name


def panel(rows, height, spans, names, instants, view, origin, top, zoomed):
    """One timeline of the interval `view`, `height` pixels from `top` down:
    the time axis (in milliseconds from `origin`, the trace's first event),
    a row per track; spans cut to the interval, each at least MIN_WIDTH
    wide, its name, source and time in its tooltip, labelled where the label
    fits."""
    t0, t1 = view
    scale = WIDTH / max(t1 - t0, 1e-9)
    x = lambda t: LABEL + (min(max(t, t0), t1) - t0) * scale
    bottom = top + height
    out = []
    for i in range(11):
        t = t0 + (t1 - t0) * i / 10
        out.append(f'<line x1="{x(t):.1f}" y1="{top + AXIS - 8}" x2="{x(t):.1f}" y2="{bottom}" stroke="#ddd"/>')
        out.append(f'<text x="{x(t):.1f}" y="{top + AXIS - 12}" text-anchor="middle">{(t - origin) / 1000:.4g} ms</text>')
    for key, row_top, depth in rows:
        row_top += top
        label = names.get(key, f"{'host' if key[0] == 1 else 'device'} {key[1]}")
        out.append(f'<text x="4" y="{row_top + LANE - 4}">{escape(label)}</text>')
        kind = "host" if key[0] == 1 else "device"
        for start, end, level, name, source in spans.get(key, []):
            if end < t0 or start > t1:
                continue
            width = max((min(end, t1) - max(start, t0)) * scale, MIN_WIDTH)
            tip = f"{name} {source} {(end - start) / 1000:.3f} ms".strip()
            left, y = x(start), row_top + level * LANE
            out.append(f'<rect class="{"zoomed-" if zoomed else ""}{kind}" x="{left:.2f}" y="{y}" width="{width:.2f}" '
                       f'height="{LANE - 2}" fill="{colour(name)}"><title>{escape(tip)}</title></rect>')
            text = label_of(kind, name, source)
            if width > CHAR_WIDTH * len(text) + 4:
                out.append(f'<text x="{left + 2:.2f}" y="{y + LANE - 5}">{escape(text)}</text>')
    row_top = {key: top + t for key, t, _ in rows}
    for key, t, name in instants:
        if t0 <= t <= t1:
            out.append(f'<line class="instant" x1="{x(t):.2f}" y1="{row_top[key]}" x2="{x(t):.2f}" '
                       f'y2="{row_top[key] + LANE}" stroke="black" stroke-width="1.5"><title>{escape(name)}</title></line>')
    return out


def draw(events):
    spans, names, instants = tracks_of(events)
    keys = sorted(set(spans) | {k for k, _, _ in instants}, key=lambda k: (k[0] or 0, k[1] or 0))
    times = [t for track in spans.values() for s in track for t in s[:2]] + [t for _, t, _ in instants]
    t0, t1 = (min(times), max(times)) if times else (0.0, 1.0)
    rows, y = [], AXIS
    for key in keys:
        depth = 1 + max([s[2] for s in spans.get(key, [])] + [0])
        rows.append((key, y, depth))
        y += depth * LANE + GAP
    height = y
    zoom = busiest_interval(spans, instants)
    body = panel(rows, height, spans, names, instants, (t0, t1), t0, 0, False)
    if zoom:
        # where the zoomed view is, shaded in the whole one; the zoomed view below it
        scale = WIDTH / max(t1 - t0, 1e-9)
        zx0, zx1 = LABEL + (zoom[0] - t0) * scale, LABEL + (zoom[1] - t0) * scale
        body.insert(0, f'<rect class="zoom-window" x="{zx0:.2f}" y="{AXIS - 8}" width="{max(zx1 - zx0, 1):.2f}" '
                       f'height="{height - AXIS + 8}" fill="#fff3c4"/>')
        title = (f"The busiest interval, {(zoom[0] - t0) / 1000:.4g} to {(zoom[1] - t0) / 1000:.4g} ms "
                 f"(half of the trace's events), magnified {(t1 - t0) / (zoom[1] - zoom[0]):.3g} times:")
        body.append(f'<g class="zoom"><text x="4" y="{height + AXIS - 4}" font-weight="bold">{escape(title)}</text>')
        body += panel(rows, height, spans, names, instants, zoom, t0, height + AXIS, True)
        body.append("</g>")
        height += AXIS + height
    out = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{LABEL + WIDTH + 20}" height="{height + 10}" '
           f'font-family="sans-serif" font-size="11">',
           f'<rect width="100%" height="100%" fill="white"/>'] + body
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
