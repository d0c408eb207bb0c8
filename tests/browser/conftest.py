"""A live server with the real site built, and Debian's Chromium driven by Playwright.

The browser is /usr/bin/chromium (scripts/test.sh installs Debian's package when it is
missing); Playwright never downloads one. Tests wait with Playwright's auto-waiting
expect(), never with sleeps.
"""

from __future__ import annotations

import functools
import http.server
import threading
from pathlib import Path

import pytest
from werkzeug.serving import make_server

from tutor.app import create_app
from tutor.site import build_site

ROOT = Path(__file__).resolve().parents[2]
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
