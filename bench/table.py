"""Time the practice table's bots and clicks, and measure how strong each bot level is.

    .venv/bin/python bench/table.py [--hands 60] [--clicks 200] [--strength 300] [--seed 1]
                                    [--processes 1] [--levels 1,2,3]

(--strength 1000 --processes 2 for the issue's 1,000 hands, shared by two processes; 0 to
time only.)

1. Bot move time per level (every decision of --hands bot-only hands): median and p95
   against the issue's targets at levels 1 and 2 (median <= 20 ms, p95 <= 100 ms).
2. One click at levels 2 and 3: the whole request as the server would answer it (read the
   record, replay it, play the bots to the learner's next decision, write the view and
   legal moves), for --clicks clicks taken along hands in which the learner plays as a
   level-1 bot: median and p95 (target at level 2: median <= 100 ms; level 3 has none,
   its play-outs cost what they cost), and the replay's share.
3. Strength over --strength seeded hands: one seat plays the level tested, the three
   others level 1, the tested seat moving round the table from hand to hand. Printed:
   the tested seat's win rate (with its standard error), points per hand (payments), and
   the points of its wins, with level 1 against itself as the baseline (a quarter of the
   wins) and each level's margin over it; every level plays the same seeds. Level 3 plays
   a few hundred milliseconds of play-outs a hand, so 1,000 hands take some minutes of CPU:
   --processes shares them, and the CPU time printed is that of all the processes.

Times are the process's CPU time (see _clock).
"""

from __future__ import annotations

import argparse
import math
import multiprocessing
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from tutor.practice.table.bots import policy  # noqa: E402
from tutor.practice.table.play import apply, options, to_decide  # noqa: E402
from tutor.practice.table.record import Record, parse_record, replay  # noqa: E402
from tutor.practice.table.state import OVER  # noqa: E402
from tutor.practice.table.table import answer, learner_seat  # noqa: E402

TARGET_MEDIAN_MS, TARGET_P95_MS, TARGET_CLICK_MS = 20.0, 100.0, 100.0

# The CPU time of this process: on a machine shared with other work (eight sessions on two
# cores, as these were written), wall time measures the queue for a core, not the bot.
_clock = time.process_time


def _quantiles(times: list[float]) -> tuple[float, float]:
    times = sorted(times)
    return statistics.median(times) * 1e3, times[int(0.95 * (len(times) - 1))] * 1e3


def bot_move_times(level: int, hands: int, seed: int) -> list[float]:
    bot, times = policy(level), []
    for n in range(hands):
        state = replay(Record("wmo", seed + n, (), level, n % 16))
        while state.phase != OVER:
            seat = to_decide(state)[0]
            allowed = options(state, seat)
            start = _clock()
            move = bot.choose(state, seat, allowed)
            times.append(_clock() - start)
            apply(state, move)
    return times


def click_times(clicks: int, seed: int, level: int = 2) -> tuple[list[float], list[float]]:
    """Times of whole clicks, and of the replay within each."""
    learner_bot = policy(1)
    totals, replays, n = [], [], 0
    while len(totals) < clicks:
        request = {"rules": "wmo", "seed": seed + n, "moves": [], "level": level, "hand": n % 16}
        n += 1
        while len(totals) < clicks:
            start = _clock()
            reply = answer(request)
            totals.append(_clock() - start)
            record = parse_record(reply["record"])
            start = _clock()
            state = replay(record)
            replays.append(_clock() - start)
            if reply["result"] is not None:
                break
            seat = learner_seat(record)
            move = learner_bot.choose(state, seat, options(state, seat))
            request = {**reply["record"], "moves": reply["record"]["moves"] + [move.to_json()]}
    return totals, replays


