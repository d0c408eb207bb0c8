"""deploy/nginx.conf read against the page table (no nginx run here: tests/test_nginx.py runs it):
every practice page the backend answers has its location, which passes a POST and a query to
the backend, and a body limit that fits the page's form (tutor.answers.pages, body_limit)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from tutor.answers.pages import FORM_BODY_BYTES, PRACTICE_PAGES
from tutor.answers.table import GAME_BODY_BYTES

CONF = (Path(__file__).resolve().parents[1] / "deploy" / "nginx.conf").read_text(encoding="utf-8")
ANSWERED = [row for row in PRACTICE_PAGES if row.answer is not None]


def location(prefix: str) -> str:
    """The body of `location <prefix> { ... }` (no nested blocks but one-line ifs)."""
    found = re.search(r"^\s*location " + re.escape(prefix) + r" \{\n(.*?)^\s*\}$", CONF, re.M | re.S)
    assert found, f"deploy/nginx.conf has no 'location {prefix}'"
    return found.group(1)


def kilobytes(block: str) -> int:
    size = re.search(r"client_max_body_size (\d+)k;", block)
    return int(size.group(1)) * 1024 if size else FORM_BODY_BYTES


def test_the_servers_body_limit_is_the_forms():
    server = CONF.split("location", 1)[0].rsplit("server {", 1)[1]
    assert kilobytes(server) == FORM_BODY_BYTES


@pytest.mark.parametrize("row", ANSWERED, ids=[row.name for row in ANSWERED])
def test_every_practice_page_the_backend_answers_has_its_location(row):
    block = location(f"/{row.url}")
    assert "if ($request_method = POST) { proxy_pass http://tutor_backend; }" in block
    assert "if ($args) { proxy_pass http://tutor_backend; }" in block
    assert "try_files $uri $uri/index.html =404;" in block
    assert kilobytes(block) == row.body_limit


def test_the_table_api_takes_a_games_body_and_answers_json_when_it_is_too_large():
    block = location("= /api/table")
    assert kilobytes(block) == GAME_BODY_BYTES
    assert "proxy_pass http://tutor_backend;" in block
    too_large = re.search(r"error_page 413 = (@\w+);", block).group(1)
    assert f'"The request body is too large (at most {GAME_BODY_BYTES} bytes)."' in location(too_large)
