"""The practice pages in a real browser: the calculator by mouse, touch, typing and keyboard alone,
an example opened from a fan page, a quiz round, a lesson question, a phone, the static host
with no backend, and axe on every state of every interactive page."""

from __future__ import annotations

import json
import re
from urllib.parse import parse_qs, urlsplit

import pytest
from playwright.sync_api import expect

from tutor.practice.quiz import grade
from tutor.views import practice as P
from tutor.views.tileview import hand_view

from .conftest import axe_violations

pytestmark = pytest.mark.browser

HAND_QUERY = "h=%5BEEE%5D+123m+456p+789s+55s&win=5s"
EXPECTED_FANS = ["Mixed Straight", "Prevalent Wind", "Seat Wind", "Single Wait"]


def spoken(dealt) -> str:
    """What a screen reader hears for a dealt hand (tile names and sets, not notation)."""
    return hand_view(dealt.hand, dealt.situation.win, dealt.situation.flowers).label


def result_fans(page) -> list[str]:
    return page.locator("#calc-result table.fan-lines tbody th a").all_inner_texts()


def pick(page, name: str, *, tap: bool = False) -> None:
    button = page.locator(f"[data-grid] button[aria-label='{name}']")
    button.tap() if tap else button.click()


def build_by_clicking(page, *, tap: bool = False) -> None:
    page.get_by_label("Melded pung").check()
    pick(page, "East wind", tap=tap)
    page.get_by_label("Concealed tile").check()
    for name in ["1 of characters", "2 of characters", "3 of characters", "4 of dots", "5 of dots", "6 of dots",
                 "7 of bamboo", "8 of bamboo", "9 of bamboo", "5 of bamboo", "5 of bamboo"]:
        pick(page, name, tap=tap)


# ------------------------------------------------------------------------------- calculator


def htmx_requests(page) -> list:
    asked = []
    page.on("request", lambda request: asked.append(request.url) if "/htmx.min.js" in request.url else None)
    return asked


def test_build_a_hand_by_clicking(page, live_server):
    asked = htmx_requests(page)
    page.goto(live_server.url + "/calculator/")
    expect(page.locator("[data-grid] button").first).to_be_visible()
    assert asked == []  # htmx comes with the first hand to send, not with the page
    build_by_clicking(page)
    expect(page.locator("#calc-h")).to_have_value("[EEE] 123m 456p 55789s")
    expect(page.locator("#calc-win")).to_have_value("5s")
    expect(page.locator("[data-count]")).to_have_text("(14/14)")
    expect(page.locator("#calc-result .verdict")).to_contain_text("13 points: meets the 8-point minimum")
    assert result_fans(page) == EXPECTED_FANS
    # The address holds the hand, so the result can be shared.
    query = parse_qs(urlsplit(page.url).query)
    assert query == {"h": ["[EEE] 123m 456p 55789s"], "win": ["5s"]}
    assert len(asked) == 1
    # Undo takes back the last tile; the notation follows.
    page.get_by_role("button", name="Undo").click()
    expect(page.locator("#calc-h")).to_have_value("[EEE] 123m 456p 5789s")
    expect(page.locator("[data-count]")).to_have_text("(13/14)")
    page.get_by_role("button", name="Clear").click()
    expect(page.locator("#calc-h")).to_have_value("")
    assert page.script_errors == []


def test_build_melds_and_mark_the_winning_tile(page, live_server):
    page.goto(live_server.url + "/calculator/")
    page.get_by_label("Melded chow").check()
    pick(page, "1 of characters")
    page.get_by_label("Concealed kong").check()
    pick(page, "9 of bamboo")
    page.get_by_label("Melded kong").check()
    pick(page, "red dragon")
    page.get_by_label("Concealed tile").check()
    for name in ["4 of dots", "5 of dots", "6 of dots", "East wind", "East wind"]:
        pick(page, name)
    expect(page.locator("#calc-h")).to_have_value("[123m] [CCCC] {9999s} 456p EE")
    expect(page.locator("#calc-win")).to_have_value("E")
    # Pick another concealed tile of the hand to make it the winning tile.
    page.locator("[data-built] button[aria-label='5 of dots']").click()
    expect(page.locator("#calc-win")).to_have_value("5p")
    expect(page.locator("[data-built] button[aria-pressed='true']")).to_have_attribute("aria-label", "5 of dots, winning tile")
    # The answer for the new winning tile (the one for E may come first).
    expect(page.locator("#calc-result table.fan-lines")).to_contain_text("Closed Wait")
    expect(page.locator("#calc-result")).not_to_have_attribute("aria-busy", "true")
    assert "Dragon Pung" in result_fans(page)


