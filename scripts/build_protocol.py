#!/usr/bin/env python3
"""Write types/protocol.d.ts: the TypeScript declarations of the protocol between the page and Python.

    python3 -m scripts.build_protocol            # write the file
    python3 -m scripts.build_protocol --check    # exit 1 if the file is not what the declarations give

Everything comes from ``mexican_train.ui.protocol`` and ``mexican_train.ui.views``: each event dataclass,
each ``TypedDict`` (the calls, answers, writes and view models), each ``StrEnum`` and ``Literal`` alias, under
the global namespace ``Py`` (types/page.d.ts adds the page's own names to it). The page's scripts name these
types in their JSDoc (``Py.BoardView``), and ``tsc`` checks them (tests/test_js_types.py);
tests/test_protocol.py fails when this file is stale. Nothing is copied by hand.
"""

from __future__ import annotations

import argparse
import dataclasses
import enum
import inspect
import os
import re
import sys
import types
import typing

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
OUT = os.path.join(ROOT, "types", "protocol.d.ts")

HEADER = """\
// The protocol between the page and Python, declared in py/mexican_train/ui/protocol.py and views.py.
// Written by `python3 -m scripts.build_protocol`; do not edit (tests/test_protocol.py checks it is current).

declare namespace Py {
"""


def _is_typeddict(value: object) -> bool:
    return isinstance(value, type) and typing.is_typeddict(value)


def ts_type(hint: object, names: dict[object, str]) -> str:
    """The TypeScript for a Python type hint."""
    if hint in names:
        return names[hint]
    if hint is type(None) or hint is None:
        return "null"
    if hint is str:
        return "string"
    if hint in (int, float):
        return "number"
    if hint is bool:
        return "boolean"
    if hint is object or hint is typing.Any:
        return "unknown"
    origin = typing.get_origin(hint)
    args = typing.get_args(hint)
    if origin in (typing.Union, types.UnionType):
        return " | ".join(ts_type(a, names) for a in args)
    if origin is typing.Literal:
        return " | ".join(_literal(a) for a in args)
    if origin is list:
        inner = ts_type(args[0], names)
        return f"({inner})[]" if "|" in inner else f"{inner}[]"
    if origin is tuple:
        return "[" + ", ".join(ts_type(a, names) for a in args) + "]"
    if origin is dict:
        return f"Record<{ts_type(args[0], names)}, {ts_type(args[1], names)}>"
    if isinstance(hint, type) and issubclass(hint, enum.Enum):
        return " | ".join(_literal(m.value) for m in hint)
    raise TypeError(f"no TypeScript for {hint!r}")


def _literal(value: object) -> str:
    if isinstance(value, str):
        return '"' + value.replace("\\", "\\\\").replace('"', '\\"') + '"'
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value)


def _doc(obj: object) -> str:
    text = inspect.cleandoc(getattr(obj, "__doc__", None) or "")
    if not text:
        return ""
    return "/** " + "\n * ".join(line.rstrip() for line in text.splitlines()) + " */\n"


def render() -> str:
    """The declarations, as the file holds them."""
    from mexican_train.ui import parts, protocol, views

    parts.load()
    # the parts' modules by name, not in the order something happened to import them first
    modules = (views, protocol) + tuple(sys.modules[m] for m in sorted({cls.__module__ for cls in parts.PARTS.values()}))
    names: dict[object, str] = {}
    blocks: list[str] = []
    # enums and literal aliases first: they are named in what follows
    for module in modules:
        for name, value in vars(module).items():
            if name in names.values() or name.startswith("_"):
                continue   # imported from another module, or private
            if isinstance(value, type) and issubclass(value, enum.StrEnum) and value.__module__ == module.__name__:
                names[value] = name
                blocks.append(_doc(value) + f"export type {name} = {ts_type(value, {})};\n")
            elif typing.get_origin(value) is typing.Literal:
                names[value] = name
                blocks.append(f"export type {name} = {ts_type(value, {})};\n")
    for module in modules:
        for name, value in vars(module).items():
            if (_is_typeddict(value) or (isinstance(value, type) and issubclass(value, protocol.Event)
                                         and value is not protocol.Event)) and value.__module__ == module.__name__:
                names[value] = name
    names[protocol.Texts] = "Texts"
    names[protocol.Settings] = "Settings"
    blocks.append("/** Storage texts by key (null: the key holds nothing). */\n"
                  "export type Texts = Record<string, string | null>;\n")
    blocks.append("/** The setup form's settings (Python checks every one). */\n"
                  "export type Settings = Record<string, unknown>;\n")
    for module in modules:
        for name, value in vars(module).items():
            if _is_typeddict(value) and value.__module__ == module.__name__ and not name.startswith("_"):
                blocks.append(_interface(name, value, names))
    for module in modules:   # unions of views (GameView), but for the two written below from their registries
        for name, value in vars(module).items():
            if (name not in ("Answer", "Write") and typing.get_origin(value) in (typing.Union, types.UnionType)
                    and all(_is_typeddict(a) for a in typing.get_args(value)) and name not in names.values()):
                names[value] = name
                blocks.append(_doc_of(module, name) + f"export type {name} = {ts_type(value, {a: names[a] for a in typing.get_args(value)})};\n")
    events = [protocol.EVENTS[kind] for kind in sorted(protocol.EVENTS)]
    for cls in events:
        blocks.append(_event(cls, names))
    blocks.append("/** Every event the page may send. */\nexport type Event = " +
                  " | ".join(names[cls] for cls in events) + ";\n")
    blocks.append("/** Every event's type. */\nexport type EventType = Event[\"type\"];\n")
    blocks.append(_dataclass("Source", protocol.Source, names))
    names[protocol.Source] = "Source"
    blocks.append(_dataclass("Call", protocol.Call, names, exclude={"event"}, extra={"event": "Event"},
                             optional_defaults=True))
    blocks.append(f"export type Write = {' | '.join(names[a] for a in typing.get_args(protocol.Write))};\n")
    answers = [protocol.ANSWERS[part] for part in sorted(protocol.ANSWERS)]
    blocks.append("/** Every answer, told apart by its part. */\nexport type Answer = " +
                  " | ".join(names[a] for a in answers) + ";\n")
    blocks.append("/** The part of the page an answer is for. */\nexport type PartName = Answer[\"part\"];\n")
    body = "\n".join(blocks)
    return HEADER + "".join(("  " + line if line.strip() else line) for line in body.splitlines(keepends=True)) + "}\n"


