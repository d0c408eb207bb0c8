"""The practice table as its page shows it: one click's answer (tutor.practice.table.table.answer)
turned into tiles, sets, buttons and sentences for templates/fragments/table_area.html.

    table_context     the page's context: the table, the learner's moves as buttons, what the
                      bots did since the learner's last move, the result or the refusal
    move_value        a move as the page's form sends it ('discard 5s', 'pung 4s', 'pass')
    said              a move in words, for the live region ('South discards 7 of dots.')
    game_view         a game of 16 hands: each player's seat wind and total, each finished hand,
                      and the game as the score sheet's hands (static/js/table-sheet.js)

Pure: no Flask, no files; the backend and the browser's engine render the same context.
"""

from __future__ import annotations

import json
from typing import Any

from tutor.practice.table.coach import UNREAD
from tutor.practice.table.game import HANDS_PER_GAME, LEARNER, hand_seating
from tutor.practice.table.moves import SEATS
from tutor.practice.table.wall import FLOWER_NAMES
from tutor.rules import tiles as T
from tutor.views.tileview import SetView, TileView, back_view, bonus_view, tile_view

WIND_WORDS = {"E": "East", "S": "South", "W": "West", "N": "North"}
LEVEL_NAMES = {1: "Beginner bots: tile efficiency only", 2: "Bots that steer toward 8 points",
               3: "Bots that also weigh their chances"}
_CODE = {code: t for t, code in enumerate(T.CODES)}
# The game's players as the totals and the score sheet name them: the learner is player 0.
PLAYER_NAMES = ("You", "Bot 1", "Bot 2", "Bot 3")


def move_value(move: dict[str, Any]) -> str:
    """The value of the button that makes this move: its action, and its tile when it has one."""
    return f"{move['action']} {move['tile']}" if "tile" in move else move["action"]


def _chow_words(code: str) -> str:
    t = _CODE[code]
    return f"{T.rank_of(t)}-{T.rank_of(t) + 1}-{T.rank_of(t) + 2} of {T.SUIT_NAMES[T.suit_of(t)]}"


def said(move: dict[str, Any]) -> str:
    """A move in words: what the live region reads after a bot plays."""
    who, action = WIND_WORDS[move["seat"]], move["action"]
    if action == "chow":
        return f"{who} claims a chow, {_chow_words(move['tile'])}."
    tile = T.name(_CODE[move["tile"]]) if "tile" in move else ""
    return {
        "discard": f"{who} discards {tile}.",
        "pung": f"{who} claims {tile} for a pung.",
        "kong": f"{who} declares a kong of {tile}.",
        "win": f"{who} declares a win.",
        "pass": f"{who} passes.",
    }[action]


def button_label(move: dict[str, Any]) -> str:
    """What a claim, kong, win or pass button says."""
    action = move["action"]
    if action == "chow":
        return f"Chow {_chow_words(move['tile'])}"
    if action in ("pung", "kong"):
        return f"{action.capitalize()} {T.name(_CODE[move['tile']])}"
    return {"win": "Declare a win (Mahjong)", "pass": "Pass", "discard": "Discard"}[action]


def _set_view(shown: dict[str, Any]) -> SetView:
    """A set on the table, with the seat it was claimed from in its name."""
    source = f", claimed from {WIND_WORDS[shown['from']]}" if shown["from"] else ""
    if shown["tiles"] is None:  # another seat's concealed kong: face down
        return SetView("concealed-kong", "a concealed kong, face down", tuple(back_view(0) for _ in range(4)))
    tiles = [_CODE[c] for c in shown["tiles"]]
    claimed = _CODE[shown["claimed"]] if shown["claimed"] else None
    turned_done, views = False, []
    for t in tiles:
        turn = not turned_done and claimed is not None and t == claimed
        turned_done = turned_done or turn
        views.append(tile_view(t, turned=turn))
    if shown["concealed"]:
        label = f"concealed kong of {T.name(tiles[0])}"
        views = [back_view(tiles[0]), views[1], views[2], back_view(tiles[3])]
        return SetView("concealed-kong", label, tuple(views))
    what = _chow_words(shown["tiles"][0]) if shown["kind"] == "chow" else T.name(tiles[0])
    return SetView(shown["kind"], f"{shown['kind']} of {what}{source}", tuple(views))


def _flower_views(names: list[str]) -> tuple[TileView, ...]:
    return tuple(bonus_view(FLOWER_NAMES.index(name)) for name in names)


