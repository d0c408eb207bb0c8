"""The offline quiz bank: hands dealt at build time (tutor.views.practice.bank_keys), each rendered
as the very fragment the backend answers with it, its grading for every answer included
(offline_quiz_context). The build writes quiz/bank.json, the list of hands with the file of each,
and the files under quiz/hands/; on a static host fan-quiz.js fetches one and shows it.

Dealing and rendering take a second or two, so the bank is kept between builds, keyed by
tutor's source, the templates, the configuration and the tile art. It does not depend on the
content, so the cache is one per user (in the system's temporary folder, as Jinja2 keeps its
compiled templates) and serves every checkout and test build alike; a build with --no-cache
neither reads nor writes it.
"""

from __future__ import annotations

import json
import os
import tempfile
from functools import partial
from pathlib import Path

from tutor.answers.pages import page_named
from tutor.views.page import QUIZ_BANK
from tutor.views.practice import QuizKey, bank_file, bank_keys, offline_quiz_context
from tutor.views.problems import Problem

from .cache import RenderCache, fingerprint, tutor_source
from .model import SPRITE, Site, TemplateProblem, render_template

SHARED_FOLDER = Path(tempfile.gettempdir()) / f"tutor-quiz-bank-{os.getuid() if hasattr(os, 'getuid') else 0}"
KEEP = 6  # banks kept in the shared folder: one per recent source, templates and configuration
QUIZ_URL = page_named("quiz").url
HANDS_FOLDER = QUIZ_URL + "hands/"


def bank_inputs(site: Site) -> str:
    """A digest of what the banks (this one and the drills') are made from: tutor's source, the
    templates, the configuration and the tile art; not the content."""
    return fingerprint(tutor_source(), site.root / "templates", repr(site.config), site.static.version(SPRITE))


def bank_cache(site: Site, cache: RenderCache) -> RenderCache:
    # None when the build runs without a cache (then the page cache has no folder either).
    return RenderCache(SHARED_FOLDER if cache.folder else None, bank_inputs(site), cache.memory)


def stored_bank(site: Site, cache: RenderCache) -> tuple[dict | None, RenderCache]:
    """The bank from the cache, or None when it must be dealt; and the bank's cache, to keep() it."""
    store = bank_cache(site, cache)
    return store.get(store.key("bank", site.config.default_edition)), store


def deal_tasks(site: Site, shares: int) -> list:
    """The tasks that deal and render the bank, each a share of its hands (workers run them
    beside the pages); merge() puts their results together."""
    keys = bank_keys(site.config.default_edition)
    size = -(-len(keys) // shares)
    return [partial(deal_bank, site, keys[start:start + size]) for start in range(0, len(keys), size)]


def deal_bank(site: Site, keys: list[QuizKey] | None = None) -> dict | Problem:
    """{"edition", "hands": [{mode, fan, band, seed, file}], "files": {path in the site: html}} of
    these keys (default: the whole bank), or the template's problem (returned, not raised: it
    comes back from a worker process)."""
    edition = site.config.default_edition
    shared = site.frame.context(QUIZ_URL)
    hands, files = [], {}
    for key in bank_keys(edition) if keys is None else keys:
        file = bank_file(key)
        context = dict(shared, **offline_quiz_context(key, edition))
        try:
            files[QUIZ_URL + file] = render_template(site, "fragments/quiz_area.html", context)
        except TemplateProblem as err:
            return err.problem
        hands.append({**key.as_dict(), "file": file})
    return {"edition": edition, "hands": hands, "files": files}


def merge(shares: list[dict | Problem]) -> dict | Problem:
    """The bank from its shares, in order (or the first share's problem)."""
    for share in shares:
        if isinstance(share, Problem):
            return share
    return {"edition": shares[0]["edition"], "hands": [hand for share in shares for hand in share["hands"]],
            "files": {path: html for share in shares for path, html in share["files"].items()}}


def keep(site: Site, store: RenderCache, bank: dict) -> dict:
    """Store a freshly dealt bank for the next build (store: from stored_bank)."""
    store.put(store.key("bank", site.config.default_edition), bank)
    store.keep_newest(KEEP)
    return bank


def index_json(bank: dict) -> str:
    """quiz/bank.json: which hands the bank holds, and where."""
    return json.dumps({"edition": bank["edition"], "hands": bank["hands"]}, ensure_ascii=False, separators=(",", ":"))


def files(bank: dict) -> dict[str, str]:
    """Every file of the bank by its path in the site: the index and each hand's fragment."""
    return {QUIZ_BANK: index_json(bank), **bank["files"]}
