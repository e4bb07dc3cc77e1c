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

from collections.abc import Mapping
from dataclasses import Field, asdict, dataclass, field, fields
from enum import StrEnum
from typing import Any, NamedTuple

from .errors import Phrase, RulesError
from .i18n import N_
from .tiles import SET_SIZES

PRESETS = ("standard", "classic")
PRESET_NAMES = {"standard": N_("Standard rules"), "classic": N_("Classic rules")}
"""Each preset in words, for the rules line under the board and the first screen's summary."""
PRESET_WORDS = {"standard": N_("standard"), "classic": N_("classic")}
"""Each preset as a word inside a sentence ("the classic rules on double-6 seat 2 to 4 players")."""

def _cut(text: str, most: int = 40) -> str:
    """A value from outside as a message quotes it: its first ``most`` characters."""
    return text if len(text) <= most else text[:most] + "…"


# -- what Rules says about settings it refuses (message ids: the page shows them in its language) ------
NOT_A_PRESET = N_("preset must be one of {presets}, not {value}")
UNKNOWN_OPTION = N_("unknown rule option: {name}")
BAD_LENGTH = N_("match length must be one, short, full or a number of rounds, not {value}")
BAD_SET = N_("set must be 6, 9 or 12 (double-6, double-9, double-12), not {value}")
BAD_SEATS = N_("the {preset} rules on double-{set} seat {low} to {high} players, not {value}")
BAD_HAND = N_("hand size must be 1 to {most} for {seats} seats on double-{set} (the engine is set aside and one "
              "tile must stay in the boneyard), not {value}")
BAD_DOUBLE_RULE = N_("double rule must be flexible or immediate, not {value}")
BAD_PENALTY = N_("blank-double penalty must be 0, 25 or 50, not {value}")
NOT_A_SWITCH = N_("{name} must be true or false, not {value}")
BAD_ROUNDS = N_("a match on double-{set} has 1 to {most} rounds, not {value}")
class DoubleRule(StrEnum):
    """What the tile after a double may do (the ``double_rule`` option, which holds the match file's word, a
    plain ``str``: a ``StrEnum`` compares equal to it): go anywhere the seat may play, or cover that double at
    once."""

    FLEXIBLE = "flexible"
    IMMEDIATE = "immediate"


FLEXIBLE, IMMEDIATE = DoubleRule.FLEXIBLE, DoubleRule.IMMEDIATE
DOUBLE_RULES = tuple(DoubleRule)
BLANK_DOUBLE_PENALTIES = (0, 25, 50)
MATCH_LENGTHS = {"one": 1, "short": 3}
"""Named match lengths; ``full`` is set + 1 rounds, one per engine."""


class Option(NamedTuple):
    """What the game needs to know about one rule option besides its value: how to offer and explain it.

    Every field of ``Rules`` carries one (``dataclasses.fields(Rules)[i].metadata["option"]``): the
    setup screen, the help, the rules line under the board, the command line's flags and the page's
    URL parameters are all derived from these, so a new option is declared once, here.
    """

    title: str                                  # msgid: its short name (the help's list of options)
    label: str                                  # msgid: the setup screen's label
    help: str                                   # msgid: one or two sentences for the help's list of options
    choices: tuple[tuple[Any, str], ...] = ()   # (value, msgid) of a closed set of values; () for a switch
    summary: Mapping[Any, str] = {}             # value -> msgid for the rules line under the board ("" or absent: nothing)
    rule: bool = True                           # a rule of play (False: the table, set, seats, match length)
    advanced: bool = False                      # offered under "Advanced options"


