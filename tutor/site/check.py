"""Phase 3 of the build: every link and #anchor of every page resolves, nothing loads from
outside the site, and each page keeps to its weight budget (a warning when it does not)."""

from __future__ import annotations

from tutor.views.page import BACKEND_STATUS, LESSON_QUESTIONS, OFFLINE_STATUS, QUIZ_BANK
from tutor.views.problems import BuildFailed, Problem
from tutor.views.templating import StaticFiles
from tutor.views.urls import output_file

from . import offline
from .kinds import NOT_FOUND, not_found_root
from .links import check_resolved, find_ids, references, resolve, resolve_references
from .memory import BuildMemory
from .model import SPRITE, OutputPage, Site
from .output import SEARCH_INDEX

PAGE_BUDGET = 100_000  # bytes of HTML + CSS + JS per page, tile art aside; every page, the calculator
# and the fan card included (htmx comes on demand, the card's tiles use the page's own symbols)


def check_site(site: Site, pages: list[OutputPage], memory: BuildMemory | None = None) -> list[str]:
    """Every link and anchor resolves; nothing loads from elsewhere. Returns warnings; raises on problems.

    memory: a page checked by an earlier build of this process is not checked again while it is
    the same page, the site has the same files and the pages it links to the same ids."""
    memory = memory or BuildMemory()
    warnings = []
    files = {p.file for p in pages} | set(site.static.files) | {SEARCH_INDEX, QUIZ_BANK, LESSON_QUESTIONS, BACKEND_STATUS, OFFLINE_STATUS}
    files |= set(offline.FILES)
    ids = {p.file: p.ids if p.ids is not None else find_ids(p.html) for p in pages}
    if SPRITE in site.static.files:
        ids[SPRITE] = sprite_ids(site, memory)
    else:
        files.add(SPRITE)  # the tile art is drawn separately; pages still build without it
        ids[SPRITE] = None
        warnings.append(f"{SPRITE} is missing: tiles show their Unicode fallback (python scripts/tileart.py draws it)")
    files = memory.interned("checked: the site's files", frozenset(files))
    problems = []
    for output in pages:
        kept = memory.recall(f"checked: {output.file}")
        if not (kept and kept[0] is output and kept[1] is files and all(ids.get(f) == v for f, v in kept[2].items())):
            kept = memory.remember(f"checked: {output.file}", (output, files, *check_page(site, output, files, ids)))
        found, warning = kept[3:]
        problems += found
        warnings += warning
    if problems:
        raise BuildFailed(problems)
    return warnings


def sprite_ids(site: Site, memory: BuildMemory) -> set[str]:
    """The ids of the tile art (pages link to its symbols), read again only when it changed."""
    key = f"ids of {SPRITE} {site.static.digest(SPRITE)}"
    found = memory.recall(key)
    return found if found is not None else memory.remember(key, find_ids(site.static.files[SPRITE].read_text(encoding="utf-8")))


def check_page(site: Site, output: OutputPage, files: frozenset, ids: dict) -> tuple[dict, list[Problem], list[str]]:
    """(the ids looked up, by file; problems; warnings) of one page."""
    looked = {}

    def ids_of(file: str):
        looked[file] = ids.get(file)
        return looked[file]

    problems = _content_link_problems(output, ids_of)
    if output.resolved is not None:
        resolved = output.resolved
    elif output.url == NOT_FOUND:
        resolved = resolve_references(output.url, references(output.html.replace(f'="{not_found_root(site)}', '="')))
    else:
        resolved = resolve_references(output.url, references(output.html))
    for ref, message in check_resolved(resolved, files, ids_of):
        if not _rewritten(ref.target, output):
            problems.append(Problem(output.shown, 0, f"on page {output.file}: {message}"))
    weight = page_weight(output, resolved, site.static)
    warnings = [f"{output.file}: {weight // 1000} KB of HTML, CSS and JS (budget {PAGE_BUDGET // 1000} KB)"] \
        if weight > PAGE_BUDGET else []
    return looked, problems, warnings


def _content_link_problems(output: OutputPage, ids_of) -> list[Problem]:
    problems = []
    for link in output.links:
        if not link.anchor:
            continue
        ids = ids_of(output_file(link.target_url))
        if ids is not None and link.anchor not in ids:
            problems.append(Problem(output.shown, link.line,
                                    f"link ({link.written}): no heading or id '{link.anchor}' on that page"))
    return problems


def _rewritten(target: str, output: OutputPage) -> bool:
    """True for an href that the markdown wrote from a checked link (already reported with its line)."""
    file, anchor = resolve(output.url, target)
    return any(output_file(link.target_url) == file and link.anchor == anchor for link in output.links)


def page_weight(output: OutputPage, resolved: list[tuple], static: StaticFiles) -> int:
    """Bytes of the page's HTML and of the stylesheets and scripts it loads (tile art aside).
    resolved: the page's references, as links.Resolved tuples."""
    total = len(output.html.encode("utf-8"))
    for tag, _, _, file, _, _ in resolved:
        # A <link> is a stylesheet or the site's icon: the icon is an image, not CSS.
        if file and (tag == "script" or tag == "link-stylesheet" and file.endswith(".css")):
            total += static.size(file)
    return total
