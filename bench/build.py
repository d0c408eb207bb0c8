"""Time the site build against a plain `mkdocs build` of the same markdown.

    .venv/bin/python bench/build.py [--runs 3] [--content content]

While content/fans/ is incomplete the script also times a synthetic content tree the size
of the finished site (81 fan pages with scored examples, 12 lessons) and judges the
targets on that one.

Both builds run as fresh processes, the way an author runs them, and the best of
--runs is kept; tutor's modules are compiled to bytecode first, as mkdocs' are when pip
installs it. mkdocs is a bench-only dependency (the 'bench' extra in
pyproject.toml): when this interpreter cannot import it, the script installs it
once into its own virtual environment under the system's temporary folder, so
the project's environment stays as it is.

mkdocs gets the same markdown files (front matter, hand blocks and all) with the
same Python-Markdown extensions and its built-in theme; it knows nothing of tiles
or scoring, so it does less work per page, and our build also writes the 81 fan
pages, the generated pages and the offline quiz bank. Our build is timed three ways:

  fresh clone     nothing cached (--no-cache, and an empty temporary folder): the templates
                  compiled, every page rendered, every example hand scored, and the banks'
                  hands dealt and rendered
  every page      the page cache emptied before each run (an author who changed a
                  template or site.toml): the quiz bank comes from its cache
  rebuild         nothing changed since the last build (what an author or a kept CI
                  checkout sees most of the time)

  one-page edit   one lesson changed, rebuilt and swapped in by a running build process,
                  as `build.py --watch` does while an author writes

Targets (issue 17): a full build from a fresh clone within 1.5 s, and a one-page edit within
0.25 s; beside each, its ratio to a full mkdocs build (mkdocs rebuilds everything on a change).
The exit status is 0 only when both are met.
"""

from __future__ import annotations

import argparse
import os
import shutil
import subprocess
import sys
import tempfile
import time
import venv
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from tutor.site import build_site  # noqa: E402
from tutor.site.memory import BuildMemory  # noqa: E402

MKDOCS = "mkdocs>=1.6,<2"
SIDE_VENV = Path(tempfile.gettempdir()) / "tutor-bench-mkdocs"
TARGET_FULL_SECONDS = 1.5
TARGET_EDIT_SECONDS = 0.25


def mkdocs_python() -> str:
    """A Python that can run mkdocs: this one, or a side environment made once."""
    probe = subprocess.run([sys.executable, "-c", "import mkdocs"], capture_output=True)
    if probe.returncode == 0:
        return sys.executable
    python = SIDE_VENV / "bin" / "python"
    if not python.exists() or subprocess.run([str(python), "-c", "import mkdocs"], capture_output=True).returncode:
        print(f"installing {MKDOCS} into {SIDE_VENV} (once) ...", file=sys.stderr)
        venv.create(SIDE_VENV, with_pip=True)
        subprocess.run([str(python), "-m", "pip", "install", "-q", MKDOCS], check=True)
    return str(python)


def mkdocs_project(content: Path, work: Path) -> Path:
    """The same markdown as a mkdocs project (docs/ + mkdocs.yml)."""
    project = work / "mkdocs"
    docs = project / "docs"
    shutil.copytree(content, docs, ignore=shutil.ignore_patterns("AUTHORING.md", "README.md"))
    (project / "mkdocs.yml").write_text(
        "site_name: tutor bench\n"
        "theme: mkdocs\n"
        "markdown_extensions: [tables, fenced_code, attr_list, def_list, toc, admonition, sane_lists, footnotes]\n"
        "validation: {links: {not_found: ignore, absolute_links: ignore, unrecognized_links: ignore}}\n",
        encoding="utf-8",
    )
    return project


