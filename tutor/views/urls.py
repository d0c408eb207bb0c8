"""Page addresses, as the build writes them and the backend answers them.

Every link the site writes is relative (../../fans/full-flush/), so the same folder works in a
host's root, in a subfolder, or opened from disk. A page's *url* is its address relative to the
site root: '' for the home page, 'fans/full-flush/' (or 'fans/full-flush.html' with
directory_urls off).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any
from urllib.parse import urlencode

from tutor.rules.situation import SITUATION_FIELDS


def page_url(name: str, directory_urls: bool = True) -> str:
    """The url of a page named by its path without extension: '' (home), 'fans', 'fans/full-flush'."""
    if not name:
        return "" if directory_urls else "index.html"
    return f"{name}/" if directory_urls else f"{name}.html"


def output_file(url: str) -> str:
    """The file that serves a url: 'fans/' -> 'fans/index.html'."""
    if url == "" or url.endswith("/"):
        return url + "index.html"
    return url


def root_prefix(url: str) -> str:
    """The relative path from a page back to the site root: '../../' for 'fans/full-flush/'."""
    return "../" * url.count("/")


def href(from_url: str, to_url: str) -> str:
    """A relative link from one page to another url of the site."""
    return root_prefix(from_url) + to_url or "./"


def calculator_query(notation: str, win: str, situation: Mapping[str, Any], edition: str,
                     default_edition: str) -> str:
    """The query string that opens a hand in the calculator (h=...&win=...): the one spelling of a
    hand's address, for the examples on the pages and the calculator's own "Link to this hand".
    Values at their defaults are left out, the rules too when they are the site's default."""
    params = [("h", notation), ("win", win)]
    for field in SITUATION_FIELDS[1:]:  # in the scoring API's order, win first
        value = situation[field.name]
        if value != field.default:
            params.append((field.name, field.format(value)))
    if edition != default_edition:
        params.append(("rules", edition))
    return urlencode(params)
