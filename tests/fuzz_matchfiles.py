"""Hostile match files for the fuzz suite: mutations of real match files, and what each must give.

Used by tests/test_fuzz_match_files.py (a fixed 2,000 files in the test command) and bench/fuzz.py (as
many as asked). A mutation starts from a real match file (played by the engine) and changes one thing:

* ``type``      a field replaced by a value of another JSON type (null, a boolean, a number, a string, a
                list, an object): refused, naming exactly that field;
* ``value``     a field replaced by another value of the same type (other numbers, huge numbers,
                other strings): loaded or refused, nothing else;
* ``delete``    a field removed: refused naming it when FORMATS.md requires it; ``totals`` and ``scores``
                may be left out (they are derived);
* ``deep``      a field replaced by (or an extra field holding) lists nested 2 to 100,000 deep: refused
                as too deep beyond 64 levels in all, else as the other kinds say;
* ``huge``      a field replaced by a string or number of megabytes: refused (too big, too many digits) or
                as the other kinds say;
* ``truncate``  the text cut short: refused;
* ``duplicate`` an object given one of its keys twice: refused;
* ``garbage``   a few characters of the text changed: loaded or refused, nothing else;
* ``same``      the same match written differently: keys reordered, other whitespace and indentation,
                extra fields anywhere but in ``rules``: loads equal to the original.

``check(case)`` runs one file through ``matchfile.loads``, the save loader (``storage.load``, the
text as the save) and the command line (``legal -``) and raises AssertionError when any of them does
something else than the case expects, or anything but MatchFileError is raised.
"""

from __future__ import annotations

import contextlib
import io
import json
import random
import sys
from dataclasses import dataclass
from typing import Any

from hypothesis import strategies as st

from mexican_train import MatchFileError, Player, Rules, matchfile, new_match
from mexican_train.boundedjson import MAX_BYTES, MAX_DEPTH
from mexican_train.cli import main as cli_main
from mexican_train.ui import storage


def _play(rules: Rules, seed: int, players: list[tuple[str, str]], actions: int | None) -> dict[str, Any]:
    """A match file of random play: to the end, or ``actions`` actions in."""
    rng = random.Random(seed)
    match = new_match(rules, seed, [Player(n, k) for n, k in players])
    done = 0
    while not match.over and (actions is None or done < actions):
        match = match.apply(rng.choice(match.legal_actions()))
        done += 1
    return matchfile.to_dict(match)


def base_files() -> list[dict[str, Any]]:
    """The real match files every mutation starts from: small, so that thousands replay in seconds."""
    return [
        # standard, two rounds: the first finished (scores, totals), the second under way
        _play(Rules.make("standard", set=6, seats=2, rounds=2, hand_size=4), 3, [("Ana", "human"), ("Bo", "easy")], 30),
        # classic (opening chain, Mexican Train from the second turn), three seats, one round played out
        _play(Rules.make("classic", set=6, seats=3, rounds=1, hand_size=3), 8,
              [("Zoë", "normal"), ("O'Neil", "strong"), ("Kai", "random")], None),
        # double-9, the first turn half done, unusual options
        _play(Rules.make("standard", set=9, seats=2, rounds=1, hand_size=2, double_rule="immediate",
                         blank_double_penalty=50, exhausted_suit_exception=True), 1,
              [("A", "human"), ("B", "human")], 3),
    ]


BASES = base_files()
REQUIRED = {"format", "version", "rules", "seed", "players", "rounds", "name", "kind", "engine", "first_seat",
            "hands", "boneyard", "actions"}
OPTIONAL = {"totals", "scores"}


def path_text(path: tuple[Any, ...]) -> str:
    """A path like ("rounds", 0, "scores") as the reader names it: ``rounds[0].scores``."""
    out = ""
    for step in path:
        out += f"[{step}]" if isinstance(step, int) else (f".{step}" if out else step)
    return out


