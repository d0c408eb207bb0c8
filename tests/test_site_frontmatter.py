"""Front matter and site.toml are read strictly: every mistake names its file and line."""

from __future__ import annotations

import pytest

from tutor.answers.pages import PRACTICE_PAGES
from tutor.site.frontmatter import split, validate
from tutor.site.pages import FAN_SCHEMA, LESSON_SCHEMA, PAGE_SCHEMA, classify, read_content
from tutor.views.config import SiteConfig, load_config
from tutor.views.problems import BuildFailed, LocatedError

LESSON = """---
title: Tiles
order: 1
summary: The suits.
goals:
  - name the suits
---
Body line one.
"""


def test_split_separates_header_and_body_and_knows_the_body_line():
    front = split(LESSON)
    assert front.values == {"title": "Tiles", "order": 1, "summary": "The suits.", "goals": ["name the suits"]}
    assert front.lines == {"title": 2, "order": 3, "summary": 4, "goals": 5}
    assert front.body == "Body line one.\n"
    assert front.body_line == 8
    assert validate(front, LESSON_SCHEMA, what="a lesson") == []


def test_a_page_without_front_matter_has_no_values():
    front = split("Just text.\n")
    assert front.values == {} and front.body_line == 1
    assert validate(front, PAGE_SCHEMA, what="a page") == [(1, "a page needs 'title' in its front matter")]


@pytest.mark.parametrize(
    "text, line, message",
    [
        pytest.param("---\ntitle: A\n", 1, "never closed", id="unclosed"),
        pytest.param("---\ntitle: A\ntitle: B\n---\n", 3, "'title' is given twice (first on line 2)", id="repeated"),
        pytest.param("---\ntitle: [A\n---\n", 3, "not valid YAML", id="bad_yaml"),
        pytest.param("---\n- a list\n---\n", 2, "expected 'key: value' lines", id="not_a_mapping"),
    ],
)
def test_split_mistakes(text, line, message):
    with pytest.raises(LocatedError) as caught:
        split(text)
    assert caught.value.line == line
    assert message in caught.value.message


@pytest.mark.parametrize(
    "header, schema, expected",
    [
        pytest.param("title: A\ntitel: B", PAGE_SCHEMA, [(3, "unknown front matter key 'titel'")], id="unknown_key"),
        pytest.param("title: 12", PAGE_SCHEMA, [(2, "title: expected text, got a number 12")], id="title_number"),
        pytest.param("title: ''", PAGE_SCHEMA, [(2, "title: expected text")], id="title_empty"),
        pytest.param("summary: S", PAGE_SCHEMA, [(1, "needs 'title'")], id="missing_title"),
        pytest.param("title: A\norder: yes\nsummary: S\ngoals: [g]", LESSON_SCHEMA,
                     [(3, "order: expected a whole number, got true/false True")], id="order_bool"),
        pytest.param("title: A\norder: 1.5\nsummary: S\ngoals: [g]", LESSON_SCHEMA,
                     [(3, "order: expected a whole number")], id="order_float"),
        pytest.param("title: A\norder: 1\nsummary: S\ngoals: one goal", LESSON_SCHEMA,
                     [(5, "goals: expected a list")], id="goals_not_list"),
        pytest.param("title: A\norder: 1\nsummary: S\ngoals: [g, 3]", LESSON_SCHEMA,
                     [(5, "goals: every item must be text")], id="goal_not_text"),
        pytest.param("title: A\norder: 1\nsummary: S", LESSON_SCHEMA, [(1, "a lesson needs 'goals'")],
                     id="lesson_without_goals"),
        pytest.param("fan: 82", FAN_SCHEMA, [(2, "fan: no fan number 82")], id="fan_out_of_range"),
        pytest.param("fan: 0", FAN_SCHEMA, [(2, "fan: no fan number 0")], id="fan_zero"),
        pytest.param("fan: full-flush", FAN_SCHEMA, [(2, "fan: expected a whole number")], id="fan_slug"),
        pytest.param("fan: 22\ntitle: Full Flush", FAN_SCHEMA, [(3, "unknown front matter key 'title'")],
                     id="fan_page_retypes_title"),
        pytest.param("fan: 22\ncard: 123x", FAN_SCHEMA, [(3, "card: Unknown suit letter 'x'")], id="card_bad_tile"),
        pytest.param("fan: 77\ncard: 12m +34m", FAN_SCHEMA, [(3, "'+' marks one winning tile")], id="card_two_winning"),
        pytest.param("fan: 22\nsee_also: [half-flsh]", FAN_SCHEMA, [(3, "did you mean 'half-flush'")],
                     id="see_also_typo"),
    ],
)
def test_validate_mistakes(header, schema, expected):
    found = validate(split(f"---\n{header}\n---\n"), schema, what="a lesson" if schema is LESSON_SCHEMA else "a page")
    assert [line for line, _ in found] == [line for line, _ in expected]
    for (_, message), (_, wanted) in zip(found, expected, strict=True):
        assert wanted in message


@pytest.mark.parametrize(
    "path, kind, name",
    [
        pytest.param("index.md", "home", "", id="home"),
        pytest.param("rulings.md", "page", "rulings", id="page"),
        pytest.param("lessons/03-all-chows.md", "lesson", "lessons/all-chows", id="lesson"),
        pytest.param("fans/full-flush.md", "fan", "fans/full-flush", id="fan"),
    ],
)
def test_classify_names_pages_by_place(path, kind, name):
    assert classify(path) == (kind, name, None)


