"""The CLI with --rules, --players and chance: play to the end, analyse, errors."""

from __future__ import annotations

import json
import re

import pytest

from tests.helpers import cli


def play(*args: str) -> str:
    result = cli(["play", "dice-of-doom", "--human", "none", *args])
    assert result.exit_code == 0, result.output
    return result.output


def test_play_chance_ai_against_ai_shows_the_dice() -> None:
    args = (
        "--rules",
        "chance",
        "--max-dice",
        "3",
        "--seed",
        "3",
        "--depth",
        "2",
        "--time",
        "0",  # no clock: a clock's deepening depends on the machine's load
        "--dice-seed",
        "1",
    )
    out = play(*args)
    assert "chance: " in out and " rolls " in out
    assert "game over" in out

    def untimed(text: str) -> str:
        return re.sub(r"\d+\.\d+ s", "", text)

    assert untimed(play(*args)) == untimed(out)  # the same seeds play the same game


def test_play_chance_dice_seed_changes_the_rolls() -> None:
    base = ("--rules", "chance", "--max-dice", "3", "--seed", "4", "--depth", "1")
    assert play(*base, "--dice-seed", "1") != play(*base, "--dice-seed", "2")


@pytest.mark.parametrize("rules", ["racket", "lisp", "chance"])
def test_play_four_players_with_maxn(rules: str) -> None:
    out = play(
        "--rules", rules, "--players", "4", "--size", "3", "--max-dice", "2", "--seed", "3",
        "--depth", "1", "--rater", "maxn", "--time", "0", "--dice-seed", "5",
    )  # fmt: skip
    assert "game over" in out
    assert "D " in out  # the legend names the fourth player


def test_human_plays_chance_rules() -> None:
    result = cli(
        ["play", "dice-of-doom", "--rules", "chance", "--seed", "3", "--depth", "1"],
        input="1\n" * 200,
    )
    assert result.exit_code == 0, result.output
    assert "your move" in result.output and "chance: " in result.output


def test_analyse_chance_uses_expectiminimax() -> None:
    result = cli(
        [
            *("analyse", "dice-of-doom", "--rules", "chance", "--seed", "3", "--depth", "3"),
            *("--rater", "auto", "--json"),
        ],
    )
    assert result.exit_code == 0, result.output
    data = json.loads(result.output)
    assert data["rater"] == "expectiminimax"
    assert 0.0 <= data["value"] <= 1.0 and data["best_moves"]


def test_alphabeta_on_chance_rules_is_a_clear_error() -> None:
    result = cli(
        ["analyse", "dice-of-doom", "--rules", "chance", "--seed", "3", "-r", "alphabeta"],
    )
    assert result.exit_code == 2
    assert "expectiminimax" in result.output and "Traceback" not in result.output


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--rules", "go"], "unknown rules"),
        (["--rules", "chance", "--players", "9"], "players must be from 2 to 8"),
    ],
)
def test_bad_rule_options(args: list[str], message: str) -> None:
    result = cli(["play", "dice-of-doom", *args])
    assert result.exit_code == 2
    assert message in result.output
