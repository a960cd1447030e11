"""Tic-tac-toe generalised: an m x n board, k in a row wins (the m,n,k-game).

Player 0 (``X``) moves first. Cells are numbered in reading order (``b2`` is the
centre of the 3 x 3 board, or its number 1 to m*n). The state keeps each side's marks
as a bit set and the winner, found by the lines through the cell played (bit masks).

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
from typing import TYPE_CHECKING, Any, Final, final

from lazytree.game import IllegalMoveError, Player

if TYPE_CHECKING:  # fixed-width integers: unboxed in the compiled core
    from mypy_extensions import i32

__all__ = ["TicTacToe", "TicTacToeState", "lines_through"]

MARKS = "XO"
EMPTY = "."
NO_WINNER: Final = -1
MAX_SIDE = 26  # one column letter per column
FREE_CACHE: Final = 1 << 16  # most sets of occupied cells whose empty cells are remembered


@final
class TicTacToeState:
    """An immutable position: the cells of X and of O as bit sets (bit ``i`` is cell
    ``i`` in reading order), the player to move (0 = X) and the winner (-1 while nobody
    has k in a row).

    It compares, hashes, pickles, unpacks and indexes by its four fields like a named
    tuple; never marked *acyclic* for mypyc (why: docs/benchmarks/compiled-core.md).

    >>> s = TicTacToeState(0b1, 0b10, 0)
    >>> s
    TicTacToeState(x=1, o=2, player=0, winner=-1)
    >>> s == TicTacToeState(1, 2, 0, -1), tuple(s), s[3]
    (True, (1, 2, 0, -1), -1)
    """

    __slots__ = ("o", "player", "winner", "x")

    def __init__(self, x: int, o: int, player: Player, winner: Player = NO_WINNER) -> None:
        self.x = x
        self.o = o
        self.player: i32 = player  # (two machine words less than two integer fields)
        self.winner: i32 = winner

    def as_tuple(self) -> tuple[int, int, Player, Player]:
        """The fields in order ``(x, o, player, winner)``."""
        return (self.x, self.o, self.player, self.winner)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, TicTacToeState):
            return NotImplemented
        return (
            self.x == other.x
            and self.o == other.o
            and self.player == other.player
            and self.winner == other.winner
        )

    def __hash__(self) -> int:
        return hash(self.as_tuple())

    def __reduce__(self) -> tuple[type[TicTacToeState], tuple[int, int, Player, Player]]:
        return (TicTacToeState, self.as_tuple())

    def __getitem__(self, index: Any) -> Any:
        """Indexing and slicing as the named tuple this class replaces did."""
        return self.as_tuple()[index]

    def __iter__(self) -> Iterator[int]:
        return iter(self.as_tuple())

    def __len__(self) -> int:
        return 4

    def __repr__(self) -> str:
        return (
            f"TicTacToeState(x={self.x!r}, o={self.o!r}, player={self.player!r}, "
            f"winner={self.winner!r})"
        )

    def board(self, size: int) -> str:
        """The cells as text in reading order: ``.``, ``X`` or ``O``."""
        return "".join(
            "X" if self.x >> i & 1 else "O" if self.o >> i & 1 else EMPTY for i in range(size)
        )


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


def _mask(cells: tuple[int, ...]) -> int:
    return sum(1 << c for c in cells)


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
        self.size = rows * columns
        self.full = (1 << self.size) - 1
        self.masks = tuple(tuple(_mask(line) for line in ls) for ls in self.lines)
        self._all_masks = tuple(sorted({m for ms in self.masks for m in ms}))
        self._cells = tuple((cell, 1 << cell) for cell in range(self.size))
        self._free: dict[int, tuple[int, ...]] = {}  # occupied cells -> empty cells

    def __repr__(self) -> str:
        return f"TicTacToe(rows={self.rows}, columns={self.columns}, k={self.k})"

    def __reduce__(self) -> tuple[type[TicTacToe], tuple[int, int, int]]:
        return (TicTacToe, (self.rows, self.columns, self.k))

    # -- the protocol -------------------------------------------------------------------
    def initial_state(self, rng: random.Random | None = None) -> TicTacToeState:
        return TicTacToeState(0, 0, 0)

    def to_move(self, state: TicTacToeState) -> Player:
        return state.player

    def legal_moves(self, state: TicTacToeState) -> Iterator[int]:
        """The empty cells in reading order (none once somebody has won)."""
        if state.winner != NO_WINNER:
            return iter(())
        taken = state.x | state.o
        free = self._free.get(taken)
        if free is None:
            free = tuple(cell for cell, bit in self._cells if not taken & bit)
            if len(self._free) < FREE_CACHE:
                self._free[taken] = free
        return iter(free)

    def result(self, state: TicTacToeState, move: object) -> TicTacToeState:
        """The position after ``move``; any object that is not an empty cell's number
        raises :class:`~lazytree.game.IllegalMoveError` (hence ``move: object``: the
        compiled core's signature check would raise ``TypeError`` instead)."""
        if type(move) is not int or not 0 <= move < self.size:
            raise IllegalMoveError(f"{move!r} is not a cell (0 to {self.size - 1})")
        x = state.x
        o = state.o
        player = state.player
        bit = 1 << move
        if state.winner != NO_WINNER:
            raise IllegalMoveError("the game is over")
        if (x | o) & bit:
            raise IllegalMoveError(f"{self.cell_name(move)} is already taken")
        if player == 0:
            x |= bit
            mine = x
        else:
            o |= bit
            mine = o
        for mask in self.masks[move]:
            if mine & mask == mask:
                return TicTacToeState(x, o, 1 - player, player)
        return TicTacToeState(x, o, 1 - player, NO_WINNER)

    def is_terminal(self, state: TicTacToeState) -> bool:
        return state.winner != NO_WINNER or state.x | state.o == self.full

    def returns(self, state: TicTacToeState) -> tuple[float, float]:
        if state.winner == NO_WINNER:
            return (0.0, 0.0)
        return (1.0, -1.0) if state.winner == 0 else (-1.0, 1.0)

    def evaluate(self, state: TicTacToeState, player: Player) -> float:
        x = state.x
        o = state.o
        winner = state.winner
        if winner != NO_WINNER:
            return 1.0 if winner == player else -1.0
        if x | o == self.full:
            return 0.0
        mine, theirs = (x, o) if player == 0 else (o, x)
        score = 0
        for mask in self._all_masks:
            if not theirs & mask:
                score += 1
            if not mine & mask:
                score -= 1
        return score / (len(self._all_masks) + 1)

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

    # -- the board view (lazytree.game.BoardView) --------------------------------------
    def board_view(self, state: TicTacToeState) -> dict[str, Any]:
        """The grid for the browser pages: one cell a square, ``X``/``O`` its label."""
        board = state.board(self.size)
        cells = [
            {
                "row": i // self.columns,
                "col": i % self.columns,
                "owner": MARKS.find(ch),
                "label": "" if ch == EMPTY else ch,
            }
            for i, ch in enumerate(board)
        ]
        coords = {
            "cols": [chr(ord("a") + c) for c in range(self.columns)],
            "rows": [str(r + 1) for r in range(self.rows)],
        }
        return {
            "kind": "grid",
            "rows": self.rows,
            "cols": self.columns,
            "cells": cells,
            "coords": coords,
            "players": list(MARKS),
        }

    def move_cells(self, state: TicTacToeState, move: int) -> tuple[int, ...]:
        """A move is one click on its square."""
        return (move,)

    def render(self, state: TicTacToeState) -> str:
        n = self.columns
        width = len(str(self.rows))
        head = " " * (width + 2) + " ".join(chr(ord("a") + c) for c in range(n))
        board = state.board(self.size)
        rows = [
            f"{r + 1:>{width}}  " + " ".join(board[r * n : (r + 1) * n]) for r in range(self.rows)
        ]
        if state.winner != NO_WINNER:
            status = f"{MARKS[state.winner]} wins"
        elif EMPTY not in board:
            status = "draw"
        else:
            status = f"{MARKS[state.player]} to move"
        return "\n".join([head, *rows, status])
