"""The README says what the code does: its table of address parameters names every parameter the page
reads (static/js/presets.js, static/js/host.js, static/js/link.js) and every rule option of the registry, and nothing else."""

from __future__ import annotations

import os
import re

from mexican_train.rules import Rules

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def read(*parts: str) -> str:
    with open(os.path.join(ROOT, *parts), encoding="utf-8") as f:
        return f.read()


def readme_parameters() -> set[str]:
    text = read("README.md")
    section = text[text.index("### Address parameters"):]
    section = section[:section.index("\n## ")]
    names = set()
    for row in re.findall(r"^\| `([^`]+)`", section, flags=re.M):
        names.add(re.sub(r"\d+$", "N", row))            # seat0 … seat9 -> seatN
    return names


def page_parameters() -> set[str]:
    presets = read("static", "js", "presets.js")
    names = {re.sub(r'"$', "", n) for n in re.findall(r'given\("([a-z_]+)"', presets)}
    names = {n + "N" if n in ("seat", "name") else n for n in names}
    names |= set(re.findall(r'params\.get\("([a-z_]+)"\)', read("static", "js", "host.js")))
    servers = re.search(r"SERVER_PARAMETERS = \[([^\]]*)\]", read("static", "js", "link.js"))   # the friends' servers
    assert servers is not None
    names |= set(re.findall(r'"([a-z_]+)"', servers.group(1)))
    return names | {name for name, _ in Rules.options() if name != "preset"}


def test_the_readme_table_names_every_address_parameter_the_page_reads_and_no_other():
    assert readme_parameters() == page_parameters()


def test_the_embed_guide_points_to_that_table():
    assert "README.md#address-parameters" in read("docs", "embed.md")
