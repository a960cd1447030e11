"""Connect Four, written only against lazytree's public protocols: an example game
plugin with a board view.

Players drop discs into columns; the first with ``k`` in a row (across, down or
diagonally) wins. Besides :class:`~lazytree.game.Game` it implements three optional
capabilities: :class:`~lazytree.game.BoardView` (the browser draws a grid and a click
on a column's landing square drops a disc there), :class:`~lazytree.game.OrderedGame`
(searches try the middle columns first) and :class:`~lazytree.game.BoundedGame`.

>>> game = ConnectFour(4, 4, 3)
>>> state = game.initial_state()
>>> for text in ["b", "a", "c", "a", "d"]:
...     state = game.result(state, game.parse_move(state, text))
>>> print(game.render(state))
  a b c d
4 . . . .
3 . . . .
2 O . . .
1 O X X X
X has won
>>> game.returns(state)
[1.0, -1.0]
"""

from __future__ import annotations

import random
from collections.abc import Iterator, Mapping, Sequence
from typing import Any, NamedTuple

from lazytree.catalog import GameOption, GameSpec, Position
from lazytree.game import IllegalMoveError, Player

__all__ = ["SPEC", "ConnectFour", "ConnectFourState"]

MARKS = "XO"
NONE = -1


class ConnectFourState(NamedTuple):
    """The cells row by row from the bottom (a player or -1), the player to move, and
    the winner (-1 while nobody has won)."""

    cells: tuple[int, ...]
    player: Player
    winner: int


