"""What the page draws, as plain JSON-ready data: ``view_model(session)``, of the shape ``views.GameView``.

The page's renderer builds the DOM from this and nothing else. It is built
for one viewer, a seat, and holds only what that viewer may see: its hand
(no other hand, no boneyard tile), counts for everyone, the layout. The
viewer is the seat on screen (``controller.Facts.viewer``) unless another is named
(a seat playing from another device).
"""

from __future__ import annotations

import functools
import json
import zlib
from typing import Any

from ..actions import DRAW, PASS, PLAY, STOP, Action, train_name as name_of, train_of
from ..engine import RoundResult, RoundState
from ..i18n import _, join_and, plural, plural_forms
from ..kernel import BOUND, CHAIN, DOUBLE, TWO_DOUBLES
from ..match import HUMAN, Match, Player
from ..players import LEVELS
from ..rules import IMMEDIATE, PRESET_NAMES, Rules
from ..tiles import Tile
from . import strings as S
from .controller import CPU_SPEEDS, Facts, Happened, Screen, Session, facts as facts_of, facts_for, kind_playing, targets_of
from .narrate import is_you, seat_label, tile_text, train_name, train_title
from .views import (BoardScreen, BoardView, Button, CommandButton, CommandId, Focus, GameView, HandTile, HandView, Hint,
                    MatchEnd, MatchEndRow, MatchSummary, PlayerRow, RoundEnd, RoundEndRow, RoundLine, Series, SetupView,
                    StepEvent, TileFace, TrainRow, TrainState)

LEVEL_LABELS = {level.name: level.label for level in LEVELS}
BOARD_SCREENS: dict[Screen, BoardScreen] = {Screen.BOARD: "board", Screen.ROUND_END: "round_end",
                                            Screen.MATCH_END: "match_end"}
"""The screens of a match by the name the view model gives them (``views.BoardScreen``: the same words)."""
SCREEN_SEAT = -1
"""``view_model``'s default viewer: the seat on screen (``controller.Facts.viewer``)."""


def view_model(session: Session, facts: Facts | None = None, viewer: int | None = SCREEN_SEAT) -> GameView:
    """Everything the page shows for this Session, for ``viewer`` (default: the seat on screen; a seat
    number for a seat that plays from another device; None for a bystander). ``facts`` are the Session's
    (``controller.facts``), when the caller has them already."""
    known = facts if facts is not None else facts_of(session)
    if viewer != SCREEN_SEAT and viewer != known.viewer:
        known = facts_for(session, viewer, known)
    shown = known.screen
    match = session.match
    if match is None:
        setup: SetupView = {"screen": "setup", "announce": list(session.announce), "prompts": list(session.prompts),
                            "error": session.error}
        return setup
    state = match.rounds[session.rounds_seen] if shown == Screen.ROUND_END else match.round
    me = known.viewer
    vm: BoardView = {
        "screen": BOARD_SCREENS[shown], "announce": list(session.announce), "prompts": list(session.prompts),
        "error": session.error,
        "round": _round_line(match, state),
        "players": _players(session, known, match, state, me),
        "trains": _trains(session, known, match, state, me),
        "hand": _hand(session, known, match, state, me),
        "commands": _commands(session, known, match),
        "banner": _banner(session, known, match, state, me),
        "rules": rules_summary(match.rules),
        "paused": session.paused,
        "cpu": {"pending": known.cpu_to_move, "delay": CPU_SPEEDS[session.cpu_speed], "speed": session.cpu_speed},
        "after_turn": session.after_turn,
        "hint": _hint(session.hint),
        "focus": _focus(session, known),
        "step": f"{state.number}/{len(state.actions)}/{int(session.awaiting_next)}/{session.revealed}",
        "hotseat": known.hotseat,
        "viewer": me,
        "summary": match_summary(match),
        "events": _events(session.happened),
    }
    if shown == Screen.ROUND_END:
        vm["round_end"] = _round_end(match, state, me)
    if shown == Screen.MATCH_END:
        vm["match_end"] = _match_end(match, known)
    return vm


def tile_face(t: Tile, first: int | None = None) -> TileFace:
    """A tile as drawn: ``first`` is the half shown first (on a train, the one that matches it); else the lower."""
    a = t.low if first is None or first == t.low else t.high
    return {"id": tile_text(t), "a": a, "b": t.high if a == t.low else t.low}


