"""The engine smoke suite's fixtures: one Firefox and one WebKit for the session, a fresh server per test.

Every test gets its own server on a new port (so its own origin: no storage, cache or service worker of
another test) with the watch script added to its pages (served.py), and fails on any console error or page
error the watch or the driver saw, in the page and in any frame it names.
"""

from __future__ import annotations

import pytest

from e2e.engines import drivers
from e2e.engines.served import WatchedServer
from scripts import build_py, build_snapshot


@pytest.fixture(scope="session")
def built():
    """The package archive and the snapshot holding this very package (the page's real snapshot start)."""
    build_py.ensure()
    build_snapshot.ensure(brotli=False)


@pytest.fixture(scope="session", params=drivers.ENGINES)
def engine(request, built):
    """A running browser of each engine in turn (Firefox, WebKit), for every test that asks for one."""
    why = drivers.missing(request.param)
    if why:
        pytest.fail(f"{request.param}: {why}")
    driver = drivers.launch(request.param)
    yield driver
    driver.quit()


@pytest.fixture
def site():
    """A new server for one test (stopped at its end if the test did not stop it)."""
    server = WatchedServer()
    yield server
    if not server.stopped:
        server.stop()
