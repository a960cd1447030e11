"""``--jobs``: worker processes of a command, at most one per core of this machine."""

from __future__ import annotations

import os
from typing import Annotated

import typer

__all__ = ["JobsOption", "cap_jobs", "cores"]

JobsOption = Annotated[
    int,
    typer.Option(
        "--jobs", "-j", help="Worker processes (at most the number of cores of this machine)."
    ),
]


def cores() -> int:
    """The cores this process may run on: :func:`os.process_cpu_count` where Python has
    it (3.13+: it honours the CPU affinity), else :func:`os.cpu_count`; at least 1.

    >>> cores() >= 1
    True
    """
    count = getattr(os, "process_cpu_count", os.cpu_count)()
    return max(1, count or 1)


def cap_jobs(jobs: int, available: int | None = None) -> tuple[int, str | None]:
    """``jobs`` capped at ``available`` cores (default :func:`cores`), and the line to
    show when it was capped (``None`` when it was not). More worker processes than
    cores only make every one of them slower (and each holds its own trees).

    >>> cap_jobs(50, 2)
    (2, '--jobs 50 capped at 2 (the cores of this machine)')
    >>> cap_jobs(2, 2), cap_jobs(1, 8)
    ((2, None), (1, None))
    """
    most = cores() if available is None else available
    if jobs <= most:
        return jobs, None
    return most, f"--jobs {jobs} capped at {most} (the cores of this machine)"
