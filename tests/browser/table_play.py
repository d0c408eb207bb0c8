"""Hands for the table's browser tests, found by playing the pure game (never hard-coded): the
learner's seat played by a bot, each learner decision kept as the button value the page sends."""

from __future__ import annotations

from dataclasses import dataclass

from tutor.practice.table import table as G
from tutor.practice.table.bots import policy
from tutor.practice.table.play import options
from tutor.practice.table.record import Record, parse_record, replay
from tutor.views.table import move_value


@dataclass
class Played:
    seed: int
    level: int
    clicks: list[str]  # the learner's moves as the page's buttons say them
    answers: list[dict]  # table.answer after each click (the first: the hand as dealt)
    refused_at: int | None = None  # the click (index) at which a declaration under 8 was offered


def play(seed: int, level: int = 1, learner_level: int = 2, limit: int = 60) -> Played:
    """The hand played to its end (or `limit` clicks), the learner's seat by a bot of learner_level."""
    brain = policy(learner_level)
    data = {"rules": "wmo", "seed": seed, "level": level, "moves": []}
    answered = G.answer(data)
    played = Played(seed, level, [], [answered])
    while answered["result"] is None and len(played.clicks) < limit:
        record = parse_record(answered["record"])
        state = replay(record)
        seat = G.learner_seat(record)
        legal = [m["action"] for m in answered["legal"]]
        if played.refused_at is None and "win" in legal:
            tried = dict(answered["record"], moves=[*answered["record"]["moves"], {"seat": "ESWN"[seat], "action": "win"}])
            if G.answer(tried)["refused"]:
                played.refused_at = len(played.clicks)
        move = brain.choose(state, seat, options(state, seat)).to_json()
        played.clicks.append(move_value(move))
        answered = G.answer(dict(answered["record"], moves=[*answered["record"]["moves"], move]))
        played.answers.append(answered)
    return played


def find(predicate, level: int = 1, seeds=range(1, 400)) -> Played:
    for seed in seeds:
        played = play(seed, level)
        if predicate(played):
            return played
    raise AssertionError("no seed in the range plays such a hand")


def learner_won_self_drawn(played: Played) -> bool:
    result = played.answers[-1]["result"]
    me = played.answers[-1]["view"]["seat"]
    return bool(result and result["winner"] == me and result["request"].get("self_drawn"))


def has_click(action: str):
    return lambda played: any(c.split(" ")[0] == action for c in played.clicks)


__all__ = ["Played", "Record", "find", "has_click", "learner_won_self_drawn", "play"]