class ConnectFour:
    """Connect Four on ``columns`` x ``rows`` cells, ``k`` in a row wins; X (player 0)
    first. Values: +1 a win, -1 a loss, 0 a draw (the board full)."""

    name = "connect-four"
    num_players = 2

    def __init__(self, columns: int = 7, rows: int = 6, k: int = 4) -> None:
        if not (1 <= columns <= 26 and 1 <= rows <= 26):
            raise ValueError(f"the board must be 1 to 26 cells each way, got {columns}x{rows}")
        if not 2 <= k <= max(columns, rows):
            raise ValueError(f"k must be 2 to {max(columns, rows)}, got {k}")
        self.columns, self.rows, self.k = columns, rows, k

    def __repr__(self) -> str:
        return f"ConnectFour({self.columns}, {self.rows}, {self.k})"

    def initial_state(self, rng: random.Random | None = None) -> ConnectFourState:
        return ConnectFourState((NONE,) * (self.columns * self.rows), 0, NONE)

    def to_move(self, state: ConnectFourState) -> Player:
        return state.player

    def _landing(self, state: ConnectFourState, column: int) -> int | None:
        """The row a disc dropped in ``column`` lands on (None: the column is full)."""
        for row in range(self.rows):
            if state.cells[row * self.columns + column] == NONE:
                return row
        return None

    def legal_moves(self, state: ConnectFourState) -> Iterator[int]:
        if state.winner != NONE:
            return
        for column in range(self.columns):
            if self._landing(state, column) is not None:
                yield column

    def _wins(self, cells: Sequence[int], row: int, column: int) -> bool:
        me = cells[row * self.columns + column]
        for dr, dc in ((0, 1), (1, 0), (1, 1), (1, -1)):
            run = 1
            for sign in (1, -1):
                r, c = row + sign * dr, column + sign * dc
                while 0 <= r < self.rows and 0 <= c < self.columns:
                    if cells[r * self.columns + c] != me:
                        break
                    run += 1
                    r, c = r + sign * dr, c + sign * dc
            if run >= self.k:
                return True
        return False

    def result(self, state: ConnectFourState, move: int) -> ConnectFourState:
        row = None
        if isinstance(move, int) and 0 <= move < self.columns and state.winner == NONE:
            row = self._landing(state, move)
        if row is None:
            raise IllegalMoveError(f"{move!r} is not a legal move here")
        cells = list(state.cells)
        cells[row * self.columns + move] = state.player
        winner = state.player if self._wins(cells, row, move) else NONE
        return ConnectFourState(tuple(cells), 1 - state.player, winner)

    def is_terminal(self, state: ConnectFourState) -> bool:
        return state.winner != NONE or NONE not in state.cells

    def returns(self, state: ConnectFourState) -> Sequence[float]:
        if state.winner == NONE:
            return [0.0, 0.0]
        return [1.0 if p == state.winner else -1.0 for p in range(2)]

    def evaluate(self, state: ConnectFourState, player: Player) -> float:
        """The result at the end, 0 before (no heuristic)."""
        return self.returns(state)[player] if self.is_terminal(state) else 0.0

    def evaluation_bounds(self, player: Player) -> tuple[float, float]:
        """Values lie in [-1, 1] (``BoundedGame``)."""
        return (-1.0, 1.0)

    def order_moves(self, state: ConnectFourState, moves: Sequence[int]) -> Sequence[int]:
        """The middle columns first (``OrderedGame``)."""
        middle = (self.columns - 1) / 2
        return sorted(moves, key=lambda c: abs(c - middle))

    def move_to_str(self, state: ConnectFourState, move: int) -> str:
        return chr(ord("a") + move)

    def parse_move(self, state: ConnectFourState, text: str) -> int:
        t = text.strip().lower()
        if len(t) != 1 or not "a" <= t <= "z":
            raise IllegalMoveError(f"{text!r}: give a column letter, e.g. d")
        move = ord(t) - ord("a")
        self.result(state, move)  # raises IllegalMoveError when the column is full
        return move

    def render(self, state: ConnectFourState) -> str:
        lines = ["  " + " ".join(chr(ord("a") + c) for c in range(self.columns))]
        for row in reversed(range(self.rows)):
            cells = state.cells[row * self.columns : (row + 1) * self.columns]
            marks = " ".join("." if p == NONE else MARKS[p] for p in cells)
            lines.append(f"{row + 1} {marks}")
        if state.winner != NONE:
            lines.append(f"{MARKS[state.winner]} has won")
        elif NONE not in state.cells:
            lines.append("a draw")
        return "\n".join(lines)

    # -- the board view (lazytree.game.BoardView) --------------------------------------
    def board_view(self, state: ConnectFourState) -> dict[str, Any]:
        """A grid, the top row first; a disc is its owner's mark."""
        cells = []
        for row in reversed(range(self.rows)):
            for column in range(self.columns):
                owner = state.cells[row * self.columns + column]
                label = "" if owner == NONE else MARKS[owner]
                cells.append(
                    {"row": self.rows - 1 - row, "col": column, "owner": owner, "label": label}
                )
        return {
            "kind": "grid",
            "rows": self.rows,
            "cols": self.columns,
            "cells": cells,
            "coords": {
                "cols": [chr(ord("a") + c) for c in range(self.columns)],
                "rows": [str(r) for r in reversed(range(1, self.rows + 1))],
            },
            "players": list(MARKS),
        }

    def move_cells(self, state: ConnectFourState, move: int) -> tuple[int, ...]:
        """A click on the square where the disc lands (cells are numbered top row first)."""
        row = self._landing(state, move)
        assert row is not None
        return ((self.rows - 1 - row) * self.columns + move,)


def _setup(options: Mapping[str, Any]) -> Position:
    game = ConnectFour(options["columns"], options["rows"], options["k"])
    return Position(game, game.initial_state())


SPEC = GameSpec(
    name="connect-four",
    summary="Connect Four: drop discs, k in a row wins (X = player 0 first)",
    options=(
        GameOption("columns", int, 7, "Columns (1 to 26)."),
        GameOption("rows", int, 6, "Rows (1 to 26)."),
        GameOption("k", int, 4, "Discs in a row needed to win."),
    ),
    setup=_setup,
    notation="column letter, e.g. d",
    analysis_depth=6,
)
"""The ``connect-four`` entry point: the game, its options and its notation."""
