"""bench dice-of-doom: the profile it writes and the capped AI-vs-AI game in its own process."""

from __future__ import annotations

import json
import pstats
import shlex
from pathlib import Path

import pytest

from lazytree._core import compiled_available, core_kind
from tests.helpers import cli


def test_profile_and_capped_game(tmp_path: Path) -> None:
    out = tmp_path / "dice.prof"
    result = cli(
        shlex.split(
            "bench dice-of-doom --sizes 3 --seeds 1 --budget 0.05 --game-size 10 "
            f"--game-time 0.05 --game-moves 2 --match-size 0 --profile {out} --json "
            "--this-core-only"
        )
    )
    assert result.exit_code == 0, result.output
    doc = json.loads(result.stdout)
    assert doc["profile"] == str(out)
    functions = {f for _, _, f in pstats.Stats(str(out)).stats}  # type: ignore[attr-defined]
    # the profiler sees interpreted functions: the pure core's rules; in the compiled core
    # the rules and the search are compiled, and what it sees is the search's entry
    expected = {"legal_moves", "result"} if core_kind() == "pure" else {"search_paused"}
    assert expected & functions
    game = doc["game"]
    assert game["moves"] == 2 and game["move_cap"] == 2 and game["finished"] is False
    assert 1.0 < game["peak_memory_mb"] < 4096  # the child process's resident memory


def test_game_moves_conflicts_with_quick() -> None:
    result = cli(shlex.split("bench dice-of-doom --quick --game-moves 3"))
    assert result.exit_code == 2
    assert "--quick" in result.output and "--game-moves" in result.output


@pytest.mark.slow
@pytest.mark.any_core  # the benchmark runs both cores itself
def test_both_cores_side_by_side() -> None:
    """The other core runs in a child process with the same options; both count the same
    nodes (the match, the same games on both cores, runs once)."""
    result = cli(shlex.split("bench dice-of-doom --quick --json"))
    assert result.exit_code == 0, result.output
    doc = json.loads(result.stdout)
    assert doc["core"] == core_kind()
    if core_kind() == "pure" and not compiled_available():
        assert "other_core" not in doc
        return
    other = doc["other_core"]
    assert {doc["core"], other["core"]} == {"compiled", "pure"}
    assert "match" in doc and "match" not in other and "other_core" not in other
    nodes = [[row[k]["nodes"] for k in ("minimax", "alphabeta", "engine")] for row in doc["sizes"]]
    assert nodes == [
        [row[k]["nodes"] for k in ("minimax", "alphabeta", "engine")] for row in other["sizes"]
    ]
    assert [r["size"] for r in other["sizes"]] == [3, 4] and other["game"]["size"] == 3


def test_play_game_plays_the_play_commands_game_in_its_own_process() -> None:
    args = "bench dice-of-doom --play-game --game-size 3 --game-time 0.05 --game-moves 4 --json"
    result = cli(shlex.split(args))
    assert result.exit_code == 0, result.output
    doc = json.loads(result.stdout)
    assert doc["command"] == "lazytree play dice-of-doom --size 3 --human none --time 0.05"
    assert doc["seat"].startswith("default:time=0.05")  # the play command's own seat
    assert 1 <= doc["moves"] <= 4 and len(doc["move_seconds"]) == doc["moves"]
    assert doc["moves"] == 4 or doc["finished"]
    # a forced move (one legal move) is answered in well under the 1 ms the figures keep
    assert doc["max_move_wall"] == max(doc["move_seconds"]) >= 0
    assert abs(doc["max_move_over_budget"] - doc["max_move_wall"] / 0.05) < 0.1
    assert 1.0 < doc["peak_memory_mb"] < 4096
    assert set(doc["targets"]) == {
        "peak memory <= 300 MB",
        "no move over 1.1x its budget (wall clock)",
    }
    cpu = json.loads(cli(shlex.split(args + " --cpu-clock")).stdout)
    assert cpu["clock"] == "cpu" and ":clock=cpu" in cpu["seat"]
    conflict = cli(shlex.split("bench dice-of-doom --play-game --against-racket"))
    assert conflict.exit_code == 2 and "--against-racket" in conflict.output
