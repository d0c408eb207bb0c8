"""A Frame written down as data and read back elsewhere: how the in-browser engine (tutor.browser,
in Pyodide) gets the very frame the build and the backend render with, without the site's
sources. The build writes frame_data() into the engine bundle (tutor.site.engine_bundle);
read_frame() makes the frame again from it and the bundle's templates.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from tutor.views.config import SiteConfig
from tutor.views.page import Frame, PageTitle
from tutor.views.templating import load_translations, make_environment

FRAME_FILE = "frame.json"  # in the bundle, beside the modules
TEMPLATES = "templates"


class StaticVersions:
    """The static files' versions as the build computed them (tutor.views.templating.StaticFiles
    hashes the files themselves, which the browser does not have)."""

    def __init__(self, versions: dict[str, str]):
        self.versions = versions

    def versioned(self, path: str) -> str:
        version = self.versions.get(path, "")
        return f"{path}?v={version}" if version else path


def frame_data(config: SiteConfig, versions: dict[str, str], pages) -> dict[str, Any]:
    return {
        "config": {name: getattr(config, name) for name in SiteConfig.__dataclass_fields__},
        "versions": versions,
        "pages": [[p.name, p.title] for p in pages],
    }


def read_frame(root: Path) -> Frame:
    """The frame written into root/frame.json, with root/templates (and its translations)."""
    data = json.loads((root / FRAME_FILE).read_text(encoding="utf-8"))
    config = SiteConfig(**data["config"])
    translations = load_translations(config, root)
    env = make_environment(root / TEMPLATES, config, translations)
    pages = tuple(PageTitle(name, title) for name, title in data["pages"])
    return Frame(config, env, StaticVersions(data["versions"]), translations, pages)  # type: ignore[arg-type]
