"""The static site build, in four phases kept apart (mkdocs' build is the model):

    1. read     site.toml, every content page and its front matter, the static files
    2. render   markdown (tiles, hand blocks scored by the engine, questions), then templates
    3. check    every link and #anchor of every page; nothing loads from outside the site
    4. write    into a temporary folder beside the output, swapped in at the end

A phase that finds problems ends the build with them all (file:line: message);
nothing is written, and the previous site stays as it was.
"""

from __future__ import annotations

import shutil
import tempfile
import time
import traceback
from dataclasses import dataclass, field
from functools import cached_property, partial
from pathlib import Path

import jinja2

from tutor.rules import fans as F

from . import parallel as P
from . import search_index as S
from .cache import TUTOR as TUTOR_SOURCE
from .cache import RenderCache, fingerprint
from .config import SiteConfig, load_config
from .links import check_references, find_ids, output_file, page_url, references, resolve, root_prefix
from .pages import CONTENT, Content, Source, read_content
from .problems import BuildFailed, Problem
from .scoring import default_engine
from .state import Link, PageState
from .templating import EDITION_NAMES, StaticFiles, load_translations, make_environment

DEFAULT_ENGINE = object()  # build_site(engine=...) default: the real tutor.rules.engine
SPRITE = "static/tiles/tiles.svg"
SEARCH_INDEX = "search-index.json"
NOT_FOUND = "404.html"
MARKER = ".tutor-site"  # marks an output folder as ours, so a rebuild may replace it
PAGE_BUDGET = 100_000  # bytes of HTML + CSS + JS per page, tile art aside
# The calculator and the quiz are small applications: htmx (52 KB, 17 KB compressed) and their own
# scripts come on top of a page, so they have a budget of their own, as explicit as the other.
PRACTICE_BUDGET = 140_000


@dataclass(frozen=True)
class BuildReport:
    out_dir: Path
    pages: int
    seconds: float
    warnings: tuple[str, ...] = ()


@dataclass
class OutputPage:
    url: str
    html: str
    template: str
    source: Source | None = None
    links: list = field(default_factory=list)  # markdown links, checked with their source lines
    search: list = field(default_factory=list)  # search documents
    checks: list = field(default_factory=list)  # the page's check questions, for the backend
    ids: set | None = None  # the ids and references in the html, once found (find_references)
    references: list | None = None

    def find_references(self) -> None:
        self.ids, self.references = find_ids(self.html), references(self.html)

    @property
    def file(self) -> str:
        return output_file(self.url)

    @property
    def shown(self) -> str:
        return self.source.shown if self.source else f"templates/{self.template}"


@dataclass
class Site:
    """Everything phase 1 learnt; read-only afterwards."""

    root: Path
    config: SiteConfig
    content: Content
    static: StaticFiles
    env: jinja2.Environment
    translations: object

    def url(self, name: str) -> str:
        return page_url(name, self.config.directory_urls)

    def fan_url(self, fan: F.Fan) -> str:
        return self.url(f"fans/{fan.slug}")

    def practice_url(self, name: str) -> str:
        """The calculator and the quiz are pages of the site and routes of the backend at once,
        so they always live in a folder (calculator/); opened from disk, the link names the file."""
        return f"{name}/" if self.config.directory_urls else f"{name}/index.html"

    @cached_property
    def _urls_by_source(self) -> dict[str, str]:
        return {source.path: self.url(source.name) for source in self.content.sources}

    def source_url(self, path: str) -> str | None:
        """The url of the page written in content/<path>, or None if there is no such page."""
        return self._urls_by_source.get(path)

    def gettext(self, text: str, **values) -> str:
        return self.translations.gettext(text) % values if values else self.translations.gettext(text)


