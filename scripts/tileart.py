"""Original tile art for the tutor: one SVG sprite with a symbol per tile.

Everything is drawn here from simple data tables, so the sprite needs no
font on the reader's machine:

* Chinese characters are stroke skeletons designed on a 100 x 100 grid
  (``GLYPHS``).  Each stroke is a tiny absolute SVG path (M, L, H, V, Q, C,
  A, Z).  ``place()`` maps a glyph into a box of the tile, so a glyph can be
  squeezed or stretched while the pen width stays the same.
* The corner index uses digits and letters drawn on a 10 x 14 grid
  (``INDEX_GLYPHS``).
* Dots and bamboo tiles are layout tables of circle centres and stick ends.

Colours are CSS custom properties with light defaults (``COLOURS``), written
as ``style="fill: var(--tile-face, #fbf8ef)"`` because SVG presentation
attributes do not accept ``var()``.

Run ``python scripts/tileart.py`` to (re)write ``static/tiles/tiles.svg``.
"""

from __future__ import annotations

import math
import re
from pathlib import Path

VIEW_W, VIEW_H = 60, 80
SPRITE_PATH = Path(__file__).resolve().parent.parent / "static" / "tiles" / "tiles.svg"

# name -> (light default, recommended dark value, what it paints)
COLOURS = {
    "face": ("#fbf8ef", "#34312b", "tile face"),
    "edge": ("#b8ad93", "#6b6455", "border and the tile's visible thickness"),
    "ink": ("#23211c", "#f2ede1", "black ink: numerals, winds, corner index"),
    "red": ("#c4262e", "#ff7466", "red: wan of the characters suit, red dragon, red dots"),
    "green": ("#177a4a", "#5fcf8f", "green: green dragon, bamboo, green dots, flowers"),
    "blue": ("#1f5fa6", "#7fb0ff", "blue: white dragon frame, blue dots and sticks, seasons"),
    "back": ("#2b7a63", "#2d6e5a", "back of a face-down tile"),
}


# --------------------------------------------------------------------------
# Paint helpers
# --------------------------------------------------------------------------

def colour(name: str) -> str:
    return f"var(--tile-{name},{COLOURS[name][0]})"


def fill(name: str) -> str:
    return f'style="fill:{colour(name)}"'


def pen(name: str, width: float) -> str:
    """Stroke paint; round caps and joins are inherited from the <symbol>."""
    return f'style="fill:none;stroke:{colour(name)};stroke-width:{num(width)}"'


def num(value: float) -> str:
    text = f"{value:.1f}".rstrip("0").rstrip(".")
    return "0" if text in ("", "-0") else text


# --------------------------------------------------------------------------
# Path mapping: glyph grid -> tile box
# --------------------------------------------------------------------------

_TOKEN = re.compile(r"[MLHVQCAZ]|-?\d+(?:\.\d+)?")
# For each command, the role of each argument: x, y, r(adius x), s (radius y),
# or f (flag/angle, copied unchanged).
_ROLES = {
    "M": "xy", "L": "xy", "H": "x", "V": "y", "Q": "xyxy",
    "C": "xyxyxy", "A": "rsfffxy", "Z": "",
}


def place(d: str, x: float, y: float, w: float, h: float, grid: float = 100) -> str:
    """Map absolute path data drawn on a ``grid`` square into the box x,y,w,h."""
    sx, sy = w / grid, h / grid
    convert = {
        "x": lambda v: x + v * sx,
        "y": lambda v: y + v * sy,
        "r": lambda v: v * sx,
        "s": lambda v: v * sy,
        "f": lambda v: v,
    }
    out: list[str] = []
    tokens = _TOKEN.findall(d)
    i, cmd = 0, ""
    while i < len(tokens):
        if tokens[i].isalpha():
            cmd = tokens[i]
            i += 1
            out.append(cmd)
            if cmd == "Z":
                continue
        elif not cmd or cmd == "Z":
            raise ValueError(f"number without command in {d!r}")
        roles = _ROLES[cmd]
        args = [float(t) for t in tokens[i:i + len(roles)]]
        if len(args) != len(roles):
            raise ValueError(f"bad arguments for {cmd} in {d!r}")
        values = " ".join(num(convert[r](a)) for r, a in zip(roles, args, strict=True))
        out.append(values if out[-1] == cmd else " " + values)
        i += len(roles)
    return "".join(out)


