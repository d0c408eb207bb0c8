"""The checks of the wait fans: Edge Wait, Closed Wait and Single Wait."""

from __future__ import annotations

from functools import lru_cache

from tutor.rules import tiles as T
from tutor.rules.checks.found import SPECIAL_FORM_NAMES, tile_list, won_on
from tutor.rules.checks.gates import CLOSED_WAIT, EDGE_WAIT, SINGLE_WAIT, check
from tutor.rules.divisions import KNITTED_STRAIGHT, STANDARD
from tutor.rules.notation import format_tiles
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
    if view.win_role != role:
        # Not this wait; the reasons are built only if someone asks (the waits cost time).
        return Miss(build=lambda: _wait_miss(view) or _other_role(view, role))
    if not view.only_wait:
        return Miss(build=lambda: _wait_miss(view))  # the reason lists the waits: written only if read
    return [_wait_occurrence(view.win, label)]


def _other_role(view: View, role: str) -> str:
    """Why the winning tile does not make this wait, in a reading where it makes no other wait fan
    that counts (that case is answered by tutor.rules.whynot, naming the fan that counts)."""
    fit = win_fit(view, role)
    if not win_roles(view):
        return f"is not counted: {fit}"  # the tile completes a special form's tiles, not a set or the pair
    return f"{_NEEDS[role]}; {fit}"


# What each wait fan asks of the winning tile, as the start of its reason.
_NEEDS = {
    "edge": "needs the winning tile to be the 3 of a 12 or the 7 of an 89",
    "closed": "needs the winning tile to be the middle tile of a chow",
    "single": "needs the winning tile to complete the pair",
}
_COULD_NOT = {"edge": "could not have completed an edge", "closed": "could not have filled a gap",
              "single": "could not have made the pair"}
_ROLE_WORDS = {"edge": "as an edge wait", "closed": "as a closed wait", "single": "as a single wait", "side": "at one end",
               "pung": "as a pung"}


def win_roles(view: View) -> list[tuple[str, str]]:
    """What the winning tile completes in this reading: (role, the set or pair in notation) for
    each concealed set or pair it can complete. Roles: edge, closed, single (the pair), side
    (either end of a chow, not an edge) and pung."""
    win = view.win
    found = []
    for i, g in enumerate(view.sets):
        if g.declared or not g.tiles.count(win):
            continue
        if g.kind == "chow":
            tile = g.tile
            edge = (win == tile + 2 and tile % 9 == 0) or (win == tile and tile % 9 == 6)
            found.append(("closed" if win == tile + 1 else "edge" if edge else "side", view.show([i])))
        else:
            found.append(("pung", f"the {g.kind} {view.show([i])}"))
    if view.pair is not None and view.pair.tile == win:
        found.append(("single", f"the pair {format_tiles(view.pair.tiles)}"))
    return found


def win_fit(view: View, role: str) -> str:
    """How the winning tile stands to the wait `role` in this reading, as a clause: it could not
    play that role (and what it completes instead), it also plays a role read first, or it
    completes the knitted part (which scores no wait fan)."""
    code = T.code(view.win)
    roles = win_roles(view)
    if not roles and view.form == KNITTED_STRAIGHT:
        # The site's ruling (content/rulings.md, waits with a Knitted Straight).
        return f"{code} completes the knitted straight, and a tile that completes the knitted part scores no wait fan"
    if not roles and view.form != STANDARD:
        return f"{code} completes {SPECIAL_FORM_NAMES[view.form]}, and that special form scores no wait fan"
    if any(r == role for r, _ in roles):
        chosen = view.win_role
        return f"{code} also completes {_role_set(roles, chosen)} {_ROLE_WORDS[chosen]}, and that wait is read first"
    if not roles:
        return f"{code} {_COULD_NOT[role]}"
    completes = " or ".join(f"{text} {_ROLE_WORDS[r]}" if r in ("edge", "closed", "side") else text for r, text in roles)
    return f"{code} {_COULD_NOT[role]}, since it completes {completes}"


def _role_set(roles: list[tuple[str, str]], role: str | None) -> str:
    return next(text for r, text in roles if r == role)


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

