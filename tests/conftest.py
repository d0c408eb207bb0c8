import sys
from pathlib import Path

import pytest

# tests/ holds shared helpers (oracle, strategies, differential) imported by name.
sys.path.insert(0, str(Path(__file__).resolve().parent))

from tutor.app import create_app  # noqa: E402


@pytest.fixture
def app(tmp_path):
    return create_app({"TESTING": True, "SITE_DIR": str(tmp_path / "no-site")})


@pytest.fixture
def client(app):
    return app.test_client()
