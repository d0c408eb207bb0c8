"""Python-Markdown extension for mahjong lessons: tiles, hand blocks, questions, fan links.

    Tiles in a sentence:    you need ((123m)) and a pair, or a pung such as ((EEE)).
    A scored example:       ```hand            (see content/AUTHORING.md for every key)
                            hand: [EEE] 123m 456p 789s 55s
                            win: 5s
                            ```
    A check question:       ```question        (YAML: question, choices, answer, explain, why_wrong)
    A table of seats:       ```seating         (table: hands|chairs, names: ...; see seating.py)
    A link to a fan:        [Full Flush](fan:full-flush), [](fan:22) (empty text: the fan's name)
    A link to a page:       [tiles](../lessons/01-tiles.md#suits), [the fan index](site:fans)

Everything that can be wrong is reported as (line, message) into the PageState
of the page being rendered; the builder turns those into file:line errors and
stops before anything is written. The extension never raises for an author's
mistake.

Registered pieces, by Python-Markdown's priorities:
    preprocessor  'tutor_blocks' 29  hand/question fences, before fenced_code (25) sees them
    inline        'tutor_tiles' 175  ((tiles)), after backticks (190) so `((x))` stays code
    tree          'tutor_links'   4  fan:, site: and .md links, images, heading order; after toc (5)
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from html import escape as html_escape
from importlib import import_module
from pathlib import Path

import markdown
from markdown.extensions import Extension
from markdown.inlinepatterns import InlineProcessor
from markdown.preprocessors import Preprocessor

from tutor.practice.frequency import learning_path, load, outside_the_model, share
from tutor.rules import fans as F
from tutor.rules.notation import NotationError
from tutor.views.problems import LocatedError
from tutor.views.tilehtml import TileRenderer
from tutor.views.tileview import hand_view, inline_sets, reading_view

from . import seating as seating_data
from .blocks import HandBlock, parse_hand_block, parse_question_block, regrouped
from .markdown_tree import LinkTreeprocessor
from .scoring import ScoringError, score_example
from .state import PageState

TILES_PATTERN = r"\(\((?P<tiles>[^()\n]+?)\)\)"
# Characters that can start markdown, html, an entity, tiles or a link inside a short text.
_MARKUP = re.compile(r"[\\`*_\[\]()<>&!#~|\n]|^\s*([-+>]|\d+\.)\s")
_FENCE = re.compile(r"^(?P<fence>`{3,}|~{3,})[ \t]*(?P<info>[^`\n]*?)[ \t]*$")
_HEADING = re.compile(r"^#{1,6}[ \t]+(?P<text>.+?)[ \t]*(\{#[^}]*\})?[ \t]*#*[ \t]*$")
_FAN_LINK = re.compile(r"\]\(fan:([^)#\s]+)")
FAN_BY_NAME = {fan.name: fan for fan in F.FANS}
_INDENTED_BLOCK = re.compile(r"^[ \t]+(`{3,}|~{3,})[ \t]*(hand|question)[ \t]*$")
# Pages the build makes without a markdown source, addressed as site:NAME.

@dataclass(frozen=True)
class Services:
    """What the extension needs from the rest of the build, the same for every page."""

    render_fragment: Callable[..., str]  # (template name, **context) -> html
    tiles: TileRenderer  # draws tiles, sets and hands
    page_url: Callable[[str], str | None]  # content-relative source path -> page url, None if no such page
    asset_url: Callable[[str], str | None]  # content-relative file path -> url, None if no such file
    fan_url: Callable[[F.Fan], str]
    generated_url: Callable[[str], str]  # page name (GENERATED_PAGES value) -> url
    engine: object  # tutor.rules.engine or a stand-in; None when it is missing
    default_edition: str = F.DEFAULT_EDITION
    backend_url: str = ""
    sprite: str = "static/tiles/tiles.svg"  # site-relative, with its version query when known
    seating_file: Path | None = None  # static/data/seating.json, for ```seating blocks


MARKDOWN_EXTENSIONS = ("tables", "fenced_code", "attr_list", "def_list", "toc", "admonition", "sane_lists",
                       "footnotes")


def _standard_extensions() -> list[Extension]:
    # Instances, not names: for a name, Python-Markdown first reads every installed package's entry
    # points, which costs each build worker a twentieth of a second.
    return [import_module(f"markdown.extensions.{name}").makeExtension() for name in MARKDOWN_EXTENSIONS]


def make_markdown(services: Services) -> tuple[markdown.Markdown, TutorExtension]:
    """The Markdown converter every page goes through; reuse it (set ext.state, md.reset())."""
    ext = TutorExtension(services)
    md = markdown.Markdown(extensions=[*_standard_extensions(), ext], output_format="html")
    return md, ext


def render_page(md: markdown.Markdown, ext: TutorExtension, state: PageState) -> tuple[str, list]:
    """(html, toc tokens) of one page's markdown body; problems land in state.problems."""
    ext.state = state
    md.reset()
    html = md.convert(state.text)
    return html, getattr(md, "toc_tokens", [])