def build_site(root, out_dir=None, config_path=None, *, draft: bool = False, engine=DEFAULT_ENGINE,
               cache: bool = True) -> BuildReport:
    """Build root/content into out_dir (default root/site). Raises BuildFailed with every problem.

    draft: build although some fans have no page yet. cache: reuse the rendering of unchanged
    pages and the quiz bank from earlier builds (root/.site-cache/); off, everything is made afresh."""
    started = time.perf_counter()
    root = Path(root).resolve()
    out = Path(out_dir).resolve() if out_dir else root / "site"
    if config_path and not Path(config_path).is_file():
        raise BuildFailed([Problem(str(config_path), 0, "no such configuration file")])
    site = read_site(root, Path(config_path) if config_path else root / "site.toml", draft=draft)
    pages = render_site(site, engine, render_cache(site, engine) if cache else RenderCache(None, ""))
    warnings = check_site(site, pages)
    write_site(site, pages, out)
    return BuildReport(out, len(pages), time.perf_counter() - started, tuple(warnings))


CACHE_FOLDER = ".site-cache"


def render_cache(site: Site, engine) -> RenderCache:
    """The cache for this site, keyed by every site-wide input of the markdown rendering.

    The real engine's source is part of TUTOR_SOURCE; a stand-in counts by its own file."""
    engine_file = getattr(engine, "__file__", None)
    inputs = [
        TUTOR_SOURCE,
        site.root / "templates",
        repr(site.config),
        site.static.version(SPRITE),
        sorted((s.path, s.name) for s in site.content.sources),
        site.content.assets,
        "tutor.rules.engine" if engine is DEFAULT_ENGINE else Path(engine_file) if engine_file else repr(engine),
    ]
    if site.config.locale_dir:
        inputs.append(site.root / site.config.locale_dir)
    return RenderCache(site.root / CACHE_FOLDER / "render", fingerprint(*inputs))


# --- phase 1: read ---------------------------------------------------------------------------------


def read_site(root: Path, config_path: Path, *, draft: bool) -> Site:
    shown = _shown(config_path, root)
    config = load_config(config_path, shown_as=shown)
    content_dir = root / CONTENT
    if not content_dir.is_dir():
        raise BuildFailed([Problem(CONTENT, 0, "no content folder: the build reads content/*.md")])
    content, problems = read_content(content_dir, require_all_fans=config.require_all_fans and not draft)
    static = StaticFiles.scan(root / "static", content_dir, content.assets)
    if config.logo and config.logo not in static.files:
        problems.append(Problem(shown, 0, f"logo: no file {config.logo}"))
    if not (root / "templates").is_dir():
        problems.append(Problem("templates", 0, "no templates folder"))
    if problems:
        raise BuildFailed(problems)
    translations = load_translations(config, root)
    env = make_environment(root / "templates", config, translations)
    return Site(root, config, content, static, env, translations)


def _shown(path: Path, root: Path) -> str:
    try:
        return path.resolve().relative_to(root).as_posix()
    except ValueError:
        return str(path)


# --- phase 2: render -------------------------------------------------------------------------------


def render_site(site: Site, engine, cache: RenderCache | None = None) -> list[OutputPage]:
    """Every page of the site, in a fixed order: home, lessons, the 81 fans, other pages, generated ones.

    The pages written in markdown are rendered (markdown, then their page template) in forked
    workers, beside the dealing of the offline quiz bank when it is not cached yet; the pages
    the build makes from the fan table and the configuration are rendered here."""
    cache = cache or RenderCache(None, "")
    by_source, problems = render_sources(site, engine, cache)
    if problems:
        raise BuildFailed(problems)
    by_fan = {s.fan.id: s for s in site.content.of_kind("fan")}
    pages = [by_source[s.path] for s in site.content.of_kind("home")]
    pages += [by_source[s.path] for s in lessons_in_order(site)]
    try:
        pages += [by_source[by_fan[f.id].path] if f.id in by_fan else fan_page(site, f, None, None) for f in F.FANS]
        pages += [by_source[s.path] for s in site.content.of_kind("page")]
        pages += generated_pages(site)
    except TemplateProblem as err:
        raise BuildFailed([err.problem]) from None
    return pages


