"""What stops a search: :class:`SearchStopped` and its reasons, the clocks a limit's
seconds count, and the reading of the process's memory.

A :class:`~lazytree.search.limit.Limit` says when a search stops; its
:class:`~lazytree.search.budget.Budget` checks it with what is here. Both import this
module, and :mod:`lazytree.search.limit` re-exports its names.

Examples
--------
>>> stopped = SearchStopped("nodes", "the node budget ran out")
>>> stopped.reason, str(stopped)
('nodes', 'the node budget ran out')
>>> sorted(CLOCKS)
['cpu', 'wall']
"""

from __future__ import annotations

import os
import sys
import time
from collections.abc import Callable
from typing import Literal

__all__ = ["CLOCKS", "Clock", "SearchStopped", "StopReason", "memory_in_use"]

StopReason = Literal["time", "nodes", "memory", "stop"]
Clock = Literal["wall", "cpu"]

CLOCKS: dict[str, Callable[[], float]] = {"wall": time.perf_counter, "cpu": time.thread_time}
"""What ``Limit.seconds`` counts: wall-clock seconds, or the CPU seconds of the searching
thread (the same search on a busy machine gets the same CPU time, so matches between a
clocked AI and a fixed-depth one do not depend on what else the machine is doing)."""


_statm: tuple[int, int] | None = None
"""The process id and the descriptor of its ``/proc/self/statm``, kept open (``/proc/self``
is resolved when it is opened, so a forked child opens its own)."""


def memory_in_use() -> int:
    """The memory this process holds now (resident set size, bytes).

    Read from ``/proc/self/statm`` where there is one (one system call: the file is kept
    open and read again from its start, 1.5 us against 10 us to open it each time);
    elsewhere the peak resident size from :func:`resource.getrusage`, which can only
    overstate.
    """
    global _statm
    try:
        pid = os.getpid()
        kept = _statm
        if kept is None or kept[0] != pid:
            kept = _statm = (pid, os.open("/proc/self/statm", os.O_RDONLY))
        return int(os.pread(kept[1], 64, 0).split()[1]) * _PAGE
    except (OSError, ValueError, IndexError, AttributeError):
        import resource  # (Unix only: the fallback where /proc is missing)

        peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
        return peak if sys.platform == "darwin" else peak * 1024


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