def _hint(hint: tuple[Action, str] | None) -> Hint | None:
    if hint is None:
        return None
    action = hint[0]
    tile = tile_text(action.tile) if action.tile is not None else None
    return {"action": str(action), "tile": tile, "train": str(action.train) if action.train is not None else None}


def round_text(match: Match, state: RoundState) -> str:
    """"Round 3 of 13"."""
    return _(S.ROUND_OF).format(number=state.number + 1, rounds=match.rules.rounds)


def match_summary(match: Match) -> MatchSummary:
    """What a page that embeds the game may learn about the match (static/js/host.js): never a tile.

    ``match`` tells matches apart (a fingerprint of the deal number, rules and players); ``rules`` is the
    match file's rules object; ``kinds`` and ``names`` go seat by seat; ``rounds`` holds each finished
    round's scores and ``totals_after`` the totals after it; ``winners`` is empty until the match is ``over``.
    """
    fingerprint, rules = _fixed_part(match.rules, match.seed, match.players)
    rounds = [list(_result(r).scores) for r in match.rounds[:match.finished]]
    return {"match": fingerprint, "rules": dict(rules), "kinds": [p.kind for p in match.players],
            "names": [p.name for p in match.players], "rounds": rounds,
            "totals_after": [list(totals) for totals in match.running_totals],
            "totals": list(match.totals), "over": match.over, "winners": list(match.winners)}


def _events(happened: Happened | None) -> list[StepEvent]:
    """What the step on screen did, from the engine's public event log (``controller.Happened``): what sounds
    and a page that embeds the game follow (static/js/sound.js, host.js). Never a tile drawn or held."""
    if happened is None:
        return []
    return [{"kind": event.kind, "seat": event.seat, "round": happened.round + 1,
             "tile": tile_text(event.tile) if event.tile is not None else None,
             "train": str(event.train) if event.train is not None else None} for event in happened.events]


@functools.lru_cache(maxsize=4)
def _fixed_part(rules: Rules, seed: int, players: tuple[Player, ...]) -> tuple[str, dict[str, Any]]:
    """What never changes during a match: its fingerprint and its rules as the match file writes them (kept,
    since the page builds a view model after every step)."""
    written = rules.to_dict()
    key = json.dumps([seed, written, [list(p) for p in players]], sort_keys=True, separators=(",", ":"))
    return f"{zlib.crc32(key.encode('utf-8')):08x}", written


def _round_line(match: Match, state: RoundState) -> RoundLine:
    return {"number": state.number + 1, "of": match.rules.rounds, "engine": state.engine,
            "text": round_text(match, state),
            "engine_text": _(S.ENGINE).format(value=state.engine),
            "boneyard": state.boneyard_count, "boneyard_text": _(S.BONEYARD).format(count=state.boneyard_count)}


def _result(state: RoundState) -> RoundResult:
    """The result of a round known to be over."""
    assert state.result is not None, "the round is not over"
    return state.result


def _players(session: Session, known: Facts, match: Match, state: RoundState, me: int | None) -> list[PlayerRow]:
    # the round is over: its points count at once, as its summary says
    totals = match.running_totals[state.number] if state.result is not None else match.totals_before(state.number)
    rows: list[PlayerRow] = []
    for seat, player in enumerate(match.players):
        count = len(state.hands[seat])
        name = seat_label(match, seat, me) if not known.hotseat else player.name
        rows.append({
            "seat": seat, "name": name, "kind": player.kind, "kind_label": kind_label(player.kind),
            "tiles": count, "tiles_text": plural(S.TILES_IN_HAND, count), "total": totals[seat],
            "total_text": _(S.MATCH_TOTAL).format(n=totals[seat]),
            "to_move": state.result is None and state.seat == seat, "is_viewer": seat == me,
            "face_down": plural(S.FACE_DOWN, count), "away": _away(session, seat),
        })
    return rows


def _away(session: Session, seat: int) -> str:
    """A friend's seat whose device is not connected, in words (with the computer playing it meanwhile)."""
    if seat not in session.away:
        return ""
    level = dict(session.stand_ins).get(seat)
    return _(S.AWAY_STAND_IN).format(level=_(LEVEL_LABELS[level])) if level else _(S.AWAY)


def kind_label(kind: str) -> str:
    """Who plays a seat, in words: "Person" or "CPU · Strong"."""
    if kind == HUMAN:
        return _(S.KIND_PERSON)
    return _(S.KIND_CPU).format(level=_(LEVEL_LABELS[kind]))


