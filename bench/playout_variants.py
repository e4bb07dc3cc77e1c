"""Play-out policy variants for bench.policy_lab (a tuning tool): each a tweak of rollout.choose_play."""

from __future__ import annotations

from mexican_train.players.rollout import Plans
from mexican_train.players.sim import Play, Sim


def make(own_first_when_marked: bool = False, avoid_gift: bool = False, chain_before_spare_when_marked: bool = False,
         mexican_bonus: int = 50, double_any: bool = True, follow: int = 0, block: int = 0):  # type: ignore[no-untyped-def]
    def choose_play(sim: Sim, plays: list[Play], plans: Plans, reach: list[int] | None = None) -> Play:
        seat = sim.seat
        hand = sim.hands[seat]
        if len(hand) == 1:
            return plays[0]
        plan = plans.get(sim, seat)
        seats = sim.seats
        best = None
        best_score = -1
        for t, k in plays:
            a = t[0]
            if a == t[1]:
                score = a + (100 if k == seat else 0)
                if score > best_score:
                    if reach is None:
                        reach = [sim.ends[j] for j in sim.eligible(seat)]
                    for u in hand:
                        if u != t and (a in u or u[0] in reach or u[1] in reach):
                            best, best_score = (t, k), score
                            break
        if best is not None:
            return best
        head = plan[0] if plan else None
        marked = sim.marked[seat]
        if block:
            close = [o for o in range(seats) if o != seat and len(sim.hands[o]) <= block]
            if close:
                for t, k in plays:
                    if k in close and (t != head or k != seat):
                        score = t[0] + t[1]
                        if score > best_score:
                            best, best_score = (t, k), score
                if best is not None:
                    return best
        if head is not None and marked:
            for t, k in plays:
                if t == head and k == seat:
                    return (t, k)
        if marked and own_first_when_marked:
            for t, k in plays:
                if k == seat:
                    score = t[0] + t[1]
                    if score > best_score:
                        best, best_score = (t, k), score
            if best is not None:
                return best
        for t, k in plays:
            if k != seat and t not in plan:
                if avoid_gift and k != seats:
                    continue
                score = t[0] + t[1] + (mexican_bonus if k == seats else 0)
                if follow:
                    e = t[1] if t[0] == sim.ends[k] else t[0]
                    if any(u != t and u not in plan and e in u for u in hand):
                        score += follow
                if score > best_score:
                    best, best_score = (t, k), score
        if best is not None:
            return best
        if head is not None:
            for t, k in plays:
                if t == head and k == seat:
                    return (t, k)
        best_score = -1000
        for t, k in plays:
            score = t[0] + t[1] + (20 if k == seat else 0) - (30 if avoid_gift and k != seat and k != seats else 0)
            if score > best_score:
                best, best_score = (t, k), score
        return best  # type: ignore[return-value]
    return choose_play


POLICIES = {
    "q0": make(),
    "qmark": make(own_first_when_marked=True),
    "qgift": make(avoid_gift=True),
    "qmex0": make(mexican_bonus=0),
    "qfollow": make(follow=15),
    "qfollow40": make(follow=40),
    "qblock1": make(block=1),
    "qblock2": make(block=2),
}
