"""The practice pages as the backend serves them, one route per row of the page table
(tutor.answers.pages) that has an answer function, and the lessons' check questions:

    GET|POST /calculator/        score the hand in the form or query (h, win, situation, rules, why_not);
                                 13 tiles: its waits with their points, 14 that do not win: its discards
    GET|POST /quiz/              deal (mode, seed, fan, band, rules); no seed: pick one
    POST     /quiz/ answer=1     grade the ticked fans (tick, total) of that hand
    GET|POST /drills/            deal (mode, seed, rules); POST answer=1: grade the answer
    POST     /api/lesson-check   grade a lesson's check question (page, question, choice)

Each URL answers an htmx request (HX-Request: true) with the fragment that changes
(templates/fragments/) and any other request with the whole page that includes it, so the
forms work without JavaScript; every answer says `Vary: HX-Request`. Pages and fragments are
rendered with the site build's own Jinja environment and page context (tutor.site), so the
backend's calculator page is the built one with a result in it.

request -> parse and answer (tutor.answers: the strict field parsers, the parser shared with
POST /api/score, the quiz's and drills' keys) -> render. Bad input is answered 400 (422 for a hand
that does not win) with the message in the page or fragment, never with a traceback.

Why not htmx-flask: its one release (0.1.0, 2022) runs on Flask 3, but we need only "is this an
htmx request?" plus the Vary header it does not send, and it replaces the app's request class
(and its HX-Reswap check rejects 'afterbegin' for a missing comma). `is_htmx` and `respond`
below are the whole of it.
"""

from __future__ import annotations

import json
import os
import threading
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from urllib.parse import urlencode

from flask import Blueprint, current_app, make_response, redirect, request
from flask.signals import template_rendered

from tutor.answers import forms as F
from tutor.answers.asked import Asked
from tutor.answers.pages import PRACTICE_PAGES, PracticePage
from tutor.views.config import PROJECT
from tutor.views.page import BACKEND_STATUS, LESSON_QUESTIONS, Frame, backend_status_script
from tutor.views.problems import BuildFailed
from tutor.views.urls import root_prefix

bp = Blueprint("web", __name__)


@dataclass
class PagesState:
    """What the pages remember, per app (app.extensions["tutor.web"]): the site's frame, read on
    first use by read_frame(root, site.toml), and the check questions of the built site."""

    read_frame: Callable[[Path, Path], Frame]
    frame: Frame | None = None
    lock: threading.Lock = field(default_factory=threading.Lock)
    questions: dict = field(default_factory=dict)


def init_app(app, read_frame: Callable[[Path, Path], Frame]) -> None:
    app.extensions["tutor.web"] = PagesState(read_frame)
    app.register_blueprint(bp)

LESSON_CHECK = "api/lesson-check"


# --------------------------------------------------------------------------- htmx


def is_htmx() -> bool:
    """An htmx request for a fragment (a history restore wants the whole page)."""
    headers = request.headers
    return headers.get("HX-Request") == "true" and headers.get("HX-History-Restore-Request") != "true"


def respond(page: str, fragment: str, url: str, context: dict, status: int = 200, *, section: str = ""):
    """The fragment for htmx, the whole page otherwise; one URL, so caches must key on HX-Request."""
    if is_htmx():
        html = render(fragment, url, context)
    else:
        html = render(page, url, context, section=section)
    response = make_response(html, status)
    response.headers["Content-Type"] = "text/html; charset=utf-8"
    response.vary.add("HX-Request")
    return response


# --------------------------------------------------------------------------- the site's templates


def site_paths(app) -> tuple[Path, Path]:
    """(project root, site.toml) of the site this backend renders pages for: PROJECT_ROOT or
    TUTOR_ROOT (default: this checkout), and SITE_CONFIG (default: the root's site.toml)."""
    root = Path(app.config.get("PROJECT_ROOT") or os.environ.get("TUTOR_ROOT") or PROJECT).resolve()
    return root, Path(app.config.get("SITE_CONFIG") or root / "site.toml")


def frame() -> Frame:
    """The site as its pages see it (configuration, templates, static versions, navigation), read
    once per app by the reader the app was made with (tutor.app hands it tutor.site's)."""
    state = current_app.extensions["tutor.web"]
    if state.frame is None:
        with state.lock:
            if state.frame is None:
                root, config = site_paths(current_app)
                try:
                    state.frame = state.read_frame(root, config)
                except BuildFailed as failed:  # content the build refuses too: say where in the log
                    current_app.logger.error("tutor.web: the site's sources have problems:\n%s",
                                             "\n".join(map(str, failed.problems)))
                    raise
    return state.frame


def render(template: str, url: str, context: dict, *, section: str = "") -> str:
    compiled, shared, html = frame().render(template, url, context, section=section)
    template_rendered.send(current_app._get_current_object(), template=compiled, context=shared)
    return html


def edition() -> str:
    return frame().config.default_edition


# --------------------------------------------------------------------------- is there a backend?


