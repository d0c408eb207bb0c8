"""The static site build, in four phases kept apart (mkdocs' build is the model):

    1. read     site.toml, every content page and its front matter, the static files
    2. render   markdown (tiles, hand blocks scored by the engine, questions), then templates
    3. check    every link and #anchor of every page; nothing loads from outside the site
    4. write    into a temporary folder beside the output, swapped in at the end

A phase that finds problems ends the build with them all (file:line: message);
nothing is written, and the previous site stays as it was. The kinds of page are in
kinds.py, the build's model in model.py, the offline quiz bank in quizbank.py,
the drills' bank in drillbank.py.
"""

from __future__ import annotations

import json
import shutil
import sys
import tempfile
import time
from functools import partial
from pathlib import Path

from tutor.rules import fans as F
from tutor.views.config import load_config
from tutor.views.page import (
    BACKEND_STATUS,
    CALCULATOR_URL,
    LESSON_QUESTIONS,
    QUIZ_BANK,
    QUIZ_URL,
    Frame,
    PageTitle,
    backend_status_script,
)
from tutor.views.problems import BuildFailed, Problem
from tutor.views.templating import StaticFiles, load_translations, make_environment
from tutor.views.urls import output_file

from . import drillbank, offline, parallel, quizbank
from . import search_index as S
from .cache import CACHE_FOLDER, RenderCache, fingerprint
from .cache import TUTOR as TUTOR_SOURCE
from .kinds import NOT_FOUND, fan_page, generated_pages, lessons_in_order, not_found_root, source_page
from .links import check_references, find_ids, references, resolve
from .markdown_ext import Services, make_markdown, render_page
from .model import BuildReport, OutputPage, Rendered, Site, TemplateProblem, render_template, shown_path
from .pages import CONTENT, read_content
from .scoring import default_engine
from .seating import SEATING_FILE as SEATING  # the rotation lesson's tables and the score sheet read it
from .state import PageState

DEFAULT_ENGINE = object()  # build_site(engine=...) default: the real tutor.rules.engine


SPRITE = "static/tiles/tiles.svg"


SEARCH_INDEX = "search-index.json"


MARKER = ".tutor-site"  # marks an output folder as ours, so a rebuild may replace it


PAGE_BUDGET = 100_000  # bytes of HTML + CSS + JS per page, tile art aside


# The calculator and the quiz are small applications: htmx (52 KB, 17 KB compressed) and their own
# scripts come on top of a page, so they have a budget of their own, as explicit as the other.
PRACTICE_BUDGET = 140_000
# The fan card draws the fewest tiles that show each of the 81 fans: about 700 bare tile svgs.
CARD_BUDGET = 150_000


def build_site(root, out_dir=None, config_path=None, *, draft: bool = False, engine=DEFAULT_ENGINE,
               cache: bool = True) -> BuildReport:
    """Build root/content into out_dir (default root/site). Raises BuildFailed with every problem.

    draft: build although some fans have no page yet. cache: reuse the rendering of unchanged
    pages, the banks (root/.site-cache/, the system's temporary folder) and the compiled templates
    from earlier builds; off, everything is made afresh."""
    started = time.perf_counter()
    root = Path(root).resolve()
    out = Path(out_dir).resolve() if out_dir else root / "site"
    if config_path and not Path(config_path).is_file():
        raise BuildFailed([Problem(str(config_path), 0, "no such configuration file")])
    site = read_site(root, Path(config_path) if config_path else root / "site.toml", draft=draft, cache=cache)
    pages, bank, drills = render_site(site, engine, render_cache(site, engine) if cache else RenderCache(None, ""))
    warnings = check_site(site, pages)
    write_site(site, pages, bank, out, drills)
    return BuildReport(out, len(pages), time.perf_counter() - started, tuple(warnings))


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


