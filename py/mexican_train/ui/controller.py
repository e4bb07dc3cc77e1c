"""The game's behaviour on screen, without a screen: a pure ``Session`` and ``apply(session, event)``.

The page sends every click and key as a small event; ``apply`` returns the
next Session, and ``view_model`` (in ``viewmodel``) turns a Session into what
to draw (``handle`` does the same for an event still in its JSON form). Nothing here touches the DOM, storage or a clock,
so all of it runs and is tested on CPython.

The events are declared in ``protocol`` (``EventType``, one dataclass each);
``apply`` takes those the route table gives the match (``Part.MATCH``).
"""

from __future__ import annotations

import random
from enum import StrEnum
from typing import Any, NamedTuple

from ..actions import DRAW_ACTION, PASS_ACTION, PLAY, STOP_ACTION, Action, play, train_of
from ..engine import Event
from ..errors import MexicanTrainError
from ..match import HUMAN, Match, Player, new_match
from ..players.base import Steps
from ..rules import Rules
from ..tiles import Tile, parse_tile
from ..view import seat_view
from .. import names
from ..i18n import LANGUAGES, N_, _, join_and, plural, translations
from . import protocol
from . import strings as S
from .narrate import describe_move, narrate, round_end, step_events, tile_text, train_name

class Speed(NamedTuple):
    """A pace for computer players: the pause between two of their actions, and its name on screen."""

    name: str
    delay_ms: int
    label: str  # msgid


SPEEDS: tuple[Speed, ...] = (Speed("slow", 1400, N_("Slow")), Speed("normal", 800, N_("Normal")),
                             Speed("fast", 300, N_("Fast")), Speed("instant", 0, N_("Instant")))
"""Every CPU speed, declared once (the setup screen and the menu offer these)."""
CPU_SPEEDS = {speed.name: speed.delay_ms for speed in SPEEDS}
"""Pause between two CPU actions, in milliseconds, by speed."""
DEFAULT_SPEED = "normal"


class AfterTurn(NamedTuple):
    """What happens when a person's turn is over: a name and its words on screen."""

    name: str
    label: str  # msgid


AFTER_TURN: tuple[AfterTurn, ...] = (AfterTurn("wait", N_("Wait for Next player")),
                                     AfterTurn("go", N_("Go straight on")))
"""The choices of the "After my turn" setting, declared once (the setup screen and the menu offer these)."""
AFTER_TURN_DEFAULT = {"solo": "go", "group": "wait"}
"""The setting's default: one person against computers goes straight on; people sharing a device wait, so
everyone sees the board before the next person plays (the rule page's review step)."""


def default_after_turn(people: int) -> str:
    """The "After my turn" default for a table with ``people`` persons on this device."""
    return AFTER_TURN_DEFAULT["group" if people >= 2 else "solo"]


class Screen(StrEnum):
    """What the page shows: the setup screen, or the game's board with its round and match end on top."""

    SETUP = "setup"
    BOARD = "board"
    ROUND_END = "round_end"
    MATCH_END = "match_end"


SECTIONS: dict[Screen, str] = {Screen.SETUP: "setup", Screen.BOARD: "game", Screen.ROUND_END: "game",
                               Screen.MATCH_END: "game"}
"""The part of the page (``#setup-screen`` or ``#game-screen``) each screen is drawn in."""
SUMMARISED_SPEEDS = ("fast", "instant")
"""At these speeds a CPU turn is announced once, as a summary, not action by action."""


class Happened(NamedTuple):
    """What the last action committed did on the board: its round (0-based) and its public events, as the
    engine's log records them (``narrate.step_events``)."""

    round: int
    events: tuple[Event, ...]


class Session(NamedTuple):
    """Everything the screen shows that is not the match itself, plus the match."""

    match: Match | None = None
    selected: Tile | None = None
    revealed: int | None = None  # hotseat: the seat whose hand is on screen
    awaiting_next: bool = False  # a human turn is over: the board waits for Next player
    paused: bool = False
    auto_paused: bool = False  # the pause came from the page being hidden, not from the player
    hidden: bool = False  # the page is not visible: CPU play waits
    cpu_speed: str = "normal"
    after_turn: str = "wait"  # a person's turn over: "wait" for Next player, or "go" straight on
    rounds_seen: int = 0  # finished rounds whose end screen the players have closed
    final_seen: bool = False
    hint: tuple[Action, str] | None = None  # the hint on screen: the action it suggests, and its sentence
    announce: tuple[str, ...] = ()
    prompts: tuple[str, ...] = ()  # lines of ``announce`` the screen shows already (the banner, a chosen tile)
    cpu_moves: tuple[str, ...] = ()  # the CPU turn in progress, for its summary
    error: str | None = None
    happened: Happened | None = None  # the action this step committed, if it committed one
    friends: tuple[tuple[int, str], ...] = ()  # seats played from a friend's device: (seat, its language)
    away: tuple[int, ...] = ()  # friends' seats whose device is not connected now
    stand_ins: tuple[tuple[int, str], ...] = ()  # an away friend's seat a computer plays meanwhile: (seat, level)


