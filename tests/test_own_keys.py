"""The page's JavaScript looks a value from outside up by an object's own keys only: the ``in``
operator, which also finds "constructor", "__proto__" and every other name an object inherits, is used
nowhere in static/js/ but in for-in loops over the page's own tables and in a feature check on the
browser's own objects. (Object.hasOwn, a Map or an array's includes do the lookups; the browser test
e2e/test_hostile_host.py feeds every address parameter and command those names.)"""

from __future__ import annotations

import os
import re

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
JS = os.path.join(ROOT, "static", "js")
FEATURE_CHECKS = {'"serviceWorker" in navigator'}


def code_of(text: str) -> str:
    """JavaScript without its comments and string literals (so "in" in words and messages is not code)."""
    text = re.sub(r"/\*.*?\*/", " ", text, flags=re.S)
    text = re.sub(r"(?m)(^|[^:\\])//.*$", r"\1", text)
    return re.sub(r'"(?:[^"\\\n]|\\.)*"|\'(?:[^\'\\\n]|\\.)*\'|`(?:[^`\\]|\\.)*`', '""', text)


def test_no_lookup_in_the_page_s_javascript_uses_the_in_operator():
    found = []
    for name in sorted(os.listdir(JS)):
        if not name.endswith(".js"):
            continue
        with open(os.path.join(JS, name), encoding="utf-8") as f:
            text = f.read()
        for check in FEATURE_CHECKS:
            text = text.replace(check, "true")
        for line_no, line in enumerate(code_of(text).splitlines(), 1):
            line = re.sub(r"\bfor\s*\(\s*(?:const|let|var)\s+\w+\s+in\b", "for (", line)
            if re.search(r"\bin\b", line):
                found.append(f"{name}:{line_no}: {line.strip()}")
    assert not found, "\n".join(found)
