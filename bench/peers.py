"""The two reference apps bench/load.py measures POST /api/score against, on the same server and
settings as tutor's backend (tutor.serve.server_options), so their ratio says what tutor's own
work costs:

    hello_app   a bare Flask app that reads each POST /api/score and answers it with a constant:
                the floor of Flask and the server, before any scoring
    peer_app    a thin Flask app over PyMahjongGB (the compiled C++ scorer, no explanations),
                reading the same JSON bodies with tutor's notation parser

    python bench/peers.py hello|peer PORT [WORKERS]     (run by bench/load.py; serves until killed)

PyMahjongGB is a test-only dependency: peer_app needs the '[test]' extra.
"""

from __future__ import annotations

import sys
from pathlib import Path

from flask import Flask, jsonify, request

ROOT = Path(__file__).resolve().parents[1]
for folder in (ROOT, ROOT / "tests", ROOT / "bench"):
    if str(folder) not in sys.path:
        sys.path.insert(0, str(folder))

from granian import Granian  # noqa: E402

from tutor.rules.engine import Situation  # noqa: E402
from tutor.rules.notation import parse_hand  # noqa: E402
from tutor.serve import server_options  # noqa: E402


def hello_app() -> Flask:
    app = Flask("hello")

    @app.get("/healthz")
    def healthz():
        return jsonify({"status": "ok"})

    @app.post("/api/score")
    def constant():
        # The body is read, as any app that answers it must: one left unread makes the server drop
        # the keep-alive connection, and the client's reconnects would be counted as this app's work.
        request.get_data()
        return jsonify({"total": 8})

    return app


def peer_app() -> Flask:
    from oracle import gb_total  # the test-only oracle, imported only by the app that uses it

    app = hello_app()
    app.name = "peer"

    def score():
        data = request.get_json(silent=True) or {}
        try:
            hand = parse_hand(data["hand"])
            return jsonify({"total": gb_total(hand, Situation.from_mapping(data))})
        except (KeyError, ValueError, TypeError) as error:
            return jsonify({"error": str(error)}), 400

    app.view_functions["constant"] = score
    return app


def main(argv: list[str]) -> None:
    name, port = argv[0], int(argv[1])
    workers = int(argv[2]) if len(argv) > 2 else 2
    Granian(f"peers:{name}_app", **server_options("127.0.0.1", port, workers)).serve()


if __name__ == "__main__":
    main(sys.argv[1:])
