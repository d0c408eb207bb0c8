"""The checks of the wait fans: Edge Wait, Closed Wait and Single Wait."""

from __future__ import annotations

from functools import lru_cache

from tutor.rules import tiles as T
from tutor.rules.checks.found import tile_list, won_on
from tutor.rules.checks.gates import CLOSED_WAIT, EDGE_WAIT, SINGLE_WAIT, check
from tutor.rules.reading import Found, Miss, Occurrence, View


def _wait_miss(view: View) -> str | None:
    if not view.only_wait:
        return (
            "only counts when the winning tile was the only tile that could complete the hand; "
            f"it waited on {tile_list(view.waits)}"
        )
    return None


def _wait_fan(view: View, role: str, label: str):
    # When the winning tile fits several roles the reading follows edge, then closed, then single.
    chosen = view.win_role
    if chosen != role:
        # Not this wait; the reasons are built only if someone asks (the waits cost time).
        def reason() -> str:
            miss = _wait_miss(view)
            if miss:
                return miss
            if chosen:
                return f"the winning tile {T.code(view.win)} reads as {'an' if chosen == 'edge' else 'a'} {chosen} wait here"
            return f"the winning tile {T.code(view.win)} does not complete a concealed chow or the pair this way"

        return Miss(build=reason)
    if not view.only_wait:
        return Miss(build=lambda: _wait_miss(view))  # the reason lists the waits: written only if read
    return [_wait_occurrence(view.win, label)]


@lru_cache(maxsize=1 << 7)  # bounded: 34 tiles times three waits
def _wait_occurrence(win: int, label: str) -> Occurrence:
    return won_on(win, f"won on {T.code(win)}, {label}")


@check("edge-wait", when=EDGE_WAIT)
def edge_wait(view: View) -> Found:
    return _wait_fan(view, "edge", "the 3 of a 12 or the 7 of an 89")


@check("closed-wait", when=CLOSED_WAIT)
def closed_wait(view: View) -> Found:
    return _wait_fan(view, "closed", "the middle tile of a chow")


@check("single-wait", when=SINGLE_WAIT)
def single_wait(view: View) -> Found:
    return _wait_fan(view, "single", "completing the pair")

