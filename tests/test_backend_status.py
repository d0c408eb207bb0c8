"""api/status.js: how the practice pages know, before their first paint and without a request that
can fail, whether a backend answers. The build writes it saying "none"; the backend answers the
same address saying "up", uncached (the same pages may be served with it or without)."""

from tutor.views.page import BACKEND_STATUS, backend_status_script


def test_the_backend_says_it_is_there(client):
    response = client.get("/" + BACKEND_STATUS)
    assert response.status_code == 200
    assert response.headers["Content-Type"].startswith("text/javascript")
    assert response.headers["Cache-Control"] == "no-store"
    assert response.get_data(as_text=True) == backend_status_script("up")
    assert 'setAttribute("data-backend-state", "up")' in response.get_data(as_text=True)


def test_the_build_says_there_is_none():
    script = backend_status_script("none")
    assert 'setAttribute("data-backend-state", "none")' in script and "up\")" not in script