class TutorExtension(Extension):
    """One instance per Markdown object; `state` is replaced before each page is converted."""

    def __init__(self, services: Services, *, blocks: bool = True, **kwargs):
        self.services = services
        self.state: PageState | None = None
        self.blocks = blocks
        self.inline_md: markdown.Markdown | None = None
        self.inline_cache: dict = {}
        super().__init__(**kwargs)

    def extendMarkdown(self, md):
        md.registerExtension(self)
        if self.blocks:
            md.preprocessors.register(BlockPreprocessor(md, self), "tutor_blocks", 29)
        md.inlinePatterns.register(TileInlineProcessor(TILES_PATTERN, md, self), "tutor_tiles", 175)
        md.treeprocessors.register(LinkTreeprocessor(md, self), "tutor_links", 4)

    def reset(self):
        pass

    def inline(self, text: str) -> str:
        """Render a short text from a block (a question, a caption) with tiles and links, no <p>."""
        if not _MARKUP.search(text):
            # Plain words (most captions and answers): markdown would only escape them.
            return html_escape(text.strip(), quote=False)
        if self.inline_md is None:
            self.inline_md = markdown.Markdown(extensions=[TutorExtension(self.services, blocks=False)])
        child = self.inline_md
        child_ext = next(e for e in child.registeredExtensions if isinstance(e, TutorExtension))
        child_ext.state = self.state
        child.reset()
        html = child.convert(text)
        if html.startswith("<p>") and html.endswith("</p>") and html.count("<p>") == 1:
            html = html[3:-4]
        return html


# --- inline tiles ------------------------------------------------------------------------------


class TileInlineProcessor(InlineProcessor):
    def __init__(self, pattern, md, ext: TutorExtension):
        super().__init__(pattern, md)
        self.ext = ext

    def handleMatch(self, m, data):
        state = self.ext.state
        html = self.html(m.group("tiles"), sprite_url(state, self.ext.services))
        if isinstance(html, NotationError):
            state.report(state.line_of(m.group(0)), f"{m.group(0)}: {html}")
            return m.group(0), m.start(0), m.end(0)
        return self.md.htmlStash.store(html), m.start(0), m.end(0)

    def html(self, text: str, sprite: str):
        """The html of some inline tiles, or the NotationError they raise; the same text is read once."""
        key = (text, sprite)
        if key not in self.ext.inline_cache:
            try:
                self.ext.inline_cache[key] = self.ext.services.tiles.sets(inline_sets(text), sprite)
            except NotationError as err:
                self.ext.inline_cache[key] = err
        return self.ext.inline_cache[key]


def sprite_url(state: PageState, services: Services) -> str:
    return state.root + services.sprite


# --- hand and question blocks -----------------------------------------------------------------


