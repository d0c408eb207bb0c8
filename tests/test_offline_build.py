"""The offline site (issue 13) as the build writes it: the service worker's list of every page
and asset with content hashes, the engine apart from it, the web app manifest, and the engine
bundle, which answers in plain CPython exactly as the backend does (the browser test runs the
same bundle in Pyodide)."""

from __future__ import annotations

import hashlib
import json
import re
import struct
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

from tutor.app import create_app
from tutor.site import build_site
from tutor.site.engine_bundle import ENGINE_ZIP
from tutor.site.offline import OFFLINE_MANIFEST, SERVICE_WORKER, WEB_MANIFEST
from tutor.views.config import load_config
from tutor.views.problems import BuildFailed

ROOT = Path(__file__).resolve().parents[1]
PYODIDE = "static/vendor/pyodide/"


@pytest.fixture(scope="module")
def site(tmp_path_factory) -> Path:
    out = tmp_path_factory.mktemp("offline") / "site"
    report = build_site(ROOT, out)
    assert not [w for w in report.warnings if "KB" in w], report.warnings  # every page within its budget
    return out


def manifest(site: Path) -> dict:
    return json.loads((site / OFFLINE_MANIFEST).read_text(encoding="utf-8"))


def file_of(site: Path, path: str) -> Path:
    """The file a host serves for a site address (directory addresses serve their index.html)."""
    if path in ("", "./") or path.endswith("/"):
        return site / path.removeprefix("./") / "index.html"
    return site / path


def digest(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()[:16]


def test_the_worker_caches_every_page_and_asset_by_content_hash(site):
    listing = manifest(site)
    precache = dict(listing["precache"])
    pages = {p.relative_to(site).as_posix() for p in site.rglob("*.html")}
    listed_files = {file_of(site, path).relative_to(site).as_posix() for path in precache}
    assert pages <= listed_files
    for path in ("./", "fans/full-flush/", "quiz/", "calculator/", "quiz/bank.json", "search-index.json",
                 "static/css/site.css", "static/js/offline.js", "static/tiles/tiles.svg", WEB_MANIFEST):
        assert path in precache, path
    for path, hash_ in precache.items():
        if path != OFFLINE_MANIFEST:
            assert digest(file_of(site, path).read_bytes()) == hash_, path
    # The engine is not precached: it is fetched (and then cached) only when a page needs it.
    assert not [p for p in precache if p.startswith(PYODIDE) or p == ENGINE_ZIP or p == SERVICE_WORKER]
    engine = {path: (hash_, size) for path, hash_, size in listing["engine"]}
    assert set(engine) == {PYODIDE + name for name in ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm",
                                                       "python_stdlib.zip", "pyodide-lock.json")} | {ENGINE_ZIP}
    for path, (hash_, size) in engine.items():
        data = (site / path).read_bytes()
        assert (digest(data), len(data)) == (hash_, size), path
    assert listing["engine_bytes"] == sum(size for _, size in engine.values())
    # The version is the worker's first line: a new build is a new worker.
    first = (site / SERVICE_WORKER).read_text(encoding="utf-8").splitlines()[0]
    assert first == f'self.TUTOR_BUILD = "{listing["version"]}";'
    assert not (site / "static" / "sw.js").exists()  # the worker lives at the root only


def test_no_page_loads_the_engine(site):
    for page in site.rglob("*.html"):
        html = page.read_text(encoding="utf-8")
        assert "pyodide" not in html and "tutor-engine.zip" not in html, page
        if page.parent.name not in ("hands", "bank"):  # the offline quiz's and drills' banks: fragments
            assert "manifest.webmanifest" in html and "offline.js" in html, page
    calculator = (site / "calculator" / "index.html").read_text(encoding="utf-8")
    assert 'data-engine-worker="../static/js/engine-worker.js?v=' in calculator


def png_size(data: bytes) -> tuple[int, int]:
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    return struct.unpack(">II", data[16:24])


def test_web_app_manifest_comes_from_site_toml(site):
    app = json.loads((site / WEB_MANIFEST).read_text(encoding="utf-8"))
    config = load_config(ROOT / "site.toml")
    assert (app["name"], app["theme_color"], app["background_color"]) == (config.name, config.theme_color,
                                                                          config.background_color)
    assert app["start_url"] == "./" and app["scope"] == "./" and app["display"] == "standalone"
    sizes = {icon["sizes"]: icon for icon in app["icons"]}
    for size in (192, 512):
        icon = sizes[f"{size}x{size}"]
        assert png_size((site / icon["src"]).read_bytes()) == (size, size)


def test_a_colour_that_is_not_one_stops_the_build(tmp_path):
    config = tmp_path / "site.toml"
    config.write_text('name = "Club"\ntheme_color = "red"\n', encoding="utf-8")
    with pytest.raises(BuildFailed) as failed:
        load_config(config)
    assert "site.toml:2: theme_color must be a colour written #rrggbb" in str(failed.value.problems[0])


def test_the_same_sources_give_the_same_version_and_a_change_a_new_one(site, tmp_path):
    again = tmp_path / "again"
    build_site(ROOT, again)
    assert manifest(again)["version"] == manifest(site)["version"]
    assert (again / ENGINE_ZIP).read_bytes() == (site / ENGINE_ZIP).read_bytes()
    config = tmp_path / "site.toml"
    config.write_text((ROOT / "site.toml").read_text(encoding="utf-8").replace(
        'name = "Mahjong Tutor"', 'name = "Mahjong Tutor, changed"'), encoding="utf-8")
    changed = tmp_path / "changed"
    build_site(ROOT, changed, config)
    assert manifest(changed)["version"] != manifest(site)["version"]


