"""Response headers and optional rate limiting for a backend that clubs put on the internet.

Every response carries a Content-Security-Policy with no inline script and no eval
(htmx is configured to match), nosniff, a referrer policy and a ban on framing.
Rate limiting is off unless RATE_LIMIT is set (for example "120 per minute"): one budget per
client for every POST and the JSON API under /api/ (plain page GETs and the status script are free), counted with
`limits` in RATE_LIMIT_STORAGE, a redis:// address shared by every worker and replica (when it
does not answer, each worker counts in its own memory: tutor.web.limit_store). The
in-memory store counts per process, so it is refused with more than one worker (WORKERS, which
the server sets) and said in the log at startup with one. Behind TRUSTED_PROXIES proxies (nginx:
1) the client is the address they forward (Werkzeug's ProxyFix), not the proxy's.

Cross-origin requests (CORS) are off unless ALLOWED_ORIGINS names the origins of the static
sites that call this backend (TUTOR_ALLOWED_ORIGINS, "https://club.example,http://localhost:8080").
Then the routes those pages call (CORS_PREFIXES, CORS_PATHS) answer an allowed Origin with
Access-Control-Allow-Origin and htmx's response headers exposed, and a preflight with 204 and
the methods and htmx request headers allowed.
Why not flask-cors: it answers a preflight with 200 through Flask's automatic OPTIONS, sends
Vary: Origin only to origins it allows (so a shared cache may hand one origin's answer to
another), and reads origins containing regex characters as patterns; what we need is
`allowed_origins` and `cors_headers` below and one hook.
"""

from __future__ import annotations

import math
import time
from typing import NamedTuple
from urllib.parse import urlsplit

from flask import Flask, Response, abort, current_app, request
from limits import RateLimitItem
from limits import parse as parse_limit
from limits.errors import ConfigurationError
from werkzeug.middleware.proxy_fix import ProxyFix

from tutor.answers.pages import PRACTICE_PAGES
from tutor.views.page import BACKEND_STATUS
from tutor.web.limit_store import MEMORY, Counter, open_store

# Styles may be inline: the tile sprite colours its shapes with style attributes, and
# htmx adds its indicator style. Scripts never are.
CONTENT_SECURITY_POLICY = "; ".join(
    [
        "default-src 'self'",
        "script-src 'self'",
        "style-src 'self' 'unsafe-inline'",
        "img-src 'self' data:",
        "font-src 'self'",
        "connect-src 'self'",
        "object-src 'none'",
        "base-uri 'self'",
        "form-action 'self'",
        "frame-ancestors 'none'",
    ]
)

# The in-browser engine's worker (static/js/engine-worker.js) compiles Pyodide's WebAssembly, which
# needs 'wasm-unsafe-eval' (never 'unsafe-eval'). A worker runs under the policy of its own script's
# response, so only that one file gets it; the pages that start the worker keep the policy above.
ENGINE_WORKER = "static/js/engine-worker.js"
ENGINE_CONTENT_SECURITY_POLICY = CONTENT_SECURITY_POLICY.replace("script-src 'self'", "script-src 'self' 'wasm-unsafe-eval'", 1)

SECURITY_HEADERS = {
    "Content-Security-Policy": CONTENT_SECURITY_POLICY,
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "strict-origin-when-cross-origin",
    "X-Frame-Options": "DENY",
    "Cross-Origin-Opener-Policy": "same-origin",
}


def add_security_headers(app: Flask) -> None:
    """Every answer of the app gets SECURITY_HEADERS, except where it set one itself.

    Added to the WSGI headers as they are sent rather than in an after_request hook: Werkzeug's
    Headers finds a name by scanning and raising KeyError, which cost more per request than many
    a route's own work, and here one set of lower-cased names answers 'already set?'."""
    app.wsgi_app = SecureHeaders(app.wsgi_app)