class Facts(NamedTuple):
    """What a Session means for the screen: which screen is up, whose hand may be shown, who may act now.
    Worked out once per state of the Session (``facts``) and handed to whatever needs them: the event's
    handling here, the view model (``viewmodel.view_model``), the page's jobs (``matchapp``)."""

    screen: Screen
    viewer: int | None      # the seat whose hand may be on screen
    human_to_move: int | None   # the person whose turn it is and who may act now
    needs_reveal: bool      # hotseat: a person is to move and their hand is not on screen yet
    cpu_to_move: bool       # a computer is to move and may act now
    hotseat: bool           # two or more people share the device
    humans: tuple[int, ...]  # the seats played by people on this device (not a friend's, at its own)


_known: tuple[Match | None, tuple[object, ...], Facts] | None = None
"""The facts last worked out: of which match, for which of the Session's other fields (``_fact_key``)."""


def _fact_key(session: Session) -> tuple[object, ...]:
    """The fields of a Session besides its match that its facts depend on (not what is said or selected)."""
    return (session.revealed, session.awaiting_next, session.paused, session.hidden, session.rounds_seen,
            session.final_seen, session.stand_ins)


def facts(session: Session) -> Facts:
    """The facts of a Session (see ``Facts``). A Session is a value, and one event asks about the same state
    several times (its handling, its view, the job it starts): the facts last worked out are kept, for the
    same match and the same ``_fact_key``, and handed out again."""
    global _known
    key = _fact_key(session)
    known = _known
    if known is not None and known[0] is session.match and known[1] == key:
        return known[2]
    found = _facts(session)
    _known = (session.match, key, found)
    return found


def _facts(session: Session) -> Facts:
    shown = screen(session)
    match = session.match
    if match is None:
        return Facts(shown, None, None, False, False, False, ())
    people = local_people(session)   # a friend's seat is played at its own device, not here
    hotseat = len(people) >= 2
    seen = people[0] if len(people) == 1 else session.revealed
    seat = match.round.seat   # on the board, the match is not over
    turn = shown == Screen.BOARD and not session.awaiting_next
    person = match.players[seat].kind == HUMAN and seat not in dict(session.stand_ins)
    here = person and seat in people
    return Facts(
        screen=shown, viewer=seen,
        human_to_move=seat if turn and here and not session.paused and seen == seat else None,
        needs_reveal=turn and here and hotseat and session.revealed != seat,
        cpu_to_move=turn and not person and not session.paused and not session.hidden,
        hotseat=hotseat, humans=people)


def local_people(session: Session) -> tuple[int, ...]:
    """The seats played by people at this device: every person's seat but a friend's (``Session.friends``)."""
    match = session.match
    if match is None:
        return ()
    away = {seat for seat, _lang in session.friends}
    return tuple(seat for seat in match.humans if seat not in away)


def facts_for(session: Session, viewer: int | None, known: Facts | None = None) -> Facts:
    """The facts as seen by ``viewer``, a seat that plays from its own device (or None: a bystander): its own
    hand is always its to see, and it acts only on its own turn; the hotseat rules are the host's."""
    known = known if known is not None else facts(session)
    match = session.match
    to_move = None
    if (match is not None and viewer is not None and known.screen == Screen.BOARD and not session.paused
            and not session.awaiting_next and match.round.seat == viewer and viewer not in dict(session.stand_ins)):
        to_move = viewer
    return known._replace(viewer=viewer, human_to_move=to_move, needs_reveal=False, hotseat=False)


def screen(session: Session) -> Screen:
    """Which screen is up."""
    match = session.match
    if match is None:
        return Screen.SETUP
    if match.finished > session.rounds_seen:
        return Screen.ROUND_END
    if match.over:
        return Screen.MATCH_END if session.final_seen else Screen.ROUND_END
    return Screen.BOARD


