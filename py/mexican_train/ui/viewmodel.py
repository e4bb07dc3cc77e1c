"""What the page draws, as plain JSON-ready data: ``view_model(session)``.

The page's renderer builds the DOM from this and nothing else. It holds only
what the person in front of the screen may see: the hand of the seat on
screen (no other hand, no boneyard tile), counts for everyone, the layout.
"""

from __future__ import annotations

from ..actions import MEXICAN
from ..engine import RoundState
from ..match import Match
from . import strings as S
from .controller import (CPU_SPEEDS, Session, cpu_to_move, human_to_move, is_hotseat, needs_reveal, screen,
                         targets_of, viewer)
from .narrate import tile_text, train_name


def view_model(session: Session) -> dict:
    """Everything the page shows for this Session."""
    shown = screen(session)
    vm = {"screen": shown, "announce": list(session.announce), "error": session.error}
    match = session.match
    if match is None:
        return vm
    state = match.rounds[session.rounds_seen] if shown == "round_end" else match.round
    me = viewer(session)
    vm.update(
        round=_round_line(match, state),
        players=_players(session, state, me),
        trains=_trains(session, state, me),
        hand=_hand(session, state, me),
        commands=_commands(session, state),
        banner=_banner(session, state, me),
        rules=rules_summary(match),
        paused=session.paused,
        cpu={"pending": cpu_to_move(session), "delay": CPU_SPEEDS[session.cpu_speed], "speed": session.cpu_speed},
        hint=session.hint[0] if session.hint else None,
        focus=_focus(session),
        step=f"{state.number}/{len(state.actions)}/{int(session.awaiting_next)}/{session.revealed}",
        hotseat=is_hotseat(match),
    )
    if shown == "round_end":
        vm["round_end"] = _round_end(session, state)
    if shown == "match_end":
        vm["match_end"] = _match_end(match)
    return vm


def _round_line(match: Match, state: RoundState) -> dict:
    return {"number": state.number + 1, "of": match.rules.rounds, "engine": state.engine,
            "text": S.ROUND_OF.format(number=state.number + 1, rounds=match.rules.rounds),
            "engine_text": S.ENGINE.format(value=state.engine),
            "boneyard": state.boneyard_count, "boneyard_text": S.BONEYARD.format(count=state.boneyard_count)}


def _players(session: Session, state: RoundState, me: int | None) -> list[dict]:
    match = session.match
    totals = _totals_before(match, state)
    rows = []
    for seat, player in enumerate(match.players):
        count = len(state.hands[seat])
        tiles = S.TILE_IN_HAND if count == 1 else S.TILES_IN_HAND.format(count=count)
        name = S.NAME_YOU.format(name=player.name) if seat == me and not is_hotseat(match) else player.name
        rows.append({
            "seat": seat, "name": name, "kind": player.kind, "kind_label": S.KIND[player.kind],
            "tiles": count, "tiles_text": tiles, "total": totals[seat], "total_text": S.SCORE.format(total=totals[seat]),
            "to_move": state.result is None and state.seat == seat, "is_viewer": seat == me,
            "face_down": S.FACE_DOWN_ONE if count == 1 else S.FACE_DOWN.format(count=count),
        })
    return rows


def _totals_before(match: Match, state: RoundState) -> list[int]:
    totals = [0] * match.rules.seats
    for r in match.rounds[:state.number]:
        for seat, score in enumerate(r.result.scores):
            totals[seat] += score
    return totals


def _trains(session: Session, state: RoundState, me: int | None) -> list[dict]:
    match = session.match
    seats = match.rules.seats
    actor = human_to_move(session)
    legal = match.legal_actions() if actor is not None and state is match.round else ()
    playable_on = {str(a.train) for a in legal if a.kind == "play"}
    targets = set(targets_of(match, session.selected)) if session.selected is not None and actor is not None else set()
    binding = set(state.open_doubles) if state.result is None else set()
    rows = []
    for index in [seats] + list(range(seats)):  # the shared train first, then each seat's
        train = state.trains[index]
        name = MEXICAN if index == seats else index
        key = str(name)
        mine = index == me
        if index in binding:
            kind, words = "double", S.STATE_OPEN_DOUBLE
        elif index == seats:
            kind, words = "shared", S.STATE_SHARED
        elif train.marked:
            kind, words = "marked", S.STATE_MARKED_YOURS if mine else S.STATE_MARKED
        else:
            kind = "private"
            words = S.STATE_PRIVATE_YOURS if mine else S.STATE_PRIVATE.format(name=match.players[index].name)
        title = train_name(match, name, me, capital=True)
        if index == seats:
            title = S.MEXICAN_TRAIN
        count = len(train.tiles)
        spoken = (S.TRAIN_SPOKEN if train.tiles else S.TRAIN_SPOKEN_EMPTY).format(
            train=title, state=words[:1].lower() + words[1:], end=train.end,
            tiles=S.TRAIN_SPOKEN_TILE if count == 1 else S.TRAIN_SPOKEN_TILES.format(count=count))
        if key in targets:
            spoken += ", " + S.TRAIN_SPOKEN_TARGET.format(tile=tile_text(session.selected))
        rows.append({
            "id": key, "owner": None if index == seats else index, "title": title, "state": kind,
            "state_text": words, "end": train.end, "needs": S.NEEDS.format(value=train.end),
            "tiles": [list(pair) for pair in train.tiles], "marked": train.marked, "mine": mine,
            "open_double": index in binding, "eligible": key in playable_on, "target": key in targets,
            "hinted": bool(session.hint and session.hint[0].endswith("@" + key)), "label": spoken,
            "earlier_text": S.TRAIN_EARLIER,
        })
    return rows


