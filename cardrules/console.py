"""The ``cardrules`` command's entry point: it imports the command (the compiler, the
runtime) inside its own guard, so that Ctrl-C during that first second stops quietly with
130, as it does later (cli.main handles it from then on)."""

from __future__ import annotations

import sys


def main() -> int:
    try:
        from .cli import main as run
    except KeyboardInterrupt:
        sys.stderr.write("interrupted\n")
        return 130
    return run()


if __name__ == "__main__":  # python -m cardrules.console (python -m cardrules is the same)
    sys.exit(main())
