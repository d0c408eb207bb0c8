"""Pages on one host, backend on another (README, "Deploying for a club"), in a real browser.

The site is built with site.toml's backend_url set to the backend's origin and served by a plain
file server on one port, with the Content-Security-Policy the README gives for the static host;
the backend runs on another port (another origin) with TUTOR_ALLOWED_ORIGINS naming the pages'
origin, and a SITE_DIR that holds no pages, only the check questions it grades against. The
calculator, a quiz round and a lesson question then go from the pages to the backend and back;
with the pages' origin not allowed, the calculator says it cannot reach the backend instead.
"""

from __future__ import annotations

import functools
import http.server
import re
import shutil
import threading
import urllib.error
import urllib.request
from dataclasses import dataclass

import pytest
from playwright.sync_api import expect

from tutor.app import create_app
from tutor.site import build_site
from tutor.views.page import LESSON_QUESTIONS

from .conftest import ROOT, LiveServer
from .test_interactive import EXPECTED_FANS, result_fans, take_a_quiz_round

pytestmark = pytest.mark.browser

README_BACKEND = "https://scores.example"  # the backend's origin in the README's example


def documented_static_csp(backend: str) -> str:
    """The static host's policy from the README, for a backend at `backend`."""
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    policies = re.findall(r'add_header Content-Security-Policy "([^"]+)" always;', readme)
    assert len(policies) == 1, "the README gives one policy for the static host"
    assert README_BACKEND in policies[0]
    return policies[0].replace(README_BACKEND, backend)


class StaticHostHandler(http.server.SimpleHTTPRequestHandler):
    """Files only, as a static host serves them (a POST is answered 501), with the server's policy."""

    def end_headers(self):
        self.send_header("Content-Security-Policy", self.server.csp)
        super().end_headers()

    def log_message(self, *args):
        pass


class Switch:
    """A WSGI app that hands each request to the app it holds now, so a test can restart the
    backend with other settings on the same origin (the one the pages were built for)."""

    def __init__(self):
        self.app = None

    def __call__(self, environ, start_response):
        return self.app(environ, start_response)


@dataclass
class Deployment:
    pages: str  # the static host's origin
    backend: str  # the backend's origin
    switch: Switch
    backend_config: dict

    def restart_backend(self, allowed_origins: str) -> None:
        self.switch.app = create_app({**self.backend_config, "ALLOWED_ORIGINS": allowed_origins})


@pytest.fixture(scope="module")
def deployment(tmp_path_factory):
    work = tmp_path_factory.mktemp("cross-origin")
    # Both servers listen first, so each side can be told the other's origin.
    static = http.server.ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(StaticHostHandler, directory=str(work / "site")))
    pages = f"http://127.0.0.1:{static.server_port}"
    switch = Switch()
    backend_server = LiveServer(switch)
    backend = backend_server.url
    assert backend != pages

    # site.toml as the club writes it: backend_url names the backend.
    toml = (ROOT / "site.toml").read_text(encoding="utf-8")
    config = work / "site.toml"
    config.write_text(re.sub(r'^backend_url = ""$', f'backend_url = "{backend}"', toml, count=1, flags=re.MULTILINE), encoding="utf-8")
    assert f'backend_url = "{backend}"' in config.read_text(encoding="utf-8")
    build_site(ROOT, work / "site", config_path=config, cache=False)

    # The backend reads the same site.toml (the quiz's answer form it sends posts to backend_url),
    # and has no pages to serve: only the check questions the build wrote for it to grade.
    backend_dir = work / "backend"
    backend_dir.mkdir()
    shutil.copy(work / "site" / LESSON_QUESTIONS, backend_dir / LESSON_QUESTIONS)
    deployment = Deployment(pages, backend, switch, {"SITE_DIR": str(backend_dir), "SITE_CONFIG": str(config)})
    deployment.restart_backend(pages)

    static.csp = documented_static_csp(backend)
    static_thread = threading.Thread(target=static.serve_forever, daemon=True)
    static_thread.start()
    backend_server.start()
    yield deployment
    backend_server.stop()
    static.shutdown()
    static.server_close()
    static_thread.join(timeout=10)


@pytest.fixture
def refused(deployment, request):
    """The backend restarted with ALLOWED_ORIGINS not naming the pages' origin; restored after."""
    deployment.restart_backend(request.param)
    yield deployment
    deployment.restart_backend(deployment.pages)


def backend_calls(page, deployment) -> list[tuple[str, str, int]]:
    """(method, path, status) of every answer the page gets from the backend, as they come."""
    calls: list[tuple[str, str, int]] = []
    page.on("response", lambda r: calls.append((r.request.method, r.url[len(deployment.backend):], r.status))
            if r.url.startswith(deployment.backend + "/") else None)
    return calls


