"""The site as an installable web app that works offline: the files the build adds for it.

    manifest.webmanifest    name, colours (site.toml) and icons (static/icons/), for installing
    sw.js                   the service worker (static/sw.js), at the root so its scope is the
                            whole site, with this build's version on its first line: a new build
                            is a new worker, which the pages notice ("New version: reload")
    offline-manifest.json   every page and asset with its content hash, which the worker caches
                            on install, and apart from them the in-browser engine's files
                            (Pyodide and the engine bundle), cached once a page uses them, when the
                            visitor saves them for offline use, or on install when site.toml's
                            save_engine_on_install says so (engine_on_install)
    static/engine/tutor-engine.zip   the Python the browser runs (engine_bundle.py)

Every address is relative to the site root, so the site works at a host's root and in a subfolder.
"""

from __future__ import annotations

import hashlib
import json

from .engine_bundle import ENGINE_ZIP, PYODIDE
from .model import OutputPage, Site

SERVICE_WORKER_SOURCE = "static/sw.js"  # written to the root as sw.js, not copied into static/
SERVICE_WORKER = "sw.js"
WEB_MANIFEST = "manifest.webmanifest"
OFFLINE_MANIFEST = "offline-manifest.json"
FILES = (SERVICE_WORKER, WEB_MANIFEST, OFFLINE_MANIFEST, ENGINE_ZIP)
ICONS = (("static/icons/icon-192.png", "192x192", "image/png"), ("static/icons/icon-512.png", "512x512", "image/png"),
         ("static/icons/icon.svg", "any", "image/svg+xml"))
NOT_PRECACHED = ("static/sw.js",)


def not_copied(path: str) -> bool:
    """Static files the build writes elsewhere (the service worker goes to the root)."""
    return path == SERVICE_WORKER_SOURCE


def digest(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()[:16]


class ContentDigests:
    """The offline manifest's digest of a file's content (sha256, 16 hex digits), found once per
    content: a page or bank file that did not change is the same string as last time. The text
    encoded to be hashed is kept until it is written (encoded()), so it is encoded once."""

    def __init__(self) -> None:
        self._kept: dict[str | bytes, str] = {}
        self._used: dict[str | bytes, str] = {}
        self._encoded: dict[str, bytes] = {}

    def __call__(self, data: str | bytes) -> str:
        found = self._used.get(data)
        if found is None:
            found = self._kept.get(data)
            if found is None:
                if isinstance(data, str):
                    self._encoded[data] = encoded = data.encode("utf-8")
                    found = digest(encoded)
                else:
                    found = digest(data)
            self._used[data] = found
        return found

    def encoded(self, data: str) -> bytes:
        """The UTF-8 bytes of a text, as encoded to be hashed, or now (forgotten once asked for)."""
        found = self._encoded.pop(data, None)
        return found if found is not None else data.encode("utf-8")

    def build_done(self) -> None:
        self._kept, self._used, self._encoded = self._used, {}, {}


def web_manifest(site: Site) -> str:
    config = site.config
    return json.dumps({
        "name": config.name,
        "short_name": config.name if len(config.name) <= 12 else config.name.split()[-1][:12],
        "description": config.description,
        "lang": config.language,
        "start_url": "./",
        "scope": "./",
        "display": "standalone",
        "theme_color": config.theme_color,
        "background_color": config.background_color,
        "icons": [{"src": src, "sizes": sizes, "type": kind, "purpose": "any maskable"}
                  for src, sizes, kind in ICONS if src in site.static.files],
    }, ensure_ascii=False, indent=1) + "\n"


def offline_files(site: Site, pages: list[OutputPage], data_files: dict[str, str | bytes], bundle: bytes,
                  digests: ContentDigests | None = None) -> dict[str, bytes]:
    """The files above, by site path. data_files: the other files the build writes (search index,
    quiz bank ...) that pages fetch, so the worker caches them too; bundle: engine_zip(site)."""
    digests = digests or ContentDigests()
    manifest = web_manifest(site).encode("utf-8")
    precache: dict[str, str] = {}
    for output in pages:
        precache[output.url or "./"] = digests(output.html)
    for path in site.static.files:
        if not path.startswith(PYODIDE) and path not in NOT_PRECACHED:
            precache[path] = site.static.content_digest(path)[:16]
    for path, data in data_files.items():
        precache[path] = digests(data)
    precache[WEB_MANIFEST] = digest(manifest)
    engine = [[path, site.static.content_digest(path)[:16], site.static.size(path)]
              for path in sorted(site.static.files) if path.startswith(PYODIDE) and not path.endswith((".md", "LICENSE"))]
    engine.append([ENGINE_ZIP, digests(bundle), len(bundle)])
    worker = site.static.content(SERVICE_WORKER_SOURCE) if SERVICE_WORKER_SOURCE in site.static.files else b""
    listing = sorted(precache.items())
    version = digest(json.dumps([listing, engine]).encode() + worker)
    offline = {
        "version": version,
        "precache": [[path, hash_] for path, hash_ in listing] + [[OFFLINE_MANIFEST, version]],
        "engine": engine,
        "engine_bytes": sum(size for _, _, size in engine),
        # site.toml's save_engine_on_install: the worker caches the engine on install as well.
        "engine_on_install": site.config.save_engine_on_install,
    }
    return {
        ENGINE_ZIP: bundle,
        WEB_MANIFEST: manifest,
        OFFLINE_MANIFEST: json.dumps(offline, separators=(",", ":")).encode("utf-8"),
        # The version on the first line: a browser compares the worker byte for byte to find an update.
        SERVICE_WORKER: f'self.TUTOR_BUILD = "{version}";\n'.encode() + worker,
    }
