"""Phase 4 of the build: every file of the site, written into a folder beside the output and
swapped in at the end, so that a reader sees the old site or the new one, never a mix, and a
failed build leaves the old site as it was.

    site_files(...)     every file by its path in the site: pages, static files, the data the
                        pages fetch (search index, the banks), the offline app's files
    write_site(...)     a staging folder beside the output (.site-build-PID-XXXX), filled, and
                        exchanged with the output in one step (_swap)

A build process that built the same output folder before (tutor.site.memory) knows what each
file there holds (Output): a file whose content is the same is hard-linked from the old folder
into the staging folder instead of being written again, so a one-page edit writes a few files,
not the whole site. A linked file is checked against the stat the build recorded when it wrote
it; a file changed since, by anyone, is written afresh. Where links are not possible (a file
system without them), every file is written.
"""

from __future__ import annotations

import ctypes
import errno
import json
import os
import re
import shutil
import sys
import tempfile
from dataclasses import dataclass
from pathlib import Path

from tutor.views.page import BACKEND_STATUS, LESSON_QUESTIONS, OFFLINE_STATUS, backend_status_script
from tutor.views.problems import BuildFailed, Problem

from . import offline, quizbank
from . import search_index as S
from .model import OutputPage, Site
from .offline import ContentDigests

SEARCH_INDEX = "search-index.json"
MARKER = ".tutor-site"  # marks an output folder as ours, so a rebuild may replace it


@dataclass(frozen=True)
class StaticCopy:
    """A static file, copied as the site serves it (its bytes read only if it must be written)."""

    path: str
    digest: str  # of the bytes written (StaticFiles.content_digest)


Content = str | bytes | StaticCopy  # text is written as UTF-8


@dataclass(frozen=True)
class Output:
    """An output folder as a build swapped it in: each file's content, and the stat of the file
    written (inode, device, size, modification time), to know it untouched since."""

    folder: Path
    files: dict[str, tuple[Content, tuple]]


def site_files(site: Site, pages: list[OutputPage], bank: dict, drills: dict[str, str] | None, bundle: bytes,
               digests: ContentDigests | None = None) -> dict[str, Content]:
    """Every file of the site by its path. bundle: the engine's zip (engine_bundle.engine_zip)."""
    files: dict[str, Content] = {output.file: output.html for output in pages}
    for relative in site.static.files:
        if not offline.not_copied(relative):
            files[relative] = StaticCopy(relative, site.static.content_digest(relative))
    documents = [doc for output in pages for doc in output.search]
    # Data for the search page and the practice pages: the offline quiz bank (graded in the
    # browser on a static host) and the check questions the backend grades (the pages hold
    # them for the browser).
    data_files: dict[str, str | bytes] = {SEARCH_INDEX: S.to_json(documents)}
    data_files.update(quizbank.files(bank))
    # The drills' bank (tutor.site.drillbank), fragments of the drills page like the quiz's hands.
    data_files.update(drills or {})
    data_files[OFFLINE_STATUS] = backend_status_script("none")
    files.update(data_files)
    files[LESSON_QUESTIONS] = lesson_questions_json(pages)
    # The installable app: service worker, manifests, the in-browser engine's bundle.
    files.update(offline.offline_files(site, pages, data_files, bundle, digests))
    files[BACKEND_STATUS] = backend_status_script("none")
    files[MARKER] = "Built by tutor.site; the next build replaces this folder.\n"
    return files


def lesson_questions_json(pages: list[OutputPage]) -> str:
    """{content path: {url, title, questions}}: what POST api/lesson-check grades against."""
    data = {}
    for output in pages:
        if output.checks and output.source:
            data[output.source.path] = {"url": output.url, "title": output.source.title, "questions": output.checks}
    return json.dumps(data, ensure_ascii=False, separators=(",", ":"))


def write_site(site: Site, files: dict[str, Content], out: Path, previous: Output | None = None,
               encode=lambda text: text.encode("utf-8")) -> Output:
    """Write every file into a fresh folder beside `out`, then swap it in. previous: what this
    process last swapped in there; its unchanged files are linked, not written. encode: text ->
    UTF-8 bytes (ContentDigests.encoded has most texts encoded already)."""
    if out.exists() and not _replaceable(out):
        raise BuildFailed([Problem(str(out), 0, "refusing to replace this folder: it is not empty and was not "
                                                "made by the build (no .tutor-site marker)")])
    out.parent.mkdir(parents=True, exist_ok=True)
    remove_abandoned_staging(out.parent)
    staging = Path(tempfile.mkdtemp(prefix=f"{STAGING}{os.getpid()}-", dir=out.parent))
    try:
        written = _fill(staging, files, site, previous if previous and previous.folder == out else None, encode)
        _swap(staging, out)
    except OSError as err:
        shutil.rmtree(staging, ignore_errors=True)
        raise BuildFailed([Problem(str(out), 0, f"could not write the site: {err}")]) from None
    return Output(out, written)