@dataclass(frozen=True)
class Rendered:
    html: str
    state: PageState
    toc: list

    @property
    def has_questions(self) -> bool:
        return self.state.questions > 0

    def to_json(self) -> dict:
        state = self.state
        links = [[link.line, link.target_url, link.anchor, link.written] for link in state.links]
        return {"html": self.html, "toc": self.toc, "links": links, "examples": state.examples,
                "scoring_examples": state.scoring_examples, "questions": state.questions, "checks": state.checks}

    @classmethod
    def from_json(cls, data: dict, source: Source, url: str) -> Rendered:
        state = PageState(source.path, url, source.body, source.body_line, source.fan,
                          links=[Link(*link) for link in data["links"]], examples=data["examples"],
                          scoring_examples=data["scoring_examples"],
                          questions=data["questions"], checks=data.get("checks", []))
        return cls(data["html"], state, data["toc"])


PAGES_PER_WORKER = 24  # markdown pages to render below which starting a worker costs more than it saves
SHARES_PER_WORKER = 3  # smaller shares than workers, so a worker that finishes early takes another


def render_sources(site: Site, engine, cache: RenderCache) -> tuple[dict[str, OutputPage], list[Problem]]:
    """The page of every markdown source, by content path. Unchanged markdown comes from the cache;
    the rest is rendered, and both go through their page template, shared out over the cores."""
    cached, todo, keys = {}, [], {}
    for source in site.content.sources:
        keys[source.path] = cache.key(source.path, source.name, source.body, source.body_line, source.meta.get("fan"))
        stored = cache.get(keys[source.path])
        if stored:
            cached[source.path] = Rendered.from_json(stored, source, site.url(source.name))
        else:
            todo.append(source)
    if todo and engine is DEFAULT_ENGINE:
        engine = default_engine()
    # Made before forking, so the workers share its imports and compiled patterns.
    converter = _markdown_converter(site, engine) if todo else None
    workers = P.worker_count(len(todo), PAGES_PER_WORKER)
    sources = site.content.sources
    count = workers * SHARES_PER_WORKER if workers > 1 else 1
    tasks = [partial(_render_share, site, converter, sources[i::count], cached) for i in range(count)]
    bank = _quiz_bank_task(site, cache)
    try:
        results = P.run_tasks(([bank] if bank else []) + tasks, workers)
    except P.WorkerDied:
        return {}, [Problem("build", 0, "a build worker process stopped before it finished (killed, or out "
                                       "of memory?); nothing was written: run the build again")]
    if bank:
        _keep_quiz_bank(site, cache, results.pop(0))
    rendered, pages, problems = dict(cached), {}, []
    for fresh, share_pages, found in results:
        for path, result in fresh.items():
            cache.put(keys[path], result.to_json())
        rendered.update(fresh)
        pages.update(share_pages)
        problems += found
    if site.config.require_examples:
        problems += missing_examples(site.content.sources, rendered)
    if not problems:
        cache.prune()
    return pages, problems


def _render_share(site: Site, converter, sources, cached: dict[str, Rendered]):
    """(fresh renderings without problems, pages, problems) of some sources; runs in a worker."""
    todo = [s for s in sources if s.path not in cached]
    fresh, problems = _render_sources(site, converter, todo) if todo else ({}, [])
    pages = {}
    for source in sources:
        done = cached.get(source.path) or fresh.get(source.path)
        if done is None or done.state.problems:
            continue
        try:
            output = source_page(site, source, done)
        except TemplateProblem as err:
            problems.append(err.problem)
            continue
        output.find_references()  # the link check's slowest part, done here in parallel
        pages[source.path] = output
    return {path: r for path, r in fresh.items() if not r.state.problems}, pages, problems


MIN_FAN_EXAMPLES = 2
MIN_LESSON_EXAMPLES = 1


def missing_examples(sources, rendered: dict[str, Rendered]) -> list[Problem]:
    """Every fan page shows the fan in at least two scored hands, every lesson in one."""
    problems = []
    for source in sources:
        result = rendered.get(source.path)
        if result is None:
            continue
        if source.fan is not None and result.state.scoring_examples < MIN_FAN_EXAMPLES:
            problems.append(Problem(source.shown, 1, f"a fan page needs at least {MIN_FAN_EXAMPLES} hand blocks "
                                    f"that score {source.fan.name}; it has {result.state.scoring_examples}"))
        elif source.path.startswith("lessons/") and result.state.examples < MIN_LESSON_EXAMPLES:
            problems.append(Problem(source.shown, 1, "a lesson needs at least one hand block (an example the "
                                    "build scores)"))
    return problems