class SecureHeaders:
    """WSGI middleware: appends each security header the answer has not set."""

    def __init__(self, wsgi_app):
        self.wsgi_app = wsgi_app

    # What each answer gets, made once: the engine worker's script its own policy instead of the pages'.
    PAGE = tuple(SECURITY_HEADERS.items())
    WORKER = tuple({**SECURITY_HEADERS, "Content-Security-Policy": ENGINE_CONTENT_SECURITY_POLICY}.items())

    def __call__(self, environ, start_response):
        ours = self.WORKER if environ.get("PATH_INFO", "").endswith("/" + ENGINE_WORKER) else self.PAGE

        def start(status, headers, exc_info=None):
            present = {name.lower() for name, _ in headers}
            added = [(name, value) for name, value in ours if name.lower() not in present]
            return start_response(status, [*headers, *added], exc_info)

        return self.wsgi_app(environ, start)



# Not the JSON API though under /api/: the script each practice page loads to learn that a backend
# is there. Counted, it told a client over its budget that there was no backend at all.
UNLIMITED_GETS = frozenset({"/" + BACKEND_STATUS})


def is_limited() -> bool:
    """What the budget covers: every POST (the calculator's and quiz's answers, lesson checks) and
    the JSON API. A plain page GET costs nothing, nor does the backend's status script, and a CORS
    preflight scores nothing (one answered 429 looks to the browser like a backend that is down
    rather than one that says "wait")."""
    if request.method == "POST":
        return True
    return request.method != "OPTIONS" and request.path.startswith("/api/") and request.path not in UNLIMITED_GETS


def add_proxy_fix(app: Flask) -> None:
    """Behind TRUSTED_PROXIES proxies, the client's address is the one they put in X-Forwarded-For
    (and the scheme X-Forwarded-Proto); with none (the default), those headers are ignored, since
    any client can send them."""
    setting = str(app.config.get("TRUSTED_PROXIES") or "0").strip()
    if not (setting.isascii() and setting.isdigit() and len(setting) <= 2):
        raise ConfigError(f"TUTOR_TRUSTED_PROXIES: '{setting}' is not a number: give how many proxies stand "
                          "in front of the backend (1 for nginx on the same machine, 0 for none)")
    if int(setting):
        app.wsgi_app = ProxyFix(app.wsgi_app, x_for=int(setting), x_proto=int(setting))


RATE_LIMIT = "tutor.rate_limit"  # where the app keeps its counter and limit (app.extensions)


class RateLimit(NamedTuple):
    counter: Counter
    limit: RateLimitItem

    def allows(self, client: str) -> bool:
        """Count one request of this client; False once its budget for the window is spent."""
        return self.counter.hit(self.limit, client)

    def seconds_to_wait(self, client: str) -> int:
        reset = self.counter.reset_time(self.limit, client)
        return max(1, math.ceil(reset - time.time()))


def add_rate_limit(app: Flask) -> RateLimit | None:
    """Counted by `limits`, the library Flask-Limiter is built on, with one call per request: one round
    trip to a redis store. Flask-Limiter's own per-route machinery (which this app, with one budget
    for everything limited, does not use) cost about 130 µs a request on top of that round trip."""
    setting = app.config.get("RATE_LIMIT")
    if not setting:
        return None
    try:
        limit = parse_limit(setting)
    except ValueError:
        raise ConfigError(f"TUTOR_RATE_LIMIT: '{setting}' is not a limit: write a number of requests per "
                          "second, minute, hour or day, such as '120 per minute'") from None
    storage = app.config.get("RATE_LIMIT_STORAGE") or MEMORY
    workers = int(app.config.get("WORKERS") or 1)
    if storage.startswith(MEMORY) and workers > 1:
        raise ConfigError(f"TUTOR_RATE_LIMIT: with {workers} workers the limit needs a store they share, such as "
                          "TUTOR_RATE_LIMIT_STORAGE=redis://127.0.0.1:6379 (in memory, each worker would count alone)")
    try:
        store = open_store(storage)  # short timeouts; when it fails, see tutor.web.limit_store
    except ConfigurationError as error:
        raise ConfigError(f"TUTOR_RATE_LIMIT_STORAGE: '{_redacted(storage)}' cannot be used: {error}") from None
    rate_limit = RateLimit(Counter(store, _redacted(storage), app.logger), limit)
    app.extensions[RATE_LIMIT] = rate_limit

    @app.before_request
    def count_the_request():
        # One budget per client, shared by every limited route; a 429 is answered by the app's handler.
        if is_limited() and not rate_limit.allows(client_address()):
            abort(429)

    if storage.startswith(MEMORY):
        app.logger.warning("tutor: rate limit %s per client, counted in this process's memory (right for one "
                           "worker only; set TUTOR_RATE_LIMIT_STORAGE=redis://... for more)", setting)
    else:
        app.logger.warning("tutor: rate limit %s per client, counted in %s", setting, _redacted(storage))
    return rate_limit


