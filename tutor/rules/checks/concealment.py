"""The checks of concealment: Concealed Hand, Fully Concealed Hand and Melded Hand."""

from __future__ import annotations

from tutor.rules.checks.found import whole
from tutor.rules.checks.gates import FOUR_CLAIMED_SETS, NO_CLAIMED_SETS_ON_A_DISCARD, NO_CLAIMED_SETS_SELF_DRAWN, check
from tutor.rules.reading import Found, Miss, View


@check("concealed-hand", when=NO_CLAIMED_SETS_ON_A_DISCARD)
def concealed_hand(view: View) -> Found:
    if view.open_melds:
        return Miss("needs no claimed sets; this hand has melded sets")
    if view.self_drawn:
        return Miss("needs a win on a discard (a self-drawn concealed hand scores Fully Concealed Hand)")
    return whole(view, "no claimed sets, won on a discard")


@check("fully-concealed-hand", when=NO_CLAIMED_SETS_SELF_DRAWN)
def fully_concealed_hand(view: View) -> Found:
    if view.open_melds:
        return Miss("needs no claimed sets; this hand has melded sets")
    if not view.self_drawn:
        return Miss("needs a self-drawn winning tile")
    return whole(view, "no claimed sets and a self-drawn winning tile")


@check("melded-hand", when=FOUR_CLAIMED_SETS)
def melded_hand(view: View) -> Found:
    open_sets = view.open_melds
    if len(open_sets) == 4 and not view.self_drawn and len(view.hand.concealed) == 2:
        return whole(view, "four claimed sets and a pair completed by a discard")
    if view.self_drawn:
        return Miss("needs the pair completed by a discarded tile; this hand was self-drawn")
    return Miss(build=lambda: f"needs four claimed sets; this hand has {len(open_sets)}")