def quiet(session: Session) -> Session:
    """The Session with nothing said and nothing done yet: the start of a step."""
    return session._replace(announce=(), prompts=(), error=None, happened=None)


# -- starting a match -------------------------------------------------------------

def default_name(seat: int, kind: str, people: int) -> str:
    """The name a seat gets when none is typed: "You" for the one person at the table, else
    "Player N" (counting from 1) for a person and "CPU N" (its seat number) for a computer."""
    if kind == HUMAN:
        return _(S.YOU) if people == 1 else _(S.PLAYER_N).format(n=seat + 1)
    return _(S.CPU_N).format(n=seat)


def _default_names_everywhere(seat: int, kind: str, people: int) -> set[str]:
    """The name ``default_name`` gives a seat, in every language of the game."""
    if kind == HUMAN:
        msgid = S.YOU if people == 1 else S.PLAYER_N
        n = seat + 1
    else:
        msgid, n = S.CPU_N, seat
    return {translations(lang).gettext(msgid).format(n=n) for lang in LANGUAGES}


def with_local_names(session: Session) -> Session:
    """The Session with every player who kept a default name ("You", "Player 2", "CPU 1" in any
    language), or has none (a match file's empty name), named as the language spoken now names them: a
    match started in one language and continued in another speaks one language. Names someone typed are
    kept as they are."""
    match = session.match
    if match is None:
        return session
    people = len(match.humans)
    you = _default_names_everywhere(0, HUMAN, 1)
    # with two or more people at the device, "You" (in any language) names nobody: Player N instead
    players = tuple(
        p._replace(name=default_name(seat, p.kind, people))
        if not p.name or p.name in _default_names_everywhere(seat, p.kind, people)
        or (people >= 2 and p.kind == HUMAN and p.name in you) else p
        for seat, p in enumerate(match.players))
    if players == match.players:
        return session
    return session._replace(match=match._replace(players=players))


def with_names_cleaned_said(session: Session, seats: list[int]) -> Session:
    """The Session telling the player, once, that control or invisible characters were taken out of the
    names of ``seats`` (``names.clean``), by the names the screen shows (an empty one: the default); said
    after what just happened, before what to do now."""
    match = with_local_names(session).match
    if not seats or match is None:
        return session
    shown = [match.players[seat].name for seat in sorted(set(seats))]
    line = plural(S.SAID_NAMES_CLEANED, len(shown), names=join_and(shown))
    at = len(session.announce) - len(session.prompts)
    return session._replace(announce=session.announce[:at] + (line,) + session.announce[at:])


def settings_to_match(settings: dict[str, Any]) -> tuple[Match, list[int]]:
    """A new Match from the setup form's settings, and the seats whose names lost control or invisible
    characters (``names.clean``); RulesError names a bad setting."""
    options = {name: settings.get(name) for name, _ in Rules.options() if name != "preset"}
    rules = Rules.make(settings.get("preset", "standard"), **options)
    raw_players = settings.get("players") or []
    players = []
    cleaned = []
    for seat in range(rules.seats):
        raw = raw_players[seat] if seat < len(raw_players) else {}
        kind = raw.get("kind") or (HUMAN if seat == 0 else "normal")
        name = names.clean(str(raw.get("name") or ""))
        if name.cleaned:
            cleaned.append(seat)
        players.append(Player(name.text, kind))
    people = sum(1 for p in players if p.kind == HUMAN)
    # "You" names the one person against computers; with several people it would give "You's train".
    players = [p if p.name and not (people >= 2 and p.name == _(S.YOU)) else
               p._replace(name=default_name(seat, p.kind, people)) for seat, p in enumerate(players)]
    seed = settings.get("seed")
    if not isinstance(seed, int) or seed < 0:
        seed = 0
    return new_match(rules, seed, players), cleaned