def client_address() -> str:
    """The client's address, which behind trusted proxies is the one they forward (ProxyFix)."""
    return request.remote_addr or "127.0.0.1"


def _redacted(uri: str) -> str:
    """A storage address without its password, for the log."""
    parts = urlsplit(uri)
    return uri if not parts.password else uri.replace(f":{parts.password}@", ":***@", 1)


def retry_after() -> int:
    """Whole seconds until the client's budget has room again (at least 1)."""
    rate_limit = current_app.extensions.get(RATE_LIMIT)
    return rate_limit.seconds_to_wait(client_address()) if rate_limit else 60


def wait_message() -> str:
    seconds = retry_after()
    return f"Too many requests from your address: wait {seconds} second{'s' if seconds != 1 else ''} and try again."


# --------------------------------------------------------------------------- cross-origin requests (CORS)


class ConfigError(RuntimeError):
    """A setting the backend cannot start with. `tutor serve` makes the app once before starting any
    worker and prints this message alone, without a traceback, then stops (tutor/serve.py)."""


# What a static site on another origin calls: the JSON API and lesson checks (/api/), the
# htmx posts of the practice pages the page table marks (tutor.answers.pages), and /healthz, which their scripts fetch to see whether a
# backend answers. Nothing else of the backend is meant for another site's pages.
CORS_PREFIXES = ("/api/", *("/" + page.url for page in PRACTICE_PAGES if page.cors))
CORS_PATHS = ("/healthz",)
CORS_METHODS = ("GET", "POST")
# Every request header htmx 2 sends, and Content-Type for JSON posts to /api/score.
CORS_HEADERS = (
    "HX-Request",
    "HX-Current-URL",
    "HX-Target",
    "HX-Trigger",
    "HX-Trigger-Name",
    "HX-Boosted",
    "HX-History-Restore-Request",
    "HX-Prompt",
    "Content-Type",
)
# Every response header htmx 2 reads. A page on another origin may read only the headers an answer
# exposes, and htmx asks for each of these on every answer: Chromium logs each one it may not read
# as an error ("Refused to get unsafe header"), a dozen per request, though the backend sends none.
CORS_EXPOSED_HEADERS = (
    "HX-Location",
    "HX-Push",
    "HX-Push-Url",
    "HX-Redirect",
    "HX-Refresh",
    "HX-Replace-Url",
    "HX-Reselect",
    "HX-Reswap",
    "HX-Retarget",
    "HX-Trigger",
    "HX-Trigger-After-Settle",
    "HX-Trigger-After-Swap",
)
# Seconds a browser may reuse a preflight's answer: two hours, the most Chromium keeps one.
# Removing an origin still takes effect at once, since every real answer is checked again.
CORS_MAX_AGE = 7200

_DEFAULT_PORTS = {"http": 80, "https": 443}
_EXAMPLE = "such as https://club.example"


def allowed_origins(setting: str) -> tuple[str, ...]:
    """The origins in a comma-separated setting, as browsers write them in the Origin header
    (lower case, no default port); empty: CORS off. ConfigError names the first bad entry.

    '*' is refused, alone or in a list: the backend has no cookies, so it would leak nothing,
    but it would let any site put this club's scoring server to work for its own visitors,
    while the pages that need it are the club's own few, whose origins are known."""
    origins: list[str] = []
    for entry in (part.strip() for part in setting.split(",")):
        if entry:
            origin = _origin(entry)
            if origin not in origins:
                origins.append(origin)
    return tuple(origins)


