"""``python -m cardrules``: the ``cardrules`` command (as its entry point, console.main)."""

from __future__ import annotations

import sys

from .console import main

if __name__ == "__main__":
    sys.exit(main())
