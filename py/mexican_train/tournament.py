"""Tournaments between CPU levels: seeded deals, each played from both sides.

``python -m mexican_train tournament --pairings strong-easy,normal-easy --deals 1000``

For a pairing ``A-B`` every deal is played twice: once with A in the even
seats and B in the odd seats, once the other way round, so neither level
profits from a lucky hand or from moving first (the ``alternate`` line-up; a
round is A's when A's lowest score is below B's, a tie counting half). The
``one`` line-up plays a deal once per seat instead, A in that seat and B in
every other: at a table of four that is one player among three others, whose
par is a quarter of the rounds; a round is A's when A holds the lowest score,
a k-way tie for it counting 1/k. Deal ``d`` is round
``d mod rounds`` of the match seeded ``seed * 1_000_000 + d``: the engines
cycle through the whole set and the hands are exactly those a match with that
seed deals. Confidence intervals are 95% intervals over deals (each deal's rounds
taken together, which is what the pairing makes independent).
Decision times are measured around each call of a chooser, in milliseconds,
both as wall-clock time and as the CPU time of the process (which other
programs on the machine do not inflate); "with a choice" counts only the
calls with two or more legal actions.
"""

from __future__ import annotations

import functools
import math
import sys
import time
from collections.abc import Iterable, Sequence
from typing import IO, Any, NamedTuple

from .match import start_round
from .players import Chooser
from .rules import Rules
from .view import seat_view

DEFAULT_PAIRINGS = ("strong-easy", "strong-normal", "normal-easy")
DEAL_STRIDE = 1_000_000
LINEUPS = ("alternate", "one")


Time = tuple[float, float, bool]
"""One decision: (wall ms, CPU ms, whether it had two or more legal actions)."""


class DealResult(NamedTuple):
    """Every round of one deal for a pairing ``A-B`` (two in the ``alternate`` line-up, one a seat in ``one``)."""

    deal: int
    won: float            # rounds A won, 0 to the deal's rounds (ties shared)
    points: tuple[float, float]                  # mean points per round of (A, B) over the deal's rounds
    scores: tuple[tuple[int, ...], ...]          # each round's scores, seat by seat
    times: tuple[tuple[Time, ...], tuple[Time, ...]]  # every decision of A, then of B


def deal_of(rules: Rules, seed: int, deal: int) -> tuple[int, int]:
    """The deal seed and round number of deal ``deal``."""
    return seed * DEAL_STRIDE + deal, deal % rules.rounds


def sides(seats: int, lineup: str) -> list[list[int]]:
    """Each round of a deal as the side of every seat (0 for A, 1 for B): the ``alternate`` line-up's two
    rounds, or the ``one`` line-up's round per seat with A in that seat alone."""
    if lineup == "alternate":
        return [[s % 2 for s in range(seats)], [1 - s % 2 for s in range(seats)]]
    if lineup == "one":
        return [[0 if s == a else 1 for s in range(seats)] for a in range(seats)]
    raise ValueError(f"a line-up is one of {', '.join(LINEUPS)}, not {lineup!r}")


def share_of_a(scores: Sequence[int], side: Sequence[int], lineup: str) -> float:
    """A's share of one round: against the other side's best (a tie half) in ``alternate``; in ``one``,
    1/k when A's seat is among the k seats holding the lowest score."""
    if lineup == "one":
        low = min(scores)
        holders = [s for s, score in enumerate(scores) if score == low]
        return 1 / len(holders) if side.index(0) in holders else 0.0
    best_a = min(score for score, i in zip(scores, side) if i == 0)
    best_b = min(score for score, i in zip(scores, side) if i == 1)
    return 1.0 if best_a < best_b else 0.5 if best_a == best_b else 0.0


def opponents() -> dict[str, Chooser]:
    """Every kind a tournament may seat: the CPU levels, and the frozen players kept only as yardsticks
    (``strong0``, the Strong of before the stronger one; no match file may name it)."""
    from .players import PLAYERS, strong0
    return {**PLAYERS, "strong0": strong0.choose}


def chooser(kind: str) -> Chooser:
    """The chooser of a CPU level; ``strong:N`` is Strong with a budget of N play-outs per decision."""
    from .players import strong
    name, _, budget = kind.partition(":")
    if not budget:
        return opponents()[name]
    if name != "strong" or not budget.isdigit():
        raise ValueError(f"{kind!r}: only strong takes a play-out budget, as in strong:80")
    return functools.partial(strong.choose, iterations=int(budget))


