"""The real content/ folder builds with the real engine: every fan page, every lesson, every link.

While writers are still adding fan pages the build runs in draft mode (fans without a page show
the table's facts); once all 81 exist, the strict build must pass too.
"""

from __future__ import annotations

import posixpath
import re
from pathlib import Path

import pytest

from tutor.practice.frequency import learning_path
from tutor.rules import fans as F
from tutor.site import build_site
from tutor.site.links import references
from tutor.site.scoring import default_engine
from tutor.views.problems import BuildFailed

ROOT = Path(__file__).resolve().parent.parent
FAN_PAGES = sorted((ROOT / "content" / "fans").glob("*.md"))
LESSONS = sorted((ROOT / "content" / "lessons").glob("*.md"))
COMPLETE = len(FAN_PAGES) == len(F.FANS)


@pytest.fixture(scope="module")
def real_site(tmp_path_factory):
    assert default_engine() is not None, "tutor.rules.engine must import: hand blocks are scored with it"
    out = tmp_path_factory.mktemp("real") / "site"
    report = build_site(ROOT, out, draft=not COMPLETE)
    return out, report


def test_every_fan_has_its_page(real_site):
    site, _ = real_site
    for fan in F.FANS:
        html = (site / "fans" / fan.slug / "index.html").read_text(encoding="utf-8")
        assert f"<h1>{fan.name}</h1>" in html
        assert f'<span lang="zh-Hans">{fan.chinese}</span>' in html
    index = (site / "fans" / "index.html").read_text(encoding="utf-8")
    assert index.count('<tr data-number="') == 81


def test_every_lesson_is_built_in_the_learning_path(real_site):
    site, _ = real_site
    path = (site / "lessons" / "index.html").read_text(encoding="utf-8")
    # Every link on the lessons page, resolved from lessons/ to a path in the site.
    linked = {posixpath.normpath(posixpath.join("lessons", href)) for href in re.findall(r'href="([^"#?]+)"', path)}
    for lesson in LESSONS:
        slug = re.sub(r"^\d+-", "", lesson.stem)
        assert (site / "lessons" / slug / "index.html").is_file(), lesson.name
        assert f"lessons/{slug}" in linked, slug


def test_the_fan_card_draws_every_fan_in_its_group(real_site):
    site, _ = real_site
    page = (site / "fan-card" / "index.html").read_text(encoding="utf-8")
    html = page[page.index('<article class="fan-card">'):page.index("</article>")]
    # The pictures' tiles use symbols the page defines once, each drawing the sprite's tile.
    defined = dict(re.findall(r'<symbol id="pt-(\w+)" viewBox="0 0 60 80"><use href="\.\./static/tiles/tiles\.svg\?v=\w+#tile-(\w+)"/>',
                              page))
    assert defined and all(symbol == tile for symbol, tile in defined.items())
    used = set(re.findall(r'<use href="#pt-(\w+)"', html))
    assert used == set(defined)
    boxes = re.findall(r"<li[^>]*>(.*?)</li>", html, re.S)
    assert len(boxes) == 81
    for fan in F.FANS:
        box = next(b for b in boxes if f'href="../fans/{fan.slug}/"' in b)
        # Every fan has its picture (the page's 'card' front matter), drawn with tiles and named as one image.
        assert 'class="tiles-inline" role="img" aria-label="' in box, fan.slug
        assert '<use href="#pt-' in box, fan.slug
        # The Chinese name sits in a span the stylesheet keeps from breaking.
        assert f'<span class="card-zh" lang="zh-Hans">{fan.chinese}</span>' in box, fan.slug
    groups = re.findall(r'<h2 id="card-([a-z]+)">', html)
    assert sorted(groups) == sorted(F.CATEGORIES)
    css = (ROOT / "static" / "css" / "card.css").read_text(encoding="utf-8")
    assert re.search(r"\.card-zh \{[^}]*white-space: nowrap", css)


# Everyday at a real table although the frequency model deals them less often (lesson 20 says why),
# or used by lessons' score tables before issue 27 had them taught.
EVERYDAY_BEYOND_THE_MODEL = ("all-types", "two-concealed-pungs", "pure-straight", "all-pungs", "outside-hand",
                             "double-pung", "concealed-kong")


def test_the_everyday_lessons_teach_the_30_most_common_fans_and_the_table_s_everyday_pungs():
    by_name = {fan.name: fan.id for fan in F.FANS}
    taught = []
    for lesson in (p for p in LESSONS if "-everyday-" in p.name):
        # Each fan has its own '### Name' section, and the section holds a scored hand.
        for name, body in re.findall(r"^### (.+?)\n(.*?)(?=^##|\Z)", lesson.read_text(encoding="utf-8"), re.M | re.S):
            taught.append(by_name[name])
            assert "```hand" in body, name
    assert len(taught) == len(set(taught))  # each fan taught once
    assert set(learning_path()[:30]) <= set(taught)
    assert {F.fan(slug).id for slug in EVERYDAY_BEYOND_THE_MODEL} <= set(taught)


def test_no_page_loads_anything_from_outside_the_site(real_site):
    site, _ = real_site
    for page in site.rglob("*.html"):
        for ref in references(page.read_text(encoding="utf-8")):
            if ref.tag != "a" and ref.tag != "form":
                assert not re.match(r"^([a-z]+:|//)", ref.target), f"{page.relative_to(site)}: {ref.target}"


def test_reference_pages_exist(real_site):
    site, report = real_site
    for name in ("index.html", "glossary/index.html", "rulings/index.html", "fan-card/index.html",
                 "search/index.html", "404.html", "search-index.json"):
        assert (site / name).is_file(), name
    assert report.warnings == ()


def test_strict_build_needs_every_fan_page(tmp_path):
    if COMPLETE:
        build_site(ROOT, tmp_path / "site")
        return
    with pytest.raises(BuildFailed) as caught:
        build_site(ROOT, tmp_path / "site")
    missing = len(F.FANS) - len(FAN_PAGES)
    assert f"content/fans: {missing} of the 81 fans have no page" in str(caught.value)
    assert not (tmp_path / "site").exists()
