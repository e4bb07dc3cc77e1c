"""An independent, deliberately simple reference implementation of one round of RULES.md.

Written from the shared RULES.md and FORMATS.md alone (it does not import or
mirror the project's engine). It is slow and mutable on purpose: every branch
says which rulebook line it implements, so a disagreement with the engine can
be traced to a sentence of the rulebook.

    ref = ReferenceRound(rules_dict, round_number, hands, boneyard)
    ref.legal()          # sorted list of action strings (FORMATS.md notation)
    ref.apply("3-9@M")   # raises IllegalAction if the text is not in legal()
    ref.over, ref.scores

``rules_dict`` is the ``rules`` object of the match file; ``hands`` is a list
of lists of tile strings ("a-b"), ``boneyard`` the tile strings in draw order.

The opening-chain double (RULES.md, Opening turn + settled points 2 and 3) is
the one place where the rulebook admits several readings; ``chain_double``
selects one (see ``CHAIN_DOUBLE_READINGS``). The default is the reading this
file argues for.
"""

from __future__ import annotations

MEXICAN = "M"

CHAIN_DOUBLE_READINGS = {
    # The default, judged the most faithful (it makes every sentence true at once):
    # the last chain tile is a double (not exhausted) and the hand is not empty.
    # - The hand holds a cover: only the covers are legal, no `stop`. The double
    #   "obliges one more play" (Doubles), "A double inside the chain is covered
    #   by the next tile of the chain" (Opening turn), "A cover from the hand
    #   continues the chain" (point 2) and "If any legal play exists, the seat
    #   must make one" (A turn, 2).
    # - It holds none: "A chain ends only with `stop`, even when no further tile
    #   fits (then `stop` is the only legal action" (point 3); the chain has
    #   then ended on a double, so "the double rule above applies, with the
    #   seat's own train as its only eligible train" and point 2: "the seat
    #   draws one tile; a drawn tile that covers is played and ends the turn;
    #   otherwise the own train is marked" (empty boneyard: `pass`).
    "cover-if-possible-else-stop": "X2",
    # Alternative readings, kept to show what each would change:
    # X: "It may stop after any tile" taken literally: covers and `stop`; after
    #    `stop` the double rule forces the cover from the hand, which then ends
    #    the turn (the same positions as cover-then-stop, one more notation).
    #    Its flaw: that cover from the hand does not "continue the chain".
    "stop-then-double-rule": "X",
    # X3: like X, but the cover after `stop` continues the chain (so `stop`
    #    there is a no-op, against "A chain ends only with `stop`").
    "stop-then-cover-continues": "X3",
    # Y: no cover: `draw` at once, with no `stop` (against point 3).
    "cover-else-draw": "Y",
}
DEFAULT_CHAIN_DOUBLE = "cover-if-possible-else-stop"


class IllegalAction(Exception):
    pass


def parse_tile(text):
    a, b = text.split("-")
    a, b = int(a), int(b)
    assert a <= b, text
    return (a, b)


def tile_str(t):
    return f"{t[0]}-{t[1]}"


def is_double(t):
    return t[0] == t[1]


def fits(t, end):
    """RULES.md: "A tile fits a train when one of its halves equals the train's open end"."""
    return t[0] == end or t[1] == end


def other_half(t, end):
    """ "It is placed so the matching half touches the end; its other half becomes the new end." """
    return t[1] if t[0] == end else t[0]


