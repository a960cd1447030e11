"""Every user mistake is one line on stderr and exit code 2, found before any work."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from lazytree.games.tree_game import MAX_DEPTH
from tests.cli.helpers import run


def deep_spec(levels: int) -> str:
    return "[" * levels + "1, 2" + "]" * levels


@pytest.mark.parametrize(
    ("args", "message"),
    [
        # typer's usage errors: one line, not a box
        (["count", "dice-of-doom", "--depth", "-1"], "--depth"),
        (["count", "dice-of-doom", "--bogus"], "No such option: --bogus"),
        (["analyse", "tree", "--depth", "x"], "--depth"),
        (["explore", "tree"], "--out"),
        # numbers that are not numbers
        (["analyse", "tictactoe", "--time", "nan"], "--time"),
        (["analyse", "tictactoe", "--time", "inf"], "inf is not a finite number"),
        (["play", "tictactoe", "--time", "inf"], "inf is not a finite number"),
        (["bench", "dice-of-doom", "--budget", "inf"], "inf is not a finite number"),
        (["analyse", "tree", "--spec", "[1, NaN]"], "leaf values must be finite"),
        (["analyse", "tree", "--spec", "[1, Infinity]"], "leaf values must be finite"),
        # rich markup in a message is shown, not eaten
        (
            ["analyse", "tree", "--spec", '{"chance": [1]}'],
            "expected [probability, subtree]",
        ),
        # sizes out of range
        (["count", "dice-of-doom", "--size", "1000", "--depth", "1"], "at most 100"),
        (["count", "dice-of-doom", "--size", "101"], "at most 100"),
        (["count", "dice-of-doom", "--max-dice", "21"], "max dice must be from 2 to 20"),
        (["count", "dice-of-doom", "--spare-dice", "100000"], "spare dice must be from 0"),
        (["count", "checkers", "--width", "27"], "width"),
        (["count", "knights", "--size", "27"], "size"),
        (["count", "tictactoe", "--rows", "27"], "rows"),
        (["count", "dice-of-doom", "--board", ""], "--board is empty"),
        (["count", "dice-of-doom", "--board", "   "], "--board is empty"),
        # deep specs: a clear message, not RecursionError
        (["analyse", "tree", "--spec", deep_spec(900)], f"at most {MAX_DEPTH}"),
        (["analyse", "tree", "--spec", deep_spec(50_000)], "nested too deeply"),
        # conflicting options
        (["explore", "tree", "--out", "x.svg", "--format", "png"], "does not match the suffix"),
        (["compare", "tree", "--whole-game", "--depth", "2"], "--whole-game and --depth"),
        (["bench", "dice-of-doom", "--quick", "--sizes", "3"], "--quick and --sizes"),
        (["bench", "dice-of-doom", "--quick", "--game-size", "3"], "--quick and --game-size"),
        # validated before any work starts
        (["bench", "dice-of-doom", "--game-size", "1"], "--game-size 1"),
        (["bench", "dice-of-doom", "--match-size", "500"], "--match-size 500"),
        (["bench", "dice-of-doom", "--sizes", "3,101"], "from 2 to 100"),
        # budgets checked whoever sits at the board, never ignored
        (["play", "tictactoe", "--max-memory", "1"], "--max-memory 1: at least 64 MiB"),
        (["play", "tictactoe", "--seats", "human,random", "--max-memory", "1"], "at least 64"),
        (["play", "dice-of-doom", "--seats", "lol2,lol2", "--max-memory", "abc"], "'abc'"),
        (["play", "dice-of-doom", "--seats", "lol2,lol2", "--max-memory", "-5"], "'-5'"),
        (["play", "tictactoe", "--seats", "human,random", "--max-memory", "500M"], "--seats"),
        (["play", "tictactoe", "--seats", "human,random", "--max-nodes", "5"], "--seats"),
        # a file no agent uses
        (["arena", "dice-of-doom", "--agents", "lol2,ror", "--weights", "w.json"], "no agent"),
        (
            ["arena", "dice-of-doom", "--agents", "default:weights=a,ror", "--weights", "w"],
            "no agent",
        ),
    ],
)
def test_a_mistake_is_one_line_and_exit_2(args: list[str], message: str) -> None:
    ran = run(*args)
    assert ran.code == 2, (ran.out, ran.err)
    line = ran.error_line()
    assert line.startswith("error: ") and message in line
    assert ran.out == ""  # nothing ran: no table, no partial output


def test_bench_checks_the_game_size_before_the_tables() -> None:
    ran = run("bench", "dice-of-doom", "--sizes", "3", "--seeds", "1", "--game-size", "1")
    assert ran.code == 2 and "--game-size 1" in ran.error_line()
    assert "Nodes forced" not in ran.out + ran.err


def test_the_largest_board_is_accepted() -> None:
    ran = run("count", "dice-of-doom", "--size", "100", "--seed", "1", "--depth", "1", "--json")
    assert ran.code == 0, ran.err
    assert json.loads(ran.out)["nodes"] > 1


def test_a_spec_at_the_depth_limit_is_searched() -> None:
    ran = run("analyse", "tree", "--spec", deep_spec(MAX_DEPTH - 1), "--json")
    assert ran.code == 0, ran.err
    assert json.loads(ran.out)["value"] in (1, 2)


def test_size_limits_are_stated_in_help() -> None:
    ran = run("count", "dice-of-doom", "--help")
    text = " ".join(ran.out.replace("│", " ").split())  # without the help box's borders
    assert "Territories per row and column (2 to 100)" in text


def test_one_node_is_not_one_nodes() -> None:
    ran = run("count", "tree", "--spec", "5")
    assert ran.code == 0 and "1 node, 1 leaf," in ran.out


def test_compare_writes_its_table_before_a_plot_that_fails(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    import lazytree.cli.compare as compare_module

    def full_disk(cases: object, path: Path) -> None:
        raise OSError(28, "No space left on device")

    # a folder where the picture should go is refused before the work (test_bounds);
    # writing can still fail at the end
    monkeypatch.setattr(compare_module, "plot_cases", full_disk)
    plot = tmp_path / "plot.png"
    ran = run("compare", "tictactoe", "--depth", "2", "--no-memory", "--plot", str(plot))
    assert ran.code == 2
    assert "cannot write the plot" in ran.error_line()
    assert "alphabeta" in ran.out and "case(s) in" in ran.out  # the table came first
