"""What a reader sees of tiles: view models for the tile, set and hand templates.

Notation says which sets a hand holds; a table shows more: a melded set lies
apart with its claimed tile turned sideways, a concealed kong shows its two
outer tiles face down, and the winning tile stands apart, marked. These
functions turn notation into that picture as plain data; the templates in
templates/fragments/ draw it.
"""

from __future__ import annotations

from dataclasses import dataclass

from tutor.rules import tiles as T
from tutor.rules.notation import Hand, Meld, NotationError, parse_hand, parse_tiles

BACK_CHAR = "\U0001F02B"
# Flowers f1..f4 (plum, orchid, chrysanthemum, bamboo, as the sprite draws them) then seasons g1..g4.
_BONUS = tuple(("f" if i < 4 else "g") + str(i % 4 + 1) for i in range(8))
_BONUS_NAMES = ("plum", "orchid", "chrysanthemum", "bamboo", "spring", "summer", "autumn", "winter")
# Unicode orders the flowers plum, orchid, bamboo, chrysanthemum.
_BONUS_CHARS = tuple(chr(c) for c in (0x1F022, 0x1F023, 0x1F025, 0x1F024, 0x1F026, 0x1F027, 0x1F028, 0x1F029))
MAX_FLOWERS = 8


@dataclass(frozen=True)
class TileView:
    symbol: str  # sprite symbol suffix: '5s', 'E', 'back', 'f1'
    label: str  # accessible name: '5 of bamboo'
    char: str  # Unicode tile, the text fallback
    turned: bool = False  # the claimed tile of a melded set
    winning: bool = False


@dataclass(frozen=True)
class SetView:
    kind: str  # 'chow', 'pung', 'kong', 'concealed-kong', 'tiles', 'winning', 'flowers'
    label: str  # accessible name of the group
    tiles: tuple[TileView, ...]

    @property
    def melded(self) -> bool:
        return self.kind in ("chow", "pung", "kong")


@dataclass(frozen=True)
class HandView:
    sets: tuple[SetView, ...]  # melded sets and concealed kongs, as declared
    concealed: SetView  # the concealed tiles without the winning tile
    winning: SetView
    flowers: SetView | None
    notation: str
    label: str  # one sentence read by a screen reader before the tiles


def tile_view(t: int, *, turned: bool = False, winning: bool = False) -> TileView:
    return TileView(T.code(t), T.name(t), T.unicode_char(t), turned, winning)


def back_view(t: int) -> TileView:
    # A face-down tile still says what it is: the reader is told what the table hides.
    return TileView("back", f"{T.name(t)}, face down", BACK_CHAR)


def bonus_view(index: int) -> TileView:
    kind = "flower" if index < 4 else "season"
    return TileView(_BONUS[index], f"{kind}: {_BONUS_NAMES[index]}", _BONUS_CHARS[index])


def set_view(meld: Meld) -> SetView:
    tiles = meld.tiles
    if meld.concealed:
        shown = (back_view(tiles[0]), tile_view(tiles[1]), tile_view(tiles[2]), back_view(tiles[3]))
        return SetView("concealed-kong", f"concealed kong of {T.name(meld.tile)}", shown)
    # Notation does not record which tile was claimed; the first one is turned, as a picture of the idea.
    shown = tuple(tile_view(t, turned=(i == 0)) for i, t in enumerate(tiles))
    return SetView(meld.kind, f"melded {meld.kind}: {_names(tiles, meld.kind)}", shown)


def tiles_view(tiles, kind: str = "tiles") -> SetView:
    return SetView(kind, ", ".join(T.name(t) for t in tiles), tuple(tile_view(t) for t in tiles))


def _names(tiles, kind: str) -> str:
    if kind == "chow":
        ranks = "-".join(str(T.rank_of(t)) for t in tiles)
        return f"{ranks} of {T.SUIT_NAMES[T.suit_of(tiles[0])]}"
    return T.name(tiles[0])


def inline_sets(text: str) -> tuple[SetView, ...]:
    """Tiles written in a sentence, '123m [EEE] {9999s}', in the order written.

    Loose groups keep their written order (a lesson may show '9m 1m' on purpose);
    bracketed groups must be real sets, as in a hand."""
    groups = text.split()
    if not groups:
        raise NotationError("No tiles between (( and )): write tiles such as ((123m)).")
    out = []
    for group in groups:
        if group[0] in "[{":
            hand = parse_hand(group)
            if hand.concealed or len(hand.melds) != 1:
                raise NotationError(f"'{group}' must be a single set, such as [123m] or {{9999s}}.")
            out.append(set_view(hand.melds[0]))
        else:
            out.append(tiles_view(parse_tiles(group)))
    return tuple(out)