class BlockPreprocessor(Preprocessor):
    """Replaces ```hand and ```question fences with their rendered html.

    Runs on lines, before fenced_code, because only here is the line of each block known.
    Other fenced blocks are skipped whole, so a code sample may show a hand block's source."""

    def __init__(self, md, ext: TutorExtension):
        super().__init__(md)
        self.ext = ext

    def run(self, lines):
        self.headings: list[tuple[int, str]] = []  # (index in lines, text) outside fenced blocks
        self.scored: list[tuple[int, int, tuple[int, ...]]] = []  # (index, file line, fan ids) per hand block
        out = self.blocks(lines)
        self.ext.state.taught = sorted({FAN_BY_NAME[text].id for _, text in self.headings if text in FAN_BY_NAME})
        self.ext.state.unlinked = unlinked_fans(lines, self.headings, self.scored)
        return out

    def blocks(self, lines):
        out, index = [], 0
        while index < len(lines):
            opening = _FENCE.match(lines[index])
            if not opening:
                heading = _HEADING.match(lines[index])
                if heading:
                    self.headings.append((index, heading.group("text")))
                if _INDENTED_BLOCK.match(lines[index]):
                    # fenced_code would quietly show it as code: say so instead.
                    self.ext.state.report(self.ext.state.body_line + index,
                                          "a ```hand or ```question block must start at the left margin, "
                                          "not indented (inside a list, end the list first)")
                out.append(lines[index])
                index += 1
                continue
            end = _closing_fence(lines, index, opening.group("fence"))
            info = opening.group("info").strip()
            if info not in ("hand", "question", "fan-frequency", "seating"):
                out.extend(lines[index : (end if end is not None else len(lines) - 1) + 1])
                index = len(lines) if end is None else end + 1
                continue
            state = self.ext.state
            fence_line = state.body_line + index
            if end is None:
                state.report(fence_line, f"the ```{info} block is never closed with {opening.group('fence')}")
                return out
            body = lines[index + 1 : end]
            if info == "seating":  # markdown table lines, rendered and wrapped like any table
                out.extend(["", *self.seating(body, fence_line + 1), ""])
                index = end + 1
                continue
            render = {"hand": self.hand, "question": self.question, "fan-frequency": self.frequency}[info]
            html = render(body, fence_line + 1)
            out.extend(["", self.md.htmlStash.store(html) if html else "", ""])
            index = end + 1
        return out

    def hand(self, body: list[str], first_line: int) -> str:
        state, services = self.ext.state, self.ext.services
        try:
            block = parse_hand_block(body, first_line)
        except LocatedError as err:
            state.report(err.line, f"hand block: {err.message}")
            return ""
        try:
            hand_view(block.hand, block.situation["win"])  # said at the win line, before the engine says it
        except NotationError as err:
            state.report(block.lines["win"], f"hand block: {err}")
            return ""
        edition = block.edition or services.default_edition
        try:
            score = score_example(services.engine, block.hand, block.situation, edition)
        except ScoringError as err:
            state.report(block.lines["hand"], f"hand block: {err}")
            return ""
        for line, message in fan_expectations(block, score.fan_ids, state.fan, first_line - 1):
            state.report(line, f"hand block: {message}")
        division = score.result.division
        reading = division.describe()
        if regrouped(block.written, reading):
            state.report(block.lines["hand"], f"hand block: the engine scores these tiles as {' '.join(reading)} (the "
                                              "reading worth the most), and the page draws them so: write the hand "
                                              "that way, and check that the caption speaks of those sets")
        # Drawn as the engine read it, each set apart, as the calculator draws a hand: the reader
        # sees the sets the score is made of, whatever order the author wrote the tiles in.
        view = reading_view(block.hand, division, block.situation["win"], block.situation["flowers"],
                            tuple(line.fan.slug for line in score.lines))
        self.scored.append((first_line - 1 - state.body_line, block.lines["hand"], tuple(sorted(score.fan_ids))))
        state.examples += 1
        if not block.near_miss:
            state.scoring_examples += 1
        query = block.calculator_query(services.default_edition)
        return services.render_fragment(
            "fragments/hand_example.html",
            id=f"hand-{state.examples}",
            hand=view,
            score=score,
            caption=self.ext.inline(block.caption) if block.caption else "",
            calculator_url=f"{_backend(services, state)}calculator/?{query}",
            situation=block.situation,
            fan_href=lambda fan: state.href_to(services.fan_url(fan)),
            sprite=sprite_url(state, services),
        )

    def question(self, body: list[str], first_line: int) -> str:
        state = self.ext.state
        try:
            block = parse_question_block("\n".join(body), first_line)
        except LocatedError as err:
            state.report(err.line, f"question block: {err.message}")
            return ""
        state.questions += 1
        inline = self.ext.inline
        parts = {
            "question": inline(block.question),
            "choices": [inline(c) for c in block.choices],
            "answer": block.answer,
            "explain": inline(block.explain),
            "why_wrong": [inline(w) if w else "" for w in block.why_wrong],
        }
        state.checks.append(parts)  # the backend grades from these (lesson-questions.json)
        return self.ext.services.render_fragment(
            "fragments/question.html",
            id=f"q-{state.questions}",
            page=state.source,
            number=state.questions,
            action=_backend(self.ext.services, state) + "api/lesson-check",
            **parts,
        )


    def seating(self, body: list[str], first_line: int) -> list[str]:
        """```seating: a table of the rotation lesson made from static/data/seating.json (tutor.site.seating)."""
        state, path = self.ext.state, self.ext.services.seating_file
        fields = {}
        for offset, line in enumerate(body):
            key, colon, value = line.partition(":")
            if line.strip() and not colon:
                state.report(first_line + offset, "seating block: write 'key: value' lines")
                return []
            if line.strip():
                fields[key.strip()] = value.strip()
        try:
            if path is None:
                raise seating_data.SeatingError(f"this site has no {seating_data.SEATING_FILE}")
            return seating_data.block_lines(seating_data.load(path), fields)
        except seating_data.SeatingError as err:
            state.report(first_line - 1, f"seating block: {err}")
            return []

    def frequency(self, body: list[str], first_line: int) -> str:
        """```fan-frequency: how common each fan is, from the engine's measurement
        (tutor/practice/data/fan_frequency.json, made by `python -m tutor.practice.frequency`).
        One optional line, `rows: N`, shows the N most common fans (all by default)."""
        state, services = self.ext.state, self.ext.services
        rows = len(F.FANS)
        for offset, line in enumerate(body):
            if not line.strip():
                continue
            key, _, value = line.partition(":")
            if key.strip() != "rows" or not value.strip().isdigit() or not 1 <= int(value) <= len(F.FANS):
                state.report(first_line + offset, f"fan-frequency block: write 'rows: N' with N from 1 to {len(F.FANS)}")
                return ""
            rows = int(value)
        data = load()
        ranked = [(rank, F.FAN_BY_ID[fid], share(fid), outside_the_model(fid))
                  for rank, fid in enumerate(learning_path(), 1)][:rows]
        return services.render_fragment(
            "fragments/fan_frequency.html",
            rows=ranked,
            hands=data["hands"],
            method=data["method"],
            fan_href=lambda fan: state.href_to(services.fan_url(fan)),
            default_edition=services.default_edition,
        )


