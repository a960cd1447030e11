"""The rows of issue 11's table, as a new user ran them: each now answers under 2 GiB,
with one line (a mistake) or a result (partial when a budget ran out).

The big ones run as real processes, whose peak memory is read from the kernel."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from tests.cli.helpers import ROOT, run, run_process

GIB = 1024**3


def test_analyse_a_10x10_board_at_depth_4() -> None:
    ran = run_process("analyse", "dice-of-doom", "--size", "10", "--seed", "1", "--depth", "4")
    assert ran.code in (0, 3), ran.err
    assert "best moves" in ran.out and ran.peak < 2 * GIB
    assert "deepening (alphabeta-tt)" in ran.out  # the fast exact engine by default


@pytest.mark.slow
def test_explore_a_10x10_board_at_depth_6(tmp_path: Path) -> None:
    out = tmp_path / "e.svg"
    args = ("explore", "dice-of-doom", "--size", "10", "--seed", "1", "--depth", "6")
    ran = run_process(*args, "--out", str(out))
    assert ran.code in (0, 3), ran.err
    assert out.exists() and ran.peak < 2 * GIB
    if ran.code == 3:  # the search's node budget ran out: what it built is drawn
        last = ran.err.strip().splitlines()[-1]
        assert last.startswith("partial: the node budget") and "--search-nodes" in last
        assert "--format html" in ran.err  # 20,000 positions: the picture points to the explorer


@pytest.mark.slow
def test_compare_a_50x50_board_stops_on_its_budgets() -> None:
    # one lazy method besides eager, and a 500 MiB budget, to keep the test short
    args = ("compare", "dice-of-doom", "--sizes", "50", "--depth", "2", "--no-memory")
    ran = run_process(*args, "--rater", "alphabeta", "--max-memory", "500M")
    assert ran.code == 3, ran.err  # partial: the runs were stopped, cleanly
    assert "Traceback" not in ran.err and "MemoryError" not in ran.err
    # stderr: a progress line every few seconds, then the partial line
    assert "stopped" in ran.out and ran.err.strip().splitlines()[-1].startswith("partial: ")
    assert ran.peak < 2 * GIB


def test_count_a_board_of_1000_is_refused_in_one_line() -> None:
    ran = run("count", "dice-of-doom", "--size", "1000", "--depth", "1")
    assert ran.code == 2 and "at most 100" in ran.error_line()


def test_bench_refuses_game_size_1_before_any_table() -> None:
    ran = run("bench", "dice-of-doom", "--game-size", "1")
    assert ran.code == 2 and "--game-size 1" in ran.error_line() and ran.out == ""


def test_a_spec_900_deep_is_one_line() -> None:
    ran = run("analyse", "tree", "--spec", "[" * 900 + "1" + "]" * 900)
    assert ran.code == 2 and "nested 900 levels deep" in ran.error_line()


def test_a_negative_depth_is_one_line_not_a_box() -> None:
    ran = run_process("count", "dice-of-doom", "--depth", "-1")
    assert ran.code == 2
    line = ran.error_line()
    assert line.startswith("error: lazytree count dice-of-doom: ") and "--depth" in line
    assert "╭" not in ran.err


def test_memory_error_is_one_line_and_exit_3(monkeypatch: pytest.MonkeyPatch) -> None:
    def exhausted(*args: object, **kwargs: object) -> None:
        raise MemoryError

    monkeypatch.setattr("lazytree.cli.analyse.count_tree", exhausted)
    ran = run("count", "tictactoe")
    assert ran.code == 3 and "out of memory" in ran.error_line()


def test_the_memory_ceiling_turns_an_allocation_into_memory_error() -> None:
    # what the lazytree script does first, at a small ceiling: allocating past it
    # raises MemoryError (which the command line reports in one line, exit 3)
    code = (
        "from lazytree.cli.common import set_memory_ceiling\n"
        "set_memory_ceiling(400 * 2**20)\n"
        "try:\n    bytearray(600 * 2**20)\nexcept MemoryError:\n    print('refused')\n"
    )
    out = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True, cwd=ROOT
    ).stdout
    assert out.strip() == "refused"
