"""Tic-tac-toe generalised: an m x n board, k in a row wins (the m,n,k-game).

Player 0 (``X``) moves first. Cells are numbered in reading order, ``row * n + column``,
row 0 at the top; the notation is a column letter and a row number from the top, so
``a1`` is the top-left cell and ``b2`` the centre of the 3 x 3 board. :meth:`parse_move`
also accepts the cell's number, 1 to m*n in reading order.

The state records the winner as soon as a move makes a line, so a finished game has
no legal moves (the state is terminal) without scanning the board again.

Examples
--------
>>> g = TicTacToe()
>>> s = g.initial_state()
>>> for cell in ("b2", "a1", "a2", "c3"):
...     s = g.result(s, g.parse_move(s, cell))
>>> print(g.render(s))
   a b c
1  O . .
2  X X .
3  . . O
X to move
>>> s = g.result(s, g.parse_move(s, "c2"))
>>> g.is_terminal(s), g.returns(s)
(True, (1.0, -1.0))
"""

from __future__ import annotations

import random
import re
from collections.abc import Iterator
from functools import lru_cache
from typing import NamedTuple

from lazytree.game import IllegalMoveError, Player

__all__ = ["TicTacToe", "TicTacToeState", "lines_through"]

MARKS = "XO"
EMPTY = "."
NO_WINNER = -1
MAX_SIDE = 26  # one column letter per column


class TicTacToeState(NamedTuple):
    """An immutable position: the cells in reading order (``.``, ``X`` or ``O``), the
    player to move (0 = X) and the winner (-1 while nobody has k in a row)."""

    board: str
    player: Player
    winner: Player = NO_WINNER


@lru_cache(maxsize=32)
def lines_through(m: int, n: int, k: int) -> tuple[tuple[tuple[int, ...], ...], ...]:
    """For every cell, the k-cell lines (rows, columns, diagonals) that contain it.

    >>> [len(lines) for lines in lines_through(3, 3, 3)]
    [3, 2, 3, 2, 4, 2, 3, 2, 3]
    """
    lines: list[tuple[int, ...]] = []
    for r in range(m):
        for c in range(n):
            for dr, dc in ((0, 1), (1, 0), (1, 1), (1, -1)):
                end_r, end_c = r + dr * (k - 1), c + dc * (k - 1)
                if 0 <= end_r < m and 0 <= end_c < n:
                    lines.append(tuple((r + dr * i) * n + c + dc * i for i in range(k)))
    return tuple(tuple(line for line in lines if cell in line) for cell in range(m * n))