def _markdown_converter(site: Site, engine):
    """The Markdown object with the tutor extension that renders pages, and the extension."""
    from .markdown_ext import Services, make_markdown  # only when a page needs rendering

    services = Services(
        render_fragment=lambda name, **context: _render(site, name, context),
        tiles=site.env.globals["tiles"],
        page_url=site.source_url,
        asset_url=lambda path: path if path in site.content.assets else None,
        fan_url=site.fan_url,
        generated_url=site.url,
        engine=engine,
        default_edition=site.config.default_edition,
        backend_url=site.config.backend_url,
        sprite=site.static.versioned(SPRITE),
    )
    return make_markdown(services)


def _render_sources(site: Site, converter, sources) -> tuple[dict[str, Rendered], list[Problem]]:
    from .markdown_ext import render_page

    md, ext = converter
    rendered, problems = {}, []
    for source in sources:
        state = PageState(source.path, site.url(source.name), source.body, source.body_line, source.fan)
        try:
            html, toc = render_page(md, ext, state)
        except TemplateProblem as err:
            problems.append(err.problem)
            continue
        problems.extend(Problem(source.shown, line, message) for line, message in state.problems)
        rendered[source.path] = Rendered(html, state, toc)
    return rendered, problems


class TemplateProblem(Exception):
    def __init__(self, problem: Problem):
        super().__init__(str(problem))
        self.problem = problem


def _render(site: Site, template: str, context: dict) -> str:
    """Render a template; a template mistake becomes a Problem at the template's line."""
    try:
        return site.env.get_template(template).render(**context)
    except jinja2.TemplateSyntaxError as err:
        raise TemplateProblem(Problem(f"templates/{err.name or template}", err.lineno or 0, err.message)) from None
    except jinja2.TemplateError as err:
        name, line = _template_frame(err, site.root, template)
        raise TemplateProblem(Problem(name, line, f"{type(err).__name__}: {err}")) from None


def _template_frame(err: Exception, root: Path, template: str) -> tuple[str, int]:
    # Jinja2 rewrites tracebacks so that template frames carry the template's file and line.
    for frame in reversed(traceback.extract_tb(err.__traceback__)):
        if frame.filename.endswith(".html"):
            return _shown(Path(frame.filename), root), frame.lineno or 0
    return f"templates/{template}", 0


def page_context(site: Site, url: str, *, section: str = "", root_for_links: str | None = None) -> dict:
    """The context every page shares: the build's pages, and the backend's calculator and quiz
    pages and fragments (tutor.web), which render with the same environment and these globals.

    Links are relative to the page, unless root_for_links gives a fixed root (the 404 page)."""
    root = root_prefix(url) if root_for_links is None else root_for_links

    def link(target: str) -> str:
        return root + target or "./"

    return {
        "url": url,
        "root": root,
        "link": link,
        "static": lambda path: link(site.static.versioned(path)),
        "fan_url": site.fan_url,
        "nav": navigation(site),
        "footer": footer(site),
        "section": section,
        "search_url": site.url("search"),
        "fan_index_url": site.url("fans"),
        "fan_card_url": site.url("fan-card"),
        "lessons_url": site.url("lessons"),
        "calculator_url": site.practice_url("calculator"),
        "quiz_url": site.practice_url("quiz"),
        # Where the backend's routes start: the club's backend address, or the site root.
        "backend": site.config.backend_url + "/" if site.config.backend_url else root,
        "description": "",
        "summary": "",
        "has_questions": False,
        "body": "",
    }


def page(site: Site, url: str, template: str, context: dict, *, section: str = "", source: Source | None = None,
         rendered: Rendered | None = None, root_for_links: str | None = None) -> OutputPage:
    """Render one whole page with the context every page shares."""
    shared = page_context(site, url, section=section, root_for_links=root_for_links)
    if rendered:
        shared["has_questions"] = rendered.has_questions
        shared["body"] = rendered.html
    shared.update(context)
    html = _render(site, template, shared)
    links = list(rendered.state.links) if rendered else []
    return OutputPage(url, html, template, source, links, checks=list(rendered.state.checks) if rendered else [])


