"""The build's model: the site as read (Site), a page rendered from markdown (Rendered), a page
ready to write (OutputPage), and rendering one template with the context every page shares.
"""

from __future__ import annotations

import traceback
from dataclasses import dataclass, field
from functools import cached_property
from pathlib import Path

import jinja2

from tutor.rules import fans as F
from tutor.views.config import SiteConfig
from tutor.views.page import Frame
from tutor.views.problems import Problem
from tutor.views.templating import StaticFiles
from tutor.views.urls import output_file

from .links import find_ids, references, resolve_references
from .pages import Content, Source
from .state import Link, PageState

SPRITE = "static/tiles/tiles.svg"  # the tile art, whose symbols pages link to by #id


@dataclass(frozen=True)
class BuildReport:
    out_dir: Path
    pages: int
    seconds: float
    warnings: tuple[str, ...] = ()


@dataclass
class OutputPage:
    url: str
    html: str
    template: str
    source: Source | None = None
    links: list = field(default_factory=list)  # markdown links, checked with their source lines
    search: list = field(default_factory=list)  # search documents
    checks: list = field(default_factory=list)  # the page's check questions, for the backend
    ids: set | None = None  # the ids in the html, and its references resolved (links.Resolved tuples),
    resolved: list | None = None  # once found (find_references)

    def find_references(self) -> None:
        self.ids, self.resolved = find_ids(self.html), resolve_references(self.url, references(self.html))

    @property
    def file(self) -> str:
        return output_file(self.url)

    @property
    def shown(self) -> str:
        return self.source.shown if self.source else f"templates/{self.template}"


@dataclass
class Site:
    """Everything phase 1 learnt; read-only afterwards: the content, and the frame every page
    shares (tutor.views.page: configuration, templates, static files, navigation)."""

    root: Path
    content: Content
    frame: Frame

    @property
    def config(self) -> SiteConfig:
        return self.frame.config

    @property
    def static(self) -> StaticFiles:
        return self.frame.static

    @property
    def env(self) -> jinja2.Environment:
        return self.frame.env

    def url(self, name: str) -> str:
        return self.frame.url(name)

    def fan_url(self, fan: F.Fan) -> str:
        return self.frame.fan_url(fan)

    def practice_url(self, name: str) -> str:
        return self.frame.practice_url(name)

    def gettext(self, text: str, **values) -> str:
        return self.frame.gettext(text, **values)

    def ngettext(self, singular: str, plural: str, count: int, /, **values) -> str:
        return self.frame.ngettext(singular, plural, count, **values)

    @cached_property
    def _urls_by_source(self) -> dict[str, str]:
        return {source.path: self.url(source.name) for source in self.content.sources}

    def source_url(self, path: str) -> str | None:
        """The url of the page written in content/<path>, or None if there is no such page."""
        return self._urls_by_source.get(path)


@dataclass(frozen=True)
class Rendered:
    html: str
    state: PageState
    toc: list

    @property
    def has_questions(self) -> bool:
        return self.state.questions > 0

    def to_json(self) -> dict:
        state = self.state
        links = [[link.line, link.target_url, link.anchor, link.written] for link in state.links]
        return {"html": self.html, "toc": self.toc, "links": links, "examples": state.examples,
                "scoring_examples": state.scoring_examples, "questions": state.questions, "checks": state.checks,
                "taught": state.taught, "unlinked": state.unlinked}

    @classmethod
    def from_json(cls, data: dict, source: Source, url: str) -> Rendered:
        state = PageState(source.path, url, source.body, source.body_line, source.fan,
                          links=[Link(*link) for link in data["links"]], examples=data["examples"],
                          scoring_examples=data["scoring_examples"],
                          questions=data["questions"], checks=data.get("checks", []),
                          taught=data["taught"], unlinked=data["unlinked"])
        return cls(data["html"], state, data["toc"])


class TemplateProblem(Exception):
    def __init__(self, problem: Problem):
        super().__init__(str(problem))
        self.problem = problem


def render_template(site: Site, template: str, context: dict) -> str:
    """Render a template; a template mistake becomes a Problem at the template's line."""
    try:
        return site.env.get_template(template).render(**context)
    except jinja2.TemplateSyntaxError as err:
        raise TemplateProblem(Problem(f"templates/{err.name or template}", err.lineno or 0, err.message)) from None
    except jinja2.TemplateError as err:
        name, line = template_frame(err, site.root, template)
        raise TemplateProblem(Problem(name, line, f"{type(err).__name__}: {err}")) from None


def template_frame(err: Exception, root: Path, template: str) -> tuple[str, int]:
    # Jinja2 rewrites tracebacks so that template frames carry the template's file and line.
    for frame in reversed(traceback.extract_tb(err.__traceback__)):
        if frame.filename.endswith(".html"):
            return shown_path(Path(frame.filename), root), frame.lineno or 0
    return f"templates/{template}", 0


def shown_path(path: Path, root: Path) -> str:
    try:
        return path.resolve().relative_to(root).as_posix()
    except ValueError:
        return str(path)


def page(site: Site, url: str, template: str, context: dict, *, section: str = "", source: Source | None = None,
         rendered: Rendered | None = None, root_for_links: str | None = None) -> OutputPage:
    """Render one whole page with the context every page shares."""
    shared = site.frame.context(url, section=section, root_for_links=root_for_links)
    if rendered:
        shared["has_questions"] = rendered.has_questions
        shared["body"] = rendered.html
    shared.update(context)
    html = render_template(site, template, shared)
    links = list(rendered.state.links) if rendered else []
    return OutputPage(url, html, template, source, links, checks=list(rendered.state.checks) if rendered else [])