def picture_sets(text: str) -> tuple[SetView, ...]:
    """The fan card's picture of a fan: tiles as in a sentence, where '+5s' is the winning tile
    and 'flower' a flower ('[555s] +5s', '12m +3m')."""
    out = []
    for group in text.split():
        if group == "flower":
            out.append(SetView("flowers", "a flower", (bonus_view(0),)))
        elif group.startswith("+"):
            tiles = parse_tiles(group[1:])
            if len(tiles) != 1:
                raise NotationError(f"'{group}': '+' marks one winning tile, such as +5s.")
            out.append(SetView("winning", f"winning tile: {T.name(tiles[0])}", (tile_view(tiles[0], winning=True),)))
        else:
            out.extend(inline_sets(group))
    if not out:
        raise NotationError("No tiles in the picture: write tiles such as 123m 456m 789m.")
    return tuple(out)


def hand_view(hand: Hand, win: int, flowers: int = 0) -> HandView:
    """The picture of a winning hand. The winning tile must be among the concealed tiles."""
    concealed = list(hand.concealed)
    if win not in concealed:
        raise NotationError(
            f"The winning tile {T.code(win)} is not among the concealed tiles: "
            "write it with the other loose tiles, not inside a melded set."
        )
    concealed.remove(win)
    sets = tuple(set_view(m) for m in sorted(hand.melds, key=lambda m: m.concealed))
    winning = SetView("winning", f"winning tile: {T.name(win)}", (tile_view(win, winning=True),))
    bonus = None
    if flowers:
        bonus = SetView("flowers", f"{flowers} flower {'tile' if flowers == 1 else 'tiles'}",
                        tuple(bonus_view(i) for i in range(flowers)))
    label = _hand_label(hand, win, flowers)
    return HandView(sets, tiles_view(concealed, "concealed"), winning, bonus, hand.notation(), label)


def _hand_label(hand: Hand, win: int, flowers: int) -> str:
    """What a screen reader hears for a hand: its sets and tiles by name, never its notation.
    'Hand: melded pung of East wind; concealed tiles 1, 2, 3 of characters; ...; winning tile 5 of bamboo'."""
    parts = [meld_name(m) for m in sorted(hand.melds, key=lambda m: m.concealed)]
    concealed = list(hand.concealed)
    concealed.remove(win)
    if concealed:
        parts.append("concealed tiles " + runs_name(concealed))
    return _spoken("Hand", parts, win, flowers)


def _spoken(lead: str, parts: list[str], win: int, flowers: int) -> str:
    parts = parts + [f"winning tile {T.name(win)}"]
    if flowers:
        parts.append(f"{flowers} {'flower' if flowers == 1 else 'flowers'}")
    return f"{lead}: " + "; ".join(parts)


def meld_name(meld: Meld) -> str:
    """'melded chow 1-2-3 of characters', 'concealed kong of red dragon'."""
    if meld.concealed:
        return f"concealed kong of {T.name(meld.tile)}"
    return f"melded {meld.kind} {'' if meld.kind == 'chow' else 'of '}{_names(meld.tiles, meld.kind)}"


def runs_name(tiles) -> str:
    """Loose tiles by suit: '1, 2, 3 of characters; 5, 5 of bamboo; 2 East wind tiles; red dragon'."""
    tiles = sorted(tiles)
    out = []
    for suit in T.SUITS:
        ranks = [str(T.rank_of(t)) for t in tiles if T.suit_of(t) == suit]
        if ranks:
            out.append(f"{', '.join(ranks)} of {T.SUIT_NAMES[suit]}")
    honors = [t for t in tiles if T.suit_of(t) is None]
    for t in dict.fromkeys(honors):
        n = honors.count(t)
        out.append(T.name(t) if n == 1 else f"{n} {T.name(t)} tiles")
    return "; ".join(out)


# ------------------------------------------------------------------------ a hand as the engine read it


