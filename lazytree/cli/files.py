"""Files a command reads and writes: bounded reads, output paths checked before the work.

A command reads a file the user names only when it is a regular file of a bounded size
(``/dev/zero`` or a fifo is refused in one line, not read until memory runs out), and
checks every file it will write before a long run starts, so a path that cannot be
written fails at once instead of after the work; if writing still fails at the end, the
result goes to a file in the temporary directory and the error says where.
"""

from __future__ import annotations

import os
import tempfile
from collections.abc import Callable
from pathlib import Path
from typing import NoReturn

from lazytree.cli.common import MAX_READ_BYTES, fail, os_reason, read_text_file

__all__ = [
    "MAX_READ_BYTES",
    "MAX_SAVED_GAME_BYTES",
    "check_output",
    "read_text_file",
    "write_or_keep",
]

MAX_SAVED_GAME_BYTES = 4 * 1024**2
"""The largest saved game ``play --load`` reads: a session of the most moves it may hold
(100,000, :data:`lazytree.session.MAX_MOVES`) from a 100x100 board is about 1.7 MB (16
bytes a move, 40 kB of start board). A bigger file is refused before it is read, since
parsing and replaying costs about ten times its size in memory."""


def check_output(path: Path, option: str) -> None:
    """Fail at once (one line, exit 2) when file ``path`` of ``option`` could not be
    written: its folder is missing or not writable, or it is a folder itself. Nothing is
    left behind (the check creates and removes a temporary file beside it)."""
    if path.is_dir():
        fail(f"{option} {path}: is a directory; name a file")
    parent = path.parent
    if not parent.is_dir():
        fail(f"{option} {path}: no directory {parent}")
    if path.exists():
        if not os.access(path, os.W_OK):
            fail(f"{option} {path}: not writable")
        return
    try:
        handle, probe = tempfile.mkstemp(dir=parent, prefix=".lazytree-", suffix=".probe")
    except OSError as exc:
        fail(f"{option} {path}: cannot create a file in {parent}: {os_reason(exc)}")
    os.close(handle)
    os.unlink(probe)


def write_or_keep(path: Path, option: str, write: Callable[[Path], object]) -> Path:
    """``write(path)``; if that fails, ``write`` a file of the same name in the temporary
    directory instead, then fail in one line naming both (exit 2): the work is kept.
    Returns ``path`` when it was written."""
    try:
        write(path)
    except OSError as exc:
        _kept(path, option, write, exc)
    return path


def _kept(path: Path, option: str, write: Callable[[Path], object], exc: OSError) -> NoReturn:
    handle, name = tempfile.mkstemp(prefix=f"{path.stem}-", suffix=path.suffix or ".out")
    os.close(handle)
    try:
        write(Path(name))
    except OSError:
        os.unlink(name)
        fail(f"{option} {path}: {os_reason(exc)} (and nothing could be written in its place)")
    fail(f"{option} {path}: {os_reason(exc)}; written to {name} instead")
