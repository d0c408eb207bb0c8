"""A rebuild in a running build process (one BuildMemory, as build.py --watch keeps) writes the
same site, byte for byte, as a clean full build of the same content, whatever changed in between;
and it makes again and writes only what the change touched.

Each test edits the fixture project, rebuilds it with the memory of the earlier builds, builds a
copy of the project afresh (no memory, no render cache), and compares every file.
"""

from __future__ import annotations

import os
import shutil
from pathlib import Path

import pytest
from test_site_build import FAKE, ROOT, make_project, site_files

from tutor.site import build_site, watch
from tutor.site.memory import BuildMemory
from tutor.views.problems import BuildFailed


@pytest.fixture
def project(tmp_path):
    return make_project(tmp_path)


class Rebuilder:
    """The fixture project built into project/site, again and again by one process."""

    def __init__(self, project: Path, tmp_path: Path):
        self.project, self.tmp_path = project, tmp_path
        self.memory = BuildMemory()
        self.clean_builds = 0

    @property
    def site(self) -> Path:
        return self.project / "site"

    def build(self):
        return build_site(self.project, engine=FAKE, memory=self.memory)

    def assert_same_as_a_clean_build(self) -> None:
        """A copy of the project, built in full: no memory, no render cache of its own (only the
        quiz bank comes from the per-user cache, which does not depend on the content)."""
        self.clean_builds += 1
        copy = self.tmp_path / f"clean-{self.clean_builds}"
        shutil.copytree(self.project, copy, symlinks=True, ignore=shutil.ignore_patterns("site", ".site-*"))
        clean = copy / "site"
        build_site(copy, clean, engine=FAKE)
        assert site_files(self.site) == site_files(clean)
        for name in site_files(clean):
            assert (self.site / name).read_bytes() == (clean / name).read_bytes(), name

    def inodes(self) -> dict[str, int]:
        return {name: (self.site / name).stat().st_ino for name in site_files(self.site)}


@pytest.fixture
def rebuilder(project, tmp_path):
    rebuilder = Rebuilder(project, tmp_path)
    rebuilder.build()
    return rebuilder


def edit(path: Path, old: str, new: str) -> None:
    text = path.read_text(encoding="utf-8")
    assert old in text, f"{old!r} not in {path.name}"
    path.write_text(text.replace(old, new), encoding="utf-8")


def rendered_sources(monkeypatch) -> list[list[str]]:
    """The content paths whose markdown each later build renders."""
    calls = []
    original = __import__("tutor.site.build", fromlist=["_render_sources"])._render_sources
    monkeypatch.setattr("tutor.site.build._render_sources",
                        lambda site, converter, sources: calls.append([s.path for s in sources])
                        or original(site, converter, sources))
    return calls


def test_an_edit_to_one_page_renders_and_writes_that_page_and_what_lists_it(rebuilder, monkeypatch):
    lesson = rebuilder.project / "content" / "lessons" / "02-one-suit.md"
    before = rebuilder.inodes()
    rendered = rendered_sources(monkeypatch)
    edit(lesson, "## A hand in one suit\n", "## A hand in one suit\n\nA new sentence, in a new paragraph.\n")
    rebuilder.build()
    assert rendered == [["lessons/02-one-suit.md"]]
    assert "A new sentence" in (rebuilder.site / "lessons/one-suit/index.html").read_text(encoding="utf-8")
    rebuilder.assert_same_as_a_clean_build()
    after = rebuilder.inodes()
    rewritten = sorted(name for name in after if after[name] != before.get(name))
    # The page itself; the offline app's files that hash it; nothing else (the search index
    # holds the page's headings, which did not change).
    assert rewritten == ["lessons/one-suit/index.html", "offline-manifest.json", "sw.js"]


def test_a_title_in_front_matter_changes_the_navigation_of_every_page(rebuilder, monkeypatch):
    rendered = rendered_sources(monkeypatch)
    edit(rebuilder.project / "content" / "glossary.md", "title: Glossary", "title: Words at the table")
    rebuilder.build()
    assert rendered == []  # no page's markdown changed: every page goes through its template again
    for page in ("index.html", "fans/full-flush/index.html", "lessons/index.html", "404.html"):
        assert "Words at the table" in (rebuilder.site / page).read_text(encoding="utf-8"), page
    rebuilder.assert_same_as_a_clean_build()


def test_a_lesson_title_and_order_change_the_lesson_lists(rebuilder):
    edit(rebuilder.project / "content" / "lessons" / "01-tiles.md", "title: Tiles and suits\norder: 1",
         "title: The tiles\norder: 3")
    rebuilder.build()
    rebuilder.assert_same_as_a_clean_build()
    lessons = (rebuilder.site / "lessons" / "index.html").read_text(encoding="utf-8")
    assert lessons.index("One suit") < lessons.index("The tiles")


def test_a_new_page_and_then_its_deletion(rebuilder):
    new = rebuilder.project / "content" / "house-rules.md"
    new.write_text("---\ntitle: House rules\n---\n\nWe play with flowers.\n\n## Dead hands\n\nNever.\n",
                   encoding="utf-8")
    rebuilder.build()
    assert (rebuilder.site / "house-rules" / "index.html").is_file()
    rebuilder.assert_same_as_a_clean_build()
    new.unlink()
    rebuilder.build()
    assert not (rebuilder.site / "house-rules").exists()
    assert "house-rules" not in (rebuilder.site / "search-index.json").read_text(encoding="utf-8")
    rebuilder.assert_same_as_a_clean_build()


