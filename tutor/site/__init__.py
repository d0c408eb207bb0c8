"""The static site: content/ (markdown) + templates/ + static/ -> a folder any static host can serve.

    python build.py [--out site] [--draft] [--watch]

build_site() and watch() are the entry points for `tutor build` / `tutor serve`;
main(argv) is the command line. See builder.py for the phases.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from .builder import BuildReport, build_site
from .problems import BuildFailed, Problem
from .watch import watch

__all__ = ["BuildFailed", "BuildReport", "Problem", "build_site", "main", "watch"]


PROJECT = Path(__file__).resolve().parent.parent.parent  # the checkout holding tutor/, content/, ...


def default_root() -> Path:
    """The folder here if it holds content/, else this checkout (so `tutor build` works from anywhere)."""
    here = Path.cwd()
    return here if (here / "content").is_dir() else PROJECT


def main(argv=None, *, root: Path | None = None) -> int:
    parser = argparse.ArgumentParser(prog="build.py", description="Build the tutor static site.")
    parser.add_argument("--root", type=Path, default=root or default_root(),
                        help="project folder holding content/, templates/, static/ (default: here, or this checkout)")
    parser.add_argument("--out", type=Path, help="output folder (default: ROOT/site)")
    parser.add_argument("--config", type=Path, help="club configuration (default: ROOT/site.toml)")
    parser.add_argument("--draft", action="store_true",
                        help="build even while some fans have no page yet (their pages show the table only)")
    parser.add_argument("--watch", action="store_true", help="rebuild whenever a source file changes")
    parser.add_argument("--no-cache", action="store_true",
                        help="use no cache: render every page and deal the quiz bank afresh "
                             "(ROOT/.site-cache/ is neither read nor written)")
    argv = list(sys.argv[1:] if argv is None else argv)
    if argv[:1] == ["--"]:
        argv = argv[1:]  # `tutor build -- --draft` passes the separator through
    args = parser.parse_args(argv)
    if args.watch:
        watch(args.root, args.out, args.config, draft=args.draft, cache=not args.no_cache)
        return 0
    return run_once(args.root, args.out, args.config, draft=args.draft, cache=not args.no_cache)


def run_once(root, out=None, config=None, *, draft: bool = False, cache: bool = True, stream=sys.stderr) -> int:
    """Build once and print the outcome; 0 on success, 1 with file:line problems otherwise."""
    try:
        report = build_site(root, out, config, draft=draft, cache=cache)
    except BuildFailed as failed:
        for problem in failed.problems:
            print(problem, file=stream)
        count = len(failed.problems)
        print(f"Build failed: {count} {'problem' if count == 1 else 'problems'}; nothing was written.", file=stream)
        return 1
    for warning in report.warnings:
        print(f"warning: {warning}", file=stream)
    print(f"Built {report.pages} pages into {report.out_dir} in {report.seconds:.2f} s.", file=stream)
    return 0
