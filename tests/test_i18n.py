"""Every word in every language: the catalogues are complete and agree with the code, placeholders and
plurals are right, a name changes the word before it where the language asks, and the words reach the
page, the view model, the hint and the saved match in the language spoken.

The catalogues are gettext .po files (py/mexican_train/locale/<lang>/LC_MESSAGES); English is the
msgids themselves. ``python3 -m scripts.catalogs extract`` brings them up to date with the code.
"""

from __future__ import annotations

import json
import os
import re
import string
import tempfile

import pytest
from babel.messages.extract import extract_from_dir
from babel.messages.pofile import read_po

from mexican_train import i18n
from mexican_train.i18n import join_and, plural, set_language
from scripts import build_page, catalogs
from tests.helpers import send, settings

LANGS = [lang for lang in i18n.LANGUAGES if lang != "en"]
ROOT = catalogs.ROOT

# Translations that are the same words as the English, on purpose: the language says it this way too.
SAME_AS_ENGLISH = {
    "es": {"Normal", "Total", "{name} ({level})", "{name}: {moves}", "{name}: {scores}", "{first}, {rest}",
           "{players}: {round}", "Hint: {action}. {reason}", "{moves}: {why}.", "; "},
    "fr": {"Normal", "Total", "Menu", "Options", "Pause", "Points", "Standard", "Trains", "Double-{set}", "Double-12", "Double-9",
           "Double-6", "25 points", "50 points", "{name} ({level})", "{first}, {rest}", "double {a}", "standard"},
}


@pytest.fixture(scope="module", autouse=True)
def compiled():
    """The .mo files gettext reads, compiled from the .po if they are older (as the page build does)."""
    catalogs.ensure()
    yield
    set_language("en")


@pytest.fixture
def speak():
    """Speak a language for one test, then English again."""
    yield set_language
    set_language("en")


def code_messages() -> dict:
    """Every message the code and the page template mark, read as the extraction reads them: key -> ids
    (key: (context, msgid); ids: the msgid, or its singular and plural)."""
    method_map, options_map = [], {}
    with open(os.path.join(ROOT, "babel.cfg"), encoding="utf-8") as f:
        section = None
        for line in f:
            line = line.strip()
            if line.startswith("[") and line.endswith("]"):
                section = line[1:-1]
                method, pattern = (part.strip() for part in section.split(":", 1))
                method_map.append((pattern, method))
    keywords = {"N_": None, "NP_": (1, 2), "NC_": ((1, "c"), 2), "_": None, "ngettext": (1, 2)}
    found = {}
    for _file, _line, message, _comments, context in extract_from_dir(ROOT, method_map, options_map,
                                                                       keywords=keywords):
        msgid = message[0] if isinstance(message, tuple) else message
        found[(context, msgid)] = message
    return found


def read_catalogue(lang: str):
    with open(catalogs.po_file(lang), "rb") as f:
        return read_po(f, locale=lang)


def entries(lang: str) -> dict:
    """(context, msgid) -> the catalogue entry of one language."""
    return {(m.context, m.id[0] if isinstance(m.id, tuple) else m.id): m for m in read_catalogue(lang) if m.id}


def fields(text: str) -> list[str]:
    """The format fields of a template, sorted, with repeats ("{value}-{value}" has two)."""
    return sorted(name.split(".")[0].split("[")[0]
                  for _, name, _, _ in string.Formatter().parse(text) if name is not None)


def tags(text: str) -> list[str]:
    return sorted(re.findall(r"</?\w+>", text))


# -- complete --------------------------------------------------------------------------------------

def test_the_template_is_up_to_date_with_the_code():
    with open(catalogs.TEMPLATE, "rb") as f:
        template = {(m.context, m.id[0] if isinstance(m.id, tuple) else m.id) for m in read_po(f) if m.id}
    in_code = set(code_messages())
    assert in_code - template == set(), "run python3 -m scripts.catalogs extract: new messages"
    assert template - in_code == set(), "run python3 -m scripts.catalogs extract: messages no longer in the code"


@pytest.mark.parametrize("lang", LANGS)
def test_every_message_of_the_code_is_translated_in_every_catalogue(lang):
    catalogue = entries(lang)
    problems = []
    for key, ids in code_messages().items():
        entry = catalogue.get(key)
        if entry is None:
            problems.append(f"missing: {key}")
            continue
        forms = list(entry.string) if isinstance(entry.string, tuple) else [entry.string]
        if entry.fuzzy:
            problems.append(f"fuzzy (counts as untranslated): {key}")
        if isinstance(ids, tuple) != isinstance(entry.id, tuple):
            problems.append(f"plural in one and not the other: {key}")
        if not all(form.strip() for form in forms):
            problems.append(f"empty: {key}")
        elif forms[0] == key[1] and key[1] not in SAME_AS_ENGLISH[lang] and not isinstance(ids, tuple):
            problems.append(f"left in English: {key}")
    assert not problems, "\n".join(problems)


