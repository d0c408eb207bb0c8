"""The whole build on the fixture site: expected output, all-or-nothing writes, links, budgets, search.

Expected pages live in tests/fixtures/site/expected/. After an intended change to the templates
or the fixture, regenerate them with:

    TUTOR_UPDATE_EXPECTED=1 .venv/bin/python -m pytest tests/test_site_build.py -k expected

and review the diff like any other change.
"""

from __future__ import annotations

import importlib.util
import io
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

import pytest

from tutor.site import build_site, run_once, watch
from tutor.site.check import PAGE_BUDGET
from tutor.site.links import references
from tutor.site.minify import minify
from tutor.views.problems import BuildFailed

ROOT = Path(__file__).resolve().parent.parent
FIXTURE = Path(__file__).resolve().parent / "fixtures" / "site"
EXPECTED = FIXTURE / "expected"
# Pages compared in full: one of each kind that carries content.
COMPARED = ("index.html", "lessons/tiles/index.html", "lessons/one-suit/index.html", "fans/full-flush/index.html",
            "glossary/index.html", "search-index.json")


def load_fake_engine():
    if "site_fake_engine" in sys.modules:
        return sys.modules["site_fake_engine"]
    spec = importlib.util.spec_from_file_location("site_fake_engine", FIXTURE / "fake_engine.py")
    module = importlib.util.module_from_spec(spec)
    sys.modules["site_fake_engine"] = module
    spec.loader.exec_module(module)
    return module


FAKE = load_fake_engine()


def make_project(tmp_path: Path) -> Path:
    """The fixture's content and site.toml with the project's own templates and static files."""
    project = tmp_path / "project"
    shutil.copytree(FIXTURE / "content", project / "content")
    shutil.copy(FIXTURE / "site.toml", project / "site.toml")
    (project / "templates").symlink_to(ROOT / "templates")
    (project / "static").symlink_to(ROOT / "static")
    return project


@pytest.fixture
def project(tmp_path):
    return make_project(tmp_path)


@pytest.fixture
def built(project):
    report = build_site(project, engine=FAKE)
    return project / "site", report


def normalise(text: str) -> str:
    # Static files carry a hash of their content; the hash changes with every stylesheet edit.
    return re.sub(r"\?v=[0-9a-f]{10}", "?v=HASH", text)


def site_files(site: Path) -> list[str]:
    return sorted(p.relative_to(site).as_posix() for p in site.rglob("*") if p.is_file())


def html_files(site: Path) -> list[Path]:
    """The pages (the offline quiz's hands and the drills' bank are fragments of their pages: see
    their own tests)."""
    return sorted(p for p in site.rglob("*.html") if p.parent != site / "quiz" / "hands"
                  and "drills/bank/" not in p.relative_to(site).as_posix())


# --- expected output -------------------------------------------------------------------------------


def test_fixture_site_matches_expected_output(built):
    site, report = built
    # The offline quiz bank's hands are listed by quiz/bank.json (checked below), not one by one
    # here; the drills' bank (drills/bank/: fragments, not pages) is checked in tests/test_drills.py.
    pages = [f for f in site_files(site) if not f.startswith(("static/", "quiz/hands/", "drills/bank/"))]
    bank = json.loads((site / "quiz" / "bank.json").read_text(encoding="utf-8"))
    assert sorted("quiz/" + h["file"] for h in bank["hands"]) == sorted(
        f for f in site_files(site) if f.startswith("quiz/hands/"))
    assert (site / "drills/bank/index.json").is_file()
    actual = {name: normalise((site / name).read_text(encoding="utf-8")) for name in COMPARED}
    actual["files.txt"] = "\n".join(pages) + "\n"
    if os.environ.get("TUTOR_UPDATE_EXPECTED"):
        for name, text in actual.items():
            (EXPECTED / name).parent.mkdir(parents=True, exist_ok=True)
            (EXPECTED / name).write_text(text, encoding="utf-8")
    for name, text in actual.items():
        expected = (EXPECTED / name).read_text(encoding="utf-8")
        assert text == expected, f"{name} differs from tests/fixtures/site/expected/{name}"
    assert report.pages == len([p for p in pages if p.endswith(".html")])