def start(settings: dict[str, Any]) -> Session:
    """A Session at the first turn of a new match (or showing why the settings cannot start one)."""
    try:
        match, cleaned = settings_to_match(settings)
    except (MexicanTrainError, TypeError, ValueError) as err:
        reason = err.localized() if isinstance(err, MexicanTrainError) else str(err)
        return Session(error=_(S.ERROR_SETTINGS).format(reason=reason))
    friends = friend_seats(settings.get("friends"), match)
    speed = _speed(settings.get("cpu_speed"))
    after_turn = _after_turn(settings.get("after_turn"), match, len(match.humans) - len(friends))
    # the one person against computers, by the default name: "you against CPU 1", never "You and CPU 1"
    you = match.humans[0] if len(match.humans) == 1 else None
    if you is not None and match.players[you].name not in _default_names_everywhere(you, HUMAN, 1):
        you = None
    players = join_and(p.name for seat, p in enumerate(match.players) if seat != you)
    said = _(S.SAID_MATCH_START_YOU if you is not None else S.SAID_MATCH_START).format(players=players)
    session = Session(match=match, cpu_speed=speed, after_turn=after_turn, friends=friends)
    session = _turn_begins(session, (said, _round_start_line(match)))
    return with_names_cleaned_said(session, cleaned)


def _speed(value: object) -> str:
    """A valid CPU speed: ``value`` if it is one, else the default."""
    return value if isinstance(value, str) and value in CPU_SPEEDS else DEFAULT_SPEED


def friend_seats(raw: object, match: Match) -> tuple[tuple[int, str], ...]:
    """The seats of ``match`` played from friends' devices, each with its device's language, as the settings
    (or the save) list them: ``[[seat, "es"], ...]``. Only a person's seat can be a friend's; anything else in
    the list is left out."""
    from ..i18n import best_language
    found: dict[int, str] = {}
    for item in raw if isinstance(raw, list) else []:
        if (isinstance(item, list) and len(item) == 2 and isinstance(item[0], int) and not isinstance(item[0], bool)
                and isinstance(item[1], str) and 0 <= item[0] < len(match.players)
                and match.players[item[0]].kind == HUMAN):
            found[item[0]] = best_language(item[1][:16])
    return tuple(sorted(found.items()))


def _after_turn(value: object, match: Match, people: int | None = None) -> str:
    """A valid "After my turn" choice: ``value`` if it is one, else the default for this table (``people``:
    the persons at this device, when not all of the match's)."""
    if value in {choice.name for choice in AFTER_TURN}:
        return str(value)
    return default_after_turn(len(match.humans) if people is None else people)


def _round_start_line(match: Match) -> str:
    state = match.round
    people = match.humans
    template = S.SAID_ROUND_START_YOU if len(people) == 1 and people[0] == state.seat else S.SAID_ROUND_START
    return _(template).format(number=state.number + 1, rounds=match.rules.rounds, engine=state.engine,
                                     name=_name(match, state.seat))


def _name(match: Match, seat: int) -> str:
    return match.players[seat].name


# -- the event loop -----------------------------------------------------------------

def handle(session: Session, event: dict[str, Any]) -> Session:
    """The Session after one event from the page, given as its JSON object (``protocol.parse_event`` reads
    it); an undeclared or malformed event changes nothing."""
    try:
        typed = protocol.parse_event(event)
    except protocol.ProtocolError:
        return quiet(session)
    return apply(session, typed)


def apply(session: Session, event: protocol.Event, seat: int | None = None) -> Session:
    """The Session after one of the match's events (``protocol.ROUTES``: Part.MATCH), from this screen or, with
    ``seat``, from that friend's device. Untimely events (a tile picked out of turn, a command that is not
    offered) change nothing but what is said. The Session's facts (``facts``) are worked out once, here, and
    handed to whatever handles the event."""
    session = quiet(session)
    if isinstance(event, protocol.NewMatch):
        return start(event.settings)
    if session.match is None:
        return session
    known = facts(session) if seat is None else facts_for(session, seat)
    match event:
        case protocol.PickTile(tile=tile):
            return _select(session, known, tile)
        case protocol.PickTrain(train=train):
            return _play_on(session, known, train)
        case protocol.RunCommand(name=name):
            return _command(session, known, name)
        case protocol.CpuTurn():
            return cpu_step(session)
        case protocol.SetSpeed(speed=speed) if speed in CPU_SPEEDS:
            return session._replace(cpu_speed=speed)
        case protocol.SetAfterTurn(value=value) if value in {choice.name for choice in AFTER_TURN}:
            return session._replace(after_turn=value)
        case protocol.FriendSeat(seat=seat_, away=away, stand_in=level):
            return friend_seat(session, seat_, away, level)
        case protocol.Visibility(hidden=hidden):
            if hidden and known.screen == Screen.BOARD and not session.paused:
                # Nobody is watching: hold the match until the player is back and presses Continue. The
                # player did not choose this pause, so a reload (which hides the page) does not keep it.
                return _shown(session._replace(hidden=True, paused=True, auto_paused=True), _(S.SAID_PAUSED))
            return session._replace(hidden=hidden)
    return session


