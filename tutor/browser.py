"""The calculator as the browser runs it: Pyodide, in a Web Worker (static/js/engine-worker.js),
imports this module from the engine bundle the site build writes (tutor.site.engine_bundle) and
answers the calculator's form with the very fragment the backend would send, rendered from the
same templates with the same view model (tutor.answers, the page table's answer function).

    load(folder)                  the site's frame from the bundle (tutor.views.portable):
                                  site.toml's settings, static versions, templates, translations
    calculator_fragment(body)     the calculator's form, urlencoded -> (status, html), as
                                  POST calculator/ answers an htmx request
    score_json(request)           a JSON request -> (status, body), as POST /api/score answers
    table_fragment(body)          the practice table's form, urlencoded -> (status, html), as
                                  POST table/ answers an htmx request (the same game for the same record)
    hold_in_memory()              before the worker's memory snapshot: templates read into memory

No Flask and no files but the bundle's own: the layer contract (pyproject.toml) keeps it so.
"""

from __future__ import annotations

import dataclasses
import json
from pathlib import Path
from typing import Any
from urllib.parse import parse_qsl

import jinja2

from tutor.answers.asked import Asked
from tutor.answers.pages import PRACTICE_LINKS, page_named
from tutor.answers.scoring import score_request
from tutor.practice.table.game import hand_seating
from tutor.rules.engine import HandError
from tutor.views.page import Frame
from tutor.views.portable import read_frame

_frame: Frame | None = None


class Form:
    """A urlencoded form as the view functions read it (get: the first value; getlist: all),
    the way werkzeug's MultiDict answers them in the backend."""

    def __init__(self, body: str):
        self.pairs = parse_qsl(body, keep_blank_values=True)

    def get(self, key: str, default=None):
        return next((value for name, value in self.pairs if name == key), default)

    def getlist(self, key: str) -> list[str]:
        return [value for name, value in self.pairs if name == key]

    def __contains__(self, key: str) -> bool:
        return any(name == key for name, _ in self.pairs)


def load(folder: str | Path) -> Frame:
    """The frame of the site the bundle was built for (tutor.views.portable), kept for the calls."""
    global _frame
    _frame = dataclasses.replace(read_frame(Path(folder)), practice=PRACTICE_LINKS)
    return _frame


def frame() -> Frame:
    if _frame is None:
        raise RuntimeError("tutor.browser.load(folder) first")
    return _frame


def calculator_fragment(body: str, posted: bool = True) -> tuple[int, str]:
    """(status, html) of the calculator's answer to this form, as the backend sends it to htmx."""
    site, calculator = frame(), page_named("calculator")
    answer = calculator.answer(Asked(Form(body), posted, True, site.config.default_edition))
    return answer.status, site.render(calculator.fragment, calculator.url, answer.context)[2]


def page_fragment(name: str, body: str, posted: bool = True) -> tuple[int, str]:
    """(status, html) of a practice page's answer to this form, as the backend sends it to htmx."""
    site, row = frame(), page_named(name)
    answer = row.answer(Asked(Form(body), posted, True, site.config.default_edition))
    return answer.status, site.render(row.fragment, row.url, answer.context)[2]


def table_fragment(body: str) -> tuple[int, str]:
    """(status, html) of the practice table's answer to its form (a move, a new hand)."""
    return page_fragment("table", body)


def score_json(data: Any) -> tuple[int, dict[str, Any]]:
    """(status, body) as POST /api/score answers a decoded JSON body."""
    try:
        return 200, score_request(data).to_dict()
    except HandError as error:
        return error.status, {"error": str(error)}


def score_many(requests_json: str) -> str:
    """[[status, body], ...] for a JSON list of requests: many hands in one call from JavaScript."""
    return json.dumps([list(score_json(data)) for data in json.loads(requests_json)], ensure_ascii=False)


def hold_in_memory() -> None:
    """Read every template into memory and keep no compiled templates on disk, before the worker
    keeps a memory snapshot (static/js/engine-worker.js): the snapshot holds memory, not files, so
    an engine restored from it then answers before its files are unpacked again. Called before
    the first render: Jinja2 caches templates by their loader."""
    env = frame().env
    env.loader = jinja2.DictLoader({name: env.loader.get_source(env, name)[0] for name in env.list_templates()})
    env.bytecode_cache = None
    # The practice table seats its players from static/data/seating.json: read it now, into the
    # game's cache, so a restored engine plays a table hand before its files are back too.
    hand_seating(0)