class TicTacToe:
    """The m,n,k-game: ``rows`` x ``columns`` board, ``k`` in a row wins.

    ``evaluate`` is exact at the end (1 win, -1 loss, 0 draw) and in between counts the
    lines still open for each side, scaled into (-1, 1) so a win always counts more.
    """

    name = "tictactoe"
    num_players = 2

    def __init__(self, rows: int = 3, columns: int = 3, k: int = 3) -> None:
        for label, value in (("rows", rows), ("columns", columns)):
            if not 1 <= value <= MAX_SIDE:
                raise ValueError(f"{label} must be from 1 to {MAX_SIDE}, got {value}")
        if not 1 <= k <= max(rows, columns):
            raise ValueError(f"k must be from 1 to the longer side ({max(rows, columns)}), got {k}")
        self.rows = rows
        self.columns = columns
        self.k = k
        self.lines = lines_through(rows, columns, k)
        self._all_lines = tuple(sorted({line for ls in self.lines for line in ls}))

    def __repr__(self) -> str:
        return f"TicTacToe(rows={self.rows}, columns={self.columns}, k={self.k})"

    def __reduce__(self) -> tuple[type[TicTacToe], tuple[int, int, int]]:
        return (TicTacToe, (self.rows, self.columns, self.k))

    # -- the protocol -------------------------------------------------------------------
    def initial_state(self, rng: random.Random | None = None) -> TicTacToeState:
        return TicTacToeState(EMPTY * (self.rows * self.columns), 0)

    def to_move(self, state: TicTacToeState) -> Player:
        return state.player

    def legal_moves(self, state: TicTacToeState) -> Iterator[int]:
        if state.winner != NO_WINNER:
            return
        board = state.board
        for cell in range(len(board)):
            if board[cell] == EMPTY:
                yield cell

    def result(self, state: TicTacToeState, move: int) -> TicTacToeState:
        board = state.board
        if not isinstance(move, int) or isinstance(move, bool) or not 0 <= move < len(board):
            raise IllegalMoveError(f"{move!r} is not a cell (0 to {len(board) - 1})")
        if state.winner != NO_WINNER:
            raise IllegalMoveError("the game is over")
        if board[move] != EMPTY:
            raise IllegalMoveError(f"{self.cell_name(move)} is already taken")
        player = state.player
        mark = MARKS[player]
        board = board[:move] + mark + board[move + 1 :]
        winner = NO_WINNER
        for line in self.lines[move]:
            for cell in line:
                if board[cell] != mark:
                    break
            else:
                winner = player
                break
        return TicTacToeState(board, 1 - player, winner)

    def is_terminal(self, state: TicTacToeState) -> bool:
        return state.winner != NO_WINNER or EMPTY not in state.board

    def returns(self, state: TicTacToeState) -> tuple[float, float]:
        if state.winner == NO_WINNER:
            return (0.0, 0.0)
        return (1.0, -1.0) if state.winner == 0 else (-1.0, 1.0)

    def evaluate(self, state: TicTacToeState, player: Player) -> float:
        if state.winner != NO_WINNER:
            return 1.0 if state.winner == player else -1.0
        board = state.board
        if EMPTY not in board:
            return 0.0
        mine, theirs = MARKS[player], MARKS[1 - player]
        score = 0
        for line in self._all_lines:
            marks = {board[c] for c in line}
            if theirs not in marks:
                score += 1
            if mine not in marks:
                score -= 1
        return score / (len(self._all_lines) + 1)

    # -- text ---------------------------------------------------------------------------
    def cell_name(self, cell: int) -> str:
        """``a1`` for the top-left cell: column letter, then row number from the top."""
        r, c = divmod(cell, self.columns)
        return f"{chr(ord('a') + c)}{r + 1}"

    def move_to_str(self, state: TicTacToeState, move: int) -> str:
        return self.cell_name(move)

    def parse_move(self, state: TicTacToeState, text: str) -> int:
        """A cell as ``b2`` (column letter, row from the top) or its number 1 to m*n."""
        t = text.strip().lower()
        size = self.rows * self.columns
        if t.isdigit():
            if not 1 <= int(t) <= size:
                raise IllegalMoveError(f"no cell {t}: cells are numbered 1 to {size}")
            move = int(t) - 1
        else:
            match = re.fullmatch(r"([a-z])(\d+)", t)
            if match is None:
                raise IllegalMoveError(f"{text!r} is not a cell: write e.g. b2, or a number")
            c = ord(match[1]) - ord("a")
            r = int(match[2]) - 1
            if not (0 <= c < self.columns and 0 <= r < self.rows):
                raise IllegalMoveError(f"{text!r} is off the {self.rows}x{self.columns} board")
            move = r * self.columns + c
        self.result(state, move)
        return move

    def render(self, state: TicTacToeState) -> str:
        n = self.columns
        width = len(str(self.rows))
        head = " " * (width + 2) + " ".join(chr(ord("a") + c) for c in range(n))
        rows = [
            f"{r + 1:>{width}}  " + " ".join(state.board[r * n : (r + 1) * n])
            for r in range(self.rows)
        ]
        if state.winner != NO_WINNER:
            status = f"{MARKS[state.winner]} wins"
        elif EMPTY not in state.board:
            status = "draw"
        else:
            status = f"{MARKS[state.player]} to move"
        return "\n".join([head, *rows, status])
