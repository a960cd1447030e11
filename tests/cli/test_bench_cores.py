"""``lazytree bench tictactoe`` on both cores: the figures of this process's core, those
of the other core from a child process, and the ``--profile`` file."""

from __future__ import annotations

import json
import pstats
from pathlib import Path

import pytest
from typer.testing import CliRunner

from lazytree._core import compiled_available, core_kind
from lazytree.cli import app


@pytest.mark.slow
@pytest.mark.any_core  # the benchmark runs both cores itself
def test_bench_reports_both_cores_and_writes_a_profile(tmp_path: Path) -> None:
    profile = tmp_path / "minimax.prof"
    ran = CliRunner().invoke(
        app, ["bench", "tictactoe", "--no-memory", "--json", "--profile", str(profile)]
    )
    assert ran.exit_code == 0, ran.output
    data = json.loads(ran.stdout)
    assert data["core"] == core_kind()
    both = core_kind() == "compiled" or compiled_available()
    assert ("other_core" in data) == both
    if both:
        other = data["other_core"]
        assert {data["core"], other["core"]} == {"compiled", "pure"}
        assert [r["nodes"] for r in other["runs"]] == [r["nodes"] for r in data["runs"]]
        assert "other_core" not in other
    key = next(k for k in data["targets"] if k.startswith("a: "))
    assert ("1x" if data["core"] == "compiled" else "3x") in key
    functions = {name for _, _, name in pstats.Stats(str(profile)).stats}  # type: ignore[attr-defined]
    assert "minimax" in functions
