"""The clocks and the memory reading where the platform lacks what they read (Pyodide in a
browser has no ``time.thread_time``, no ``/proc`` and no :mod:`resource`): they degrade,
and a search under a limit never fails for it."""

from __future__ import annotations

import os
import subprocess
import sys
import time
import types
from pathlib import Path

import pytest

import lazytree.search.stopping as stopping
from lazytree.search.limit import Limit

ROOT = Path(__file__).resolve().parents[2]


def fake_time(*names: str) -> types.SimpleNamespace:
    """A stand-in for :mod:`time` offering only ``names`` (and ``perf_counter``)."""
    kept = {name: getattr(time, name) for name in (*names, "perf_counter")}
    return types.SimpleNamespace(**kept)


def test_the_cpu_clock_is_the_threads_where_there_is_one() -> None:
    assert stopping.cpu_clock()[0] == "thread_time" == stopping.CPU_CLOCK


def test_without_thread_time_the_cpu_clock_is_the_processs(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(stopping, "time", fake_time("process_time"))
    name, clock = stopping.cpu_clock()
    assert name == "process_time" and clock is time.process_time


def test_a_clock_that_raises_is_passed_over_for_the_wall_clock(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    def unsupported() -> float:
        raise OSError(38, "Function not implemented")

    fake = fake_time()
    fake.thread_time = fake.process_time = unsupported
    monkeypatch.setattr(stopping, "time", fake)
    assert stopping.cpu_clock() == ("perf_counter", time.perf_counter)


@pytest.fixture
def no_memory_reading(monkeypatch: pytest.MonkeyPatch) -> None:
    """No ``/proc/self/statm`` and no :mod:`resource`, as in Pyodide."""
    real_open = os.open

    def refuse_proc(path: str, *args: object, **kw: object) -> int:
        if str(path).startswith("/proc"):
            raise FileNotFoundError(2, "No such file or directory", path)
        return real_open(path, *args, **kw)  # type: ignore[arg-type]

    monkeypatch.setattr(os, "open", refuse_proc)
    monkeypatch.setitem(sys.modules, "resource", None)  # (import resource: ImportError)
    monkeypatch.setattr(stopping, "_statm", None)
    monkeypatch.setattr(stopping, "_no_statm", False)
    monkeypatch.setattr(stopping, "_peak", False)


@pytest.mark.usefixtures("no_memory_reading")
def test_without_proc_or_resource_the_memory_is_unknown() -> None:
    assert stopping.memory_in_use() is None
    assert stopping._no_statm and stopping._peak is None  # looked for once, not again
    assert stopping.memory_in_use() is None


@pytest.mark.usefixtures("no_memory_reading")
def test_a_memory_budget_with_an_unknown_reading_does_not_stop_the_search() -> None:
    budget = Limit(memory=1, nodes=10).budget()
    budget.tally(5)  # memory is read: unknown, not over
    assert budget.exceeded() is None
    with pytest.raises(stopping.SearchStopped) as info:
        budget.tally(11)
    assert info.value.reason == "nodes"  # the other parts of the limit still hold


def test_the_memory_falls_back_to_the_peak_where_there_is_no_proc(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    import resource

    monkeypatch.setattr(stopping, "_statm", None)
    monkeypatch.setattr(stopping, "_no_statm", True)
    monkeypatch.setattr(stopping, "_peak", False)
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss * 1024
    used = stopping.memory_in_use()
    assert used is not None and used >= peak  # (the peak so far: it only grows)


PYODIDE_LIKE = """
import os, sys, time
del time.thread_time                    # Pyodide: no per-thread CPU clock
sys.modules["resource"] = None          # no resource module
real_open = os.open
def refuse_proc(path, *args, **kw):     # no /proc
    if str(path).startswith("/proc"):
        raise FileNotFoundError(2, "No such file or directory", path)
    return real_open(path, *args, **kw)
os.open = refuse_proc

import lazytree
from lazytree.search.stopping import CPU_CLOCK, memory_in_use
from lazytree.session import Session

session = Session("dice-of-doom", {"size": 3, "seed": 4},
                  seats=["default:time=1:clock=cpu", "default:time=1:clock=cpu"])
turns = 0
while not session.is_over and turns < 200:
    for _ in session.ai_turn():
        pass
    turns += 1
print(CPU_CLOCK, memory_in_use(), session.is_over, turns)
"""


def test_a_whole_game_between_clocked_ais_runs_without_thread_time_proc_or_resource() -> None:
    """The library imported and a game played to its end in a Python stripped like
    Pyodide's (a fresh interpreter: the clocks are chosen at import)."""
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    done = subprocess.run(
        [sys.executable, "-c", PYODIDE_LIKE],
        capture_output=True,
        text=True,
        env=env,
        cwd=ROOT,
        timeout=300,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    clock, memory, over, turns = done.stdout.split()
    assert (clock, memory, over) == ("process_time", "None", "True")
    assert 0 < int(turns) < 200
