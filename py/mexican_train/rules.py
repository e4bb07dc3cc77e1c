"""The rule options of a match, and the two presets that bundle them.

``Rules`` is frozen: it is fixed for the whole match. Build one with
``Rules.make(preset, **options)``, which fills every option the caller leaves
out from the preset (RULES.md, settled point 8) and checks the result.

=========================  ====================  ============================
option                     ``standard``          ``classic``
=========================  ====================  ============================
set                        12 (9, 6)             12 (9, 6)
seats                      2-4                   2-10 on double-12, else 2-4
hand_size                  d12 15; d9 10;        d12 15/12/10/8 for 2-4/5-6/
                           d6 7 (2 seats) or 5   7-8/9-10 seats; else as
                                                 standard
double_rule                flexible              flexible
blank_double_penalty       0                     0
exhausted_suit_exception   off                   off
opening_chain              off                   on
mexican_after_first_turn   off                   on
rounds                     set + 1 (full)        set + 1 (full)
=========================  ====================  ============================
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, fields, replace

from .errors import RulesError
from .tiles import SET_SIZES

PRESETS = ("standard", "classic")
DOUBLE_RULES = ("flexible", "immediate")
BLANK_DOUBLE_PENALTIES = (0, 25, 50)
MATCH_LENGTHS = {"one": 1, "short": 3}
"""Named match lengths; ``full`` is set + 1 rounds, one per engine."""


def tile_count(top: int) -> int:
    """Number of tiles in the double-``top`` set."""
    return (top + 1) * (top + 2) // 2


def seat_range(preset: str, top: int) -> range:
    """The seat counts a preset allows on a set."""
    return range(2, 11) if preset == "classic" and top == 12 else range(2, 5)


def default_hand_size(preset: str, top: int, seats: int) -> int:
    """The hand size a preset deals on a set to a number of seats."""
    if top == 12:
        if preset == "classic":
            return 15 if seats <= 4 else 12 if seats <= 6 else 10 if seats <= 8 else 8
        return 15
    if top == 9:
        return 10
    return 7 if seats == 2 else 5


def max_hand_size(top: int, seats: int) -> int:
    """Largest hand the deal allows: the engine is set aside and one tile stays in the boneyard."""
    return (tile_count(top) - 2) // seats


@dataclass(frozen=True)
class Rules:
    """Every option of a match, written out in full (the ``rules`` object of the match file)."""

    preset: str = "standard"
    set: int = 12
    seats: int = 2
    hand_size: int = 15
    double_rule: str = "flexible"
    blank_double_penalty: int = 0
    exhausted_suit_exception: bool = False
    opening_chain: bool = False
    mexican_after_first_turn: bool = False
    rounds: int = 13

    @classmethod
    def make(cls, preset: str = "standard", **options) -> "Rules":
        """Rules from a preset, with any option overridden; checked before it is returned.

        ``rounds`` also accepts the match lengths ``"one"``, ``"short"`` and ``"full"``.
        Options left out (or given as None) take the preset's value for the chosen set and seats.
        """
        if preset not in PRESETS:
            raise RulesError(f"preset must be one of {', '.join(PRESETS)}, not {preset!r}")
        unknown = set(options) - {f.name for f in fields(cls)} - {"preset"}
        if unknown:
            raise RulesError(f"unknown rule option(s): {', '.join(sorted(unknown))}")
        options = {k: v for k, v in options.items() if v is not None}
        top = options.get("set", 12)
        seats = options.get("seats", 2)
        classic = preset == "classic"
        base = dict(
            preset=preset, set=top, seats=seats,
            double_rule="flexible", blank_double_penalty=0, exhausted_suit_exception=False,
            opening_chain=classic, mexican_after_first_turn=classic,
        )
        if top in SET_SIZES and isinstance(seats, int):
            base["hand_size"] = default_hand_size(preset, top, seats)
            base["rounds"] = top + 1
        base.update(options)
        rounds = base.get("rounds")
        if isinstance(rounds, str):
            if rounds == "full" and top in SET_SIZES:
                base["rounds"] = top + 1
            elif rounds in MATCH_LENGTHS:
                base["rounds"] = MATCH_LENGTHS[rounds]
            else:
                raise RulesError(f"match length must be one, short, full or a number of rounds, not {rounds!r}")
        if "hand_size" not in base or "rounds" not in base:
            # the set or the seats are invalid; check() names the problem
            base.setdefault("hand_size", 0)
            base.setdefault("rounds", 0)
        rules = cls(**base)
        rules.check()
        return rules

    def check(self) -> None:
        """Raise RulesError naming the first option that is out of range."""
        def need(ok: bool, message: str) -> None:
            if not ok:
                raise RulesError(message)

        def is_int(value) -> bool:
            return isinstance(value, int) and not isinstance(value, bool)

        need(self.preset in PRESETS, f"preset must be one of {', '.join(PRESETS)}, not {self.preset!r}")
        need(is_int(self.set) and self.set in SET_SIZES,
             f"set must be 6, 9 or 12 (double-6, double-9, double-12), not {self.set!r}")
        allowed = seat_range(self.preset, self.set)
        need(is_int(self.seats) and self.seats in allowed,
             f"the {self.preset} rules on double-{self.set} seat {allowed.start} to {allowed.stop - 1} players,"
             f" not {self.seats!r}")
        most = max_hand_size(self.set, self.seats)
        need(is_int(self.hand_size) and 1 <= self.hand_size <= most,
             f"hand size must be 1 to {most} for {self.seats} seats on double-{self.set}"
             f" (the engine is set aside and one tile must stay in the boneyard), not {self.hand_size!r}")
        need(self.double_rule in DOUBLE_RULES,
             f"double rule must be flexible or immediate, not {self.double_rule!r}")
        need(is_int(self.blank_double_penalty) and self.blank_double_penalty in BLANK_DOUBLE_PENALTIES,
             f"blank-double penalty must be 0, 25 or 50, not {self.blank_double_penalty!r}")
        for name in ("exhausted_suit_exception", "opening_chain", "mexican_after_first_turn"):
            need(isinstance(getattr(self, name), bool), f"{name} must be true or false, not {getattr(self, name)!r}")
        need(is_int(self.rounds) and 1 <= self.rounds <= self.set + 1,
             f"a match on double-{self.set} has 1 to {self.set + 1} rounds, not {self.rounds!r}")

    def to_dict(self) -> dict:
        """The ``rules`` object of the match file, every option written out."""
        return asdict(self)

    def with_options(self, **options) -> "Rules":
        """A checked copy with some options changed."""
        rules = replace(self, **options)
        rules.check()
        return rules

    def engine(self, round_number: int) -> int:
        """The engine value of a round (0-based): the set's top value counting down."""
        return self.set - round_number
