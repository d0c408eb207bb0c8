"""Club configuration: site.toml at the repository root.

A club edits one small file to make the site its own: the name and logo shown
in the header, where the site lives, which rule edition the examples are scored
in, and where the scoring backend answers. Unknown keys and wrong types stop the
build with the line, as front matter does.
"""

from __future__ import annotations

import re
import tomllib
from dataclasses import dataclass, fields
from pathlib import Path

from tutor.rules.fans import DEFAULT_EDITION, EDITIONS

from .problems import BuildFailed, Problem

# The checkout holding tutor/, content/, templates/ and site.toml: where the build reads by default,
# and whose site the backend renders its pages for unless told otherwise.
PROJECT = Path(__file__).resolve().parents[2]


@dataclass(frozen=True)
class SiteConfig:
    name: str = "Mahjong Tutor"
    description: str = "Learn to score Chinese Official Mahjong (MCR)."
    logo: str = ""  # a file under static/, e.g. "static/logo.svg"; empty shows the name only
    base_url: str = ""  # empty: every link relative; else the absolute address of the site root
    default_edition: str = DEFAULT_EDITION
    backend_url: str = ""  # empty: the scoring backend answers on the same origin as the site
    language: str = "en"
    locale_dir: str = ""  # folder of gettext catalogues: <locale_dir>/<language>/LC_MESSAGES/tutor.mo
    directory_urls: bool = True  # fans/full-flush/ rather than fans/full-flush.html
    require_all_fans: bool = True  # a missing content/fans/<slug>.md fails the build
    require_examples: bool = False  # fan pages need 2 scoring hand blocks, lessons 1, and no fan a lesson's
    # hand scores goes untaught or unlinked (the real content's rules: tutor.site.build)
    theme_color: str = "#9e2229"  # the installed app's title bar (manifest.webmanifest), as #rrggbb
    background_color: str = "#fbfaf7"  # its splash screen while the first page loads
    save_engine_on_install: bool = False  # every install also saves the in-browser engine (a venue's tablet)

    @property
    def canonical_root(self) -> str:
        """base_url when it is a whole address (https://club.example/mahjong/), for canonical links;
        '' for a path alone ('/mahjong/'), which names no host a search engine could prefer."""
        return self.base_url if re.match(r"^[a-z][a-z0-9+.-]*://", self.base_url) else ""

    @property
    def base_path(self) -> str:
        """The path part of base_url ('/mahjong/'), used where relative links cannot work (404)."""
        if not self.base_url:
            return ""
        path = re.sub(r"^[a-z][a-z0-9+.-]*://[^/]+", "", self.base_url)
        return path or "/"


_TYPES = {f.name: f.type for f in fields(SiteConfig)}
_TYPE_NAMES = {"str": "text in quotes", "bool": "true or false"}


def load_config(path: Path | None, *, shown_as: str = "site.toml") -> SiteConfig:
    """Read site.toml; a missing file gives the defaults. Raises BuildFailed on any bad entry."""
    if path is None or not path.exists():
        return SiteConfig()
    text = path.read_text(encoding="utf-8")
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as err:
        line = _line_of_toml_error(str(err))
        raise BuildFailed([Problem(shown_as, line, f"not valid TOML: {err}")]) from None
    problems = [Problem(shown_as, _key_line(text, key), message) for key, message in check_values(data)]
    if problems:
        raise BuildFailed(problems)
    return SiteConfig(**{key: _normalise(key, value) for key, value in data.items()})


def check_values(data: dict) -> list[tuple[str, str]]:
    """(key, message) for each entry that is unknown or of the wrong kind."""
    out = []
    for key, value in data.items():
        if key not in _TYPES:
            known = ", ".join(sorted(_TYPES))
            out.append((key, f"unknown setting '{key}' (known settings: {known})"))
            continue
        wanted = _TYPES[key]
        if type(value).__name__ != wanted:
            out.append((key, f"'{key}' must be {_TYPE_NAMES[wanted]}"))
            continue
        message = _check_one(key, value)
        if message:
            out.append((key, message))
    return out


def _check_one(key: str, value) -> str | None:
    if key == "default_edition" and value not in EDITIONS:
        return f"default_edition must be one of {', '.join(EDITIONS)}, not '{value}'"
    if key == "base_url" and value and not re.match(r"^(https?://[^/\s]+)?/\S*$", value):
        return "base_url must be empty, a path such as '/mahjong/', or an address such as 'https://club.example/mahjong/'"
    if key == "backend_url" and value and not re.match(r"^(https?://[^/\s]+|/)\S*$", value):
        return "backend_url must be empty (same origin), a path such as '/api-host/' or an address such as 'https://scores.example'"
    if key == "logo" and value and not value.startswith("static/"):
        return "logo must be a file under static/, such as 'static/logo.svg'"
    if key in ("theme_color", "background_color") and not re.fullmatch(r"#[0-9a-fA-F]{6}", value):
        return f"{key} must be a colour written #rrggbb, such as '#9e2229'"
    if key in ("name", "language") and not value.strip():
        return f"'{key}' must not be empty"
    return None


def _normalise(key: str, value):
    # Trailing slashes are written by the templates, so the stored forms never end in one
    # (base_url keeps one: it names a folder and is joined to page paths).
    if key == "backend_url":
        return value.rstrip("/")
    if key == "base_url" and value and not value.endswith("/"):
        return value + "/"
    return value


def _key_line(text: str, key: str) -> int:
    match = re.search(rf"^\s*{re.escape(key)}\s*=", text, re.MULTILINE)
    return text.count("\n", 0, match.start()) + 1 if match else 0


def _line_of_toml_error(message: str) -> int:
    match = re.search(r"line (\d+)", message)
    return int(match.group(1)) if match else 0
