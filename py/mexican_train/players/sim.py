"""A small, mutable, fast copy of the round rules, for play-outs inside a CPU's head.

The engine (``engine.py``) is the authority: it is immutable and keeps a full
history, which is what a match needs but more than a play-out does. ``Sim``
holds only what the rules of the rest of a round depend on (open ends,
markers, open doubles, hands, the boneyard still to come, the phase of the
turn) in plain lists it edits in place, and follows ``engine.py`` step for
step: the same phases, the same legal plays, the same automatic steps.
``tests/test_players.py`` checks that both agree on every position of many
random rounds.

A ``Sim`` is built from a seat's view plus a guess at what that seat cannot
see (the other hands and the boneyard order; see ``sampling``). Trains are
indexed as in the engine: seats first, the Mexican Train last. A play is a
pair ``(tile, train index)``.
"""

from __future__ import annotations

FREE, BOUND, DOUBLE, TWO_DOUBLES, CHAIN, OVER = "free", "bound", "double", "two-doubles", "chain", "over"


class Sim:
    """The state of a round, mutable. Build one with ``from_view``; ``copy`` before trying a line of play."""

    __slots__ = ("seats", "top", "immediate", "exhausted_rule", "opening_chain", "mexican_later", "penalty",
                 "ends", "marked", "dbl", "laid", "hands", "boneyard", "draws", "seat", "phase", "doubles",
                 "chain", "drawn", "placed", "had_turn", "idle", "scores", "out")

    @classmethod
    def from_view(cls, view, hands, boneyard) -> "Sim":
        """The round as ``view`` shows it, with ``hands`` (one per seat) and ``boneyard`` (draw order) filled in."""
        sim = cls.__new__(cls)
        rules = view.rules
        sim.seats = rules.seats
        sim.top = rules.set
        sim.immediate = rules.double_rule == "immediate"
        sim.exhausted_rule = rules.exhausted_suit_exception
        sim.opening_chain = rules.opening_chain
        sim.mexican_later = rules.mexican_after_first_turn
        sim.penalty = rules.blank_double_penalty
        sim.ends = [t.end for t in view.trains]
        sim.marked = [t.marked for t in view.trains]
        sim.dbl = [bool(t.tiles) and t.tiles[-1][0] == t.tiles[-1][1] for t in view.trains]
        laid = [0] * (rules.set + 1)
        for train in view.trains:
            for a, b in train.tiles:
                if a != b:
                    laid[a] += 1
                    laid[b] += 1
        sim.laid = laid
        sim.hands = [list(h) for h in hands]
        sim.boneyard = tuple(boneyard)
        sim.draws = 0
        sim.seat = view.to_move
        sim.phase = view.phase
        sim.doubles = list(view.doubles)
        sim.chain = view.chain
        sim.drawn = view.drawn if view.to_move == view.seat else None
        sim.placed = view.placed
        sim.had_turn = list(view.had_turn)
        sim.idle = view.idle_turns
        sim.scores = None
        sim.out = None
        return sim

    def copy(self) -> "Sim":
        """An independent copy (the boneyard, never edited, is shared)."""
        sim = Sim.__new__(Sim)
        sim.seats, sim.top, sim.immediate, sim.exhausted_rule = self.seats, self.top, self.immediate, \
            self.exhausted_rule
        sim.opening_chain, sim.mexican_later, sim.penalty = self.opening_chain, self.mexican_later, self.penalty
        sim.ends, sim.marked, sim.dbl, sim.laid = self.ends[:], self.marked[:], self.dbl[:], self.laid[:]
        sim.hands = [h[:] for h in self.hands]
        sim.boneyard, sim.draws, sim.seat, sim.phase = self.boneyard, self.draws, self.seat, self.phase
        sim.doubles, sim.chain, sim.drawn, sim.placed = self.doubles[:], self.chain, self.drawn, self.placed
        sim.had_turn, sim.idle, sim.scores, sim.out = self.had_turn[:], self.idle, self.scores, self.out
        return sim

    # -- what the rules allow ------------------------------------------------------

    def exhausted(self, value: int) -> bool:
        """Exhausted-suit exception: every tile of ``value`` but its double is on the layout."""
        return self.exhausted_rule and self.laid[value] == self.top

    def binding(self) -> list[int]:
        """Trains ending in an open double that binds the seat to move."""
        dbl = self.dbl
        if not self.exhausted_rule:
            return [k for k in range(self.seats + 1) if dbl[k]]
        return [k for k in range(self.seats + 1) if dbl[k] and not self.exhausted(self.ends[k])]

    def eligible(self, seat: int) -> list[int]:
        """Trains ``seat`` may play on when no double restricts it."""
        first = not self.had_turn[seat]
        if first and self.opening_chain:
            return [seat]
        marked = self.marked
        found = [k for k in range(self.seats) if k == seat or marked[k]]
        if not (first and self.mexican_later):
            found.append(self.seats)
        return found

    def targets(self) -> list[int]:
        """The trains a play may go on in the current phase (before the two-doubles check)."""
        phase = self.phase
        if phase == FREE:
            return self.eligible(self.seat)
        if phase == BOUND:
            return self.binding()
        if phase == DOUBLE:
            if self.immediate:
                return self.doubles[:1]
            found = self.eligible(self.seat)
            if self.doubles[0] not in found:
                found.append(self.doubles[0])
            return found
        if phase == TWO_DOUBLES:
            return self.doubles
        if phase == CHAIN:
            return [self.seat]
        return []

    def plays(self) -> list[tuple]:
        """Every legal play ``(tile, train)`` of the seat to move (unordered)."""
        phase = self.phase
        seat = self.seat
        if phase == FREE and self.had_turn[seat]:
            marked = self.marked
            targets = [k for k in range(self.seats) if k == seat or marked[k]]
            targets.append(self.seats)
        elif phase == OVER:
            return []
        else:
            targets = self.targets()
        hand = self.hands[seat]
        ends = self.ends
        found = []
        if self.drawn is not None:
            tiles = (self.drawn,)
        else:
            tiles = hand
            if len(targets) == 1:
                e = ends[targets[0]]
                k = targets[0]
                found = [(t, k) for t in hand if t[0] == e or t[1] == e]
                tiles = ()
        for t in tiles:
            a, b = t
            for k in targets:
                e = ends[k]
                if a == e or b == e:
                    found.append((t, k))
        if phase == DOUBLE and not self.immediate and found:
            first_value = ends[self.doubles[0]]
            kept = []
            for t, k in found:
                a, b = t
                if a == b and not self.exhausted(a):
                    # Two doubles in one turn: only with a cover for one of them left in hand.
                    if not any(u != t and (first_value in u or a in u) for u in hand):
                        continue
                kept.append((t, k))
            found = kept
        return found

    def specials(self) -> list[str]:
        """The legal non-play actions: ``draw``, ``pass`` or ``stop`` (given the plays are as ``plays()``)."""
        phase = self.phase
        if phase == OVER:
            return []
        if phase == CHAIN:
            if self.chain == 0:
                return [] if self.plays() else ["pass"]
            if self.dbl[self.seat] and self.plays():
                return []
            return ["stop"]
        if self.plays():
            return []
        return ["draw"] if self.draws < len(self.boneyard) else ["pass"]

    # -- steps -----------------------------------------------------------------------

    def play(self, t, k: int) -> None:
        """Place tile ``t`` on train ``k`` (a legal play)."""
        seat = self.seat
        a, b = t
        end = self.ends[k]
        self.ends[k] = b if a == end else a
        if k == seat and self.marked[k]:
            self.marked[k] = False
        self.dbl[k] = a == b
        if a != b:
            self.laid[a] += 1
            self.laid[b] += 1
        hand = self.hands[seat]
        hand.remove(t)
        self.drawn = None
        self.placed = True
        if not hand:
            self.finish(seat)
            return
        phase = self.phase
        if phase == CHAIN:
            self.chain += 1
        elif a == b and (phase == FREE or phase == DOUBLE) and not self.exhausted(a):
            if phase == FREE:
                self.phase = DOUBLE
                self.doubles = [k]
            else:
                self.phase = TWO_DOUBLES
                self.doubles.append(k)
        else:
            self.end_turn()

    def draw(self) -> bool:
        """Draw one tile; returns True when it must be played now (else the train is marked, the turn over)."""
        t = self.boneyard[self.draws]
        self.draws += 1
        self.hands[self.seat].append(t)
        self.drawn = t
        if self.plays():
            return True
        self.drawn = None
        self.marked[self.seat] = True
        self.end_turn()
        return False

    def pass_turn(self) -> None:
        """No play and nothing to draw (or no opening chain): mark the own train, end the turn."""
        self.marked[self.seat] = True
        self.end_turn()

    def stop(self) -> None:
        """End an opening chain."""
        seat = self.seat
        if self.dbl[seat] and not self.exhausted(self.ends[seat]):
            self.phase = DOUBLE
            self.doubles = [seat]
            self.chain = 0
        else:
            self.end_turn()

    def end_turn(self) -> None:
        seat = self.seat
        empty = self.draws == len(self.boneyard)
        self.idle = self.idle + 1 if (not self.placed and empty) else 0
        self.had_turn[seat] = True
        if self.idle >= self.seats:
            self.finish(None)
            return
        seat = (seat + 1) % self.seats
        self.seat = seat
        self.doubles = []
        self.chain = 0
        self.drawn = None
        self.placed = False
        if True in self.dbl and (not self.exhausted_rule or self.binding()):
            self.phase = BOUND
        elif self.opening_chain and not self.had_turn[seat]:
            self.phase = CHAIN
        else:
            self.phase = FREE

    def finish(self, out) -> None:
        penalty = self.penalty
        self.scores = [sum(penalty if t[0] == 0 and t[1] == 0 else t[0] + t[1] for t in h) for h in self.hands]
        self.out = out
        self.phase = OVER
        self.doubles = []
        self.drawn = None

    @property
    def over(self) -> bool:
        return self.phase == OVER

    # -- engine actions (for tests and for the first step of a play-out) ----------------

    def apply(self, action) -> None:
        """Apply an engine ``Action`` (``play``/``draw``/``pass``/``stop``)."""
        kind = action.kind
        if kind == "play":
            self.play(action.tile, self.seats if action.train == "M" else action.train)
        elif kind == "draw":
            self.draw()
        elif kind == "pass":
            self.pass_turn()
        else:
            self.stop()