def test_build_a_hand_by_typing(page, live_server):
    page.goto(live_server.url + "/calculator/")
    page.locator("#calc-h").fill("[EEE] 123m 456p 789s 55s")
    page.locator("#calc-win").fill("5s")
    # The picker follows the notation box.
    expect(page.locator("[data-count]")).to_have_text("(14/14)")
    expect(page.locator("[data-built] .built-meld")).to_have_attribute("aria-label", "Melded pung: East wind, East wind, East wind")
    page.get_by_role("button", name="Score the hand").click()
    expect(page.locator("#calc-result .verdict")).to_contain_text("13 points")
    assert result_fans(page) == EXPECTED_FANS
    # Situation flags re-score the hand and join the address.
    page.get_by_label("Self-drawn").check()
    expect(page.locator("#calc-result")).to_contain_text("each other player pays")
    assert "Self-Drawn" in result_fans(page)
    assert parse_qs(urlsplit(page.url).query)["self_drawn"] == ["true"]
    # A mistake in the notation is reported by the server, in words.
    page.locator("#calc-h").fill("[EEE] 123m 456p 789s 56s")
    page.get_by_role("button", name="Score the hand").click()
    expect(page.get_by_role("alert")).to_contain_text("This hand cannot be scored")
    # Chromium logs the 422 answer itself; nothing else may fail.
    assert [e for e in page.script_errors if "status of 422" not in e] == []


def test_why_not_and_tile_highlights(page, live_server):
    page.goto(live_server.url + "/calculator/?" + HAND_QUERY)
    expect(page.locator("#calc-result .verdict")).to_be_visible()
    page.get_by_label("Ask about another fan").select_option(label="Full Flush (24)")
    page.get_by_role("button", name="Explain").click()
    expect(page.locator(".why-not-answers")).to_contain_text("Full Flush needs one suit")
    page.locator("#calc-result tr[data-tiles] a", has_text="Mixed Straight").hover()
    expect(page.locator("#calc-result .result-hand svg.lit")).to_have_count(9)


def test_open_an_example_from_a_fan_page(page, live_server):
    page.goto(live_server.url + "/fans/full-flush/")
    example = page.locator(".hand-example").first
    scored = example.locator("table.score tbody th a").all_inner_texts()
    example.get_by_role("link", name="Open in calculator").click()
    expect(page).to_have_url(re.compile(r"/calculator/\?h="))
    expect(page.locator("#calc-result .verdict")).to_be_visible()
    assert result_fans(page) == scored
    assert "Full Flush" in scored
    expect(page.locator("[data-count]")).to_have_text("(14/14)")
    query = parse_qs(urlsplit(page.url).query)
    expect(page.locator("#calc-h")).to_have_value(query["h"][0])
    assert page.script_errors == []


def test_keyboard_only(page, live_server):
    page.goto(live_server.url + "/calculator/")
    for _ in range(40):
        page.keyboard.press("Tab")
        if page.evaluate("document.activeElement.classList.contains('pick')"):
            break
    focused = page.locator(":focus")
    expect(focused).to_have_attribute("aria-label", "1 of characters")
    assert page.evaluate("getComputedStyle(document.activeElement).outlineStyle") != "none"  # visible focus

    def keys(*names):
        for name in names:
            page.keyboard.press(name)

    # Melded pung of East: back to the choice of what a tile adds, two steps right, then the tile.
    keys("Shift+Tab", "ArrowRight", "ArrowRight")
    expect(page.get_by_label("Melded pung")).to_be_checked()
    keys("Tab", "ArrowDown", "ArrowDown", "ArrowDown")
    expect(page.locator(":focus")).to_have_attribute("aria-label", "East wind")
    keys("Enter")
    keys("Shift+Tab", "ArrowLeft", "ArrowLeft", "Tab", "ArrowUp", "ArrowUp", "ArrowUp")
    expect(page.get_by_label("Concealed tile")).to_be_checked()
    expect(page.locator(":focus")).to_have_attribute("aria-label", "1 of characters")
    keys("Enter", "ArrowRight", "Enter", "ArrowRight", "Enter")  # 123m
    keys("ArrowDown", "ArrowRight", "Enter", "ArrowRight", "Enter", "ArrowRight", "Enter")  # 456p
    keys("ArrowDown", "ArrowRight", "Enter", "ArrowRight", "Enter", "ArrowRight", "Enter")  # 789s
    keys("ArrowLeft", "ArrowLeft", "ArrowLeft", "ArrowLeft", "Enter", "Enter")  # 55s
    expect(page.locator("[data-status]")).to_contain_text("Added 5 of bamboo. 14/14.")
    expect(page.locator("#calc-h")).to_have_value("[EEE] 123m 456p 55789s")
    expect(page.locator("#calc-result .verdict")).to_contain_text("13 points")
    # The result announces itself to screen readers.
    expect(page.locator("[data-result-status]")).to_contain_text("13 points")
    # On to the situation with the keyboard: Self-drawn is a checkbox the space bar ticks.
    for _ in range(30):
        page.keyboard.press("Tab")
        if page.evaluate("document.activeElement.name === 'self_drawn'"):
            break
    keys("Space")
    expect(page.locator("#calc-result")).to_contain_text("each other player pays")
    assert page.script_errors == []


