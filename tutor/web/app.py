"""The Flask app factory: the JSON API, the practice pages, and the built static site when it is there.

create_app needs a read_frame(root, site.toml) -> tutor.views.page.Frame to render its pages with;
tutor.app hands it the site build's reader (this layer never imports tutor.site).
"""

from __future__ import annotations

import io
import os
import re
from collections.abc import Callable
from pathlib import Path

import orjson
from flask import Flask, abort, jsonify, redirect, request, send_from_directory
from flask.json.provider import DefaultJSONProvider
from werkzeug.exceptions import HTTPException
from werkzeug.security import safe_join

from tutor.answers.pages import FORM_BODY_BYTES, PRACTICE_PAGES
from tutor.answers.table import GAME_BODY_BYTES
from tutor.views.config import PROJECT, load_config
from tutor.views.problems import BuildFailed
from tutor.web import api, pages
from tutor.web.security import add_cors, add_proxy_fix, add_rate_limit, add_security_headers, wait_message

DEFAULT_SITE_DIR = PROJECT / "site"
MAX_BODY_BYTES = FORM_BODY_BYTES
# The addresses that take a larger body: a practice page whose form carries more (the table's,
# with a game's records) and POST /api/table (the same game as JSON). nginx's locations say the same.
BODY_LIMITS = {"/" + row.url: row.body_limit for row in PRACTICE_PAGES if row.answer is not None} | {
    "/api/table": GAME_BODY_BYTES}


def body_limit(path: str) -> int:
    return BODY_LIMITS.get(path, MAX_BODY_BYTES)
NAME_MAX = 255  # bytes in one path segment, as the filesystem allows


def create_app(test_config: dict | None = None, *, read_frame) -> Flask:
    app = Flask(__name__, static_folder=None)
    app.json = CompactJSON(app)
    app.config.from_mapping(
        SITE_DIR=os.environ.get("TUTOR_SITE_DIR", str(DEFAULT_SITE_DIR)),
        MAX_CONTENT_LENGTH=MAX_BODY_BYTES,
        RATE_LIMIT=os.environ.get("TUTOR_RATE_LIMIT", ""),
        RATE_LIMIT_STORAGE=os.environ.get("TUTOR_RATE_LIMIT_STORAGE", "memory://"),
        # How many processes serve this app (the server sets it: tutor.serve); 1 under flask run.
        WORKERS=os.environ.get("TUTOR_WORKERS", "1"),
        TRUSTED_PROXIES=os.environ.get("TUTOR_TRUSTED_PROXIES", "0"),
        # Origins of static sites on other hosts whose pages call this backend: off when empty.
        ALLOWED_ORIGINS=os.environ.get("TUTOR_ALLOWED_ORIGINS", ""),
    )
    if test_config:
        app.config.from_mapping(test_config)
    if os.environ.get("TUTOR_ENV", "production") != "development":
        # The interactive debugger runs code sent by the browser: never outside development.
        app.debug = False
    app.wsgi_app = BoundedBody(app.wsgi_app, body_limit)

    @app.before_request
    def limit_body():
        request.max_content_length = body_limit(request.path)

    add_security_headers(app)
    add_proxy_fix(app)
    add_rate_limit(app)
    add_cors(app)  # a bad TUTOR_ALLOWED_ORIGINS stops here with ConfigError, before serving anything
    _warn_if_forms_would_miss_this_backend(app)
    app.register_blueprint(api.bp)
    pages.init_app(app, read_frame)  # the practice pages, lesson checks: before the site's catch-all
    _register_site(app)
    _register_errors(app)

    @app.get("/healthz")
    def healthz():
        return jsonify({"status": "ok"})

    return app


def _warn_if_forms_would_miss_this_backend(app: Flask) -> None:
    """With pages on other hosts (CORS on), the quiz's answer form that this backend renders into
    them posts to site.toml's backend_url: without an address there, it posts to the static host."""
    if not app.config.get("ALLOWED_ORIGINS"):
        return
    _, config_path = pages.site_paths(app)
    try:
        backend_url = load_config(config_path).backend_url
    except BuildFailed:
        return  # the site's own problems are reported when a page is first rendered
    if not backend_url.startswith(("http://", "https://", "//")):
        app.logger.warning(
            "TUTOR_ALLOWED_ORIGINS is set, but %s has no backend_url address: forms this backend renders "
            "into pages on other hosts (the quiz's answers) would post to those hosts. Set backend_url to "
            "this backend's address, as the pages' own build does.", config_path)


class CompactJSON(DefaultJSONProvider):
    """Flask's JSON, with the answers written by orjson: a scored hand's answer names a hundred
    strings, which the standard library's encoder took 35 µs to write and orjson takes 4, in the
    same bytes (compact, keys in the order built, Chinese fan names as characters, not \\u escapes).
    Requests are still read by the standard library, and anything asked with options (indent, the
    debugger's pretty answers) is written by it too."""

    sort_keys = False
    ensure_ascii = False

    def dumps(self, obj, **kwargs) -> str:
        return super().dumps(obj, **kwargs) if kwargs else orjson.dumps(obj, default=self.default).decode()

    def response(self, *args, **kwargs):
        if self._app.debug:
            return super().response(*args, **kwargs)
        body = orjson.dumps(self._prepare_response_obj(args, kwargs), default=self.default, option=orjson.OPT_APPEND_NEWLINE)
        return self._app.response_class(body, mimetype=self.mimetype)