def test_a_fan_page_deleted_falls_back_to_the_fan_table_page(rebuilder):
    (rebuilder.project / "content" / "lessons" / "02-one-suit.md").write_text(
        "---\ntitle: One suit\norder: 2\nsummary: A hand in one suit.\ngoals: [read a hand]\n---\n\nNo links.\n",
        encoding="utf-8")
    rebuilder.build()
    (rebuilder.project / "content" / "fans" / "full-flush.md").unlink()
    rebuilder.build()
    assert "being written" in (rebuilder.site / "fans" / "full-flush" / "index.html").read_text(encoding="utf-8")
    rebuilder.assert_same_as_a_clean_build()


def test_site_toml_and_a_stylesheet_change_every_page(rebuilder, tmp_path):
    edit(rebuilder.project / "site.toml", 'name = "Fixture Club"', 'name = "Another Club"')
    rebuilder.build()
    rebuilder.assert_same_as_a_clean_build()
    static = tmp_path / "static"
    shutil.copytree(ROOT / "static", static)
    (rebuilder.project / "static").unlink()
    (rebuilder.project / "static").symlink_to(static)
    with open(static / "css" / "site.css", "a", encoding="utf-8") as css:
        css.write("\n.a-new-rule { color: red }\n")
    rebuilder.build()
    assert ".a-new-rule" in (rebuilder.site / "static" / "css" / "site.css").read_text(encoding="utf-8")
    rebuilder.assert_same_as_a_clean_build()


def test_a_template_change_renders_every_page_again(rebuilder, tmp_path, monkeypatch):
    templates = tmp_path / "templates"
    shutil.copytree(ROOT / "templates", templates)
    (rebuilder.project / "templates").unlink()
    (rebuilder.project / "templates").symlink_to(templates)
    edit(templates / "base.html", "</footer>", "<p>Printed on recycled pixels.</p></footer>")
    rendered = rendered_sources(monkeypatch)
    rebuilder.build()
    assert sorted(path for share in rendered for path in share) == sorted(
        p.relative_to(rebuilder.project / "content").as_posix()
        for p in (rebuilder.project / "content").rglob("*.md"))
    assert "recycled pixels" in (rebuilder.site / "glossary" / "index.html").read_text(encoding="utf-8")
    rebuilder.assert_same_as_a_clean_build()


def test_after_a_failed_build_the_next_one_is_whole(rebuilder):
    lesson = rebuilder.project / "content" / "lessons" / "01-tiles.md"
    edit(lesson, "((123456789p))", "((123456789x))")
    before = {name: (rebuilder.site / name).read_bytes() for name in site_files(rebuilder.site)}
    with pytest.raises(BuildFailed):
        rebuilder.build()
    assert {name: (rebuilder.site / name).read_bytes() for name in site_files(rebuilder.site)} == before
    edit(lesson, "((123456789x))", "((12345678p))")
    rebuilder.build()
    rebuilder.assert_same_as_a_clean_build()


def test_files_changed_added_or_removed_in_the_output_by_someone_else(rebuilder):
    page = rebuilder.site / "rulings" / "index.html"
    page.write_text("changed by hand", encoding="utf-8")
    stamp = page.stat().st_mtime_ns + 1_000_000_000
    os.utime(page, ns=(stamp, stamp))
    (rebuilder.site / "fans" / "full-flush" / "index.html").unlink()
    (rebuilder.site / "notes.txt").write_text("not the build's", encoding="utf-8")
    edit(rebuilder.project / "content" / "glossary.md", "## Chow", "## Chow\n\nA new line.\n")
    rebuilder.build()
    rebuilder.assert_same_as_a_clean_build()


def test_the_output_folder_replaced_between_builds(rebuilder, tmp_path):
    shutil.rmtree(rebuilder.site)
    rebuilder.build()
    rebuilder.assert_same_as_a_clean_build()
    other = tmp_path / "elsewhere"
    build_site(rebuilder.project, other, engine=FAKE, memory=rebuilder.memory)  # another folder, same memory
    rebuilder.assert_same_as_a_clean_build()
    assert site_files(other) == site_files(rebuilder.site)


def test_watch_keeps_its_builds_in_memory(project, monkeypatch):
    """The watcher's rebuild after an edit renders that page alone, with every page's template
    but that one's kept: the edited page is the only page file written again."""
    monkeypatch.setattr("tutor.site.build.default_engine", lambda: FAKE)
    page = project / "content" / "glossary.md"
    templated, inodes = [], []
    original = __import__("tutor.site.kinds", fromlist=["source_page"]).source_page
    monkeypatch.setattr("tutor.site.build.source_page",
                        lambda site, source, done: templated.append(source.path) or original(site, source, done))

    def on_build(code):
        assert code == 0
        inodes.append({name: (project / "site" / name).stat().st_ino for name in site_files(project / "site")})
        if len(inodes) == 1:
            templated.clear()
            page.write_text(page.read_text() + "\nA new line.\n")
            stamp = page.stat().st_mtime_ns + 1_000_000_000
            os.utime(page, ns=(stamp, stamp))

    watch(project, rounds=2, interval=0.01, on_build=on_build)
    assert len(inodes) == 2
    assert templated == ["glossary.md"]
    changed = sorted(name for name in inodes[1] if inodes[1][name] != inodes[0].get(name))
    assert changed == ["glossary/index.html", "offline-manifest.json", "sw.js"]