def test_fixture_site_has_every_kind_of_page(built):
    site, _ = built
    for name in ("index.html", "404.html", "lessons/index.html", "lessons/tiles/index.html", "fans/index.html",
                 "fan-card/index.html", "search/index.html", "rulings/index.html", "glossary/index.html",
                 "images/diagram.svg", "search-index.json", "static/vendor/minisearch/LICENSE.txt"):
        assert (site / name).is_file(), name
    assert len(list((site / "fans").glob("*/index.html"))) == 81


def test_static_files_are_copied_as_they_are_and_our_stylesheets_and_scripts_lose_only_comments_and_spaces(built):
    site, _ = built
    minified = 0
    for source in (ROOT / "static").rglob("*"):
        if source.is_file():
            relative = source.relative_to(ROOT).as_posix()
            if relative == "static/sw.js":  # the service worker goes to the root, after its version line
                written = (site / "sw.js").read_bytes().split(b"\n", 1)[1]
            else:
                written = (site / relative).read_bytes()
            if relative.startswith(("static/css/", "static/js/")) and relative.endswith((".css", ".js")):
                text = source.read_text(encoding="utf-8")
                assert written.decode("utf-8") == minify(relative, text), relative
                if "`" in text:  # template literals: rjsmin cannot be trusted with nested ones
                    assert written == source.read_bytes(), relative
                else:
                    assert len(written) < len(text.encode("utf-8")), relative
                    minified += 1
            else:
                assert written == source.read_bytes(), relative
    assert minified >= 12  # our stylesheets and the scripts without template literals


@pytest.mark.parametrize(
    "path, text, minified",
    [
        pytest.param("static/css/a.css", "/* why */\na {\n  color: red;\n}\n", "a{color:red}\n", id="css_comment_and_spaces"),
        pytest.param("static/css/a.css", "a :hover , b > c { x: 1 ; }", "a :hover,b>c{x:1}\n", id="css_descendant_space_kept"),
        pytest.param("static/js/a.js", "// why\nconst a = 1;  /* note */\nlet b = 'x  y';\n",
                     "const a=1;let b='x  y';\n", id="js_comments_out_string_kept"),
        pytest.param("static/js/a.js", "// why\nlet b = `x ${a ? ` y ${c}` : ''}`;\n",
                     "// why\nlet b = `x ${a ? ` y ${c}` : ''}`;\n", id="js_template_literals_as_written"),
        pytest.param("static/js/a.js", "const r = /a  b/g;\nreturn x\n+ +y;\n", "const r=/a  b/g;return x\n+ +y;\n",
                     id="js_regex_and_unary_plus_kept"),
    ],
)
def test_minify(path, text, minified):
    assert minify(path, text) == minified


# --- all or nothing ----------------------------------------------------------------------------------


def test_a_failed_build_writes_nothing_and_keeps_the_previous_site(project):
    build_site(project, engine=FAKE)
    site = project / "site"
    before = {name: (site / name).read_bytes() for name in site_files(site)}
    lesson = project / "content" / "lessons" / "01-tiles.md"
    lesson.write_text(lesson.read_text().replace("((123456789p))", "((123456789x))"), encoding="utf-8")
    with pytest.raises(BuildFailed) as caught:
        build_site(project, engine=FAKE)
    assert [str(p) for p in caught.value.problems] == [
        "content/lessons/01-tiles.md:12: ((123456789x)): Unknown suit letter 'x' in '123456789x': "
        "use m (characters), p (dots) or s (bamboo)."]
    assert {name: (site / name).read_bytes() for name in site_files(site)} == before
    assert leftovers(project) == []


def leftovers(project: Path) -> list[str]:
    """Staging folders left beside the output (the render cache is meant to stay)."""
    return [p.name for p in project.iterdir() if p.name.startswith(".site-") and p.name != ".site-cache"]


# Every file system step a build may take, as Python's audit hooks name them.
FILE_EVENTS = {"os.rename", "os.replace", "os.rmdir", "os.remove", "os.unlink", "os.symlink", "shutil.rmtree"}
_WATCHING: list = []  # (the output's index page, what each step found there): set by the test below


def _see_each_step(event, args):
    if _WATCHING and event in FILE_EVENTS:
        page, seen = _WATCHING[0]
        seen.append((event, page.is_file()))