def _doc_of(module: types.ModuleType, name: str) -> str:
    """The docstring written under a module-level name, if any (read from the module's source)."""
    source = inspect.getsource(module)
    found = re.search(rf"^{name} = .*\n\"\"\"(.*?)\"\"\"", source, re.M | re.S)
    return _doc(type("doc", (), {"__doc__": found.group(1)})) if found else ""


def _interface(name: str, cls: type, names: dict[object, str]) -> str:
    hints = typing.get_type_hints(cls)
    own = cls.__dict__.get("__annotations__", {})
    bases = [b for b in cls.__orig_bases__ if _is_typeddict(b)] if hasattr(cls, "__orig_bases__") else []
    extends = f" extends {', '.join(names[b] for b in bases)}" if bases else ""
    lines = [f"export interface {name}{extends} {{"]
    for field in own:
        optional = field in cls.__optional_keys__
        lines.append(f"  {field}{'?' if optional else ''}: {ts_type(hints[field], names)};")
    return _doc(cls) + "\n".join(lines) + "\n}\n"


def _event(cls: type, names: dict[object, str]) -> str:
    hints = typing.get_type_hints(cls)
    lines = [f"export interface {names[cls]} {{", f"  type: {_literal(cls.type)};"]
    for f in dataclasses.fields(cls):
        optional = f.default is not dataclasses.MISSING
        lines.append(f"  {f.name}{'?' if optional else ''}: {ts_type(hints[f.name], names)};")
    return _doc(cls) + "\n".join(lines) + "\n}\n"


def _dataclass(name: str, cls: type, names: dict[object, str], exclude: frozenset[str] = frozenset(),
               extra: dict[str, str] | None = None, optional_defaults: bool = True) -> str:
    hints = typing.get_type_hints(cls)
    lines = [f"export interface {name} {{"]
    for f in dataclasses.fields(cls):
        if f.name in exclude:
            lines.append(f"  {f.name}: {(extra or {})[f.name]};")
            continue
        has_default = f.default is not dataclasses.MISSING or f.default_factory is not dataclasses.MISSING
        optional = optional_defaults and has_default
        lines.append(f"  {f.name}{'?' if optional else ''}: {ts_type(hints[f.name], names)};")
    return _doc(cls) + "\n".join(lines) + "\n}\n"


def current() -> bool:
    """Whether the file holds what the declarations give."""
    try:
        with open(OUT, encoding="utf-8") as f:
            return f.read() == render()
    except FileNotFoundError:
        return False


def ensure() -> bool:
    """Write the file if it is not what the declarations give; True if it was (re)written."""
    if current():
        return False
    _write()
    return True


def _write() -> None:
    tmp = OUT + ".tmp"
    with open(tmp, "w", encoding="utf-8") as f:
        f.write(render())
    os.replace(tmp, OUT)


def main(argv: list[str]) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--check", action="store_true", help="only check that the file is current")
    a = ap.parse_args(argv)
    sys.path.insert(0, os.path.join(ROOT, "py"))
    if a.check:
        if current():
            return 0
        print(f"{os.path.relpath(OUT, ROOT)} is stale: run python3 -m scripts.build_protocol", file=sys.stderr)
        return 1
    _write()
    print(f"wrote {os.path.relpath(OUT, ROOT)}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