# ------------------------------------------------------------------------------- quiz


def take_a_quiz_round(page, base: str, *, tap: bool = False):
    page.goto(base + "/quiz/")
    page.get_by_label("Practise one fan").check()
    page.get_by_label("Fan", exact=True).select_option(label="Mixed Straight")
    deal = page.get_by_role("button", name="Deal a hand")
    deal.tap() if tap else deal.click()
    expect(page.locator("#quiz-answer")).to_be_visible()
    expect(page).to_have_url(re.compile(r"seed=\d+"))
    query = parse_qs(urlsplit(page.url).query)
    assert query["mode"] == ["fan"] and query["fan"] == ["mixed-straight"]
    key = P.QuizKey("fan", int(query["seed"][0]), fan="mixed-straight")
    dealt = key.deal()
    counted = [f.fan.id for f in dealt.result.fans]
    wrong = next(f for f in P.quiz_choices(dealt) if f.id not in counted)
    # Answers stay hidden until the player submits.
    expect(page.locator(".quiz-graded:visible")).to_have_count(0)
    page.locator("#tick-39").check()
    page.locator(f"#tick-{wrong.id}").check()
    page.get_by_label("Total points (optional)").fill(str(dealt.result.total))
    check = page.get_by_role("button", name="Check my answer")
    check.tap() if tap else check.click()
    graded_box = page.locator(".quiz-graded")
    expect(graded_box).to_be_visible()
    graded = grade(dealt.result, [39, wrong.id], dealt.result.total)
    wrong_fan, reason = graded.wrong[0]
    # What shows is what the backend grades (on a static host the other pieces stay hidden).
    # The reason is one sentence whose subject is the fan's name (the link), named once.
    expect(graded_box.locator(".graded-list.wrong li:visible")).to_have_text(reason)
    expect(graded_box.locator(".graded-list.found li:visible")).to_have_count(1)
    expect(graded_box.locator(".graded-list.found li:visible")).to_contain_text("Mixed Straight")
    missed_shown = graded_box.locator(".graded-list.missed li:visible")
    expect(missed_shown).to_have_count(len(graded.missed))
    for missed in graded.missed:
        expect(graded_box.locator(".graded-list.missed")).to_contain_text(missed.reason)
    counted = len(graded.found) + len(graded.missed)
    found_text = "You found the one fan that counts." if counted == 1 else f"You found 1 of the {counted} fans that count."
    expect(graded_box.locator(".graded-summary")).to_contain_text(found_text, use_inner_text=True)
    expect(graded_box.get_by_role("link", name=wrong_fan.name)).to_have_attribute("href", f"../fans/{wrong_fan.slug}/")
    expect(graded_box.locator(".graded-total:visible")).to_have_text(f"Your total, {dealt.result.total} points, is right.")
    return dealt, wrong


def test_take_a_quiz_round(page, live_server):
    dealt, wrong = take_a_quiz_round(page, live_server.url)
    # Progress is kept in the browser: the wrongly ticked fan is one to practise next.
    progress = page.locator("[data-progress]")
    expect(progress.locator("[data-next]")).to_contain_text(wrong.name)
    stored = json.loads(page.evaluate("localStorage.getItem('tutor-quiz-progress')"))
    assert stored["fans"]["39"] == [1, 1] and stored["fans"][str(wrong.id)] == [0, 1]
    # The same address deals the same hand again.
    address = page.locator("[data-share]").get_attribute("href")
    page.goto(live_server.url + "/quiz/" + address)
    expect(page.locator("#quiz-answer .hand")).to_have_attribute("aria-label", spoken(dealt))
    # Another hand gets another address.
    page.get_by_role("button", name="Deal another hand").click()
    expect(page).not_to_have_url(live_server.url + "/quiz/" + address)
    assert page.script_errors == []


