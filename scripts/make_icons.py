#!/usr/bin/env python3
"""Draw the home-screen icons (static/icons/icon-192.png, icon-512.png) from static/icons/icon.svg.

    python3 -m scripts.make_icons           # write the PNGs
    python3 -m scripts.make_icons --check   # exit 1 if they differ from what the SVG gives

Installable web apps need PNG icons of 192 and 512 px; browsers do not all
accept an SVG there. This is a tiny rasterizer for exactly the shapes the
logo uses (``rect`` with ``rx``, ``line``, ``circle``; fill and stroke) on a
felt-green rounded square, antialiased with signed distances, and a PNG
writer: standard library only, no network. The PNGs are committed (so a plain
copy of the repository is a complete site); tests/test_offline_build.py checks
that they still match the SVG. Deterministic: the same SVG gives the same bytes.
"""

from __future__ import annotations

import math
import os
import struct
import sys
import xml.etree.ElementTree as ET
import zlib

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
ICONS = os.path.join(ROOT, "static", "icons")
SVG = os.path.join(ICONS, "icon.svg")
SIZES = (192, 512)
BACKGROUND = ("#123f30", 12.0)  # the felt colour of the page (--felt in index.html), corner radius in SVG units


def _colour(text: str) -> tuple[float, float, float]:
    text = text.strip().lstrip("#")
    if len(text) == 3:
        text = "".join(c * 2 for c in text)
    return tuple(int(text[i:i + 2], 16) / 255 for i in (0, 2, 4))


def _rounded_rect(x, y, w, h, r):
    cx, cy, hw, hh = x + w / 2, y + h / 2, w / 2, h / 2
    r = min(r, hw, hh)

    def sdf(px, py):
        qx, qy = abs(px - cx) - (hw - r), abs(py - cy) - (hh - r)
        return math.hypot(max(qx, 0.0), max(qy, 0.0)) + min(max(qx, qy), 0.0) - r
    return sdf, (x, y, x + w, y + h)


def _circle(cx, cy, r):
    return (lambda px, py: math.hypot(px - cx, py - cy) - r), (cx - r, cy - r, cx + r, cy + r)


def _segment(x1, y1, x2, y2):
    dx, dy = x2 - x1, y2 - y1
    length2 = dx * dx + dy * dy or 1.0

    def sdf(px, py):
        t = max(0.0, min(1.0, ((px - x1) * dx + (py - y1) * dy) / length2))
        return math.hypot(px - x1 - t * dx, py - y1 - t * dy)
    return sdf, (min(x1, x2), min(y1, y2), max(x1, x2), max(y1, y2))


def shapes(svg_text: str) -> tuple[float, list]:
    """(viewBox width, [(sdf, bbox, fill rgb | None, stroke rgb | None, stroke width)]) in drawing order."""
    root = ET.fromstring(svg_text)
    view = [float(v) for v in root.get("viewBox", "0 0 64 64").split()]
    out = [(*_rounded_rect(0, 0, view[2], view[3], BACKGROUND[1]), _colour(BACKGROUND[0]), None, 0.0)]
    for el in root.iter():
        tag = el.tag.rsplit("}", 1)[-1]
        f = lambda name, default=0.0: float(el.get(name, default))  # noqa: E731
        if tag == "rect":
            sdf, box = _rounded_rect(f("x"), f("y"), f("width"), f("height"), f("rx"))
        elif tag == "circle":
            sdf, box = _circle(f("cx"), f("cy"), f("r"))
        elif tag == "line":
            sdf, box = _segment(f("x1"), f("y1"), f("x2"), f("y2"))
        else:
            continue
        fill = el.get("fill", "none" if tag == "line" else "#000")
        stroke = el.get("stroke", "none")
        out.append((sdf, box, None if fill == "none" else _colour(fill),
                    None if stroke == "none" else _colour(stroke), f("stroke-width", 1.0)))
    return view[2], out


def rasterize(svg_text: str, size: int) -> bytes:
    """RGBA pixels, row by row."""
    width, items = shapes(svg_text)
    scale = size / width
    pixels = [[0.0, 0.0, 0.0, 0.0] for _ in range(size * size)]

    def paint(sdf, box, rgb, half):
        # coverage of a pixel: signed distance (in pixels) through a 1-pixel ramp
        x0, y0 = max(0, int((box[0] - half) * scale) - 2), max(0, int((box[1] - half) * scale) - 2)
        x1, y1 = min(size, int((box[2] + half) * scale) + 3), min(size, int((box[3] + half) * scale) + 3)
        for py in range(y0, y1):
            sy = (py + 0.5) / scale
            row = py * size
            for px in range(x0, x1):
                d = sdf((px + 0.5) / scale, sy)
                d = (abs(d) - half if half else d) * scale
                a = 0.5 - d
                if a <= 0:
                    continue
                a = 1.0 if a >= 1 else a
                p = pixels[row + px]
                keep = p[3] * (1 - a)
                out = a + keep
                for i in range(3):
                    p[i] = (rgb[i] * a + p[i] * keep) / out
                p[3] = out

    for sdf, box, fill, stroke, stroke_width in items:
        if fill:
            paint(sdf, box, fill, 0.0)
        if stroke:
            paint(sdf, box, stroke, stroke_width / 2)
    return bytes(round(v * 255) for p in pixels for v in p)


def png(rgba: bytes, size: int) -> bytes:
    def chunk(kind, data):
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)
    stride = size * 4
    raw = b"".join(b"\0" + rgba[y * stride:(y + 1) * stride] for y in range(size))
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", size, size, 8, 6, 0, 0, 0))
            + chunk(b"IDAT", zlib.compress(raw, 9)) + chunk(b"IEND", b""))


def icons(svg_path: str = SVG) -> dict[str, bytes]:
    with open(svg_path, encoding="utf-8") as f:
        text = f.read()
    return {f"icon-{n}.png": png(rasterize(text, n), n) for n in SIZES}


def main(argv: list[str]) -> int:
    wanted = icons()
    if "--check" in argv:
        stale = [n for n, data in wanted.items()
                 if not os.path.exists(os.path.join(ICONS, n)) or open(os.path.join(ICONS, n), "rb").read() != data]
        if stale:
            print("out of date: " + ", ".join(stale) + " (run python3 -m scripts.make_icons)")
            return 1
        return 0
    for name, data in wanted.items():
        with open(os.path.join(ICONS, name), "wb") as f:
            f.write(data)
        print(f"static/icons/{name}: {len(data)} bytes")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