@pytest.mark.parametrize("lang", LANGS)
def test_every_catalogue_entry_is_still_used_by_the_code(lang):
    assert set(entries(lang)) - set(code_messages()) == set()


@pytest.mark.parametrize("lang", LANGS)
def test_the_glossary_heads_each_catalogue(lang):
    header = read_catalogue(lang).header_comment
    for term in ("tile", "double", "engine", "hub", "personal train", "Mexican Train", "marker", "boneyard", "draw",
                 "pass"):
        assert re.search(rf"^#\s+{term}\s{{2,}}\S", header, re.M), f"{lang}: {term} is not in the glossary"
    assert "Fuentes" in header or "Sources" in header
    words = {"es": ("ficha", "mula", "pozo", "tren mexicano"), "fr": ("domino", "double", "pioche", "train mexicain")}
    for word in words[lang]:
        assert word in header


# -- placeholders, markup, typography -------------------------------------------------------------------

@pytest.mark.parametrize("lang", LANGS)
def test_placeholders_and_markup_are_the_same_in_every_translation_and_every_plural_form(lang):
    problems = []
    for key, entry in entries(lang).items():
        english = entry.id if isinstance(entry.id, tuple) else (entry.id,)
        forms = entry.string if isinstance(entry.string, tuple) else (entry.string,)
        want = fields(english[-1])
        assert all(fields(e) == want for e in english), key   # the English forms agree with each other
        for form in forms:
            if fields(form) != want:
                problems.append(f"{key}: {fields(form)} instead of {want} in {form!r}")
            if tags(form) != tags(english[-1]):
                problems.append(f"{key}: markup {tags(form)} instead of {tags(english[-1])}")
    assert not problems, "\n".join(problems)


def test_french_typography_no_break_spaces_and_the_apostrophe():
    for key, entry in entries("fr").items():
        for form in entry.string if isinstance(entry.string, tuple) else (entry.string,):
            assert "'" not in form, f"{key}: the French apostrophe is ’"
            assert not re.search(r" [:;?!%»]|« ", form), f"{key}: a no-break space belongs there: {form!r}"


@pytest.mark.parametrize("lang", LANGS)
def test_a_train_is_never_filled_in_after_a_word_it_would_contract_with(lang):
    """A train comes with its article ("el tren mexicano", "le train mexicain"): after "de" or "a" / "à"
    Spanish and French would need "del" / "al", "du" / "au", which a filled-in field cannot give."""
    hazards = {"es": r"\b(de|a) \{train", "fr": r"(\bde|\bà) \{train"}
    if lang not in hazards:
        pytest.fail(f"say here which words of {lang!r} contract with a train's article (a pattern never found if none)")
    for key, entry in entries(lang).items():
        for form in entry.string if isinstance(entry.string, tuple) else (entry.string,):
            assert not re.search(hazards[lang], form), f"{key}: {form!r}"


@pytest.mark.parametrize("lang", LANGS)
def test_the_texts_the_scripts_fill_in_need_no_rule_about_names(lang):
    """JavaScript fills "{field}"s plainly: a text it fills must not rely on the word-before-a-name rule."""
    from mexican_train.ui import strings as S
    catalogue = entries(lang)
    for msgid in S.PAGE_TEXT.values():
        text = catalogue[(None, msgid)].string
        for rule in i18n._RULES.get(lang, ()):
            assert rule(text, {f: "Ana Isabel Olga" for f in fields(text)}, ()) == text, msgid


# -- plurals -------------------------------------------------------------------------------------------

@pytest.mark.parametrize("lang, expected", [
    ("en", ["0 tiles", "1 tile", "2 tiles", "5 tiles"]),
    ("es", ["0 fichas", "1 ficha", "2 fichas", "5 fichas"]),
    ("fr", ["0 domino", "1 domino", "2 dominos", "5 dominos"]),
])
def test_plural_forms_for_0_1_2_and_5_tiles(speak, lang, expected):
    from mexican_train.ui import strings as S
    speak(lang)
    assert [plural(S.TILES_IN_HAND, n) for n in (0, 1, 2, 5)] == expected