@dataclass(frozen=True)
class NavItem:
    title: str
    url: str
    summary: str = ""


def navigation(site: Site) -> list[NavItem]:
    _ = site.gettext
    items = [NavItem(_("Lessons"), site.url("lessons")), NavItem(_("Fans"), site.url("fans"))]
    for name in ("rulings", "glossary"):
        source = _by_name(site, name)
        if source:
            items.append(NavItem(source.title, site.url(name)))
    items.append(NavItem(_("Fan card"), site.url("fan-card")))
    items.append(NavItem(_("Calculator"), site.practice_url("calculator")))
    items.append(NavItem(_("Quiz"), site.practice_url("quiz")))
    return items


def footer(site: Site) -> list[NavItem]:
    _ = site.gettext
    others = sorted((s for s in site.content.of_kind("page") if s.name not in ("rulings", "glossary")),
                    key=lambda s: s.title)
    return [NavItem(_("Home"), site.url(""))] + [NavItem(s.title, site.url(s.name)) for s in others] + [
        NavItem(_("Search"), site.url("search"))]


def _by_name(site: Site, name: str) -> Source | None:
    return next((s for s in site.content.sources if s.name == name), None)


def lessons_in_order(site: Site) -> list[Source]:
    return sorted(site.content.of_kind("lesson"), key=lambda s: s.meta["order"])


def _lesson_items(site: Site) -> list[NavItem]:
    return [NavItem(s.title, site.url(s.name), s.meta["summary"]) for s in lessons_in_order(site)]


def source_page(site: Site, source: Source, done: Rendered) -> OutputPage:
    """The page of one markdown source, through the template of its kind."""
    if source.kind == "fan":
        return fan_page(site, source.fan, source, done)
    if source.kind == "home":
        return home_page(site, source, done)
    if source.kind == "lesson":
        return lesson_page(site, source, done)
    return other_page(site, source, done)


def home_page(site: Site, source: Source, done: Rendered) -> OutputPage:
    reference = [NavItem(s.title, site.url(s.name)) for s in site.content.of_kind("page")]
    out = page(site, site.url(""), "home.html",
               {"title": source.title, "summary": source.meta.get("summary", ""),
                "description": source.meta.get("summary", ""), "lessons": _lesson_items(site),
                "reference": sorted(reference, key=lambda item: item.title)},
               source=source, rendered=done)
    out.search = [S.page_document(out.url, source.title, source.meta.get("summary", ""),
                                  site.gettext("Page"), S.headings(done.toc))]
    return out


def lesson_page(site: Site, source: Source, done: Rendered) -> OutputPage:
    index = [s.path for s in lessons_in_order(site)].index(source.path)
    items = _lesson_items(site)
    result = page(site, items[index].url, "lesson.html", {
        "title": source.title,
        "summary": source.meta["summary"],
        "description": source.meta["summary"],
        "goals": source.meta["goals"],
        "lessons": items,
        "page": items[index],
        "position": index + 1,
        "previous": items[index - 1] if index else None,
        "next": items[index + 1] if index + 1 < len(items) else None,
    }, section=site.url("lessons"), source=source, rendered=done)
    label = site.gettext("Lesson %(number)s", number=index + 1)
    result.search = [S.page_document(result.url, source.title, source.meta["summary"], label,
                                     S.headings(done.toc), keywords="lesson")]
    result.search += S.section_documents(result.url, source.title, done.toc)
    return result


def _implied_by(fan: F.Fan) -> list[F.Fan]:
    return [other for other in F.FANS if fan.slug in other.implies]


