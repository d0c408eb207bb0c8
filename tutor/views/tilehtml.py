"""Tiles as HTML: the one place that draws a tile, a set or a hand's tiles.

Each tile is an inline <svg> that uses a symbol of the sprite, named for screen
readers ("5 of bamboo"), with the Unicode tile drawn underneath as the text
fallback when the sprite cannot load. A hand page holds hundreds of tiles, so
this is plain Python with a cache rather than a template macro: the same tile
with the same sprite address is built once per build. Templates reach it as the
global `tiles` (tiles.hand(hand, sprite), tiles.sets(sets, sprite)).
"""

from __future__ import annotations

from html import escape

from markupsafe import Markup

from tutor.views.tileview import HandView, ReadingView, SetView, TileView

# The ids of a page's picture symbols (TileRenderer.picture_symbols): "pt-5s".
PICTURE_TILE = "pt-"
# Tile groups that are just tiles in a row; every other kind is a named set (role=group).
_PLAIN = ("tiles", "concealed")


class TileRenderer:
    def __init__(self, gettext=lambda text: text):
        self._ = gettext
        self._tiles: dict = {}
        self._sets: dict = {}

    def tile(self, view: TileView, sprite: str) -> str:
        key = (view, sprite)
        if key not in self._tiles:
            self._tiles[key] = _tile(view, sprite, self._("turned: the claimed tile"))
        return self._tiles[key]

    def set(self, view: SetView, sprite: str) -> str:
        key = (view, sprite)
        if view.kind in _PLAIN:
            # Loose tiles (a hand's concealed part) are any mix of tiles: kept, they would grow a
            # server's memory with every hand it draws. Sets and flowers are a bounded few.
            return self._render_set(view, sprite)
        if key not in self._sets:
            self._sets[key] = self._render_set(view, sprite)
        return self._sets[key]

    def _render_set(self, view: SetView, sprite: str) -> str:
        inner = "".join(self.tile(t, sprite) for t in view.tiles)
        if view.kind in _PLAIN:
            return f'<span class="tile-set tile-set-{view.kind}">{inner}</span>'
        return (f'<span class="tile-set tile-set-{view.kind}" role="group" '
                f'aria-label="{escape(view.label)}">{inner}</span>')

    def sets(self, views, sprite: str) -> Markup:
        """Tiles in a sentence: ((123m [EEE]))."""
        return Markup('<span class="tiles-inline">' + "".join(self.set(v, sprite) for v in views) + "</span>")

    def picture(self, views) -> Markup:
        """A small picture of tiles (the fan card's 81): one image named once, its tiles bare svgs
        that use the page's own symbols (picture_symbols)."""
        label = escape("; ".join(v.label for v in views))
        inner = "".join(f'<span class="tile-set tile-set-{v.kind}">{"".join(_picture_tile(t) for t in v.tiles)}</span>'
                        for v in views)
        return Markup(f'<span class="tiles-inline" role="img" aria-label="{label}">{inner}</span>')

    @staticmethod
    def picture_symbols(pictures, sprite: str) -> Markup:
        """Once on a page of pictures: a symbol for each tile they show, that uses the sprite's.
        700 tiles on the fan card then each name a short local id instead of the sprite's address
        (70 bytes less a tile, 45 KB on that page); the art is the sprite's all the same."""
        symbols = sorted({t.symbol for views in pictures for v in views for t in v.tiles})
        defined = "".join(f'<symbol id="{PICTURE_TILE}{symbol}" viewBox="0 0 60 80">'
                          f'<use href="{escape(sprite)}#tile-{symbol}"/></symbol>' for symbol in symbols)
        return Markup(f'<svg class="picture-symbols" aria-hidden="true">{defined}</svg>')

    def hand(self, hand: HandView, sprite: str) -> Markup:
        """A winning hand: declared sets apart, then the concealed tiles, the winning tile, the flowers."""
        parts = [self.set(s, sprite) for s in hand.sets]
        if hand.concealed.tiles:
            parts.append(self.set(hand.concealed, sprite))
        winning = hand.winning
        parts.append(f'<span class="tile-set tile-set-winning" role="group" aria-label="{escape(winning.label)}">'
                     f'<span class="winning-mark" aria-hidden="true">{escape(self._("win"))}</span>'
                     f"{self.tile(winning.tiles[0], sprite)}</span>")
        if hand.flowers:
            parts.append(self.set(hand.flowers, sprite))
        return Markup(f'<div class="hand" role="group" aria-label="{escape(hand.label)}">{"".join(parts)}</div>')

    def reading(self, view: ReadingView, sprite: str) -> Markup:
        """A scored hand as the engine read it: each set apart, the winning tile marked in its set."""
        parts = []
        for i, group in enumerate(view.groups):
            if i != view.winning_group:
                parts.append(self.set(group, sprite))
                continue
            inner = "".join(self.tile(t, sprite) for t in group.tiles)
            parts.append(f'<span class="tile-set tile-set-{group.kind} tile-set-winning" role="group" '
                         f'aria-label="{escape(group.label)}">'
                         f'<span class="winning-mark" aria-hidden="true">{escape(self._("win"))}</span>{inner}</span>')
        if view.flowers:
            parts.append(self.set(view.flowers, sprite))
        return Markup(f'<div class="hand hand-read" role="group" aria-label="{escape(view.label)}">{"".join(parts)}</div>')


def _tile(view: TileView, sprite: str, turned_text: str) -> str:
    # Kept lean (a page holds hundreds of these): the text's size and anchor live in site.css,
    # role=img makes the <text> presentational, so it needs no aria-hidden, and aria-label names
    # the tile, so it needs no <title> saying the same again (200 tiles made 6 KB of a lesson).
    use = f"{escape(sprite)}#tile-{view.symbol}"
    if view.turned:
        # Drawn lying down: the 60x80 symbol rotated a quarter turn into an 80x60 box.
        label = escape(f"{view.label}, {turned_text}")
        return (f'<svg class="tile tile-turned" role="img" aria-label="{label}" viewBox="0 0 80 60">'
                f'<text x="40" y="48">{view.char}</text>'
                f'<use href="{use}" width="60" height="80" transform="translate(80 0) rotate(90)"/></svg>')
    label = escape(view.label)
    classes = "tile tile-winning" if view.winning else "tile"
    return (f'<svg class="{classes}" role="img" aria-label="{label}" viewBox="0 0 60 80">'
            f'<text x="30" y="60">{view.char}</text><use href="{use}"/></svg>')


def _picture_tile(view: TileView) -> str:
    # Inside a picture that is named as a whole: no name or text fallback of its own. The symbol
    # has the tile's viewBox; the svg's size is site.css's (svg.tile).
    use = f"#{PICTURE_TILE}{view.symbol}"
    if view.turned:
        return (f'<svg class="tile tile-turned" viewBox="0 0 80 60">'
                f'<use href="{use}" width="60" height="80" transform="translate(80 0) rotate(90)"/></svg>')
    if view.winning:
        return f'<svg class="tile tile-winning"><use href="{use}"/></svg>'
    return f'<svg><use href="{use}"/></svg>'  # sized as a tile by site.css: 700 of them