class ReferenceRound:
    def __init__(self, rules, round_number, hands, boneyard, chain_double=DEFAULT_CHAIN_DOUBLE):
        assert chain_double in CHAIN_DOUBLE_READINGS
        self.chain_double = chain_double
        self.rules = dict(rules)
        self.top = rules["set"]
        self.n = rules["seats"]
        # "Round r (0-based) uses engine N - r."
        self.engine = self.top - round_number
        # "Round r is started by seat r mod seats; play passes in seat order."
        self.seat = round_number % self.n
        self.hands = [[parse_tile(t) for t in h] for h in hands]
        self.boneyard = [parse_tile(t) for t in boneyard]
        # Trains: one per seat plus the Mexican Train; each a list of placed tiles
        # and an open end that "starts at the engine value".
        self.names = list(range(self.n)) + [MEXICAN]
        self.train_tiles = {name: [] for name in self.names}
        self.end = {name: self.engine for name in self.names}
        self.marked = set()  # seats whose personal train carries a marker
        # "Layout: the engine and all trains."
        self.layout = {(self.engine, self.engine)}
        self.turns_taken = [0] * self.n
        self.idle_turns = 0  # consecutive turns with no tile placed and an empty boneyard
        self.over = False
        self.scores = None
        self.reason = None
        self.log = []
        self._start_turn()

    # ------------------------------------------------------------------ helpers
    def opt(self, name):
        return self.rules[name]

    def exhausted(self, v):
        """Exhausted-suit exception: "every other tile containing v is already on the layout"."""
        return all(((min(v, x), max(v, x)) in self.layout) for x in range(self.top + 1) if x != v)

    def live_double(self, t):
        """A double that obliges an extra play / binds. Settled point 6: "Under the exhausted-suit
        exception an exhausted double is an ordinary tile in every respect"."""
        if not is_double(t):
            return False
        if self.opt("exhausted_suit_exception") and self.exhausted(t[0]):
            return False
        return True

    def open_double_trains(self):
        """ "Open double: a double at the end of a train that no tile covers yet." """
        return [name for name in self.names if self.train_tiles[name] and is_double(self.train_tiles[name][-1])]

    def first_turn(self):
        """ "A seat's first turn of a round" """
        return self.turns_taken[self.seat] == 0

    def eligible_trains(self):
        """Where a tile may go (no open double), for an ordinary (non-chain) turn."""
        seat = self.seat
        names = []
        # "1. its own train, marked or not;"
        names.append(seat)
        # "2. the Mexican Train (starting it needs an engine match); in `classic` not on the
        #    seat's first turn of the round;" (option mexican_after_first_turn: "Mexican Train may
        #    start ... from a seat's second turn in the round")
        mexican_closed = self.first_turn() and self.opt("mexican_after_first_turn")
        # Opening turn: "Marked trains of other seats and the Mexican Train are not available to a
        # seat during its first turn." (part of the opening-turn rules, i.e. option opening_chain)
        if self.first_turn() and self.opt("opening_chain"):
            mexican_closed = True
        if not mexican_closed:
            names.append(MEXICAN)
        # "3. any other seat's marked train, even one never started"; "Never on another seat's
        # unmarked train."
        if not (self.first_turn() and self.opt("opening_chain")):
            names.extend(s for s in range(self.n) if s != seat and s in self.marked)
        return names

    # ------------------------------------------------------------------ turn state
    def _start_turn(self):
        self.placed = False  # a tile was placed this turn
        self.phase = "start"
        self.owed = []  # trains carrying the live double(s) this turn that oblige the extra play
        self.doubles_this_turn = 0  # live doubles played under the double rule this turn
        self.chain_turn = False
        self.restriction = None  # for the drawn tile: the restriction that applied before the draw
        self.drawn = None
        # A turn: "1. Open double first. If the layout has an open double left by an earlier turn,
        # the only legal plays are tiles that cover it, on whichever train it stands, whoever owns it."
        # Point 6: "Whether an open double binds is judged at the start of each turn" and the exception
        # "a double of value v ... binds no one, when every other tile containing v is already on the layout".
        self.binding = [name for name in self.open_double_trains()
                        if self.live_double(self.train_tiles[name][-1])]
        # Opening turn (option opening_chain): "A seat's first turn of a round: it may lay one or more
        # tiles on its own train ..."; point 1: "A classic first turn that begins bound by an open
        # double ... is an ordinary turn ... no chain follows."
        if self.opt("opening_chain") and self.first_turn() and not self.binding:
            self.chain_turn = True

    def _plays(self, tiles, trains):
        return [(t, name) for t in tiles for name in trains if fits(t, self.end[name])]

    def _restricted_plays(self, restriction, tiles):
        """Plays of ``tiles`` allowed under a restriction (a description of the turn's situation)."""
        seat = self.seat
        kind = restriction
        if kind == "bound":
            # Rule 1: covers of the binding double(s) only, on whichever train it stands.
            return self._plays(tiles, self.binding)
        if kind == "chain-start":
            # Opening turn: chain "on its own train ... forming one chain from the engine".
            return self._plays(tiles, [seat])
        if kind == "ordinary":
            # "Where a tile may go (no open double)" with the eligible trains.
            return self._plays(tiles, self.eligible_trains())
        if kind == "extra-chain":
            # "If the chain ends on a double ..., the double rule above applies, with the seat's own
            # train as its only eligible train this turn." Flexible: on the double or an eligible train
            # (= the own train, whose end is the double); immediate: cover the double just placed.
            return self._plays(tiles, [seat])
        if kind == "extra":
            (d1,) = self.owed
            if self.opt("double_rule") == "immediate":
                # "`immediate`: the extra tile must cover the double just placed."
                return self._plays(tiles, [d1])
            # "`flexible`: the extra tile may go on the double or on any train eligible to the seat
            # (the open double does not yet restrict its own player)."
            trains = list(self.eligible_trains())
            if d1 not in trains:
                trains.append(d1)
            out = []
            for t, name in self._plays(tiles, trains):
                if self._is_second_double(t, name):
                    # "Two doubles in one turn (`flexible` only): the extra play may be a second double
                    # on a different eligible train only if, after placing it, the hand still holds a
                    # tile that covers one of the two doubles. A drawn tile never counts toward that"
                    if name == d1:
                        continue  # not "a different eligible train" (cannot happen: a double's own value)
                    if not self._second_double_condition(t, name, d1):
                        continue
                out.append((t, name))
            return out
        if kind == "two-doubles":
            # "After the second double the next play must cover one of the two; then the turn ends."
            return self._plays(tiles, list(self.owed))
        raise AssertionError(kind)

    def _is_second_double(self, t, name):
        """Would placing double t make it a (live) second double? Point 6: an exhausted double "is not
        a 'second double'" (exhaustion judged as it would stand once the double is on the layout)."""
        if not is_double(t):
            return False
        if not self.opt("exhausted_suit_exception"):
            return True
        self.layout.add(t)
        try:
            return not self.exhausted(t[0])
        finally:
            self.layout.discard(t)

    def _second_double_condition(self, t, name, d1):
        """ "...only if, after placing it, the hand still holds a tile that covers one of the two
        doubles. A drawn tile never counts toward that (you may not draw to obtain it)."
        The hand after placing = the hand without t. (A tile drawn this turn is never still in hand at
        this point: a drawn tile is either played at once or ends the turn, so only the tile being
        placed can be a drawn one, and it is excluded.)"""
        u = self.end[d1]  # the first double's value
        w = t[0]          # the second double's value
        return any(fits(h, u) or fits(h, w) for h in self.hands[self.seat] if h != t)

    def _current_restriction(self):
        if self.phase == "start":
            if self.binding:
                return "bound"
            if self.chain_turn:
                return "chain-start"
            return "ordinary"
        if self.phase == "extra":
            return "extra"
        if self.phase == "extra-chain":
            return "extra-chain"
        if self.phase == "two-doubles":
            return "two-doubles"
        raise AssertionError(self.phase)

    # ------------------------------------------------------------------ legal actions
    def legal_moves(self):
        """List of (tile, train) plays and/or 'draw'/'pass'/'stop' words."""
        if self.over:
            return []
        hand = self.hands[self.seat]
        if self.phase == "drawn":
            # "If that tile has a legal play, it must be played (the same restrictions apply)."
            # (Only reached when the drawn tile has a play; otherwise the turn already ended.)
            return self._restricted_plays(self.restriction, [self.drawn])
        if self.phase == "chain":
            last = self.train_tiles[self.seat][-1]
            plays = self._plays(hand, [self.seat])  # "each fitting the previous one"
            if self.live_double(last):
                mode = CHAIN_DOUBLE_READINGS[self.chain_double]
                if mode in ("X", "X3"):
                    # "It may stop after any tile." A cover from the hand continues the chain.
                    return plays + ["stop"]
                if mode == "X2":
                    return plays if plays else ["stop"]
                if mode == "Y":
                    if plays:
                        return plays
                    return ["draw"] if self.boneyard else ["pass"]
            # "It may stop after any tile." Point 3: "A chain ends only with `stop`, even when no further
            # tile fits (then `stop` is the only legal action".
            return plays + ["stop"]
        restriction = self._current_restriction()
        if restriction == "chain-start":
            plays = self._plays(hand, [self.seat])
            if plays:
                return plays
            # "A seat that cannot start its own train at all does not draw: its train is marked
            # (anyone may start it from then on) and the turn ends." (FORMATS: `pass`)
            return ["pass"]
        plays = self._restricted_plays(restriction, hand)
        if plays:
            # "2. Must play. If any legal play exists, the seat must make one; it may not draw instead."
            return plays
        # "3. Draw one. With no legal play and a non-empty boneyard: draw exactly one tile."
        # Double rule: "If no such play exists: draw one tile (if the boneyard has any)"
        if self.boneyard:
            return ["draw"]
        # "4. Pass. With no legal play and an empty boneyard: the seat passes; its own train becomes
        # marked; the turn ends." Double rule: "otherwise mark the seat's own train and end the turn".
        return ["pass"]

    def legal(self):
        out = []
        for m in self.legal_moves():
            if isinstance(m, str):
                out.append(m)
            else:
                t, name = m
                out.append(f"{tile_str(t)}@{name}")
        return sorted(set(out))

    # ------------------------------------------------------------------ applying
    def apply(self, text):
        if text not in self.legal():
            raise IllegalAction(f"{text!r} is not legal; legal: {self.legal()}")
        self.log.append(text)
        if text == "draw":
            return self._draw()
        if text == "pass":
            return self._end_turn(mark=True)
        if text == "stop":
            return self._stop()
        tile_text, _, train_text = text.partition("@")
        t = parse_tile(tile_text)
        name = MEXICAN if train_text == MEXICAN else int(train_text)
        return self._play(t, name)

    def _draw(self):
        # Remember the restriction in force ("the same restrictions apply").
        if self.phase == "chain":
            # reading Y only: a chain that ends on a double it cannot cover draws (point 2)
            self.owed = [self.seat]
            self.phase = "extra-chain"
        restriction = self._current_restriction()
        t = self.boneyard.pop(0)
        self.hands[self.seat].append(t)
        self.drawn = t
        plays = self._restricted_plays(restriction, [t])
        if plays:
            self.restriction = restriction
            self.phase = "drawn"
            return
        # "If not, the seat's own train becomes marked; the turn ends." (automatic, not an action)
        # Double rule: "play it if it fits under the same restriction; otherwise mark the seat's own
        # train and end the turn." Point 2: "otherwise the own train is marked."
        self._end_turn(mark=True)

    def _stop(self):
        # "A chain ends only with `stop`"
        last = self.train_tiles[self.seat][-1]
        if self.live_double(last) and self.hands[self.seat]:
            # "If the chain ends on a double (and the hand is not empty), the double rule above applies,
            # with the seat's own train as its only eligible train this turn."
            self.owed = [self.seat]
            self.phase = "extra-chain"
            return
        self._end_turn(mark=False)

    def _place(self, t, name):
        seat = self.seat
        self.hands[seat].remove(t)
        end = self.end[name]
        assert fits(t, end)
        self.end[name] = other_half(t, end)
        self.train_tiles[name].append(t)
        self.layout.add(t)
        self.placed = True
        # "6. Markers. Any play by the owner on its own train removes its marker. A play there by
        # anyone else leaves the marker."
        if name == seat:
            self.marked.discard(seat)
        # "A seat that empties its hand ends the round at once (even with a double)."
        # "A double played as the seat's last tile ends the round at once."
        if not self.hands[seat]:
            self._end_round("out")
            return True
        return False

    def _play(self, t, name):
        from_phase = self.phase
        restriction = self.restriction if from_phase == "drawn" else None
        if from_phase == "drawn":
            self.drawn = None
        if self._place(t, name):
            return
        live = self.live_double(t)
        if from_phase == "chain" or (from_phase == "start" and self.chain_turn):
            # Opening chain tile: "A double inside the chain is covered by the next tile of the chain."
            # Point 4: doubles inside a chain are unlimited.
            self.phase = "chain"
            return
        if from_phase == "drawn":
            from_phase = {"ordinary": "start", "bound": "start", "extra": "extra", "extra-chain": "extra-chain",
                          "two-doubles": "two-doubles", "chain-start": "start"}[restriction]
            if restriction == "bound":
                # a drawn cover: "Covering it is an ordinary one-tile play."
                return self._end_turn(mark=False)
            if restriction == "extra-chain":
                # point 2: "a drawn tile that covers is played and ends the turn"
                return self._end_turn(mark=False)
        if from_phase == "start":
            if self.binding:
                # "Covering it is an ordinary one-tile play." -> "5. One tile. An ordinary play ends the turn"
                return self._end_turn(mark=False)
            if live:
                # "Otherwise playing a double obliges one more play in the same turn"
                # Point 5: "A double played from a drawn tile owes its extra play like any other, and
                # failing that extra play gives a second draw in the same turn."
                self.owed = [name]
                self.doubles_this_turn = 1
                self.phase = "extra"
                return
            # "5. One tile. An ordinary play ends the turn, unless it was a double."
            return self._end_turn(mark=False)
        if from_phase == "extra":
            if live:
                # a second double (checked legal by _restricted_plays): "After the second double the next
                # play must cover one of the two; then the turn ends. Never a third double in one turn."
                self.owed = self.owed + [name]
                self.doubles_this_turn = 2
                self.phase = "two-doubles"
                return
            return self._end_turn(mark=False)
        if from_phase == "extra-chain":
            mode = CHAIN_DOUBLE_READINGS[self.chain_double]
            if mode == "X3":
                # point 2: "A cover from the hand continues the chain."
                self.phase = "chain"
                self.owed = []
                return
            return self._end_turn(mark=False)
        if from_phase == "two-doubles":
            return self._end_turn(mark=False)
        raise AssertionError(from_phase)

    def _end_turn(self, mark):
        seat = self.seat
        if mark:
            # "its own train becomes marked"
            self.marked.add(seat)
        self.turns_taken[seat] += 1
        # Blocked: "count consecutive turns that ended with no tile placed and an empty boneyard; at
        # `seats` such turns it ends." Point 7: "A turn counts toward a blocked round when it placed no
        # tile and the boneyard is empty as it ends (drawing the last tile and failing counts)."
        if not self.placed and not self.boneyard:
            self.idle_turns += 1
        else:
            self.idle_turns = 0
        if self.idle_turns >= self.n:
            return self._end_round("blocked")
        # "play passes in seat order"
        self.seat = (seat + 1) % self.n
        self._start_turn()

    def _end_round(self, reason):
        self.over = True
        self.reason = reason
        # "Each seat scores the pips left in its hand: both halves of every tile. The 0-0 tile scores the
        # blank-double penalty (0, 25 or 50)."
        scores = []
        for hand in self.hands:
            total = 0
            for t in hand:
                if t == (0, 0):
                    total += self.opt("blank_double_penalty")
                else:
                    total += t[0] + t[1]
            scores.append(total)
        self.scores = scores
