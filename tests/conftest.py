"""Helpers shared by the Python tests and the browser tests (``from tests.conftest import settings, send``)."""

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