def fan_page(site: Site, fan: F.Fan, source: Source | None, done: Rendered | None) -> OutputPage:
    """A fan's page: its markdown when written, the fan table's facts in any case."""
    index = F.FANS.index(fan)
    summary = source.meta.get("summary", "") if source else ""
    neighbour = lambda i: NavItem(F.FANS[i].name, site.fan_url(F.FANS[i])) if 0 <= i < len(F.FANS) else None  # noqa: E731
    result = page(site, site.fan_url(fan), "fan.html", {
        "title": fan.name,
        "fan": fan,
        "summary": summary,
        "description": summary or site.gettext("%(name)s (%(chinese)s), a fan of Chinese Official Mahjong.",
                                               name=fan.name, chinese=fan.chinese),
        "implies": list(fan.implied),
        "implied_by": _implied_by(fan),
        "see_also": [F.fan(slug) for slug in source.meta.get("see_also", ())] if source else [],
        "previous": neighbour(index - 1),
        "next": neighbour(index + 1),
    }, section=site.url("fans"), source=source, rendered=done)
    points = site.gettext("Fan %(number)s · %(points)s points", number=fan.id,
                          points=fan.points(site.config.default_edition))
    result.search = [S.fan_document(fan, result.url, summary or F.CATEGORIES[fan.category], points)]
    return result


def other_page(site: Site, source: Source, done: Rendered) -> OutputPage:
    summary = source.meta.get("summary", "")
    result = page(site, site.url(source.name), "page.html",
                  {"title": source.title, "summary": summary, "description": summary},
                  section=site.url(source.name), source=source, rendered=done)
    result.search = [S.page_document(result.url, source.title, summary, site.gettext("Page"),
                                     S.headings(done.toc))]
    result.search += S.section_documents(result.url, source.title, done.toc)
    return result


@dataclass(frozen=True)
class CardGroup:
    points: int
    fans: tuple


def card_groups(edition: str) -> list[CardGroup]:
    values = sorted({fan.points(edition) for fan in F.FANS}, reverse=True)
    return [CardGroup(v, tuple(f for f in F.FANS if f.points(edition) == v)) for v in values]


def generated_pages(site: Site) -> list[OutputPage]:
    _ = site.gettext
    edition = site.config.default_edition
    other = next(e for e in F.EDITIONS if e != edition)
    def other_points(fan: F.Fan) -> str:
        return _("%(points)s in %(rules)s", points=fan.points(other), rules=EDITION_NAMES[other])

    values = sorted({fan.points(e) for fan in F.FANS for e in F.EDITIONS}, reverse=True)
    lessons = page(site, site.url("lessons"), "lessons.html",
                   {"title": _("Lessons"), "lessons": _lesson_items(site)}, section=site.url("lessons"))
    fan_index = page(site, site.url("fans"), "fan_index.html",
                     {"title": _("The 81 fans"), "fans": F.FANS, "point_values": values}, section=site.url("fans"))
    fan_index.search = [S.page_document(fan_index.url, _("The 81 fans"), _("Every fan with its points"),
                                        _("Page"), ())]
    card = page(site, site.url("fan-card"), "fan_card.html",
                {"title": _("Fan card"), "card_groups": card_groups(edition), "other_edition_points": other_points},
                section=site.url("fan-card"))
    card.search = [S.page_document(card.url, _("Fan card"), _("All 81 fans on one printable page"), _("Page"), ())]
    search = page(site, site.url("search"), "search.html", {"title": _("Search")})
    # A host serves 404.html at any depth, so relative links cannot work there: its links start from
    # base_url's path, or from the host's root when no base_url is set (a subfolder needs base_url).
    missing = page(site, NOT_FOUND, "404.html", {"title": _("Page not found")}, root_for_links=not_found_root(site))
    return [lessons, fan_index, card, search, missing] + practice_pages(site)