def _trains(session: Session, known: Facts, match: Match, state: RoundState, me: int | None) -> list[TrainRow]:
    seats = match.rules.seats
    actor = known.human_to_move
    legal = match.legal_actions() if actor is not None and state is match.round else ()
    playable_on = {str(a.train) for a in legal if a.kind == PLAY}
    targets = set(targets_of(match, session.selected)) if session.selected is not None and actor is not None else set()
    binding = set(state.open_doubles) if state.result is None else set()
    hinted = str(session.hint[0].train) if session.hint and session.hint[0].train is not None else None
    earlier = plural_forms(S.TRAIN_EARLIER)
    # a double laid in the turn in progress binds only once that turn is over (the flexible rule), or is to be
    # covered by this very turn (the immediate rule; two doubles: one of them)
    laid_now = set(state.doubles) if state.result is None and state.phase in (DOUBLE, TWO_DOUBLES) else set()
    if state.phase is TWO_DOUBLES:
        laid_now_words = S.STATE_DOUBLE_EITHER
    elif match.rules.double_rule == IMMEDIATE:
        laid_now_words = S.STATE_DOUBLE_NOW
    else:
        laid_now_words = S.STATE_DOUBLE_LATER
    rows: list[TrainRow] = []
    for index in [seats] + list(range(seats)):  # the shared train first, then each seat's
        train = state.trains[index]
        name = name_of(index, seats)
        key = str(name)
        mine = index == me
        kind: TrainState
        if index in binding and index in laid_now:
            kind, words = "double", _(laid_now_words)
        elif index in binding:
            kind, words = "double", _(S.STATE_OPEN_DOUBLE)
        elif index == seats:
            kind, words = "shared", _(S.STATE_SHARED)
        elif train.marked:
            kind, words = "marked", _(S.STATE_MARKED_YOURS if mine else S.STATE_MARKED)
        else:
            kind = "private"
            words = _(S.STATE_PRIVATE_YOURS) if mine else _(S.STATE_PRIVATE).format(name=match.players[index].name)
        title = train_title(match, name, me)
        count = len(train.tiles)
        if train.tiles:
            spoken = plural(S.TRAIN_SPOKEN, count, train=title, state=words, end=train.end)
        else:
            spoken = _(S.TRAIN_SPOKEN_EMPTY).format(train=title, state=words, end=train.end)
        if key in targets and session.selected is not None:
            spoken += ", " + _(S.TRAIN_SPOKEN_TARGET).format(tile=tile_text(session.selected))
        rows.append({
            "id": key, "owner": None if index == seats else index, "title": title, "state": kind,
            "state_text": words, "end": train.end, "needs": _(S.NEEDS).format(value=train.end),
            "tiles": [_placed(pair) for pair in train.tiles], "marked": train.marked, "mine": mine,
            "open_double": index in binding, "eligible": key in playable_on, "target": key in targets,
            "hinted": hinted == key, "label": spoken,
            "earlier_text": list(earlier),
        })
    return rows


def _placed(pair: tuple[int, int]) -> TileFace:
    """A tile on a train, as laid: the half that matches the train first."""
    a, b = pair
    return {"id": f"{min(a, b)}-{max(a, b)}", "a": a, "b": b}


def _hand(session: Session, known: Facts, match: Match, state: RoundState, me: int | None) -> HandView | None:
    if me is None or known.screen != Screen.BOARD:
        if known.needs_reveal:
            return {"hidden": True, "text": _(S.HAND_HIDDEN).format(name=match.players[state.seat].name)}
        return None
    actor = known.human_to_move
    title = _(S.HAND_TITLE) if not known.hotseat else _(S.HAND_TITLE_NAMED).format(name=match.players[me].name)
    hint = session.hint[0] if session.hint else None
    hinted_tile = hint.tile if hint is not None and hint.kind == PLAY else None
    tiles: list[HandTile] = []
    for t in state.hands[me]:
        text = tile_text(t)
        spoken = _(S.DOUBLE_SPOKEN).format(a=t.low) if t.is_double else _(S.TILE_SPOKEN).format(a=t.low, b=t.high)
        targets = targets_of(match, t) if actor == me else ()
        if session.selected == t:
            label = _(S.TILE_SELECTED).format(tile=spoken)
        elif targets:
            names = ", ".join(_target_name(match, x, me) for x in targets)
            label = _(S.TILE_PLAYABLE_ON).format(tile=spoken, trains=names)
        else:
            label = _(S.TILE_NOT_PLAYABLE).format(tile=spoken)
        drawn = actor == me and state.drawn == t
        if drawn:
            label += ", " + _(S.TILE_DRAWN)
        tiles.append({"id": text, "a": t.low, "b": t.high, "playable": bool(targets),
                      "selected": session.selected == t, "drawn": drawn, "targets": list(targets),
                      "hinted": t == hinted_tile, "label": label})
    return {"hidden": False, "seat": me, "title": title, "tiles": tiles,
            "pips": state.pips(me), "points_text": plural(S.HAND_POINTS, state.pips(me)), "active": actor == me}