def synthetic_content(target: Path, seed: int = 7) -> Path:
    """A content tree the size of the finished site: 81 fan pages with scored examples, 12 lessons.

    Hands come from tutor.practice.hands (winning by construction) and are scored here, so each fan
    page shows hands that score its fan, plus a near miss, as the real pages will."""
    sys.path.insert(0, str(ROOT))
    from tutor.practice.hands import random_deals
    from tutor.rules import fans as F
    from tutor.rules import tiles as T
    from tutor.rules.engine import score

    scoring: dict[int, list[str]] = {fan.id: [] for fan in F.FANS}
    near: dict[int, str] = {}
    for deal in random_deals(seed, 4000):
        block = _hand_block(deal, T)
        scored = {item.fan.id for item in score(deal.hand, deal.situation).fans}
        for fan_id in scored:
            if len(scoring[fan_id]) < 3:
                scoring[fan_id].append(block)
        for fan_id in set(scoring) - scored:
            near.setdefault(fan_id, block + "near_miss: true\n")
    shutil.copytree(ROOT / "content", target, ignore=shutil.ignore_patterns("fans", "lessons"))
    (target / "fans").mkdir()
    (target / "lessons").mkdir()
    for fan in F.FANS:
        examples = "\n".join(f"```hand\n{b}```\n" for b in scoring[fan.id])
        (target / "fans" / f"{fan.slug}.md").write_text(
            f"---\nfan: {fan.id}\nsummary: A synthetic page for the benchmark.\n---\n\n"
            f"{_PROSE}\n\n## Examples\n\n{examples}\n## Near misses\n\n```hand\n{near[fan.id]}```\n\n"
            f"{_PROSE}\n\n## Rulings\n\n{_PROSE}\n", encoding="utf-8")
    for number in range(1, 13):
        (target / "lessons" / f"{number:02d}-lesson-{number}.md").write_text(
            f"---\ntitle: Lesson {number}\norder: {number}\nsummary: A synthetic lesson.\n"
            f"goals: [read tiles, score a hand]\n---\n\n## The idea\n\n{_PROSE}\n\n{_PROSE}\n\n"
            f"## An example\n\n```hand\n{scoring[22][0]}```\n\n## Check\n\n{_QUESTION}\n{_QUESTION}\n",
            encoding="utf-8")
    return target


def _hand_block(deal, T) -> str:
    s = deal.situation
    lines = [f"hand: {deal.hand.notation()}", f"win: {T.code(s.win)}"]
    for flag in ("self_drawn", "last_tile", "last_wall_tile", "replacement_tile", "robbing_kong"):
        if getattr(s, flag):
            lines.append(f"{flag}: true")
    lines += [f"seat_wind: {s.seat_wind}", f"prevalent_wind: {s.prevalent_wind}", f"flowers: {s.flowers}"]
    return "\n".join(lines) + "\n"


# About 120 words with the inline tiles and links a real paragraph has; a fan page holds four.
_PROSE = ("A chow such as ((123m)) and a pung such as (([EEE])) are sets; with a pair such as ((55s)), "
          "four sets make a hand. This looks like [](fan:half-flush), but the honor tiles change it: "
          "see [the glossary](../glossary.md#pung) and compare it with [](fan:full-flush). Count the "
          "points of every fan, check that the hand reaches the minimum of 8 points without its "
          "flowers, and remember that a fan implied by a bigger one is never counted again. Players "
          "often forget the fans that come from how the hand was won, such as a self-drawn tile or "
          "the last tile of the wall, and they often count a pair of honors as if it were a pung.")
_QUESTION = """```question
question: Which of these is a pung?
choices: ["((123m))", "((EEE))", "((55s))"]
answer: 1
explain: Three identical tiles, ((EEE)), make a pung.
why_wrong: ["((123m)) is a chow.", "", "((55s)) is a pair."]
```
"""


def best_of(runs: int, command: list[str], cwd: Path, before=None, env=None) -> float:
    times = []
    for _ in range(runs):
        if before:
            before()
        started = time.perf_counter()
        result = subprocess.run(command, cwd=cwd, capture_output=True, text=True, env=env)
        times.append(time.perf_counter() - started)
        if result.returncode:
            sys.exit(f"{' '.join(command)} failed:\n{result.stderr}")
    return min(times)


def compile_sources() -> None:
    """Compile tutor's modules to bytecode first, as pip compiles mkdocs' when it installs it.

    Python writes that cache itself on first import, except where PYTHONDONTWRITEBYTECODE is
    set (as on this project's build machines): there every build would otherwise spend a few
    tenths of a second compiling tutor from source, which no installed program does."""
    subprocess.run([sys.executable, "-m", "compileall", "-q", str(ROOT / "tutor"), str(ROOT / "build.py")],
                   check=True)


