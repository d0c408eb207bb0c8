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


TESTS = Path(__file__).resolve().parent


def kind_of(item) -> str | None:
    """'browser' for every test under tests/browser/; 'server' for a test that runs real server
    processes: its module uses tests/services.py (redis-server, nginx) or says pytestmark =
    pytest.mark.server (tutor serve started by the test). Marked here, so a new test file is
    marked by where it lives and what it uses, with nothing to remember."""
    path = Path(str(item.fspath)).resolve()
    if path.is_relative_to(TESTS / "browser"):
        return "browser"
    module = getattr(item, "module", None)
    if module is not None and any(getattr(value, "__module__", None) == "services" for value in vars(module).values()):
        return "server"
    return None


def pytest_collection_modifyitems(config, items):
    """Marks each test browser or server (kind_of), so `-m "not browser and not server"` is the
    fast subset for development (README). Browser tests run last: their live servers keep threads
    running for the whole session, and the site build renders in one process while other threads
    run (forking them could deadlock), which the test of the parallel build must not see. The
    long checks (slow) run first: with a worker per core (scripts/test.sh), the longest test
    started last would leave the other worker idle at the end."""
    for item in items:
        kind = kind_of(item)
        if kind and item.get_closest_marker(kind) is None:
            item.add_marker(getattr(pytest.mark, kind))
    items.sort(key=lambda item: (item.get_closest_marker("browser") is not None,
                                 item.get_closest_marker("slow") is None))
