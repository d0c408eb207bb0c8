"""Time the value advice in the browser's engine worker (Pyodide), against CPython in the same run.

    .venv/bin/python build.py && .venv/bin/python bench/analyze_browser.py [--hands 30] [--seed 1]

Serves the built site (site/) from a local static server, opens the calculator in Debian's
Chromium and asks the in-browser engine (window.tutorEngine.calculator, the worker's
calculator message) for 14-tile hands that do not win: the answer is every discard advised by
value (tutor.practice.value) and rendered as the calculator's fragment. The same forms are answered
by tutor.answers.scoring.calculator_answer in this process, rendered the same way. Prints the median
and p95 per hand of each, in wall time, and the ratio: the browser's engine runs the same Python
under WebAssembly. Not a pass/fail bench: the issue asks that the browser's figure be printed.
"""

from __future__ import annotations

import argparse
import functools
import http.server
import statistics
import sys
import tempfile
import threading
import time
import zipfile
from pathlib import Path
from urllib.parse import quote_plus

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from analyze import hands  # noqa: E402
from playwright.sync_api import sync_playwright  # noqa: E402

from tutor.browser import calculator_fragment, load  # noqa: E402


class Quiet(http.server.SimpleHTTPRequestHandler):
    def log_message(self, *args):
        pass


def serve(folder: Path) -> http.server.ThreadingHTTPServer:
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(Quiet, directory=str(folder)))
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server



def time_in_cpython(site: Path, answer, bodies: list[str], warm: list[str], allowed: tuple[int, ...] = ()) -> list[float]:
    """Milliseconds per body for `answer` (a tutor.browser entry point) in this process, with the
    frame the browser's engine gets from its own bundle, after a warm-up like the worker's. Every
    answer's status must be one of `allowed` (with none given: any below 500)."""
    bundle = next((site / "static" / "engine").glob("tutor-engine*.zip"))
    with tempfile.TemporaryDirectory() as unpacked:
        zipfile.ZipFile(bundle).extractall(unpacked)
        load(unpacked)
        for body in warm:
            answer(body)
        out = []
        for body in bodies:
            start = time.perf_counter()
            status = answer(body)[0]
            out.append((time.perf_counter() - start) * 1000)
            assert status in allowed if allowed else status < 500, status
    return out


def time_in_worker(site: Path, page_path: str, message: str, bodies: list[str], warm: list[str],
                   allowed: tuple[int, ...] = ()) -> list[float]:
    """Milliseconds per body for the engine worker's `message` (window.tutorEngine[message]), asked
    from the page at `page_path` of the built site served on loopback, after the same warm-up and
    with the same check of each answer's status."""
    server = serve(site)
    try:
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path="/usr/bin/chromium")
            page = browser.new_page()
            page.goto(f"http://127.0.0.1:{server.server_port}/{page_path}")
            page.wait_for_function("() => window.tutorEngine && window.tutorEngine.available()")
            page.evaluate("async ([name, bodies]) => { for (const b of bodies) await window.tutorEngine[name](b); }",
                          [message, warm])
            out = page.evaluate("""async ([name, bodies, allowed]) => {
                const out = [];
                for (const body of bodies) {
                  const start = performance.now();
                  const answer = await window.tutorEngine[name](body);
                  if (allowed.length ? !allowed.includes(answer.status) : answer.status >= 500) throw new Error(answer.html);
                  out.push(performance.now() - start);
                }
                return out;
            }""", [message, bodies, list(allowed)])
            browser.close()
    finally:
        server.shutdown()
    return out

def forms(seed: int, count: int) -> list[str]:
    fourteen = [h for h in hands(seed, count * 2)["discards (14 tiles)"]]
    return [f"h={quote_plus(h.notation())}" for h in fourteen][:count]


def percentiles(times: list[float]) -> tuple[float, float]:
    times = sorted(times)
    return statistics.median(times), times[min(len(times) - 1, int(len(times) * 0.95))]


def report(title: str, cpython: list[float], worker: list[float]) -> None:
    """The two sides' median and p95, and the worker's median as a multiple of CPython's."""
    c_median, c_p95 = percentiles(cpython)
    w_median, w_p95 = percentiles(worker)
    print(title)
    print(f"  CPython          median {c_median:7.1f} ms   p95 {c_p95:7.1f} ms")
    print(f"  browser worker   median {w_median:7.1f} ms   p95 {w_p95:7.1f} ms   "
          f"({w_median / c_median:.1f}x CPython's median)")


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=30)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    site = ROOT / "site"
    if not (site / "calculator" / "index.html").exists():
        print("Build the site first: .venv/bin/python build.py")
        return 2
    bodies = forms(args.seed, args.hands)

    warm = forms(args.seed + 500, 20)
    cpython = time_in_cpython(site, calculator_fragment, bodies, warm)
    worker = time_in_worker(site, "calculator/", "calculator", bodies, warm)

    report(f"calculator, 14 tiles advised by value, {len(bodies)} hands (wall time, rendering included)", cpython, worker)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
