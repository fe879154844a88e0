#!/usr/bin/env python3
"""Draws icon.png, the extension's icon: a 3×3 board whose cells are coloured by outcome, as the
extension colours them (green: winning, red: losing, yellow: drawn). Standard library only.

usage: python3 icon.py   (writes icon.png beside this file)
"""
import os
import struct
import zlib

SIZE = 256
SCALE = 4  # supersampling, for smooth edges
BACKGROUND = (36, 41, 56)
COLOURS = {"W": (46, 160, 67), "L": (218, 54, 51), "D": (212, 167, 44)}
# Which colour each cell gets (W winning, L losing, D drawn): a picture, not a solved board.
BOARD = ["LLW", "LWW", "WWD"]


def inside_rounded(x, y, x0, y0, x1, y1, r):
    cx = min(max(x, x0 + r), x1 - r)
    cy = min(max(y, y0 + r), y1 - r)
    return (x - cx) ** 2 + (y - cy) ** 2 <= r * r and x0 <= x <= x1 and y0 <= y <= y1


def colour_at(x, y):
    """The colour of the point (x, y) in icon coordinates (0..SIZE), or None (transparent)."""
    if not inside_rounded(x, y, 8, 8, SIZE - 8, SIZE - 8, 44):
        return None
    margin, gap = 34, 12
    cell = (SIZE - 2 * margin - 2 * gap) / 3
    for r, row in enumerate(BOARD):
        for c, kind in enumerate(row):
            x0 = margin + c * (cell + gap)
            y0 = margin + r * (cell + gap)
            if inside_rounded(x, y, x0, y0, x0 + cell, y0 + cell, 14):
                return COLOURS[kind]
    return BACKGROUND


def pixel(px, py):
    samples = []
    for sy in range(SCALE):
        for sx in range(SCALE):
            samples.append(colour_at(px + (sx + 0.5) / SCALE, py + (sy + 0.5) / SCALE))
    opaque = [s for s in samples if s is not None]
    if not opaque:
        return (0, 0, 0, 0)
    alpha = round(255 * len(opaque) / len(samples))
    return tuple(round(sum(s[i] for s in opaque) / len(opaque)) for i in range(3)) + (alpha,)


def png(width, height, rows):
    def chunk(kind, data):
        body = kind + data
        return struct.pack(">I", len(data)) + body + struct.pack(">I", zlib.crc32(body))

    raw = b"".join(b"\x00" + bytes(v for p in row for v in p) for row in rows)
    header = struct.pack(">IIBBBBB", width, height, 8, 6, 0, 0, 0)  # 8-bit RGBA
    return b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", zlib.compress(raw, 9)) + chunk(b"IEND", b"")


if __name__ == "__main__":
    rows = [[pixel(x, y) for x in range(SIZE)] for y in range(SIZE)]
    out = os.path.join(os.path.dirname(os.path.abspath(__file__)), "icon.png")
    with open(out, "wb") as f:
        f.write(png(SIZE, SIZE, rows))
    print(f"wrote {out}")