def render_cache(site: Site, engine) -> RenderCache:
    """The cache for this site, keyed by every site-wide input of the markdown rendering.

    The real engine's source is part of TUTOR_SOURCE; a stand-in counts by its own file."""
    engine_file = getattr(engine, "__file__", None)
    inputs = [
        TUTOR_SOURCE,
        site.root / "templates",
        repr(site.config),
        site.static.version(SPRITE),
        site.static.version(SEATING),
        sorted((s.path, s.name) for s in site.content.sources),
        site.content.assets,
        "tutor.rules.engine" if engine is DEFAULT_ENGINE else Path(engine_file) if engine_file else repr(engine),
    ]
    if site.config.locale_dir:
        inputs.append(site.root / site.config.locale_dir)
    return RenderCache(site.root / CACHE_FOLDER / "render", fingerprint(*inputs))


def read_site(root: Path, config_path: Path, *, draft: bool, cache: bool = True) -> Site:
    """Phase 1. cache: off, templates are compiled afresh too (Jinja2 keeps them in the system's
    temporary folder otherwise), as on a machine that never built the site."""
    shown = shown_path(config_path, root)
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
    env = make_environment(root / "templates", config, translations, compiled_cache=cache)
    pages = tuple(PageTitle(s.name, s.title) for s in content.of_kind("page"))
    return Site(root, content, Frame(config, env, static, translations, pages))


def render_site(site: Site, engine, cache: RenderCache | None = None) -> tuple[list[OutputPage], dict, dict[str, str]]:
    """Every page of the site, in a fixed order (home, lessons, the 81 fans, other pages, generated
    ones), the offline quiz bank (tutor.site.quizbank) and the drills' bank (its files by path).

    The pages written in markdown are rendered (markdown, then their page template) in forked
    workers, beside the dealing of the offline quiz bank when it is not cached yet; the pages
    the build makes from the fan table and the configuration are rendered here."""
    cache = cache or RenderCache(None, "")
    by_source, bank, drills, problems = render_sources(site, engine, cache)
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
    return pages, bank, drills


PAGES_PER_WORKER = 24  # markdown pages to render below which starting a worker costs more than it saves
SHARES_PER_WORKER = 3  # smaller shares than workers, so a worker that finishes early takes another


def render_sources(site: Site, engine, cache: RenderCache) -> tuple[dict[str, OutputPage], dict, dict[str, str],
                                                                  list[Problem]]:
    """The page of every markdown source, by content path, and the quiz bank. Unchanged
    markdown comes from the cache; the rest is rendered, and both go through their page template,
    shared out over the cores; a bank not in the cache is dealt by one more task beside them, and
    each drill of the drills' bank not in the cache by one more (tutor.site.drillbank)."""
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
    workers = parallel.worker_count(len(todo), PAGES_PER_WORKER)
    sources = site.content.sources
    count = workers * SHARES_PER_WORKER if workers > 1 else 1
    tasks = [partial(_render_share, site, converter, sources[i::count], cached) for i in range(count)]
    bank = quizbank.stored_bank(site, cache)
    drills, drill_tasks = drillbank.stored(site, cache)
    try:
        results = parallel.run_tasks(([quizbank.deal_task(site)] if bank is None else []) + drill_tasks + tasks,
                                     workers)
    except parallel.WorkerDied:
        return {}, {}, {}, [Problem("build", 0, "a build worker process stopped before it finished (killed, or out "
                                       "of memory?); nothing was written: run the build again")]
    problems = []
    if bank is None:
        dealt = results.pop(0)
        if isinstance(dealt, Problem):
            problems.append(dealt)
        else:
            bank = quizbank.keep(site, cache, dealt)
    drills = drillbank.keep(site, cache, drills, [results.pop(0) for _ in drill_tasks])
    rendered, pages = dict(cached), {}
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
    return pages, bank, drills, problems


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
    services = Services(
        render_fragment=lambda name, **context: render_template(site, name, context),
        tiles=site.env.globals["tiles"],
        page_url=site.source_url,
        asset_url=lambda path: path if path in site.content.assets else None,
        fan_url=site.fan_url,
        generated_url=site.url,
        engine=engine,
        default_edition=site.config.default_edition,
        backend_url=site.config.backend_url,
        sprite=site.static.versioned(SPRITE),
        seating_file=site.static.files.get(SEATING),
    )
    return make_markdown(services)