def friend_seat(session: Session, seat: int, away: bool, level: str) -> Session:
    """A friend's seat is away (with a computer of ``level`` standing in, or "" for none: the match waits at
    its turn) or back (its friend plays it again). Anything but a friend's seat, or a level that is no
    computer's, changes nothing."""
    from ..players import LEVELS
    if seat not in {friend for friend, _lang in session.friends} or (level and level not in {l.name for l in LEVELS}):
        return session
    others = tuple(s for s in session.away if s != seat)
    stand_ins = tuple(pair for pair in session.stand_ins if pair[0] != seat)
    if not away:
        return session._replace(away=others, stand_ins=stand_ins)
    return session._replace(away=tuple(sorted(others + (seat,))),
                            stand_ins=tuple(sorted(stand_ins + (((seat, level),) if level else ()))))


def _select(session: Session, known: Facts, text: object) -> Session:
    seat = known.human_to_move
    match = session.match
    if seat is None or match is None:
        return session
    try:
        t = parse_tile(str(text), match.rules.set)
    except MexicanTrainError:
        return session
    if t not in match.round.hands[seat]:
        return session
    if session.selected == t:
        return _shown(session._replace(selected=None), _(S.SAID_CLEARED))
    if not targets_of(match, t):
        return session._replace(selected=None, announce=(_(S.SAID_NOT_PLAYABLE).format(tile=tile_text(t)),))
    return _shown(session._replace(selected=t, hint=None), _(S.SAID_SELECTED).format(tile=tile_text(t)))


def targets_of(match: Match, t: Tile) -> tuple[str, ...]:
    """The trains (notation names, as text) where the seat to move may play tile ``t`` now."""
    return tuple(str(a.train) for a in match.legal_actions() if a.kind == PLAY and a.tile == t)


def _play_on(session: Session, known: Facts, train: str) -> Session:
    match = session.match
    if match is None or known.human_to_move is None:
        return session
    name = train_of(train, match.rules.seats)
    if name is None:
        return session
    if session.selected is None:  # a train pressed first (by keyboard or screen reader): say what to do
        return session._replace(announce=(_(S.SAID_PICK_FIRST),))
    if train not in targets_of(match, session.selected):
        where = train_name(match, name, known.viewer)
        return session._replace(announce=(_(S.SAID_NOT_HERE).format(tile=tile_text(session.selected), train=where),))
    return _commit(session, known, play(session.selected, name))


_COMMAND_ACTIONS = {"draw": DRAW_ACTION, "pass": PASS_ACTION, "stop": STOP_ACTION}


def _command(session: Session, known: Facts, name: object) -> Session:
    match = session.match
    if match is None:
        return session
    if isinstance(name, str) and name in _COMMAND_ACTIONS:
        action = _COMMAND_ACTIONS[name]
        if known.human_to_move is None or action not in match.legal_actions():
            return session
        return _commit(session._replace(selected=None), known, action)
    if name == "clear":
        return _shown(session._replace(selected=None), _(S.SAID_CLEARED)) if session.selected else session
    if name == "escape":
        if session.selected is not None:
            return _shown(session._replace(selected=None), _(S.SAID_CLEARED))
        return _command(session, known, "resume" if session.paused else "pause")
    if name == "pause" and known.screen == Screen.BOARD and not session.paused:
        return _shown(session._replace(paused=True), _(S.SAID_PAUSED))
    if name == "resume" and session.paused:
        return _shown(session._replace(paused=False, auto_paused=False), _(S.SAID_RESUMED))
    if name == "next" and session.awaiting_next:
        return _turn_begins(session._replace(awaiting_next=False, revealed=None), ())
    if name == "reveal" and known.needs_reveal:
        return _turn_begins(session._replace(revealed=match.round.seat), ())
    if name == "hint":
        return _hint(session)
    if name == "next_round" and known.screen == Screen.ROUND_END and not match.over:
        session = session._replace(rounds_seen=session.rounds_seen + 1, selected=None, revealed=None,
                                   awaiting_next=False)
        return _turn_begins(session, (_round_start_line(match),))
    if name == "final_results" and known.screen == Screen.ROUND_END and match.over:
        return session._replace(rounds_seen=len(match.rounds), final_seen=True)
    return session


