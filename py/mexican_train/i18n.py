"""The game's words in the player's language: gettext catalogues, read by Python's own ``gettext``.

Every user-visible message is an English msgid marked in the code with ``N_``
(``NP_`` for a singular/plural pair, ``NC_`` for a msgid that needs a
context to tell it from the same English words used another way) and looked
up when it is shown with ``_`` (or ``plural``), so the language can change
between two calls. The catalogues are ``locale/<lang>/LC_MESSAGES/
mexican_train.po`` in this package, compiled to ``.mo`` at build time
(``python3 -m scripts.catalogs``); a language whose ``.mo`` is missing falls
back to English.

Templates use ``str.format`` fields, and names, numbers and tiles are always
fields. A few languages change the word just before a name depending on how
the name starts; ``_`` returns those languages' messages as a ``str`` whose
``format`` applies the rule, so a catalogue simply writes the full word:

* French elides *de* and *que* before a vowel sound: the template
  ``"le train de {name}"`` gives "le train de Ben" but "le train d’Ana",
  "d’Hugo", "d’Yves" (a *y* before a consonant is a vowel; "de Yann").
* Spanish writes *y* as *e* before an /i/ sound ("Ana e Isabel", but "Ana y
  Hielo") and *o* as *u* before an /o/ sound ("Ben u Olga").

The rule looks only at the word written just before the field and at the
value filled in; everything else in the template is left as it is.

The command line and the library's exceptions stay in English; the page and
the view model speak the language set with ``set_language``.
"""

from __future__ import annotations

import functools
import gettext
import os
import re
import unicodedata
from collections.abc import Callable, Iterable, Mapping
from typing import Any

DOMAIN = "mexican_train"
LOCALE_DIR = os.path.join(os.path.dirname(os.path.abspath(__file__)), "locale")

LANGUAGES: Mapping[str, str] = {"en": "English", "es": "Español", "fr": "Français"}
"""Every language of the game, by code, with its name in that language (the picker shows these)."""
DEFAULT_LANGUAGE = "en"
CONTEXT = "\x04"
"""Between a msgid's context and the msgid, as gettext's compiled catalogues key them."""

_cache: dict[str, gettext.NullTranslations] = {}
_active: gettext.NullTranslations | None = None
_language = DEFAULT_LANGUAGE


def N_(msgid: str) -> str:
    """Mark ``msgid`` for the catalogue without translating it (it is translated where it is shown)."""
    return msgid


def NP_(singular: str, plural: str) -> tuple[str, str]:
    """Mark a singular/plural pair for the catalogue; ``plural(pair, n)`` shows it."""
    return (singular, plural)


def NC_(context: str, msgid: str) -> str:
    """Mark ``msgid`` with a ``context`` (gettext's msgctxt) for the catalogue; ``_`` shows it as any msgid.

    For the same English words that other languages say two ways, like "{name}'s train" as a heading
    ("Tren de Ana") and inside a sentence ("… en el tren de Ana")."""
    return context + CONTEXT + msgid


def translations(lang: str) -> gettext.NullTranslations:
    """The compiled catalogue of ``lang`` (English, the msgids themselves, when there is none)."""
    found = _cache.get(lang)
    if found is None:
        found = gettext.translation(DOMAIN, LOCALE_DIR, [lang], fallback=True)
        _cache[lang] = found
    return found


def best_language(preferred: str | None) -> str:
    """The game's language for a tag like ``es-MX`` or ``fr``; English for anything else."""
    tag = (preferred or "").strip().replace("_", "-").lower()
    if tag in LANGUAGES:
        return tag
    base = tag.split("-", 1)[0]
    return base if base in LANGUAGES else DEFAULT_LANGUAGE


def set_language(lang: str) -> str:
    """Speak ``lang`` (a tag like ``es-MX`` is read as ``es``) from now on; returns the language chosen."""
    global _active, _language
    _language = best_language(lang)
    _active = translations(_language)
    return _language


def language() -> str:
    """The language spoken now."""
    return _language


# -- the word before a name: each language's rule -------------------------------------------------

def _letter(text: str, index: int = 0) -> str:
    """The lower-case base letter of ``text[index]`` ("É" -> "e"), or "" past the end."""
    if index >= len(text):
        return ""
    return unicodedata.normalize("NFD", text[index].lower())[0]


