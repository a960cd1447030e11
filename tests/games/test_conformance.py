"""The conformance suite: every game of the catalog, under a few option sets, obeys the
:class:`lazytree.game.Game` protocol, checked by :func:`lazytree.testing.check_game`
(the checks a plugin author runs on their own game).

Seeded random playouts walk each game to its end (or a move cap); at every position on
the way the checks are that the state is immutable, hashable and picklable, that
``is_terminal`` agrees with the move generator, that ``evaluate`` agrees with ``returns``
at the end, that every legal move is accepted by ``result`` and survives the round trip
through the game's notation, that chance outcomes' probabilities sum to 1, and that
made-up moves are refused with IllegalMoveError. An installed game is covered with its
default options automatically.
"""

from __future__ import annotations

import pickle
from typing import Any

import pytest

from lazytree.games import GAMES, load_game
from lazytree.games.tree_game import TreeGame
from lazytree.testing import ConformanceError, check_game

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


def test_every_registered_game_has_option_sets() -> None:
    assert set(OPTION_SETS) <= set(GAMES)
    for name in ("dice-of-doom", "checkers", "knights", "tictactoe", "tree"):
        assert name in GAMES
    rules = {o.get("rules", "racket") for o in OPTION_SETS["dice-of-doom"]}
    assert rules == {"racket", "lisp", "chance"}  # every rule set of Dice of Doom


@pytest.mark.parametrize(("name", "options"), CASES)
def test_random_playouts(name: str, options: dict[str, Any]) -> None:
    game, state = load_game(name, **options)
    checked = check_game(game, seed=SEEDS[0], positions=[state], playouts=len(SEEDS))
    assert checked >= len(SEEDS)


@pytest.mark.parametrize(("name", "options"), CASES)
def test_game_object_pickles(name: str, options: dict[str, Any]) -> None:
    game, state = load_game(name, **options)
    clone = pickle.loads(pickle.dumps(game))
    assert list(clone.legal_moves(state)) == list(game.legal_moves(state))
    assert clone.render(state) == game.render(state)


class Forgetful(TreeGame):
    """A tree game whose notation loses the move: text for any child parses as the last."""

    def parse_move(self, state: Any, text: str) -> Any:
        moves = list(self.legal_moves(state))
        if text == "no such move" or not moves:
            return super().parse_move(state, text)
        return moves[-1]


def test_check_game_catches_a_broken_game() -> None:
    assert check_game(TreeGame([[1, 2], [3, 4]]), playouts=2) == 6
    with pytest.raises(ConformanceError, match="notation round trip"):
        check_game(Forgetful([[1, 2], [3, 4]]))