def _player(shown: dict[str, Any], me: str) -> dict[str, Any]:
    return {
        "seat": shown["seat"],
        "name": "You" if shown["seat"] == me else WIND_WORDS[shown["seat"]],
        "wind": WIND_WORDS[shown["seat"]],
        "me": shown["seat"] == me,
        "concealed": shown["concealed"],
        "sets": [_set_view(s) for s in shown["sets"]],
        "discards": [(tile_view(_CODE[d["tile"]]), WIND_WORDS[d["claimed_by"]] if d["claimed_by"] else None)
                     for d in shown["discards"]],
        "flowers": _flower_views(shown["flowers"]),
    }


def _hand(view: dict[str, Any], legal: list[dict[str, Any]]) -> tuple[list[dict[str, Any]], dict[str, Any] | None]:
    """The learner's concealed tiles in order, the drawn tile apart, each with the discard button's
    value when it may be discarded."""
    discards = {m["tile"] for m in legal if m["action"] == "discard"}
    codes = list(view["tiles"])
    drawn = view.get("drawn")
    if drawn in codes:
        codes.remove(drawn)

    def entry(code: str) -> dict[str, Any]:
        return {"tile": tile_view(_CODE[code]), "code": code,
                "move": f"discard {code}" if code in discards else None}
    return [entry(c) for c in codes], (entry(drawn) if drawn else None)


def _move_words(move: dict[str, Any]) -> str:
    if move["action"] == "discard":
        return f"Discard {T.name(_CODE[move['tile']])}"
    return button_label(move)


def hint_view(coaching: dict[str, Any]) -> dict[str, Any]:
    """The coach's ranking: the best move with its sentence, then the others with their values."""
    moves = coaching["moves"]
    return {"best": _move_words(moves[0]["move"]), "reason": moves[0]["reason"] or coaching["reason"],
            "ranking": [{"label": _move_words(m["move"]), "value": m["value"], "percent": f"{100 * m['value']:.0f}%",
                         "shape": _where(m["shape"]), "value_of": move_value(m["move"])} for m in moves[:6]]}


def _where(shape: dict[str, int]) -> dict[str, Any]:
    """A move's shape (tutor.practice.table.coach.Shape) as the page says it."""
    return {**shape, "unread": shape["from_ready"] >= UNREAD}


def _standing(where: dict[str, int]) -> tuple[int, int]:
    return where["from_ready"], -where["useful"]  # less is better, as the coach ranks


def _given_up(mistake: dict[str, Any]) -> dict[str, Any]:
    """What a mistake cost, as the review says it: "value" (percentage points of the chance of a
    win), "shape" (the chance the same, the hand left further from ready or with fewer useful
    tiles) or "little" (under a tenth of a point, the shape no worse)."""
    points = 100 * mistake["lost"]
    shape = mistake["shape"]
    if points >= 0.05:
        kind = "value"
    elif _standing(shape["chose"]) > _standing(shape["best"]):
        kind = "shape"
    else:
        kind = "little"
    return {"given_up": kind, "lost": f"{points:.0f}" if points >= 1 else f"{points:.1f}",
            "shape": {side: _where(where) for side, where in shape.items()}}


def review_view(review: dict[str, Any], seat: str) -> dict[str, Any]:
    """The review: the match rate, every mistake and the three costliest, each with the position's
    calculator query (the hand, its winds)."""
    def mistake(m: dict[str, Any]) -> dict[str, Any]:
        query = [("h", m["hand"]), ("seat_wind", m["seat_wind"]), ("prevalent_wind", m["prevalent_wind"])]
        return {"move": m["move"], "chose": _move_words(m["chose"]), "best": _move_words(m["best"]),
                "sentence": m["sentence"], "query": query, **_given_up(m)}
    rate = review["match_rate"]
    return {"decisions": review["decisions"], "matched": review["matched"],
            "rate": None if rate is None else f"{100 * rate:.0f}%",
            "mistakes": [mistake(m) for m in review["mistakes"]],
            "costliest": [mistake(m) for m in review["costliest"]]}


