"""The CLI for every game: play (AI against AI, and a human typing notation), perft,
analyse (the knights position is solved), bench's command group and option errors."""

from __future__ import annotations

import json

import pytest

from lazytree.games import GAMES
from tests.helpers import cli

PLAY_OPTIONS: dict[str, list[str]] = {
    "dice-of-doom": ["--size", "2", "--seed", "1"],
    "checkers": ["--width", "6", "--height", "6", "--draw-moves", "10"],
    "knights": [],
    "tictactoe": [],
    "tree": [],
}


@pytest.mark.parametrize("name", list(GAMES))
def test_play_runs_every_game_to_the_end(name: str) -> None:
    args = ["play", name, *PLAY_OPTIONS.get(name, []), "--human", "none", "--depth", "2"]
    result = cli(args)
    assert result.exit_code == 0, result.output
    assert "game over" in result.output


def test_play_knights_typing_a_square() -> None:
    result = cli(
        ["play", "knights", "--grid", "0100/0400/0030/0020", "--human", "0", "-v"], input="d4\n"
    )
    assert result.exit_code == 0, result.output
    assert "player 1 (AI) plays d2" in result.output
    assert "player 1 wins" in result.output


def test_play_checkers_typing_notation_and_a_bad_move() -> None:
    result = cli(["play", "checkers", "--depth", "1", "-v"], input="11-16-20\n11-15\nquit\n")
    assert result.exit_code == 0, result.output
    assert "not a legal move" in result.output
    assert "player 1 (AI) plays" in result.output
    assert "game abandoned" in result.output


def test_play_tictactoe_typing_cells() -> None:
    result = cli(["play", "tictactoe", "--human", "all"], input="b2\nb2\na1\nquit\n")
    assert result.exit_code == 0, result.output
    assert "already taken" in result.output


def test_perft_json_and_divide() -> None:
    result = cli(["perft", "checkers", "--depth", "4", "--json"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert data["perft"] == 1469 and data["depth"] == 4
    result = cli(["perft", "checkers", "--depth", "3", "--divide", "--json"])
    data = json.loads(result.stdout)
    assert len(data["divide"]) == 7
    assert sum(row["perft"] for row in data["divide"]) == data["perft"] == 302
    text = cli(["perft", "tictactoe", "-d", "2", "--divide"])
    assert text.exit_code == 0 and "perft(2) = 72" in text.output


def test_perft_errors() -> None:
    result = cli(["perft", "checkers", "--depth", "0", "--divide"])
    assert result.exit_code == 2 and "--divide needs" in result.output
    result = cli(["perft", "checkers"])
    assert result.exit_code == 2  # --depth is required


def test_analyse_knights_solves_the_article_position() -> None:
    result = cli(["analyse", "knights", "--grid", "0100/0400/0030/0020"])
    assert result.exit_code == 0, result.output
    assert "player 1 wins" in result.output
    assert "end of game" in result.output
    data = json.loads(cli(["analyse", "knights", "--grid", "0100/0400/0030/0020", "--json"]).stdout)
    assert data["depth"] is None and data["value"] == -1.0
    assert data["outcome"]["winners"] == [1]


def test_analyse_depth_default_comes_from_the_game_and_solve_overrides() -> None:
    data = json.loads(cli(["analyse", "checkers", "--json"]).stdout)
    assert data["depth"] == GAMES["checkers"].analysis_depth == 6
    assert "outcome" not in data
    data = json.loads(cli(["analyse", "tictactoe", "--json"]).stdout)
    assert data["depth"] is None and data["outcome"]["text"] == "a draw"
    data = json.loads(cli(["analyse", "tree", "--depth", "1", "--json"]).stdout)
    assert data["depth"] == 1
    data = json.loads(
        cli(
            [
                "analyse",
                "checkers",
                "--width",
                "4",
                "--height",
                "4",
                "--solve",
                "--json",
                "--draw-moves",
                "3",
            ],
        ).stdout
    )
    assert data["depth"] is None and "outcome" in data


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["count", "checkers", "--height", "3"], "height must be"),
        (["play", "knights", "--grid", "0100/0400"], "the grid has 2 rows"),
        (["play", "knights", "--grid", "010/040/03"], "grid row 3"),
        (["analyse", "tictactoe", "--k", "9"], "k must be"),
        (["perft", "checkers", "--weights", "{", "-d", "1"], "JSON"),
    ],
)
def test_bad_game_options_are_one_line_errors(args: list[str], message: str) -> None:
    result = cli(args)
    assert result.exit_code == 2
    assert message in result.output
    assert "Traceback" not in result.output


def test_bench_is_a_group_with_a_tictactoe_command() -> None:
    result = cli(["bench", "--help"])
    assert result.exit_code == 0 and "tictactoe" in result.output