def _hand(session: Session, state: RoundState, me: int | None) -> dict | None:
    match = session.match
    if me is None or screen(session) != "board":
        if needs_reveal(session):
            return {"hidden": True, "text": S.HAND_HIDDEN.format(name=match.players[match.seat].name)}
        return None
    actor = human_to_move(session)
    title = S.HAND_TITLE if not is_hotseat(match) else S.HAND_TITLE_NAMED.format(name=match.players[me].name)
    hinted_tile = session.hint[0].split("@")[0] if session.hint and "@" in session.hint[0] else None
    tiles = []
    for t in state.hands[me]:
        text = tile_text(t)
        spoken = S.DOUBLE_SPOKEN.format(a=t.low) if t.is_double else S.TILE_SPOKEN.format(a=t.low, b=t.high)
        targets = targets_of(match, t) if actor == me else ()
        if session.selected == t:
            label = S.TILE_SELECTED.format(tile=spoken)
        elif targets:
            names = ", ".join(_target_name(match, x, me) for x in targets)
            label = S.TILE_PLAYABLE_ON.format(tile=spoken, trains=names)
        else:
            label = S.TILE_NOT_PLAYABLE.format(tile=spoken)
        drawn = actor == me and state.drawn == t
        if drawn:
            label += ", " + S.TILE_DRAWN
        tiles.append({"id": text, "a": t.low, "b": t.high, "playable": bool(targets),
                      "selected": session.selected == t, "drawn": drawn, "targets": list(targets),
                      "hinted": text == hinted_tile, "label": label})
    return {"hidden": False, "seat": me, "title": title, "tiles": tiles,
            "pips": state.pips(me), "active": actor == me}


def _target_name(match: Match, target: str, me: int | None) -> str:
    name = MEXICAN if target == MEXICAN else int(target)
    return train_name(match, name, me)


def _commands(session: Session, state: RoundState) -> list[dict]:
    match = session.match
    actor = human_to_move(session)
    legal = {a.kind for a in match.legal_actions()} if actor is not None else set()
    shown = screen(session)
    board = shown == "board"
    commands = [
        ("draw", S.DRAW, "d", "draw" in legal),
        ("pass", S.PASS, "s", "pass" in legal),
        ("stop", S.STOP, "e", "stop" in legal),
        ("clear", S.CLEAR, None, actor is not None and session.selected is not None),
        ("hint", S.HINT, "h", actor is not None),
        ("next", S.NEXT_PLAYER, "n", board and session.awaiting_next and not session.paused),
        ("reveal", S.REVEAL, "r", needs_reveal(session) and not session.paused),
        ("pause", S.PAUSE, "p", board and not session.paused),
        ("resume", S.CONTINUE, "p", board and session.paused),
    ]
    return [{"id": cid, "label": label, "key": key, "shown": bool(shown_now)}
            for cid, label, key, shown_now in commands]


