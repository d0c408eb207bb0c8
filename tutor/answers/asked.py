"""What a practice page is asked and what it answers, without Flask: the backend (tutor.web)
and the browser's engine (tutor.browser) turn their requests into an Asked and an Answer
back into a page, a fragment or a redirect.

    Asked    the form or query (anything with get and getlist), whether it was posted, whether
             htmx asked for a fragment, and the site's default edition
    Answer   the template context and HTTP status, or the query of a new hand's own address
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any


@dataclass(frozen=True)
class Asked:
    form: Any
    posted: bool = False
    htmx: bool = False
    edition: str = "wmo"

    @property
    def answering(self) -> bool:
        """A player's answer to a dealt hand: posted from the hand's own form with answer=1."""
        return self.posted and self.form.get("answer") == "1"


@dataclass(frozen=True)
class Answer:
    context: dict[str, Any] = field(default_factory=dict)
    status: int = 200
    redirect: list[tuple[str, str]] | None = None  # a new hand: send the player to ./?<these fields> (303)
