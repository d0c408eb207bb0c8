"""The drills' bank for a static host: for each hand of a small bank (tutor.views.drills.bank_keys),
the very fragments the backend answers, written under drills/bank/:

    drills/bank/index.json          {"edition": ..., "hands": {"waits": [1, 2, ...], ...}}
    drills/bank/waits-1.html        the dealt hand and its question (fragments/drill_area.html)
    drills/bank/waits-1-graded.html its grading, every verdict hidden for drills.js to show

One task per drill is dealt in the build's worker pool beside the pages. Like the quiz bank
(tutor.site.quizbank), the drills do not depend on the content: what the tasks make is kept
beside the quiz bank's cache, one per user, keyed by what the quiz bank is keyed by (tutor's
source, the templates, the configuration, the tile art), so a rebuild deals nothing, nor does a
build after a page was added or removed.
"""

from __future__ import annotations

import json

from tutor.answers.pages import page_named
from tutor.practice.drills import MODES
from tutor.views import drills as V
from tutor.views.page import DRILLS_BANK

from . import quizbank
from .cache import RenderCache
from .model import Site

SHARED_FOLDER = quizbank.SHARED_FOLDER / "drills"
DRILLS_URL = page_named("drills").url


def bank_cache(site: Site, cache: RenderCache) -> RenderCache:
    return RenderCache(SHARED_FOLDER if cache.folder else None, quizbank.bank_inputs(site), cache.memory)


def _key(store: RenderCache, site: Site, mode: str) -> str:
    return store.key("drills", mode, site.config.default_edition, V.BANK_SIZE)


def stored(site: Site, cache: RenderCache) -> tuple[dict[str, str], list]:
    """(the bank's files found in the cache, one task for each drill still to deal)."""
    store = bank_cache(site, cache)
    files, tasks = {}, []
    for mode in MODES:
        found = store.get(_key(store, site, mode))
        if found is None:
            tasks.append(lambda mode=mode: (mode, deal_mode(site, mode)))
        else:
            files.update(found)
    return files, tasks


def deal_mode(site: Site, mode: str) -> dict[str, str]:
    """The files of one drill's hands: each dealt fragment and its grading (runs in a worker)."""
    edition = site.config.default_edition
    files = {}
    for key in V.bank_keys(edition):
        if key.mode != mode:
            continue
        drill = key.deal()
        _, _, dealt = site.frame.render("fragments/drill_area.html", DRILLS_URL, V.drills_context(edition, key, drill))
        _, _, graded = site.frame.render("fragments/drill_graded.html", DRILLS_URL,
                                         V.drills_context(edition, key, drill, None, graded=True))
        files[f"{DRILLS_BANK}{key.name}.html"] = dealt
        files[f"{DRILLS_BANK}{key.name}-graded.html"] = graded
    return files


def keep(site: Site, cache: RenderCache, files: dict[str, str], dealt: list[tuple[str, dict[str, str]]]) -> dict[str, str]:
    """Store what the tasks dealt for the next build; every file of the bank, with its index."""
    store = bank_cache(site, cache)
    for mode in MODES:  # mark the cached ones as used, so pruning keeps them
        store.used.add(_key(store, site, mode))
    for mode, made in dealt:
        store.put(_key(store, site, mode), made)
        files.update(made)
    store.keep_newest(quizbank.KEEP * len(MODES))
    edition = site.config.default_edition
    index = {"edition": edition, "hands": {mode: [k.seed for k in V.bank_keys(edition) if k.mode == mode]
                                          for mode in MODES}}
    return {**files, f"{DRILLS_BANK}index.json": json.dumps(index, separators=(",", ":"))}
