"""The backend put together: the Flask app (tutor.web) rendering its pages with the frame the site
build reads (tutor.site). The one place that knows both, so neither has to know the other.

    flask --app tutor.app run          (development)
    tutor serve                        (build the site, then serve it with the API under Granian)
    tutor serve --no-build             (production: see tutor/serve.py and the README)
"""

from __future__ import annotations

from flask import Flask

from tutor.site import read_frame
from tutor.web.app import DEFAULT_SITE_DIR
from tutor.web.app import create_app as create_web_app

__all__ = ["DEFAULT_SITE_DIR", "create_app"]


def create_app(test_config: dict | None = None) -> Flask:
    return create_web_app(test_config, read_frame=read_frame)
