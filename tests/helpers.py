"""Helpers shared by the Python tests and the browser tests: a plain module (``from tests.helpers import
settings, send``), not pytest's conftest, which is not for importing."""

from __future__ import annotations

from typing import Any

from mexican_train.ui import storage
from mexican_train.ui.controller import Session, handle


def settings(*players: tuple[str, str], **options: Any) -> dict[str, Any]:
    """The settings of a ``new_match`` event: ``players`` as (name, kind) pairs; double-6, one round,
    deal number 3 unless ``options`` say otherwise."""
    base = {"set": 6, "seats": len(players), "seed": 3, "rounds": "one",
            "players": [{"name": n, "kind": k} for n, k in players]}
    base.update(options)
    return base


def send(session: Session, *events: dict[str, Any]) -> Session:
    """The session after the page sends ``events`` one after another."""
    for event in events:
        session = handle(session, event)
    return session


def command(name: str) -> dict[str, Any]:
    """The event of a command button or key (``protocol.RunCommand``)."""
    return {"type": "command", "name": name}


def first_play(vm: dict[str, Any]) -> tuple[str, str]:
    """The first playable tile of the hand a view model shows, and its first target train: (tile, train)."""
    tile = next(t for t in vm["hand"]["tiles"] if t["playable"])
    return tile["id"], tile["targets"][0]


def save(store: storage.Storage, session: Session, tab: str = "tab", saved_at: int = 1) -> str | None:
    """Write the session's save record into ``store`` as the page's save writes it; None, or why not."""
    return storage.write(store, storage.record_text(session, tab, saved_at))


def run_cli(capsys: Any, *argv: str, stdin: str | None = None, monkeypatch: Any = None) -> tuple[int, str, str]:
    """``python -m mexican_train *argv`` in this process: (exit status, stdout, stderr)."""
    import io
    import sys
    from mexican_train.cli import main
    if stdin is not None:
        monkeypatch.setattr(sys, "stdin", io.StringIO(stdin))
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err
