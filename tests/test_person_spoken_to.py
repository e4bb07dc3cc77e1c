"""The person spoken to: every sentence that can name the viewer's own seat has its second-person twin, in
every language, and the default name "You" is never put where a name goes (in the live game, the round and
match ends, the review, the replay, the daily deal and the statistics)."""

from __future__ import annotations

import json
import re
import string

import pytest
from tests.browser_side import Tab
from tests.test_coach_glue import DAY_MS, Clock, step
from tests.test_i18n import LANGS, entries
from tests.test_no_english import english_fragments, english_in, shown

from mexican_train import daily
from mexican_train.i18n import CONTEXT, set_language
from mexican_train.ui import strings as S

NAME_FIELDS = {"name", "names", "players"}
SENTINEL = "ZqxDefaultYou"


def named_messages() -> dict[str, object]:
    """Every message of strings.py and daily.py with a seat's name (or a list of names) to fill in."""
    found: dict[str, object] = {}
    values = [v for k, v in vars(S).items() if k.isupper()] + list(S.PAGE_TEXT.values())
    values += [v for k, v in vars(daily).items() if k.isupper()]
    for value in values:
        for text in (value if isinstance(value, tuple) else (value,)):
            if isinstance(text, str) and NAME_FIELDS & fields(text):
                found[text] = value
    return found


def fields(text: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(text.split(CONTEXT)[-1]) if name}


def key(msgid: object) -> tuple[str | None, str]:
    text = msgid[0] if isinstance(msgid, tuple) else str(msgid)
    if CONTEXT in text:
        context, text = text.split(CONTEXT, 1)
        return context, text
    return None, text


def test_every_message_that_names_a_seat_has_a_second_person_twin_or_says_why_it_never_names_the_viewer():
    # a twin's own list of names ("you against {players}") holds the other seats only
    accounted = set(S.SECOND_PERSON) | set(S.SECOND_PERSON.values()) | set(S.NEVER_THE_VIEWER) | set(S.NAMED_BY_LABEL)
    missing = [text for text, value in named_messages().items() if value not in accounted]
    assert not missing, missing
    for named, twin in S.SECOND_PERSON.items():
        for text in (twin if isinstance(twin, tuple) else (twin,)):
            assert "name" not in fields(text), (named, twin)   # the twin says "you", never the name


@pytest.mark.parametrize("lang", LANGS)
def test_every_twin_is_in_every_catalogue_and_speaks_without_the_name(lang):
    catalogue = entries(lang)
    for twin in S.SECOND_PERSON.values():
        entry = catalogue[key(twin)]
        forms = list(entry.string) if isinstance(entry.string, tuple) else [entry.string]
        assert all(form.strip() and "name" not in fields(form) for form in forms), (lang, twin, forms)


# -- the default name never where a name goes ------------------------------------------------------------

def texts(answer: dict) -> str:
    """What an answer gives the page to show: its view and its error (not the host's summary, not the save)."""
    view = dict(answer.get("view") or {})
    view.pop("summary", None)
    return json.dumps([view, answer.get("error")], ensure_ascii=False)


@pytest.fixture
def sentinel_default(monkeypatch):
    """A test build whose default name of the one person at the device is a sentinel, in every language."""
    monkeypatch.setattr(S, "YOU", SENTINEL)
    monkeypatch.setattr(daily, "YOU", SENTINEL)
    yield
    set_language("en")


@pytest.mark.parametrize("lang", ["en", *LANGS])
def test_the_default_name_of_the_viewers_seat_is_never_where_a_name_goes(sentinel_default, lang):
    set_language(lang)
    tab = Tab(clock=Clock(DAY_MS))
    tab.call({"type": "boot", "language": lang})
    settings = {"set": 6, "seats": 3, "rounds": 2, "seed": 5, "cpu_speed": "instant",
                "players": [{"name": "", "kind": "human"}, {"name": "", "kind": "easy"}, {"name": "", "kind": "easy"}]}
    vm = tab.send({"type": "new_match", "settings": settings})
    assert tab.session.match.players[0].name == SENTINEL     # the test build's default name is in play
    seen = {"round_end", "match_end"}
    for _ in range(3000):
        seen.discard(vm.get("screen"))
        nxt = step(tab, vm)
        if nxt is None:
            break
        vm = nxt
    assert not seen, seen
    tab.call({"type": "review", "scope": "match"})
    for _ in range(500):
        if tab.answers[-1]["part"] == "review" and not tab.answers[-1]["view"]["running"]:
            break
        tab.call({"type": "think"})
    review = tab.answers[-1]["view"]
    assert review["items"] and review["items"][0]["reason"]
    opened = tab.call({"type": "replay_open", "source": "current"})
    for index in range(0, opened["view"]["last"] + 1):
        tab.call({"type": "replay_go", "index": index})
    tab.call({"type": "stats"})
    tab.call({"type": "daily"})
    played = tab.send({"type": "daily_play"})
    while played.get("screen") not in ("round_end", "match_end"):
        played = step(tab, played)
    tab.call({"type": "daily"})
    leaks = [texts(a) for a in tab.answers if SENTINEL in texts(a)]
    assert not leaks, leaks[0][:2000]
    said = " ".join(texts(a) for a in tab.answers)
    you = {"en": r"\bYou\b", "es": r"\b(Jugaste|Tú|Tu)\b", "fr": r"\b(Vous|Votre)\b"}[lang]
    assert re.search(you, said), "the viewer is spoken to"
    if lang != "en":   # and no English inside Spanish or French, on any of these screens
        fragments = english_fragments(lang)
        english = {t: english_in(t, fragments) for a in tab.answers for t in shown(a) if english_in(t, fragments)}
        assert not english, english
