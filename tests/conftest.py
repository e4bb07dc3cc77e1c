"""Helpers shared by the Python tests and the browser tests (``from tests.conftest import settings, send``),
and the page's App with a fake storage and clock (``new_app``, ``Clock``)."""

from __future__ import annotations

from mexican_train.ui.controller import Session, handle


def settings(*players: tuple[str, str], **options) -> dict:
    """The settings of a ``new_match`` event: ``players`` as (name, kind) pairs; double-6, one round,
    deal number 3 unless ``options`` say otherwise."""
    base = {"set": 6, "seats": len(players), "seed": 3, "rounds": "one",
            "players": [{"name": n, "kind": k} for n, k in players]}
    base.update(options)
    return base


def send(session: Session, *events: dict) -> Session:
    """The session after the page sends ``events`` one after another."""
    for event in events:
        session = handle(session, event)
    return session


class Clock:
    """The page's clock for ``App``: milliseconds that move on by one at every reading."""

    def __init__(self) -> None:
        self.now = 1000

    def __call__(self) -> int:
        self.now += 1
        return self.now


def new_app(store=None, tab: str = "tab-a", memo=None):
    """py/page.py's App for one tab, on ``store`` (a fresh DictStorage if none) and a fake clock."""
    from page import App
    from mexican_train.ui.storage import DictStorage
    return App(store if store is not None else DictStorage(), Clock(), tab, memo=memo)


def run_cli(capsys, *argv: str, stdin: str | None = None, monkeypatch=None) -> tuple[int, str, str]:
    """``python -m mexican_train *argv`` in this process: (exit status, stdout, stderr)."""
    import io
    import sys
    from mexican_train.cli import main
    if stdin is not None:
        monkeypatch.setattr(sys, "stdin", io.StringIO(stdin))
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err