def paths(value: Any, path: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    """Every field and list element of a match file, as paths from its root."""
    found = [path] if path else []
    if isinstance(value, dict):
        for key, item in value.items():
            found += paths(item, path + (key,))
    elif isinstance(value, list):
        for i, item in enumerate(value):
            found += paths(item, path + (i,))
    return found


_MATCHES = [matchfile.from_dict(base) for base in BASES]
_PATHS = [paths(base) for base in BASES]
KINDS = ("type", "type", "type", "type", "value", "value", "delete", "deep", "deep", "huge", "truncate",
         "duplicate", "garbage", "same", "same")


def get(doc: Any, path: tuple[Any, ...]) -> Any:
    for step in path:
        doc = doc[step]
    return doc


def put(doc: Any, path: tuple[Any, ...], value: Any) -> Any:
    """A deep copy of ``doc`` with the value at ``path`` replaced (the root itself for ``()``)."""
    if not path:
        return value
    doc = json.loads(json.dumps(doc))
    get(doc, path[:-1])[path[-1]] = value
    return doc


def json_type(value: Any) -> str:
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "bool"
    if isinstance(value, int):
        return "int"
    return {float: "float", str: "str", list: "list", dict: "object"}[type(value)]


def depth(value: Any) -> int:
    if isinstance(value, dict):
        return 1 + max((depth(v) for v in value.values()), default=0)
    if isinstance(value, list):
        return 1 + max((depth(v) for v in value), default=0)
    return 0


@dataclass
class Case:
    """One generated file and what reading it must give.

    ``expect``: "equal" (loads, equal to ``base``), "field" (refused, naming ``field``), "refused" (any
    MatchFileError), "deep" / "big" (refused for its nesting / size), "either" (loaded or refused).
    """

    kind: str
    text: str
    expect: str
    base: dict[str, Any]
    field: str | None = None


# -- values of every JSON type -----------------------------------------------------------------

SCALARS = st.one_of(st.none(), st.booleans(), st.integers(-10**20, 10**20),
                    st.floats(allow_nan=False, allow_infinity=False), st.text(max_size=12))
VALUES = st.recursive(SCALARS, lambda inner: st.one_of(st.lists(inner, max_size=3),
                                                       st.dictionaries(st.text(max_size=6), inner, max_size=3)),
                      max_leaves=8)
BY_TYPE = {
    "null": st.none(), "bool": st.booleans(), "int": st.integers(-10**20, 10**20),
    "float": st.floats(allow_nan=False, allow_infinity=False), "str": st.text(max_size=12),
    "list": st.lists(SCALARS, max_size=3), "object": st.dictionaries(st.text(max_size=6), SCALARS, max_size=3),
}
OTHER_TYPES = {kind: st.sampled_from(sorted(set(BY_TYPE) - {kind})) for kind in BY_TYPE}
SAME_TYPE = {
    "int": st.one_of(st.integers(-5, 60), st.integers(-10**30, 10**30), st.just(2**53), st.just(-1)),
    "str": st.one_of(st.text(max_size=10), st.sampled_from(
        ["", "draw", "pass", "stop", "3-9@M", "0-0", "6-6", "12-12", "human", "strong", "standard", "classic",
         "flexible", "immediate", "mexican-train", " 1-2", "1-2 ", "\ud800", "<b>x</b>", "x" * 70])),
    "list": st.integers(0, 2),
    "float": BY_TYPE["float"], "object": BY_TYPE["object"], "null": BY_TYPE["null"],
}
LEVELS = st.sampled_from([2, 30, MAX_DEPTH - 4, MAX_DEPTH - 3, MAX_DEPTH - 2, 70, 1000, 100_000])
SIZES = st.sampled_from([5_000, 100_000, 1_000_000, MAX_BYTES + 1, 5_000, 100_000, MAX_BYTES - 10_000])
RANDOMS = st.randoms(use_true_random=False)
EXTRAS = st.lists(st.tuples(st.text(min_size=1, max_size=8), VALUES), max_size=4)
DUPLICATE_VALUE = st.one_of(st.none(), VALUES)
DEEP = "__deep__"   # placeholders replaced in the text (values too big to build as Python objects cheaply)
HUGE = "__huge__"


def _same_type_value(draw: Any, old: Any) -> Any:
    kind = json_type(old)
    if kind == "bool":
        return not old
    value = draw(SAME_TYPE[kind])
    if kind == "list":
        return [] if value == 0 else old[:-1] if value == 1 else old + old[:1]
    return value


@st.composite
def cases(draw: Any) -> Case:
    """One mutated match file (see the module's docstring)."""
    which = draw(st.integers(0, len(BASES) - 1))
    base, all_paths = BASES[which], _PATHS[which]
    kind = KINDS[draw(st.integers(0, len(KINDS) - 1))]
    if kind in ("type", "value", "delete", "deep", "huge"):
        path = all_paths[draw(st.integers(0, len(all_paths) - 1))]
        old = get(base, path)
        where = path_text(path)
        if kind == "type":
            new_type = draw(OTHER_TYPES[json_type(old)])
            value = draw(BY_TYPE[new_type])
            return Case(kind, json.dumps(put(base, path, value)), "field", base, where)
        if kind == "value":
            value = _same_type_value(draw, old)
            return Case(kind, json.dumps(put(base, path, value), ensure_ascii=False), "either", base)
        if kind == "delete":
            doc = json.loads(json.dumps(base))
            parent = get(doc, path[:-1])
            del parent[path[-1]]
            last = path[-1]
            if isinstance(last, int):   # fewer actions or rounds: an earlier position, which may be fine
                return Case(kind, json.dumps(doc), "either" if path[-2] in ("actions", "rounds") else "refused", base)
            if path[0] == "rules":
                return Case(kind, json.dumps(doc), "either", base)
            if last in OPTIONAL:
                return Case(kind, json.dumps(doc), "equal", base)
            return Case(kind, json.dumps(doc), "field", base, where)
        if kind == "deep":
            levels = draw(LEVELS)
            extra = draw(st.booleans()) and path[0] != "rules" and isinstance(get(base, path[:-1]), dict)
            nested = "[" * levels + "]" * levels
            if extra:   # an extra field beside the chosen one
                doc = put(base, path[:-1], {**get(base, path[:-1]), "extra": DEEP})
                total = len([p for p in path[:-1]]) + 1 + levels
                text = json.dumps(doc).replace(json.dumps(DEEP), nested)
                return Case(kind, text, "deep" if total > MAX_DEPTH else "equal", base)
            total = len(path) + levels
            text = json.dumps(put(base, path, DEEP)).replace(json.dumps(DEEP), nested)
            if total > MAX_DEPTH:
                return Case(kind, text, "deep", base)
            return Case(kind, text, "field" if json_type(old) != "list" else "either", base, where)
        # huge
        size = draw(SIZES)
        as_number = draw(st.booleans())
        filler = ("9" * size) if as_number else '"' + "x" * size + '"'
        text = json.dumps(put(base, path, HUGE)).replace(json.dumps(HUGE), filler)
        if len(text.encode()) > MAX_BYTES:
            return Case(kind, text, "big", base)
        if as_number:
            return Case(kind, text, "refused", base)   # more digits than any number is read with
        return Case(kind, text, "field" if json_type(old) != "str" else "refused", base, where)
    text = json.dumps(base, indent=1)
    if kind == "truncate":
        cut = draw(st.integers(0, len(text.rstrip()) - 1))
        return Case(kind, text[:cut], "refused", base)
    if kind == "duplicate":
        objects = [p for p in [()] + all_paths if isinstance(get(base, p), dict)]
        path = objects[draw(st.integers(0, len(objects) - 1))]
        obj = get(base, path)
        key = sorted(obj)[draw(st.integers(0, len(obj) - 1))]
        value = draw(DUPLICATE_VALUE)
        value = obj[key] if value is None else value
        doc = put(base, path, {**obj, "__dup__": 0}) if path else {**base, "__dup__": 0}
        text = json.dumps(doc).replace('"__dup__": 0', f"{json.dumps(key)}: {json.dumps(value)}")
        return Case(kind, text, "duplicate", base)
    if kind == "garbage":
        rng = draw(RANDOMS)
        chars = list(text)
        for _ in range(draw(st.integers(1, 3))):
            chars[rng.randrange(len(chars))] = rng.choice('{}[]",:0123456789 \\ntruefalsenull\u00e9\x00')
        return Case(kind, "".join(chars), "either", base)
    # same: reordered keys, other whitespace, extra fields anywhere but in rules
    rng = draw(RANDOMS)
    extras = draw(EXTRAS)

    def rewrite(value: Any, path: tuple[Any, ...]) -> Any:
        if isinstance(value, dict):
            items = [(k, rewrite(v, path + (k,))) for k, v in value.items()]
            if path[:1] != ("rules",) and not (path and isinstance(path[-1], str) and path[-1] == "rules"):
                for key, extra in extras:
                    if key not in value and rng.random() < 0.3:
                        items.append((key, extra))
            rng.shuffle(items)
            return dict(items)
        if isinstance(value, list):
            return [rewrite(v, path + (i,)) for i, v in enumerate(value)]
        return value

    doc = rewrite(base, ())
    indent = rng.choice([None, 0, 1, 2, 4, "\t"])
    separators = rng.choice([(",", ":"), (", ", ": "), (" ,\n", " :\t")])
    text = rng.choice(["", " ", "\n", "\ufeff"[:0]]) + json.dumps(doc, indent=indent, separators=separators,
                                                                  ensure_ascii=rng.random() < 0.5) + rng.choice(["", "\n", " \r\n\t"])
    return Case(kind, text, "equal", base)


# -- the readers ------------------------------------------------------------------------------------

def _cli(text: str) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    stdin = sys.stdin
    sys.stdin = io.StringIO(text)
    try:
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
            code = cli_main(["legal", "-"])
    finally:
        sys.stdin = stdin
    return code, out.getvalue(), err.getvalue()


def check(case: Case) -> str:
    """Read ``case.text`` three ways and check each against ``case.expect``; returns "loaded" or "refused"."""
    loaded, error = None, None
    cleaned: list[int] = []   # seats whose names lost control or invisible characters (read, and said)
    try:
        loaded = matchfile.loads(case.text, cleaned)
    except MatchFileError as err:
        error = err
    # anything else propagates: the fuzz test fails with its traceback
    expect = case.expect
    if expect == "equal":
        assert error is None, f"{case.kind}: a file meaning the same was refused: {error}"
        assert loaded == _MATCHES[BASES.index(case.base)], f"{case.kind}: loaded, but not equal to the original"
    elif expect == "either":
        pass
    else:
        assert error is not None, f"{case.kind}: loaded a file that must be refused ({expect} {case.field})"
        if expect == "field":
            assert error.field == case.field, f"{case.kind}: refused naming {error.field!r}, not {case.field!r}: {error}"
        elif expect == "deep":
            assert "nested more than" in str(error), str(error)
        elif expect == "big":
            assert "larger than" in str(error), str(error)
        elif expect == "duplicate":
            assert "appears twice" in str(error), str(error)
    assert "Traceback" not in str(error or "")
    if error is not None:
        assert str(error).strip() and "\n" not in str(error), f"not one line: {error!r}"
        assert len(str(error)) < 600, f"a message of {len(str(error))} characters"

    # the save loader: the text as the save (a bare match file is a save of version 1)
    store = storage.DictStorage({storage.MATCH_KEY: case.text})
    session, message, stuck = storage.load(store)
    if loaded is not None:
        assert message is None and session is not None and session.match == loaded
    else:
        assert session is None and message and not stuck
        assert store.items.get(storage.UNREADABLE_PREFIX + "1") == case.text, "the unreadable save was not kept"

    # the command line: the same message, in one line on stderr, status 1
    code, out, err = _cli(case.text)
    if loaded is not None:
        warned = ("warning: control or invisible characters were taken out of "
                  + ", ".join(f"players[{seat}].name" for seat in cleaned) + "\n") if cleaned else ""
        assert code == 0 and err == warned and (out.startswith("seat ") or out == "over\n")
    else:
        assert code == 1 and out == "", (code, err)
        assert err == "error: " + " ".join(str(error).split()) + "\n", err
    return "loaded" if loaded is not None else "refused"