def test_quiz_without_javascript_still_deals_and_grades(browser, live_server):
    context = browser.new_context(java_script_enabled=False)
    page = context.new_page()
    page.goto(live_server.url + "/quiz/")
    page.get_by_label("Mixed").check()
    page.get_by_role("button", name="Deal a hand").click()
    expect(page).to_have_url(re.compile(r"mode=mixed&seed=\d+"))
    page.locator("input[name=tick]").first.check()
    page.get_by_role("button", name="Check my answer").click()
    expect(page.locator(".quiz-graded")).to_be_visible()
    context.close()


def test_calculator_without_javascript_posts_the_form(browser, live_server):
    context = browser.new_context(java_script_enabled=False)
    page = context.new_page()
    page.goto(live_server.url + "/calculator/")
    expect(page.locator("[data-picker]")).to_be_hidden()
    page.get_by_label("Hand in notation").fill("[EEE] 123m 456p 789s 55s")
    page.get_by_label("Winning tile").fill("5s")
    page.get_by_role("button", name="Score the hand").click()
    expect(page.locator("#calc-result .verdict")).to_contain_text("13 points")
    assert result_fans(page) == EXPECTED_FANS
    context.close()


# ------------------------------------------------------------------------------- lesson questions


def test_answer_a_lesson_question(page, live_server):
    asked = htmx_requests(page)
    page.goto(live_server.url + "/lessons/tiles/")
    page.wait_for_load_state("networkidle")
    assert asked == []  # a reader who never checks never fetches htmx
    question = page.locator("form.question").first
    answer = int(question.get_attribute("data-answer"))
    wrong = 0 if answer else 1
    question.locator(f"input[name=choice][value='{wrong}']").check()
    question.get_by_role("button", name="Check").click()
    feedback = question.locator("[data-feedback]")
    # Graded by the backend: its verdict fragment is swapped in.
    expect(feedback.locator("[data-verdict='wrong']")).to_contain_text("Not quite.")
    expect(feedback).to_have_class("feedback wrong")
    question.locator(f"input[name=choice][value='{answer}']").check()
    question.get_by_role("button", name="Check").click()
    expect(feedback.locator("[data-verdict='right']")).to_contain_text("Right.")
    expect(feedback).to_have_class("feedback right")
    assert len(asked) == 1
    assert page.script_errors == []


# ------------------------------------------------------------------------------- a phone


def test_phone_calculator_quiz_and_question(phone, live_server):
    phone.goto(live_server.url + "/calculator/")
    build_by_clicking(phone, tap=True)
    expect(phone.locator("#calc-result .verdict")).to_contain_text("13 points")
    assert result_fans(phone) == EXPECTED_FANS
    assert phone.evaluate("document.documentElement.scrollWidth") <= 360
    for part in ("[data-grid]", "#calc-form", "#calc-result"):
        assert phone.locator(part).bounding_box()["width"] >= 300, part
    take_a_quiz_round(phone, live_server.url, tap=True)
    assert phone.evaluate("document.documentElement.scrollWidth") <= 360
    # One column on a phone: the hand and its grading get the whole width, the progress goes below.
    for part in ("#quiz-answer", ".quiz-graded", "[data-progress]"):
        assert phone.locator(part).bounding_box()["width"] >= 300, part
    phone.goto(live_server.url + "/lessons/tiles/")
    question = phone.locator("form.question").first
    question.locator(f"input[name=choice][value='{question.get_attribute('data-answer')}']").check()
    question.get_by_role("button", name="Check").tap()
    expect(question.locator("[data-verdict='right']")).to_be_visible()


# ------------------------------------------------------------------------------- a static host, no backend


def test_static_host_quiz_comes_from_the_bank(page, static_server):
    page.goto(static_server + "/quiz/")
    expect(page.locator("[data-offline-notice]")).to_be_visible()
    dealt, wrong = take_a_quiz_round(page, static_server)
    expect(page.locator("[data-progress] [data-next]")).to_contain_text(wrong.name)
    # A shared address of a hand in the bank deals that very hand.
    page.goto(static_server + "/quiz/?mode=fan&fan=seven-pairs&seed=1")
    expect(page.locator("#quiz-answer .hand")).to_have_attribute("aria-label", spoken(P.QuizKey("fan", 1, fan="seven-pairs").deal()))


def test_static_host_calculator_never_fetches_htmx(page, static_server):
    asked = htmx_requests(page)
    page.goto(static_server + "/calculator/")
    page.wait_for_load_state("networkidle")
    expect(page.locator("html")).to_have_attribute("data-backend-state", "none")
    page.get_by_label("Concealed tile").check()
    pick(page, "1 of characters")
    expect(page.locator("[data-count]")).to_have_text("(1/14)")
    assert asked == []