def compare(content: Path, runs: int, label: str) -> dict[str, float]:
    """Seconds of each kind of build of one content folder, and of mkdocs, each a fresh process."""
    fan_pages = len(list((content / "fans").glob("*.md"))) if (content / "fans").is_dir() else 0
    with tempfile.TemporaryDirectory(prefix="tutor-bench-") as tmp:
        work = Path(tmp)
        project = work / "tutor"
        project.mkdir()
        shutil.copytree(content, project / "content")
        for name in ("templates", "static"):
            os.symlink(ROOT / name, project / name)
        shutil.copy(ROOT / "site.toml", project / "site.toml")
        ours = [sys.executable, str(ROOT / "build.py"), "--root", str(project), "--out", str(work / "out")]
        if fan_pages < 81:
            ours.append("--draft")
        theirs = [mkdocs_python(), "-m", "mkdocs", "build", "-q", "-d", str(work / "mkdocs-out")]
        mk = mkdocs_project(content, work)
        compile_sources()
        # A fresh clone on a fresh machine: no cache of ours, nothing of anyone's in the temporary
        # folder (where Jinja2 keeps compiled templates and the quiz bank its cache), no site built.
        empty_tmp = work / "empty-tmp"
        fresh_env = dict(os.environ, TMPDIR=str(empty_tmp))

        def fresh() -> None:
            for folder in (empty_tmp, work / "out"):
                shutil.rmtree(folder, ignore_errors=True)
            empty_tmp.mkdir()

        seconds = {"fresh clone": best_of(runs, ours + ["--no-cache"], ROOT, env=fresh_env, before=fresh)}
        best_of(1, ours, ROOT)  # fills the caches
        page_cache = project / ".site-cache" / "render"
        seconds["every page"] = best_of(runs, ours, ROOT, before=lambda: shutil.rmtree(page_cache, ignore_errors=True))
        best_of(1, ours, ROOT)
        seconds["rebuild"] = best_of(runs, ours, ROOT)
        seconds["one-page edit"] = one_page_edit(project, work / "out", runs, draft=fan_pages < 81)
        seconds["mkdocs"] = best_of(runs, theirs, mk)
        pages = len(list((work / "out").rglob("*.html")))
        mk_pages = len(list((work / "mkdocs-out").rglob("*.html")))
    markdown = len(list(content.rglob("*.md")))
    print(f"{label}: {markdown} markdown files; tutor writes {pages} pages, mkdocs {mk_pages}")
    for kind, what in KINDS.items():
        print(f"  tutor, {kind:<12}: {seconds[kind]:6.2f} s  {seconds['mkdocs'] / seconds[kind]:5.2f}x mkdocs  ({what})")
    print(f"  mkdocs build       : {seconds['mkdocs']:6.2f} s")
    return seconds


KINDS = {
    "fresh clone": "nothing cached: templates compiled, every page, every example scored, the banks dealt",
    "every page": "every page rendered, the quiz bank from its cache",
    "rebuild": "nothing changed since the last build",
    "one-page edit": "one lesson changed, rebuilt in a running build process (watch mode)",
}


def one_page_edit(project: Path, out: Path, runs: int, *, draft: bool) -> float:
    """Best seconds to rebuild after one lesson changed, in one process as the watcher does
    (tutor.site.watch: one BuildMemory for all its builds)."""
    memory = BuildMemory()
    build_site(project, out, draft=draft, memory=memory)  # warm: the process has built the site once
    lesson = sorted((project / "content" / "lessons").glob("*.md"))[0]
    text = lesson.read_text(encoding="utf-8")
    times = []
    for run in range(runs):
        lesson.write_text(text + f"\nAn edit, number {run}.\n", encoding="utf-8")
        started = time.perf_counter()
        build_site(project, out, draft=draft, memory=memory)
        times.append(time.perf_counter() - started)
    lesson.write_text(text, encoding="utf-8")
    return min(times)


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--content", type=Path, default=ROOT / "content",
                        help="content folder to build (default: the real content)")
    args = parser.parse_args(argv)
    content = args.content.resolve()
    seconds = compare(content, args.runs, f"content ({content})")
    if len(list((content / "fans").glob("*.md"))) < 81:
        # Until the writers finish, the real content is too small to measure: also time a
        # synthetic tree the size of the finished site, and judge the targets on it.
        with tempfile.TemporaryDirectory(prefix="tutor-synthetic-") as tmp:
            synthetic = synthetic_content(Path(tmp) / "content")
            seconds = compare(synthetic, args.runs, "synthetic full-size content")
    full, edit = seconds["fresh clone"], seconds["one-page edit"]
    print(f"one-page edit: {edit:.3f} s ({seconds['mkdocs'] / edit:.1f}x faster than a full mkdocs build)")
    print(f"target: full build from a fresh clone within {TARGET_FULL_SECONDS} s: "
          f"{'met' if full <= TARGET_FULL_SECONDS else 'MISSED'} ({full:.2f} s)")
    print(f"target: one-page edit within {TARGET_EDIT_SECONDS} s: "
          f"{'met' if edit <= TARGET_EDIT_SECONDS else 'MISSED'} ({edit:.3f} s)")
    return 0 if full <= TARGET_FULL_SECONDS and edit <= TARGET_EDIT_SECONDS else 1


if __name__ == "__main__":
    sys.exit(main())
