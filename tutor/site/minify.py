"""Our own stylesheets and scripts as the site serves them: without comments and spare whitespace.

rcssmin and rjsmin only take out what carries no meaning: no renaming, no rewriting, so the page
runs the code as it was written and a stack trace still names our functions. The sources keep
their comments (they say why); pages stay within their weight budget (tutor.site.check)."""

from __future__ import annotations

import rcssmin
import rjsmin


def minify(path: str, text: str) -> str:
    """The stylesheet (.css) or script (.js) at this site path, minified; a script with template
    literals as it is."""
    if path.endswith(".css"):
        return rcssmin.cssmin(text) + "\n"
    # rjsmin reads a template literal only when no other is nested in it: the score sheet's modules
    # nest them (and squeezed the spaces out of their messages), so they are served as written.
    return text if "`" in text else rjsmin.jsmin(text) + "\n"
