"""``python -m mexican_train``: see ``cli``."""

import sys

from .cli import main

sys.exit(main())