def strength_part(level: int, first: int, hands: int, seed: int) -> tuple[int, int, int, int, float]:
    """Hands first .. first+hands-1 of the strength run: (hands, wins, points gained, points
    of the wins, CPU seconds), so that processes can share the run."""
    start = _clock()
    tested, base = policy(level), policy(1)
    wins = gained = won_points = 0
    for n in range(first, first + hands):
        seat_tested = n % 4
        state = replay(Record("wmo", seed + n, (), 1, n % 16))
        while state.phase != OVER:
            seat = to_decide(state)[0]
            bot = tested if seat == seat_tested else base
            apply(state, bot.choose(state, seat, options(state, seat)))
        outcome = state.outcome
        gained += outcome.payments[seat_tested]
        if outcome.winner == seat_tested:
            wins += 1
            won_points += outcome.result.total
    return hands, wins, gained, won_points, _clock() - start


def strength(level: int, hands: int, seed: int, processes: int = 1) -> dict[str, float]:
    """The tested seat's results over `hands` hands, shared by `processes` processes (the
    same hands whatever the count), with the CPU time they took together."""
    shares = [hands // processes + (i < hands % processes) for i in range(processes)]
    parts = [(level, sum(shares[:i]), shares[i], seed) for i in range(processes)]
    if processes == 1:
        found = [strength_part(*parts[0])]
    else:
        with multiprocessing.get_context("spawn").Pool(processes) as pool:
            found = pool.starmap(strength_part, parts)
    played, wins, gained, won_points, cpu = (sum(column) for column in zip(*found))
    rate = wins / played
    return {"hands": played, "win_rate": rate, "win_rate_se": math.sqrt(rate * (1 - rate) / played),
            "points_per_hand": gained / played, "points_per_win": won_points / max(wins, 1), "cpu": cpu}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=60)
    parser.add_argument("--clicks", type=int, default=200)
    parser.add_argument("--strength", type=int, default=300)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--processes", type=int, default=1, help="share the strength hands among this many processes")
    parser.add_argument("--levels", default="1,2,3", help="the levels whose move time is measured, such as 1,2")
    args = parser.parse_args()

    print(f"bot move time over {args.hands} bot-only hands per level")
    for level in (int(x) for x in args.levels.split(",")):
        times = bot_move_times(level, args.hands, args.seed)
        median, p95 = _quantiles(times)
        verdict = "" if level == 3 else ("  ok" if median <= TARGET_MEDIAN_MS and p95 <= TARGET_P95_MS else "  OVER TARGET")
        print(f"  level {level}: {len(times)} moves, median {median:.2f} ms, p95 {p95:.2f} ms, max {max(times) * 1e3:.1f} ms"
              f"{verdict}")

    for level in (2, 3):
        totals, replays = click_times(args.clicks, args.seed + 10_000, level)
        median, p95 = _quantiles(totals)
        replay_median, _ = _quantiles(replays)
        verdict = ("ok" if median <= TARGET_CLICK_MS else "OVER TARGET") if level == 2 else "no target"
        print(f"one click at level {level} (advance to the learner's next decision), {len(totals)} clicks: "
              f"median {median:.2f} ms, p95 {p95:.2f} ms ({verdict}); its replay alone: median {replay_median:.2f} ms")

    if args.strength < 1:
        return
    print(f"strength over {args.strength} hands (the same seeds at every level, {args.processes} process(es)): "
          "the tested seat against three level-1 bots")
    base = None
    for level in (1, 2, 3):
        found = strength(level, args.strength, args.seed + 20_000, args.processes)
        base = base or found
        margin = (f"; against level 1: win rate {found['win_rate'] - base['win_rate']:+.1%}, "
                  f"points per hand {found['points_per_hand'] - base['points_per_hand']:+.2f}") if level > 1 else " (the baseline)"
        print(f"  level {level}: {found['hands']} hands, win rate {found['win_rate']:.1%} (± {found['win_rate_se']:.1%}), "
              f"points per hand {found['points_per_hand']:+.2f}, points per win {found['points_per_win']:.1f}{margin}; "
              f"CPU {found['cpu']:.0f} s", flush=True)


if __name__ == "__main__":
    main()
