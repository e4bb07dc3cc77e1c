#!/usr/bin/env python3
"""The gettext catalogues: extract the game's words, update each language, compile them for Python.

    python3 -m scripts.catalogs extract    # the code's msgids -> locale/mexican_train.pot, merged into every .po
    python3 -m scripts.catalogs compile    # every .po -> .mo (scripts/setup.sh and the page build do this)
    python3 -m scripts.catalogs init LANG  # start the catalogue of a new language

The catalogues live in the package, ``py/mexican_train/locale/<lang>/LC_MESSAGES/
mexican_train.po``; the ``.mo`` files Python's ``gettext`` reads are build
outputs (git-ignored), compiled here with Babel. English is the msgids
themselves. Extraction reads the Python package (``N_``, ``NP_``, ``_``,
``ngettext``) and the page template (``_``), as babel.cfg says.
"""

from __future__ import annotations

import os
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
LOCALE = os.path.join(ROOT, "py", "mexican_train", "locale")
DOMAIN = "mexican_train"
TEMPLATE = os.path.join(LOCALE, DOMAIN + ".pot")
KEYWORDS = ["-k", "N_", "-k", "NP_:1,2", "-k", "NC_:1c,2"]


def po_file(lang: str) -> str:
    return os.path.join(LOCALE, lang, "LC_MESSAGES", DOMAIN + ".po")


def mo_file(lang: str) -> str:
    return os.path.join(LOCALE, lang, "LC_MESSAGES", DOMAIN + ".mo")


def catalogue_languages() -> list[str]:
    """Every language with a catalogue (.po), sorted."""
    if not os.path.isdir(LOCALE):
        return []
    return sorted(lang for lang in os.listdir(LOCALE) if os.path.exists(po_file(lang)))


def has_catalogue(lang: str) -> bool:
    return os.path.exists(po_file(lang))


def compiled_files() -> list[str]:
    """The .po files the page is built from (a change rebuilds the page)."""
    return [po_file(lang) for lang in catalogue_languages()]


def compile_one(lang: str) -> None:
    """Compile one language's .po into the .mo beside it."""
    from babel.messages.mofile import write_mo
    from babel.messages.pofile import read_po
    with open(po_file(lang), "rb") as f:
        catalog = read_po(f, locale=lang, domain=DOMAIN)
    tmp = mo_file(lang) + ".tmp"
    with open(tmp, "wb") as f:
        write_mo(f, catalog, use_fuzzy=False)
    os.replace(tmp, mo_file(lang))


def ensure() -> list[str]:
    """Compile every .po whose .mo is missing or older; returns the languages compiled."""
    done = []
    for lang in catalogue_languages():
        mo = mo_file(lang)
        if not os.path.exists(mo) or os.path.getmtime(mo) < os.path.getmtime(po_file(lang)):
            compile_one(lang)
            done.append(lang)
    return done


def _pybabel(*args: str) -> None:
    from babel.messages.frontend import CommandLineInterface
    CommandLineInterface().run(["pybabel", "-q", *args])


def extract() -> None:
    """Read every msgid of the code into the .pot, and merge it into every language's .po."""
    os.makedirs(LOCALE, exist_ok=True)
    _pybabel("extract", "-F", os.path.join(ROOT, "babel.cfg"), *KEYWORDS, "--no-location", "--sort-output",
             "--omit-header", "--add-comments=TRANSLATORS:", "-o", TEMPLATE, ROOT)
    for lang in catalogue_languages():
        update(lang)


def update(lang: str) -> None:
    """Merge the .pot into one language's .po.

    The .po keeps its header as it was (its plural rule, its glossary in the comments, its dates: an
    unchanged catalogue stays byte for byte the same); a msgid that left the code leaves the catalogue,
    and a new one arrives empty, never guessed from a similar one."""
    from babel.messages.pofile import read_po, write_po
    with open(TEMPLATE, "rb") as f:
        template = read_po(f, domain=DOMAIN)
    with open(po_file(lang), "rb") as f:
        catalog = read_po(f, locale=lang, domain=DOMAIN)
    created = catalog.creation_date
    catalog.update(template, no_fuzzy_matching=True)
    catalog.creation_date = created
    tmp = po_file(lang) + ".tmp"
    with open(tmp, "wb") as f:
        write_po(f, catalog, ignore_obsolete=True)
    os.replace(tmp, po_file(lang))


def init(lang: str) -> None:
    """Start the catalogue of a new language from the .pot."""
    _pybabel("init", "-i", TEMPLATE, "-d", LOCALE, "-D", DOMAIN, "-l", lang)


def main(argv: list[str]) -> int:
    if not argv or argv[0] not in ("extract", "compile", "init") or (argv[0] == "init") != (len(argv) == 2):
        print(__doc__.split("\n\n")[1], file=sys.stderr)
        return 2
    if argv[0] == "extract":
        extract()
        print(f"{os.path.relpath(TEMPLATE, ROOT)} and {len(catalogue_languages())} catalogue(s) updated")
    elif argv[0] == "init":
        init(argv[1])
    else:
        for lang in catalogue_languages():
            compile_one(lang)
        print(f"compiled {', '.join(catalogue_languages()) or 'no catalogues'}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
