// The Python a start from the snapshot runs once Python is restored (static/js/pyodide-boot.js): its checks, its
// reseeding and the modules it asks about. Kept apart, with no imports, so that scripts/make_snapshot.mjs compiles
// these very texts into the snapshot (AFTER_RESTORE): a restored Python runs them without parsing or compiling.

// The sources of the game's modules that the snapshot holds already imported (from this very archive): most of
// the archive's bytes to inflate and write, and most of the unpacking's time, for files that only a traceback
// quotes. They are written once the game is up (``Place.idle``), except the screens' (ui.parts lists its folder
// when the Page is made).
export const HELD_MODULES = "import os, sys\n" +
  "[os.path.relpath(m.__file__) for n, m in list(sys.modules.items())\n" +
  " if (n == 'mexican_train' or n.startswith('mexican_train.')) and getattr(m, '__file__', None)]";

// A restored Python finds its standard library through zipimport's directory of the zip it was
// started with (make_snapshot.mjs notes that zip's size): a snapshot from another zip is refused.
export const STDLIB_CHECK = "import os, sys\n" +
  "getattr(sys, '_mt_stdlib_size', None) == os.stat(next(p for p in sys.path if p.endswith('.zip'))).st_size";

// The copy's hidden generator of `random` was seeded with 0 when the snapshot was made: seeded anew on each visit.
export const RESEED = "import random\nrandom.seed()";

// The snapshot holds the game's modules, imported from the archive whose tag it keeps
// (make_snapshot.mjs). With another archive (a newer release, or an edited package not yet in the
// snapshot) those modules are dropped before anything of the game is imported, and Python imports
// the downloaded ones: old code never runs.
export const SNAPSHOT_PACKAGE = "import sys\ngetattr(sys, '_mt_package', None)";
// (The folder finders forget what they listed when the snapshot was taken; importlib.invalidate_caches()
// would do that too, but it imports importlib.metadata, which the cut-down standard library leaves out.)
export const FORGET_GAME = "import sys\n" +
  "for name in [n for n in sys.modules if n == 'mexican_train' or n.startswith('mexican_train.')]:\n" +
  "    del sys.modules[name]\n" +
  "sys._mt_package = None\n" +
  "for finder in sys.path_importer_cache.values():\n" +
  "    if type(finder).__name__ == 'FileFinder':\n" +
  "        finder.invalidate_caches()";

/** Every text above: what make_snapshot.mjs compiles into the snapshot. */
export const AFTER_RESTORE = [STDLIB_CHECK, RESEED, SNAPSHOT_PACKAGE, FORGET_GAME, HELD_MODULES];
