"""The command line through typer's CliRunner: output, JSON, errors, a whole game."""

from __future__ import annotations

import json

import pytest

from lazytree.games import GAMES
from lazytree.games.dice_of_doom import DiceOfDoom
from lazytree.traverse import count_tree
from tests.helpers import run

BOARD = "0:2 1:1 0:3 1:2"


def test_every_game_has_every_command() -> None:
    for command in ("play", "count", "analyse"):
        code, out, _ = run(command, "--help")
        assert code == 0
        for name in GAMES:
            assert name in out


def test_count_json_matches_the_library() -> None:
    code, out, _ = run("count", "dice-of-doom", "--size", "2", "--board", BOARD, "--json")
    assert code == 0
    data = json.loads(out)
    game = DiceOfDoom(size=2)
    expected = count_tree(game, game.parse_board(BOARD))
    assert (data["nodes"], data["leaves"]) == (expected.nodes, expected.leaves)
    assert isinstance(data["seconds"], float)


def test_count_to_a_depth() -> None:
    code, out, _ = run("count", "dice-of-doom", "--seed", "4", "--depth", "3", "--json")
    data = json.loads(out)
    assert code == 0 and data["depth"] == 3
    assert data["nodes"] > data["leaves"] >= data["frontier"]


def test_analyse_json_has_all_best_moves_and_pv() -> None:
    args = ["analyse", "dice-of-doom", "--size", "3", "--seed", "1", "--depth", "4", "--json"]
    code, out, _ = run(*args)
    assert code == 0
    ab = json.loads(out)
    code, out, _ = run(*args, "--rater", "minimax")
    mm = json.loads(out)
    assert ab["value"] == mm["value"]
    assert ab["best_moves"] == mm["best_moves"] and ab["best_moves"]
    assert ab["pv"][0] == ab["best_moves"][0]
    assert ab["stats"]["nodes_created"] <= mm["stats"]["nodes_created"]


def test_analyse_text_output() -> None:
    code, out, _ = run("analyse", "tree")
    assert code == 0
    assert "best moves" in out and "principal variation" in out


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["count", "dice-of-doom", "--size", "0"], "size must be at least 2"),
        (["count", "dice-of-doom", "--size", "2", "--board", "0:2 1:1"], "4 territories"),
        (["count", "dice-of-doom", "--size", "2", "--board", "0:2 1:1 0:3 7:2"], "owner 7"),
        (["count", "dice-of-doom", "--size", "2", "--board", "0:2 1:1 0:9 1:2"], "out of range"),
        (["analyse", "dice-of-doom", "--rater", "magic"], "unknown rater"),
        (["play", "dice-of-doom", "--human", "5"], "--human"),
        (["count", "tree", "--spec", "[1, [2,"], "JSON"),
        (["count", "tree", "--spec", "[1, []]"], "empty list"),
    ],
)
def test_bad_input_is_one_line_and_exit_2(args: list[str], message: str) -> None:
    code, out, err = run(*args)
    assert code == 2
    assert message in err
    assert "Traceback" not in err + out
    assert len(err.strip().splitlines()) == 1


def test_typer_rejects_non_numbers_without_traceback() -> None:
    code, out, err = run("count", "dice-of-doom", "--size", "three")
    assert code == 2 and "Traceback" not in err + out


def test_ai_plays_a_whole_game_alone() -> None:
    code, out, _ = run("play", "dice-of-doom", "--size", "2", "--board", BOARD, "--human", "none")
    assert code == 0
    assert "game over" in out
    assert "(A, AI) played" in out  # one line per turn
    code, out, _ = run(
        "play", "dice-of-doom", "--size", "2", "--board", BOARD, "--human", "none", "--verbose"
    )
    assert code == 0 and "(AI) plays" in out  # one line per move


def test_a_human_finishes_a_game() -> None:
    # Always answering "1" picks the first legal move; junk and bad numbers re-prompt.
    answers = "junk\n99\n3->0\n" + "1\n" * 200
    code, out, _ = run("play", "dice-of-doom", "--size", "2", "--board", BOARD, input=answers)
    assert code == 0, out
    assert "is not a move" in out
    assert "no move 99" in out
    assert "game over" in out


def test_end_of_input_and_quit_leave_cleanly() -> None:
    code, out, _ = run("play", "dice-of-doom", "--size", "3", "--seed", "2", input="")
    assert code == 0 and "game abandoned" in out
    code, out, _ = run("play", "dice-of-doom", "--size", "3", "--seed", "2", input="quit\n")
    assert code == 0 and "game abandoned" in out


def test_python_dash_m_entry_point() -> None:
    import subprocess
    import sys

    proc = subprocess.run(
        [sys.executable, "-m", "lazytree", "--help"], capture_output=True, text=True, check=False
    )
    assert proc.returncode == 0 and "play" in proc.stdout
