"""A cache of rendered markdown, so a rebuild only renders the pages that changed.

Rendering markdown (tiles, scored hands) is most of a build's work. Each page's
result is stored under a key made of everything that can change it: the page's
own text and address, the addresses of every page (links resolve to them), the
templates, the site configuration, and the source of tutor itself (the engine
scores the hands). A page that reported problems is never stored, so its
problems show on every build until fixed. Entries are JSON, never pickles, and
entries not used by the latest build are removed.

The cache lives in <root>/.site-cache/ (ignored by git); delete it at any time. A build process
that builds again (watch mode) also keeps entries in memory (tutor.site.memory): the cache
answers from there first, without reading or decoding, and with or without its folder.
"""

from __future__ import annotations

import functools
import hashlib
import json
from pathlib import Path

CACHE_FOLDER = ".site-cache"  # under the project root: the pages' cache
FORMAT = "3"  # bump when the stored shape changes
TUTOR = Path(__file__).resolve().parent.parent  # the tutor package: engine, tables, this builder


def fingerprint(*parts) -> str:
    """A digest of the site-wide inputs: strings, and folders or files whose contents count."""
    digest = hashlib.sha256(FORMAT.encode())
    for part in parts:
        if isinstance(part, Path):
            for file in sorted(part.rglob("*.*") if part.is_dir() else [part]):
                if file.is_file() and "__pycache__" not in file.parts:
                    digest.update(file.as_posix().encode())
                    digest.update(file.read_bytes())
        else:
            digest.update(repr(part).encode())
    return digest.hexdigest()


@functools.cache
def tutor_source() -> str:
    """A digest of tutor's own source, read once per process: the code a process renders with
    does not change while it runs, so what it caches is keyed by the source it started with."""
    return fingerprint(TUTOR)


class RenderCache:
    def __init__(self, folder: Path | None, site_fingerprint: str, memory=None):
        self.folder = folder
        self.site = site_fingerprint
        self.memory = memory  # a BuildMemory (tutor.site.memory), or None
        self.used: set[str] = set()
        if folder:
            folder.mkdir(parents=True, exist_ok=True)

    def key(self, *page_parts) -> str:
        digest = hashlib.sha256(self.site.encode())
        for part in page_parts:
            digest.update(b"\0" + repr(part).encode())
        return digest.hexdigest()

    def get(self, key: str) -> dict | None:
        found = self.recall(key)
        if found is not None:
            self.used.add(key)
            return found
        if not self.folder:
            return None
        self.used.add(key)
        try:
            found = json.loads((self.folder / f"{key}.json").read_text(encoding="utf-8"))
        except (OSError, ValueError):
            return None  # missing or damaged: render again
        return self.remember(key, found)

    def put(self, key: str, value: dict) -> None:
        self.remember(key, value)
        if not self.folder:
            return
        self.used.add(key)
        target = self.folder / f"{key}.json"
        partial = target.with_suffix(".tmp")
        try:
            partial.write_text(json.dumps(value, ensure_ascii=False), encoding="utf-8")
            partial.replace(target)
        except OSError:
            pass  # a cache that cannot be written only makes the next build slower

    def keep(self, key: str) -> None:
        """Mark an entry as used by this build, though it was not read (pruning keeps it)."""
        self.used.add(key)

    def recall(self, key: str):
        """What the build process's memory kept under key (never on disk), or None."""
        return self.memory.recall(key) if self.memory is not None else None

    def remember(self, key: str, value):
        return self.memory.remember(key, value) if self.memory is not None else value

    def prune(self) -> None:
        """Remove entries this build did not use."""
        if not self.folder:
            return
        for file in self.folder.glob("*.json"):
            if file.stem not in self.used:
                file.unlink(missing_ok=True)

    def keep_newest(self, count: int) -> None:
        """Remove all but the newest `count` entries (for a cache shared by several projects)."""
        if not self.folder:
            return
        entries = sorted(self.folder.glob("*.json"), key=lambda f: f.stat().st_mtime, reverse=True)
        for file in entries[count:]:
            if file.stem not in self.used:
                file.unlink(missing_ok=True)
