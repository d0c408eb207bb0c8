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


def pytest_collection_modifyitems(config, items):
    """Browser tests last: their live servers keep threads running for the whole session, and the
    site build renders in one process while other threads run (forking them could deadlock), which
    the test of the parallel build must not see."""
    items.sort(key=lambda item: item.get_closest_marker("browser") is not None)
