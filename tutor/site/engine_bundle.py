"""The engine bundle: the Python that the browser runs when no backend answers.

static/engine/tutor-engine.zip holds exactly what tutor.browser needs to answer the calculator
as the backend does: the engine (tutor.rules), practice and views, the Flask-free request code
of the backend (tutor.answers), Jinja2 and MarkupSafe as this build's Python has them (pure
Python; MarkupSafe falls back to its own Python code without its C speedups), the templates,
translations when site.toml names some, and frame.json (site.toml's settings, the static files'
versions and the page titles), so a fragment rendered in the browser is the backend's, byte for
byte. Pyodide (static/vendor/pyodide/) unpacks it in the worker (static/js/engine-worker.js).

The zip is made the same way from the same files every time (sorted names, fixed dates), so
its hash changes only when what it holds changes.
"""

from __future__ import annotations

import hashlib
import importlib.util
import io
import json
import zipfile
from pathlib import Path

from tutor.views.portable import FRAME_FILE, TEMPLATES, frame_data
from tutor.views.templating import file_signature

from .cache import TUTOR
from .model import Site

ENGINE_ZIP = "static/engine/tutor-engine.zip"
PYODIDE = "static/vendor/pyodide/"  # the runtime, fetched with the bundle, never by a page
# The parts of tutor that tutor.browser imports (the layer contract keeps Flask out of them).
MODULES = ("__init__.py", "browser.py", "rules", "practice", "views", "answers")
THIRD_PARTY = ("jinja2", "markupsafe")  # distribution names; their packages are named the same
SUFFIXES = (".py", ".json")
FIXED_DATE = (1980, 1, 1, 0, 0, 0)


def bundle_sources(site: Site) -> dict[str, Path | bytes]:
    """Name in the zip -> the file it holds (or, for frame.json, its bytes): the modules, the
    third-party packages and their licences, the templates, translations and frame.json."""
    files: dict[str, Path | bytes] = {}
    for module in MODULES:
        _add_tree(files, TUTOR / module, f"tutor/{module}")
    for name in THIRD_PARTY:
        spec = importlib.util.find_spec(name)
        assert spec and spec.submodule_search_locations, f"{name} is not installed as a package"
        package = Path(next(iter(spec.submodule_search_locations)))
        _add_tree(files, package, name)
        files.update(_licences(package))
    for file in sorted((site.root / TEMPLATES).rglob("*.html")):
        files[f"{TEMPLATES}/{file.relative_to(site.root / TEMPLATES).as_posix()}"] = file
    # The practice table's seats and winds for each hand of a game (tutor.practice.table.game).
    files["static/data/seating.json"] = site.root / "static" / "data" / "seating.json"
    config = site.config
    if config.locale_dir:
        locale = site.root / config.locale_dir
        for file in sorted(locale.rglob("*.mo")):
            files[f"{config.locale_dir}/{file.relative_to(locale).as_posix()}"] = file
    versions = {path: site.static.version(path) for path in site.static.files if not path.startswith(PYODIDE)}
    data = frame_data(config, versions, site.frame.pages)
    files[FRAME_FILE] = json.dumps(data, ensure_ascii=False, sort_keys=True, indent=1).encode("utf-8")
    return files


def _licences(package: Path) -> dict[str, Path]:
    """{'licences/<Name>-<version>-<file>': file} of the distribution that installed a package,
    from the .dist-info folder beside it (its RECORD lists the package's files, its METADATA names
    it). Read directly: importlib.metadata would import the email package to read two fields."""
    site_packages = package.parent
    for info in sorted(site_packages.glob("*.dist-info")):
        record = [line.rsplit(",", 2)[0] for line in (info / "RECORD").read_text(encoding="utf-8").splitlines() if line]
        if not any(path.startswith(f"{package.name}/") for path in record):
            continue
        fields = {}
        for line in (info / "METADATA").read_text(encoding="utf-8").splitlines():
            if not line:
                break  # the headers end at the first blank line
            key, _, value = line.partition(":")
            fields.setdefault(key.strip(), value.strip())
        return {f"licences/{fields['Name']}-{fields['Version']}-{Path(path).name}": site_packages / path
                for path in record if "licen" in Path(path).name.lower()}
    raise AssertionError(f"no .dist-info folder lists {package.name}: it is not installed as a distribution")


def bundle_files(site: Site) -> dict[str, bytes]:
    """Name in the zip -> bytes."""
    return _read(bundle_sources(site))


def _read(sources: dict[str, Path | bytes]) -> dict[str, bytes]:
    return {name: source.read_bytes() if isinstance(source, Path) else source for name, source in sources.items()}


def _add_tree(files: dict[str, Path | bytes], source: Path, name: str) -> None:
    if source.is_file():
        files[name] = source
        return
    for file in sorted(source.rglob("*")):
        relative = file.relative_to(source)
        if file.is_file() and file.suffix in SUFFIXES and "__pycache__" not in relative.parts:
            files[f"{name}/{relative.as_posix()}"] = file


def engine_zip(site: Site) -> bytes:
    return zip_sources(bundle_sources(site))


def bundle_key(sources: dict[str, Path | bytes]) -> str:
    """A digest of what the zip holds, to know it unchanged without reading or zipping it: each
    file by its stat (file_signature), frame.json by its bytes."""
    digest = hashlib.sha256(b"engine zip")
    for name, source in sorted(sources.items()):
        digest.update(b"\0" + name.encode("utf-8") + b"\0")
        digest.update(repr(file_signature(source)).encode() if isinstance(source, Path) else source)
    return digest.hexdigest()


def zip_sources(sources: dict[str, Path | bytes]) -> bytes:
    """The zip, made the same way from the same files every time (sorted names, fixed dates)."""
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED, compresslevel=9) as archive:
        for name, data in sorted(_read(sources).items()):
            info = zipfile.ZipInfo(name, FIXED_DATE)
            info.compress_type = zipfile.ZIP_DEFLATED
            info.external_attr = 0o644 << 16
            archive.writestr(info, data)
    return out.getvalue()
