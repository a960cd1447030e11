"""bench dice-of-doom: the profile it writes and the capped AI-vs-AI game in its own process."""

from __future__ import annotations

import json
import pstats
import shlex
from pathlib import Path

from tests.conftest import cli


def test_profile_and_capped_game(tmp_path: Path) -> None:
    out = tmp_path / "dice.prof"
    result = cli(
        shlex.split(
            "bench dice-of-doom --sizes 3 --seeds 1 --budget 0.05 --game-size 10 "
            f"--game-time 0.05 --game-moves 2 --match-size 0 --profile {out} --json"
        )
    )
    assert result.exit_code == 0, result.output
    doc = json.loads(result.stdout)
    assert doc["profile"] == str(out)
    functions = {f for _, _, f in pstats.Stats(str(out)).stats}  # type: ignore[attr-defined]
    assert "legal_moves" in functions or "result" in functions
    game = doc["game"]
    assert game["moves"] == 2 and game["move_cap"] == 2 and game["finished"] is False
    assert 1.0 < game["peak_memory_mb"] < 4096  # the child process's resident memory


def test_game_moves_conflicts_with_quick() -> None:
    result = cli(shlex.split("bench dice-of-doom --quick --game-moves 3"))
    assert result.exit_code == 2
    assert "--quick" in result.output and "--game-moves" in result.output
