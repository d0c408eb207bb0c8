"""The Flask app factory: the JSON API, the practice pages, and the built static site when it is there.

create_app needs a read_frame(root, site.toml) -> tutor.views.page.Frame to render its pages with;
tutor.app hands it the site build's reader (this layer never imports tutor.site).
"""

from __future__ import annotations

import os
from pathlib import Path

from flask import Flask, jsonify, request, send_from_directory
from werkzeug.exceptions import HTTPException

from tutor.views.config import PROJECT, load_config
from tutor.views.problems import BuildFailed
from tutor.web import api, drills, pages
from tutor.web.security import add_cors, add_rate_limit, add_security_headers

DEFAULT_SITE_DIR = PROJECT / "site"
MAX_BODY_BYTES = 16 * 1024


def create_app(test_config: dict | None = None, *, read_frame) -> Flask:
    app = Flask(__name__, static_folder=None)
    app.config.from_mapping(
        SITE_DIR=os.environ.get("TUTOR_SITE_DIR", str(DEFAULT_SITE_DIR)),
        MAX_CONTENT_LENGTH=MAX_BODY_BYTES,
        RATE_LIMIT=os.environ.get("TUTOR_RATE_LIMIT", ""),
        RATE_LIMIT_STORAGE=os.environ.get("TUTOR_RATE_LIMIT_STORAGE", "memory://"),
        # Origins of static sites on other hosts whose pages call this backend: off when empty.
        ALLOWED_ORIGINS=os.environ.get("TUTOR_ALLOWED_ORIGINS", ""),
    )
    if test_config:
        app.config.from_mapping(test_config)
    if os.environ.get("TUTOR_ENV", "production") != "development":
        # The interactive debugger runs code sent by the browser: never outside development.
        app.debug = False
    app.json.sort_keys = False
    app.json.ensure_ascii = False  # Chinese fan names as characters, not \u escapes
    add_security_headers(app)
    add_rate_limit(app)
    add_cors(app)  # a bad TUTOR_ALLOWED_ORIGINS stops here with ConfigError, before serving anything
    _warn_if_forms_would_miss_this_backend(app)
    app.register_blueprint(api.bp)
    pages.init_app(app, read_frame)  # calculator, quiz, lesson checks: before the site's catch-all
    app.register_blueprint(drills.bp)  # hand-reading drills, likewise
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


def _register_site(app: Flask) -> None:
    """Serve the built site from SITE_DIR; say how to build it when it is missing."""

    @app.get("/", defaults={"path": "index.html"})
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
        if (root / path).is_dir():
            path = path.rstrip("/") + "/index.html"
        if not (root / path).is_file() and (root / path / "index.html").is_file():
            path = path + "/index.html"
        return send_from_directory(root, path)


def _register_errors(app: Flask) -> None:
    def wants_json() -> bool:
        return request.path.startswith("/api/")

    @app.errorhandler(HTTPException)
    def http_error(error: HTTPException):
        if wants_json():
            messages = {
                404: "No such API endpoint: use POST /api/score.",
                405: "Use POST for /api/score, with a JSON body.",
                413: f"The request body is too large (at most {MAX_BODY_BYTES} bytes).",
                429: "Too many requests from your address: wait a minute and try again.",
            }
            return api.error_response(messages.get(error.code, error.description), error.code)
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