def option(default: Any, spec: Option) -> Any:
    """A ``Rules`` field with its default and its ``Option``."""
    return field(default=default, metadata={"option": spec})


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

    preset: str = option("standard", Option(
        N_("Rule preset"), N_("Rule preset"), N_("Standard rules or the classic ones; choosing a preset resets every rule below to its values."),
        choices=(("standard", N_("Standard")), ("classic", N_("Classic (opening chains, up to 10 players)"))),
        rule=False))
    set: int = option(12, Option(
        N_("Tile set"), N_("Tile set"), N_("Double-12 has 91 tiles, double-9 has 55, double-6 has 28."),
        choices=((12, N_("Double-12")), (9, N_("Double-9")), (6, N_("Double-6"))), rule=False))
    seats: int = option(2, Option(N_("Players"), N_("Number of players"), N_("Two to four players; the classic rules on "
                                                              "double-12 seat up to ten."), rule=False))
    hand_size: int = option(15, Option(
        N_("Tiles dealt"), N_("Tiles dealt to each player"),
        N_("Change the hand size, as long as at least one tile is left in the boneyard."), rule=False, advanced=True))
    double_rule: str = option(FLEXIBLE.value, Option(
        N_("After a double"), N_("After a double"),
        N_("Flexible: the extra tile after a double may go on the double or on any train you may use. "
           "Immediate: it must cover the double you just laid."),
        choices=((FLEXIBLE, N_("Flexible: one more tile anywhere you may play")),
                 (IMMEDIATE, N_("Immediate: cover the double at once"))),
        summary={FLEXIBLE: N_("after a double, one more tile anywhere you may play"),
                 IMMEDIATE: N_("after a double, cover it at once")}))
    blank_double_penalty: int = option(0, Option(
        N_("Double-blank penalty"), N_("A double-blank left in hand scores"),
        N_("0, 25 or 50 points for a double-blank still in your hand when the round ends."),
        choices=((0, N_("0 points")), (25, N_("25 points")), (50, N_("50 points"))),
        summary={0: N_("double-blank scores 0"), 25: N_("double-blank scores 25"), 50: N_("double-blank scores 50")}))
    exhausted_suit_exception: bool = option(False, Option(
        N_("Exhausted suit"),
        N_("A double needs no cover when every other tile of its number is already down"),
        N_("When every other tile with a double's number is already on the table, nobody could cover it, "
           "so that double needs no extra tile and blocks nobody."),
        summary={True: N_("a double with no tiles left to match needs no cover")}))
    opening_chain: bool = option(False, Option(
        N_("Opening chain"),
        N_("Opening chain: each player's first turn may lay several tiles on their own train"),
        N_("On your first turn of a round you may lay a whole chain of tiles on your own train, "
           "stopping whenever you like with End chain."),
        summary={True: N_("first turn builds a chain")}, advanced=True))
    mexican_after_first_turn: bool = option(False, Option(
        N_("Mexican Train from the second turn"),
        N_("The Mexican Train opens to a player from their second turn"),
        N_("Nobody may use the Mexican Train on their first turn of a round."),
        summary={True: N_("Mexican Train from your second turn")}, advanced=True))
    rounds: int = option(13, Option(
        N_("Match length"), N_("Match length"), N_("One round, three rounds, or a full match with one round per engine."),
        choices=(("one", N_("One round")), ("short", N_("Three rounds")), ("full", N_("Full match"))), rule=False))

    @classmethod
    def make(cls, preset: str = "standard", **options: Any) -> Rules:
        """Rules from a preset, with any option overridden; checked before it is returned.

        ``rounds`` also accepts the match lengths ``"one"``, ``"short"`` and ``"full"``.
        Options left out (or given as None) take the preset's value for the chosen set and seats.
        """
        if preset not in PRESETS:
            raise RulesError(NOT_A_PRESET, presets=", ".join(PRESETS), value=_cut(repr(preset)))
        unknown = set(options) - {f.name for f in fields(cls)} - {"preset"}
        if unknown:
            raise RulesError(UNKNOWN_OPTION, name=_cut(sorted(unknown)[0]))
        options = {k: v for k, v in options.items() if v is not None}
        top = options.get("set", 12)
        seats = options.get("seats", 2)
        classic = preset == "classic"
        base = dict(
            preset=preset, set=top, seats=seats,
            double_rule=FLEXIBLE.value, blank_double_penalty=0, exhausted_suit_exception=False,
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
                raise RulesError(BAD_LENGTH, value=repr(rounds))
        if "hand_size" not in base or "rounds" not in base:
            # the set or the seats are invalid; check() names the problem
            base.setdefault("hand_size", 0)
            base.setdefault("rounds", 0)
        rules = cls(**base)
        rules.check()
        return rules

    def check(self) -> None:
        """Raise RulesError naming the first option that is out of range."""
        def need(ok: bool, msgid: str, **params: Any) -> None:
            if not ok:
                raise RulesError(msgid, **params)

        def is_int(value: object) -> bool:
            return isinstance(value, int) and not isinstance(value, bool)

        need(self.preset in PRESETS, NOT_A_PRESET, presets=", ".join(PRESETS), value=repr(self.preset))
        need(is_int(self.set) and self.set in SET_SIZES, BAD_SET, value=repr(self.set))
        allowed = seat_range(self.preset, self.set)
        need(is_int(self.seats) and self.seats in allowed, BAD_SEATS, preset=Phrase(PRESET_WORDS[self.preset]),
             set=self.set, low=allowed.start, high=allowed.stop - 1, value=repr(self.seats))
        most = max_hand_size(self.set, self.seats)
        need(is_int(self.hand_size) and 1 <= self.hand_size <= most, BAD_HAND, most=most, seats=self.seats,
             set=self.set, value=repr(self.hand_size))
        need(self.double_rule in DOUBLE_RULES, BAD_DOUBLE_RULE, value=repr(self.double_rule))
        need(is_int(self.blank_double_penalty) and self.blank_double_penalty in BLANK_DOUBLE_PENALTIES, BAD_PENALTY,
             value=repr(self.blank_double_penalty))
        for name in ("exhausted_suit_exception", "opening_chain", "mexican_after_first_turn"):
            need(isinstance(getattr(self, name), bool), NOT_A_SWITCH, name=name, value=repr(getattr(self, name)))
        need(is_int(self.rounds) and 1 <= self.rounds <= self.set + 1, BAD_ROUNDS, set=self.set, most=self.set + 1,
             value=repr(self.rounds))

    def to_dict(self) -> dict[str, Any]:
        """The ``rules`` object of the match file, every option written out."""
        return asdict(self)

    @staticmethod
    def options() -> tuple[tuple[str, Option], ...]:
        """Every option by field name, in the order of the match file, with what is needed to offer it."""
        return tuple((f.name, f.metadata["option"]) for f in fields(Rules))

    @staticmethod
    def defaults(preset: str, top: int, seats: int) -> dict[str, Any]:
        """Every option a preset gives a set and a number of seats (what Rules.make fills in)."""
        return Rules.make(preset, set=top, seats=min(seats, seat_range(preset, top).stop - 1)).to_dict()

    def engine(self, round_number: int) -> int:
        """The engine value of a round (0-based): the set's top value counting down."""
        return self.set - round_number