def _target_name(match: Match, target: str, me: int | None) -> str:
    name = train_of(target, match.rules.seats)
    assert name is not None   # a target is a train the tile may go on
    return train_name(match, name, me)


def _commands(session: Session, known: Facts, match: Match) -> list[CommandButton]:
    actor = known.human_to_move
    legal = {a.kind for a in match.legal_actions()} if actor is not None else set()
    board = known.screen == Screen.BOARD
    commands: list[tuple[CommandId, str, str | None, bool]] = [
        ("draw", S.DRAW, "d", DRAW in legal),
        ("pass", S.PASS, "s", PASS in legal),
        ("stop", S.STOP, "e", STOP in legal),
        ("clear", S.CLEAR, None, actor is not None and session.selected is not None),
        ("hint", S.HINT, "h", actor is not None),
        ("next", S.NEXT_PLAYER, "n", board and session.awaiting_next and not session.paused),
        ("reveal", S.REVEAL, "r", known.needs_reveal and not session.paused),
        ("pause", S.PAUSE, "p", board and not session.paused),
        ("resume", S.CONTINUE, "p", board and session.paused),
    ]
    return [{"id": cid, "label": _(label), "key": key, "shown": bool(shown_now)}
            for cid, label, key, shown_now in commands]


def _banner(session: Session, known: Facts, match: Match, state: RoundState, me: int | None) -> str:
    if known.screen != Screen.BOARD:
        return ""
    if session.paused:
        return _(S.DO_PAUSED)
    if session.awaiting_next:
        return _(S.DO_NEXT)
    seat = state.seat   # on the board: the round in play
    if known.needs_reveal:
        return _(S.DO_REVEAL).format(name=match.players[seat].name)
    if kind_playing(session, seat) != HUMAN:
        return _(S.DO_WAIT_CPU).format(name=match.players[seat].name)
    if seat in session.away:
        return _(S.DO_WAIT_AWAY).format(name=match.players[seat].name)
    if me != seat:
        return _(S.DO_WATCH).format(name=match.players[seat].name)
    if session.selected is not None:
        return _(S.DO_SELECTED).format(tile=tile_text(session.selected))
    legal = match.legal_actions()
    kinds = {a.kind for a in legal}
    phase = state.phase
    if state.drawn is not None:
        return _(S.DO_DRAWN).format(tile=tile_text(state.drawn))
    if phase is BOUND:
        k = state.open_doubles[0]
        template = S.DO_COVER_DRAW if kinds == {DRAW} else S.DO_COVER_PASS if kinds == {PASS} else S.DO_COVER
        return _(template).format(value=state.trains[k].end, train=train_name(match, state.train_name(k), me))
    if kinds == {PASS}:
        return _(S.DO_PASS_OPENING if phase is CHAIN else S.DO_PASS)
    if kinds == {DRAW}:
        return _(S.DO_DRAW)
    if kinds == {STOP}:
        return _(S.DO_STOP)
    if phase is DOUBLE:
        immediate = match.rules.double_rule == IMMEDIATE
        return _(S.DO_EXTRA_IMMEDIATE if immediate else S.DO_EXTRA)
    if phase is TWO_DOUBLES:
        return _(S.DO_TWO_DOUBLES)
    if phase is CHAIN:
        if state.chain == 0:
            return _(S.DO_CHAIN_START)
        return _(S.DO_CHAIN_DOUBLE if state.trains[seat].open_double is not None else S.DO_CHAIN)
    return _(S.DO_PLAY) if not known.hotseat else _(S.DO_PLAY_NAMED).format(name=match.players[seat].name)


