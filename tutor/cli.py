"""The `tutor` command: score a hand, build the site, serve it with the backend."""

from __future__ import annotations

import argparse
import json
import sys

from tutor.answers.scoring import parse_fan_key
from tutor.rules.editions import DEFAULT_EDITION, EDITIONS
from tutor.rules.engine import HandError, Situation, score
from tutor.rules.explain import explain_text
from tutor.rules.notation import NotationError, parse_hand
from tutor.serve import serve
from tutor.site import main as site_main
from tutor.views.scored import ScoredHand


def _score_command(args: argparse.Namespace) -> int:
    try:
        hand = parse_hand(args.hand)
        situation = Situation.from_mapping(
            {
                "win": args.win,
                "self_drawn": args.self_drawn,
                "seat_wind": args.seat_wind,
                "prevalent_wind": args.prevalent_wind,
                "flowers": args.flowers,
                "last_tile": args.last_tile,
                "last_wall_tile": args.last_wall_tile,
                "replacement_tile": args.replacement_tile,
                "robbing_kong": args.robbing_kong,
            }
        )
        why_not = [parse_fan_key(v) for v in args.why_not]
        result = score(hand, situation, args.rules, why_not)
    except (HandError, NotationError) as error:
        print(f"tutor: {error}", file=sys.stderr)
        return 2
    if args.json:
        print(json.dumps(ScoredHand.of(result).to_json(), ensure_ascii=False, indent=2))
    else:
        print(explain_text(result))
    return 0


def _build_command(args: argparse.Namespace) -> int:
    return site_main(args.site_args)


def _serve_command(args: argparse.Namespace) -> int:
    return serve(host=args.host, port=args.port, build=not args.no_build, watch=args.watch, workers=args.workers, reload=args.reload)


def parser() -> argparse.ArgumentParser:
    top = argparse.ArgumentParser(prog="tutor", description="Learn and score Chinese Official Mahjong.")
    commands = top.add_subparsers(dest="command", required=True)

    sc = commands.add_parser("score", help="score a winning hand and explain it")
    sc.add_argument("hand", help='hand notation, such as "[EEE] 123m 456p 789s 55s"')
    sc.add_argument("--win", required=True, help="the winning tile, such as 5s")
    sc.add_argument("--self-drawn", action="store_true")
    sc.add_argument("--seat-wind", default="E", choices="ESWN")
    sc.add_argument("--prevalent-wind", default="E", choices="ESWN")
    sc.add_argument("--flowers", type=int, default=0)
    sc.add_argument("--last-tile", action="store_true", help="the other three copies of the winning tile were shown")
    sc.add_argument("--last-wall-tile", action="store_true")
    sc.add_argument("--replacement-tile", action="store_true")
    sc.add_argument("--robbing-kong", action="store_true")
    sc.add_argument("--rules", default=DEFAULT_EDITION, choices=list(EDITIONS))
    sc.add_argument("--why-not", nargs="*", default=[], metavar="FAN", help="fan numbers or slugs to explain")
    sc.add_argument("--json", action="store_true", help="print the API's JSON instead of text")
    sc.set_defaults(run=_score_command)

    bd = commands.add_parser("build", help="build the static site (same as python build.py)")
    bd.add_argument("site_args", nargs=argparse.REMAINDER, help="options passed to the site builder")
    bd.set_defaults(run=_build_command)

    sv = commands.add_parser("serve", help="build the site and serve it with the scoring backend")
    sv.add_argument("--host", help="address to listen on (default: TUTOR_BIND's, or 127.0.0.1)")
    sv.add_argument("--port", type=int, help="port (default: TUTOR_BIND's, or 8000)")
    sv.add_argument("--workers", type=int, help="worker processes (default: TUTOR_WORKERS, or one per core)")
    sv.add_argument("--no-build", action="store_true", help="serve the site as last built")
    sv.add_argument("--watch", action="store_true", help="rebuild the site when content changes")
    sv.add_argument("--reload", action="store_true",
                    help="for authors: restart on a change of code, templates or site.toml, and rebuild on content")
    sv.set_defaults(run=_serve_command)
    return top


def main(argv: list[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    if argv[:1] == ["build"]:
        # The site builder has its own options (--draft, --out, --watch ...): hand them over whole.
        return site_main(argv[1:])
    args = parser().parse_args(argv)
    try:
        return args.run(args)
    except BrokenPipeError:  # the reader stopped early (tutor score ... | head): not an error
        sys.stderr.close()
        return 0


if __name__ == "__main__":
    raise SystemExit(main())