sys.addaudithook(_see_each_step)  # hooks stay for the process's life: it looks only while _WATCHING is set


def test_a_rebuild_swaps_the_site_in_one_step_so_readers_always_find_it(project):
    build_site(project, engine=FAKE)
    page = project / "site" / "index.html"
    old_page = page.read_bytes()
    (project / "content" / "index.md").write_text((project / "content" / "index.md").read_text() + "\nOne more line.\n")
    seen: list = []
    _WATCHING.append((page, seen))
    try:
        build_site(project, engine=FAKE)
    finally:
        _WATCHING.clear()
    assert any(event == "shutil.rmtree" for event, _ in seen)  # the old site was removed: the hook saw the swap
    missing = [event for event, there in seen if not there]
    assert missing == [], f"no site/index.html just before {missing} (of {len(seen)} steps)"
    assert page.read_bytes() != old_page and b"One more line." in page.read_bytes()
    assert (project / "site").is_dir() and not (project / "site").is_symlink()
    assert leftovers(project) == []


def test_a_build_removes_the_staging_folders_of_builds_killed_midway(project):
    build_site(project, engine=FAKE)
    ended = subprocess.run([sys.executable, "-c", "import os; print(os.getpid())"], capture_output=True, text=True)
    dead = int(ended.stdout)  # a process that has ended: its build can no longer be running
    abandoned = [f".site-build-{dead}-k2j3h4g5", ".site-x8y7z6w5", ".site-old-q1w2e3r4"]
    for name in abandoned:
        (project / name / "lessons").mkdir(parents=True)
        (project / name / "lessons" / "index.html").write_text("half a site")
    running = f".site-build-{os.getppid()}-a1b2c3d4"  # a build in a process that is still running
    (project / running).mkdir()
    build_site(project, engine=FAKE)
    assert sorted(leftovers(project)) == [running]
    assert (project / ".site-cache").is_dir()  # the render cache is not a staging folder
    assert (project / "site" / "index.html").is_file()


def test_a_first_failed_build_leaves_no_output_folder(project):
    (project / "content" / "rulings.md").write_text("---\ntitle: R\nauthor: me\n---\n")
    with pytest.raises(BuildFailed):
        build_site(project, engine=FAKE)
    assert not (project / "site").exists()
    assert leftovers(project) == []


def test_the_build_refuses_to_replace_a_folder_it_did_not_make(project):
    foreign = project / "site"
    foreign.mkdir()
    (foreign / "precious.txt").write_text("keep me")
    with pytest.raises(BuildFailed) as caught:
        build_site(project, engine=FAKE)
    assert "refusing to replace" in str(caught.value)
    assert (foreign / "precious.txt").read_text() == "keep me"


def test_a_broken_anchor_stops_the_build_at_its_line(project):
    rulings = project / "content" / "rulings.md"
    rulings.write_text(rulings.read_text().replace("glossary.md#pung", "glossary.md#kong"))
    with pytest.raises(BuildFailed) as caught:
        build_site(project, engine=FAKE)
    assert [str(p) for p in caught.value.problems] == [
        "content/rulings.md:8: link (glossary.md#kong): no heading or id 'kong' on that page"]


def test_a_template_mistake_is_reported_at_the_template_line(project, tmp_path):
    templates = tmp_path / "templates"
    shutil.copytree(ROOT / "templates", templates)
    page = templates / "page.html"
    page.write_text(page.read_text().replace("{{ title }}", "{{ titel }}"))
    (project / "templates").unlink()
    (project / "templates").symlink_to(templates)
    with pytest.raises(BuildFailed) as caught:
        build_site(project, engine=FAKE)
    problem = caught.value.problems[0]
    assert problem.path.endswith("templates/page.html") and problem.line == 4
    assert "'titel' is undefined" in problem.message


def test_every_problem_of_a_phase_is_reported_at_once(project):
    (project / "content" / "rulings.md").write_text("---\ntitle: R\n---\n[a](fan:nope) ((9z))\n")
    (project / "content" / "glossary.md").write_text("---\ntitle: G\n---\n\n# Again\n")
    with pytest.raises(BuildFailed) as caught:
        build_site(project, engine=FAKE)
    assert [(p.path, p.line) for p in caught.value.problems] == [
        ("content/glossary.md", 5), ("content/rulings.md", 4), ("content/rulings.md", 4)]