@bp.get("/" + BACKEND_STATUS)
def backend_status():
    """The practice pages load this script before their first paint; the build's own copy, which a
    static host serves, says "none". Never cached: the same pages may be served with or without us."""
    response = make_response(backend_status_script("up"))
    response.headers["Content-Type"] = "text/javascript; charset=utf-8"
    response.headers["Cache-Control"] = "no-store"
    return response


# --------------------------------------------------------------------------- the practice pages


def practice_view(row: PracticePage) -> Callable:
    """The one controller of every practice page the backend answers (tutor.answers.pages): the
    request as an Asked, the row's answer function, then the page, the fragment or a new hand's address."""

    def view():
        posted = request.method == "POST"
        asked = Asked(request.form if posted else request.args, posted, is_htmx(), edition())
        answer = row.answer(asked)
        if answer.redirect is not None:  # a new hand gets its own address, so it can be shared and dealt again
            return redirect("./?" + urlencode(answer.redirect), 303)
        return respond(row.template, row.fragment, row.url, answer.context, answer.status)

    view.__name__ = row.name
    return view


for _row in PRACTICE_PAGES:
    if _row.answer is not None:
        bp.add_url_rule("/" + _row.url, _row.name, practice_view(_row), methods=["GET", "POST"])


# --------------------------------------------------------------------------- too many requests


def practice_row() -> PracticePage | None:
    """The practice page the backend answers at this request's address, if any."""
    path = request.path.lstrip("/")
    return next((row for row in PRACTICE_PAGES if row.answer is not None and row.url == path), None)


def refused(message: str, status: int):
    """A request refused before it was answered (429: too many; 413: too large), as the page that
    was asked for says it: the calculator's result, the quiz's area or a lesson check's answer,
    each with the message where the answer would be. A body too large is never read, so its form
    is not echoed."""
    row, path = practice_row(), request.path.lstrip("/")
    if row is not None:
        form = request.values if status != 413 else None
        return respond(row.template, row.fragment, row.url, row.empty(edition(), message, form), status)
    if path == LESSON_CHECK:
        return respond("lesson_check.html", "fragments/lesson_check.html", LESSON_CHECK, check_context(message), status)
    response = make_response(message, status)
    response.headers["Content-Type"] = "text/plain; charset=utf-8"
    return response


# --------------------------------------------------------------------------- lesson check questions



def lesson_questions() -> dict | None:
    """lesson-questions.json of the built site (written by the build), reread when it changes."""
    # Relative to the app's folder, as Flask's send_from_directory takes SITE_DIR for the site's files.
    path = Path(current_app.root_path, current_app.config["SITE_DIR"], LESSON_QUESTIONS)
    try:
        stamp = path.stat().st_mtime_ns
    except OSError:
        return None
    questions = current_app.extensions["tutor.web"].questions
    cached = questions.get(path)
    if cached is None or cached[0] != stamp:
        try:
            cached = (stamp, json.loads(path.read_text(encoding="utf-8")))
        except (OSError, ValueError):
            return None
        questions[path] = cached
    return cached[1]


def rebase(html: str, from_root: str, to_root: str) -> str:
    """Links written for one page (../../fans/...) made right for a page at another depth.
    Every relative link the build writes starts with its page's root prefix."""
    if from_root == to_root or not from_root:
        return html
    return html.replace(f'="{from_root}', f'="{to_root}')


def check_context(error: str | None = None) -> dict:
    """A check question's answer page before anything is known about the question."""
    return {"title": "Check question", "error": error, "check": None, "choice": 0, "right": False,
            "number": 0, "lesson_url": frame().url("lessons"), "lesson_title": "Lessons"}


@bp.post("/api/lesson-check")
def lesson_check():
    form = request.form
    questions = lesson_questions()
    context = check_context()

    def answer(status: int = 200):
        return respond("lesson_check.html", "fragments/lesson_check.html", LESSON_CHECK, context, status)

    if questions is None:
        context["error"] = ("The check questions are not available here: the site has not been built on this "
                            "server (tutor build), so the answer is only in the lesson page.")
        return answer(503)
    entry = questions.get(form.get("page", ""))
    try:
        number = F.whole_number(form.get("question", ""), "question", 1, len(entry["questions"]) if entry else 0)
    except F.FieldError:
        number = None
    if entry is None or number is None:
        context["error"] = "There is no such check question: go back to the lesson and try again."
        return answer(400)
    check = dict(entry["questions"][number - 1])
    context.update(number=number, lesson_url=entry["url"], lesson_title=entry["title"])
    if not is_htmx():  # the page lives at api/lesson-check, not at the lesson's depth
        here, there = root_prefix(LESSON_CHECK), root_prefix(entry["url"])
        check = {key: [rebase(v, there, here) for v in value] if isinstance(value, list)
                 else rebase(value, there, here) if isinstance(value, str) else value
                 for key, value in check.items()}
    context["check"] = check
    given = form.get("choice", "")
    if not given.strip():
        context["error"] = "Pick an answer first."
        return answer(400)
    try:
        choice = F.whole_number(given, "choice", 0, len(check["choices"]) - 1)
    except F.FieldError:
        context["error"] = "That is not one of the choices."
        return answer(400)
    context.update(choice=choice, right=choice == check["answer"])
    return answer()