def scaled(d: str, x: float, y: float, k: float) -> str:
    """Place path data with its origin at x,y, scaled uniformly by k."""
    return place(d, x, y, k, k, grid=1)


def strokes(paths: list[str], box: tuple[float, float, float, float], grid: float = 100) -> str:
    return "".join(place(p, *box, grid=grid) for p in paths)


# --------------------------------------------------------------------------
# Chinese characters: stroke skeletons on a 100 x 100 grid
# --------------------------------------------------------------------------

GLYPHS: dict[str, list[str]] = {
    # numerals
    "一": ["M6 54Q50 44 94 50"],
    "二": ["M22 24Q50 19 78 22", "M6 78Q50 70 94 74"],
    "三": ["M20 12Q50 7 80 10", "M28 46H72", "M6 86Q50 79 94 82"],
    "四": ["M8 8V92", "M8 8H92V92", "M8 92H92",
           "M37 10Q39 44 22 62", "M63 10V54Q63 64 73 64H90"],
    "五": ["M14 12H86", "M48 12L40 86", "M22 46H72L70 86", "M4 88H96"],
    "六": ["M44 4L54 20", "M6 36H94", "M36 54Q30 74 12 90", "M64 54Q76 72 88 88"],
    "七": ["M6 52L94 38", "M40 6V76Q40 90 54 90H84L90 74"],
    "八": ["M38 14Q38 60 8 88", "M60 10Q62 62 94 84"],
    "九": ["M42 4Q44 60 6 92", "M12 34H66V76Q66 90 80 90H94V74"],
    # suit character "wan": 艹 over 禺
    "萬": ["M6 13H94", "M30 2V26", "M70 2V26",
           "M24 32V58", "M24 32H76V58", "M24 45H76", "M24 58H76", "M50 32V78",
           "M12 68V98", "M12 68H88V90Q88 98 78 96",
           "M42 74L30 90H68", "M62 82L70 92"],
    # winds
    "東": ["M8 20H92", "M50 2V98", "M22 32V66", "M22 32H78V66", "M22 49H78", "M22 66H78",
           "M44 70Q32 86 8 96", "M56 70Q70 86 94 96"],
    "南": ["M8 16H92", "M50 2V28", "M14 32V98", "M14 32H86V90Q86 98 76 96",
           "M34 42L40 52", "M66 42L60 52", "M28 60H72", "M30 78H70", "M50 60V98"],
    "西": ["M6 12H94", "M14 34V96", "M14 34H86V96", "M14 90H86",
           "M38 14V48Q38 62 24 70", "M62 14V62Q62 70 70 70H86"],
    "北": ["M36 6V94", "M8 40H36", "M6 86L36 70", "M90 26L64 44",
           "M64 4V80Q64 92 76 92H94V78"],
    # dragons
    "中": ["M12 28V72", "M12 28H88V72", "M12 72H88", "M50 4V98"],
    "發": ["M6 6H36L8 40", "M22 24L38 36",
           "M62 2L70 10", "M90 6L62 34", "M58 16Q74 34 98 42",
           "M10 50H40V64H14L12 78H42V90Q42 99 32 97L26 92",
           "M62 48V58Q60 66 52 70", "M62 48H80V60Q80 66 90 64",
           "M56 74H88Q80 90 54 99", "M62 80Q74 93 98 99"],
    # flowers
    "梅": ["M4 32H38", "M22 4V98", "M22 36L4 72", "M24 46L36 58",
           "M58 4L46 22", "M52 16H94",
           "M54 30L50 74H90", "M54 30H88L86 90Q86 98 76 96", "M40 54H98",
           "M66 36L72 44", "M64 62L70 68"],
    "蘭": ["M6 10H94", "M30 2V20", "M70 2V20",
           "M10 26V98", "M10 26H40V48H10", "M10 37H40",
           "M60 26H90V90Q90 98 80 96", "M60 26V48H90", "M60 37H90",
           "M26 58H74", "M34 66V80H66V66H34", "M50 52V98", "M46 82L30 94", "M54 82L70 94"],
    "菊": ["M6 12H94", "M30 2V24", "M70 2V24",
           "M36 28L16 56", "M30 38H86V88Q86 98 74 96",
           "M26 64H74", "M50 46V98", "M36 50L42 58", "M64 50L58 58",
           "M46 68L30 86", "M54 68L70 84"],
    "竹": ["M26 4L6 32", "M16 24H44", "M30 24V98",
           "M70 4L50 32", "M60 24H96", "M78 24V88Q78 98 66 94"],
    # seasons
    "春": ["M18 12H82", "M22 26H78", "M6 40H94",
           "M48 2V30Q44 54 10 76", "M54 42Q68 62 94 74",
           "M30 62V98", "M30 62H70V98", "M30 80H70", "M30 98H70"],
    "夏": ["M6 6H94", "M50 6L44 16", "M26 16V56", "M26 16H74V56", "M26 29H74", "M26 42H74",
           "M26 56H74", "M40 62L20 80", "M32 70H70Q56 88 22 98", "M40 78Q62 92 96 98"],
    "秋": ["M38 4L10 14", "M4 34H42", "M24 10V98", "M22 40L4 76", "M26 46L40 58",
           "M60 28L54 50", "M90 24L80 46", "M74 6Q76 60 48 96", "M74 56Q82 82 98 96"],
    "冬": ["M42 4L12 36", "M32 16H74Q58 42 10 62", "M40 30Q62 50 92 60",
           "M40 70L56 78", "M36 86L58 96"],
}

