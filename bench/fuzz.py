"""Fuzz the notation parser and POST /api/score with many generated inputs.

    .venv/bin/python bench/fuzz.py [--examples 100000]

Uses the same strategies as tests/test_security.py (which runs a few thousand in the
regular suite). Fails loudly on any exception other than a NotationError, or any 500.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path

from hypothesis import HealthCheck, given, settings

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests"))

from hypothesis import strategies as st  # noqa: E402
from test_security import FIELDS, JSON_VALUES, NOTATION_ALPHABET  # noqa: E402

from tutor.app import create_app  # noqa: E402
from tutor.rules.notation import NotationError, parse_hand  # noqa: E402


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--examples", type=int, default=100_000)
    args = parser.parse_args(argv)
    half = args.examples // 2
    client = create_app({"TESTING": True, "SITE_DIR": "/nonexistent"}).test_client()
    many = settings(max_examples=half, deadline=None, database=None,
                    suppress_health_check=list(HealthCheck))
    counts = {"parser": 0, "api": 0}

    @many
    @given(st.text(NOTATION_ALPHABET, max_size=80))
    def parser_inputs(text):
        counts["parser"] += 1
        try:
            parse_hand(text)
        except NotationError:
            pass

    @many
    @given(st.dictionaries(st.sampled_from(FIELDS) | st.text(max_size=6), JSON_VALUES, max_size=8))
    def api_inputs(body):
        counts["api"] += 1
        response = client.post("/api/score", data=json.dumps(body), content_type="application/json")
        assert response.status_code in (200, 400, 422), (response.status_code, body)

    start = time.time()
    parser_inputs()
    api_inputs()
    print(f"{counts['parser']} parser inputs and {counts['api']} API requests in {time.time() - start:.0f} s: "
          "no exception escaped, no 500")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
