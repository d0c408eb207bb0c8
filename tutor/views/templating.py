"""Jinja2 set-up: one environment, UI text through gettext, versioned static links.

English ships; a club translates the interface by writing a gettext catalogue
(<locale_dir>/<language>/LC_MESSAGES/tutor.mo) and naming it in site.toml.
"""

from __future__ import annotations

import gettext
import hashlib
from pathlib import Path

import jinja2
from markupsafe import Markup

from tutor.rules import fans as F
from tutor.views.tilehtml import TileRenderer

from .config import SiteConfig

EDITION_NAMES = {"wmo": "WMO", "china1998": "China 1998"}
WIND_NAMES = {"E": "East", "S": "South", "W": "West", "N": "North"}
KIND_NAMES = {
    "hand": "once per hand",
    "sets": "for each group of sets that forms it, within the account-once principle",
    "per_set": "once for each set or tile that qualifies",
    "win": "by how the hand was won",
}


def load_translations(config: SiteConfig, root: Path) -> gettext.NullTranslations:
    if not config.locale_dir:
        return gettext.NullTranslations()
    return gettext.translation("tutor", localedir=str(root / config.locale_dir),
                               languages=[config.language], fallback=True)


def make_environment(templates: Path, config: SiteConfig, translations, *,
                     compiled_cache: bool | Path = True) -> jinja2.Environment:
    """compiled_cache: where compiled templates are kept, keyed by their source: True, in a folder
    of the system's temporary folder, for every later process; a folder (a build without caches
    keeps them for its own workers only); False, nowhere."""
    env = _Environment(
        loader=jinja2.FileSystemLoader(str(templates)),
        autoescape=True,
        undefined=jinja2.StrictUndefined,  # a misspelt variable is an error, not an empty string
        auto_reload=False,  # one environment per build: no need to stat each template on every use
        bytecode_cache=_bytecode_cache(compiled_cache),
        extensions=["jinja2.ext.i18n"],
        trim_blocks=True,
        lstrip_blocks=True,
    )
    install_gettext(env, translations)
    _ = translations.gettext
    env.globals.update(
        site=config,
        Markup=Markup,  # a piece of html a template hands to a translated sentence
        tiles=TileRenderer(_),
        editions=F.EDITIONS,
        edition_names=EDITION_NAMES,
        wind_names={key: _(value) for key, value in WIND_NAMES.items()},
        kind_names={key: _(value) for key, value in KIND_NAMES.items()},
        categories={key: _(value) for key, value in F.CATEGORIES.items()},
    )
    return env


class _Environment(jinja2.Environment):
    """Jinja2's environment, with each template's globals a plain dict over the environment's
    rather than a ChainMap: they are copied into every render's context and compared with it at
    every {% from ... import %}, which for a ChainMap is a Python call per name. The environment's
    globals are all set before any template is loaded (make_environment), as Jinja2 asks."""

    def make_globals(self, d):
        return {**self.globals, **(d or {})}


def _bytecode_cache(compiled_cache: bool | Path) -> jinja2.BytecodeCache | None:
    if compiled_cache is True:
        return jinja2.FileSystemBytecodeCache()  # a per-user folder of the system's temporary folder
    return jinja2.FileSystemBytecodeCache(str(compiled_cache)) if compiled_cache else None


def install_gettext(env: jinja2.Environment, translations) -> None:
    """Jinja2's new-style gettext and ngettext (the i18n extension's, same results), called
    directly: the extension's `_` goes through three context calls and escapes its (empty)
    variables on each of the tens of thousands of messages a build renders. A message without
    variables is translated and marked safe once."""
    env.install_gettext_translations(translations, newstyle=True)
    translate, translate_plural = translations.gettext, translations.ngettext
    plain: dict[tuple[str, bool], Markup | str] = {}

    @jinja2.pass_eval_context
    def gettext(eval_ctx, __string: str, **variables):
        if variables:
            return _formatted(eval_ctx, translate(__string), variables)
        key = (__string, eval_ctx.autoescape)
        if key not in plain:
            plain[key] = _formatted(eval_ctx, translate(__string), variables)
        return plain[key]

    @jinja2.pass_eval_context
    def ngettext(eval_ctx, __singular: str, __plural: str, __num: int, **variables):
        variables.setdefault("num", __num)
        return _formatted(eval_ctx, translate_plural(__singular, __plural, __num), variables)

    env.globals.update(gettext=gettext, ngettext=ngettext, _=gettext)


def _formatted(eval_ctx, message: str, variables: dict):
    # As the extension: always a format string ('%%' is '%'), its values escaped when autoescaping.
    # Numbers need no escaping, and most messages have a number or nothing.
    if not eval_ctx.autoescape:
        return message % variables
    if all(type(value) is int for value in variables.values()):
        return Markup(message % variables)
    return Markup(message) % variables


