"""The best-discard drill graded by value, in Chromium: a discard within the tolerance that is not
the first is right, the shape-best one is wrong with the sentence saying why; static bank too."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from tutor.practice import drills as D
from tutor.rules import tiles as T
from tutor.views import drills as V

pytestmark = pytest.mark.browser


def discard(page, base: str, seed: int, tile: int):
    page.goto(f"{base}/drills/?mode=discard&seed={seed}")
    page.locator(f"input[name=discard][value='{T.code(tile)}']").check(force=True)
    page.get_by_role("button", name="Check my answer").click()
    graded = page.locator(".drill-graded")
    expect(graded).to_be_visible()
    return graded


def test_a_discard_within_the_tolerance_is_right(page, live_server):
    seed = next(s for s in range(1, 25) if len(D.accepted_discards(V.DrillKey("discard", s).deal().advice)) > 1)
    drill = V.DrillKey("discard", seed).deal()
    second = D.accepted_discards(drill.advice)[1]
    graded = discard(page, live_server.url, seed, second)
    expect(graded.locator("h2 span:visible")).to_have_text("Right!")
    expect(graded.locator(f"tr[data-tile='{T.code(second)}'] .mark-ok")).to_be_visible()
    expect(graded.locator(".drill-tolerance")).to_contain_text("within 2 points")
    assert page.script_errors == []


def test_the_shape_best_discard_is_wrong_and_the_sentence_says_why(page, live_server):
    drill = V.DrillKey("discard", 15).deal()
    shape_best = drill.analysis.discards[0].tile
    graded = discard(page, live_server.url, 15, shape_best)
    expect(graded.locator("h2 span:visible")).to_have_text("Not quite")
    summary = graded.locator("[data-summary]")
    expect(summary).to_contain_text(drill.advice.reason)
    expect(summary).to_contain_text(f"{T.code(shape_best)} keeps you")
    row = graded.locator(f"tr[data-tile='{T.code(drill.advice.best.tile)}']")
    expect(row.locator(".routes li").first).to_be_visible()
    expect(graded).not_to_contain_text("not ready yet")