def _hint(session: Session) -> Session:
    steps = hint_thinking(session)
    if steps is None:
        return session
    from ..players.base import finish
    action, reason = finish(steps)
    return show_hint(session, action, reason)


def hint_thinking(session: Session) -> Steps[tuple[Action, str]] | None:
    """The hint for the person to move, in steps (``players.explain_steps``), or None when no hint is due.

    The page's runner (``dispatch.Page``) works it out a slice per call, then shows it with ``show_hint``.
    """
    seat = facts(session).human_to_move
    match = session.match
    if seat is None or match is None:
        return None
    from ..players import explain_steps
    return explain_steps("strong", seat_view(match, seat), _rng(match), [p.name for p in match.players])


def show_hint(session: Session, action: Action, reason: str) -> Session:
    """The Session showing a hint worked out by ``hint_thinking`` for this very position."""
    seat = facts(session).human_to_move
    match = session.match
    if seat is None or match is None:
        return session
    text = _(S.SAID_HINT).format(action=describe_move(match, action, seat), reason=reason)
    return session._replace(hint=(action, text), announce=(text,),
                            selected=action.tile if action.kind == PLAY else session.selected)


def _rng(match: Match) -> random.Random:
    """The generator of one CPU decision: fixed by the position, so a reload decides the same way."""
    state = match.round
    return random.Random(f"mexican-train/page/{match.seed}/{state.number}/{len(state.actions)}")


def cpu_step(session: Session) -> Session:
    """The CPU seat to move takes one action (if one may act now)."""
    steps = cpu_thinking(session)
    if steps is None:
        return session
    from ..players.base import finish
    return cpu_play(session, finish(steps))


def cpu_thinking(session: Session) -> Steps[Action] | None:
    """The decision of the CPU seat to move, in steps (``players.think``), or None when no CPU may act now.

    The page's runner (``dispatch.Page``) works it out a slice per call, then plays it with ``cpu_play``.
    """
    match = session.match
    if match is None or not facts(session).cpu_to_move:
        return None
    from ..players import think
    seat = match.round.seat
    return think(kind_playing(session, seat), seat_view(match, seat), _rng(match))


def kind_playing(session: Session, seat: int) -> str:
    """Who plays ``seat`` now: its kind in the match, or the level of the computer standing in for a friend
    who is away (``Session.stand_ins``)."""
    assert session.match is not None
    return dict(session.stand_ins).get(seat, session.match.players[seat].kind)


def cpu_play(session: Session, action: Action) -> Session:
    """The CPU seat to move plays ``action``, worked out by ``cpu_thinking`` for this very position."""
    known = facts(session)
    if not known.cpu_to_move:
        return session
    return _commit(session, known, action)


def _commit(session: Session, known: Facts, action: Action) -> Session:
    """Apply an action of the seat to move, narrate it, and set up what comes next (``known``: the Session's
    facts)."""
    before = session.match
    assert before is not None   # an action is committed only in a match
    seat = before.round.seat
    after = before.apply(action)
    lines, moves = narrate(before, after, viewer=known.viewer)
    cpu = kind_playing(session, seat) != HUMAN
    turn_over = after.round.number != before.round.number or after.round.over or after.round.seat != seat
    session = session._replace(match=after, selected=None, hint=None,
                               happened=Happened(before.round.number, step_events(before, after)))
    if cpu:
        moves = session.cpu_moves + moves
        if session.cpu_speed in SUMMARISED_SPEEDS:
            # one sentence for the whole turn, and then, at every speed, how the round ended
            lines = ((_(S.SAID_CPU_TURN).format(name=_name(before, seat), moves=_(S.SAID_AND).join(moves)),)
                     if turn_over else ()) + round_end(before, after, known.viewer)
        session = session._replace(cpu_moves=() if turn_over else moves)
    if facts(session).screen != Screen.BOARD:   # the facts of the state after the action
        return session._replace(announce=lines, awaiting_next=False, revealed=None)
    if not turn_over:
        return session._replace(announce=lines)
    lines += _open_double_lines(after, known.viewer)
    if not cpu and seat in local_people(session):
        # people share the device: the hand leaves the screen with the turn
        session = session._replace(revealed=None if known.hotseat else session.revealed)
        if session.after_turn == "wait":
            return _prompted(session._replace(awaiting_next=True), lines, _(S.DO_NEXT))
    return _turn_begins(session, lines)


