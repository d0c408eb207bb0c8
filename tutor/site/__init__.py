"""The static site: content/ (markdown) + templates/ + static/ -> a folder any static host can serve.

    python build.py [--out site] [--draft] [--watch]

build_site() and watch() are the entry points for `tutor build` / `tutor serve`;
main(argv) is the command line. See build.py for the phases.
"""

from __future__ import annotations

from pathlib import Path

from tutor.views.config import PROJECT
from tutor.views.page import Frame
from tutor.views.problems import BuildFailed, Problem

from .build import BuildReport, build_site, read_site, run_once
from .command import main
from .watch import watch

__all__ = ["BuildFailed", "BuildReport", "Problem", "build_site", "PROJECT", "main", "read_frame", "read_site", "run_once", "watch"]




def read_frame(root: Path, config_path: Path) -> Frame:
    """What every page shares (configuration, templates, static versions, navigation), read from
    the sources as the build reads them; the backend renders its pages with it (tutor.app)."""
    return read_site(root, config_path, draft=True).frame