def french_vowel_sound(value: str) -> bool:
    """True when a French word or name starts with a vowel sound, so *de* before it becomes *d’*.

    A vowel (accented or not), and *h* (first names take the elision: d’Hugo, d’Hélène); *y*
    only before a consonant (d’Yves, but de Yann). A digit or anything else does not."""
    text = value.lstrip("«“\"' ")
    first = _letter(text)
    if first in "aeiou" and first:
        return True
    if first == "h":
        return True
    if first == "y":
        second = _letter(text, 1)
        return bool(second) and second.isalpha() and second not in "aeiouy"
    return False


def spanish_sound(value: str, vowel: str) -> bool:
    """True when a Spanish word or name starts with the sound of ``vowel`` ("i" or "o"), silent *h*
    included: "Isabel", "Hilda" for /i/ (not "Hielo", a diphthong), "Olga", "Hortensia" for /o/."""
    text = value.lstrip("«“\"' ")
    start = 1 if _letter(text) == "h" else 0
    if _letter(text, start) != vowel:
        return False
    following = _letter(text, start + 1)
    return not (vowel == "i" and following in ("a", "e", "o", "u"))


Rule = Callable[[str, Mapping[str, Any], tuple[Any, ...]], str]


def _field_value(field: str, params: Mapping[str, Any], args: tuple[Any, ...]) -> Any:
    if field.isdigit():
        return args[int(field)] if int(field) < len(args) else None
    return params.get(field)


def _word_rule(pattern: str, change: Callable[[str, str], str | None]) -> Rule:
    """A rule that may rewrite the word just before a ``{field}`` (the word is group 1, the field group 2):
    ``change(word, value)`` returns the new word, or None to keep it."""
    found = re.compile(pattern)

    def apply(template: str, params: Mapping[str, Any], args: tuple[Any, ...]) -> str:
        def replace(m: re.Match[str]) -> str:
            value = _field_value(m.group(2), params, args)
            if not isinstance(value, str):
                return m.group(0)
            word = change(m.group(1), value)
            return m.group(0) if word is None else word + m.group(0)[len(m.group(1)):].lstrip(" ")
        return found.sub(replace, template)
    return apply


def _french_elision(word: str, value: str) -> str | None:
    return word[:-1] + "’" if french_vowel_sound(value) else None


def _spanish_conjunction(word: str, value: str) -> str | None:
    if word in ("y", "Y") and spanish_sound(value, "i"):
        return "e " if word == "y" else "E "
    if word in ("o", "O") and spanish_sound(value, "o"):
        return "u " if word == "o" else "U "
    return None


_RULES: dict[str, tuple[Rule, ...]] = {
    # "de {name}" / "que {name}", a whole word just before a plain field ("{{" is not a field)
    "fr": (_word_rule(r"(?<![\w’'])([Dd]e|[Qq]ue) \{(\w+)\}", _french_elision),),
    # "y {name}" / "o {name}"
    "es": (_word_rule(r"(?<![\w’'])([yYoO]) \{(\w+)\}", _spanish_conjunction),),
}


class RuledText(str):
    """A message of a language with a rule for the word before a field (see the module's docstring):
    ``format`` applies the rule, then formats as ``str.format`` does."""

    rules: tuple[Rule, ...] = ()

    def format(self, /, *args: Any, **params: Any) -> str:
        template = str(self)
        if "{" in template:
            for rule in self.rules:
                template = rule(template, params, args)
        return template.format(*args, **params)


_TEXT_TYPES: dict[str, type[RuledText]] = {
    lang: type(f"RuledText_{lang}", (RuledText,), {"rules": rules}) for lang, rules in _RULES.items()}


def _as_text(text: str) -> str:
    kind = _TEXT_TYPES.get(_language)
    return kind(text) if kind is not None else text


def _(msgid: str) -> str:
    """``msgid`` in the language spoken now."""
    text = (_active or translations(_language)).gettext(msgid)
    if CONTEXT in text:  # a msgid with a context that the catalogue does not translate: its English words
        text = text.split(CONTEXT, 1)[1]
    return _as_text(text)


def ngettext(singular: str, plural_msgid: str, n: int) -> str:
    """The singular or plural form of a message for ``n``, in the language spoken now."""
    return _as_text((_active or translations(_language)).ngettext(singular, plural_msgid, n))


def plural(pair: tuple[str, str], n: int, **params: object) -> str:
    """A singular/plural pair (``NP_``) for ``n``, with ``{n}`` and ``params`` filled in."""
    return ngettext(pair[0], pair[1], n).format(n=n, **params)