def test_static_host_lesson_question_is_graded_in_the_page(page, static_server):
    asked = htmx_requests(page)
    page.goto(static_server + "/lessons/tiles/")
    question = page.locator("form.question").first
    answer = question.get_attribute("data-answer")
    question.locator(f"input[name=choice][value='{answer}']").check()
    question.get_by_role("button", name="Check").click()
    feedback = question.locator("[data-feedback]")
    expect(feedback).to_have_class("feedback right")
    expect(feedback).to_contain_text("Right.")
    expect(feedback.locator("[data-explain]")).to_be_visible()  # from the page, not from a server
    assert asked == []


# The calculator on a static host scores in the browser: tests/browser/test_offline_engine.py.


def test_static_host_needs_no_backend_for_the_rest(page, static_server):
    response = page.goto(static_server + "/fans/full-flush/")
    assert response.status == 200
    expect(page.locator(".hand-example").first).to_be_visible()


# ------------------------------------------------------------------------------- behind a front server


@pytest.fixture(scope="module")
def front_server(built_site):
    """As deploy/nginx.conf has it: GET /calculator/ and /quiz/ are the built pages, POSTs go to the backend."""
    from tutor.app import create_app

    from .conftest import LiveServer

    backend = create_app({"SITE_DIR": str(built_site)})

    def front(environ, start_response):
        path = environ["PATH_INFO"]
        if environ["REQUEST_METHOD"] == "GET" and path in ("/calculator/", "/quiz/"):
            body = (built_site / path.strip("/") / "index.html").read_bytes()
            start_response("200 OK", [("Content-Type", "text/html; charset=utf-8")])
            return [body]
        return backend(environ, start_response)

    server = LiveServer(front).start()
    yield server.url
    server.stop()


def test_built_pages_behind_a_front_server_ask_the_backend(page, front_server):
    page.goto(front_server + "/calculator/?" + HAND_QUERY)
    expect(page.locator("#calc-result .verdict")).to_contain_text("13 points")
    assert result_fans(page) == EXPECTED_FANS
    page.goto(front_server + "/quiz/?mode=fan&fan=seven-pairs&seed=1")
    expect(page.locator("#quiz-answer .hand")).to_have_attribute("aria-label", spoken(P.QuizKey("fan", 1, fan="seven-pairs").deal()))
    expect(page.locator("[data-offline-notice]")).to_be_hidden()
    page.locator("input[name=tick]").first.check()
    page.get_by_role("button", name="Check my answer").click()
    expect(page.locator(".quiz-graded")).to_be_visible()
    page.get_by_role("button", name="Deal another hand").click()
    expect(page.locator(".quiz-graded")).to_have_count(0)
    expect(page.get_by_role("button", name="Check my answer")).to_be_visible()
    assert page.script_errors == []


# ------------------------------------------------------------------------------- accessibility


def graded_quiz(page, base):
    page.goto(base + "/quiz/?mode=starter&seed=4")
    page.locator("input[name=tick]").first.check()
    page.get_by_role("button", name="Check my answer").click()
    expect(page.locator(".quiz-graded")).to_be_visible()


STATES = {
    "calculator": lambda page, base: page.goto(base + "/calculator/"),
    "calculator-result": lambda page, base: page.goto(base + "/calculator/?" + HAND_QUERY + "&why_not=22&flowers=2"),
    "calculator-error": lambda page, base: page.goto(base + "/calculator/?h=123m&win=1m"),
    "quiz": lambda page, base: page.goto(base + "/quiz/"),
    "quiz-hand": lambda page, base: page.goto(base + "/quiz/?mode=fan&fan=concealed-kong&seed=2"),
    "quiz-graded": graded_quiz,
}


@pytest.mark.parametrize("state", list(STATES))
@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_interactive_pages_have_no_accessibility_violations(page, live_server, state, scheme):
    page.emulate_media(color_scheme=scheme)
    STATES[state](page, live_server.url)
    expect(page.locator("h1")).to_be_visible()
    if state.startswith("calculator"):
        expect(page.locator("[data-picker]")).to_be_visible()  # the script has run
    assert axe_violations(page) == []


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_offline_quiz_has_no_accessibility_violations(page, static_server, scheme):
    page.emulate_media(color_scheme=scheme)
    page.goto(static_server + "/quiz/?mode=starter&seed=4")
    expect(page.locator("#quiz-answer")).to_be_visible()
    page.locator("input[name=tick]").first.check()
    page.get_by_role("button", name="Check my answer").click()
    expect(page.locator(".quiz-graded")).to_be_visible()
    assert axe_violations(page) == []