@pytest.mark.parametrize("lang, singular", [("en", {1}), ("es", {1}), ("fr", {0, 1})])
def test_each_catalogues_plural_rule_puts_0_1_2_and_5_in_the_right_form(lang, singular):
    for n in (0, 1, 2, 5):
        assert (i18n.plural_index(n, lang) == 0) == (n in singular), (lang, n)
    assert i18n.plural_index(2, lang) == i18n.plural_index(5, lang)


@pytest.mark.parametrize("lang", LANGS)
def test_every_plural_message_says_one_and_many_differently_in_every_language(speak, lang):
    """For 1 and for 5 the forms differ wherever the English ones do (a singular left in a plural form)."""
    speak(lang)
    for key, entry in entries(lang).items():
        if isinstance(entry.id, tuple) and entry.id[0] != entry.id[1]:
            assert entry.string[i18n.plural_index(1)] != entry.string[i18n.plural_index(5)], key


@pytest.mark.parametrize("lang", ["en"] + LANGS)
def test_the_page_and_python_pick_the_same_plural_form(lang):
    """The page's JavaScript picks a form by the browser's plural category (Intl.PluralRules, CLDR); the
    build maps each category to the catalogue's form, and checks that the mapping holds for every sample."""
    mapping = build_page.plural_categories(lang)
    assert mapping["one"] == 0 and "other" in mapping
    assert len(set(mapping.values())) == len(set(map(lambda n: i18n.plural_index(n, lang), i18n.PLURAL_SAMPLES)))


# -- the word before a name -------------------------------------------------------------------------------

@pytest.mark.parametrize("name, elided", [
    ("Ana", True), ("Élodie", True), ("Hugo", True), ("Yves", True), ("Ordi 1", True), ("Ursule", True),
    ("Ben", False), ("Yann", False), ("Joueur 2", False), ("8 joueurs", False), ("Zoé", False),
])
def test_french_elides_de_and_que_before_a_vowel_sound(speak, name, elided):
    speak("fr")
    text = i18n._("{name}'s train").format(name=name)
    assert text == (f"Train d’{name}" if elided else f"Train de {name}")
    assert i18n._TEXT_TYPES["fr"]("plus que {name}").format(name=name).startswith("plus qu’" if elided else "plus que ")


def test_french_elision_touches_only_the_word_before_the_field(speak):
    speak("fr")
    rule = i18n._TEXT_TYPES["fr"]
    assert rule("la fin de la manche de {name}").format(name="Ana") == "la fin de la manche d’Ana"
    assert rule("monde {name}").format(name="Ana") == "monde Ana"          # "de" inside a word
    assert rule("De {name} : {n}").format(name="Ana", n=1) == "D’Ana : 1"
    assert rule("de {{name}}").format(name="Ana") == "de {name}"           # an escaped brace is no field


@pytest.mark.parametrize("names, joined", [
    (["Ana", "Isabel"], "Ana e Isabel"), (["Ana", "Hilda"], "Ana e Hilda"), (["Ana", "Hielo"], "Ana y Hielo"),
    (["Ana", "Ben", "Íñigo"], "Ana, Ben e Íñigo"), (["Tú", "Compu 1"], "Tú y Compu 1"), (["Ana"], "Ana"),
])
def test_spanish_says_e_for_y_before_an_i_sound(speak, names, joined):
    speak("es")
    assert join_and(names) == joined


def test_spanish_says_u_for_o_before_an_o_sound(speak):
    speak("es")
    rule = i18n._TEXT_TYPES["es"]
    assert rule("{a} o {b}").format(a="siete", b="ocho") == "siete u ocho"
    assert rule("{a} o {b}").format(a="Ana", b="Hortensia") == "Ana u Hortensia"
    assert rule("{a} o {b}").format(a="Ana", b="Ben") == "Ana o Ben"


@pytest.mark.parametrize("lang, joined", [("en", "Ana, Ben and Carlos"), ("es", "Ana, Ben y Carlos"),
                                          ("fr", "Ana, Ben et Carlos")])
def test_lists_are_joined_as_the_language_joins_them(speak, lang, joined):
    speak(lang)
    assert join_and(["Ana", "Ben", "Carlos"]) == joined


# -- the words reach the screens ---------------------------------------------------------------------------

