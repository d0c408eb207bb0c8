"""Page addresses and the link checker.

Every link the site writes is relative (../../fans/full-flush/), so the same
folder works in a host's root, in a subfolder, or opened from disk. A page's
*url* is its address relative to the site root: '' for the home page,
'fans/full-flush/' (or 'fans/full-flush.html' with directory_urls off).
"""

from __future__ import annotations

import posixpath
import re
from typing import NamedTuple
from urllib.parse import unquote

from tutor.views.urls import output_file, root_prefix

# Routes answered by the scoring backend, not by files of the static site.
BACKEND_ROUTES = ("calculator/", "api/")

_SCHEME = re.compile(r"^[a-zA-Z][a-zA-Z0-9+.-]*:")
# Tags whose attributes point somewhere. Matched without re.I, which is several times slower over
# a whole site: the build writes lower case, and Python-Markdown lower-cases the tags it emits.
_TAG = re.compile(r"<(a|link|script|img|use|image|source|iframe|form|video|audio|embed|object)\b([^>]*)>")
_TAG_ANY_CASE = re.compile(_TAG.pattern, re.I)  # for the rare page with raw HTML in capitals
_UPPER_TAG = re.compile(r"<[A-Z]")
_ATTR = re.compile(r"\b(href|src|action|data)=\"([^\"]*)\"")
# An id attribute follows white space. (Not \b, which also matched data-id= and, tried at every
# position of several megabytes of html, made this the slowest step of the check.)
_ID = re.compile(r"\sid=\"([^\"]+)\"")


def is_external(target: str) -> bool:
    return bool(_SCHEME.match(target)) or target.startswith("//")


def resolve(from_url: str, target: str) -> tuple[str | None, str]:
    """(site-relative file, anchor) that a relative link points to; file None when it leaves the site.

    An empty path ('#top') points into the page itself."""
    path, _, anchor = target.partition("#")
    path = path.split("?", 1)[0]
    anchor = unquote(anchor)
    if not path:
        return output_file(from_url), anchor
    if path.startswith("/"):
        return None, anchor
    prefix = root_prefix(from_url)
    rest = path[len(prefix):]
    if path.startswith(prefix) and not rest.startswith("../") and "/." not in rest and not rest.startswith("."):
        # The common case, written by the build itself: the root prefix and a site-relative path.
        return output_file(unquote(rest)), anchor
    base = posixpath.dirname(output_file(from_url))
    joined = posixpath.normpath(posixpath.join(base, unquote(path)))
    if joined == ".." or joined.startswith("../"):
        return None, anchor
    if joined == ".":
        joined = ""
    if path.endswith("/") or joined == "":
        joined = (joined + "/" if joined else "") + "index.html"
    return joined, anchor


def find_ids(html: str) -> set[str]:
    return set(_ID.findall(html))


class Reference(NamedTuple):  # a named tuple, not a dataclass: thousands cross from the workers
    tag: str  # 'a', 'form', 'script', 'img', 'use', ...; 'link-stylesheet' for a stylesheet or icon
    attr: str
    target: str



def references(html: str) -> list[Reference]:
    """The references of a page, each distinct one once, in order of first appearance."""
    out = []
    # A hand page repeats the same tile tags hundreds of times: parse each distinct tag once.
    pattern = _TAG_ANY_CASE if _UPPER_TAG.search(html) else _TAG
    for tag, attrs in dict.fromkeys(pattern.findall(html)):
        tag = tag.lower()
        rel = re.search(r'\brel="([^"]*)"', attrs)
        for attr, target in _ATTR.findall(attrs):
            if tag == "link" and rel and "stylesheet" not in rel.group(1) and "icon" not in rel.group(1):
                # rel=canonical, rel=alternate: addresses, not resources
                out.append(Reference("a", attr, target))
            else:
                out.append(Reference(tag if tag != "link" else "link-stylesheet", attr, target))
    return out


class Resolved(NamedTuple):
    """A reference as far as one page can tell: the site file it points to (None when it points
    nowhere to look: another site, mail, a backend route), and any problem already plain. Pages
    keep them as plain tuples in this order (OutputPage.resolved): thousands cross from the
    workers, and a plain tuple is pickled several times faster."""

    tag: str
    attr: str
    target: str
    file: str | None
    anchor: str = ""
    problem: str | None = None


def resolve_references(page: str, refs) -> list[tuple]:
    """Each distinct reference of a page, resolved (as Resolved's plain tuples): the part of the
    link check that needs only the page (done where the page is rendered, in parallel);
    check_resolved() does the rest."""
    return [tuple(resolve_reference(page, ref)) for ref in dict.fromkeys(refs)]


def resolve_reference(page: str, ref: Reference) -> Resolved:
    target = ref.target
    if target.startswith(("mailto:", "tel:")):
        return Resolved(*ref, None)
    if is_external(target):
        if ref.tag in ("a", "form"):
            return Resolved(*ref, None)
        return Resolved(*ref, None, problem=f"'{target}' loads from outside the site: ship the file under static/ instead")
    file, anchor = resolve(page, target)
    if file is None:
        return Resolved(*ref, None, problem=f"'{target}' points outside the site: use a relative link")
    if file.startswith(BACKEND_ROUTES) or file in ("calculator", "api"):
        return Resolved(*ref, None)
    return Resolved(*ref, file, anchor)


def check_resolved(resolved, files: set[str], ids_of) -> list[tuple[Reference, str]]:
    """(reference, message) for each resolved reference (Resolved, or its plain tuple) that does
    not resolve in the site: `files` holds every file the build writes (site-relative);
    `ids_of(file)` gives the ids a file defines, or None when its anchors cannot be checked."""
    out = []
    for tag, attr, target, file, anchor, problem in resolved:
        if problem:
            out.append((Reference(tag, attr, target), problem))
        elif file is None:
            continue
        elif file not in files:
            out.append((Reference(tag, attr, target), f"broken link '{target}': no file {file} in the site"))
        elif anchor:
            ids = ids_of(file)
            if ids is not None and anchor not in ids:
                out.append((Reference(tag, attr, target), f"broken anchor '{target}': {file} has no id '{anchor}'"))
    return out


def check_references(page: str, html_or_refs, files: set[str], ids_of) -> list[tuple[Reference, str]]:
    """(reference, message) for each reference in a page that does not resolve.

    Takes the page's html, or its references() when the caller already has them."""
    refs = references(html_or_refs) if isinstance(html_or_refs, str) else html_or_refs
    return check_resolved(resolve_references(page, refs), files, ids_of)


def check_reference(page: str, ref: Reference, files: set[str], ids_of) -> str | None:
    found = check_resolved([resolve_reference(page, ref)], files, ids_of)
    return found[0][1] if found else None
