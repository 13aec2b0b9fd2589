"""``python -m vulkit`` runs the ``vulkit`` command."""

import sys

from .cli import main

sys.exit(main())