class StaticFiles:
    """The files copied into the site as they are (static/ and content assets), with a short
    content hash per file so a page can link 'site.css?v=3f2a9c1e' and hosts can cache hard.

    known: what a build process keeps between builds ({source file: (its stat, sha256, and for our
    stylesheets and scripts their minified bytes)}), so that a file whose stat is unchanged is not read, hashed
    or minified again (tutor.site.memory)."""

    def __init__(self, files: dict[str, Path], known: dict | None = None, minify=None):
        self.files = files  # site-relative path -> source file
        self._known = known if known is not None else {}
        # minify(path, text) -> text, for our own stylesheets and scripts (tutor.site.minify: the
        # build's own dependency, not the browser engine's, which imports this module too).
        self._minify = minify
        self._digests: dict[str, str] = {}
        self._contents: dict[str, bytes] = {}

    @classmethod
    def scan(cls, static_dir: Path, content_dir: Path, assets, known: dict | None = None, minify=None) -> StaticFiles:
        files = {}
        if static_dir.is_dir():
            for file in sorted(static_dir.rglob("*")):
                relative = file.relative_to(static_dir).as_posix()
                if file.is_file() and not any(p.startswith(".") or p == "__pycache__" for p in relative.split("/")):
                    files[f"static/{relative}"] = file
        for asset in assets:
            files[asset] = content_dir / asset
        return cls(files, known, minify)

    def minified(self, path: str) -> bool:
        """Our own stylesheets and scripts are written minified; vendored files as they came."""
        return self._minify is not None and (path.startswith("static/css/") and path.endswith(".css")
                                             or path.startswith("static/js/") and path.endswith(".js"))

    def digest(self, path: str) -> str:
        """The sha256 (hex) of the source file as it is; '' for a file that is missing."""
        if path not in self._digests:
            source = self.files.get(path)
            self._digests[path] = self._file_digest(path, source) if source else ""
        return self._digests[path]

    def _file_digest(self, path: str, source: Path) -> str:
        signature = file_signature(source)  # before reading: a file changed meanwhile has another stat next time
        known = self._known.get(source)
        if known and known[0] == signature:
            return known[1]
        data = source.read_bytes()
        if not self.minified(path):
            self._contents[path] = data  # read once: the build writes these bytes
        digest = hashlib.sha256(data).hexdigest()
        self._known[source] = (signature, digest, None)
        return digest

    def version(self, path: str) -> str:
        return self.digest(path)[:10]

    def signature(self, path: str) -> tuple:
        return file_signature(self.files[path])

    def is_known(self, path: str) -> bool:
        """Whether the digest of this file (and for one written minified, its minified bytes) is known
        without reading it."""
        source = self.files[path]
        known = self._known.get(source)
        return bool(known and known[0] == file_signature(source) and (known[2] is not None or not self.minified(path)))

    def prepared(self, paths) -> dict:
        """What another StaticFiles can learn() of these files, worked out here (a build worker
        hashes and minifies while the pages render): their entries of `known`."""
        for path in paths:
            if self.minified(path):
                self.content(path)
            else:
                self.digest(path)
        return {self.files[path]: self._known[self.files[path]] for path in paths if self.files[path] in self._known}

    def learn(self, known: dict) -> None:
        self._known.update(known)

    def versioned(self, path: str) -> str:
        """'static/css/site.css?v=…' (no version for a file that is missing; the link check reports it)."""
        version = self.version(path)
        return f"{path}?v={version}" if version else path

    def content(self, path: str) -> bytes:
        """The bytes written into the site: the file itself, or for our stylesheets and scripts the
        file without comments and spare whitespace (the source keeps its comments; pages stay light)."""
        if path not in self._contents:
            self._contents[path] = self._minified(path) if self.minified(path) else self.files[path].read_bytes()
        return self._contents[path]

    def _minified(self, path: str) -> bytes:
        source = self.files[path]
        self.digest(path)  # so that known has this file's entry, for its current stat
        signature, digest, minified = self._known[source]
        if minified is None:
            minified = self._minify(path, source.read_text(encoding="utf-8")).encode("utf-8")
            self._known[source] = (signature, digest, minified)
        return minified

    def content_digest(self, path: str) -> str:
        """The sha256 (hex) of content(path), the bytes written."""
        if self.minified(path):
            return hashlib.sha256(self.content(path)).hexdigest()
        return self.digest(path)

    def size(self, path: str) -> int:
        if path not in self.files:
            return 0
        if self.minified(path) or path in self._contents:
            return len(self.content(path))
        return self.files[path].stat().st_size


def file_signature(path: Path) -> tuple:
    """What changes whenever a file's bytes do (inode, device, size, modification and change
    times), to know a file unchanged without reading it."""
    stat = path.stat()
    return stat.st_ino, stat.st_dev, stat.st_size, stat.st_mtime_ns, stat.st_ctime_ns