@dataclass(frozen=True)
class ReadingView:
    """A scored hand drawn as the sets it was read as (tutor.rules.divisions.Division): each chow,
    pung, kong and pair apart, a special form's knitted or paired tiles, the winning tile marked
    inside the set it completed."""

    groups: tuple[SetView, ...]
    winning_group: int  # index in groups of the set drawn with the winning tile
    flowers: SetView | None
    label: str
    melded: bool  # some set was claimed: a tile is drawn turned


# Fans that say which set the winning tile completed.
_PAIR_WAITS = ("single-wait",)
_CHOW_WAITS = ("edge-wait", "closed-wait")


def reading_view(hand: Hand, division, win: int, flowers: int = 0, fans: tuple[str, ...] = ()) -> ReadingView:
    """The picture of a hand as read. division: the engine's chosen Division; fans: slugs counted
    (a wait fan says where the winning tile went: the pair for Single Wait, a chow for Edge or Closed Wait)."""
    melds = list(hand.melds)
    views: list[SetView] = []
    names: list[str] = []
    loose: list[tuple] = []  # (index in views, group) of the concealed sets, where the winning tile may be
    if division.knitted:
        knitted = list(division.knitted)
        if division.pair is not None and division.pair.tile in knitted and not division.sets:
            knitted.remove(division.pair.tile)  # thirteen orphans: the pair's tiles are drawn as the pair
        names.append("knitted tiles " + runs_name(knitted))
        views.append(SetView("knitted", names[-1], tiles_view(knitted).tiles))
        loose.append((0, ("knitted", tuple(knitted))))
    for group in division.sets:
        meld = _declared(melds, group)
        if meld is not None:
            views.append(set_view(meld))
            names.append(meld_name(meld))
            continue
        view = _concealed_group(group.kind, group.tile)
        loose.append((len(views), group))
        views.append(view)
        names.append(view.label)
    pairs = ([division.pair.tile] if division.pair is not None else []) + list(division.pairs)
    for tile in pairs:
        loose.append((len(views), ("pair", tile)))
        view = _concealed_group("pair", tile)
        views.append(view)
        names.append(view.label)
    at = _winning_index(loose, win, fans)
    group = views[at]
    marked, done = [], False
    for t in group.tiles:
        if not done and t.symbol == T.code(win):
            t, done = TileView(t.symbol, t.label, t.char, t.turned, True), True
        marked.append(t)
    views[at] = SetView(group.kind, group.label, tuple(marked))
    bonus = None
    if flowers:
        bonus = SetView("flowers", f"{flowers} flower {'tile' if flowers == 1 else 'tiles'}",
                        tuple(bonus_view(i) for i in range(flowers)))
    return ReadingView(tuple(views), at, bonus, _spoken("Hand read as", names, win, flowers),
                       any(t.turned for v in views for t in v.tiles))


def _declared(melds: list, group) -> Meld | None:
    """The declared set a division's group stands for (taken from melds, so two alike match once)."""
    if not group.declared:
        return None
    for meld in melds:
        if meld.tile == group.tile and (meld.kind == group.kind) and meld.concealed == (not group.open):
            melds.remove(meld)
            return meld
    return None


def _concealed_group(kind: str, tile: int) -> SetView:
    if kind == "chow":
        tiles = (tile, tile + 1, tile + 2)
        label = f"chow {_names(tiles, 'chow')}"
    else:
        tiles = (tile,) * {"pair": 2, "pung": 3, "kong": 4}[kind]
        label = f"{kind} of {T.name(tile)}"
    return SetView(kind, label, tuple(tile_view(t) for t in tiles))


def _winning_index(loose: list[tuple], win: int, fans: tuple[str, ...]) -> int:
    def holds(group) -> bool:
        kind, tile = group[0], group[1]
        if kind == "knitted":
            return win in tile
        return win in ((tile, tile + 1, tile + 2) if kind == "chow" else (tile,))

    candidates = [(i, g) for i, g in loose if holds(g)]
    if not candidates:
        return loose[0][0] if loose else 0

    def prefer(item) -> int:
        _, g = item
        kind = g[0]
        if kind == "pair" and any(f in fans for f in _PAIR_WAITS):
            return 0
        if kind == "chow" and any(f in fans for f in _CHOW_WAITS):
            return 0
        if kind == "pung" and getattr(g, "open", False):
            return 0  # a pung the winning discard completed
        if kind == "knitted" or (kind == "pair" and len(loose) > 5):  # special forms: any tile alike
            return 1
        return 2 if kind == "pair" else 1

    return min(candidates, key=prefer)[0]
