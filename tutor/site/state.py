"""What the markdown of one page reports back while it is rendered: problems, links, counts.

Kept apart from markdown_ext so that a build whose pages all come from the render cache
never imports Python-Markdown or the scoring engine.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from tutor.rules import fans as F
from tutor.views.urls import href as relative_href
from tutor.views.urls import root_prefix


@dataclass(frozen=True)
class Link:
    line: int
    target_url: str  # site-relative url of the page linked to
    anchor: str
    written: str  # as the author wrote it, for the message


@dataclass
class PageState:
    """One page being rendered: what the extension reads, and what it reports back."""

    source: str  # content-relative path: 'lessons/01-tiles.md'
    url: str
    text: str  # the markdown body, to find the line of an inline mistake
    body_line: int = 1  # file line of the body's first line
    fan: F.Fan | None = None  # set on a fan's page
    problems: list = field(default_factory=list)  # (file line, message)
    links: list = field(default_factory=list)  # Link, checked once every page is rendered
    examples: int = 0
    scoring_examples: int = 0  # hand blocks that are not near misses (on a fan page: that score the fan)
    questions: int = 0
    checks: list = field(default_factory=list)  # each question's html parts, for the backend's grading
    taught: list = field(default_factory=list)  # fan ids with a heading of their own (a lesson teaches them)
    # [file line, fan id]: a fan a hand block scores that the page has not linked by the end of
    # the block's section; the build asks that a lesson up to this one teaches it (build.py)
    unlinked: list = field(default_factory=list)

    @property
    def root(self) -> str:
        """The relative path back to the site root: '' on the home page, '../../' two levels down."""
        return root_prefix(self.url)

    def report(self, line: int, message: str) -> None:
        self.problems.append((line, message))

    def line_of(self, *needles: str) -> int:
        """The file line where the first needle found appears in the body (else the body's first line).

        Python-Markdown keeps no line numbers past its preprocessors, so inline mistakes are
        located by their text; the message quotes that text, so a repeated one is still findable."""
        for needle in needles:
            index = self.text.find(needle)
            if index >= 0:
                return self.body_line + self.text.count("\n", 0, index)
        return self.body_line

    def href_to(self, url: str) -> str:
        return relative_href(self.url, url)
