"""What stops a search: :class:`SearchStopped` and its reasons, the clocks a limit's
seconds count, and the reading of the process's memory.

Where the platform lacks what they read (Pyodide, no ``/proc``) the CPU clock falls
back to the process's CPU time, then the wall clock (:data:`CPU_CLOCK`), and the memory
reading is ``None`` (nothing to stop for): neither raises in the middle of a search.

Examples
--------
>>> stopped = SearchStopped("nodes", "the node budget ran out")
>>> stopped.reason, str(stopped)
('nodes', 'the node budget ran out')
>>> sorted(CLOCKS)
['cpu', 'wall']
>>> CPU_CLOCK in ('thread_time', 'process_time', 'perf_counter')
True
"""

from __future__ import annotations

import os
import sys
import time
from collections.abc import Callable
from typing import Literal

__all__ = [
    "CLOCKS",
    "CPU_CLOCK",
    "Clock",
    "SearchStopped",
    "StopReason",
    "cpu_clock",
    "memory_in_use",
]

StopReason = Literal["time", "nodes", "memory", "stop"]
Clock = Literal["wall", "cpu"]

_CPU_CANDIDATES = ("thread_time", "process_time", "perf_counter")


def cpu_clock(candidates: tuple[str, ...] = _CPU_CANDIDATES) -> tuple[str, Callable[[], float]]:
    """The first of ``candidates`` (names in :mod:`time`) that exists and can be read,
    with its name; the wall clock (``perf_counter``) when none can.

    >>> cpu_clock(("no_such_clock", "perf_counter"))[0]
    'perf_counter'
    """
    for name in candidates:
        clock = getattr(time, name, None)
        if clock is None:
            continue
        try:
            clock()
        except OSError:  # (declared but not implemented by the platform)
            continue
        return name, clock
    return "perf_counter", time.perf_counter


CPU_CLOCK, _cpu = cpu_clock()
"""The name of the :mod:`time` function the ``"cpu"`` clock reads: ``thread_time``
where threads have their own CPU time, else ``process_time``, else ``perf_counter``
(the wall clock, where the platform measures no CPU time)."""

CLOCKS: dict[str, Callable[[], float]] = {"wall": time.perf_counter, "cpu": _cpu}
"""What ``Limit.seconds`` counts: wall-clock seconds, or the CPU seconds of the searching
thread (the same search on a busy machine gets the same CPU time, so matches between a
clocked AI and a fixed-depth one do not depend on what else the machine is doing; see
:data:`CPU_CLOCK` for the platforms without it)."""


_statm: tuple[int, int] | None = None
"""The process id and the descriptor of its ``/proc/self/statm``, kept open (``/proc/self``
is resolved when it is opened, so a forked child opens its own)."""

_no_statm = False
"""Set once ``/proc/self/statm`` could not be read: it is not tried again."""

_peak: Callable[[], int] | bool | None = False
"""The fallback reading of the peak resident size (``False``: not looked for yet;
``None``: there is none on this platform)."""


def memory_in_use() -> int | None:
    """The memory this process holds now (resident set size, bytes), or ``None`` where
    the platform offers no reading (a memory budget then never stops a search).

    Read from ``/proc/self/statm`` (kept open: one system call a reading), else the
    peak resident size from :func:`resource.getrusage` (which can only overstate).
    """
    global _statm, _no_statm
    if not _no_statm:
        try:
            pid = os.getpid()
            kept = _statm
            if kept is None or kept[0] != pid:
                kept = _statm = (pid, os.open("/proc/self/statm", os.O_RDONLY))
            return int(os.pread(kept[1], 64, 0).split()[1]) * _PAGE
        except (OSError, ValueError, IndexError, AttributeError):
            _no_statm = True
    reader = _peak_reader()
    if reader is None:
        return None
    try:
        return reader()
    except (OSError, ValueError):
        return None


def _peak_reader() -> Callable[[], int] | None:
    """:func:`resource.getrusage`'s peak resident size in bytes, or ``None`` where the
    :mod:`resource` module is missing (looked for once)."""
    global _peak
    if _peak is False:
        try:
            import resource  # (Unix only: the fallback where /proc is missing)
        except ImportError:
            _peak = None
        else:
            scale = 1 if sys.platform == "darwin" else 1024

            def peak() -> int:
                return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss * scale

            _peak = peak
    return _peak if callable(_peak) else None


try:
    _PAGE = os.sysconf("SC_PAGE_SIZE")
except (ValueError, OSError, AttributeError):
    _PAGE = 4096


class SearchStopped(Exception):
    """A search ran into its :class:`~lazytree.search.limit.Limit` (``reason`` says which
    part)."""

    def __init__(self, reason: StopReason, message: str) -> None:
        super().__init__(message)
        self.reason: StopReason = reason