# --- links and resources ------------------------------------------------------------------------------


def test_no_script_stylesheet_or_image_comes_from_outside_the_site(built):
    site, _ = built
    checked, pages = 0, html_files(site)
    for page in pages:
        for ref in references(page.read_text(encoding="utf-8")):
            if ref.tag in ("script", "link-stylesheet", "img", "use", "image", "source", "iframe"):
                assert not re.match(r"^([a-z]+:|//)", ref.target), f"{page}: {ref.target}"
                assert on_disk(site, page, ref.target).is_file(), f"{page}: {ref.target}"
                checked += 1
    assert checked > 2 * len(pages)  # every page has its stylesheet and theme script, some have tiles


def test_offline_quiz_hands_link_as_the_quiz_page_that_shows_them(built):
    """A banked hand is swapped into quiz/: its tiles, fan pages and scripts resolve from there."""
    site, _ = built
    quiz_page = site / "quiz" / "index.html"
    hands = sorted((site / "quiz" / "hands").glob("*.html"))
    assert hands
    for hand in hands[:40]:
        refs = references(hand.read_text(encoding="utf-8"))
        assert any(ref.tag == "use" for ref in refs)
        for ref in refs:
            if ref.tag in ("use", "a") and not ref.target.startswith(("#", "?")):
                assert on_disk(site, quiz_page, ref.target.split("?")[0] or ".").exists(), f"{hand.name}: {ref.target}"


def on_disk(site: Path, page: Path, target: str) -> Path:
    """The file a reference of a page points to. Only the 404 page links from the host root."""
    path = target.split("?")[0].split("#")[0]
    if path.startswith("/"):
        assert page.name == "404.html", f"{page}: {target} is not relative"
        return (site / path.lstrip("/")).resolve()
    return (page.parent / path).resolve()


def test_every_internal_link_resolves_on_disk(built):
    site, _ = built
    ids = {page: set(re.findall(r'\bid="([^"]+)"', page.read_text(encoding="utf-8"))) for page in html_files(site)}
    followed = 0
    for page in html_files(site):
        if page.name == "404.html":
            continue
        for ref in references(page.read_text(encoding="utf-8")):
            if ref.tag != "a" or re.match(r"^[a-z]+:", ref.target) or "calculator/" in ref.target:
                continue
            path, _, anchor = ref.target.partition("#")
            target = (page.parent / path.split("?")[0]).resolve() if path else page
            if target.is_dir():
                target = target / "index.html"
            assert target.is_file(), f"{page.relative_to(site)}: {ref.target}"
            assert site.resolve() in target.parents or target == site.resolve(), ref.target
            if anchor:
                assert anchor in ids[target], f"{page.relative_to(site)}: {ref.target}"
            followed += 1
    assert followed > 500


def test_each_page_stays_within_the_weight_budget(built):
    site, _ = built
    for page in html_files(site):
        html = page.read_text(encoding="utf-8")
        total = len(html.encode("utf-8"))
        for ref in references(html):
            if ref.tag in ("script", "link-stylesheet"):
                total += on_disk(site, page, ref.target).stat().st_size
        assert total < PAGE_BUDGET, f"{page.relative_to(site)}: {total} bytes"


def test_pages_carry_the_club_settings_for_later_scripts(built):
    site, _ = built
    html = (site / "fans" / "full-flush" / "index.html").read_text(encoding="utf-8")
    assert '<html lang="en" data-root="../../" data-backend-url="" data-edition="wmo">' in html
    assert "<title>Full Flush · Fixture Club</title>" in html


def test_no_inline_scripts_or_styles(built):
    # The site runs under a Content-Security-Policy without 'unsafe-inline'. Data in a
    # <script type="application/json"> is never run, so the policy lets it be.
    site, _ = built
    for page in html_files(site):
        html = page.read_text(encoding="utf-8")
        assert not re.search(r'<script(?![^>]*\b(?:src=|type="application/json"))[^>]*>', html), page
        assert " style=" not in html and "<style" not in html, page
        assert not re.search(r"\son[a-z]+=", html), page


# --- the render cache ---------------------------------------------------------------------------------


