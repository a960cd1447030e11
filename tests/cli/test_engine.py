"""CLI of the big-board engine: play --time, analyse --time, bench dice-of-doom."""

from __future__ import annotations

import json
import shlex
from pathlib import Path

import pytest

from benchmarks.racket import RacketUnavailable, compare_with_racket
from lazytree.games import load_game
from tests.helpers import cli


@pytest.mark.slow
@pytest.mark.any_core  # the benchmark runs both cores itself
def test_bench_dice_quick_json() -> None:
    result = cli(shlex.split("bench dice-of-doom --quick --json"))
    assert result.exit_code == 0, result.output
    doc = json.loads(result.stdout)
    sizes = [row["size"] for row in doc["sizes"]]
    assert sizes == [3, 4]
    for row in doc["sizes"]:
        assert row["same_value"] is True
        assert row["engine"]["nodes"] <= row["minimax"]["nodes"]
        assert row["depth_in_budget_play"] >= 1
    assert doc["game"]["moves"] >= 1
    assert isinstance(doc["game"]["peak_memory_mb"], float)


def test_bench_dice_table_and_bad_sizes() -> None:
    result = cli(
        shlex.split(
            "bench dice-of-doom --sizes 3 --seeds 1 --budget 0.05 --game-size 0 --match-size 0"
        ),
    )
    assert result.exit_code == 0, result.output
    assert "3x3" in result.stdout and "engine/minimax" in result.stdout
    bad = cli(shlex.split("bench dice-of-doom --sizes 3,x"))
    assert bad.exit_code == 2
    assert "--sizes" in bad.output


def test_bench_dice_json_gives_each_seeds_depths() -> None:
    result = cli(
        shlex.split(
            "bench dice-of-doom --sizes 3 --seeds 2 --budget 0.05 --game-size 0 "
            "--match-size 0 --this-core-only --json"
        ),
    )
    assert result.exit_code == 0, result.output
    (row,) = json.loads(result.stdout)["sizes"]
    for column in ("exact", "play"):
        depths = row[f"depths_in_budget_{column}"]
        assert len(depths) == 2 and all(d >= 1 for d in depths)
        assert min(depths) == row[f"depth_in_budget_{column}"]


def test_play_with_a_clock_prints_a_summary_per_ai_move() -> None:
    result = cli(
        shlex.split(
            "play dice-of-doom --size 3 --seed 2 --human none --time 0.05 --depth 3 --verbose"
        ),
    )
    assert result.exit_code == 0, result.output
    lines = [line for line in result.stdout.splitlines() if "(AI) plays" in line]
    assert lines
    assert all("depth" in line and "nodes forced" in line for line in lines)
    assert "game over" in result.stdout


def test_play_rejects_a_bad_width() -> None:
    result = cli(shlex.split("play dice-of-doom --search-width zero"))
    assert result.exit_code == 2
    assert "--search-width" in result.output


def test_analyse_with_a_clock_and_the_eval_option() -> None:
    result = cli(
        shlex.split("analyse dice-of-doom --size 3 --seed 1 --time 0.2 --depth 6 --json"),
    )
    assert result.exit_code == 0, result.output
    doc = json.loads(result.stdout)
    assert doc["rater"] == "deepening"
    assert 1 <= doc["depth"] <= 6
    assert load_game("dice-of-doom").game.eval == "book"  # type: ignore[attr-defined]
    assert load_game("dice-of-doom", eval="heuristic").game.eval == "heuristic"  # type: ignore[attr-defined]
    bad = cli(shlex.split("analyse dice-of-doom --eval clever"))
    assert bad.exit_code == 2
    assert "unknown evaluation" in bad.output


@pytest.mark.slow
def test_bench_against_racket_plays_the_books_moves() -> None:
    result = cli(
        shlex.split("bench dice-of-doom --against-racket --sizes 3 --seeds 2 --depth 3 --json")
    )
    assert result.exit_code == 0, result.output
    doc = json.loads(result.stdout)
    (row,) = doc["sizes"]
    assert row["size"] == 3 and row["boards"] == 2 and row["same_moves"] is True
    assert row["python_seconds"] > 0 and row["nodes"] > 0
    # each run is timed alone on both sides: Racket's clock reads below a millisecond,
    # and lazytree's freeing of its trees (outside its clock) is reported beside
    assert row["racket_seconds"] > 0 and row["python_free_seconds"] >= 0
    assert row["first_decision"]["python_free_seconds"] >= 0
    assert all(b["moves"] == b["racket_moves"] and b["moves"] for b in doc["boards"])
    assert all(b["first_same"] for b in doc["boards"])


def test_bench_against_racket_without_the_oracle_says_so(tmp_path: Path) -> None:
    with pytest.raises(RacketUnavailable, match="missing"):
        compare_with_racket([3], 1, driver=tmp_path / "absent.rkt")
