"""A scored hand in words, for a person at a terminal (the `tutor score` command).

The reasons themselves are made where each decision is taken (tutor.rules.checks and the
principle passes in tutor.rules.engine); this module only lays them out.
"""

from __future__ import annotations

from tutor.rules import tiles as T
from tutor.rules.editions import DEFAULT_EDITION
from tutor.rules.engine import MINIMUM_POINTS, Result


def explain_text(result: Result) -> str:
    lines = []
    s = result.situation
    how = "self-drawn" if s.self_drawn else "on a discard"
    lines.append(f"Hand: {result.hand.notation()}   won {how} on {T.code(s.win)}")
    lines.append(
        f"Seat wind {s.seat_wind}, prevalent wind {s.prevalent_wind}, flowers {s.flowers}, rules {result.edition}"
        + ("" if result.edition == DEFAULT_EDITION else " (not the default)")
    )
    lines.append(f"Read as: {' '.join(result.division.describe())} ({result.division.form.replace('_', ' ')})")
    lines.append("")
    lines.append("Fans counted:")
    width = max((len(f.fan.name) for f in result.fans), default=10)
    for f in result.fans:
        times = f" x{f.count}" if f.count > 1 else ""
        lines.append(f"  {f.fan.id:>2} {f.fan.name:<{width}} {f.points:>3}{times:<4} {f.reason}")
    lines.append(f"Total: {result.total} points")
    if result.meets_minimum:
        lines.append(f"Meets the {MINIMUM_POINTS}-point minimum ({result.points_without_flowers} without flowers).")
    else:
        lines.append(
            f"Below the {MINIMUM_POINTS}-point minimum: {result.points_without_flowers} without flowers, "
            "so this hand may not be declared a win."
        )
    if result.excluded:
        lines.append("")
        lines.append("Also in the hand but not counted:")
        for e in result.excluded:
            lines.append(f"  {e.fan.id:>2} {e.fan.name}: {e.reason}")
    if result.why_not:
        lines.append("")
        lines.append("You asked about:")
        for w in result.why_not:
            lines.append(f"  {w.fan.id:>2} {w.reason}")
    pay = result.payments()
    lines.append("")
    if pay is None:
        lines.append("No payment: a hand below the minimum may not be declared.")
    elif s.self_drawn:
        lines.append(f"Payment: each other player pays {pay['each_player']} (the winner receives {pay['winner_receives']}).")
    else:
        lines.append(
            f"Payment: the discarder pays {pay['discarder']}, the other two pay {pay['each_other_player']} each "
            f"(the winner receives {pay['winner_receives']})."
        )
    return "\n".join(lines)
