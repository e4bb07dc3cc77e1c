#!/usr/bin/env python3
"""The page's Content-Security-Policy allows its inline <style> and <script> by their SHA-256 hashes.

Everything the first paint needs is inline in the built pages (scripts/build_page.py): the styles, and
the script that puts the saved display preferences on <html>. The policy allows exactly those blocks
by hash, never by 'unsafe-inline', so a script or style that markup could smuggle into the page still
does not run. build_page computes the hashes of every page it writes with ``with_current_hashes``;

    python3 -m scripts.csp --check index.html    # exit 1 if a page's hashes are stale

Standard library only.
"""

from __future__ import annotations

import argparse
import base64
import hashlib
import html.parser
import re
import sys

META = re.compile(r'<meta http-equiv="Content-Security-Policy" content="([^"]*)">')
DIRECTIVE = {"script": "script-src", "style": "style-src"}


class _Inline(html.parser.HTMLParser):
    """The text of every <style>, and of every <script> without src that the browser runs as script."""

    def __init__(self):
        super().__init__(convert_charrefs=False)
        self.blocks: dict[str, list[str]] = {"script": [], "style": []}
        self._open: str | None = None

    def handle_starttag(self, tag, attrs):
        attrs = dict(attrs)
        runs = tag == "style" or (tag == "script" and "src" not in attrs
                                  and attrs.get("type", "text/javascript") in ("text/javascript", "module"))
        if runs:
            self._open = tag
            self.blocks[tag].append("")

    def handle_data(self, data):
        if self._open:
            self.blocks[self._open][-1] += data

    def handle_endtag(self, tag):
        if tag == self._open:
            self._open = None


def source_hash(text: str) -> str:
    """A CSP hash source for one inline block: 'sha256-<base64 of the digest of its UTF-8 text>'."""
    return "'sha256-" + base64.b64encode(hashlib.sha256(text.encode("utf-8")).digest()).decode("ascii") + "'"


def inline_hashes(page: str) -> dict[str, list[str]]:
    """The hash sources the policy needs, by directive: {"script-src": [...], "style-src": [...]}."""
    parser = _Inline()
    parser.feed(page)
    parser.close()
    return {DIRECTIVE[tag]: [source_hash(b) for b in blocks] for tag, blocks in parser.blocks.items()}


def with_current_hashes(page: str) -> str:
    """The page with its policy's hash sources replaced by those of its inline blocks (others kept)."""
    match = META.search(page)
    if not match:
        raise ValueError("index.html has no Content-Security-Policy meta tag")
    wanted = inline_hashes(page)
    directives = []
    for directive in (d.strip() for d in match.group(1).split(";")):
        if not directive:
            continue
        name, *sources = directive.split()
        if name in wanted:
            sources = [s for s in sources if not s.startswith("'sha256-")] + wanted.pop(name)
        directives.append(" ".join([name, *sources]))
    directives += [" ".join([name, *sources]) for name, sources in wanted.items() if sources]
    return page[:match.start(1)] + "; ".join(directives) + page[match.end(1):]


def main(argv: list[str]) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--check", action="store_true", required=True, help="say whether the hashes are current")
    ap.add_argument("pages", nargs="+", help="built HTML pages")
    a = ap.parse_args(argv)
    stale = []
    for name in a.pages:
        with open(name, encoding="utf-8") as f:
            page = f.read()
        if with_current_hashes(page) != page:
            stale.append(name)
    for name in stale:
        print(f"{name}: the Content-Security-Policy's hashes do not match its inline style and script; "
              "rebuild it with python3 -m scripts.build_page", file=sys.stderr)
    return 1 if stale else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
