"""Page addresses, relative links and the link checker."""

from __future__ import annotations

import pytest

from tutor.site.links import check_references, references, resolve
from tutor.views.urls import href, output_file, page_url, root_prefix


@pytest.mark.parametrize(
    "name, directory_urls, url",
    [
        pytest.param("", True, "", id="home"),
        pytest.param("", False, "index.html", id="home_files"),
        pytest.param("fans/full-flush", True, "fans/full-flush/", id="fan"),
        pytest.param("fans/full-flush", False, "fans/full-flush.html", id="fan_files"),
    ],
)
def test_page_url(name, directory_urls, url):
    assert page_url(name, directory_urls) == url


@pytest.mark.parametrize(
    "from_url, to_url, expected",
    [
        pytest.param("", "fans/", "fans/", id="home_to_section"),
        pytest.param("", "", "./", id="home_to_home"),
        pytest.param("fans/full-flush/", "", "../../", id="deep_to_home"),
        pytest.param("fans/full-flush/", "lessons/tiles/", "../../lessons/tiles/", id="deep_to_deep"),
        pytest.param("fans/full-flush.html", "glossary.html", "../glossary.html", id="files"),
        pytest.param("404.html", "fans/", "fans/", id="root_file"),
    ],
)
def test_href_is_relative(from_url, to_url, expected):
    assert href(from_url, to_url) == expected


def test_output_file_and_root_prefix():
    assert output_file("") == "index.html"
    assert output_file("fans/") == "fans/index.html"
    assert output_file("fans/a.html") == "fans/a.html"
    assert root_prefix("fans/a/") == "../../"
    assert root_prefix("") == ""


@pytest.mark.parametrize(
    "page, target, expected",
    [
        pytest.param("fans/a/", "../b/#x", ("fans/b/index.html", "x"), id="sibling"),
        pytest.param("fans/a/", "#top", ("fans/a/index.html", "top"), id="same_page"),
        pytest.param("fans/a/", "../../static/css/site.css?v=1", ("static/css/site.css", ""), id="query"),
        pytest.param("fans/a/", "../../", ("index.html", ""), id="home"),
        pytest.param("fans/a/", "../../../up/", (None, ""), id="leaves_site"),
        pytest.param("fans/a/", "/static/x.css", (None, ""), id="absolute_path"),
    ],
)
def test_resolve(page, target, expected):
    assert resolve(page, target) == expected


def test_references_tell_resources_from_links():
    html = ('<link rel="stylesheet" href="a.css"><link rel="canonical" href="https://x.example/">'
            '<script src="a.js"></script><a href="b/">b</a><img src="c.png" alt=""><use href="s.svg#tile-5s"/>'
            '<form action="api/x" method="post">')
    kinds = [(ref.tag, ref.target) for ref in references(html)]
    assert kinds == [("link-stylesheet", "a.css"), ("a", "https://x.example/"), ("script", "a.js"), ("a", "b/"),
                     ("img", "c.png"), ("use", "s.svg#tile-5s"), ("form", "api/x")]


FILES = {"index.html", "fans/index.html", "fans/a/index.html", "static/css/site.css", "static/tiles/tiles.svg"}
IDS = {"fans/index.html": {"top"}, "static/tiles/tiles.svg": {"tile-5s"}}


def messages(page: str, html: str) -> list[str]:
    return [message for _, message in check_references(page, html, FILES, IDS.get)]


def test_links_that_resolve_pass():
    html = ('<a href="../">i</a><a href="../#top">t</a><a href="https://elsewhere.example/">e</a>'
            '<a href="mailto:club@example.org">m</a><link rel="stylesheet" href="../../static/css/site.css?v=9">'
            '<use href="../../static/tiles/tiles.svg?v=1#tile-5s"/><a href="../../calculator/?h=1">c</a>'
            '<form action="../../api/lesson-check" method="post">')
    assert messages("fans/a/", html) == []


@pytest.mark.parametrize(
    "html, message",
    [
        pytest.param('<a href="../b/">b</a>', "broken link '../b/': no file fans/b/index.html", id="missing_page"),
        pytest.param('<a href="../#nowhere">x</a>', "broken anchor '../#nowhere'", id="missing_anchor"),
        pytest.param('<use href="../../static/tiles/tiles.svg#tile-0m"/>', "has no id 'tile-0m'", id="missing_symbol"),
        pytest.param('<script src="https://cdn.example/x.js"></script>', "loads from outside the site",
                     id="external_script"),
        pytest.param('<link rel="stylesheet" href="//cdn.example/x.css">', "loads from outside the site",
                     id="external_stylesheet"),
        pytest.param('<img src="http://img.example/a.png" alt="">', "loads from outside the site", id="external_img"),
        pytest.param('<a href="../../../x/">x</a>', "points outside the site", id="above_root"),
        pytest.param('<a href="/fans/">x</a>', "points outside the site", id="root_absolute"),
    ],
)
def test_links_that_do_not_resolve_fail(html, message):
    found = messages("fans/a/", html)
    assert len(found) == 1 and message in found[0], found