def _focus(session: Session, known: Facts) -> Focus:
    shown = known.screen
    if shown == Screen.ROUND_END:
        return "round_end"
    if shown == Screen.MATCH_END:
        return "match_end"
    if session.paused:
        return "pause"
    if session.awaiting_next:
        return "next"
    if known.needs_reveal:
        return "reveal"
    if known.human_to_move is not None:
        return "trains" if session.selected is not None else "hand"
    return "board"


def rules_summary(rules: Rules) -> str:
    """The rules in force, in one line under the board; each option says itself (``Rules`` metadata)."""
    parts = [_(PRESET_NAMES[rules.preset]), plural(S.RULES_SET, rules.hand_size, set=rules.set)]
    for name, option in Rules.options():
        words = option.summary.get(getattr(rules, name)) if option.summary else None
        if words:
            parts.append(_(words))
    if rules.rounds == rules.set + 1:
        parts.append(_(S.RULES_ROUNDS_FULL).format(rounds=rules.rounds))
    elif rules.rounds == 1:
        parts.append(_(S.RULES_ROUNDS_ONE))
    else:
        parts.append(plural(S.RULES_ROUNDS_N, rules.rounds))
    return " · ".join(parts)


def _round_end(match: Match, state: RoundState, viewer: int | None) -> RoundEnd:
    result = _result(state)
    if result.reason == "out" and result.seat is not None and is_you(match, result.seat, viewer):
        title = _(S.ROUND_OVER_OUT_YOU).format(number=state.number + 1)
    elif result.reason == "out" and result.seat is not None:
        title = _(S.ROUND_OVER_OUT).format(number=state.number + 1, name=match.players[result.seat].name)
    else:
        title = _(S.ROUND_OVER_BLOCKED).format(number=state.number + 1)
    after = match.running_totals[state.number]
    rows: list[RoundEndRow] = []
    for seat, player in enumerate(match.players):
        points = result.scores[seat]
        rows.append({"seat": seat, "name": seat_label(match, seat, viewer), "tiles": [tile_face(t) for t in state.hands[seat]],
                     "tiles_text": " ".join(tile_text(t) for t in state.hands[seat]) or _(S.NO_TILES_LEFT),
                     "points": points,
                     "points_text": plural(S.ROUND_POINTS, points),
                     "total": after[seat]})
    last = match.over and state.number == len(match.rounds) - 1
    button: Button = {"id": "final_results", "label": _(S.FINAL_RESULTS)} if last else \
        {"id": "next_round", "label": _(S.NEXT_ROUND)}
    return {"title": title, "rows": rows, "button": button, "total_label": _(S.TOTAL)}


def _match_end(match: Match, known: Facts) -> MatchEnd:
    totals = match.totals
    winners = match.winners
    best = totals[winners[0]]
    names = [match.players[s].name for s in winners]
    you = known.humans[0] if len(known.humans) == 1 else None   # the one person at the device, against computers
    if len(names) == 1 and winners[0] == you:
        text = plural(S.WINNER_YOU, best)
    elif you in winners:
        text = plural(S.WINNERS_YOU, best, names=join_and(match.players[s].name for s in winners if s != you))
    elif len(names) == 1:
        text = plural(S.WINNER, best, name=names[0])
    else:
        text = plural(S.WINNERS, best, names=join_and(names))
    series: list[Series] = []
    running = match.running_totals   # the match is over: every round has its totals
    for seat, player in enumerate(match.players):
        points = [totals[seat] for totals in running]
        label = seat_label(match, seat, you)
        series.append({"name": label, "points": [float(p) for p in points], "winner": seat in winners,
                       "summary": _(S.CHART_SUMMARY).format(name=label, scores=", ".join(map(str, points)))})
    rows: list[MatchEndRow] = [{"seat": s, "name": seat_label(match, s, you), "total": totals[s], "winner": s in winners}
                               for s in sorted(range(len(match.players)), key=lambda s: totals[s])]
    return {"title": _(S.MATCH_OVER), "text": text, "rows": rows, "total_label": _(S.TOTAL),
            "chart": {"title": _(S.CHART_TITLE), "rounds": len(match.rounds), "series": series,
                      "round_label": _(S.ROUND_N)},
            "button": {"id": "new_match", "label": _(S.PLAY_AGAIN)}}
