"""The static site build, in four phases kept apart (mkdocs' build is the model):

    1. read     site.toml, every content page and its front matter, the static files
    2. render   markdown (tiles, hand blocks scored by the engine, questions), then templates
    3. check    every link and #anchor of every page; nothing loads from outside the site
    4. write    into a temporary folder beside the output, swapped in at the end (output.py)

A phase that finds problems ends the build with them all (file:line: message);
nothing is written, and the previous site stays as it was. The kinds of page are in
kinds.py, the build's model in model.py, the offline quiz bank in quizbank.py,
the drills' bank in drillbank.py. A process that builds again and again (watch mode)
passes the same BuildMemory to each build, which then makes and writes only what
changed (memory.py); the site written is the same either way.
"""

from __future__ import annotations

import sys
import tempfile
import time
from functools import partial
from pathlib import Path

from tutor.answers.pages import PRACTICE_LINKS
from tutor.rules import fans as F
from tutor.views.config import load_config
from tutor.views.page import (
    Frame,
    PageTitle,
)
from tutor.views.problems import BuildFailed, Problem
from tutor.views.templating import StaticFiles, load_translations, make_environment

from . import drillbank, engine_bundle, parallel, quizbank
from .cache import CACHE_FOLDER, RenderCache, fingerprint, tutor_source
from .check import check_site
from .engine_bundle import PYODIDE
from .kinds import NOT_FOUND, fan_page, generated_pages, lessons_in_order, source_page
from .markdown_ext import Services, make_markdown, render_page
from .memory import BuildMemory
from .minify import minify
from .model import SPRITE, BuildReport, OutputPage, Rendered, Site, TemplateProblem, render_template, shown_path
from .output import site_files, write_site
from .pages import CONTENT, read_content
from .scoring import default_engine
from .seating import SEATING_FILE as SEATING  # the rotation lesson's tables and the score sheet read it
from .state import PageState

DEFAULT_ENGINE = object()  # build_site(engine=...) default: the real tutor.rules.engine


_PRACTICE_LINKS = {link.name: link for link in PRACTICE_LINKS}


def generated_url(site: Site, name: str) -> str:
    """A site:NAME link's page; a practice page the backend answers lives in its folder."""
    link = _PRACTICE_LINKS.get(name)
    return site.frame.practice_link(link) if link else site.url(name)


def build_site(root, out_dir=None, config_path=None, *, draft: bool = False, engine=DEFAULT_ENGINE,
               cache: bool = True, memory: BuildMemory | None = None) -> BuildReport:
    """Build root/content into out_dir (default root/site). Raises BuildFailed with every problem.

    draft: build although some fans have no page yet. cache: reuse the rendering of unchanged
    pages, the banks (root/.site-cache/, the system's temporary folder) and the compiled templates
    from earlier builds; off, everything is made afresh. memory: what this process kept from its
    earlier builds (tutor.site.memory, as watch() keeps one): only what changed since is made and
    written again. The site written is the same byte for byte in every case."""
    started = time.perf_counter()
    memory = memory if memory is not None else BuildMemory()
    root = Path(root).resolve()
    out = Path(out_dir).resolve() if out_dir else root / "site"
    if config_path and not Path(config_path).is_file():
        raise BuildFailed([Problem(str(config_path), 0, "no such configuration file")])
    config = Path(config_path) if config_path else root / "site.toml"
    if cache:
        site = read_site(root, config, draft=draft, memory=memory)
        warnings, pages = _render_check_write(site, engine, True, memory, out)
    else:
        # Nothing compiled by an earlier build; what one worker compiles, the others load.
        with tempfile.TemporaryDirectory(prefix="tutor-templates-") as compiled:
            site = read_site(root, config, draft=draft, compiled=Path(compiled), memory=memory)
            warnings, pages = _render_check_write(site, engine, False, memory, out)
    memory.build_done()
    return BuildReport(out, len(pages), time.perf_counter() - started, tuple(warnings))


