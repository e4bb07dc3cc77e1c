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


from tests.browser_side import Clock, Tab, new_tab  # noqa: F401 - re-exported for the tests


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
