"""The library checks its arguments where they enter: TypeError/ValueError naming them."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from lazytree.games import load_game
from lazytree.games.dice_of_doom import DiceOfDoom
from lazytree.games.tree_game import tree_game
from lazytree.search import RATERS, get_rater
from lazytree.traverse import count_tree, perft, perft_divide
from lazytree.tree import Tree

GAME, STATE = load_game("tictactoe")


def bad(value: object) -> Any:
    """A hostile argument, typed so that mypy lets it through."""
    return value


def nested(levels: int) -> object:
    spec: object = 1
    for _ in range(levels):
        spec = [spec]
    return spec


def tree() -> Tree[Any, Any]:
    return Tree(GAME, STATE)


@pytest.mark.parametrize("name", [r for r in RATERS if r != "auto"])
def test_every_rater_names_a_tree_passed_for_a_node(name: str) -> None:
    with pytest.raises(TypeError, match=r"node must be a Node, got a Tree: pass tree\.root"):
        get_rater(name)(bad(tree()), 2)


@pytest.mark.parametrize("name", list(RATERS))
@pytest.mark.parametrize("depth", ["2", 2.5, True])
def test_every_rater_names_a_depth_that_is_not_an_int(name: str, depth: object) -> None:
    with pytest.raises(TypeError, match="depth must be an int"):
        get_rater(name)(tree().root, bad(depth))


@pytest.mark.parametrize("name", ["minimax", "alphabeta", "alphabeta-tt"])
@pytest.mark.parametrize("player", [2, -1, 99])
def test_a_player_out_of_range_is_named(name: str, player: int) -> None:
    with pytest.raises(ValueError, match=r"player must be from 0 to 1 \(tictactoe has 2"):
        get_rater(name)(tree().root, 2, player=player)


@pytest.mark.parametrize(
    ("call", "error", "message"),
    [
        (lambda: count_tree(GAME, STATE, bad("2")), TypeError, "depth must be an int or None"),
        (lambda: count_tree(bad(STATE), GAME, 1), TypeError, "game must be a Game"),
        (lambda: perft(GAME, STATE, bad(None)), TypeError, "depth must be an int, got"),
        (lambda: perft_divide(GAME, STATE, bad(1.0)), TypeError, "depth must be an int, got"),
        (lambda: Tree(bad(STATE), GAME), TypeError, "game must be a Game"),
        (lambda: DiceOfDoom(size=bad(3.0)), TypeError, "size must be an int"),
        (lambda: DiceOfDoom(size=101), ValueError, "size must be at most 100"),
        (lambda: DiceOfDoom(max_dice=21), ValueError, "max dice must be from 2 to 20"),
        (lambda: tree_game([1, float("nan")]), ValueError, "leaf values must be finite"),
        (lambda: tree_game([1, bad(nested(300))]), ValueError, "nested 301 levels deep"),
    ],
)
def test_public_functions_name_the_bad_argument(
    call: Callable[[], object], error: type[Exception], message: str
) -> None:
    with pytest.raises(error, match=message):
        call()