def _fill(staging: Path, files: dict[str, Content], site: Site, previous: Output | None, encode) -> dict[str, tuple]:
    made = {str(staging)}
    kept = previous.files if previous else {}
    old_folder = str(previous.folder) if previous else ""
    record = {}
    for relative, content in files.items():
        target = os.path.join(staging, relative)
        folder = os.path.dirname(target)
        if folder not in made:
            os.makedirs(folder, exist_ok=True)
            made.add(folder)
        old = kept.get(relative)
        if old is not None and old[0] == content and _linked(os.path.join(old_folder, relative), target, old[1]):
            record[relative] = old
            continue
        with open(target, "wb") as file:
            if isinstance(content, StaticCopy):
                file.write(site.static.content(content.path))
            else:
                file.write(encode(content) if isinstance(content, str) else content)
        record[relative] = (content, _signature(os.stat(target)))
    return record


def _linked(source: str, target: str, signature: tuple) -> bool:
    """Link source to target if source is still the file written then; False if it was not linked."""
    try:
        os.link(source, target)
    except OSError:
        return False  # gone, or no hard links on this file system
    if _signature(os.stat(target)) == signature:
        return True
    os.unlink(target)  # changed since it was written: write it afresh
    return False


def _signature(stat: os.stat_result) -> tuple:
    return stat.st_ino, stat.st_dev, stat.st_size, stat.st_mtime_ns


def _replaceable(out: Path) -> bool:
    return out.is_dir() and ((out / MARKER).exists() or not any(out.iterdir()))


def _swap(staging: Path, out: Path) -> None:
    """Put staging in out's place in one step: readers (the backend, nginx) find the old site or the
    new one at every moment. The old site is left at staging's name, and removed.

    Linux exchanges two folders in one call (renameat2 with RENAME_EXCHANGE), and site/ stays a plain
    folder (a symbolic link in its place would need nginx's disable_symlinks loosened, and a copy of
    it by `cp -r` would copy the link). Where that call is missing (another system, a file system
    without it), out is renamed aside and staging put in its place: two renames, with a moment
    between them when there is no out."""
    if not out.exists():
        staging.rename(out)
        return
    if not _exchange(staging, out):
        old = Path(tempfile.mkdtemp(prefix=f"{STAGING}{os.getpid()}-", dir=out.parent))
        old.rmdir()
        out.rename(old)
        staging.rename(out)
        staging = old
    shutil.rmtree(staging, ignore_errors=True)


RENAME_EXCHANGE = 2  # linux/fs.h
AT_FDCWD = -100


def _exchange(first: Path, second: Path) -> bool:
    """Swap two paths in one system call; False where the system or file system cannot."""
    renameat2 = getattr(_LIBC, "renameat2", None)
    if renameat2 is None:
        return False
    if renameat2(AT_FDCWD, os.fsencode(first), AT_FDCWD, os.fsencode(second), RENAME_EXCHANGE) == 0:
        return True
    error = ctypes.get_errno()
    if error in (errno.EINVAL, errno.ENOSYS, errno.EOPNOTSUPP):
        return False  # no exchange here: the two renames do it
    raise OSError(error, os.strerror(error), str(second))


_LIBC = ctypes.CDLL(None, use_errno=True) if sys.platform.startswith("linux") else None


# Staging folders are named .site-build-<pid of the build>-<random>: a build killed midway leaves its
# folder (or, killed between the swap and the removal, the old site) behind, and the next build
# removes every one whose build is no longer running. Folders of the earlier naming, .site-XXXXXXXX
# and .site-old-XXXXXXXX (eight characters from tempfile), go too; the render cache, .site-cache, never.
STAGING = ".site-build-"
ABANDONED = re.compile(r"\.site-build-(\d+)-[a-z0-9_]+|\.site-(?:old-)?[a-z0-9_]{8}")


def remove_abandoned_staging(folder: Path) -> list[str]:
    """Remove the staging folders of builds that stopped before they were done; their names."""
    removed = []
    for entry in os.scandir(folder):
        match = ABANDONED.fullmatch(entry.name)
        if not match or not entry.is_dir(follow_symlinks=False):
            continue
        if match.group(1) and _running(int(match.group(1))):
            continue  # a build running now, beside this one
        shutil.rmtree(entry.path, ignore_errors=True)
        removed.append(entry.name)
    return removed


def _running(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True  # another user's process
    except OverflowError:
        return False
    return True
