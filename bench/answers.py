"""Write the answers of POST /api/score for 20,000 requests and print their digest.

    .venv/bin/python bench/answers.py [--out answers.jsonl] [--hands 10000] [--seed 3]

Each of --hands generated winning hands is asked in both editions, with three fans to
explain (`why_not`), through the backend's own WSGI app: so a refactoring that should
change no answer can be checked byte for byte against the digest (or the file) of the
commit before it. A change meant to alter some answers (a better reason) shows here as a
different digest; compare the files to see which answers moved.
"""

from __future__ import annotations

import argparse
import hashlib
import random
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from production import score_bodies  # noqa: E402

from tutor.app import create_app  # noqa: E402


def requests(hands: int, seed: int) -> list[dict]:
    rng = random.Random(seed)
    out = []
    for body in score_bodies(hands, seed):
        for rules in ("wmo", "china1998"):
            out.append({**body, "rules": rules, "why_not": rng.sample(range(1, 82), 3)})
    return out


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path)
    parser.add_argument("--hands", type=int, default=10000)
    parser.add_argument("--seed", type=int, default=3)
    args = parser.parse_args(argv)
    client = create_app({"TESTING": True, "SITE_DIR": "/nonexistent"}).test_client()
    digest = hashlib.sha256()
    lines = []
    for body in requests(args.hands, args.seed):
        answer = client.post("/api/score", json=body)
        line = f"{answer.status_code} ".encode() + answer.data + b"\n"
        digest.update(line)
        lines.append(line)
    if args.out:
        args.out.write_bytes(b"".join(lines))
    print(f"answers: {len(lines)}  sha256: {digest.hexdigest()}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
