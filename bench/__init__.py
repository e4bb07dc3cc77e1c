"""The benchmarks, importable as a package from the repository root.

Run them as modules from there: ``python3 -m bench.engine``, ``python3 -m
bench.page_speed``. The game's package is imported from this checkout's
``py/`` (not from whichever checkout ``pip install -e`` last pointed at), as
pytest does with ``pythonpath = py``.
"""

import os
import sys

_PY = os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "py")
if _PY not in sys.path:
    sys.path.insert(0, _PY)
