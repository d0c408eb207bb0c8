"""The chance of a declarable win before the wall runs out: a seeded Monte-Carlo estimate.

Each play-out deals the rest of the wall at random from the unseen tiles, one tile in four
to the player and three to the others, who discard what they draw. The player plays a
simple policy:

    a drawn tile that does not lower the shanten is discarded at once;
    one that does is kept, and the tile let go is the one that leaves the hand closest to
    ready, with the most useful tiles; on becoming ready, the one whose waits score 8 or more
    with the most unseen copies (the route to 8);
    a tile that completes the hand, drawn or discarded by another player, wins only with 8
    points without flowers (scored self-drawn or on a discard); a smaller win is passed over
    and the play-out goes on.

It is only an estimate: the player claims a discard only to win (no chow, pung or kong), the
other players never win first, never keep a tile the player needs and discard as they draw,
and the policy is
simpler than a strong player. Each play-out is seeded by (seed, its number), so the same seed
and number of play-outs always give the same estimate, and every discard of one hand meets the
same walls (common random numbers, which make the comparison between discards fairer). A time
budget stops early; the answer then says how many play-outs it ran.
"""

from __future__ import annotations

import random
from dataclasses import replace
from time import perf_counter

from tutor.practice.value.model import Chance
from tutor.practice.value.routes import scored
from tutor.rules.engine import Situation
from tutor.rules.notation import Hand
from tutor.rules.shanten import useful_tiles
from tutor.rules.waits import waits_of


class _Policy:
    """The play-out policy, with what it has worked out kept for the other play-outs."""

    def __init__(self, hand: Hand, situation: Situation, edition: str, unseen: list[int]):
        self.melds = hand.melds
        self.sets = len(hand.melds)
        self.edition = edition
        self.unseen = unseen
        plain = replace(situation, last_tile=False, last_wall_tile=False, replacement_tile=False, robbing_kong=False)
        self.ways = (replace(plain, self_drawn=False), replace(plain, self_drawn=True))  # on a discard, drawn
        self._useful: dict[tuple[int, ...], tuple[int, frozenset[int]]] = {}
        self._choice: dict[tuple[int, ...], int] = {}
        self._declarable: dict[tuple[tuple[int, ...], int, bool], bool] = {}

    def useful(self, counts: tuple[int, ...]) -> tuple[int, frozenset[int]]:
        found = self._useful.get(counts)
        if found is None:
            found = self._useful[counts] = useful_tiles(list(counts), self.sets)
        return found

    def declarable(self, counts: tuple[int, ...], win: int, drawn: bool = True) -> bool:
        """Does the 13-tile hand `counts`, completed by `win` (drawn, or on a discard), score 8 or more?"""
        key = (counts, win, drawn)
        found = self._declarable.get(key)
        if found is None:
            complete = []
            for t, n in enumerate(counts):
                complete.extend([t] * (n + (t == win)))
            result = scored(self.melds, tuple(complete), replace(self.ways[drawn], win=win), self.edition)
            found = self._declarable[key] = result is not None and result.meets_minimum
        return found

    def let_go(self, counts: tuple[int, ...]) -> int:
        """The tile to let go from 14 tiles (see the module docstring)."""
        found = self._choice.get(counts)
        if found is not None:
            return found
        options = []
        for d in range(34):
            if counts[d]:
                after = list(counts)
                after[d] -= 1
                after_t = tuple(after)
                shanten, useful = self.useful(after_t)
                options.append((shanten, d, after_t, useful))
        least = min(o[0] for o in options)
        options = [o for o in options if o[0] == least]
        if least == 0:
            def worth(option):
                waits = waits_of(list(option[2]), self.sets)
                return sum(self.unseen[w] for w in waits if self.declarable(option[2], w))
        else:
            def worth(option):
                return sum(self.unseen[t] for t in option[3])
        found = self._choice[counts] = max(options, key=lambda o: (worth(o), -o[1]))[1]
        return found

    def play(self, start: tuple[int, ...], wall: list[int]) -> bool:
        """One play-out: the player draws wall[0], wall[4], ...; the others discard the rest."""
        counts = list(start)
        shanten, useful = self.useful(start)
        for i, t in enumerate(wall):
            if t not in useful:
                continue
            mine = i % 4 == 0
            if shanten == 0:
                if self.declarable(tuple(counts), t, mine):
                    return True
                continue  # a win under 8 cannot be declared: pass it over
            if not mine:
                continue  # another player's discard, claimed only to win
            counts[t] += 1
            counts[self.let_go(tuple(counts))] -= 1
            shanten, useful = self.useful(tuple(counts))
        return False


def estimate(hand: Hand, situation: Situation, edition: str, unseen: list[int], wall: int, playouts: int,
             budget_ms: float | None, seed: int) -> Chance:
    """The chance that the 13-tile hand reaches a declarable win before the `wall` tiles left run out."""
    pool = [t for t in range(34) for _ in range(unseen[t])]
    wall = min(wall, len(pool))
    policy = _Policy(hand, situation, edition, unseen)
    start = [0] * 34
    for t in hand.concealed:
        start[t] += 1
    begin = perf_counter()
    wins = samples = 0
    for n in range(playouts):
        if budget_ms is not None and samples and (perf_counter() - begin) * 1000 >= budget_ms:
            break
        wins += policy.play(tuple(start), random.Random(f"{seed}|{n}").sample(pool, wall))
        samples += 1
    return Chance(wins, samples, (wall + 3) // 4, seed, budget_ms)
