"""The kinds of page: one function for each (home, lesson, fan, reference page) and for the
pages the build makes from the fan table and the configuration (lesson list, fan index, fan
card, search, 404, and the practice pages of tutor.answers.pages).
"""

from __future__ import annotations

from dataclasses import dataclass

from tutor.answers.pages import PRACTICE_PAGES, PracticePage
from tutor.rules import fans as F
from tutor.views.page import NavItem
from tutor.views.problems import Problem
from tutor.views.templating import EDITION_NAMES
from tutor.views.tileview import picture_sets

from . import search_index as S
from . import seating
from .model import OutputPage, Rendered, Site, TemplateProblem, page
from .pages import Source
from .seating import SEATING_FILE as SEATING

NOT_FOUND = "404.html"

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
    value = fan.points(site.config.default_edition)
    points = site.ngettext("Fan %(number)s · %(points)s point", "Fan %(number)s · %(points)s points", value,
                           number=fan.id, points=value)
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
    key: str  # the fan table's category; the template names it
    fans: tuple  # (fan, picture) pairs, the picture a tuple of SetViews (empty when the page has none)


# The order a player scans a hand in: its sets, its suits and tile kinds, then how it was won.
CARD_ORDER = ("chows", "pungs", "flush", "terminals", "honors", "ranks", "concealment", "waits", "winning",
              "special", "bonus")


def card_groups(edition: str, sources=()) -> list[CardGroup]:
    """The fan card's boxes: fans by category, biggest first, each with the picture its page's
    'card' front matter draws (checked when the page was read)."""
    pictures = {s.fan.id: picture_sets(s.meta["card"]) for s in sources if "card" in s.meta}

    def fans(key: str) -> tuple:
        chosen = sorted((f for f in F.FANS if f.category == key), key=lambda f: (-f.points(edition), f.id))
        return tuple((f, pictures.get(f.id, ())) for f in chosen)

    return [CardGroup(key, fans(key)) for key in CARD_ORDER]


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
    groups = card_groups(edition, site.content.of_kind("fan"))
    card = page(site, site.url("fan-card"), "fan_card.html",
                {"title": _("Fan card"), "card_groups": groups, "other_edition_points": other_points,
                 "card_pictures": [picture for group in groups for _fan, picture in group.fans if picture]},
                section=site.url("fan-card"))
    card.search = [S.page_document(card.url, _("Fan card"), _("All 81 fans on one printable page"), _("Page"), ())]
    search = page(site, site.url("search"), "search.html", {"title": _("Search")})
    # A host serves 404.html at any depth, so relative links cannot work there: its links start from
    # base_url's path, or from the host's root when no base_url is set (a subfolder needs base_url).
    missing = page(site, NOT_FOUND, "404.html", {"title": _("Page not found")}, root_for_links=not_found_root(site))
    return [lessons, fan_index, card, search, missing] + [practice_page(site, p) for p in PRACTICE_PAGES]


def scoresheet_page(site: Site, row: PracticePage) -> OutputPage:
    """The score sheet for a 16-hand game: all in the browser (static/js/scoresheet.js), its seats
    from the seating file (tutor.site.seating), with a link to the false-win penalty."""
    _ = site.gettext
    try:
        context = seating.sheet_context(site.static.content(SEATING))
    except (KeyError, seating.SeatingError) as err:  # KeyError: no such file
        raise TemplateProblem(Problem(SEATING, 0, f"the score sheet needs this file: {err}")) from None
    url = site.url(row.name)
    penalties = site.source_url("lessons/17-penalties.md")
    result = page(site, url, row.template, {
        "title": _("Score sheet"),
        "description": _("Keep score for a 16-hand game: seats, payments, totals and table points, in your browser."),
        "false_win_url": f"{penalties}#a-false-win" if penalties else "",
        "rotation_url": site.source_url("lessons/18-rotation.md") or "",
        **context,
    }, section=url)
    return result


def practice_page(site: Site, row: PracticePage) -> OutputPage:
    """A practice page as the backend also renders it (tutor.web: same template, same context),
    without a hand yet; its script fills it in from the address."""
    _ = site.gettext
    if row.empty is None:  # the page is the build's own (only the score sheet, which needs its seats)
        made = BUILT_BY_ITSELF[row.name](site, row)
        url = made.url
    else:
        url = row.url
        made = page(site, url, row.template, row.empty(site.config.default_edition, None, None),
                    section=site.practice_url(row.name))
        url = site.practice_url(row.name)
    made.search = [S.page_document(url, _(row.title), _(row.summary), _("Page"), (), keywords=row.keywords)]
    return made


BUILT_BY_ITSELF = {"scoresheet": scoresheet_page}


def not_found_root(site: Site) -> str:
    return site.config.base_path or "/"


