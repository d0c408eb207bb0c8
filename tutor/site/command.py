"""The build's command line: python build.py / tutor build, once or watching for changes."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from tutor.views.config import PROJECT

from .build import run_once
from .watch import watch


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
                        help="use no cache: compile the templates, render every page and deal the quiz bank "
                             "afresh (ROOT/.site-cache/ and the caches in the system's temporary folder are "
                             "neither read nor written)")
    argv = list(sys.argv[1:] if argv is None else argv)
    if argv[:1] == ["--"]:
        argv = argv[1:]  # `tutor build -- --draft` passes the separator through
    args = parser.parse_args(argv)
    if args.watch:
        watch(args.root, args.out, args.config, draft=args.draft, cache=not args.no_cache)
        return 0
    return run_once(args.root, args.out, args.config, draft=args.draft, cache=not args.no_cache)
