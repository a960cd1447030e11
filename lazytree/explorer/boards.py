"""Small board pictures for the explorer: one layout per game, one short text per position.

The explorer draws the selected position as a small board: the hex board of Dice of
Doom, a grid for tic-tac-toe, checkers and knights, the position's label otherwise. A
:class:`BoardView` gives the front-end three things:

* ``layout``: a JSON description of the board, sent once per tree
  (``{"kind": "hex", "rows": 3, "cols": 3, "offsets": [1, 0, 1], ...}``);
* ``encode(state)``: the position as compact text, one per node (this is what keeps
  the HTML file of a 50,000-node tree small: ``"A3B1A2..."`` rather than a picture);
* ``cells(state, move)``: the cells the move touches, highlighted on the child's board.

This lives in the explorer layer, not in the games: the rules know nothing of how a
browser draws them.

Examples
--------
>>> from lazytree.games import load_game
>>> game, state = load_game("tictactoe")
>>> view = board_view(game)
>>> view.layout["kind"], view.encode(game.result(state, 4)), view.cells(state, 4)
('grid', '....X....', [4])
>>> game, state = load_game("dice-of-doom", size=2, board="0:2 1:1 0:3 1:2")
>>> view = board_view(game)
>>> view.layout["offsets"], view.encode(state)
([1, 0], 'A2B1A3B2|10')
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from lazytree.export.graph import node_label
from lazytree.game import Game
from lazytree.games.checkers import Checkers
from lazytree.games.dice_of_doom.rules import PLAYER_LETTERS, Attack, DiceOfDoom, Outcome
from lazytree.games.dice_of_doom.variants import LispDiceOfDoom
from lazytree.games.knights import Knights
from lazytree.games.tictactoe import TicTacToe

__all__ = ["BoardView", "board_view", "player_names"]

_DIGITS = "0123456789abcdefghijklmnopqrstuvwxyz"


@dataclass(frozen=True)
class BoardView:
    """How the explorer draws one game's positions (see the module docstring)."""

    layout: dict[str, Any]
    encode: Callable[[Any], str]
    cells: Callable[[Any, Any], list[int]]


def player_names(game: Game[Any, Any]) -> list[str]:
    """What the explorer calls each player: ``X``/``O``, ``A``/``B``..., ``red``/``white``.

    >>> from lazytree.games import load_game
    >>> player_names(load_game("checkers").game), player_names(load_game("knights").game)
    (['red', 'white'], ['player 0', 'player 1'])
    """
    if isinstance(game, TicTacToe):
        return ["X", "O"]
    if isinstance(game, DiceOfDoom):
        return list(PLAYER_LETTERS[: game.num_players])
    if isinstance(game, Checkers):
        return ["red", "white"]
    return [f"player {p}" for p in range(game.num_players)]


def board_view(game: Game[Any, Any]) -> BoardView:
    """The :class:`BoardView` of ``game`` (a text label for games without a board)."""
    if isinstance(game, DiceOfDoom):
        return _dice_view(game)
    if isinstance(game, TicTacToe):
        return _tictactoe_view(game)
    if isinstance(game, Checkers):
        return _checkers_view(game)
    if isinstance(game, Knights):
        return _knights_view(game)
    return BoardView(
        {"kind": "text"}, lambda state: node_label(game, state), lambda state, move: []
    )


def _dice_view(game: DiceOfDoom) -> BoardView:
    n = game.size
    if isinstance(game, LispDiceOfDoom):  # Land of Lisp's rhombus: each row half a hex left
        offsets = [n - 1 - row for row in range(n)]
    else:  # Realm of Racket: even rows half a hex to the right
        offsets = [1 if row % 2 == 0 else 0 for row in range(n)]
    layout = {"kind": "hex", "rows": n, "cols": n, "offsets": offsets, "maxDice": game.max_dice}

    def encode(state: Any) -> str:
        cells = "".join(
            PLAYER_LETTERS[o] + _DIGITS[d] for o, d in zip(state.owners, state.dice, strict=True)
        )
        return f"{cells}|{state.spare}"

    def cells(state: Any, move: Any) -> list[int]:
        if isinstance(move, Attack):
            return [move.src, move.dst]
        if isinstance(move, Outcome) and state.pending is not None:
            return [state.pending.src, state.pending.dst]
        return []

    return BoardView(layout, encode, cells)


def _tictactoe_view(game: TicTacToe) -> BoardView:
    layout = {
        "kind": "grid",
        "rows": game.rows,
        "cols": game.columns,
        "colNames": [chr(ord("a") + c) for c in range(game.columns)],
        "rowNames": [str(r + 1) for r in range(game.rows)],
        "pieces": {"X": {"text": "X", "player": 0}, "O": {"text": "O", "player": 1}},
    }
    return BoardView(layout, lambda state: state.board(game.size), lambda state, move: [move])


def _checkers_view(game: Checkers) -> BoardView:
    w = game.width
    layout = {
        "kind": "grid",
        "rows": game.height,
        "cols": w,
        # square i is drawn where the game's own diagram puts it (mirrored columns)
        "squares": [[y, w - 1 - x] for x, y in game.geo.xy],
        "labels": True,
        "pieces": {  # drawn in the pieces' own colours, not the players' colours
            "r": {"text": "●", "player": 0, "colour": "#c62828"},
            "R": {"text": "♚", "player": 0, "colour": "#c62828"},
            "w": {"text": "●", "player": 1, "colour": "#ffffff"},
            "W": {"text": "♚", "player": 1, "colour": "#ffffff"},
        },
    }
    return BoardView(layout, lambda state: state.board, lambda state, move: list(move.path))


def _knights_view(game: Knights) -> BoardView:
    n = game.size
    layout = {
        "kind": "grid",
        "rows": n,
        "cols": n,
        "colNames": [chr(ord("a") + c) for c in range(n)],
        "rowNames": [str(n - r) for r in range(n)],
        "numbers": True,  # cells hold the move number that visited them (0: free)
    }
    return BoardView(
        layout,
        lambda state: ",".join(map(str, state.visited)),
        lambda state, move: [move],
    )