def play_round(rules: Rules, deal_seed: int, number: int,
               seat_kinds: list[str]) -> tuple[tuple[int, ...], list[list[Time]]]:
    """Play one round with the given CPU kinds; returns (scores, per-seat [(wall ms, cpu ms, had_choice), ...])."""
    from .players import player_rng
    state = start_round(rules, deal_seed, number)
    choosers = [chooser(k) for k in seat_kinds]
    rngs = [player_rng(deal_seed, s, number) for s in range(rules.seats)]
    times: list[list[Time]] = [[] for _ in range(rules.seats)]
    while not state.over:
        seat = state.seat
        view = seat_view(state, seat)
        w0, c0 = time.perf_counter(), time.process_time()
        action = choosers[seat](view, rngs[seat])
        c1, w1 = time.process_time(), time.perf_counter()
        times[seat].append(((w1 - w0) * 1000.0, (c1 - c0) * 1000.0, len(view.legal) > 1))
        state = state.apply(action)
    assert state.result is not None
    return state.result.scores, times


def play_deal(rules: Rules, seed: int, kinds: tuple[str, str], deal: int,
              lineup: str = "alternate") -> DealResult:
    """Play deal ``deal`` in every round of ``lineup`` for the pairing ``kinds`` (A, B)."""
    deal_seed, number = deal_of(rules, seed, deal)
    rounds = sides(rules.seats, lineup)
    won = 0.0
    points = [0.0, 0.0]
    all_scores = []
    times: tuple[list[Time], list[Time]] = ([], [])
    for side in rounds:
        scores, seat_times = play_round(rules, deal_seed, number, [kinds[i] for i in side])
        all_scores.append(tuple(scores))
        for i in (0, 1):
            mine = [score for score, j in zip(scores, side) if j == i]
            points[i] += sum(mine) / len(mine) / len(rounds)
            times[i].extend(t for s, j in enumerate(side) if j == i for t in seat_times[s])
        won += share_of_a(scores, side, lineup)
    return DealResult(deal, won, (points[0], points[1]), tuple(all_scores), (tuple(times[0]), tuple(times[1])))


def _play_chunk(task: tuple[dict[str, Any], int, tuple[str, str], list[int], str]) -> list[DealResult]:
    rules_dict, seed, kinds, deals, lineup = task
    rules = Rules(**rules_dict)
    return [play_deal(rules, seed, kinds, d, lineup) for d in deals]


class Timing(NamedTuple):
    """Decision-time quantiles of one level in one pairing, in milliseconds."""

    decisions: int
    choices: int         # decisions with two or more legal actions
    wall: tuple[float, float]         # (median, p95) over all decisions
    wall_choice: tuple[float, float]  # (median, p95) over decisions with a choice
    cpu: tuple[float, float]
    cpu_choice: tuple[float, float]


class Summary(NamedTuple):
    """One pairing's results."""

    kinds: tuple[str, str]
    deals: int
    rounds: int
    won: tuple[float, float]     # (mean share of rounds won by A, half-width of its 95% CI)
    points: tuple[tuple[float, float], tuple[float, float]]  # (mean, half-width) for A, then for B
    times: tuple[Timing, ...]    # per level
    lineup: str = "alternate"
    seats: int = 2


def _mean_ci(values: Sequence[float]) -> tuple[float, float]:
    n = len(values)
    mean = sum(values) / n
    if n < 2:
        return mean, float("nan")
    var = sum((v - mean) ** 2 for v in values) / (n - 1)
    return mean, 1.96 * math.sqrt(var / n)


def _quantile(sorted_values: Sequence[float], q: float) -> float:
    if not sorted_values:
        return float("nan")
    i = min(len(sorted_values) - 1, max(0, math.ceil(q * len(sorted_values)) - 1))
    return sorted_values[i]


def summarize(kinds: tuple[str, str], results: list[DealResult], lineup: str = "alternate",
              seats: int = 2) -> Summary:
    """Win rate and points with 95% confidence intervals, decision-time quantiles per level."""
    won = _mean_ci([r.won / len(r.scores) for r in results])
    points = (_mean_ci([r.points[0] for r in results]), _mean_ci([r.points[1] for r in results]))
    times = []
    for i in (0, 1):
        rows = [t for r in results for t in r.times[i]]

        def q(values: Iterable[float]) -> tuple[float, float]:
            ordered = sorted(values)
            return (_quantile(ordered, 0.5), _quantile(ordered, 0.95))
        times.append(Timing(len(rows), sum(1 for t in rows if t[2]),
                            q(t[0] for t in rows), q(t[0] for t in rows if t[2]),
                            q(t[1] for t in rows), q(t[1] for t in rows if t[2])))
    return Summary(kinds, len(results), sum(len(r.scores) for r in results), won, points, tuple(times), lineup, seats)


