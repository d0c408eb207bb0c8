"""Watch mode: rebuild the site whenever a source file changes.

Polling modification times keeps this free of dependencies and works the same on
every platform; a content tree of a few hundred files is scanned in milliseconds.
The builds share one BuildMemory (tutor.site.memory), so each rebuild makes again and
writes only what the change touched.
"""

from __future__ import annotations

import time
from pathlib import Path

from .build import run_once
from .memory import BuildMemory

WATCHED = ("content", "templates", "static")


def snapshot(root: Path, config: Path | None = None) -> dict[str, int]:
    """Modification time (ns) of every watched file, keyed by path."""
    stamps = {}
    for folder in WATCHED:
        base = root / folder
        if base.is_dir():
            for file in base.rglob("*"):
                if file.is_file():
                    stamps[str(file)] = file.stat().st_mtime_ns
    for single in (config or root / "site.toml",):
        if single.exists():
            stamps[str(single)] = single.stat().st_mtime_ns
    return stamps


def watch(root, out=None, config=None, *, draft: bool = False, cache: bool = True, interval: float = 0.5,
          rounds: int | None = None, on_build=None) -> None:
    """Build now, then again after each change, until interrupted (or after `rounds` polls, for tests).

    on_build(exit_code) is called after every build; by default the outcome is printed."""
    root = Path(root)
    config = Path(config) if config else None
    report = on_build or (lambda code: None)
    memory = BuildMemory()
    # Snapshot first: a file saved while the first build runs still triggers a rebuild.
    seen = snapshot(root, config)
    report(run_once(root, out, config, draft=draft, cache=cache, memory=memory))
    print(f"Watching {', '.join(WATCHED)} and site.toml; Ctrl-C stops.", flush=True)
    polls = 0
    try:
        while rounds is None or polls < rounds:
            time.sleep(interval)
            polls += 1
            now = snapshot(root, config)
            if now != seen:
                seen = now
                report(run_once(root, out, config, draft=draft, cache=cache, memory=memory))
    except KeyboardInterrupt:
        pass