NUMERALS = "一二三四五六七八九"
WIND_GLYPHS = {"E": "東", "S": "南", "W": "西", "N": "北"}
FLOWERS = "梅蘭菊竹"
SEASONS = "春夏秋冬"

# --------------------------------------------------------------------------
# Corner-index glyphs: digits and letters on a 10 x 14 grid
# --------------------------------------------------------------------------

INDEX_GLYPHS = {
    "1": "M2 3.5L6 0V14",
    "2": "M1 3.5Q1 0 5 0Q9 0 9 3.5Q9 6.5 1 14H9",
    "3": "M1 0H9L4 5.5Q9 5.5 9 9.8Q9 14 5 14Q2 14 1 12",
    "4": "M7 14V0L0.5 10H10",
    "5": "M8.5 0H2L1 6.5Q3 5 5 5Q9 5 9 9.5Q9 14 5 14Q2 14 1 12",
    "6": "M8 1Q7 0 5 0Q1 0 1 7.5Q1 14 5 14Q9 14 9 10Q9 6 5 6Q2 6 1 9",
    "7": "M1 0H9L3.5 14",
    "8": "M5 6.5Q1.5 6.5 1.5 3.25Q1.5 0 5 0Q8.5 0 8.5 3.25Q8.5 6.5 5 6.5"
         "Q1 6.5 1 10.25Q1 14 5 14Q9 14 9 10.25Q9 6.5 5 6.5Z",
    "9": "M2 13Q3 14 5 14Q9 14 9 6.5Q9 0 5 0Q1 0 1 4Q1 8 5 8Q8 8 9 5",
    "E": "M9 0H1V14H9M1 7H7",
    "S": "M9 2Q7.5 0 5 0Q1 0 1 3.5Q1 7 5 7Q9 7 9 10.5Q9 14 5 14Q2.5 14 1 12",
    "W": "M0 0L2.5 14L5 4L7.5 14L10 0",
    "N": "M1 14V0L9 14V0",
    "C": "M9 2Q7.5 0 5.5 0Q1 0 1 7Q1 14 5.5 14Q7.5 14 9 12",
    "F": "M9 0H1V14M1 7H7",
    "P": "M1 14V0H5Q9 0 9 3.8Q9 7.6 5 7.6H1",
}
INDEX_ORIGIN, INDEX_SCALE = (4.5, 4.5), 0.9  # top-left corner; grid units -> tile units


