"""`tutor serve`: the backend under Granian, on this machine and on a club's server alike.

    tutor serve                      build the site, then serve it with the API (127.0.0.1:8000)
    tutor serve --no-build           a club's server: serve the site as built (see the README)

Granian was chosen by measurement (bench/servers.py, figures in bench/servers.md): on the
project's 2-core machine it scored the most hands in every run (1.2x to 1.5x gunicorn's gthread
worker, 2x its gevent worker and more); it reads request headers in Rust with a deadline
(HEADER_SECONDS), so slow-header clients and idle sockets hold no Python thread; a killed worker
is respawned at once. A slow body does hold a thread until it is complete (Granian has no timeout
on reading one), so each worker keeps BLOCKING_THREADS of them (idle ones cost nothing and are
ended after 30 s): 50 slow bodies do not delay anyone, but workers x BLOCKING_THREADS of them stall
the server for as long as they last, which is why a server on the internet needs a front server
that buffers whole requests (deploy/nginx.conf). Stopping waits DRAIN_SECONDS at most. (Granian
warns at startup that so many threads "seems quite high" for the cores: they are there to wait on
clients, not to score in parallel.)

Environment: TUTOR_BIND (host:port, default 127.0.0.1:8000), TUTOR_WORKERS (default one per
core), TUTOR_MAX_RSS_MB (a worker past this is replaced, default 400); the app's own settings
(TUTOR_RATE_LIMIT, ...) are read by tutor.web.app. The app is made once here first, so a bad
setting stops the server with one line before any worker starts. SIGHUP respawns the workers
gracefully (after an upgrade); SIGTERM stops.
"""

from __future__ import annotations

import errno
import os
import socket
import sys
import threading

from granian import Granian
from granian.constants import Interfaces
from granian.http import HTTP1Settings

from tutor.app import DEFAULT_SITE_DIR, create_app
from tutor.site import build_site
from tutor.site.watch import watch as watch_content
from tutor.views.config import PROJECT as PROJECT_ROOT
from tutor.web.security import ConfigError

APP = "tutor.app:create_app"
DEFAULT_BIND = "127.0.0.1:8000"
BLOCKING_THREADS = 64  # per worker: requests being read or answered at once
HEADER_SECONDS = 10  # a client has this long to send its request headers
RESPAWN_SECONDS = 0.5  # a worker that died is replaced this soon
# A worker told to stop (SIGTERM, or replaced on SIGHUP or past TUTOR_MAX_RSS_MB) finishes the requests
# it holds for at most this long, then is killed: a client sending its body a byte at a time held
# the stop for as long as it cared to (Granian has no timeout on reading a body: see the README).
DRAIN_SECONDS = 10


def build_once() -> bool:
    """Build the site into site/; report a failure and go on (the API still works)."""
    try:
        build_site(PROJECT_ROOT, DEFAULT_SITE_DIR)
    except Exception as error:  # the builder reports content errors as exceptions with file:line
        print(f"tutor: the site build failed: {error}", file=sys.stderr)
        return False
    return True


def default_workers() -> int:
    return int(os.environ.get("TUTOR_WORKERS") or os.cpu_count() or 1)


def bind_address(host: str | None = None, port: int | None = None) -> tuple[str, int]:
    bind = os.environ.get("TUTOR_BIND") or DEFAULT_BIND
    env_host, _, env_port = bind.rpartition(":")
    return host or env_host or "127.0.0.1", int(port or env_port or 8000)


def server_options(host: str, port: int, workers: int, reload: bool = False) -> dict:
    """Granian's settings for the backend, as measured in bench/servers.md. reload (for authors):
    restart the workers when tutor's code, a template or site.toml changes."""
    options = dict(
        factory=True,
        address=host,
        port=port,
        interface=Interfaces.WSGI,
        workers=workers,
        blocking_threads=BLOCKING_THREADS,
        http="1",
        http1_settings=HTTP1Settings(header_read_timeout=HEADER_SECONDS * 1000),
        respawn_failed_workers=True,
        respawn_interval=RESPAWN_SECONDS,
        workers_kill_timeout=DRAIN_SECONDS,
        workers_max_rss=int(os.environ.get("TUTOR_MAX_RSS_MB") or 400),
        log_access=bool(os.environ.get("TUTOR_ACCESS_LOG")),
        reload=reload,
    )
    if reload:
        options["reload_paths"] = [PROJECT_ROOT / "tutor", PROJECT_ROOT / "templates", PROJECT_ROOT / "site.toml"]
    return options


def cannot_listen(host: str, port: int) -> str | None:
    """Why the server could not listen on host:port, or None if it can.

    Granian's socket shares its port (SO_REUSEPORT), so a second `tutor serve` on the address of a
    first one would start and split the connections with it in silence. A socket that does not
    share is bound here first: it fails on an address another server listens on, but not on one
    whose last connections are still closing (SO_REUSEADDR), as after a restart."""
    try:
        family = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM)[0][0]
        with socket.socket(family, socket.SOCK_STREAM) as probe:
            probe.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
            probe.bind((host, port))
    except OSError as error:
        if error.errno == errno.EADDRINUSE:
            return (f"address already in use: {host}:{port} (another server listens there, perhaps another "
                    "tutor serve: stop it, or choose another address with --port or TUTOR_BIND)")
        return f"cannot listen on {host}:{port}: {error.strerror or error}"
    return None


def server(host: str, port: int, workers: int, reload: bool = False) -> Granian:
    return Granian(APP, **server_options(host, port, workers, reload))


def serve(host: str | None = None, port: int | None = None, build: bool = True, watch: bool = False,
          workers: int | None = None, reload: bool = False) -> int:
    """reload: for authors, the workers restart on a change of code, templates or site.toml, and
    the site is rebuilt on a change of content (watch)."""
    watch = watch or reload
    host, port = bind_address(host, port)
    workers = workers or default_workers()
    if problem := cannot_listen(host, port):
        print(f"tutor: {problem}", file=sys.stderr)
        return 2
    try:
        # Before the build and the workers, so a bad setting is said at once, in one line.
        create_app({"WORKERS": workers})
    except ConfigError as error:
        print(f"tutor: {error}", file=sys.stderr)
        return 2
    if build:
        build_once()
    if watch:
        threading.Thread(target=watch_content, args=(PROJECT_ROOT, DEFAULT_SITE_DIR), daemon=True).start()
    print(f"tutor: open http://{host}:{port}/ in your browser ({workers} worker{'s' if workers != 1 else ''}; "
          "Ctrl+C stops the server)", flush=True)
    # Every worker Granian starts makes its app from the environment: how many workers share the rate
    # limit's store (more than one needs a shared one), and never Flask's debug mode under this server.
    os.environ["TUTOR_WORKERS"] = str(workers)
    os.environ["TUTOR_ENV"] = "production"
    server(host, port, workers, reload).serve()
    return 0