BUNDLE_SCRIPT = r"""
import json, sys
sys.path.insert(0, sys.argv[1])
import tutor.browser as B
B.load(sys.argv[1])
answers = [B.calculator_fragment(body) for body in json.loads(sys.argv[2])]
scored = json.loads(B.score_many(sys.argv[3]))
# Nothing outside the bundle and the standard library was imported.
outside = sorted({m.__file__ for m in list(sys.modules.values()) if getattr(m, "__file__", None)
                  and not m.__file__.startswith(sys.argv[1]) and "site-packages" in m.__file__})
print(json.dumps({"fragments": answers, "scored": scored, "outside": outside}))
"""

FORMS = [
    "h=%5BEEE%5D+123m+456p+789s+55s&win=5s",
    "h=%5BEEE%5D+123m+456p+789s+55s&win=5s&seat_wind=S&self_drawn=true&why_not=22&rules=china1998",
    "h=11m+99m+11p+99p+11s+99s+EE&win=E&flowers=3",
    "h=123m+456p+789s+55s&win=5s",  # 11 tiles: 400
    "h=123m+456p+789s+55s+EEx&win=5s",  # not notation: 400
    "h=123m+456p+789s+135s+55s&win=5s",  # 14 tiles that do not win: 422, with their discards
    "h=%5BEEE%5D+123m+456p+789s+55s&win=5s&flowers=nine",
]
REQUESTS = [
    {"hand": "[EEE] 123m 456p 789s 55s", "win": "5s", "why_not": [1, "full-flush"]},
    {"hand": "19m 19p 19s ESWNCFP 1m", "win": "1m", "self_drawn": True},
    {"hand": "123m", "win": "1m"},
    {"hand": "[EEE] 123m 456p 789s 55s", "win": "5s", "oops": 1},
]


def test_the_bundle_answers_as_the_backend_with_nothing_but_itself(site, tmp_path):
    bundle = tmp_path / "bundle"
    zipfile.ZipFile(site / ENGINE_ZIP).extractall(bundle)
    assert not list(bundle.rglob("flask*")) and not list(bundle.rglob("werkzeug*"))
    # -I -S: no site-packages, so Jinja2 and MarkupSafe must come from the bundle (as in Pyodide).
    done = subprocess.run([sys.executable, "-I", "-S", "-c", BUNDLE_SCRIPT, str(bundle), json.dumps(FORMS),
                           json.dumps(REQUESTS)], capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr[-3000:]
    answer = json.loads(done.stdout)
    assert answer["outside"] == []
    client = create_app({"TESTING": True, "SITE_DIR": str(site)}).test_client()
    for body, (status, html) in zip(FORMS, answer["fragments"], strict=True):
        response = client.post("/calculator/", data=body, headers={"HX-Request": "true"},
                               content_type="application/x-www-form-urlencoded")
        assert (status, html) == (response.status_code, response.get_data(as_text=True)), body
    assert [s for s, _ in answer["fragments"]] == [200, 200, 200, 400, 400, 422, 400]
    for data, (status, body) in zip(REQUESTS, answer["scored"], strict=True):
        response = client.post("/api/score", json=data)
        assert (status, body) == (response.status_code, response.get_json()), data


def test_only_the_engine_worker_may_compile_webassembly(site):
    client = create_app({"TESTING": True, "SITE_DIR": str(site)}).test_client()
    worker = client.get("/static/js/engine-worker.js")
    assert worker.status_code == 200
    policy = worker.headers["Content-Security-Policy"]
    assert "script-src 'self' 'wasm-unsafe-eval';" in policy and "'unsafe-eval'" not in policy
    for path in ("/calculator/", "/", "/static/js/engine-client.js", "/sw.js", "/offline-manifest.json"):
        response = client.get(path)
        assert response.status_code == 200, path
        assert "wasm-unsafe-eval" not in response.headers["Content-Security-Policy"], path
    assert client.get("/sw.js").headers["Content-Type"].startswith("text/javascript")


def test_the_readme_gives_what_is_cached_in_figures_of_the_built_site(site):
    """The README's offline table: the install's size, the engine's, and the parts it names, each
    within 5% of the built site's (a page more or less keeps it true; a change of the kind the
    table is about, such as a bank twice the size or the engine left out, does not)."""
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    section = readme[readme.index("**What is cached when, and how big**"):readme.index("From the first visit on")]
    listing = manifest(site)
    precache = sum(file_of(site, path).stat().st_size for path, _ in listing["precache"])
    quiz = sum(file_of(site, path).stat().st_size for path, _ in listing["precache"] if path.startswith("quiz/hands/"))
    engine = {Path(path).name: size for path, _, size in listing["engine"]}

    def stated(pattern: str) -> float:
        found = re.search(pattern, section)
        assert found, pattern
        return float(found.group(1))

    def close(written: float, measured: float) -> bool:
        return abs(written - measured) <= 0.05 * measured + 0.05  # + rounding to one decimal

    assert close(stated(r"built site, (\d+) files\)"), len(listing["precache"]))
    assert close(stated(r"\*\*([\d.]+) MB\*\* \("), precache / 1e6)
    assert close(stated(r"the offline quiz's hands ([\d.]+) MB"), quiz / 1e6)
    assert close(stated(r"WebAssembly ([\d.]+) MB"), engine["pyodide.asm.wasm"] / 1e6)
    assert close(stated(r"standard library ([\d.]+) MB"), engine["python_stdlib.zip"] / 1e6)
    assert close(stated(r"engine bundle ([\d.]+) MB"), engine["tutor-engine.zip"] / 1e6)
    engine_total = [float(x) for x in re.findall(r"\*\*([\d.]+) MB\*\*", section)][1]
    assert close(engine_total, listing["engine_bytes"] / 1e6)