def index_mark(char: str) -> str:
    """Corner index, hidden unless the page sets --tile-index: inline."""
    x, y = INDEX_ORIGIN
    d = scaled(INDEX_GLYPHS[char], x, y, INDEX_SCALE)
    return (
        '<g style="display:var(--tile-index,none)">'
        f'<path d="{d}" {pen("face", 5.6)}/>'
        f'<path d="{d}" {pen("ink", 2.2)}/>'
        "</g>"
    )


def small_number(digit: str, x: float, y: float, colour_name: str) -> str:
    """A small digit (10 x 14 grid scaled 0.8) at x, y, e.g. flower numbers."""
    d = scaled(INDEX_GLYPHS[digit], x, y, 0.8)
    return f'<path d="{d}" {pen(colour_name, 2.2)}/>'


def glyph(char: str, box: tuple[float, float, float, float], colour_name: str, width: float) -> str:
    return f'<path d="{strokes(GLYPHS[char], box)}" {pen(colour_name, width)}/>'


# --------------------------------------------------------------------------
# Tile body
# --------------------------------------------------------------------------

def body(face: str = "face") -> str:
    """Rounded tile with a thicker lower edge, so it reads as a physical tile."""
    return (
        f'<rect x="0.5" y="0.5" width="59" height="79" rx="7" {fill("edge")}/>'
        f'<rect x="2.5" y="2.5" width="55" height="71" rx="5.5" {fill(face)}/>'
    )


# --------------------------------------------------------------------------
# Characters suit (m)
# --------------------------------------------------------------------------

def characters_tile(rank: int) -> str:
    return (
        glyph(NUMERALS[rank - 1], (13, 6, 34, 24), "ink", 3.9)
        + glyph("萬", (9, 34.5, 42, 36), "red", 2.9)
    )


# --------------------------------------------------------------------------
# Dots suit (p)
# --------------------------------------------------------------------------

# rank -> list of (cx, cy, r, colour)
DOT_LAYOUTS: dict[int, list[tuple[float, float, float, str]]] = {
    2: [(30, 21, 11, "green"), (30, 54, 11, "blue")],
    3: [(16, 15.5, 9, "blue"), (30, 38, 9, "red"), (44, 60.5, 9, "green")],
    4: [(18.5, 21, 10, "blue"), (41.5, 21, 10, "green"),
        (18.5, 55, 10, "green"), (41.5, 55, 10, "blue")],
    5: [(16.5, 17, 8.5, "blue"), (43.5, 17, 8.5, "green"), (30, 38, 8.5, "red"),
        (16.5, 59, 8.5, "green"), (43.5, 59, 8.5, "blue")],
    6: [(19, 15, 8, "green"), (41, 15, 8, "green"),
        (19, 41, 8, "red"), (41, 41, 8, "red"), (19, 60, 8, "red"), (41, 60, 8, "red")],
    7: [(14.5, 11.5, 6.5, "green"), (30, 18, 6.5, "green"), (45.5, 24.5, 6.5, "green"),
        (19, 44, 7.5, "red"), (41, 44, 7.5, "red"), (19, 61.5, 7.5, "red"), (41, 61.5, 7.5, "red")],
    8: [(x, y, 7.2, "blue") for y in (12.5, 29, 46, 62.5) for x in (19, 41)],
    9: [(x, y, 7.2, c) for y, c in ((15, "blue"), (38, "red"), (61, "green")) for x in (14.5, 30, 45.5)],
}


def circle(cx: float, cy: float, r: float, paint: str = "") -> str:
    return f'<circle cx="{num(cx)}" cy="{num(cy)}" r="{num(r)}"{" " + paint if paint else ""}/>'