def _render_sources(site: Site, converter, sources) -> tuple[dict[str, Rendered], list[Problem]]:
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


def check_site(site: Site, pages: list[OutputPage]) -> list[str]:
    """Every link and anchor resolves; nothing loads from elsewhere. Returns warnings; raises on problems."""
    warnings = []
    files = {p.file for p in pages} | set(site.static.files) | {SEARCH_INDEX, QUIZ_BANK, LESSON_QUESTIONS, BACKEND_STATUS}
    files |= set(offline.FILES)
    ids = {p.file: p.ids if p.ids is not None else find_ids(p.html) for p in pages}
    if SPRITE in site.static.files:
        ids[SPRITE] = find_ids(site.static.files[SPRITE].read_text(encoding="utf-8"))
    else:
        files.add(SPRITE)  # the tile art is drawn separately; pages still build without it
        ids[SPRITE] = None
        warnings.append(f"{SPRITE} is missing: tiles show their Unicode fallback (python scripts/tileart.py draws it)")
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
    if file == output_file("fan-card/"):
        return CARD_BUDGET
    return PRACTICE_BUDGET if file in (output_file(CALCULATOR_URL), output_file(QUIZ_URL)) else PAGE_BUDGET


def page_weight(output: OutputPage, refs, static: StaticFiles) -> int:
    """Bytes of the page's HTML and of the stylesheets and scripts it loads (tile art aside)."""
    total = len(output.html.encode("utf-8"))
    for ref in dict.fromkeys(refs):
        if ref.tag in ("script", "link-stylesheet"):
            file, _ = resolve(output.url, ref.target)
            # A <link> is a stylesheet or the site's icon: the icon is an image, not CSS.
            if file and (ref.tag == "script" or file.endswith(".css")):
                total += static.size(file)
    return total


def write_site(site: Site, pages: list[OutputPage], bank: dict, out: Path, drills: dict[str, str] | None = None) -> None:
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
            if offline.not_copied(relative):
                continue
            target = staging / relative
            target.parent.mkdir(parents=True, exist_ok=True)
            target.write_bytes(site.static.content(relative))
        documents = [doc for output in pages for doc in output.search]
        # Data for the search page and the practice pages: the offline quiz bank (graded in the
        # browser on a static host) and the check questions the backend grades (the pages hold
        # them for the browser).
        data_files = {SEARCH_INDEX: S.to_json(documents).encode("utf-8")}
        data_files.update({relative: text.encode("utf-8") for relative, text in quizbank.files(bank).items()})
        # The drills' bank (tutor.site.drillbank), fragments of the drills page like the quiz's hands.
        data_files.update({relative: text.encode("utf-8") for relative, text in (drills or {}).items()})
        for relative, data in data_files.items():
            (staging / relative).parent.mkdir(parents=True, exist_ok=True)
            (staging / relative).write_bytes(data)
        (staging / LESSON_QUESTIONS).write_text(lesson_questions_json(pages), encoding="utf-8")
        # The installable app: service worker, manifests, the in-browser engine's bundle.
        offline.write_offline_files(site, pages, data_files, staging)
        (staging / BACKEND_STATUS).parent.mkdir(parents=True, exist_ok=True)
        (staging / BACKEND_STATUS).write_text(backend_status_script("none"), encoding="utf-8")
        (staging / MARKER).write_text("Built by tutor.site; the next build replaces this folder.\n", encoding="utf-8")
        _swap(staging, out)
    except OSError as err:
        shutil.rmtree(staging, ignore_errors=True)
        raise BuildFailed([Problem(str(out), 0, f"could not write the site: {err}")]) from None


def lesson_questions_json(pages: list[OutputPage]) -> str:
    """{content path: {url, title, questions}}: what POST api/lesson-check grades against."""
    data = {}
    for output in pages:
        if output.checks and output.source:
            data[output.source.path] = {"url": output.url, "title": output.source.title, "questions": output.checks}
    return json.dumps(data, ensure_ascii=False, separators=(",", ":"))


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