def test_a_match_speaks_french_with_the_elision_and_the_plurals(speak):
    from mexican_train.ui.viewmodel import view_model
    speak("fr")
    from mexican_train.ui.controller import Session
    session = send(Session(), {"type": "new_match",
                               "settings": settings(("", "human"), ("Ana", "normal"), ("", "easy"), set=9)})
    vm = view_model(session)
    titles = [t["title"] for t in vm["trains"]]
    assert titles == ["Train mexicain", "Votre train", "Train d’Ana", "Train d’Ordi 2"]
    assert session.match.players[0].name == "Vous"
    assert vm["players"][1]["tiles_text"] == "10 dominos"
    assert vm["rules"].startswith("Règles standard · double-9, 10 dominos chacun")
    assert "Nouvelle partie\u00a0: vous contre Ana et Ordi 2." in session.announce


def test_the_hint_speaks_the_language_of_the_page(speak):
    from mexican_train.players import explain
    from mexican_train.players import player_rng
    from mexican_train.match import new_match
    from mexican_train.rules import Rules
    from mexican_train.view import seat_view
    match = new_match(Rules.make("standard", set=6, seats=2), 5)
    view = seat_view(match, match.seat)
    english = explain("strong", view, player_rng(5, 0), ["Ana", "Ben"])[1]
    speak("es")
    spanish = explain("strong", view, player_rng(5, 0), ["Ana", "Ben"])[1]
    speak("fr")
    french = explain("strong", view, player_rng(5, 0), ["Ana", "Ben"])[1]
    assert len({english, spanish, french}) == 3
    assert re.search(r"\b(the|your|tile)\b", english) and not re.search(r"\b(the|your|tile)\b", spanish + french)


def test_a_match_begun_in_english_continues_in_spanish_with_its_default_names_in_spanish(speak):
    from mexican_train.ui.controller import Session, with_local_names
    session = send(Session(), {"type": "new_match",
                               "settings": settings(("", "human"), ("", "normal"), ("Ana", "easy"))})
    assert [p.name for p in session.match.players] == ["You", "CPU 1", "Ana"]
    speak("es")
    assert [p.name for p in with_local_names(session).match.players] == ["Tú", "Compu 1", "Ana"]
    speak("fr")
    french = with_local_names(session)
    assert [p.name for p in french.match.players] == ["Vous", "Ordi 1", "Ana"]
    assert with_local_names(french) is french   # nothing to rename: the same session
    assert french.match.rounds == session.match.rounds


def test_settings_that_cannot_start_a_match_are_refused_in_the_language_of_the_page_and_in_english_elsewhere(speak):
    from mexican_train.errors import RulesError
    from mexican_train.rules import Rules
    from mexican_train.ui.controller import Session
    with pytest.raises(RulesError) as refused:
        Rules.make("classic", set=6, seats=5)
    assert str(refused.value) == "the classic rules on double-6 seat 2 to 4 players, not 5"   # the library's words
    speak("es")
    assert refused.value.localized() == "las reglas clásicas con doble 6 admiten de 2 a 4 jugadores, no 5"
    session = send(Session(), {"type": "new_match", "settings": settings(("", "human"), ("", "easy"), hand_size=30)})
    assert session.match is None and session.error == (
        "Con esta configuración no se puede empezar una partida: a cada jugador le pueden tocar de 1 a 13 fichas "
        "cuando son 2 con doble 6 (la mula de salida se aparta y tiene que quedar por lo menos una ficha en el pozo), "
        "no 30")
    speak("fr")
    assert refused.value.localized() == "les règles classiques en double-6 se jouent de 2 à 4 joueurs, pas 5"


# -- the pages ---------------------------------------------------------------------------------------------

@pytest.mark.parametrize("lang", LANGS)
def test_each_language_has_a_page_and_a_manifest_in_its_words(speak, lang):
    page = build_page.render(lang)
    assert f'<html lang="{lang}">' in page
    assert f'href="./{build_page.manifest_file(lang)}"' in page
    data = json.loads(re.search(r'<script type="application/json" id="mt-data">(.*?)</script>', page, re.S)
                      .group(1).replace("<\\/", "</"))
    assert data["lang"] == lang and data["plural"] == build_page.plural_categories(lang)
    speak(lang)
    from mexican_train.ui import strings as S
    assert f"<title>{i18n._(S.MEXICAN_TRAIN)}</title>" in page
    manifest = json.loads(build_page.manifest(lang))
    with open(build_page.MANIFEST, encoding="utf-8") as f:
        english = json.load(f)
    assert manifest["lang"] == lang and manifest["id"] == english["id"] == "./"
    for key, msgid in S.MANIFEST.items():
        assert english[key] == msgid                 # the English manifest's words are the msgids
        assert manifest[key] == i18n._(msgid) != msgid

