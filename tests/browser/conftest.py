"""A live server with the real site built, and Debian's Chromium driven by Playwright.

The browser is /usr/bin/chromium (scripts/test.sh installs Debian's package when it is
missing); Playwright never downloads one. Tests wait with Playwright's auto-waiting
expect(), never with sleeps.
"""

from __future__ import annotations

import functools
import http.server
import re
import threading
from pathlib import Path
from urllib.parse import unquote, urlsplit

import pytest
from werkzeug.serving import make_server

from tutor.app import create_app
from tutor.site import build_site

ROOT = Path(__file__).resolve().parents[2]
ENGINE_WORKER = "static/js/engine-worker.js"
CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]


@pytest.fixture(scope="session")
def built_site(tmp_path_factory) -> Path:
    out = tmp_path_factory.mktemp("built") / "site"
    build_site(ROOT, out, cache=False)
    return out


class LiveServer:
    def __init__(self, app):
        self.server = make_server("127.0.0.1", 0, app, threaded=True)
        self.url = f"http://127.0.0.1:{self.server.server_port}"
        self.thread = threading.Thread(target=self.server.serve_forever, daemon=True)

    def start(self) -> LiveServer:
        self.thread.start()
        return self

    def stop(self) -> None:
        self.server.shutdown()
        self.thread.join(timeout=10)


@pytest.fixture(scope="session")
def live_server(built_site):
    server = LiveServer(create_app({"SITE_DIR": str(built_site)})).start()
    yield server
    server.stop()


@pytest.fixture(scope="session")
def browser():
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        chromium = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        yield chromium
        chromium.close()


@pytest.fixture
def page(browser):
    # No service worker: it would cache the whole site in the background of every test. The
    # offline tests (test_offline_engine.py) make contexts of their own that allow it.
    context = browser.new_context(viewport={"width": 1200, "height": 900}, service_workers="block")
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.on("console", lambda message: errors.append(message.text) if message.type == "error" else None)
    page.script_errors = errors
    yield page
    context.close()


@pytest.fixture
def phone(browser):
    context = browser.new_context(viewport={"width": 360, "height": 740}, is_mobile=True, has_touch=True,
                                  service_workers="block")
    page = context.new_page()
    yield page
    context.close()


def axe_violations(page) -> list[str]:
    """Violations of WCAG 2.1 A and AA that axe-core finds on the page, as readable lines."""
    from axe_playwright_python.sync_playwright import Axe

    results = Axe().run(page, options={"runOnly": {"type": "tag", "values": ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]}})
    out = []
    for violation in results.response["violations"]:
        targets = [", ".join(node["target"]) for node in violation["nodes"][:3]]
        out.append(f"{violation['id']}: {violation['help']} at {targets}")
    return out


class QuietHandler(http.server.SimpleHTTPRequestHandler):
    def log_message(self, *args):
        pass


@pytest.fixture(scope="session")
def static_server(built_site):
    """The built site on a plain file server: no backend behind it (a club's static host)."""
    handler = functools.partial(QuietHandler, directory=str(built_site))
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{server.server_port}"
    server.shutdown()
    thread.join(timeout=10)


# ---------------------------------------------------------------- a static host with the README's policies


def readme_policies() -> tuple[str, str]:
    """(every file's policy, the engine worker's) as the README gives them for a static host."""
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    pages = re.findall(r"^    every file: +(.+)$", readme, re.MULTILINE)
    worker = re.findall(rf"^    {re.escape(ENGINE_WORKER)}: +(.+)$", readme, re.MULTILINE)
    assert len(pages) == 1 and len(worker) == 1, "the README gives the static host's two policies once each"
    return pages[0], worker[0]


class StaticHost(http.server.SimpleHTTPRequestHandler):
    """Files only, from server.site (which a test may rebuild), under server.prefix, with the
    README's policies; no-cache, so a reload sees a rebuild."""

    def translate_path(self, path):
        path = unquote(urlsplit(path).path)
        if not path.startswith(self.server.prefix) or ".." in path:
            return str(self.server.site / "no-such-file")
        return str(self.server.site / path[len(self.server.prefix):])

    def end_headers(self):
        pages, worker = readme_policies()
        self.send_header("Content-Security-Policy", worker if self.path.split("?")[0].endswith(ENGINE_WORKER) else pages)
        self.send_header("Cache-Control", "no-cache")
        super().end_headers()

    def log_message(self, *args):
        pass


class Host:
    def __init__(self, site: Path, prefix: str = "/"):
        self.server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(StaticHost, directory=str(site)))
        self.server.site, self.server.prefix = site, prefix
        self.url = f"http://127.0.0.1:{self.server.server_port}{prefix.rstrip('/')}"
        self.thread = threading.Thread(target=self.server.serve_forever, daemon=True)
        self.thread.start()

    def stop(self):
        self.server.shutdown()
        self.server.server_close()
        self.thread.join(timeout=10)


def build_with(tmp_path: Path, settings: str):
    """(out, rebuild): the site built into tmp_path/site from this text of site.toml, and a way to
    build it again under another site name (which changes the engine's bundle: it carries the
    site's settings)."""
    config, out = tmp_path / "site.toml", tmp_path / "site"
    config.write_text(settings, encoding="utf-8")
    build_site(ROOT, out, config)

    def rebuild(name: str) -> None:
        config.write_text(settings.replace('name = "Mahjong Tutor"', f'name = "{name}"'), encoding="utf-8")
        build_site(ROOT, out, config)
    return out, rebuild


@pytest.fixture(scope="module")
def host(built_site):
    """The built site on the static host above, one for each test module that asks for it."""
    server = Host(built_site)
    yield server
    server.stop()