@pytest.mark.parametrize(
    "path, message",
    [
        pytest.param("lessons/tiles.md", "NN-slug.md", id="lesson_without_number"),
        pytest.param("House Rules.md", "lower case", id="page_name"),
        pytest.param("search.md", "makes itself", id="reserved"),
        pytest.param("notes/extra.md", "pages live in", id="other_folder"),
    ],
)
def test_classify_rejects_misplaced_pages(path, message):
    assert message in classify(path)[2]


def write(root, files: dict[str, str]):
    for name, text in files.items():
        path = root / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")


def test_read_content_reports_every_problem_with_file_and_line(tmp_path):
    write(tmp_path, {
        "index.md": "---\ntitle: Home\n---\n",
        "AUTHORING.md": "notes, not a page",
        "lessons/01-a.md": "---\ntitle: A\norder: 1\nsummary: S\ngoals: [g]\n---\n",
        "lessons/02-b.md": "---\ntitle: B\norder: 1\nsummary: S\ngoals: [g]\n---\n",
        "fans/full-flush.md": "---\nfan: 22\n---\n",
        "fans/pure-one-suit.md": "---\nfan: 22\n---\n",
        "fans/half-flush.md": "---\nfan: 22\n---\n",
        "fans/all-green.md": "---\nfan: 3\nsumary: x\n---\n",
        "loose.png": "png",
        "images/ok.png": "png",
    })
    content, problems = read_content(tmp_path, require_all_fans=False)
    shown = sorted(str(p) for p in problems)
    assert shown == [
        "content/fans/all-green.md:3: unknown front matter key 'sumary' for a fan page "
        "(allowed: fan, summary, see_also, card)",
        "content/fans/half-flush.md:2: fan 22 (Full Flush) already has its page, fans/full-flush.md: "
        "one page per fan",
        "content/fans/pure-one-suit.md:2: fan 22 (Full Flush) already has its page, fans/full-flush.md: "
        "one page per fan",
        "content/lessons/02-b.md:3: lesson order 1 is also used by content/lessons/01-a.md: "
        "give each lesson its own place",
        "content/loose.png: put images and other files in a folder (such as content/images/) so they cannot clash "
        "with the site's own files",
    ]
    assert content.assets == ("images/ok.png",)
    assert sorted(s.path for s in content.sources) == ["fans/full-flush.md", "index.md", "lessons/01-a.md",
                                                       "lessons/02-b.md"]


def test_read_content_requires_every_fan_page_when_asked(tmp_path):
    write(tmp_path, {"index.md": "---\ntitle: Home\n---\n", "fans/full-flush.md": "---\nfan: 22\n---\n"})
    _, problems = read_content(tmp_path, require_all_fans=True)
    assert len(problems) == 1
    assert str(problems[0]).startswith("content/fans: 80 of the 81 fans have no page: big-four-winds, ")
    assert "--draft" in problems[0].message
    _, problems = read_content(tmp_path, require_all_fans=False)
    assert problems == []


def test_read_content_needs_a_home_page(tmp_path):
    write(tmp_path, {"rulings.md": "---\ntitle: R\n---\n"})
    _, problems = read_content(tmp_path, require_all_fans=False)
    assert [str(p) for p in problems] == ["content/index.md: the home page is missing: write content/index.md"]


# --- site.toml ---------------------------------------------------------------------------------------


def test_config_defaults_without_a_file(tmp_path):
    assert load_config(tmp_path / "none.toml") == SiteConfig()


def test_config_reads_and_normalises(tmp_path):
    path = tmp_path / "site.toml"
    path.write_text('name = "Club"\nbase_url = "https://club.example/mj"\nbackend_url = "https://api.example/"\n'
                    'default_edition = "china1998"\ndirectory_urls = false\n')
    config = load_config(path)
    assert config.name == "Club"
    assert config.base_url == "https://club.example/mj/"
    assert config.base_path == "/mj/"
    assert config.backend_url == "https://api.example"
    assert config.default_edition == "china1998"
    assert config.directory_urls is False


@pytest.mark.parametrize(
    "text, expected",
    [
        pytest.param('name = "A"\ncolour = "red"\n', "site.toml:2: unknown setting 'colour'", id="unknown_key"),
        pytest.param('default_edition = "ema"\n', "site.toml:1: default_edition must be one of wmo, china1998",
                     id="bad_edition"),
        pytest.param('directory_urls = "yes"\n', "site.toml:1: 'directory_urls' must be true or false", id="bad_bool"),
        pytest.param('name = 3\n', "site.toml:1: 'name' must be text in quotes", id="name_number"),
        pytest.param('base_url = "club.example"\n', "site.toml:1: base_url must be empty", id="bad_base_url"),
        pytest.param('logo = "logo.svg"\n', "site.toml:1: logo must be a file under static/", id="logo_outside"),
        pytest.param('name = "A\n', "site.toml:1: not valid TOML", id="bad_toml"),
    ],
)
def test_config_mistakes(tmp_path, text, expected):
    path = tmp_path / "site.toml"
    path.write_text(text)
    with pytest.raises(BuildFailed) as caught:
        load_config(path)
    assert str(caught.value.problems[0]).startswith(expected)


@pytest.mark.parametrize("name", [pytest.param(row.name, id=row.name) for row in PRACTICE_PAGES] + ["api"])
def test_a_content_page_named_like_a_practice_page_is_refused_at_its_file(tmp_path, name):
    """Every row of the page table, those added later too: the generated page would overwrite it."""
    write(tmp_path, {"index.md": "---\ntitle: Home\n---\n", f"{name}.md": "---\ntitle: Mine\n---\nText.\n"})
    content, problems = read_content(tmp_path, require_all_fans=False)
    assert [str(p) for p in problems] == [
        f"content/{name}.md: '{name}' is a page the build makes itself: choose another name"]
    assert name not in {s.name for s in content.sources}
