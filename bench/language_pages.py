#!/usr/bin/env python3
"""One page per language against one page carrying every language: bytes, CSP hashes, first paint.

    bash scripts/setup.sh --vendor-only           # or python3 -m scripts.build_page: the built pages
    python3 -m bench.language_pages               # 11 alternating runs, CPU slowed 4 times
    python3 -m bench.language_pages --runs 11 --cpu 1

The pages are the ones scripts/build_page.py writes (index.html, index.<lang>.html). The page with every
language inline is not built by the game; it is estimated here: the English page plus, for each other
language, the lines of its page that differ from the English one, put in an inert <template> (a real
page of that kind would also need a script to swap the words in before the first paint, so its figures
are a lower bound). Bytes: raw, gzip -9 and brotli (Node's zlib, quality 11), the page alone. CSP: the
hash sources of each page's policy (its inline script and style). First paint: headless Chromium at
360x740, the CPU slowed ``--cpu`` times with the DevTools protocol, a fresh context per load, the pages
in turn (the order rotates every run), first-contentful-paint from the Paint Timing API; medians.
"""

from __future__ import annotations

import argparse
import difflib
import gzip
import os
import re
import statistics
import subprocess
import threading

from scripts import catalogs, serve

ROOT = catalogs.ROOT
ALL = "index.xx.html"   # the estimated every-language page, removed afterwards (a name the server serves as a page)


def pages() -> list[str]:
    return ["index.html"] + [f"index.{lang}.html" for lang in catalogs.catalogue_languages()
                             if os.path.exists(os.path.join(ROOT, f"index.{lang}.html"))]


def read(name: str) -> str:
    with open(os.path.join(ROOT, name), encoding="utf-8") as f:
        return f.read()


def every_language_page(names: list[str]) -> str:
    english = read(names[0]).splitlines(keepends=True)
    extra = []
    for name in names[1:]:
        other = read(name).splitlines(keepends=True)
        for op, _a1, _a2, b1, b2 in difflib.SequenceMatcher(None, english, other, autojunk=False).get_opcodes():
            if op in ("replace", "insert"):
                extra += other[b1:b2]
    block = '<template id="other-languages">\n' + "".join(extra) + "</template>\n"
    page = "".join(english)
    return page.replace("</body>", block + "</body>", 1)


def brotli_size(text: str) -> int:
    out = subprocess.run(["node", "-e", "const z=require('zlib');let b=[];process.stdin.on('data',d=>b.push(d))"
                          ".on('end',()=>process.stdout.write(String(z.brotliCompressSync(Buffer.concat(b),"
                          "{params:{[z.constants.BROTLI_PARAM_QUALITY]:11}}).length)))"],
                         input=text.encode("utf-8"), capture_output=True, check=True)
    return int(out.stdout)


def csp_hashes(text: str) -> list[str]:
    meta = re.search(r'http-equiv="Content-Security-Policy" content="([^"]*)"', text)
    return re.findall(r"'sha256-[^']+'", meta.group(1)) if meta else []


def first_paints(names: list[str], runs: int, cpu: float) -> dict[str, list[float]]:
    from playwright.sync_api import sync_playwright
    srv = serve.make_server(0, "/", ROOT)
    srv.handle_error = lambda request, address: None   # a context closed mid-download: not news
    thread = threading.Thread(target=srv.serve_forever, daemon=True)
    thread.start()
    found: dict[str, list[float]] = {n: [] for n in names}
    try:
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=os.environ.get("CHROMIUM", "/usr/bin/chromium"))
            for run in range(runs):
                order = names[run % len(names):] + names[:run % len(names)]
                for name in order:
                    context = browser.new_context(viewport={"width": 360, "height": 740}, locale="en-US",
                                                  service_workers="block")
                    page = context.new_page()
                    cdp = context.new_cdp_session(page)
                    cdp.send("Emulation.setCPUThrottlingRate", {"rate": cpu})
                    page.goto(srv.url + name + "?lang=" + ("en" if name in ("index.html", ALL) else name.split(".")[1]),
                              wait_until="commit")
                    fcp = page.wait_for_function("""() => {
                        const e = performance.getEntriesByName('first-contentful-paint')[0];
                        return e ? e.startTime : null; }""", timeout=60_000).json_value()
                    found[name].append(fcp)
                    context.close()
            browser.close()
    finally:
        srv.shutdown()
        srv.server_close()
    return found


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--runs", type=int, default=11)
    parser.add_argument("--cpu", type=float, default=4)
    args = parser.parse_args()
    names = pages()
    texts = {n: read(n) for n in names}
    texts[ALL] = every_language_page(names)
    print(f"{'page':<22}{'raw':>8}{'gzip':>8}{'brotli':>8}  CSP hash sources")
    for name, text in texts.items():
        raw = len(text.encode("utf-8"))
        print(f"{name:<22}{raw:>8}{len(gzip.compress(text.encode('utf-8'), 9)):>8}{brotli_size(text):>8}  "
              f"{len(csp_hashes(text))}: {' '.join(h[8:16] + '…' for h in csp_hashes(text))}")
    print(f"({ALL}: the estimated page with every language inline)")
    path = os.path.join(ROOT, ALL)
    with open(path, "w", encoding="utf-8") as f:
        f.write(texts[ALL])
    try:
        paints = first_paints(names + [ALL], args.runs, args.cpu)
    finally:
        os.remove(path)
    print(f"first contentful paint, ms, median of {args.runs} (CPU / {args.cpu:g}, 360x740, no network throttling):")
    for name, values in paints.items():
        print(f"  {name:<20}{statistics.median(values):8.0f}   (min {min(values):.0f}, max {max(values):.0f})")


if __name__ == "__main__":
    main()
