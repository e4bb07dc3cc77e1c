"""JSON read within bounds: the only way a match file or a save reaches Python's JSON parser.

Python's parser recurses once per level of nesting, so a file of 100,000
``[`` exhausts the stack (in the browser, WebAssembly's stack dies first and
takes Python with it); and a file of many megabytes costs time and memory
before anything can be said about it. ``parse`` checks the size and the
nesting first, with regular expressions and a loop that never recurses, and
only then parses. It also refuses what JSON does not allow but Python's
parser accepts (``NaN``, ``Infinity``) and duplicate keys in one object,
which would otherwise silently keep the last value.

Every refusal is a ``MatchFileError`` with a plain sentence (see
``errors``); its ``field`` is None, since it is about the file as a whole.
"""

from __future__ import annotations

import json
import re
from itertools import accumulate
from typing import Any

from .errors import MatchFileError
from .i18n import N_

MAX_BYTES = 4 * 1024 * 1024
"""The largest match file or save read (UTF-8 bytes): a full double-12 match of ten seats is about 60 KB."""
MAX_DEPTH = 64
"""The deepest nesting of lists and objects read (a match file needs 4)."""

TOO_BIG = N_("the file is larger than {limit} MB, so it is not read")
EMPTY = N_("the file is empty")
TOO_DEEP = N_("the file has lists or objects nested more than {limit} levels deep, so it is not read")
NOT_UTF8 = N_("the file is not text (it is not UTF-8)")
NOT_JSON = N_("the file is not valid JSON")
NOT_JSON_AT = N_("the file is not valid JSON at line {line}, column {column}")
NOT_JSON_CONSTANT = N_("the file is not valid JSON: {word} is not a JSON value")
DUPLICATE_KEY = N_("the file is not a clean JSON object: the key {key} appears twice in one object")
LONG_NUMBER = N_("the file holds a number with more than {limit} digits")

_STRING = re.compile(r'"[^"\\]*(?:\\.[^"\\]*)*"', re.S)
_NOT_BRACKET = re.compile(r"[^\[\]{}]+")
_DEPTH_CHANGE = {"[": 1, "{": 1, "]": -1, "}": -1}
MAX_DIGITS = 4000   # below CPython's own limit on converting long digit strings (4,300)


def decode(data: bytes) -> str:
    """Bytes of a file as text: size checked first, UTF-8 (a byte-order mark is allowed)."""
    check_size(len(data))
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError:
        raise MatchFileError(NOT_UTF8) from None


def check_size(size: int) -> None:
    """Refuse more than MAX_BYTES bytes."""
    if size > MAX_BYTES:
        raise MatchFileError(TOO_BIG, limit=MAX_BYTES // (1024 * 1024))


def utf8_size(text: str) -> int:
    """How many bytes ``text`` takes in UTF-8 (lone surrogates count as three, as they would be escaped)."""
    if len(text) * 4 <= MAX_BYTES:   # cannot be over the limit: skip the encoding
        return len(text)
    return len(text.encode("utf-8", "surrogatepass"))


def nesting_exceeds(text: str, limit: int = MAX_DEPTH) -> bool:
    """True when a JSON parser reading ``text`` could have more than ``limit`` lists or objects open at once.

    Strings are cut out first (brackets inside them do not count; an
    unterminated string ends the text); then the brackets left are counted,
    +1 for each opening and -1 for each closing one. For valid JSON the
    highest running count is exactly the depth; for anything else it is at
    least the depth a parser reaches before it stops with an error. No
    recursion, and no Python-level loop over the characters.
    """
    text = _STRING.sub("", text)
    quote = text.find('"')
    if quote >= 0:
        text = text[:quote]
    brackets = _NOT_BRACKET.sub("", text)
    if len(brackets) <= limit:
        return False
    return max(accumulate(map(_DEPTH_CHANGE.__getitem__, brackets))) > limit


def _refuse_constant(word: str) -> Any:
    raise MatchFileError(NOT_JSON_CONSTANT, word=word)


def _parse_int(digits: str) -> int:
    if len(digits.lstrip("-")) > MAX_DIGITS:
        raise MatchFileError(LONG_NUMBER, limit=MAX_DIGITS)
    return int(digits)


def _object(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    result = dict(pairs)
    if len(result) != len(pairs):
        seen: set[str] = set()
        for key, _value in pairs:
            if key in seen:
                raise MatchFileError(DUPLICATE_KEY, key=json.dumps(key[:40] + ("…" if len(key) > 40 else "")))
            seen.add(key)
    return result


def parse(text: str) -> Any:
    """Parse JSON text after checking its size (MAX_BYTES) and nesting (MAX_DEPTH); MatchFileError says why not."""
    if not isinstance(text, str):
        raise MatchFileError(NOT_UTF8)
    check_size(utf8_size(text))
    if not text.strip():
        raise MatchFileError(EMPTY)
    if nesting_exceeds(text):
        raise MatchFileError(TOO_DEEP, limit=MAX_DEPTH)
    try:
        return json.loads(text, object_pairs_hook=_object, parse_constant=_refuse_constant, parse_int=_parse_int)
    except MatchFileError:
        raise
    except RecursionError:   # the checks above should make this impossible; refuse all the same
        raise MatchFileError(TOO_DEEP, limit=MAX_DEPTH) from None
    except json.JSONDecodeError as err:   # where, not the parser's own English words (the page says it in its language)
        raise MatchFileError(NOT_JSON_AT, line=err.lineno, column=err.colno) from None
    except ValueError:
        raise MatchFileError(NOT_JSON) from None