class BoundedBody:
    """WSGI middleware: a body sent without Content-Length (chunked) is read here, at most one byte
    over its address's limit, and handed on with its length, so Flask answers 413 for one that is
    too large instead of reading the first 16 KB and scoring that."""

    def __init__(self, wsgi_app, limit: Callable[[str], int]):
        self.wsgi_app, self.limit = wsgi_app, limit

    def __call__(self, environ, start_response):
        if not environ.get("CONTENT_LENGTH") and "chunked" in environ.get("HTTP_TRANSFER_ENCODING", "").lower():
            stream, chunks, size = environ["wsgi.input"], [], 0
            limit = self.limit(environ.get("PATH_INFO", ""))
            while size <= limit:
                chunk = stream.read(limit + 1 - size)
                if not chunk:
                    break
                chunks.append(chunk)
                size += len(chunk)
            environ["wsgi.input"] = io.BytesIO(b"".join(chunks))
            environ["CONTENT_LENGTH"] = str(size)  # now a body of known length, no longer chunked
            environ.pop("HTTP_TRANSFER_ENCODING")
            environ.pop("wsgi.input_terminated", None)
        return self.wsgi_app(environ, start_response)


def _register_site(app: Flask) -> None:
    """Serve the built site from SITE_DIR; say how to build it when it is missing.

    Only regular files inside SITE_DIR are served: a symbolic link inside it is not followed (a
    link to /etc is one `ln -s` away for whoever can write the site), and a folder asked for
    without its slash is redirected to it, so the page's relative links resolve from its depth."""

    @app.get("/", defaults={"path": ""})
    @app.get("/<path:path>")
    def site(path: str):
        root = Path(app.config["SITE_DIR"])
        if not (root / "index.html").is_file():
            return (
                "<!doctype html><html lang=en><title>tutor: site not built</title>"
                "<main><h1>The site has not been built yet</h1>"
                "<p>The scoring API at <code>/api/score</code> works. To build the pages, run "
                "<code>tutor build</code> (or <code>python build.py</code>), then reload.</p></main></html>",
                503,
                {"Content-Type": "text/html; charset=utf-8"},
            )
        parts = [part for part in path.split("/") if part]
        # No file name holds a NUL byte, and the file system refuses one with ValueError, not OSError.
        if "\x00" in path or any(len(part.encode("utf-8", "surrogatepass")) > NAME_MAX for part in parts):
            abort(404)
        joined = safe_join(str(root), *parts) if parts else str(root)
        if joined is None:
            abort(404)
        try:
            if Path(joined).is_dir():
                if parts and not path.endswith("/"):
                    query = request.query_string.decode("latin-1")
                    return redirect(f"{request.script_root}/{'/'.join(parts)}/" + (f"?{query}" if query else ""), 308)
                parts.append("index.html")
            real = Path(root, *parts).resolve(strict=True)
            inside = root.resolve(strict=True).joinpath(*parts)
        except (OSError, ValueError):  # gone, unreadable, or a name the file system cannot hold
            abort(404)
        if real != inside or not real.is_file():  # a link somewhere on the way, or not a file
            abort(404)
        return send_from_directory(root, "/".join(parts))


ABSOLUTE = re.compile(r"[A-Za-z][A-Za-z0-9+.-]*://")


def path_only(location: str) -> str:
    """A redirect's address without the scheme and host Werkzeug writes into it from the Host header.

    The host part is cut at its first '/' (or '?') rather than parsed: a Host header Werkzeug finds
    invalid leaves it empty ('http:///calculator/'), and one such as '[::1' makes urlsplit raise,
    while the host never holds a '/' (Werkzeug allows none in it)."""
    scheme = ABSOLUTE.match(location)
    if not scheme:
        return location  # already a path, or relative ('./?seed=1')
    rest = location[scheme.end():]
    cut = min((i for i in (rest.find("/"), rest.find("?")) if i >= 0), default=len(rest))
    target = rest[cut:]
    return target if target.startswith("/") else "/" + target


def _register_errors(app: Flask) -> None:
    def wants_json() -> bool:
        return request.path.startswith("/api/") and request.path != "/" + pages.LESSON_CHECK

    @app.after_request
    def path_only_redirects(response):
        """Werkzeug's slash redirect (/calculator -> /calculator/) writes the request's Host header into
        the address; every redirect of this app stays on its site, so the path alone is sent."""
        # The status first: reading a header Werkzeug's response lacks raises and catches a KeyError.
        if 300 <= response.status_code < 400 and response.location:
            response.location = path_only(response.location)
        return response

    @app.errorhandler(429)
    def too_many(error: HTTPException):
        """'Wait N seconds', in the form the request expects: JSON from the API, and from the pages
        the fragment htmx swaps in or the whole page."""
        message = wait_message()
        if wants_json():
            response = api.error_response(message, 429)
        else:
            response = pages.refused(message, 429)
        response.headers.setdefault("Retry-After", message.split("wait ")[1].split(" ")[0])
        return response

    @app.errorhandler(HTTPException)
    def http_error(error: HTTPException):
        if wants_json():
            messages = {
                404: "No such API endpoint: use POST /api/score.",
                405: "Use POST for /api/score, with a JSON body.",
                413: f"The request body is too large (at most {body_limit(request.path)} bytes).",
            }
            return api.error_response(messages.get(error.code, error.description), error.code)
        if error.code == 413:  # a form sent without JavaScript: the page, with the message where the answer goes
            # (htmx swaps no 413, nginx's or ours: the table's script then plays the move in the browser)
            return pages.refused(f"This form is too large to send (at most {body_limit(request.path) // 1024} KB).", 413)
        root = Path(app.config["SITE_DIR"])
        if error.code == 404 and (root / "404.html").is_file():
            return send_from_directory(root, "404.html"), 404
        return error

    @app.errorhandler(Exception)
    def unexpected(error: Exception):  # pragma: no cover - the safety net behind every handler
        app.logger.exception("unexpected error")
        if wants_json():
            return api.error_response("Something went wrong on the server while scoring; please report this hand.", 500)
        return "Something went wrong on the server.", 500
