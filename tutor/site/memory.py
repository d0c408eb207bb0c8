"""What a build process keeps from one build to the next, so that a rebuild in the same process
(build.py --watch, tutor serve --reload) makes again only what changed, and writes only the
files whose bytes changed.

    memory = BuildMemory()
    build_site(root, memory=memory)     # a full build, remembered
    build_site(root, memory=memory)     # after an edit: what the edit changed, the rest reused

Everything is kept with the inputs it was made from, and reused only when the next build finds
the same inputs: most under a key that digests them (as the render cache's keys do: cache.py),
a page's link check beside the very objects it checked:

    a source's markdown, rendered     its render-cache key (its text and address, and every
                                      site-wide input of the markdown); also on disk
    the banks (quiz, drills)          their cache keys; also on disk
    a source's page (OutputPage)      its markdown key, its front matter, and the frame key
    the pages the build makes         the frame key
    the engine bundle                 the stat of every file it holds (engine_bundle.bundle_key)
    a page's link check               the page itself, the site's files, the ids it links to

The frame key (build.frame_key) digests what the templates read besides the page's own source:
the site-wide inputs of the markdown, every source's front matter (the titles, order and
summaries in the navigation and the lists) and every static file's version. So an edit to the
text of one page makes that page again; an edit to a title makes every page again through its
template, each from its kept markdown; a new or deleted page, a change to a template or to
site.toml makes everything again. (tutor's own source counts as the process read it first: a
running process renders with the code it started with.)

Beside these: the sources as read, by their text (pages.read_content(known=...)), the static
files' digests and minified stylesheets by their stat (StaticFiles(known=...)), the digests of
written files by their content, and the output folder as last swapped in (output.Output), from
which the next build links its unchanged files instead of writing them. What a build
makes is kept even when the build then fails (it is keyed by its inputs); the output is only
replaced by a build that swapped its folder in. A successful build drops what it did not use.
"""

from __future__ import annotations

from typing import Any

from .offline import ContentDigests


class BuildMemory:
    def __init__(self) -> None:
        self._values: dict[str, Any] = {}
        self._used: set[str] = set()
        self.sources: dict = {}  # pages.read_content(known=...): content path -> (kind, name, text), Source
        self.static_digests: dict = {}  # StaticFiles(known=...): source file -> (stat, sha256)
        self.digests = ContentDigests()  # of the files written, for the offline manifest
        self.output = None  # output.Output: the folder as the last build swapped it in

    def recall(self, key: str) -> Any:
        """What was kept under key (a digest of its inputs), or None."""
        value = self._values.get(key)
        if value is not None:
            self._used.add(key)
        return value

    def remember(self, key: str, value: Any) -> Any:
        self._values[key] = value
        self._used.add(key)
        return value

    def interned(self, key: str, value: Any) -> Any:
        """value, or the equal value kept under key: later comparisons can then be by identity."""
        kept = self.recall(key)
        return kept if kept == value else self.remember(key, value)

    def build_done(self) -> None:
        """After a successful build: forget what it did not use (a deleted page, an old bank)."""
        self._values = {key: value for key, value in self._values.items() if key in self._used}
        self._used = set()
        self.digests.build_done()