def coins(specs: list[tuple[float, float, float, str]]) -> str:
    """Coins of one size and colour share a group: a coloured disc with a
    face-coloured ring around a coloured centre (the ring is the stroke of
    the inner circle)."""
    groups: dict[tuple[float, str], list[tuple[float, float]]] = {}
    for cx, cy, r, colour_name in specs:
        groups.setdefault((r, colour_name), []).append((cx, cy))
    out = []
    for (r, colour_name), centres in groups.items():
        discs = "".join(circle(cx, cy, r) for cx, cy in centres)
        rings = "".join(circle(cx, cy, r * 0.43) for cx, cy in centres)
        out.append(
            f'<g {fill(colour_name)}>{discs}'
            f'<g style="stroke:{colour("face")};stroke-width:{num(r * 0.26)}">{rings}</g></g>'
        )
    return "".join(out)


def one_dot() -> str:
    """The big ornamental coin of 1 dot."""
    cx, cy = 30, 38
    parts = [
        circle(cx, cy, 22, pen("green", 3)),
        circle(cx, cy, 15.5, pen("blue", 2.5)),
    ]
    beads = "".join(
        circle(cx + 18.8 * math.cos(a), cy + 18.8 * math.sin(a), 2)
        for a in (math.radians(k * 45 + 22.5) for k in range(8))
    )
    parts.append(f'<g {fill("red")}>{beads}</g>')
    parts.append(coins([(cx, cy, 10.5, "red")]))
    return "".join(parts)


def dots_tile(rank: int) -> str:
    if rank == 1:
        return one_dot()
    return coins(DOT_LAYOUTS[rank])


# --------------------------------------------------------------------------
# Bamboo suit (s)
# --------------------------------------------------------------------------

# rank -> list of (x1, y1, x2, y2, colour): the two ends of each stick
_ROW2 = ((9.5, 33.5), (42, 66))          # two rows of long sticks
_ROW3 = ((7.5, 24), (29.5, 46), (51.5, 68))  # three rows of short sticks


def _column(xs: list[float], rows, colours: list[list[str]]) -> list[tuple[float, float, float, float, str]]:
    """Upright sticks at the given x positions, one row per (top, bottom) pair."""
    return [(x, top, x, bottom, c) for (top, bottom), cs in zip(rows, colours, strict=True) for x, c in zip(xs, cs, strict=True)]


BAMBOO_LAYOUTS: dict[int, list[tuple[float, float, float, float, str]]] = {
    2: _column([30], _ROW2, [["blue"], ["green"]]),
    3: [(30, 9.5, 30, 33.5, "blue")] + _column([19, 41], [_ROW2[1]], [["green", "green"]]),
    4: _column([19, 41], _ROW2, [["green", "blue"], ["blue", "green"]]),
    5: _column([14, 46], ((9.5, 31.5), (44, 66)), [["green", "blue"], ["blue", "green"]])
       + [(30, 27, 30, 49, "red")],
    6: _column([15, 30, 45], _ROW2, [["green"] * 3, ["blue"] * 3]),
    7: [(30, 7.5, 30, 24, "red")] + _column([15, 30, 45], _ROW3[1:], [["green"] * 3, ["blue"] * 3]),
    8: [(11, 9.5, 11, 33.5, "green"), (49, 9.5, 49, 33.5, "green"),
        (21, 9.5, 28, 33.5, "green"), (39, 9.5, 32, 33.5, "green"),
        (11, 42, 11, 66, "blue"), (49, 42, 49, 66, "blue"),
        (28, 42, 21, 66, "blue"), (32, 42, 39, 66, "blue")],
    9: _column([15, 30, 45], _ROW3, [["blue", "red", "blue"], ["green", "red", "green"],
                                     ["blue", "red", "blue"]]),
}


def _lerp(p: tuple[float, float], q: tuple[float, float], t: float) -> tuple[float, float]:
    return p[0] + (q[0] - p[0]) * t, p[1] + (q[1] - p[1]) * t