def test_a_warm_build_gives_the_same_site_and_renders_only_what_changed(project, monkeypatch):
    build_site(project, engine=FAKE)
    site = project / "site"
    first = {name: (site / name).read_bytes() for name in site_files(site)}
    rendered = []
    original = __import__("tutor.site.build", fromlist=["_render_sources"])._render_sources
    monkeypatch.setattr("tutor.site.build._render_sources",
                        lambda site_, engine, sources: rendered.append([s.path for s in sources])
                        or original(site_, engine, sources))
    build_site(project, engine=FAKE)
    assert rendered == []  # every page came from the cache
    assert {name: (site / name).read_bytes() for name in site_files(site)} == first
    glossary = project / "content" / "glossary.md"
    glossary.write_text(glossary.read_text() + "\nOne more line.\n")
    build_site(project, engine=FAKE)
    assert rendered[-1] == ["glossary.md"]
    assert "One more line." in (site / "glossary" / "index.html").read_text(encoding="utf-8")


def test_a_cached_page_is_rendered_again_when_a_page_it_may_link_to_appears(project):
    build_site(project, engine=FAKE)
    (project / "content" / "index.md").write_text("---\ntitle: Home\n---\n[x](new.md)\n")
    with pytest.raises(BuildFailed):
        build_site(project, engine=FAKE)
    (project / "content" / "new.md").write_text("---\ntitle: New\n---\n")
    build_site(project, engine=FAKE)
    assert 'href="new/"' in (project / "site" / "index.html").read_text(encoding="utf-8")


def test_pages_with_problems_are_never_cached(project):
    (project / "content" / "rulings.md").write_text("---\ntitle: R\n---\n[x](fan:nope)\n")
    for _ in range(2):
        with pytest.raises(BuildFailed) as caught:
            build_site(project, engine=FAKE)
        assert "content/rulings.md:4" in str(caught.value)


def test_pages_rendered_over_several_processes_match_one_process(project, tmp_path, monkeypatch):
    build_site(project, tmp_path / "serial", engine=FAKE, cache=False)
    monkeypatch.setattr("tutor.site.build.PAGES_PER_WORKER", 1)
    monkeypatch.setattr("tutor.site.parallel.os.cpu_count", lambda: 2)
    in_this_process = []
    original = __import__("tutor.site.build", fromlist=["_render_sources"])._render_sources
    monkeypatch.setattr("tutor.site.build._render_sources",
                        lambda *args: in_this_process.append(args) or original(*args))
    build_site(project, tmp_path / "parallel", engine=FAKE, cache=False)
    assert in_this_process == []  # every page was rendered in a forked worker
    serial, parallel = tmp_path / "serial", tmp_path / "parallel"
    assert site_files(serial) == site_files(parallel)
    for name in site_files(serial):
        assert (serial / name).read_bytes() == (parallel / name).read_bytes(), name


def test_no_cache_builds_the_same_site(project, tmp_path):
    build_site(project, engine=FAKE)
    build_site(project, tmp_path / "fresh", engine=FAKE, cache=False)
    cached, fresh = project / "site", tmp_path / "fresh"
    assert site_files(cached) == site_files(fresh)
    for name in site_files(cached):
        assert (cached / name).read_bytes() == (fresh / name).read_bytes(), name


def test_a_build_without_the_cache_neither_reads_nor_writes_it(project, tmp_path, monkeypatch):
    temporary = tmp_path / "tmp"  # where Jinja2 would keep its compiled templates
    temporary.mkdir()
    monkeypatch.setattr(tempfile, "tempdir", str(temporary))
    build_site(project, tmp_path / "out", engine=FAKE, cache=False)
    assert (tmp_path / "out" / "quiz" / "bank.json").is_file()
    assert not (project / ".site-cache").exists()
    assert list(temporary.iterdir()) == []


# --- configuration -------------------------------------------------------------------------------------


def test_a_configuration_file_named_but_missing_is_an_error(project):
    with pytest.raises(BuildFailed) as caught:
        build_site(project, config_path=project / "club.toml", engine=FAKE)
    assert str(caught.value).endswith("club.toml: no such configuration file")