def run(pairings: Iterable[str | tuple[str, str]], deals: int, rules: Rules, seed: int = 1, jobs: int = 1,
        progress: IO[str] | None = sys.stderr, chunk: int = 10, lineup: str = "alternate") -> list[Summary]:
    """Play every pairing (``"strong-easy"`` or ``("strong", "easy")``) over ``deals`` deals in ``lineup``."""
    sides(rules.seats, lineup)   # an unknown line-up is refused before any deal is played
    pairs: list[tuple[str, ...]] = [tuple(p.split("-")) if isinstance(p, str) else tuple(p) for p in pairings]
    kinds_known = opponents()
    for pair in pairs:
        if len(pair) != 2 or any(k.partition(":")[0] not in kinds_known for k in pair):
            raise ValueError(f"a pairing names two CPU levels like strong-easy, not {'-'.join(pair)!r}"
                             f" (levels: {', '.join(kinds_known)})")
        for k in pair:
            chooser(k)
    summaries = []
    pool = None
    if jobs > 1:
        import multiprocessing
        pool = multiprocessing.Pool(jobs)
    try:
        for pair in pairs:
            kinds = (pair[0], pair[1])
            tasks = [(rules.to_dict(), seed, kinds, list(range(i, min(i + chunk, deals))), lineup)
                     for i in range(0, deals, chunk)]
            results: list[DealResult] = []
            started = time.perf_counter()
            chunks = pool.imap(_play_chunk, tasks) if pool else map(_play_chunk, tasks)
            shown = 0
            tty = progress is not None and getattr(progress, "isatty", lambda: False)()
            for done in chunks:
                results.extend(done)
                if progress is not None and (tty or len(results) - shown >= deals / 10 or len(results) == deals):
                    shown = len(results)
                    played = sum(len(r.scores) for r in results)
                    wins = sum(r.won for r in results) / played
                    elapsed = time.perf_counter() - started
                    line = (f"{kinds[0]}-{kinds[1]}: {len(results)}/{deals} deals, {kinds[0]} won "
                            f"{100 * wins:.1f}% of {played} rounds, {elapsed:.0f}s")
                    print(f"\r{line} " if tty else line, end="" if tty else "\n", file=progress, flush=True)
            if tty:
                print(file=progress, flush=True)
            summaries.append(summarize(kinds, results, lineup, rules.seats))
    finally:
        if pool is not None:
            pool.close()
            pool.join()
    return summaries


def format_table(summaries: list[Summary]) -> str:
    """The results as two Markdown tables: rounds won and points, then decision times."""
    lines = [
        "| pairing | level | rounds | rounds won (95% CI) | points per round (95% CI) |",
        "|---|---|---:|---:|---:|",
    ]
    for s in summaries:
        name = "-".join(s.kinds)
        for i, kind in enumerate(s.kinds):
            share = s.won[0] if i == 0 else 1 - s.won[0]
            pts, pts_ci = s.points[i]
            if i == 1 and s.lineup == "one" and s.seats > 2:   # the share of all the other seats together
                kind = f"{kind}, the other {s.seats - 1} seats"
            lines.append(f"| {name} | {kind} | {s.rounds} | {100 * share:.1f}% ± {100 * s.won[1]:.1f} "
                         f"| {pts:.1f} ± {pts_ci:.1f} |")
    lines += [
        "",
        "| pairing | level | decisions (with a choice) | wall ms median / p95 | with a choice "
        "| CPU ms median / p95 | with a choice |",
        "|---|---|---:|---:|---:|---:|---:|",
    ]

    def pair(q: tuple[float, float]) -> str:
        return f"{q[0]:.2f} / {q[1]:.2f}"
    for s in summaries:
        name = "-".join(s.kinds)
        for kind, t in zip(s.kinds, s.times):
            lines.append(f"| {name} | {kind} | {t.decisions} ({t.choices}) | {pair(t.wall)} | {pair(t.wall_choice)} "
                         f"| {pair(t.cpu)} | {pair(t.cpu_choice)} |")
    return "\n".join(lines)
