"""The game's words in the player's language: gettext catalogues, read by Python's own ``gettext``.

Every user-visible message is an English msgid marked in the code with ``N_``
(or ``NP_`` for a singular/plural pair) and looked up when it is shown with
``_`` (or ``plural``), so the language can change between two calls. The
catalogues are ``locale/<lang>/LC_MESSAGES/mexican_train.po`` in this
package, compiled to ``.mo`` at build time (``python3 -m scripts.catalogs``);
a language whose ``.mo`` is missing falls back to English.

The command line and the library's exceptions stay in English; the page and
the view model speak the language set with ``set_language``.
"""

from __future__ import annotations

import gettext
import os
from collections.abc import Mapping

DOMAIN = "mexican_train"
LOCALE_DIR = os.path.join(os.path.dirname(os.path.abspath(__file__)), "locale")

LANGUAGES: Mapping[str, str] = {"en": "English", "es": "Español", "fr": "Français"}
"""Every language of the game, by code, with its name in that language (the picker shows these)."""
DEFAULT_LANGUAGE = "en"

_cache: dict[str, gettext.NullTranslations] = {}
_active: gettext.NullTranslations | None = None
_language = DEFAULT_LANGUAGE


def N_(msgid: str) -> str:
    """Mark ``msgid`` for the catalogue without translating it (it is translated where it is shown)."""
    return msgid


def NP_(singular: str, plural: str) -> tuple[str, str]:
    """Mark a singular/plural pair for the catalogue; ``plural(pair, n)`` shows it."""
    return (singular, plural)


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


def _(msgid: str) -> str:
    """``msgid`` in the language spoken now."""
    return (_active or translations(_language)).gettext(msgid)


def ngettext(singular: str, plural_msgid: str, n: int) -> str:
    """The singular or plural form of a message for ``n``, in the language spoken now."""
    return (_active or translations(_language)).ngettext(singular, plural_msgid, n)


def plural(pair: tuple[str, str], n: int, **params: object) -> str:
    """A singular/plural pair (``NP_``) for ``n``, with ``{n}`` and ``params`` filled in."""
    return ngettext(pair[0], pair[1], n).format(n=n, **params)
