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
    melded = len(hand.open_melds)
    kongs = sum(1 for m in hand.melds if m.concealed)
    parts = [f"{melded} melded {'set' if melded == 1 else 'sets'}"] if melded else ["no melded sets"]
    if kongs:
        parts.append(f"{kongs} concealed {'kong' if kongs == 1 else 'kongs'}")
    parts.append(f"winning tile {T.name(win)}")
    if flowers:
        parts.append(f"{flowers} {'flower' if flowers == 1 else 'flowers'}")
    return f"Hand {hand.notation()}: " + ", ".join(parts)