def unlinked_fans(lines: list[str], headings: list[tuple[int, str]], scored) -> list[list[int]]:
    """[file line, fan id] for each fan a hand block scores that the page has not linked by the end
    of the block's section (a link in the text or a caption, [](fan:...)): a reader who meets a
    fan in a score table has been shown where to read about it, or a lesson has taught it
    (a heading named after the fan; build.py checks that across the lessons)."""
    out = []
    for index, line, fan_ids in scored:
        end = next((at for at, _ in headings if at > index), len(lines))
        linked = {fan.id for text in lines[:end] for target in _FAN_LINK.findall(text)
                  if (fan := _linked_fan(target)) is not None}
        out += [[line, fan_id] for fan_id in fan_ids if fan_id not in linked]
    return out


def _linked_fan(target: str) -> F.Fan | None:
    try:
        return F.fan(target)
    except KeyError:
        return None  # reported by the link check, at its line


def _backend(services: Services, state: PageState) -> str:
    """The prefix of backend routes: the club's backend address, or the site root on the same origin."""
    if services.backend_url:
        return services.backend_url + "/"
    return state.root


def _closing_fence(lines, start: int, fence: str) -> int | None:
    for index in range(start + 1, len(lines)):
        stripped = lines[index].strip()
        if stripped and stripped[0] == fence[0] and set(stripped) == {fence[0]} and len(stripped) >= len(fence):
            return index
    return None


def fan_expectations(block: HandBlock, scored: frozenset, page_fan, fence_line: int):
    """(line, message) for each fan the example must show but does not, or must not show but does.

    On a fan's page every example must score that fan, unless it is marked as a near miss,
    in which case it must not."""
    must = {f.id: (block.lines.get("shows"), "listed in 'shows'") for f in block.shows}
    must_not = {f.id: block.lines.get("not") for f in block.not_shows}
    if block.near_miss and page_fan is None:
        yield block.lines["near_miss"], "near_miss only means something on a fan's page; use 'not:' elsewhere"
    elif block.near_miss:
        must_not.setdefault(page_fan.id, block.lines["near_miss"])
    elif page_fan is not None:
        must.setdefault(page_fan.id, (fence_line, "every example on this fan's page must score it; "
                                                  "mark a near miss with 'near_miss: true'"))
    for fan_id, (line, why) in must.items():
        if fan_id not in scored:
            yield line, f"the hand does not score {F.FAN_BY_ID[fan_id].name} ({why})"
    for fan_id, line in must_not.items():
        if fan_id in scored:
            yield line, f"the hand scores {F.FAN_BY_ID[fan_id].name}, which this near miss must not"


# --- links, images, headings ------------------------------------------------------------------
