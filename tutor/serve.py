"""`tutor serve`: build the site, then serve it together with the backend on this machine.

For development only (Werkzeug's server, never with its debugger). A club's server runs
the same app under a production WSGI server: see the README.
"""

from __future__ import annotations

import sys
import threading

from tutor.app import DEFAULT_SITE_DIR, create_app
from tutor.site import build_site
from tutor.site.watch import watch as watch_content
from tutor.views.config import PROJECT as PROJECT_ROOT
from tutor.web.security import ConfigError


def build_once() -> bool:
    """Build the site into site/; report a failure and go on (the API still works)."""
    try:
        build_site(PROJECT_ROOT, DEFAULT_SITE_DIR)
    except Exception as error:  # the builder reports content errors as exceptions with file:line
        print(f"tutor: the site build failed: {error}", file=sys.stderr)
        return False
    return True


def serve(host: str = "127.0.0.1", port: int = 8000, build: bool = True, watch: bool = False) -> int:
    try:
        app = create_app()  # before the build, so a bad setting is said at once
    except ConfigError as error:
        print(f"tutor: {error}", file=sys.stderr)
        return 2
    if build:
        build_once()
    if watch:
        threading.Thread(target=watch_content, args=(PROJECT_ROOT, DEFAULT_SITE_DIR), daemon=True).start()
    print(f"tutor: open http://{host}:{port}/ in your browser (Ctrl+C stops the server)", flush=True)
    app.run(host=host, port=port, debug=False, use_reloader=False)
    return 0
