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


def next_event(vm: dict[str, Any], next_round: bool = False) -> dict[str, Any] | None:
    """The event a player who always makes the first move offered would send next on the board of ``vm`` (the
    computer's move when one is due; the first playable tile, then its first train; else draw or pass); at a
    round's end its button when ``next_round``, else None; None on any other screen."""
    if next_round and vm["screen"] == "round_end":
        return command(vm["round_end"]["button"]["id"])
    if vm["screen"] != "board":
        return None
    shown = {c["id"] for c in vm["commands"] if c["shown"]}
    for name in ("next", "reveal"):
        if name in shown:
            return command(name)
    if vm["cpu"]["pending"]:
        return {"type": "cpu"}
    tiles = vm["hand"]["tiles"] if vm["hand"] else []
    picked = next((t for t in tiles if t["selected"] and t["targets"]), None)
    if picked is not None:
        return {"type": "train", "train": picked["targets"][0]}
    if any(t["playable"] for t in tiles):
        return {"type": "tile", "tile": first_play(vm)[0]}
    for name in ("draw", "pass"):
        if name in shown:
            return command(name)
    raise AssertionError(f"nothing to do on {vm['step']}: {shown}")


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
