"""Response headers and optional rate limiting for a backend that clubs put on the internet.

Every response carries a Content-Security-Policy with no inline script and no eval
(htmx is configured to match), nosniff, a referrer policy and a ban on framing.
Rate limiting is off unless RATE_LIMIT is set (for example "120 per minute"); it uses
Flask-Limiter with in-memory counters per worker, or RATE_LIMIT_STORAGE (such as a
redis:// address) for limits shared between workers.
"""

from __future__ import annotations

from flask import Flask, Response, request

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

SECURITY_HEADERS = {
    "Content-Security-Policy": CONTENT_SECURITY_POLICY,
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "strict-origin-when-cross-origin",
    "X-Frame-Options": "DENY",
    "Cross-Origin-Opener-Policy": "same-origin",
}


def add_security_headers(app: Flask) -> None:
    @app.after_request
    def secure(response: Response) -> Response:
        for name, value in SECURITY_HEADERS.items():
            response.headers.setdefault(name, value)
        return response


# Everything that makes the engine work: the API, and the calculator's and quiz's answers.
LIMITED_PREFIXES = ("/api/", "/calculator/", "/quiz/")


def add_rate_limit(app: Flask) -> None:
    limit = app.config.get("RATE_LIMIT")
    if not limit:
        return
    from flask_limiter import Limiter
    from flask_limiter.util import get_remote_address

    Limiter(
        get_remote_address,
        app=app,
        application_limits=[limit],  # one budget per address, shared by every limited route
        storage_uri=app.config.get("RATE_LIMIT_STORAGE", "memory://"),
        application_limits_exempt_when=lambda: not request.path.startswith(LIMITED_PREFIXES),
        headers_enabled=True,
    )
