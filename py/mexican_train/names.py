"""Players' names: one rule wherever a name comes from (the setup form, the address's ``nameN=``, a match
file), decided here.

A name is text to show, never layout: control characters (Unicode category Cc), invisible format
characters (Cf: the bidirectional embeddings, overrides and isolates U+202A-202E and U+2066-2069, the
marks U+200E, U+200F and U+061C, zero-width spaces, the tag characters that can carry a hidden text,
...) and lone surrogates (Cs, which are no characters at all) are taken out. The zero-width non-joiner
and joiner (U+200C, U+200D) stay: Persian, the Indic scripts and emoji sequences need them to write a
name. White space becomes one space between words and none around the name; a control character that is
white space (a tab, a line break) becomes that space.

The page's JavaScript gets the same set of characters from the build (``hidden_class``), to check the
address and to clean what it shows before Python has decided.
"""

from __future__ import annotations

import functools
import unicodedata
from typing import NamedTuple

MOST = 24
"""The longest name the setup form and the address take, in characters."""
_HIDDEN_CATEGORIES = frozenset({"Cc", "Cf", "Cs"})
_JOINERS = frozenset({"\u200c", "\u200d"})


def hidden(char: str) -> bool:
    """True for a character no name may hold: a control or invisible format character, a lone surrogate."""
    return char not in _JOINERS and unicodedata.category(char) in _HIDDEN_CATEGORIES


class Name(NamedTuple):
    """A name as the game keeps it, and whether control or invisible characters were taken out of it
    (then the player is told, once)."""

    text: str
    cleaned: bool


def clean(text: str, most: int | None = MOST) -> Name:
    """``text`` as a name: hidden characters out, white space tidied, at most ``most`` characters (None:
    any length). An empty result means "no name": the seat gets its default one."""
    cleaned = False
    kept = []
    for char in text:
        if hidden(char):
            cleaned = True
            if char.isspace():
                kept.append(" ")
        else:
            kept.append(char)
    name = " ".join("".join(kept).split())
    if most is not None:
        name = name[:most].rstrip()
    return Name(name, cleaned)


@functools.cache
def hidden_ranges() -> tuple[tuple[int, int], ...]:
    """Every hidden character, as ranges of code points (first, last), in order."""
    ranges: list[tuple[int, int]] = []
    for code in range(0x110000):
        if hidden(chr(code)):
            if ranges and ranges[-1][1] == code - 1:
                ranges[-1] = (ranges[-1][0], code)
            else:
                ranges.append((code, code))
    return tuple(ranges)


def hidden_class() -> str:
    """The hidden characters as the inside of a JavaScript character class, for a RegExp with the ``u``
    flag: ``\\u{0}-\\u{1F}\\u{7F}-\\u{9F}...``."""
    return "".join(f"\\u{{{a:X}}}" if a == b else f"\\u{{{a:X}}}-\\u{{{b:X}}}" for a, b in hidden_ranges())
