"""Files a command reads and writes: only regular files of a bounded size are read, every output
path is checked before the work, and a write that fails at the end keeps the result in the temporary
directory."""

from __future__ import annotations

import contextlib
import json
import os
import tempfile
from collections.abc import Callable, Iterable, Iterator
from pathlib import Path
from typing import Any, NoReturn

from lazytree.cli.common import MAX_READ_BYTES, fail, os_reason, read_text_file

__all__ = [
    "MAX_READ_BYTES",
    "MAX_SAVED_GAME_BYTES",
    "check_output",
    "json_lines",
    "read_text_file",
    "write_or_keep",
]

MAX_SAVED_GAME_BYTES = 4 * 1024**2
"""The largest saved game ``play --load`` reads (:data:`lazytree.session.MAX_MOVES` moves of a
100x100 board are about 1.7 MB); a bigger file is refused before it is read."""


def check_output(path: Path, option: str) -> None:
    """Fail at once (one line, exit 2) when file ``path`` of ``option`` could not be written;
    the check leaves nothing behind."""
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


@contextlib.contextmanager
def json_lines(out: Path | None) -> Iterator[Callable[[Iterable[Any]], None]]:
    """A writer of JSON lines to ``--out`` file ``out`` (checked and opened first; a one-line
    error, exit 2, when it cannot be), each call's lines flushed; without ``out`` it writes
    nothing."""
    if out is None:
        yield lambda records: None
        return
    check_output(out, "--out")
    try:
        sink = out.open("w", encoding="utf-8")
    except OSError as exc:
        fail(f"--out {out}: {exc.strerror or exc}")

    def write(records: Iterable[Any]) -> None:
        sink.writelines(json.dumps(record) + "\n" for record in records)
        sink.flush()

    with sink:
        yield write


def write_or_keep(path: Path, option: str, write: Callable[[Path], object]) -> Path:
    """``write(path)``, or when that fails, ``write`` a file in the temporary directory and fail
    in one line naming both (exit 2); ``path``."""
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