def _open_double_lines(match: Match, seat_on_screen: int | None) -> tuple[str, ...]:
    """At the end of a turn: every double left open, which the next players must cover first."""
    state = match.round
    return tuple(_(S.SAID_OPEN_DOUBLE).format(value=state.trains[k].end,
                                              train=train_name(match, state.train_name(k), seat_on_screen))
                 for k in state.open_doubles)


def _prompted(session: Session, lines: tuple[str, ...], prompt: str) -> Session:
    """Say ``lines`` and then ``prompt``, what to do now: the banner shows it, so the log shows it only to
    screen readers."""
    return session._replace(announce=lines + (prompt,), prompts=(prompt,))


def _shown(session: Session, line: str) -> Session:
    """Say ``line``, which the screen shows already (a tile lifted or put back, the pause dialog): to screen
    readers only, like a prompt."""
    return _prompted(session, (), line)


def _turn_begins(session: Session, lines: tuple[str, ...]) -> Session:
    """Announce whose turn it is now."""
    match = session.match
    known = facts(session)
    if match is None or known.screen != Screen.BOARD:
        return session._replace(announce=lines)
    seat = match.round.seat
    if match.players[seat].kind == HUMAN and seat in known.humans:
        if known.needs_reveal:
            line = _(S.DO_REVEAL).format(name=_name(match, seat))
        else:
            line = _(S.SAID_TURN_YOU) if not known.hotseat else _(S.SAID_TURN).format(name=_name(match, seat))
    else:
        line = _(S.SAID_TURN).format(name=_name(match, seat))
    return _prompted(session, lines, line)


def restore(match: Match, app: dict[str, Any] | None) -> Session:
    """A Session continuing a saved match exactly where it was left: paused only if the player had paused, the
    chosen tile still chosen, the same speed, setting and screens. When people share the device, the hand of
    the person to move stays hidden until they press Reveal hand, as at any turn change."""
    app = app if isinstance(app, dict) else {}
    finished = match.finished
    rounds_seen = app.get("rounds_seen")
    if not isinstance(rounds_seen, int) or not 0 <= rounds_seen <= finished:
        rounds_seen = finished
    final_seen = bool(app.get("final_seen")) and match.over
    if match.over and not final_seen and rounds_seen >= finished:
        rounds_seen = finished - 1  # a finished match without its screens (a bare match file): its last round's end
    friends = friend_seats(app.get("friends"), match)
    session = Session(match=match, paused=bool(app.get("paused")), rounds_seen=rounds_seen, final_seen=final_seen,
                      awaiting_next=bool(app.get("awaiting_next")),
                      cpu_speed=_speed(app.get("cpu_speed")),
                      after_turn=_after_turn(app.get("after_turn"), match, len(match.humans) - len(friends)),
                      # the friends' devices were connected to the page that saved: each comes back by a new
                      # invitation (static/js/friends.js), and until then its seat is away
                      friends=friends, away=tuple(seat for seat, _lang in friends))
    session = session._replace(selected=_saved_selection(session, app.get("selected")))
    if session.awaiting_next:
        return _prompted(session, (_(S.SAID_RESTORED),), _(S.DO_NEXT))
    return _turn_begins(session, (_(S.SAID_RESTORED),))


def _saved_selection(session: Session, text: object) -> Tile | None:
    """The tile the person to move had chosen, if the save names one they may still play."""
    match = session.match
    if not isinstance(text, str) or match is None or screen(session) != Screen.BOARD or session.awaiting_next:
        return None
    seat = match.round.seat
    if match.players[seat].kind != HUMAN:
        return None
    try:
        t = parse_tile(text, match.rules.set)
    except MexicanTrainError:
        return None
    return t if t in match.round.hands[seat] and targets_of(match, t) else None


def app_state(session: Session) -> dict[str, Any]:
    """What the save keeps besides the match file: a pause the player chose, the chosen tile, speed, the
    "After my turn" setting, which screens were closed."""
    selected = session.selected
    return {"paused": session.paused and not session.auto_paused, "cpu_speed": session.cpu_speed,
            "after_turn": session.after_turn, "rounds_seen": session.rounds_seen, "final_seen": session.final_seen,
            "awaiting_next": session.awaiting_next,
            "selected": None if selected is None else tile_text(selected),
            **({"friends": [list(friend) for friend in session.friends]} if session.friends else {})}