def practice_pages(site: Site) -> list[OutputPage]:
    """The calculator and the quiz, as the backend also renders them (tutor.web: same templates,
    same context), without a hand yet; their scripts fill them in from the address."""
    from tutor.views import practice as W  # what both sides show; pure, no Flask

    _ = site.gettext
    url = CALCULATOR_URL
    calculator = page(site, url, "calculator.html", W.calculator_context(site.config.default_edition),
                      section=site.practice_url("calculator"))
    calculator.search = [S.page_document(site.practice_url("calculator"), _("Hand calculator"),
                                         _("Score any hand: every fan, the reasons, the payments"), _("Page"), ())]
    quiz = page(site, QUIZ_URL, "quiz.html", W.quiz_context(site.config.default_edition),
                section=site.practice_url("quiz"))
    quiz.search = [S.page_document(site.practice_url("quiz"), _("Fan quiz"),
                                   _("Name the fans of dealt hands, graded with reasons"), _("Page"), ())]
    return [calculator, quiz]


CALCULATOR_URL = "calculator/"
QUIZ_URL = "quiz/"
QUIZ_BANK = "quiz/bank.json"
LESSON_QUESTIONS = "lesson-questions.json"


def not_found_root(site: Site) -> str:
    return site.config.base_path or "/"


# --- phase 3: check --------------------------------------------------------------------------------


def check_site(site: Site, pages: list[OutputPage]) -> list[str]:
    """Every link and anchor resolves; nothing loads from elsewhere. Returns warnings; raises on problems."""
    warnings = []
    files = {p.file for p in pages} | set(site.static.files) | {SEARCH_INDEX, QUIZ_BANK, LESSON_QUESTIONS}
    ids = {p.file: p.ids if p.ids is not None else find_ids(p.html) for p in pages}
    if SPRITE in site.static.files:
        ids[SPRITE] = find_ids(site.static.files[SPRITE].read_text(encoding="utf-8"))
    else:
        files.add(SPRITE)  # the tile art is drawn separately; pages still build without it
        ids[SPRITE] = None
        warnings.append(f"{SPRITE} is missing: tiles show their Unicode fallback (python -m tutor.tileart draws it)")
    problems = []
    for output in pages:
        problems += _content_link_problems(output, ids)
        if output.references is not None:
            refs = output.references
        elif output.url == NOT_FOUND:
            refs = references(output.html.replace(f'="{not_found_root(site)}', '="'))
        else:
            refs = references(output.html)
        for ref, message in check_references(output.url, refs, files, ids.get):
            if not _rewritten(ref.target, output):
                problems.append(Problem(output.shown, 0, f"on page {output.file}: {message}"))
        weight = page_weight(output, refs, site.static)
        budget = page_budget(output.file)
        if weight > budget:
            warnings.append(f"{output.file}: {weight // 1000} KB of HTML, CSS and JS (budget {budget // 1000} KB)")
    if problems:
        raise BuildFailed(problems)
    return warnings


def _content_link_problems(output: OutputPage, ids: dict) -> list[Problem]:
    problems = []
    for link in output.links:
        file = output_file(link.target_url)
        if link.anchor and file in ids and ids[file] is not None and link.anchor not in ids[file]:
            problems.append(Problem(output.shown, link.line,
                                    f"link ({link.written}): no heading or id '{link.anchor}' on that page"))
    return problems


def _rewritten(target: str, output: OutputPage) -> bool:
    """True for an href that the markdown wrote from a checked link (already reported with its line)."""
    file, anchor = resolve(output.url, target)
    return any(output_file(link.target_url) == file and link.anchor == anchor for link in output.links)


def page_budget(file: str) -> int:
    return PRACTICE_BUDGET if file in (output_file(CALCULATOR_URL), output_file(QUIZ_URL)) else PAGE_BUDGET


def page_weight(output: OutputPage, refs, static: StaticFiles) -> int:
    """Bytes of the page's HTML and of the stylesheets and scripts it loads (tile art aside)."""
    total = len(output.html.encode("utf-8"))
    for ref in dict.fromkeys(refs):
        if ref.tag in ("script", "link-stylesheet"):
            file, _ = resolve(output.url, ref.target)
            total += static.size(file) if file else 0
    return total


# --- phase 4: write --------------------------------------------------------------------------------


