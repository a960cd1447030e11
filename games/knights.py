"""Knight isolation: two knights on an N x N board; every square a knight has stood on
is blocked; the player to move with no move loses. A knight not on the board yet is
placed on any unblocked square as its first move. Squares are named like chess
squares; a game starts with the knights in opposite corners or from a grid in the
knight-game article's format (:meth:`Knights.parse_grid`; docs/reference/games.md).

Examples
--------
>>> g = Knights()
>>> s = g.parse_grid("0100/0400/0030/0020")
>>> print(g.render(s))
    a  b  c  d
4   .  1  .  .
3   .  4  .  .
2   .  .  3  .
1   .  .  2  .
player 0 (odd, on c2) to move
>>> [g.move_to_str(s, m) for m in g.legal_moves(s)]
['d4', 'a3', 'a1']
"""

from __future__ import annotations

import random
import re
from collections.abc import Iterator
from functools import lru_cache
from typing import Any

from lazytree.game import IllegalMoveError, Player
from lazytree.games.states import CachedHashState

__all__ = ["Knights", "KnightsState", "knight_moves"]

OFF_BOARD = -1
MAX_SIZE = 26
JUMPS = ((-2, -1), (-2, 1), (-1, -2), (-1, 2), (1, -2), (1, 2), (2, -1), (2, 1))


class KnightsState(CachedHashState):
    """An immutable position.

    ``visited[i]`` is the move number on which square ``i`` (reading order, row 0 at the
    top) was visited, 0 if never; ``knights`` the squares of the two knights
    (``-1``: not placed yet); ``player`` the player to move. Compared and hashed by value
    like a named tuple, the hash computed once
    (:class:`~lazytree.games.states.CachedHashState`).
    """

    __slots__ = ("knights", "player", "visited")
    _fields = ("visited", "knights", "player")
    visited: tuple[int, ...]
    knights: tuple[int, int]
    player: Player

    def __init__(self, visited: tuple[int, ...], knights: tuple[int, int], player: Player) -> None:
        self.visited = visited
        self.knights = knights
        self.player = player
        self._hash = None


@lru_cache(maxsize=32)
def knight_moves(size: int) -> tuple[tuple[int, ...], ...]:
    """The squares a knight reaches from each square of a ``size`` x ``size`` board.

    >>> knight_moves(3)[0], knight_moves(3)[4]
    ((5, 7), ())
    """
    out = []
    for r in range(size):
        for c in range(size):
            out.append(
                tuple(
                    (r + dr) * size + c + dc
                    for dr, dc in JUMPS
                    if 0 <= r + dr < size and 0 <= c + dc < size
                )
            )
    return tuple(out)