def _segment(p: tuple[float, float], q: tuple[float, float]) -> str:
    return f"M{num(p[0])} {num(p[1])}L{num(q[0])} {num(q[1])}"


def stick_parts(x1: float, y1: float, x2: float, y2: float, width: float) -> tuple[str, str, str]:
    """Path data of one bamboo stick: the rod, its three knots (both ends and
    the middle) and a pale streak along each of its two segments."""
    top, bottom = (x1, y1), (x2, y2)
    mid = _lerp(top, bottom, 0.5)
    k = width * 0.7
    rod = _segment(top, bottom)
    knots = "".join(f"M{num(x - k)} {num(y)}H{num(x + k)}" for x, y in (top, mid, bottom))
    streaks = "".join(
        _segment(_lerp(top, bottom, a), _lerp(top, bottom, b))
        for a, b in ((0.13, 0.37), (0.63, 0.87))
    )
    return rod, knots, streaks


def sticks(specs: list[tuple[float, float, float, float, str]], width: float) -> str:
    """All sticks of a tile, one path per colour for rods, knots and streaks."""
    by_colour: dict[str, list[tuple[str, str, str]]] = {}
    for x1, y1, x2, y2, colour_name in specs:
        by_colour.setdefault(colour_name, []).append(stick_parts(x1, y1, x2, y2, width))
    out = []
    for colour_name, parts in by_colour.items():
        rods, knots, _ = ("".join(p) for p in zip(*parts, strict=True))
        out.append(f'<path d="{rods}" {pen(colour_name, width)}/>')
        out.append(f'<path d="{knots}" {pen(colour_name, 2.6)}/>')
    streaks = "".join(p[2] for parts in by_colour.values() for p in parts)
    out.append(f'<path d="{streaks}" {pen("face", 1.3)}/>')
    return "".join(out)


def bird() -> str:
    """1 bamboo: a stylised sparrow perched on a bamboo stem (own design)."""
    return "".join([
        # tail feathers
        f'<path d="M24 50L10 66M26 52L17 69M29 53L25 70" {pen("blue", 3.4)}/>',
        f'<g {fill("red")}>{circle(10, 66, 2.4)}{circle(17, 69, 2.4)}{circle(25, 70, 2.4)}</g>',
        # body
        f'<path d="M20 46Q18 30 32 26Q40 24 44 30Q50 44 40 54Q30 60 22 52Z" {fill("green")}/>',
        # head and crest
        circle(40, 20, 8, fill("green")),
        f'<path d="M36 13Q36 6 30 6M40 12Q42 5 37 3" {pen("red", 2.4)}/>',
        # beak and eye
        f'<path d="M47 17L55 20L47 23Z" {fill("red")}/>',
        circle(42, 19, 2.6, fill("face")),
        circle(42.5, 19, 1.3, fill("ink")),
        # wing
        f'<path d="M24 40Q32 30 42 36Q38 48 26 48Z" {fill("blue")}/>',
        f'<path d="M28 41Q33 37 38 39" {pen("face", 1.6)}/>',
        # feet and the bamboo twig it perches on
        f'<path d="M34 56L35 63M40 55L41 63" {pen("ink", 2)}/>',
        f'<path d="M27 64H53" {pen("green", 3.6)}/>',
        f'<path d="M40 61V67" {pen("green", 2.4)}/>',
    ])


def bamboo_tile(rank: int) -> str:
    if rank == 1:
        return bird()
    width = 4.6 if rank in (7, 9) else 5.2
    return sticks(BAMBOO_LAYOUTS[rank], width)


# --------------------------------------------------------------------------
# Honours, flowers, seasons, back
# --------------------------------------------------------------------------

HONOUR_BOX = (9, 13, 42, 50)


def wind_tile(code: str) -> str:
    return glyph(WIND_GLYPHS[code], HONOUR_BOX, "ink", 4.2)


def red_dragon() -> str:
    return glyph("中", HONOUR_BOX, "red", 5)


def green_dragon() -> str:
    return glyph("發", HONOUR_BOX, "green", 3.4)


