"""Seats over a 16-hand game, read from static/data/seating.json (the one source).

Lesson 13 shows the rotation in two tables, written by a ```seating block:

    ```seating
    table: hands            the seat wind of each player in each hand of a round, dealer in bold
    round: E                (hands only; the round by its prevalent wind, E by default)
    names: Ana, Ben, Cai, Dee
    ```

    ```seating
    table: chairs           who sits in which chair in each round
    names: Ana, Ben, Cai, Dee
    ```

The block becomes markdown table lines, so the tables render (and scroll on a phone)
like any other table. The file's model is tutor.practice.seating, which the practice table
reads too; the score sheet (static/js/scoresheet-rules.js) reads the same file, and tests/js/
check the two readings agree with the lesson.
"""

from __future__ import annotations

import json
import re

from tutor.practice.seating import SEATING_FILE, Seating, SeatingError, load, parse

__all__ = ["SEATING_FILE", "Seating", "SeatingError", "load", "block_lines", "sheet_context"]  # the build reads the model here

_NAME = re.compile(r"^[^\s|*_`\[\]<>&\\!#~()][^|*_`\[\]<>&\\!#~()]{0,39}$")


def block_lines(seating: Seating, body: dict[str, str]) -> list[str]:
    """The markdown table of a ```seating block; SeatingError for a bad key or value."""
    unknown = set(body) - {"table", "round", "names"}
    if unknown:
        raise SeatingError(f"unknown key {sorted(unknown)[0]!r} (known: table, round, names)")
    players = [name.strip() for name in body.get("names", "").split(",")]
    if len(players) != 4 or not all(_NAME.match(name) for name in players) or len(set(players)) != 4:
        raise SeatingError("names: four different names, separated by commas, without markdown characters")
    table = body.get("table")
    if table == "chairs":
        if "round" in body:
            raise SeatingError("round: only for 'table: hands'")
        return chairs_table(seating, players)
    if table == "hands":
        round_wind = body.get("round", seating.rounds[0])
        if round_wind not in seating.rounds:
            raise SeatingError(f"round: one of {', '.join(seating.rounds)}")
        return hands_table(seating, players, seating.rounds.index(round_wind))
    raise SeatingError("table: 'hands' or 'chairs'")


def hands_table(seating: Seating, players: list[str], round_index: int) -> list[str]:
    lines = ["| Hand | " + " | ".join(players) + " |", "|" + " --- |" * 5]
    per_round = seating.hands_per_round()
    for hand in range(per_round):
        cells = []
        for player in range(4):
            wind = seating.seat_wind(round_index, hand, player)
            name = seating.wind_names[wind]
            cells.append(f"**{name}**" if wind == seating.winds[0] else name)
        lines.append(f"| {round_index * per_round + hand + 1} | " + " | ".join(cells) + " |")
    return lines


def chairs_table(seating: Seating, players: list[str]) -> list[str]:
    names = seating.wind_names
    lines = ["| Round | " + " | ".join(f"{names[w]} chair" for w in seating.winds) + " |", "|" + " --- |" * 5]
    per_round = seating.hands_per_round()
    for index, wind in enumerate(seating.rounds):
        first, last = index * per_round + 1, (index + 1) * per_round
        sitting = " | ".join(players[player] for player in seating.chairs[index])
        lines.append(f"| {names[wind]} (hands {first} to {last}) | {sitting} |")
    return lines


def sheet_context(raw: bytes) -> dict:
    """What templates/scoresheet.html needs from the seating file (its bytes): the file itself as
    JSON for the script, and the 16 rows laid out in HTML before the script runs. SeatingError
    when the file is not a seating file."""
    try:
        data = json.loads(raw)
    except ValueError as err:
        raise SeatingError(f"{SEATING_FILE}: {err}") from None
    seating = parse(data)
    return {
        # Not run (type application/json), so the strict CSP allows it; '<' escaped so no tag can close it.
        "seating_json": json.dumps(data, ensure_ascii=False, separators=(",", ":")).replace("<", "\\u003c"),
        "plan": sheet_plan(seating),
        "wind_names": seating.wind_names,
        "dealer_wind": seating.winds[0],
    }


def sheet_plan(seating: Seating) -> list[dict]:
    """The 16 hands as the score sheet lays them out before any is played, for the page's HTML
    (static/js/scoresheet-view.js draws the same rows with the players' names):
    {number, prevalent, seats: [seat wind of each player], chairs: [player in each chair] on the
    first hand of each round after the first, else None}."""
    rows, per_round = [], seating.hands_per_round()
    for round_index, prevalent in enumerate(seating.rounds):
        for hand in range(per_round):
            rows.append({
                "number": round_index * per_round + hand + 1,
                "prevalent": prevalent,
                "seats": [seating.seat_wind(round_index, hand, player) for player in range(4)],
                "chairs": list(seating.chairs[round_index]) if round_index and not hand else None,
            })
    return rows
