"""Hostile values, shared by the browser's table (e2e/test_hostile_host.py) and the Python one
(tests/test_hostile_names.py): what a link, a host page, a typed name or a match file may hold."""

INHERITED = ["constructor", "__proto__", "toString", "toLocaleString", "valueOf", "hasOwnProperty",
             "isPrototypeOf", "propertyIsEnumerable", "__defineGetter__", "__defineSetter__",
             "__lookupGetter__", "__lookupSetter__"]
"""Every property of Object.prototype: each is found by a lookup that is not by own keys."""
HOSTILE = INHERITED + [
    "",
    "Ana\x00\x07\x1b[31m\x7f\x9f\nBo",                                               # control characters
    "\u202eanA\u202a\u202b\u202c\u202d\u2066\u2067\u2068\u2069\u200e\u200f\u061c",   # bidi controls
    "Ana\u200b\u2060\ufeff\U000e0041\U000e0042\U000e007f",                           # invisible; tags hiding "AB"
    "1" + "0" * 9999,                                                                # huge, and no number of ours
    "[" * 1000 + '{"__proto__": {"constructor": 1}}' + "]" * 1000,                  # nested
    "<img src=x onerror=alert(1)>",
    "-1",
]
"""Twenty values: the browser's table makes one page load per value."""