def test_file_urls_for_hosts_without_folder_indexes(project):
    (project / "site.toml").write_text('require_all_fans = false\ndirectory_urls = false\n')
    build_site(project, engine=FAKE)
    site = project / "site"
    assert (site / "fans" / "full-flush.html").is_file()
    assert (site / "lessons" / "tiles.html").is_file()
    html = (site / "lessons" / "one-suit.html").read_text(encoding="utf-8")
    assert 'href="../lessons/tiles.html#the-suits"' in html
    assert 'href="../index.html"' in html


def test_the_404_page_links_from_the_host_root_without_a_base_url(built):
    site, _ = built
    html = (site / "404.html").read_text(encoding="utf-8")
    assert 'href="/fans/"' in html and 'href="/static/css/site.css?v=' in html
    index = (site / "index.html").read_text(encoding="utf-8")
    assert 'href="fans/"' in index and 'href="/' not in index


def test_the_404_page_uses_the_base_path_when_one_is_set(project):
    (project / "site.toml").write_text('require_all_fans = false\nbase_url = "https://club.example/mahjong/"\n')
    build_site(project, engine=FAKE)
    html = (project / "site" / "404.html").read_text(encoding="utf-8")
    assert 'href="/mahjong/fans/"' in html
    assert 'href="/mahjong/static/css/site.css?v=' in html
    index = (project / "site" / "index.html").read_text(encoding="utf-8")
    assert '<link rel="canonical" href="https://club.example/mahjong/">' in index
    assert 'href="fans/"' in index  # other pages stay relative


def test_a_base_url_that_is_a_path_alone_builds_with_no_canonical_link(project):
    # site.toml names "/mahjong/" as a valid base_url: a site in a folder of a host it does not name.
    (project / "site.toml").write_text('require_all_fans = false\nbase_url = "/mahjong/"\n')
    build_site(project, engine=FAKE)
    html = (project / "site" / "404.html").read_text(encoding="utf-8")
    assert 'href="/mahjong/fans/"' in html and 'href="/mahjong/static/css/site.css?v=' in html
    index = (project / "site" / "index.html").read_text(encoding="utf-8")
    assert 'rel="canonical"' not in index
    assert 'href="fans/"' in index and 'href="/' not in index


def test_the_backend_address_goes_into_every_page_and_form(project):
    (project / "site.toml").write_text('require_all_fans = false\nbackend_url = "https://scores.example/"\n')
    build_site(project, engine=FAKE)
    html = (project / "site" / "lessons" / "tiles" / "index.html").read_text(encoding="utf-8")
    assert 'data-backend-url="https://scores.example"' in html
    assert 'action="https://scores.example/api/lesson-check"' in html


def test_missing_fan_pages_fail_unless_drafting(project):
    (project / "site.toml").write_text('require_all_fans = true\n')
    with pytest.raises(BuildFailed) as caught:
        build_site(project, engine=FAKE)
    assert "80 of the 81 fans have no page" in str(caught.value)
    report = build_site(project, engine=FAKE, draft=True)
    assert report.pages > 81
    html = (project / "site" / "fans" / "all-green" / "index.html").read_text(encoding="utf-8")
    assert "being written" in html


# --- search --------------------------------------------------------------------------------------------


def test_search_index_lists_fans_pages_and_sections(built):
    site, _ = built
    documents = json.loads((site / "search-index.json").read_text(encoding="utf-8"))["documents"]
    by_id = {doc["id"]: doc for doc in documents}
    full_flush = by_id["fan-22"]
    assert (full_flush["title"], full_flush["zh"], full_flush["pinyin"]) == ("Full Flush", "清一色", "qīng yī sè")
    assert full_flush["pinyin_joined"] == "qingyise"
    assert full_flush["aliases"] == "pure one suit"
    assert full_flush["url"] == "fans/full-flush/"
    assert len([d for d in documents if d["id"].startswith("fan-")]) == 81
    assert by_id["section-glossary/#chow"]["url"] == "glossary/#chow"
    assert by_id["page-lessons/tiles/"]["kind_label"] == "Lesson 1"


