"""``--jobs`` is capped at the cores of the machine, with one line saying so."""

from __future__ import annotations

import os
from typing import Any

import pytest

from lazytree.cli import jobs as jobs_module
from lazytree.cli.jobs import cap_jobs, cores
from tests.helpers import cli, run

LISP3 = ("dice-of-doom", "--rules", "lisp", "--size", "3")


def test_cap_jobs_caps_at_the_cores_and_says_so() -> None:
    assert cap_jobs(50, 2) == (2, "--jobs 50 capped at 2 (the cores of this machine)")
    assert cap_jobs(2, 2) == (2, None)
    assert cap_jobs(1, 1) == (1, None)
    assert cap_jobs(cores() + 1)[0] == cores()


def test_cores_prefers_the_process_count(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(os, "process_cpu_count", lambda: 3, raising=False)
    monkeypatch.setattr(os, "cpu_count", lambda: 64)
    assert cores() == 3
    monkeypatch.delattr(os, "process_cpu_count", raising=False)
    assert cores() == 64
    monkeypatch.setattr(os, "cpu_count", lambda: None)
    assert cores() == 1


def _two_cores(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(jobs_module, "cores", lambda: 2)


def test_arena_caps_jobs(monkeypatch: pytest.MonkeyPatch) -> None:
    _two_cores(monkeypatch)
    seen: list[int] = []
    real = __import__("lazytree.cli.arena", fromlist=["run_match"]).run_match

    def spy(match: Any, *, jobs: int = 1, **kwargs: Any) -> Any:
        seen.append(jobs)
        return real(match, jobs=1, **kwargs)

    monkeypatch.setattr("lazytree.cli.arena.run_match", spy)
    code, _, err = run("arena", *LISP3, "--players", "lol2,random", "--pairs", "1", "-j", "50")
    assert code == 0, err
    assert seen == [2]
    assert [line for line in err.splitlines() if "capped" in line] == [
        "--jobs 50 capped at 2 (the cores of this machine)"
    ]
    seen.clear()
    code, _, err = run("arena", *LISP3, "--players", "lol2,random", "--pairs", "1", "-j", "2")
    assert code == 0 and seen == [2] and "capped" not in err


def test_tune_caps_jobs(monkeypatch: pytest.MonkeyPatch) -> None:
    _two_cores(monkeypatch)
    seen: list[int] = []

    class Stop(Exception):
        pass

    def spy(plan: Any, *, jobs: int = 1, **kwargs: Any) -> Any:
        seen.append(jobs)
        raise Stop

    monkeypatch.setattr("lazytree.cli.tune.collect", spy)
    result = cli(["tune", *LISP3, "--games", "1", "--jobs", "9"])
    assert isinstance(result.exception, Stop), result.output
    assert seen == [2]
    assert "--jobs 9 capped at 2 (the cores of this machine)" in result.stderr