class Knights:
    """Knight isolation on a ``size`` x ``size`` board (3 to 26).

    ``returns`` is 1 for the winner and -1 for the loser; ``evaluate`` is exact at the end
    and in between compares the two knights' numbers of moves, scaled into (-1, 1).
    """

    name = "knights"
    num_players = 2

    def __init__(self, size: int = 4) -> None:
        if not 3 <= size <= MAX_SIZE:
            raise ValueError(f"size must be from 3 to {MAX_SIZE}, got {size}")
        self.size = size
        self.jumps = knight_moves(size)

    def __repr__(self) -> str:
        return f"Knights(size={self.size})"

    def __reduce__(self) -> tuple[type[Knights], tuple[int]]:
        return (Knights, (self.size,))

    # -- positions --------------------------------------------------------------------
    def initial_state(self, rng: random.Random | None = None) -> KnightsState:
        """Knights in opposite corners: player 0 top-left, player 1 bottom-right."""
        last = self.size * self.size - 1
        visited = [0] * (last + 1)
        visited[0], visited[last] = 1, 2
        return KnightsState(tuple(visited), (0, last), 0)

    def parse_grid(self, text: str) -> KnightsState:
        """A position from the article's grid format, checked: rows top to bottom split by
        ``/``, a number per cell (0 unvisited, k visited on move k; odd numbers player
        0's, even player 1's), each knight on its highest number, the player whose
        highest number is smaller to move."""
        rows = [row.strip() for row in text.strip().split("/")]
        if len(rows) != self.size:
            raise ValueError(
                f"the grid has {len(rows)} rows; a {self.size}x{self.size} board needs {self.size}"
            )
        numbers: list[int] = []
        for r, row in enumerate(rows, start=1):
            cells = row.replace(",", " ").split() if re.search(r"[ ,]", row) else list(row)
            if len(cells) != self.size or not all(c.isdigit() for c in cells):
                raise ValueError(
                    f"grid row {r} ({row!r}) must hold {self.size} numbers "
                    "(digits, or numbers separated by commas or spaces)"
                )
            numbers.extend(int(c) for c in cells)
        return self.from_numbers(tuple(numbers))

    @staticmethod
    def grid_size(text: str) -> int:
        """The board size a grid describes (its number of rows)."""
        return len(text.strip().split("/"))

    def from_numbers(self, visited: tuple[int, ...]) -> KnightsState:
        """A position from move numbers in reading order, checked.

        The numbers must be 1 to K, each once; each knight's successive squares must be a
        knight's move apart.
        """
        taken = sorted(v for v in visited if v)
        if taken != list(range(1, len(taken) + 1)):
            raise ValueError(
                f"the visited squares must be numbered 1 to {len(taken)}, each once; "
                f"got {', '.join(map(str, taken))}"
            )
        where = {v: i for i, v in enumerate(visited) if v}
        for v in range(3, len(taken) + 1):
            if where[v] not in self.jumps[where[v - 2]]:
                raise ValueError(
                    f"move {v} ({self.square_name(where[v])}) is not a knight's move "
                    f"from move {v - 2} ({self.square_name(where[v - 2])})"
                )
        k = len(taken)
        last0 = k if k % 2 == 1 else k - 1  # highest odd number
        last1 = k if k % 2 == 0 else k - 1  # highest even number
        knights = (where.get(last0, OFF_BOARD), where.get(last1, OFF_BOARD))
        return KnightsState(tuple(visited), knights, k % 2)

    def grid(self, state: KnightsState) -> str:
        """The article's grid of a position (inverse of :meth:`parse_grid`)."""
        n = self.size
        wide = max(state.visited) > 9
        rows = []
        for r in range(n):
            cells = [str(v) for v in state.visited[r * n : (r + 1) * n]]
            rows.append(",".join(cells) if wide else "".join(cells))
        return "/".join(rows)

    # -- the protocol -------------------------------------------------------------------
    def to_move(self, state: KnightsState) -> Player:
        return state.player

    def legal_moves(self, state: KnightsState) -> Iterator[int]:
        visited = state.visited
        here = state.knights[state.player]
        targets = range(len(visited)) if here == OFF_BOARD else self.jumps[here]
        for square in targets:
            if not visited[square]:
                yield square

    def result(self, state: KnightsState, move: int) -> KnightsState:
        visited = state.visited
        n2 = len(visited)
        if not isinstance(move, int) or isinstance(move, bool) or not 0 <= move < n2:
            raise IllegalMoveError(f"{move!r} is not a square (0 to {n2 - 1})")
        player = state.player
        here = state.knights[player]
        if visited[move]:
            raise IllegalMoveError(f"{self.square_name(move)} is blocked")
        if here != OFF_BOARD and move not in self.jumps[here]:
            raise IllegalMoveError(
                f"{self.square_name(move)} is not a knight's move from {self.square_name(here)}"
            )
        number = max(visited) + 1
        new_visited = (*visited[:move], number, *visited[move + 1 :])
        knights = (move, state.knights[1]) if player == 0 else (state.knights[0], move)
        return KnightsState(new_visited, knights, 1 - player)

    def is_terminal(self, state: KnightsState) -> bool:
        return next(self.legal_moves(state), None) is None

    def returns(self, state: KnightsState) -> tuple[float, float]:
        """The player to move at the end has lost: -1 for them, 1 for the other."""
        if not self.is_terminal(state):
            return (0.0, 0.0)
        return (-1.0, 1.0) if state.player == 0 else (1.0, -1.0)

    def mobility(self, state: KnightsState, player: Player) -> int:
        """How many squares ``player``'s knight could move to (ignoring whose turn it is)."""
        return sum(1 for _ in self.legal_moves(state._replace(player=player)))

    def evaluate(self, state: KnightsState, player: Player) -> float:
        mine = self.mobility(state, player)
        if state.player == player and mine == 0:
            return -1.0
        theirs = self.mobility(state, 1 - player)
        if state.player != player and theirs == 0:
            return 1.0
        return (mine - theirs) / (mine + theirs + 1)

    # -- text ---------------------------------------------------------------------------
    def square_name(self, square: int) -> str:
        """Chess-style name: column letter, then row number counted from the bottom."""
        r, c = divmod(square, self.size)
        return f"{chr(ord('a') + c)}{self.size - r}"

    def move_to_str(self, state: KnightsState, move: int) -> str:
        return self.square_name(move)

    def parse_move(self, state: KnightsState, text: str) -> int:
        """The destination square, e.g. ``b3``."""
        match = re.fullmatch(r"([a-z])(\d+)", text.strip().lower())
        if match is None:
            raise IllegalMoveError(f"{text!r} is not a square: write e.g. b3")
        c = ord(match[1]) - ord("a")
        rank = int(match[2])
        if not (0 <= c < self.size and 1 <= rank <= self.size):
            raise IllegalMoveError(f"{text!r} is off the {self.size}x{self.size} board")
        move = (self.size - rank) * self.size + c
        self.result(state, move)
        return move

    # -- the board view (lazytree.game.BoardView) --------------------------------------
    def board_view(self, state: KnightsState) -> dict[str, Any]:
        """The grid for the browser pages: a visited square shows the number of the
        move that visited it, a knight's square the knight in its player's colour."""
        n = self.size
        cells: list[dict[str, Any]] = [
            {"row": sq // n, "col": sq % n, "owner": -1, "label": str(v) if v else ""}
            for sq, v in enumerate(state.visited)
        ]
        for player, at in enumerate(state.knights):
            if at != OFF_BOARD:
                cells[at].update(owner=player, label="\u265e")
        coords = {
            "cols": [chr(ord("a") + c) for c in range(n)],
            "rows": [str(n - r) for r in range(n)],
        }
        return {"kind": "grid", "rows": n, "cols": n, "cells": cells, "coords": coords}

    def move_cells(self, state: KnightsState, move: int) -> tuple[int, ...]:
        """A move is one click on the square the knight jumps to."""
        return (move,)

    def render(self, state: KnightsState) -> str:
        n = self.size
        width = max(2, len(str(max(state.visited))))
        head = " " * (len(str(n)) + 1) + "".join(
            f"{chr(ord('a') + c):>{width + 1}}" for c in range(n)
        )
        lines = [head]
        for r in range(n):
            cells = "".join(
                f"{(str(v) if v else '.'):>{width + 1}}" for v in state.visited[r * n : (r + 1) * n]
            )
            lines.append(f"{n - r:>{len(str(n))}} {cells}")
        here = state.knights[state.player]
        where = "not placed yet" if here == OFF_BOARD else f"on {self.square_name(here)}"
        parity = "odd" if state.player == 0 else "even"
        lines.append(f"player {state.player} ({parity}, {where}) to move")
        return "\n".join(lines)