def _origin(entry: str) -> str:
    def bad(why: str) -> ConfigError:
        return ConfigError(f"TUTOR_ALLOWED_ORIGINS: '{entry}' {why}")

    if entry == "*":
        raise bad(f"(any site) is not accepted: name the sites whose pages call this backend, {_EXAMPLE}")
    if any(c.isspace() for c in entry):
        raise bad("contains a space: separate origins with commas")
    try:
        parts = urlsplit(entry)
    except ValueError:  # such as an unclosed [ of an IPv6 address
        raise bad(f"is not an origin: write scheme://host[:port], {_EXAMPLE}") from None
    scheme = parts.scheme.lower()
    if scheme not in _DEFAULT_PORTS or not entry[len(scheme):].startswith("://"):
        raise bad(f"is not an origin: write scheme://host[:port] with http or https, {_EXAMPLE}")
    if parts.path or parts.query or parts.fragment or entry.endswith(("?", "#")):
        rest = entry[len(scheme) + 3 + len(parts.netloc):]
        what = "a path" if parts.path else "a query"
        raise bad(f"has {what} ('{rest}'): an origin is scheme://host[:port] only, {_EXAMPLE}")
    if "@" in parts.netloc:
        raise bad(f"has a user name in it: an origin is scheme://host[:port] only, {_EXAMPLE}")
    host = parts.hostname or ""
    if not host:
        raise bad(f"has no host: write scheme://host[:port], {_EXAMPLE}")
    if "*" in host:
        raise bad("has a wildcard: list each origin in full, separated by commas")
    if ":" in host and all(c in "0123456789abcdef:." for c in host):  # IPv6, in brackets as browsers write it
        host = f"[{host}]"
    elif not all(c.isascii() and (c.isalnum() or c in ".-") for c in host):
        raise bad(f"has a host that is not a name or an address (write other scripts in punycode), {_EXAMPLE}")
    try:
        port = parts.port
    except ValueError:
        port = 0
    if port == 0 or (port is None and parts.netloc.endswith(":")):
        raise bad("has a port that is not a number from 1 to 65535")
    if port is None or port == _DEFAULT_PORTS[scheme]:
        return f"{scheme}://{host}"
    return f"{scheme}://{host}:{port}"


def is_cors_path(path: str) -> bool:
    return path in CORS_PATHS or path.startswith(CORS_PREFIXES)


def cors_headers(origin: str | None, allowed: tuple[str, ...], *, preflight: bool) -> dict[str, str]:
    """The Access-Control-* headers for a request from `origin`: none unless it is allowed.
    The origin is echoed, never '*', and credentials are never allowed: the backend keeps none."""
    if not origin or origin not in allowed:
        return {}
    headers = {"Access-Control-Allow-Origin": origin}
    if preflight:
        headers["Access-Control-Allow-Methods"] = ", ".join(CORS_METHODS)
        headers["Access-Control-Allow-Headers"] = ", ".join(CORS_HEADERS)
        headers["Access-Control-Max-Age"] = str(CORS_MAX_AGE)
    else:
        headers["Access-Control-Expose-Headers"] = ", ".join(CORS_EXPOSED_HEADERS)
    return headers


def _is_preflight() -> bool:
    return request.method == "OPTIONS" and "Access-Control-Request-Method" in request.headers


def add_cors(app: Flask) -> None:
    """Off unless ALLOWED_ORIGINS is set; a bad setting stops the app from starting (ConfigError)."""
    allowed = allowed_origins(app.config.get("ALLOWED_ORIGINS") or "")
    if not allowed:
        return

    @app.before_request
    def preflight():
        # Answered here, allowed or not, so no route sees it (and the rate limit skips it); an origin
        # not in the list gets the same 204 without Access-Control-* headers, which the browser refuses.
        if _is_preflight() and is_cors_path(request.path):
            return Response(status=204)
        return None

    @app.after_request
    def cors(response: Response) -> Response:
        if not is_cors_path(request.path):
            return response
        # Every answer on these routes depends on Origin, even one without Access-Control-*
        # headers, so a shared cache must keep them apart (next to Vary: HX-Request).
        response.vary.add("Origin")
        response.headers.update(cors_headers(request.headers.get("Origin"), allowed, preflight=_is_preflight()))
        return response
