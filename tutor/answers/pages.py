"""The practice pages, one row each: the one list that the build, the backend, the browser's
engine and the navigation read. Adding a practice page is a row here, its template (and
fragment) and its answer function; nothing else lists practice pages.

    PracticePage    name (its folder, and a name content/ may not take), navigation entry,
                    search entry, template, fragment, the page without a hand, the answer
                    function, the form fields it reads, and whether other origins may call it
    PRACTICE_PAGES  the rows, in navigation order
    page_named      a row by name

Read by: tutor.site.pages (reserved names), tutor.site.kinds (the pages the build writes),
tutor.site.build and tutor.browser (the navigation, through the frame's practice links),
tutor.web.pages (one route per row with an answer), tutor.web.security (CORS), and the
hostile-input test (tests/test_hardening.py: odd values to every field of every row).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from tutor.answers import forms as F
from tutor.answers.asked import Answer, Asked
from tutor.answers.drills import drills_answer
from tutor.answers.quiz import quiz_answer
from tutor.answers.scoring import calculator_answer
from tutor.answers.table import FIELDS as TABLE_FIELDS
from tutor.answers.table import GAME_BODY_BYTES, table_answer
from tutor.rules.situation import SITUATION_FIELDS
from tutor.views import drills as DV
from tutor.views import practice as P
from tutor.views import table as TV
from tutor.views.page import PracticeLink

FORM_BODY_BYTES = 16 * 1024  # a hand, a quiz's ticks, a drill's answer: every request but the table's


@dataclass(frozen=True)
class PracticePage:
    name: str  # its folder (calculator/), and a page name content/ may not take
    nav: str  # the navigation entry ("" for none)
    title: str  # its entry in the site's search
    summary: str
    template: str  # the whole page
    fragment: str = ""  # the part an htmx request gets
    # The page without a hand (site's default edition, a message or None, the form to echo or None):
    # what the build writes and a refused request (429) shows. None: the build makes the page itself.
    empty: Callable[[str, str | None, Any], dict[str, Any]] | None = None
    answer: Callable[[Asked], Answer] | None = None  # the backend's answer; None: the page runs in the browser alone
    fields: tuple[str, ...] = ()  # every field of its forms and queries
    cors: bool = False  # pages on another origin call it (TUTOR_ALLOWED_ORIGINS)
    keywords: str = ""
    body_limit: int = FORM_BODY_BYTES  # the largest request body its form may send (the backend, nginx)

    @property
    def url(self) -> str:
        """Its address from the site root: the backend's route, the folder the build writes."""
        return f"{self.name}/"

    @property
    def link(self) -> PracticeLink:
        # A page the backend answers lives in a folder even with directory_urls off (its route).
        return PracticeLink(self.name, self.nav, folder=self.answer is not None)


def _calculator(asked: Asked) -> Answer:
    return Answer(*calculator_answer(asked.form, asked.posted, asked.edition))


def _calculator_empty(edition: str, error: str | None = None, form: Any = None) -> dict[str, Any]:
    return P.calculator_context(edition, F.form_values(form) if form is not None else None, None, error)


PRACTICE_PAGES: tuple[PracticePage, ...] = (
    PracticePage(
        "calculator", "Calculator", "Hand calculator", "Score any hand: every fan, the reasons, the payments",
        "calculator.html", "fragments/calc_result.html", _calculator_empty, _calculator,
        ("h", "hand", *(f.name for f in SITUATION_FIELDS), "rules", "why_not"), cors=True),
    PracticePage(
        "quiz", "Quiz", "Fan quiz", "Name the fans of dealt hands, graded with reasons",
        "quiz.html", "fragments/quiz_area.html", lambda edition, error=None, form=None: P.quiz_context(edition, error=error),
        quiz_answer, ("mode", "seed", "fan", "band", "rules", "answer", "tick", "total"), cors=True),
    PracticePage(
        "drills", "Hand reading", "Hand reading",
        "What a hand waits on, whether it may be declared, how far from ready, what to discard",
        "drills.html", "fragments/drill_area.html",
        lambda edition, error=None, form=None: DV.drills_context(edition, error=error),
        drills_answer, ("mode", "seed", "rules", "answer", "tile", "shanten", "declare", "total", "discard"), cors=True),
    PracticePage(
        "table", "Table", "Practice table",
        "Play a hand against three bots, with a coach on request and a review afterwards",
        "table.html", "fragments/table_area.html",
        lambda edition, error=None, form=None: TV.table_context(edition, error=error),
        table_answer, TABLE_FIELDS, cors=True, keywords="play game bots table coach review",
        body_limit=GAME_BODY_BYTES),
    # Kept in the browser alone (static/js/scoresheet.js); the build gives it its seats (tutor.site.kinds).
    PracticePage(
        "scoresheet", "Score sheet", "Score sheet",
        "Keep score for a whole game: seats, payments, running totals, table points",
        "scoresheet.html", keywords="score sheet scoring"),
)
_BY_NAME = {page.name: page for page in PRACTICE_PAGES}


def page_named(name: str) -> PracticePage:
    return _BY_NAME[name]


PRACTICE_LINKS = tuple(page.link for page in PRACTICE_PAGES)
