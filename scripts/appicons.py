"""Draw the web app's icons (static/icons/icon-192.png, icon-512.png, icon.svg): the site's logo
tile (static/logo.svg) on a full square of the theme colour, inside the middle 60 % so that a
system that masks icons to a circle or a rounded square keeps all of it ("maskable").

    python scripts/appicons.py

Standard library only: a few shapes, sampled 3x3 per pixel for smooth edges, written as PNG.
"""

from __future__ import annotations

import struct
import zlib
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
OUT = ROOT / "static" / "icons"
BACKGROUND = (0x9E, 0x22, 0x29)  # site.toml's theme_color default (--accent of site.css)
FACE, EDGE, INK = (0xF7, 0xF1, 0xDF), (0x7A, 0x6A, 0x4A), (0xC0, 0x39, 0x2B)

# The logo's shapes on its 32x32 grid, placed in the middle 60 % of the icon.
SCALE, OFFSET = 0.6 / 32, 0.2


def in_round_rect(x, y, left, top, width, height, radius):
    if not (left <= x <= left + width and top <= y <= top + height):
        return False
    cx = min(max(x, left + radius), left + width - radius)
    cy = min(max(y, top + radius), top + height - radius)
    return (x - cx) ** 2 + (y - cy) ** 2 <= radius ** 2


def colour_at(u: float, v: float):
    """The colour at (u, v) in the unit square."""
    x, y = (u - OFFSET) / SCALE, (v - OFFSET) / SCALE  # in the logo's grid
    if in_round_rect(x, y, 4, 1, 24, 30, 5):
        if not in_round_rect(x, y, 6, 3, 20, 26, 3):
            return EDGE
        outer = in_round_rect(x, y, 8.75, 8.75, 14.5, 11.5, 2.5)
        inner = in_round_rect(x, y, 11.25, 11.25, 9.5, 6.5, 0.5)
        if (outer and not inner) or (abs(x - 16) <= 1.25 and 6 <= y <= 26):
            return INK
        return FACE
    return BACKGROUND


def draw(size: int, samples: int = 3) -> bytes:
    rows = []
    for py in range(size):
        row = bytearray([0])  # PNG filter: none
        for px in range(size):
            total = [0, 0, 0]
            for sy in range(samples):
                for sx in range(samples):
                    c = colour_at((px + (sx + 0.5) / samples) / size, (py + (sy + 0.5) / samples) / size)
                    total = [t + ci for t, ci in zip(total, c)]
            row += bytes(round(t / samples ** 2) for t in total)
        rows.append(bytes(row))
    return png(size, size, b"".join(rows))


def png(width: int, height: int, raw: bytes) -> bytes:
    def chunk(kind: bytes, data: bytes) -> bytes:
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))

    header = struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0)  # 8-bit RGB
    return b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", zlib.compress(raw, 9)) + chunk(b"IEND", b"")


SVG = """<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32">
  <rect width="32" height="32" fill="#{bg}"/>
  <g transform="translate(6.4 6.4) scale(0.6)">
    <rect x="5" y="2" width="22" height="28" rx="4" fill="#f7f1df" stroke="#7a6a4a" stroke-width="2"/>
    <rect x="10" y="10" width="12" height="9" rx="1.5" fill="none" stroke="#c0392b" stroke-width="2.5"/>
    <path d="M16 6v20" stroke="#c0392b" stroke-width="2.5" stroke-linecap="round"/>
  </g>
</svg>
"""


def main() -> None:
    OUT.mkdir(parents=True, exist_ok=True)
    for size in (192, 512):
        (OUT / f"icon-{size}.png").write_bytes(draw(size))
    (OUT / "icon.svg").write_text(SVG.format(bg="".join(f"{c:02x}" for c in BACKGROUND)), encoding="utf-8")


if __name__ == "__main__":
    main()
