"""The example plugin ``examples/nim`` (no board view) through every command line surface
(installed by ``make``; see ``tests/examples/conftest.py``)."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import pytest

from lazytree.catalog import load_game
from lazytree.testing import check_game
from tests.cli.helpers import run
from tests.examples.conftest import example_game


@pytest.fixture(scope="module", autouse=True)
def nim() -> Iterator[str]:
    yield from example_game("nim", "nim")


def test_it_passes_the_conformance_checks() -> None:
    game, state = load_game("nim", heaps="2 3 1")
    assert check_game(game, positions=[state], playouts=3) >= 3


def test_lazytree_games_lists_it() -> None:
    ran = run("games", "--json")
    assert ran.code == 0, ran.err
    (nim,) = [g for g in json.loads(ran.out)["games"] if g["name"] == "nim"]
    assert nim["options"] == ["--heaps"]
    assert nim["capabilities"] == ["BoundedGame"]


def test_count_and_analyse() -> None:
    ran = run("count", "nim", "--heaps", "1 2", "--json")
    assert ran.code == 0, ran.err
    # by hand: T(a, b) = 1 + the children's T; T(0,1) = T(1,0) = 2, T(0,2) = 4,
    # T(1,1) = 5, T(1,2) = 1 + T(0,2) + T(1,1) + T(1,0) = 12
    assert json.loads(ran.out)["nodes"] == 12
    ran = run("analyse", "nim", "--heaps", "1 2 3", "--json")
    assert ran.code == 0, ran.err
    assert json.loads(ran.out)["value"] == -1  # nim-sum 0: the player to move loses


def test_explore_writes_the_html_explorer(tmp_path: Path) -> None:
    out = tmp_path / "nim.html"
    ran = run("explore", "nim", "--heaps", "1 2", "--format", "html", "--out", str(out))
    assert ran.code == 0, ran.err
    page = out.read_text()
    assert "<html" in page.lower() and "2:1" in page


def test_arena_plays_it() -> None:
    ran = run(
        "arena", "nim", "--heaps", "2 3", "--players", "random,default:time=0.05",
        "--pairs", "2", "--jobs", "1", "--json",
    )  # fmt: skip
    assert ran.code == 0, ran.err
    players = json.loads(ran.out)["agents"]
    assert sum(p["wins"] + p["draws"] + p["losses"] for p in players) == 8


def test_play_in_the_terminal() -> None:
    ran = run("play", "nim", "--heaps", "1 2", "--seats", "default,default")
    assert ran.code == 0, ran.err
    assert "game over" in ran.out and "player 0 wins" in ran.out  # nim-sum 3: the first wins
    ran = run("play", "nim", "--heaps", "1 1", "--seats", "human,default", input="1:1\n")
    assert ran.code == 0, ran.err
    assert "player 1 wins: you lose" in ran.out  # nim-sum 0: the player to move loses
    assert (
        run("count", "nim", "--heaps", "x")
        .error_line()
        .endswith("--heaps 'x': give sizes such as '3 4 5'")
    )
