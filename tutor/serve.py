"""`tutor serve`: build the site, then serve it together with the backend on this machine.

The server is gunicorn, as on a club's server (deploy/gunicorn.conf.py), so a newcomer's first
command runs the real thing and prints no "development server" warning. It runs in a child
process of its own (a fresh interpreter that imports the app in its worker), so that
`--reload`, for authors, can restart the worker on a change to the code, the templates or
site.toml; `--reload` and `--watch` also rebuild the site when content changes.
"""

from __future__ import annotations

import signal
import subprocess
import sys
import threading

from tutor.app import DEFAULT_SITE_DIR, create_app
from tutor.site import build_site
from tutor.site.watch import watch as watch_content
from tutor.views.config import PROJECT as PROJECT_ROOT
from tutor.web.security import ConfigError

WSGI_APP = "tutor.app:create_app()"


def build_once() -> bool:
    """Build the site into site/; report a failure and go on (the API still works)."""
    try:
        build_site(PROJECT_ROOT, DEFAULT_SITE_DIR)
    except Exception as error:  # the builder reports content errors as exceptions with file:line
        print(f"tutor: the site build failed: {error}", file=sys.stderr)
        return False
    return True


def gunicorn_command(host: str, port: int, reload: bool = False) -> list[str]:
    """gunicorn for one machine: one worker with a few threads (scoring is quick; the machine is
    shared), the access log off, and for authors the reloader on code, templates and site.toml."""
    command = [sys.executable, "-m", "gunicorn", "--bind", f"{host}:{port}", "--workers", "1",
               "--worker-class", "gthread", "--threads", "4", "--log-level", "warning"]
    if reload:
        command.append("--reload")
        for extra in sorted((PROJECT_ROOT / "templates").rglob("*.html")) + [PROJECT_ROOT / "site.toml"]:
            command += ["--reload-extra-file", str(extra)]
    return command + [WSGI_APP]


def serve(host: str = "127.0.0.1", port: int = 8000, build: bool = True, watch: bool = False,
          reload: bool = False) -> int:
    try:
        create_app()  # before the build, so a bad setting is said at once
    except ConfigError as error:
        print(f"tutor: {error}", file=sys.stderr)
        return 2
    if build:
        build_once()
    if watch or reload:
        threading.Thread(target=watch_content, args=(PROJECT_ROOT, DEFAULT_SITE_DIR), daemon=True).start()
    print(f"tutor: open http://{host}:{port}/ in your browser (Ctrl+C stops the server)", flush=True)
    server = subprocess.Popen(gunicorn_command(host, port, reload), cwd=PROJECT_ROOT)
    if threading.current_thread() is threading.main_thread():  # stopped by a signal: stop gunicorn too
        signal.signal(signal.SIGTERM, lambda *_: server.terminate())
    try:
        return server.wait()
    except KeyboardInterrupt:  # Ctrl+C reaches gunicorn too, which stops its worker and itself
        try:
            server.wait(timeout=30)
        except subprocess.TimeoutExpired:
            server.kill()
        return 0
