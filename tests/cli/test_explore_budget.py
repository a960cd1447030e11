"""``lazytree explore``: building the export runs under the memory budget, every format."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

import lazytree.search.stopping as stopping_module
from lazytree.cli import analyse
from lazytree.games import load_game
from lazytree.search import Limit, minimax
from lazytree.traverse import WalkStopped, explored_edges
from lazytree.tree import Tree
from tests.helpers import run

SEARCH = ("tictactoe", "--rater", "minimax", "--depth", "3")  # 586 positions
OVER = 1 << 60


def memory_over_after_the_search(
    monkeypatch: pytest.MonkeyPatch, over: set[int] | None = None
) -> list[int]:
    """Once the search is done, the process's memory reads as over every budget (at the
    ``over`` readings after the search, counted from 1; default: all of them). Returns
    the list of readings made since."""
    readings: list[int] = []
    searched = [False]
    real_search = analyse.run_search

    def search(*args: Any, **kw: Any) -> Any:
        result = real_search(*args, **kw)
        searched[0] = True
        return result

    def memory() -> int:
        if not searched[0]:
            return 0
        readings.append(1)
        return OVER if over is None or len(readings) in over else 0

    monkeypatch.setattr("lazytree.cli.explore.run_search", search)
    monkeypatch.setattr(stopping_module, "memory_in_use", memory)
    return readings


def test_the_walk_of_an_export_stops_on_the_memory_budget(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    game, state = load_game("tictactoe")
    tree = Tree(game, state)
    minimax(tree.root, 3)
    assert sum(1 for _ in explored_edges(tree.root, limit=Limit(memory=1 << 40))) == 585
    monkeypatch.setattr(stopping_module, "memory_in_use", lambda: OVER)
    with pytest.raises(WalkStopped) as info:
        list(explored_edges(tree.root, limit=Limit(memory=1 << 40)))
    assert info.value.reason == "memory" and info.value.walked == 0


@pytest.mark.parametrize("suffix", ["json", "graphml", "dot", "html"])
def test_every_format_stops_cleanly_when_the_export_runs_past_the_memory_budget(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, suffix: str
) -> None:
    memory_over_after_the_search(monkeypatch)
    out = tmp_path / f"tree.{suffix}"
    code, stdout, err = run("explore", *SEARCH, "--out", str(out))
    assert code == 3
    lines = err.strip().splitlines()
    assert len(lines) == 1, lines
    assert lines[0].startswith("partial: the memory budget")
    assert "while building the export" in lines[0] and "nothing written" in lines[0]
    assert not out.exists() and "Traceback" not in stdout + err
    code, stdout, _ = run("explore", *SEARCH, "--out", str(out), "--json")
    assert code == 3 and json.loads(stdout)["written"] is False


def test_the_explorer_page_keeps_what_fits(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    # over the budget at the second reading (256 edges walked), under it after
    memory_over_after_the_search(monkeypatch, over={2})
    out = tmp_path / "tree.html"
    code, stdout, err = run("explore", *SEARCH, "--out", str(out), "--json")
    assert code == 3
    data = json.loads(stdout)
    assert data["partial"] is True and data["positions"] == 128
    assert out.stat().st_size > 0
    (line,) = err.strip().splitlines()
    assert "holds the first 128 positions the search created" in line
