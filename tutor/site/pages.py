"""Phase 1 of the build: find every content file and read its front matter.

    content/index.md              the home page
    content/<name>.md             a top-level page (rulings, glossary, ...)
    content/lessons/NN-slug.md    a lesson; its place in the path is 'order', its url lessons/slug/
    content/fans/<slug>.md        the page of one fan; names, points and implied fans come from the table
    content/**/<other file>       an asset (image), copied to the same place in the site

Files named in capitals (AUTHORING.md, README.md) are notes for writers, not pages.
Nothing here renders; it only reads and checks, so every page is known before any is rendered.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

from tutor.answers.pages import PRACTICE_PAGES
from tutor.rules import fans as F
from tutor.rules.notation import NotationError
from tutor.views.problems import LocatedError, Problem
from tutor.views.tileview import picture_sets

from .blocks import lookup_fan
from .frontmatter import Field, split, validate

CONTENT = "content"
LESSON_FILE = re.compile(r"^(?P<number>\d+)-(?P<slug>[a-z0-9]+(?:-[a-z0-9]+)*)\.md$")
PAGE_FILE = re.compile(r"^[a-z0-9]+(?:-[a-z0-9]+)*\.md$")
# Page names the build makes itself, or the backend answers: a content page may not take them.
# Every practice page of the table is one, those added later too.
RESERVED = {"fans", "lessons", "fan-card", "search", "404", "static", "api", "search-index"} | {
    page.name for page in PRACTICE_PAGES}


def _fan_id(value) -> str | None:
    return None if value in F.FAN_BY_ID else f"no fan number {value}: fans are numbered 1 to 81"


def _fan_slugs(values) -> str | None:
    for value in values:
        try:
            lookup_fan(value)
        except ValueError as err:
            return str(err)
    return None


def _card_picture(value) -> str | None:
    try:
        picture_sets(value)
    except NotationError as err:
        return str(err)
    return None


PAGE_SCHEMA = {"title": Field("text", required=True), "summary": Field("text")}
LESSON_SCHEMA = {
    "title": Field("text", required=True),
    "order": Field("int", required=True),
    "summary": Field("text", required=True),
    "goals": Field("text list", required=True),
}
FAN_SCHEMA = {"fan": Field("int", required=True, check=_fan_id), "summary": Field("text"),
              "see_also": Field("text list", check=_fan_slugs),
              # The fewest tiles that show the fan, drawn on the fan card.
              "card": Field("text", check=_card_picture)}


@dataclass(frozen=True)
class Source:
    """One markdown page as read: where it is, what it is, its checked front matter and body."""

    path: str  # content-relative, forward slashes: 'lessons/01-tiles.md'
    kind: str  # 'home', 'page', 'lesson' or 'fan'
    name: str  # the page name its url is made from: '', 'rulings', 'lessons/tiles', 'fans/full-flush'
    meta: dict
    lines: dict  # front matter key -> line
    body: str
    body_line: int

    @property
    def shown(self) -> str:
        return f"{CONTENT}/{self.path}"

    @property
    def fan(self) -> F.Fan | None:
        return F.FAN_BY_ID[self.meta["fan"]] if self.kind == "fan" else None

    @property
    def title(self) -> str:
        return self.fan.name if self.kind == "fan" else self.meta["title"]


@dataclass(frozen=True)
class Content:
    sources: tuple[Source, ...]
    assets: tuple[str, ...]  # content-relative paths of files that are not pages

    def of_kind(self, kind: str) -> list[Source]:
        return [s for s in self.sources if s.kind == kind]


def read_content(content_dir: Path, *, require_all_fans: bool, known: dict | None = None) -> tuple[Content, list[Problem]]:
    """known: the sources a build process read before, by path (a file with the same text is
    not parsed again)."""
    sources, assets, problems = [], [], []
    for file in sorted(content_dir.rglob("*")):
        relative = file.relative_to(content_dir).as_posix()
        if file.is_dir() or _hidden(relative):
            continue
        if file.suffix != ".md":
            problem = _asset_problem(relative)
            if problem:
                problems.append(problem)
            else:
                assets.append(relative)
            continue
        if file.stem.isupper():
            continue  # a note for writers
        kind, name, problem = classify(relative)
        if problem:
            problems.append(Problem(f"{CONTENT}/{relative}", 0, problem))
            continue
        source, found = read_source(file, relative, kind, name, known)
        problems.extend(found)
        if source:
            sources.append(source)
    problems.extend(check_collection(sources, require_all_fans=require_all_fans))
    return Content(tuple(sources), tuple(assets)), problems


def _hidden(relative: str) -> bool:
    return any(part.startswith((".", "_")) for part in relative.split("/"))


def _asset_problem(relative: str) -> Problem | None:
    top = relative.split("/", 1)[0]
    if "/" not in relative or top in RESERVED - {"fans", "lessons"}:
        return Problem(f"{CONTENT}/{relative}", 0, "put images and other files in a folder (such as content/images/) "
                                                    "so they cannot clash with the site's own files")
    return None


def classify(relative: str) -> tuple[str, str, str | None]:
    """(kind, page name, problem) for a markdown file, from where it lies and how it is named."""
    parts = relative.split("/")
    if len(parts) == 1:
        if relative == "index.md":
            return "home", "", None
        if not PAGE_FILE.match(relative):
            return "", "", "page files are named in lower case with hyphens, such as house-rules.md"
        name = relative[:-3]
        if name in RESERVED:
            return "", "", f"'{name}' is a page the build makes itself: choose another name"
        return "page", name, None
    if len(parts) == 2 and parts[0] == "lessons":
        match = LESSON_FILE.match(parts[1])
        if not match:
            return "", "", "lesson files are named NN-slug.md, such as 01-tiles-and-sets.md"
        return "lesson", f"lessons/{match.group('slug')}", None
    if len(parts) == 2 and parts[0] == "fans":
        return "fan", f"fans/{parts[1][:-3]}", None
    return "", "", "pages live in content/, content/lessons/ or content/fans/"


def read_source(file: Path, relative: str, kind: str, name: str, known: dict | None = None) -> tuple[Source | None,
                                                                                                 list[Problem]]:
    shown = f"{CONTENT}/{relative}"
    try:
        text = file.read_text(encoding="utf-8")
    except UnicodeDecodeError as err:
        return None, [Problem(shown, 0, f"not UTF-8 text ({err.reason})")]
    except OSError as err:
        return None, [Problem(shown, 0, f"cannot be read ({err.strerror})")]
    if known is not None:
        kept = known.get(relative)
        if kept and kept[0] == (kind, name, text):
            return kept[1], []
    source, problems = _parse_source(file, relative, kind, name, text)
    if known is not None and source:
        known[relative] = ((kind, name, text), source)
    return source, problems


def _parse_source(file: Path, relative: str, kind: str, name: str, text: str) -> tuple[Source | None, list[Problem]]:
    shown = f"{CONTENT}/{relative}"
    try:
        front = split(text)
    except LocatedError as err:
        return None, [Problem(shown, err.line, f"front matter: {err.message}")]
    schema, what = {"lesson": (LESSON_SCHEMA, "a lesson"), "fan": (FAN_SCHEMA, "a fan page")}.get(
        kind, (PAGE_SCHEMA, "a page"))
    found = [Problem(shown, line, message) for line, message in validate(front, schema, what=what)]
    if found:
        return None, found
    source = Source(relative, kind, name, front.values, front.lines, front.body, front.body_line)
    if kind == "fan" and source.fan.slug != name.split("/")[1]:
        fan = source.fan
        if (file.parent / f"{fan.slug}.md").exists():
            message = f"fan {fan.id} ({fan.name}) already has its page, fans/{fan.slug}.md: one page per fan"
        else:
            message = f"fan {fan.id} is {fan.name}: name this file fans/{fan.slug}.md"
        return None, [Problem(shown, front.lines["fan"], message)]
    return source, []


def check_collection(sources: list[Source], *, require_all_fans: bool) -> list[Problem]:
    """Problems that only show when every page is known: duplicates, gaps, a missing home page."""
    problems = []
    if not any(s.kind == "home" for s in sources):
        problems.append(Problem(f"{CONTENT}/index.md", 0, "the home page is missing: write content/index.md"))
    problems += _duplicates([s for s in sources if s.kind == "lesson"], lambda s: s.meta["order"], "order",
                            "lesson order {key} is also used by {first}: give each lesson its own place")
    problems += _duplicates([s for s in sources if s.kind == "lesson"], lambda s: s.name, "title",
                            "two lessons share the url {key}/ ({first}): change one file's slug")
    if require_all_fans:
        have = {s.fan.id for s in sources if s.kind == "fan"}
        missing = [f.slug for f in F.FANS if f.id not in have]
        if missing:
            shown = ", ".join(missing[:8]) + (f" and {len(missing) - 8} more" if len(missing) > 8 else "")
            problems.append(Problem(f"{CONTENT}/fans", 0, f"{len(missing)} of the 81 fans have no page: {shown}. "
                                    "Write content/fans/<slug>.md for each, or build with --draft meanwhile"))
    return problems


def _duplicates(sources, key_of, line_key: str, message: str) -> list[Problem]:
    first: dict = {}
    out = []
    for source in sorted(sources, key=lambda s: s.path):
        key = key_of(source)
        if key in first:
            out.append(Problem(source.shown, source.lines.get(line_key, 0),
                               message.format(key=key, first=first[key].shown)))
        else:
            first[key] = source
    return out
