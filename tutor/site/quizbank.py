"""The offline quiz bank: a few hundred hands dealt and scored at build time (tutor.views.practice),
written to quiz/bank.json for a static host. Dealing takes a second or two, so the bank is kept
in <root>/.site-cache/quiz/ between builds, keyed by tutor's source and the edition.
"""

from __future__ import annotations

import json

from tutor.views.practice import quiz_bank

from .cache import TUTOR as TUTOR_SOURCE
from .cache import RenderCache, fingerprint
from .model import Site

CACHE_FOLDER = ".site-cache"

def bank_cache(site: Site, cache: RenderCache) -> RenderCache:
    # Kept in <root>/.site-cache/quiz/ between builds, keyed by tutor's source, unless the build
    # runs without a cache (then the page cache has no folder either).
    return RenderCache(site.root / CACHE_FOLDER / "quiz" if cache.folder else None,
                       fingerprint(TUTOR_SOURCE, site.config.default_edition))


def stored_bank(site: Site, cache: RenderCache) -> str | None:
    """The bank's json from the cache, or None when it must be dealt."""
    edition = site.config.default_edition
    store = bank_cache(site, cache)
    stored = store.get(store.key("bank", edition))
    if stored is None:
        return None
    store.prune()
    return bank_text(stored)


def deal_task(site: Site):
    """The task that deals the bank in the site's edition (a worker runs it beside the pages)."""
    edition = site.config.default_edition
    return lambda: quiz_bank(edition)


def keep(site: Site, cache: RenderCache, bank: dict) -> str:
    """Store a freshly dealt bank for the next build; its json."""
    store = bank_cache(site, cache)
    store.put(store.key("bank", site.config.default_edition), bank)
    store.prune()
    return bank_text(bank)


def bank_text(bank: dict) -> str:
    return json.dumps(bank, ensure_ascii=False, separators=(",", ":"))
