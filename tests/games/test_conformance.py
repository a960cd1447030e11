"""The conformance suite: every registered game, under a few option sets, obeys the
:class:`lazytree.game.Game` protocol.

Seeded random playouts walk each game to its end (or a move cap); at every position on
the way the suite checks that the state is immutable, hashable and picklable, that
``is_terminal`` agrees with the move generator, that ``evaluate`` agrees with ``returns``
at the end, that every legal move is accepted by ``result`` and survives the round trip
through the game's notation, and that made-up moves are refused with IllegalMoveError.
A game registered later is covered with its default options automatically.
"""

from __future__ import annotations

import copy
import math
import pickle
import random
from collections.abc import Hashable
from typing import Any

import pytest

from lazytree.game import CHANCE, IllegalMoveError
from lazytree.games import GAMES, load_game

OPTION_SETS: dict[str, list[dict[str, Any]]] = {
    "dice-of-doom": [
        {"size": 2, "seed": 1},
        {"size": 3, "seed": 7},
        {"size": 3, "players": 3, "seed": 2},
        {"size": 3, "rules": "lisp", "seed": 4},
        {"size": 3, "rules": "lisp", "players": 3, "seed": 6},
        {"size": 3, "rules": "chance", "max_dice": 3, "seed": 5},
        {"size": 2, "rules": "chance", "players": 3, "seed": 8},
    ],
    "checkers": [
        {},
        {"width": 4, "height": 4},
        {"width": 6, "height": 6, "draw_moves": 10},
        {"width": 5, "height": 7},
    ],
    "knights": [{}, {"grid": "0100/0400/0030/0020"}, {"size": 5}],
    "tictactoe": [{}, {"rows": 4, "columns": 4, "k": 3}, {"rows": 2, "columns": 5, "k": 2}],
    "tree": [{}, {"spec": "[[1, [2, 3]], 4, [[5], 6]]", "root_player": 1}],
}

CASES = [
    pytest.param(name, options, id=f"{name}-{i}")
    for name in GAMES
    for i, options in enumerate(OPTION_SETS.get(name, [{}]))
]

MOVE_CAP = 150
SEEDS = (0, 1)


class MadeUp:
    """A move no game knows."""

    def __repr__(self) -> str:
        return "MadeUp()"


def test_every_registered_game_has_option_sets() -> None:
    assert set(OPTION_SETS) <= set(GAMES)
    for name in ("dice-of-doom", "checkers", "knights", "tictactoe", "tree"):
        assert name in GAMES
    rules = {o.get("rules", "racket") for o in OPTION_SETS["dice-of-doom"]}
    assert rules == {"racket", "lisp", "chance"}  # every rule set of Dice of Doom


def check_position(game: Any, state: Hashable) -> list[Hashable]:
    """Every per-position check; returns the legal moves."""
    snapshot = copy.deepcopy(state)
    moves = list(game.legal_moves(state))
    assert game.is_terminal(state) == (not moves)
    assert list(game.legal_moves(state)) == moves, "move generation must be repeatable"
    assert len(set(moves)) == len(moves), "duplicate moves"

    # hashing, equality and pickling
    assert hash(state) == hash(snapshot) and state == snapshot
    again = pickle.loads(pickle.dumps(state))
    assert again == state and hash(again) == hash(state)

    player = game.to_move(state)
    assert player == CHANCE or 0 <= player < game.num_players
    for p in range(game.num_players):
        value = game.evaluate(state, p)
        assert isinstance(value, float | int) and math.isfinite(value)
    if not moves:
        returns = list(game.returns(state))
        assert len(returns) == game.num_players
        for p in range(game.num_players):
            assert game.evaluate(state, p) == returns[p]

    for move in moves:
        child = game.result(state, move)
        assert game.result(state, move) == child
        assert hash(game.result(state, move)) == hash(child)
        text = game.move_to_str(state, move)
        assert isinstance(text, str) and text
        assert game.parse_move(state, text) == move, f"notation round trip of {text!r}"
    assert state == snapshot, "result or parse_move changed the state"

    with pytest.raises(IllegalMoveError):
        game.result(state, MadeUp())
    with pytest.raises(IllegalMoveError):
        game.parse_move(state, "no such move")
    assert isinstance(game.render(state), str)
    return moves


@pytest.mark.parametrize(("name", "options"), CASES)
def test_random_playouts(name: str, options: dict[str, Any]) -> None:
    for seed in SEEDS:
        game, state = load_game(name, **options)
        rng = random.Random(seed)
        for _ in range(MOVE_CAP):
            moves = check_position(game, state)
            if not moves:
                break
            state = game.result(state, rng.choice(moves))


@pytest.mark.parametrize(("name", "options"), CASES)
def test_game_object_pickles(name: str, options: dict[str, Any]) -> None:
    game, state = load_game(name, **options)
    clone = pickle.loads(pickle.dumps(game))
    assert list(clone.legal_moves(state)) == list(game.legal_moves(state))
    assert clone.render(state) == game.render(state)