def node_search(site: Path, queries: list[str]) -> dict[str, list[str]]:
    """Run the site's own search.js with the vendored MiniSearch in Node, as the browser would."""
    script = """
const fs = require("fs"), vm = require("vm");
const [vendor, search, index, queries] = process.argv.slice(1);  // node -e: no script path in argv
const context = {window: {}, document: {addEventListener() {}}, console};
context.self = context.window;
vm.createContext(context);
vm.runInContext(fs.readFileSync(vendor, "utf8"), context);
context.MiniSearch = context.window.MiniSearch || context.MiniSearch;
vm.runInContext(fs.readFileSync(search, "utf8"), context);
const engine = context.window.TutorSearch.createEngine(JSON.parse(fs.readFileSync(index, "utf8")).documents);
const out = {};
for (const q of JSON.parse(queries)) out[q] = engine.search(q).map(r => r.id);
console.log(JSON.stringify(out));
"""
    result = subprocess.run(
        ["node", "-e", script, str(site / "static/vendor/minisearch/minisearch.min.js"),
         str(site / "static/js/search.js"), str(site / "search-index.json"), json.dumps(queries)],
        capture_output=True, text=True, timeout=60, check=True)
    return json.loads(result.stdout)


def test_search_finds_fans_by_chinese_pinyin_alias_and_number(built):
    site, _ = built
    found = node_search(site, ["清一色", "qing yi se", "qīng yī sè", "qingyise", "一色", "lv yi se", "lü yi se",
                               "pure one suit", "22", "fan 22", "full flush", "chow", "seven pairs"])
    assert found["清一色"][0] == "fan-22"
    assert found["qing yi se"][0] == "fan-22"
    assert found["qīng yī sè"][0] == "fan-22"
    assert found["qingyise"][0] == "fan-22"
    assert "fan-22" in found["一色"] and "fan-14" in found["一色"]  # 一色四同顺 as well
    assert found["lv yi se"][0] == "fan-3"  # 绿一色, lǜ yī sè
    assert found["lü yi se"][0] == "fan-3"
    assert found["pure one suit"][0] == "fan-22"
    assert found["22"][0] == "fan-22"
    assert found["fan 22"] == ["fan-22"]
    assert found["full flush"][0] == "fan-22"
    assert "section-glossary/#chow" in found["chow"]
    # The name written out in full first, before Seven Shifted Pairs (issue 26).
    assert found["seven pairs"][:2] == ["fan-19", "fan-6"]


# --- command line and watch ----------------------------------------------------------------------------


def test_run_once_reports_problems_as_file_line_and_returns_1(project, monkeypatch):
    (project / "content" / "rulings.md").write_text("---\ntitle: R\nauthor: me\n---\n")
    stream = io.StringIO()
    assert run_once(project, stream=stream) == 1
    lines = stream.getvalue().splitlines()
    assert lines == [
        "content/rulings.md:3: unknown front matter key 'author' for a page (allowed: title, summary)",
        "Build failed: 1 problem; nothing was written.",
    ]
    assert "Traceback" not in stream.getvalue()


def test_build_py_exits_non_zero_without_a_traceback(project):
    (project / "content" / "index.md").write_text("---\ntitle: Home\n---\n[x](fan:nope)\n")
    result = subprocess.run([sys.executable, str(ROOT / "build.py"), "--root", str(project), "--draft"],
                            capture_output=True, text=True, timeout=120, cwd=ROOT)
    assert result.returncode == 1
    assert "content/index.md:4: link (fan:nope): no fan 'nope'" in result.stderr
    assert "Traceback" not in result.stderr


def test_watch_rebuilds_after_a_change(project, monkeypatch):
    monkeypatch.setattr("tutor.site.build.default_engine", lambda: FAKE)
    codes = []
    page = project / "content" / "glossary.md"

    def on_build(code):
        codes.append(code)
        if len(codes) == 1:
            page.write_text(page.read_text() + "\nA new line.\n")
            stamp = page.stat().st_mtime_ns + 1_000_000_000
            os.utime(page, ns=(stamp, stamp))

    watch(project, rounds=2, interval=0.01, on_build=on_build)
    assert codes == [0, 0]
    assert "A new line." in (project / "site" / "glossary" / "index.html").read_text(encoding="utf-8")