def _banner(session: Session, state: RoundState, me: int | None) -> str:
    match = session.match
    if screen(session) != "board":
        return ""
    if session.paused:
        return S.DO_PAUSED
    if session.awaiting_next:
        return S.DO_NEXT
    seat = match.seat
    if needs_reveal(session):
        return S.DO_REVEAL.format(name=match.players[seat].name)
    if match.players[seat].kind != "human":
        return S.DO_WAIT_CPU.format(name=match.players[seat].name)
    if me != seat:
        return S.DO_WATCH.format(name=match.players[seat].name)
    if session.selected is not None:
        return S.DO_SELECTED.format(tile=tile_text(session.selected))
    legal = match.legal_actions()
    kinds = {a.kind for a in legal}
    phase = state.phase
    if state.drawn is not None:
        return S.DO_DRAWN.format(tile=tile_text(state.drawn))
    if phase == "bound":
        k = state.open_doubles[0]
        template = S.DO_COVER_DRAW if kinds == {"draw"} else S.DO_COVER_PASS if kinds == {"pass"} else S.DO_COVER
        return template.format(value=state.trains[k].end, train=train_name(match, state.train_name(k), me))
    if kinds == {"pass"}:
        return S.DO_PASS_OPENING if phase == "chain" else S.DO_PASS
    if kinds == {"draw"}:
        return S.DO_DRAW
    if kinds == {"stop"}:
        return S.DO_STOP
    if phase == "double":
        return S.DO_EXTRA_IMMEDIATE if match.rules.double_rule == "immediate" else S.DO_EXTRA
    if phase == "two-doubles":
        return S.DO_TWO_DOUBLES
    if phase == "chain":
        if state.chain == 0:
            return S.DO_CHAIN_START
        return S.DO_CHAIN_DOUBLE if state.trains[seat].open_double is not None else S.DO_CHAIN
    return S.DO_PLAY if not is_hotseat(match) else S.DO_PLAY_NAMED.format(name=match.players[seat].name)


def _focus(session: Session) -> str:
    shown = screen(session)
    if shown != "board":
        return shown
    if session.paused:
        return "pause"
    if session.awaiting_next:
        return "next"
    if needs_reveal(session):
        return "reveal"
    if human_to_move(session) is not None:
        return "trains" if session.selected is not None else "hand"
    return "board"


def rules_summary(match: Match) -> str:
    """The rules in force, in one line under the board."""
    rules = match.rules
    parts = [S.RULES_PRESET[rules.preset], S.RULES_SET.format(set=rules.set, hand=rules.hand_size),
             S.RULES_IMMEDIATE if rules.double_rule == "immediate" else S.RULES_FLEXIBLE]
    if rules.opening_chain:
        parts.append(S.RULES_CHAIN)
    if rules.mexican_after_first_turn:
        parts.append(S.RULES_MEXICAN_LATER)
    if rules.exhausted_suit_exception:
        parts.append(S.RULES_EXHAUSTED)
    parts.append(S.RULES_BLANK.format(points=rules.blank_double_penalty))
    if rules.rounds == rules.set + 1:
        parts.append(S.RULES_ROUNDS_FULL.format(rounds=rules.rounds))
    else:
        parts.append(S.RULES_ROUNDS.get(rules.rounds) or S.RULES_ROUNDS_N.format(rounds=rules.rounds))
    return " · ".join(parts)


def _round_end(session: Session, state: RoundState) -> dict:
    match = session.match
    result = state.result
    if result.reason == "out":
        title = S.ROUND_OVER_OUT.format(number=state.number + 1, name=match.players[result.seat].name)
    else:
        title = S.ROUND_OVER_BLOCKED.format(number=state.number + 1)
    before = _totals_before(match, state)
    rows = []
    for seat, player in enumerate(match.players):
        points = result.scores[seat]
        rows.append({"seat": seat, "name": player.name, "tiles": [tile_text(t) for t in state.hands[seat]],
                     "tiles_text": " ".join(tile_text(t) for t in state.hands[seat]) or S.NO_TILES_LEFT,
                     "points": points,
                     "points_text": S.ROUND_POINT if points == 1 else S.ROUND_POINTS.format(points=points),
                     "total": before[seat] + points})
    last = match.over and state.number == len(match.rounds) - 1
    button = {"id": "final_results", "label": S.FINAL_RESULTS} if last else {"id": "next_round", "label": S.NEXT_ROUND}
    return {"title": title, "rows": rows, "button": button, "total_label": S.TOTAL}


def _match_end(match: Match) -> dict:
    totals = match.totals
    winners = match.winners
    best = totals[winners[0]]
    names = [match.players[s].name for s in winners]
    if len(names) == 1:
        text = S.WINNER.format(name=names[0], total=best)
    else:
        text = S.WINNERS.format(names=S.AND.join(names), total=best)
    series = []
    for seat, player in enumerate(match.players):
        running, points = 0, []
        for r in match.rounds:
            running += r.result.scores[seat]
            points.append(running)
        series.append({"name": player.name, "points": points, "winner": seat in winners,
                       "summary": S.CHART_SUMMARY.format(name=player.name, scores=", ".join(map(str, points)))})
    rows = [{"seat": s, "name": p.name, "total": totals[s], "winner": s in winners}
            for s, p in sorted(enumerate(match.players), key=lambda sp: totals[sp[0]])]
    return {"title": S.MATCH_OVER, "text": text, "rows": rows, "total_label": S.TOTAL,
            "chart": {"title": S.CHART_TITLE, "rounds": len(match.rounds), "series": series,
                      "round_label": S.ROUND_N},
            "button": {"id": "new_match", "label": S.PLAY_AGAIN}}