def table_context(edition: str, *, answered: dict[str, Any] | None = None, record_text: str = "",
                  before: int = 0, coach: bool = False, result: dict[str, Any] | None = None,
                  refused: dict[str, Any] | None = None, hint: dict[str, Any] | None = None,
                  review: dict[str, Any] | None = None, error: str | None = None,
                  level: int = 2) -> dict[str, Any]:
    """The page: `answered` is table.answer's dict; `before` how many moves the record had before
    the bots played (their moves since are announced); result and refused hold the calculator's
    result_view of the winning hand or of the refused declaration."""
    context: dict[str, Any] = {"title": "Practice table", "edition": edition, "default_edition": edition,
                               "coach": coach, "error": error,
                               "levels": LEVEL_NAMES, "level": level, "table": None,
                               "game": None}  # a game of 16 hands: game_view, set by the answer
    if answered is None:
        return context
    view, legal = answered["view"], answered["legal"]
    me = view["seat"]
    order = SEATS.index(me)
    players = [_player(view["players"][(order + i) % 4], me) for i in range(4)]
    tiles, drawn = _hand(view, legal)
    moves = answered["record"]["moves"]
    offer = view.get("offer")
    context.update({
        "table": {
            "seat": me, "seat_name": WIND_WORDS[me], "prevalent": WIND_WORDS[view["prevalent_wind"]],
            "wall": view["wall"], "players": players, "me": players[0], "others": players[1:],
            "tiles": tiles, "drawn": drawn,
            "offer": None if offer is None else {"tile": tile_view(_CODE[offer["tile"]]), "from": WIND_WORDS[offer["from"]],
                                                 "kind": offer["kind"]},
            "buttons": [{"value": move_value(m), "label": button_label(m), "action": m["action"]}
                        for m in legal if m["action"] != "discard"],
            "discarding": any(m["action"] == "discard" for m in legal),
            "choices": len({move_value(m) for m in legal}),
            "said": [said(m) for m in moves[before:] if m["seat"] != me],
            "over": answered["result"] is not None,
            "moves": len(moves),
        },
        "record_text": record_text,
        "edition": answered["record"]["rules"],
        "level": answered["record"]["level"],
        "outcome": answered["result"],
        "result": result,
        "refused": refused,
        "hint": None if hint is None else hint_view(hint),
        "review": None if review is None else review_view(review, me),
    })
    return context


def signed(points: int) -> str:
    """A gain or a payment as the score sheet writes it: +49, −33 (a minus sign), 0."""
    return f"{points:+d}".replace("-", "\u2212") if points else "0"


def _hand_words(result: dict[str, Any]) -> str:
    if result["draw"]:
        return "Draw"
    winner = PLAYER_NAMES[result["winner"]]
    if result["discarder"] is None:
        return f"{winner} won, self-drawn, {result['points']} points"
    payer = "your" if result["discarder"] == LEARNER else f"{PLAYER_NAMES[result['discarder']]}’s"
    return f"{winner} won on {payer} discard, {result['points']} points"


def _sheet_event(result: dict[str, Any]) -> dict[str, Any]:
    """A finished hand as the score sheet's game file holds it (static/js/scoresheet-rules.js)."""
    if result["draw"]:
        return {"type": "hand", "result": "draw"}
    event = {"type": "hand", "result": "win", "winner": result["winner"], "discarder": result["discarder"],
             "points": result["points"], "flowers": result["flowers"]}
    if result.get("from"):  # the hand's calculator address, when the answer gave it
        event["from"] = result["from"]
    return event


def game_view(totals: dict[str, Any], hand: int, *, seed: int, over: bool, game_text: str, finished_text: str,
              saved_text: str = "") -> dict[str, Any]:
    """The game panel: hand `hand` (0..15) in play or just over, `totals` game_totals of the hands
    finished; game_text the records before this hand (the form carries them), finished_text those
    with this one once it is over (the next hand's form carries them), saved_text the whole game
    as one JSON text to keep (tutor.answers.table.export_game); seed the game's (its first hand's)."""
    seating = hand_seating(hand)
    running = totals["totals"]
    now = running[-1] if running else [0, 0, 0, 0]
    rows = []
    for number, (result, after) in enumerate(zip(totals["results"], running)):
        before = running[number - 1] if number else [0, 0, 0, 0]
        rows.append({"number": number + 1, "words": _hand_words(result),
                     "changes": [signed(a - b) for a, b in zip(after, before)], "totals": [signed(t) for t in after]})
    # The game's id on the sheet follows from its seed, so sending it again replaces the copy sent before.
    sheet = {"id": f"table-{seed}", "players": list(PLAYER_NAMES), "events": [_sheet_event(r) for r in totals["results"]]}
    return {
        "number": hand + 1, "of": HANDS_PER_GAME, "prevalent": WIND_WORDS[seating.prevalent],
        "players": [{"name": name, "me": p == LEARNER, "wind": WIND_WORDS[SEATS[seating.seat_of(p)]], "total": signed(now[p])}
                    for p, name in enumerate(PLAYER_NAMES)],
        "rows": rows, "finished": len(rows), "over": over,
        "next": hand + 2 if over and hand + 1 < HANDS_PER_GAME else None,
        "game_text": game_text, "finished_text": finished_text, "saved_text": saved_text,
        "sheet": json.dumps(sheet, separators=(",", ":")),
    }