def test_real_content_rules_need_example_hands(project):
    (project / "site.toml").write_text('require_all_fans = false\nrequire_examples = true\n')
    with pytest.raises(BuildFailed) as caught:
        build_site(project, engine=FAKE)
    message = str(caught.value)
    # The fixture's first lesson has no hand block; its fan page has enough.
    assert "lessons/01-tiles.md:1: a lesson needs at least one hand block" in message
    assert "full-flush" not in message
    (project / "content" / "fans" / "full-flush.md").write_text(
        "---\nfan: 22\nsummary: One suit.\n---\n\nNo examples yet.\n", encoding="utf-8")
    with pytest.raises(BuildFailed) as caught:
        build_site(project, engine=FAKE)
    assert "fans/full-flush.md:1: a fan page needs at least 2 hand blocks that score Full Flush; it has 0" \
        in str(caught.value)
    # The fixture's pages pass when the rule is off (the default).
    (project / "site.toml").write_text('require_all_fans = false\n')
    assert build_site(project, engine=FAKE).pages > 0


def test_a_fan_a_lesson_scores_before_any_lesson_teaches_it_stops_the_build_at_the_hand(project):
    (project / "site.toml").write_text('require_all_fans = false\nrequire_examples = true\n')
    lesson = project / "content" / "lessons" / "03-drawn.md"
    lesson.write_text("---\ntitle: Drawn\norder: 3\nsummary: Self-drawn.\ngoals:\n  - draw\n---\n\n"
                      "## Self-Drawn\n\nA tile from the wall.\n\n"
                      "```hand\nhand: [123s] 456s 789s 234s 55s\nwin: 5s\nself_drawn: true\n```\n",
                      encoding="utf-8")
    with pytest.raises(BuildFailed) as caught:
        build_site(project, engine=FAKE)
    found = [str(p) for p in caught.value.problems if "lessons/03-drawn.md" in str(p)]
    # Self-Drawn has its heading here; Full Flush is linked only on lesson 2's page.
    assert found == ["content/lessons/03-drawn.md:14: hand block: it scores Full Flush, which no lesson up to "
                     "this one teaches (a heading named after the fan) and this page does not link by the end of "
                     "this section: teach it, or link it where it first appears, [Full Flush](fan:full-flush)"]
    # Taught by an earlier lesson's heading, the fan may be scored without a link.
    earlier = project / "content" / "lessons" / "02-one-suit.md"
    earlier.write_text(earlier.read_text(encoding="utf-8").replace("## A hand in one suit", "## Full Flush"),
                       encoding="utf-8")
    with pytest.raises(BuildFailed) as caught:
        build_site(project, engine=FAKE)
    assert not [p for p in caught.value.problems if "lessons/03-drawn.md" in str(p)]


# --- sharing work over processes ----------------------------------------------------------------------


def test_tasks_shared_over_processes_come_back_in_order():
    from tutor.site import parallel

    tasks = [lambda i=i: (i, os.getpid()) for i in range(7)]
    results = parallel.run_tasks(tasks, workers=2)
    assert [i for i, _ in results] == list(range(7))
    assert os.getpid() not in {pid for _, pid in results}  # done in the forked workers


def test_a_task_that_fails_raises_its_error_here():
    from tutor.site import parallel

    def broken():
        raise ValueError("a mistake in a task")

    with pytest.raises(ValueError, match="a mistake in a task"):
        parallel.run_tasks([lambda: 1, broken, lambda: 3], workers=2)


def test_a_worker_that_dies_ends_the_build_with_a_message_not_a_hang(project, monkeypatch):
    import signal

    from tutor.site import parallel

    with pytest.raises(parallel.WorkerDied):
        parallel.run_tasks([lambda: 1, lambda: os.kill(os.getpid(), signal.SIGKILL), lambda: 3], workers=2)
    # The same in a build: the pages are shared out over two workers, one of which is killed.
    monkeypatch.setattr("tutor.site.build.PAGES_PER_WORKER", 1)
    monkeypatch.setattr("tutor.site.parallel.os.cpu_count", lambda: 2)
    monkeypatch.setattr("tutor.site.build._render_sources", lambda *args: os.kill(os.getpid(), signal.SIGKILL))
    with pytest.raises(BuildFailed) as caught:
        build_site(project, engine=FAKE, cache=False)
    assert "a build worker process stopped" in str(caught.value)
    assert not (project / "site").exists()