def white_dragon() -> str:
    return (
        f'<rect x="11" y="11" width="38" height="54" rx="2.5" {pen("blue", 3.6)}/>'
        f'<rect x="17" y="17" width="26" height="42" rx="1" {pen("blue", 2)}/>'
    )


def bonus_tile(char: str, number: int, colour_name: str) -> str:
    return (
        glyph(char, (10, 22, 40, 44), colour_name, 3.4)
        + small_number(str(number), 46, 6.5, "red")
    )


def back_tile() -> str:
    return (
        f'<rect x="7" y="7" width="46" height="62" rx="3" {pen("face", 2)} opacity="0.35"/>'
        f'<path d="M30 24L42 38L30 52L18 38Z" {pen("face", 2.4)} opacity="0.45"/>'
    )


# --------------------------------------------------------------------------
# Assembly
# --------------------------------------------------------------------------

def tile_table() -> list[tuple[str, str, str | None]]:
    """(code, inner SVG, index character or None) for every tile."""
    tiles: list[tuple[str, str, str | None]] = []
    for rank in range(1, 10):
        tiles.append((f"{rank}m", characters_tile(rank), str(rank)))
    for rank in range(1, 10):
        tiles.append((f"{rank}p", dots_tile(rank), str(rank)))
    for rank in range(1, 10):
        tiles.append((f"{rank}s", bamboo_tile(rank), str(rank)))
    for code in "ESWN":
        tiles.append((code, wind_tile(code), code))
    tiles.append(("C", red_dragon(), "C"))
    tiles.append(("F", green_dragon(), "F"))
    tiles.append(("P", white_dragon(), "P"))
    for n, char in enumerate(FLOWERS, 1):
        tiles.append((f"f{n}", bonus_tile(char, n, "green"), str(n)))
    for n, char in enumerate(SEASONS, 1):
        tiles.append((f"g{n}", bonus_tile(char, n, "blue"), str(n)))
    tiles.append(("back", back_tile(), None))
    return tiles


def symbol(code: str, inner: str, index: str | None) -> str:
    face = "back" if code == "back" else "face"
    mark = index_mark(index) if index else ""
    return (
        f'<symbol id="tile-{code}" viewBox="0 0 {VIEW_W} {VIEW_H}"'
        ' style="stroke-linecap:round;stroke-linejoin:round">'
        f"{body(face)}{inner}{mark}</symbol>"
    )


def header() -> str:
    rows = "\n".join(
        f"     --tile-{name:<6} {light}  dark: {dark}   ({what})"
        for name, (light, dark, what) in COLOURS.items()
    )
    # XML comments may not contain a double hyphen, so the variable list
    # lives in a CSS comment inside an otherwise empty <style> element.
    return (
        "<!-- Mahjong tile sprite for tutor. Original art generated by tutor/tileart.py;"
        " edit that file, not this one. Colour variables are listed below. -->\n"
        "<style>/*\n"
        # no angle brackets here: this text is parsed as XML
        "   Use: an svg.tile element (role img, aria-label) holding a use element\n"
        "   whose href is /static/tiles/tiles.svg#tile-5s (one symbol per tile code).\n"
        "   Colours are CSS custom properties (light default, recommended dark value):\n"
        f"{rows}\n"
        "     --tile-index   none (default) hides the corner index; set it to inline to show it.\n"
        "   Example: @media (prefers-color-scheme: dark) { .tile { --tile-face: #34312b; ... } }\n"
        "*/</style>\n"
    )


def build_sprite() -> str:
    symbols = "\n".join(symbol(*t) for t in tile_table())
    return f'<svg xmlns="http://www.w3.org/2000/svg">\n{header()}{symbols}\n</svg>\n'


def main() -> None:
    SPRITE_PATH.parent.mkdir(parents=True, exist_ok=True)
    SPRITE_PATH.write_text(build_sprite(), encoding="utf-8")
    print(f"wrote {SPRITE_PATH} ({SPRITE_PATH.stat().st_size} bytes)")


if __name__ == "__main__":
    main()