def plural_index(n: int, lang: str | None = None) -> int:
    """Which of a plural message's forms ``n`` takes in ``lang`` (the language spoken now by default)."""
    found = translations(lang or _language)
    choose = getattr(found, "plural", None)
    return int(choose(n)) if choose is not None else int(n != 1)


PLURAL_SAMPLES = tuple(range(0, 200)) + (1_000, 10_000, 100_000, 1_000_000, 2_000_000)
"""Numbers that between them take every plural form of the game's languages (millions included)."""


def plural_samples(lang: str | None = None) -> list[int]:
    """One number for each plural form of ``lang``, in the forms' order (English: [1, 0])."""
    return list(_samples_of(lang or _language))


@functools.lru_cache(maxsize=None)
def _samples_of(lang: str) -> tuple[int, ...]:
    # A language's plural rule never changes, and the board asks for its forms at every step.
    first: dict[int, int] = {}
    for n in PLURAL_SAMPLES:
        first.setdefault(plural_index(n, lang), n)
    return tuple(first[index] for index in sorted(first))


def plural_forms(pair: tuple[str, str]) -> list[str]:
    """Every form of a singular/plural pair in the language spoken now, in the catalogue's order, with
    ``{n}`` left to fill: for the page's JavaScript, which picks one by ``plural_index``'s rule."""
    return [ngettext(pair[0], pair[1], n) for n in plural_samples()]


# -- lists --------------------------------------------------------------------------------------------

LIST_PAIR = N_("{first} and {last}")
"""Two items, or the last two of a longer list: "Ana and Ben"."""
LIST_HEAD = N_("{first}, {rest}")
"""An item before the rest of a list of three or more: "Ana, Ben and Carlos"."""


def join_and(items: Iterable[str]) -> str:
    """Items as a list in a sentence, in the language spoken now: "Ana", "Ana and Ben", "Ana, Ben and Carlos"."""
    found = [str(item) for item in items]
    if len(found) < 2:
        return found[0] if found else ""
    text = _(LIST_PAIR).format(first=found[-2], last=found[-1])
    for item in reversed(found[:-2]):
        text = _(LIST_HEAD).format(first=item, rest=text)
    return text


# -- numbers and dates (each language's CLDR data, written into locale_formats.py at build time) ------------

NO_BREAK = "\u00a0"
"""Between the parts of a date: a date is never split across two lines."""


def _formats() -> dict[str, Any]:
    from .locale_formats import FORMATS
    return FORMATS.get(_language) or FORMATS[DEFAULT_LANGUAGE]


def decimal(value: float, places: int = 1) -> str:
    """A figure with ``places`` decimals (none when it is whole), with the language's decimal sign: "35,8"."""
    if value == int(value):
        return str(int(value))
    text = f"{value:.{places}f}"
    return text.replace(".", _formats()["decimal"])


_PATTERN = re.compile(r"'([^']*)'|([A-Za-z])\2*")


def _pattern_date(pattern: str, day: Any) -> str:
    """``day`` (a ``datetime.date``) by a CLDR date pattern of the fields the game's patterns use."""
    found = _formats()

    def field(m: re.Match[str]) -> str:
        if m.group(1) is not None:
            return m.group(1) or "'"
        token = m.group(0)
        letter, width = token[0], len(token)
        if letter == "d":
            return f"{day.day:0{width}d}"
        if letter == "y":
            return f"{day.year % 100:02d}" if width == 2 else str(day.year)
        if letter in "ML":
            if width >= 3:
                names = found["months"] if letter == "M" else found["months_alone"]
                return str(names[day.month - 1])
            return f"{day.month:0{width}d}"
        if letter in "Ec":
            return str(found["weekdays"][day.weekday()])
        raise ValueError(f"the date pattern field {token!r} is not one the game writes")
    return _PATTERN.sub(field, pattern)


def long_date(day: Any) -> str:
    """A day as the language writes it in full ("1 de diciembre de 2026"), its parts joined by no-break spaces."""
    return _pattern_date(_formats()["date"], day).replace(" ", NO_BREAK)


def month_year(day: Any) -> str:
    """A day's month and year as the language writes them ("diciembre de 2026")."""
    return _pattern_date(_formats()["month_year"], day).replace(" ", NO_BREAK)


def weekdays_short() -> list[str]:
    """The days of the week in short, Monday first, as the language writes them alone (a calendar's heads)."""
    return [str(d) for d in _formats()["weekdays_short"]]
