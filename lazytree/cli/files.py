"""Files a command reads and writes: bounded reads, output paths checked before the work.

A command reads a file the user names only when it is a regular file of a bounded size
(``/dev/zero`` or a fifo is refused in one line, not read until memory runs out), and
checks every file it will write before a long run starts, so a path that cannot be
written fails at once instead of after the work; if writing still fails at the end, the
result goes to a file in the temporary directory and the error says where.
"""

from __future__ import annotations

import os
import stat
import tempfile
from collections.abc import Callable
from pathlib import Path
from typing import NoReturn

from lazytree.cli.common import fail, human_size

__all__ = [
    "MAX_READ_BYTES",
    "MAX_SAVED_GAME_BYTES",
    "check_output",
    "read_text_file",
    "write_or_keep",
]

MAX_READ_BYTES = 64 * 1024**2
"""The largest file a command reads whole unless it states a smaller bound."""

MAX_SAVED_GAME_BYTES = 4 * 1024**2
"""The largest saved game ``play --load`` reads: a session of the most moves it may hold
(100,000, :data:`lazytree.session.MAX_MOVES`) from a 100x100 board is about 1.7 MB (16
bytes a move, 40 kB of start board). A bigger file is refused before it is read, since
parsing and replaying costs about ten times its size in memory."""


def _why(exc: OSError) -> str:
    return exc.strerror or str(exc)


def read_text_file(
    path: Path, option: str, limit: int = MAX_READ_BYTES, what: str = "a command reads"
) -> str:
    """The text of file ``path`` given as ``option``; a one-line error (exit 2) when it
    is missing, not a regular file, larger than ``limit`` bytes (the error says "more
    than the LIMIT ``what``") or not UTF-8 text."""
    try:
        if not stat.S_ISREG(os.stat(path).st_mode):  # before opening: a fifo would block
            fail(f"{option} {path}: not a regular file")
        with open(path, "rb") as f:
            info = os.fstat(f.fileno())
            if info.st_size > limit:
                size = human_size(info.st_size)
                fail(f"{option} {path}: {size} is more than the {_most(limit, what)}")
            data = f.read(limit + 1)
    except OSError as exc:
        fail(f"{option} {path}: {_why(exc)}")
    if len(data) > limit:  # grew while read
        fail(f"{option} {path}: more than the {_most(limit, what)}")
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError:
        fail(f"{option} {path}: not a text file (not UTF-8)")


def _most(limit: int, what: str) -> str:
    return f"{human_size(limit)} {what}"


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
        fail(f"{option} {path}: cannot create a file in {parent}: {_why(exc)}")
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
        fail(f"{option} {path}: {_why(exc)} (and nothing could be written in its place)")
    fail(f"{option} {path}: {_why(exc)}; written to {name} instead")