def _render_check_write(site: Site, engine, cache: bool, memory: BuildMemory, out: Path) -> tuple[list[str], list]:
    """Phases 2 to 4: (warnings, pages)."""
    pages, bank, drills, bundle = render_site(site, engine, render_cache(site, engine, cache, memory), memory)
    warnings = check_site(site, pages, memory)
    files = site_files(site, pages, bank, drills, bundle, memory.digests)
    try:
        memory.output = write_site(site, files, out, memory.output, memory.digests.encoded)
    except BuildFailed:
        memory.output = None  # the folder may not be what the last build left: write it all next time
        raise
    return warnings, pages


def run_once(root, out=None, config=None, *, draft: bool = False, cache: bool = True, stream=sys.stderr,
             memory: BuildMemory | None = None) -> int:
    """Build once and print the outcome; 0 on success, 1 with file:line problems otherwise."""
    try:
        report = build_site(root, out, config, draft=draft, cache=cache, memory=memory)
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


def render_cache(site: Site, engine, cache: bool = True, memory: BuildMemory | None = None) -> RenderCache:
    """The cache for this site, keyed by every site-wide input of the markdown rendering; on disk
    unless cache is off, in memory when the build has one.

    The real engine's source is part of tutor's (tutor_source); a stand-in counts by its own file."""
    engine_file = getattr(engine, "__file__", None)
    inputs = [
        tutor_source(),
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
    return RenderCache(site.root / CACHE_FOLDER / "render" if cache else None, fingerprint(*inputs), memory)


def frame_key(site: Site, cache: RenderCache) -> str:
    """A digest of what every template reads besides the page's own source and markdown: the
    site-wide inputs of the markdown (cache.site), every source's front matter (titles, order
    and summaries fill the navigation and the lists) and every static file's version (for the
    in-browser Python runtime, which no template links to, its stat: it is hashed meanwhile)."""
    static = site.static
    return cache.key("frame", [(s.path, s.kind, s.name, s.meta) for s in site.content.sources],
                     [(path, static.signature(path) if path.startswith(PYODIDE) else static.version(path))
                      for path in static.files])


def read_site(root: Path, config_path: Path, *, draft: bool, compiled: bool | Path = True,
              memory: BuildMemory | None = None) -> Site:
    """Phase 1. compiled: where compiled templates are kept (views.templating.make_environment):
    by default in the system's temporary folder, from build to build; a folder of this build's
    own, or nowhere. memory: the sources and static files' digests a build process read before
    (unchanged files are not parsed or hashed again)."""
    shown = shown_path(config_path, root)
    config = load_config(config_path, shown_as=shown)
    content_dir = root / CONTENT
    if not content_dir.is_dir():
        raise BuildFailed([Problem(CONTENT, 0, "no content folder: the build reads content/*.md")])
    content, problems = read_content(content_dir, require_all_fans=config.require_all_fans and not draft,
                                     known=memory.sources if memory else None)
    static = StaticFiles.scan(root / "static", content_dir, content.assets, memory.static_digests if memory else None,
                              minify=minify)
    if config.logo and config.logo not in static.files:
        problems.append(Problem(shown, 0, f"logo: no file {config.logo}"))
    if not (root / "templates").is_dir():
        problems.append(Problem("templates", 0, "no templates folder"))
    if problems:
        raise BuildFailed(problems)
    translations = load_translations(config, root)
    env = make_environment(root / "templates", config, translations, compiled_cache=compiled)
    pages = tuple(PageTitle(s.name, s.title) for s in content.of_kind("page"))
    return Site(root, content, Frame(config, env, static, translations, pages, PRACTICE_LINKS))


def render_site(site: Site, engine, cache: RenderCache | None = None,
                memory: BuildMemory | None = None) -> tuple[list[OutputPage], dict, dict[str, str], bytes]:
    """Every page of the site, in a fixed order (home, lessons, the 81 fans, other pages, generated
    ones), the offline quiz bank (tutor.site.quizbank), the drills' bank (its files by path) and
    the engine's zip (engine_bundle.py).

    What is not cached or kept in memory is made by tasks shared out over forked workers: the
    banks' hands dealt and rendered, the pages written in markdown (markdown, then their page
    template), the pages the build makes from the fan table and the configuration, and the zip."""
    cache = cache or RenderCache(None, "")
    memory = memory or BuildMemory()
    frame = frame_key(site, cache)
    sources = SourcePlan(site, cache, frame)
    if sources.todo and engine is DEFAULT_ENGINE:
        engine = default_engine()
    workers = parallel.worker_count(len(sources.todo), PAGES_PER_WORKER)
    bank, bank_store = quizbank.stored_bank(site, cache)
    bank_tasks = quizbank.deal_tasks(site, BANK_SHARES if workers > 1 else 1) if bank is None else []
    drills, drill_tasks = drillbank.stored(site, cache)
    made_key = cache.key("made pages", frame)
    made = cache.recall(made_key)
    bundle_sources = engine_bundle.bundle_sources(site)
    bundle_key = engine_bundle.bundle_key(bundle_sources)
    bundle = memory.recall(bundle_key)
    # Made before forking, so the workers share its imports and compiled patterns.
    converter = _markdown_converter(site, engine) if sources.todo else None
    page_tasks = sources.tasks(converter, workers * SHARES_PER_WORKER if workers > 1 else 1)
    # Handed out in this order as workers come free: the longest first, the shortest last, the
    # bank's and the pages' shares in turn, so that a worker that starts on one has its templates
    # compiled by the time the other needs them (each build compiles a template once).
    jobs = {}
    for i in range(max(len(bank_tasks), len(page_tasks))):
        jobs.update({f"bank {i}": bank_tasks[i]} if i < len(bank_tasks) else {})
        jobs.update({f"page {i}": page_tasks[i]} if i < len(page_tasks) else {})
    if made is None:
        jobs["made pages"] = partial(made_pages, site)
    jobs.update({f"drill {i}": task for i, task in enumerate(drill_tasks)})
    if bundle is None:
        jobs["engine zip"] = partial(engine_bundle.zip_sources, bundle_sources)
    # The offline manifest needs the digests of the Python runtime (14 MB to hash, unless known
    # from an earlier build) and our minified stylesheets and scripts: a worker prepares them.
    static = [path for path in site.static.files
              if (path.startswith(PYODIDE) or site.static.minified(path)) and not site.static.is_known(path)]
    if static:
        jobs["static files"] = partial(site.static.prepared, static)
    try:
        results = dict(zip(jobs, parallel.run_tasks(list(jobs.values()), workers)))
    except parallel.WorkerDied:
        raise BuildFailed([Problem("build", 0, "a build worker process stopped before it finished (killed, or out "
                                               "of memory?); nothing was written: run the build again")]) from None
    problems = []
    if bank is None:
        dealt = quizbank.merge([results[f"bank {i}"] for i in range(len(bank_tasks))])
        if isinstance(dealt, Problem):
            problems.append(dealt)
        else:
            bank = quizbank.keep(site, bank_store, dealt)
    drills = drillbank.keep(site, cache, drills, [results[f"drill {i}"] for i in range(len(drill_tasks))])
    if bundle is None:
        bundle = memory.remember(bundle_key, results["engine zip"])
    if static:
        site.static.learn(results["static files"])
    if made is None:
        made = results["made pages"]
        if isinstance(made, Problem):
            problems.append(made)
        else:
            cache.remember(made_key, made)
    by_source, found = sources.collect([results[f"page {i}"] for i in range(len(page_tasks))])
    problems += found
    if problems:
        raise BuildFailed(problems)
    cache.prune()
    unwritten_fans, generated = made
    by_fan = {s.fan.id: s for s in site.content.of_kind("fan")}
    pages = [by_source[s.path] for s in site.content.of_kind("home")]
    pages += [by_source[s.path] for s in lessons_in_order(site)]
    pages += [by_source[by_fan[f.id].path] if f.id in by_fan else unwritten_fans[f.id] for f in F.FANS]
    pages += [by_source[s.path] for s in site.content.of_kind("page")]
    return pages + generated, bank, drills, bundle


def made_pages(site: Site) -> tuple[dict[int, OutputPage], list[OutputPage]] | Problem:
    """The pages the build makes without markdown: the page of each fan not written yet (by fan
    number), and the generated pages (lesson list, fan index, fan card, search, 404, practice);
    or the template's problem (returned, not raised: it comes back from a worker process)."""
    written = {s.fan.id for s in site.content.of_kind("fan")}
    try:
        unwritten = {f.id: fan_page(site, f, None, None) for f in F.FANS if f.id not in written}
        generated = generated_pages(site)
    except TemplateProblem as err:
        return err.problem
    for output in [*unwritten.values(), *generated]:
        if output.url != NOT_FOUND:  # its links start from the host's root: see check_site
            output.find_references()
    return unwritten, generated


PAGES_PER_WORKER = 24  # markdown pages to render below which starting a worker costs more than it saves
SHARES_PER_WORKER = 3  # smaller shares than workers, so a worker that finishes early takes another
BANK_SHARES = 3  # the quiz bank is the longest piece of work: in shares, the workers finish together


class SourcePlan:
    """What becomes of each markdown source: its page as kept in memory (the same markdown, front
    matter and frame: frame_key), its markdown from the cache, or rendered (todo); then, but for
    the kept pages, through its page template."""

    def __init__(self, site: Site, cache: RenderCache, frame: str):
        self.site, self.cache = site, cache
        self.kept, self.cached, self.todo, self.keys, self.page_keys = {}, {}, [], {}, {}
        for source in site.content.sources:
            self.keys[source.path] = key = cache.key(source.path, source.name, source.body, source.body_line,
                                                     source.meta.get("fan"))
            self.page_keys[source.path] = page_key = cache.key("page", frame, key, source.kind, source.meta)
            page = cache.recall(page_key)
            if page:
                self.kept[source.path] = page
                cache.keep(key)  # still in use: pruning keeps it on disk
                continue
            stored = cache.get(key)
            if stored:
                self.cached[source.path] = Rendered.from_json(stored, source, site.url(source.name))
            else:
                self.todo.append(source)

    def tasks(self, converter, count: int) -> list:
        sources = [s for s in self.site.content.sources if s.path not in self.kept]
        return [partial(_render_share, self.site, converter, sources[i::count], self.cached)
                for i in range(count) if sources[i::count]]

    def collect(self, results) -> tuple[dict[str, OutputPage], list[Problem]]:
        """The page of every source, by content path, and the problems, from the tasks' results."""
        rendered, pages, problems = dict(self.cached), {}, []
        for fresh, share_pages, found in results:
            for path, result in fresh.items():
                self.cache.put(self.keys[path], result.to_json())
            rendered.update(fresh)
            pages.update(share_pages)
            problems += found
        for path, page in pages.items():
            self.cache.remember(self.page_keys[path], (rendered[path], page))
        for path, (done, page) in self.kept.items():
            rendered[path], pages[path] = done, page
        if self.site.config.require_examples:
            problems += missing_examples(self.site.content.sources, rendered)
            problems += fans_before_taught(lessons_in_order(self.site), rendered)
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


def fans_before_taught(lessons, rendered: dict[str, Rendered]) -> list[Problem]:
    """A fan that a lesson's hand block scores is taught (a heading named after it) in that lesson
    or an earlier one, or linked on the page by the end of the block's section: a score table
    never shows a beginner a fan that nothing has explained or pointed to."""
    problems, taught = [], set()
    for source in lessons:
        result = rendered.get(source.path)
        if result is None:
            continue
        taught.update(result.state.taught)
        for line, fan_id in result.state.unlinked:
            if fan_id not in taught:
                fan = F.FAN_BY_ID[fan_id]
                problems.append(Problem(source.shown, line, f"hand block: it scores {fan.name}, which no lesson up "
                                        "to this one teaches (a heading named after the fan) and this page does not "
                                        "link by the end of this section: teach it, or link it where it first "
                                        f"appears, [{fan.name}](fan:{fan.slug})"))
    return problems


def _markdown_converter(site: Site, engine):
    """The Markdown object with the tutor extension that renders pages, and the extension."""
    services = Services(
        render_fragment=lambda name, **context: render_template(site, name, context),
        tiles=site.env.globals["tiles"],
        page_url=site.source_url,
        asset_url=lambda path: path if path in site.content.assets else None,
        fan_url=site.fan_url,
        generated_url=partial(generated_url, site),
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
