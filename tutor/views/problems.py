"""Build problems: what went wrong, in which file, on which line.

Every phase of the build collects problems instead of stopping at the first one,
so an author fixes a page in one pass. A phase that found any problem ends the
build before the next phase starts (a link check on a page whose front matter
failed would only add noise).
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, order=True)
class Problem:
    path: str  # project-relative, with forward slashes: content/lessons/01-tiles.md
    line: int  # 1-based; 0 when the problem concerns the whole file
    message: str

    def __str__(self) -> str:
        if self.line:
            return f"{self.path}:{self.line}: {self.message}"
        return f"{self.path}: {self.message}"


class BuildFailed(Exception):
    """The build found problems; nothing was written."""

    def __init__(self, problems):
        self.problems = tuple(sorted(set(problems)))
        super().__init__("\n".join(str(p) for p in self.problems))


class LocatedError(ValueError):
    """A problem whose line is known relative to the text being read (1-based)."""

    def __init__(self, line: int, message: str):
        super().__init__(message)
        self.line = line
        self.message = message
