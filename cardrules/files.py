"""Writing a file whole: through a new file in the same folder, renamed over the target."""

from __future__ import annotations

import contextlib
import os
import tempfile
from pathlib import Path


def write_replacing(path: Path, text: str) -> None:
    """Write ``text`` to ``path`` through a new file renamed over it: whatever stands at
    ``path`` (a symlink, a file someone else owns) is replaced, never written through, and a
    reader never sees half a file."""
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as f:
            f.write(text)
        os.chmod(tmp, 0o644)
        os.replace(tmp, path)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(tmp)
        raise