def test_the_servers_are_two_origins_and_only_the_static_host_has_pages(deployment):
    with urllib.request.urlopen(deployment.pages + "/calculator/") as response:
        assert response.status == 200
        assert f"connect-src 'self' {deployment.backend};" in response.headers["Content-Security-Policy"]
        assert f'data-backend="{deployment.backend}/"' in response.read().decode()
    with pytest.raises(urllib.error.HTTPError) as missing:
        urllib.request.urlopen(deployment.backend + "/")
    assert missing.value.code == 503  # "the site has not been built" on the backend


def test_calculator_scores_on_the_backend(page, deployment):
    calls = backend_calls(page, deployment)
    response = page.goto(deployment.pages + "/calculator/")
    assert response.status == 200
    assert response.headers["content-security-policy"] == documented_static_csp(deployment.backend)
    expect(page.locator("[data-picker]")).to_be_visible()
    page.locator("#calc-h").fill("[EEE] 123m 456p 789s 55s")
    page.locator("#calc-win").fill("5s")
    expect(page.locator("[data-count]")).to_have_text("(14/14)")
    page.get_by_role("button", name="Score the hand").click()
    expect(page.locator("#calc-result .verdict")).to_contain_text("13 points: meets the 8-point minimum")
    assert result_fans(page) == EXPECTED_FANS
    # The backend's fragment links to the fan pages of the static host.
    mixed_straight = page.locator("#calc-result table.fan-lines").get_by_role("link", name="Mixed Straight")
    assert mixed_straight.evaluate("a => a.href") == deployment.pages + "/fans/mixed-straight/"
    expect(page.locator("[data-backend-notice]")).to_be_hidden()
    assert ("GET", "/healthz", 200) in calls and ("POST", "/calculator/", 200) in calls
    assert page.script_errors == []


def test_quiz_deals_and_grades_on_the_backend(page, deployment):
    calls = backend_calls(page, deployment)
    take_a_quiz_round(page, deployment.pages)
    expect(page.locator("[data-offline-notice]")).to_be_hidden()
    # Dealt and graded by the backend, not from the offline bank.
    assert [c for c in calls if c[0] == "POST"] == [("POST", "/quiz/", 200)] * 2
    assert page.script_errors == []


def test_lesson_question_is_graded_by_the_backend(page, deployment):
    calls = backend_calls(page, deployment)
    page.goto(deployment.pages + "/lessons/tiles/")
    question = page.locator("form.question").first
    answer = int(question.get_attribute("data-answer"))
    wrong = 0 if answer else 1
    feedback = question.locator("[data-feedback]")
    question.locator(f"input[name=choice][value='{wrong}']").check()
    question.get_by_role("button", name="Check").click()
    # data-verdict is in the backend's fragment only; the page grading itself writes none.
    expect(feedback.locator("[data-verdict='wrong']")).to_contain_text("Not quite.")
    question.locator(f"input[name=choice][value='{answer}']").check()
    question.get_by_role("button", name="Check").click()
    expect(feedback.locator("[data-verdict='right']")).to_contain_text("Right.")
    expect(feedback).to_have_class("feedback right")
    assert calls == [("POST", "/api/lesson-check", 200)] * 2
    assert page.script_errors == []


@pytest.mark.parametrize("refused", [
    pytest.param("", id="cors_off"),
    pytest.param("https://club.example", id="another_origin_only"),
], indirect=True)
def test_calculator_says_it_cannot_reach_a_backend_that_refuses_its_origin(page, refused):
    page.goto(refused.pages + "/calculator/")
    page.locator("#calc-h").fill("[EEE] 123m 456p 789s 55s")
    page.locator("#calc-win").fill("5s")
    # The health check failed, so the calculator tries the in-browser engine instead of the backend;
    # this static host gives the engine's worker no policy of its own (README), so it cannot run either.
    page.get_by_role("button", name="Score the hand").click()
    notice = page.locator("[data-backend-notice]")
    expect(notice).to_be_visible()
    expect(notice).to_contain_text("needs the tutor backend, and it cannot be reached from this page")
    # Said where the score would have been, and no score.
    expect(page.locator("#calc-result")).to_contain_text("cannot be reached from this page")
    expect(page.locator("#calc-result .verdict")).to_have_count(0)
    expect(page.locator("#calc-result table.fan-lines")).to_have_count(0)
    # The browser refused the answers for CORS (the backend was up), not the page's own policy.
    assert any("blocked by CORS policy" in e for e in page.script_errors), page.script_errors
    assert not any("Content Security Policy" in e for e in page.script_errors), page.script_errors