def write_site(site: Site, pages: list[OutputPage], out: Path) -> None:
    """Write everything into a fresh folder beside `out`, then swap it in."""
    if out.exists() and not _replaceable(out):
        raise BuildFailed([Problem(str(out), 0, "refusing to replace this folder: it is not empty and was not "
                                                "made by the build (no .tutor-site marker)")])
    out.parent.mkdir(parents=True, exist_ok=True)
    staging = Path(tempfile.mkdtemp(prefix=".site-", dir=out.parent))
    try:
        for output in pages:
            target = staging / output.file
            target.parent.mkdir(parents=True, exist_ok=True)
            target.write_text(output.html, encoding="utf-8")
        for relative in site.static.files:
            target = staging / relative
            target.parent.mkdir(parents=True, exist_ok=True)
            target.write_bytes(site.static.content(relative))
        documents = [doc for output in pages for doc in output.search]
        (staging / SEARCH_INDEX).write_text(S.to_json(documents), encoding="utf-8")
        # Data for the practice pages: the offline quiz bank (graded in the browser on a static
        # host) and the check questions the backend grades (the pages hold them for the browser).
        (staging / QUIZ_BANK).parent.mkdir(parents=True, exist_ok=True)
        (staging / QUIZ_BANK).write_text(quiz_bank_json(site), encoding="utf-8")
        (staging / LESSON_QUESTIONS).write_text(lesson_questions_json(pages), encoding="utf-8")
        (staging / MARKER).write_text("Built by tutor.site; the next build replaces this folder.\n", encoding="utf-8")
        _swap(staging, out)
    except OSError as err:
        shutil.rmtree(staging, ignore_errors=True)
        raise BuildFailed([Problem(str(out), 0, f"could not write the site: {err}")]) from None


def lesson_questions_json(pages: list[OutputPage]) -> str:
    """{content path: {url, title, questions}}: what POST api/lesson-check grades against."""
    import json

    data = {}
    for output in pages:
        if output.checks and output.source:
            data[output.source.path] = {"url": output.url, "title": output.source.title, "questions": output.checks}
    return json.dumps(data, ensure_ascii=False, separators=(",", ":"))


_BANKS: dict[str, str] = {}  # edition -> bank json; dealing 458 hands takes a second, once per process


def quiz_bank_json(site: Site) -> str:
    """The offline quiz bank in the site's edition, as dealt during the render phase."""
    return _BANKS[site.config.default_edition]


def _quiz_bank_cache(site: Site, cache: RenderCache) -> RenderCache:
    # Kept in <root>/.site-cache/quiz/ between builds, keyed by tutor's source, unless the build
    # runs without a cache (then the page cache has no folder either).
    return RenderCache(site.root / CACHE_FOLDER / "quiz" if cache.folder else None,
                       fingerprint(TUTOR_SOURCE, site.config.default_edition))


def _quiz_bank_task(site: Site, cache: RenderCache):
    """The task that deals the offline quiz bank (tutor.views.practice, with the real engine), or None
    when this process or the cache already has it."""
    edition = site.config.default_edition
    if edition in _BANKS:
        return None
    bank_cache = _quiz_bank_cache(site, cache)
    stored = bank_cache.get(bank_cache.key("bank", edition))
    if stored is not None:
        _BANKS[edition] = _bank_text(stored)
        bank_cache.prune()
        return None

    def deal():
        from tutor.views.practice import quiz_bank

        return quiz_bank(edition)

    return deal


def _keep_quiz_bank(site: Site, cache: RenderCache, bank: dict) -> None:
    edition = site.config.default_edition
    bank_cache = _quiz_bank_cache(site, cache)
    bank_cache.put(bank_cache.key("bank", edition), bank)
    bank_cache.prune()
    _BANKS[edition] = _bank_text(bank)


def _bank_text(bank: dict) -> str:
    import json

    return json.dumps(bank, ensure_ascii=False, separators=(",", ":"))


def _replaceable(out: Path) -> bool:
    return out.is_dir() and ((out / MARKER).exists() or not any(out.iterdir()))


def _swap(staging: Path, out: Path) -> None:
    if not out.exists():
        staging.rename(out)
        return
    old = Path(tempfile.mkdtemp(prefix=".site-old-", dir=out.parent))
    old.rmdir()
    out.rename(old)
    staging.rename(out)
    shutil.rmtree(old, ignore_errors=True)
