"""Long work a few milliseconds at a time: a computer's turn, the hint, the review, the warm-up.

Each is a generator (``players.think``, ``players.explain_steps``,
``review.review_steps``, the warm-up) that yields after each small unit of
work and returns its result. ``Job.run`` runs one for at most a budget of
milliseconds; whoever holds the job (``dispatch.Page``) decides when the
next slice runs. There is no clock inside the work itself, so the result
cannot depend on where the slices end.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Generator, Mapping
from typing import Any, Generic, TypeVar

from .protocol import JobKind
from .saves import Stores

SLICE_MS = 8.0
"""Python time one slice may take before the page (or the worker's messages) get their turn."""

R = TypeVar("R")


class Job(Generic[R]):
    """Work in progress of ``kind``: its ``steps``, the last thing they yielded (``progress``), the ms spent.

    ``current()`` says whether the work still matters (the position it was started on is still on screen);
    ``wanted()`` whether it may go on now (nothing holds it back: a pause, a dialog); ``finish(result, stores)`` puts the result to use in the call that finished it
    (a computer's move played and saved, the hint shown, the review kept); the holder then answers: with
    ``report(job, done)``, the answer of a screen's job after each slice, or, for the match's own jobs (none),
    with the match's view.
    """

    def __init__(self, kind: JobKind, steps: Generator[Any, None, R], wanted: Callable[[], bool],
                 finish: Callable[[R, Stores], object], current: Callable[[], bool] = lambda: True,
                 report: Callable[[Job[Any], bool], Mapping[str, Any]] | None = None,
                 clock: Callable[[], float] = time.perf_counter) -> None:
        self.kind = kind
        self.steps = steps
        self.wanted = wanted
        self.current = current
        self.report = report
        self.finish = finish
        self.clock = clock
        self.progress: Any = None
        self.spent = 0.0
        self.outcome: tuple[bool, R | None] | None = None

    def run(self, budget_ms: float) -> tuple[bool, R | None]:
        """Run steps until ``budget_ms`` have passed or the work is done: ``(done, result)``; once done, every
        later run gives the same at once (the holder may put the result to use in a later call)."""
        if self.outcome is not None:
            return self.outcome
        started = self.clock()
        try:
            while True:
                self.progress = next(self.steps)
                if (self.clock() - started) * 1000 >= budget_ms:
                    return False, None
        except StopIteration as done:
            result: R = done.value
            self.outcome = (True, result)
            return self.outcome
        finally:
            self.spent += (self.clock() - started) * 1000
