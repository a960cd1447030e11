"""The example plugin ``examples/connect-four`` (a board view) through every command line
surface, its board documents checked against the schema, and played in a real browser
(installed by ``make``; see ``tests/examples/conftest.py``)."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import jsonschema
import pytest

from lazytree.boards import board_document, load_schema
from lazytree.catalog import load_game
from lazytree.testing import check_game
from tests.cli.helpers import run
from tests.examples.conftest import example_game

SMALL = ["--columns", "4", "--rows", "3", "--k", "3"]


@pytest.fixture(scope="module", autouse=True)
def connect_four() -> Iterator[str]:
    yield from example_game("connect-four", "connect-four")


def test_it_passes_the_conformance_checks() -> None:
    for options in ({}, {"columns": 4, "rows": 4, "k": 3}, {"columns": 1, "rows": 2, "k": 2}):
        game, state = load_game("connect-four", **options)
        assert check_game(game, positions=[state], playouts=3) >= 3


def test_every_board_document_follows_the_schema() -> None:
    game, state = load_game("connect-four", columns=4, rows=4, k=3)
    schema = load_schema()
    for text in ["b", "b", "c", "a", "d", ""]:
        doc = board_document(game, state)
        jsonschema.validate(doc, schema)
        assert doc["kind"] == "grid"
        for m in doc["moves"]:  # a click on the landing square makes the move
            (cell,) = m["path"]
            assert doc["cells"][cell]["label"] == ""
            below = cell + 4
            assert below >= 16 or doc["cells"][below]["label"] != ""
        if text:
            state = game.result(state, game.parse_move(state, text))


def test_lazytree_games_lists_its_capabilities() -> None:
    ran = run("games", "--json")
    assert ran.code == 0, ran.err
    (c4,) = [g for g in json.loads(ran.out)["games"] if g["name"] == "connect-four"]
    assert c4["options"] == ["--columns", "--rows", "--k"]
    assert set(c4["capabilities"]) == {"BoardView", "BoundedGame", "OrderedGame"}


@pytest.mark.slow
def test_count_analyse_explore_arena_play(tmp_path: Path) -> None:
    ran = run("count", "connect-four", *SMALL, "--json")
    assert ran.code == 0, ran.err
    assert json.loads(ran.out)["nodes"] > 1000
    ran = run("analyse", "connect-four", *SMALL, "--depth", "12", "--json")
    assert ran.code == 0, ran.err
    assert json.loads(ran.out)["value"] in (-1, 0, 1)
    out = tmp_path / "c4.html"
    ran = run("explore", "connect-four", *SMALL, "--format", "html", "--out", str(out))
    assert ran.code == 0, ran.err
    assert "<html" in out.read_text().lower()
    ran = run(
        "arena", "connect-four", *SMALL, "--players", "random,default:time=0.05",
        "--pairs", "1", "--jobs", "1", "--json",
    )  # fmt: skip
    assert ran.code == 0, ran.err
    assert sum(p["wins"] + p["draws"] + p["losses"] for p in json.loads(ran.out)["agents"]) == 4
    ran = run("play", "connect-four", *SMALL, "--seats", "human,default", input="b\nquit\n")
    assert ran.code == 0, ran.err
    assert "1 . X . ." in ran.out  # the human's disc in column b
    assert "player 1 (AI) played" in ran.out and "game abandoned" in ran.out
