"""Checkers (English / American draughts) on a W x H board: red (player 0) moves first,
captures are mandatory and one move is a whole capture sequence, a man reaching the far
row is crowned and the move ends there, no move loses, and ``draw_moves`` moves each
without a capture or a crowning draw. Squares are numbered as on the usual diagrams
(``11-15``, ``11x18x25``); the evaluation is a weighted sum in Samuel's spirit
(:class:`CheckersWeights`), squashed into (-1, 1). The rules in full:
docs/reference/games.md.

Examples
--------
>>> g = Checkers()
>>> s = g.initial_state()
>>> [g.move_to_str(s, m) for m in g.legal_moves(s)]
['9-13', '9-14', '10-14', '10-15', '11-15', '11-16', '12-16']
>>> s = g.result(s, g.parse_move(s, "11-15"))
>>> s = g.result(s, g.parse_move(s, "22-18"))
>>> [g.move_to_str(s, m) for m in g.legal_moves(s)]    # captures are mandatory
['15x22']
>>> s = g.result(s, g.parse_move(s, "15x22"))
>>> [g.move_to_str(s, m) for m in g.legal_moves(s)]
['25x18', '26x17']
"""

from __future__ import annotations

import random
import re
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import asdict, dataclass
from functools import lru_cache
from typing import Any, NamedTuple

from lazytree.game import IllegalMoveError, Player

__all__ = [
    "Checkers",
    "CheckersMove",
    "CheckersState",
    "CheckersWeights",
    "Geometry",
    "geometry",
]

EMPTY = "."
MEN = "rw"  # red man, white man (by player)
KINGS = "RW"
NONE = -1
MAX_SIDE = 26
EVAL_SCALE = 1000.0
"""The weighted sum ``x`` is squashed to ``x / (|x| + EVAL_SCALE)``."""
FIT_SCALE = 500.0
"""That value as a win chance ``(1 + v) / 2`` is close to ``sigmoid(x / FIT_SCALE)``."""


class CheckersState(NamedTuple):
    """An immutable position.

    ``board[i]`` is the piece on dark square ``i + 1`` (``.`` empty, ``r``/``w`` men,
    ``R``/``W`` kings); ``player`` is the side to move (0 red, 1 white); ``quiet`` counts
    the single moves made since the last capture or crowning (for the draw rule).
    """

    board: str
    player: Player
    quiet: int = 0


class CheckersMove(NamedTuple):
    """A whole move: the squares the piece stands on, from start to end (0-based square
    indices), and the squares of the pieces it captures (empty for a simple move)."""

    path: tuple[int, ...]
    captures: tuple[int, ...] = ()

    @property
    def is_capture(self) -> bool:
        return bool(self.captures)


@dataclass(frozen=True)
class CheckersWeights:
    """Weights of the evaluation features, per unit of each (side to rate minus the other).

    Attributes
    ----------
    man, king:
        Material: per man and per king.
    advancement:
        Per row a man has advanced from its own back row.
    centre:
        Per piece on the centre squares (the middle half of the board in both directions).
    back_row:
        Per man still on its own back row (guarding against enemy crowning).
    mobility:
        Per legal move the side would have if it were its turn.
    """

    man: float = 100.0
    king: float = 160.0
    advancement: float = 3.0
    centre: float = 6.0
    back_row: float = 8.0
    mobility: float = 2.0


class Geometry(NamedTuple):
    """Precomputed square tables of a W x H board (see :func:`geometry`)."""

    width: int
    height: int
    xy: tuple[tuple[int, int], ...]
    """(x, y) of each dark square."""
    steps: tuple[tuple[tuple[int, ...], ...], ...]
    """``steps[sq][kind]``: adjacent squares a piece of ``kind`` may step to (kind 0: red
    man, 1: white man, 2: king)."""
    jumps: tuple[tuple[tuple[tuple[int, int], ...], ...], ...]
    """``jumps[sq][kind]``: (jumped square, landing square) pairs."""
    crown: tuple[frozenset[int], frozenset[int]]
    """Squares on which a red (white) man is crowned."""
    back: tuple[frozenset[int], frozenset[int]]
    """Red's (white's) own back row."""
    centre: frozenset[int]


# The direction sets a piece may use: index 0 red man (forward = +y), 1 white man
# (forward = -y), 2 king (all four).
_DIRECTIONS = (((1, 1), (-1, 1)), ((1, -1), (-1, -1)), ((1, 1), (-1, 1), (1, -1), (-1, -1)))
KING_KIND = 2


@lru_cache(maxsize=32)
def geometry(width: int, height: int) -> Geometry:
    """The square tables of a ``width`` x ``height`` board.

    >>> geo = geometry(8, 8)
    >>> len(geo.xy), geo.xy[0], geo.xy[4], geo.xy[31]
    (32, (6, 0), (7, 1), (1, 7))
    """
    xy = [(x, y) for y in range(height) for x in range(width - 1, -1, -1) if (x + y) % 2 == 0]
    index = {p: i for i, p in enumerate(xy)}
    steps = []
    jumps = []
    for x, y in xy:
        step_kinds = []
        jump_kinds = []
        for dirs in _DIRECTIONS:
            step_kinds.append(
                tuple(index[(x + dx, y + dy)] for dx, dy in dirs if (x + dx, y + dy) in index)
            )
            jump_kinds.append(
                tuple(
                    (index[(x + dx, y + dy)], index[(x + 2 * dx, y + 2 * dy)])
                    for dx, dy in dirs
                    if (x + 2 * dx, y + 2 * dy) in index
                )
            )
        steps.append(tuple(step_kinds))
        jumps.append(tuple(jump_kinds))
    rows = [frozenset(i for i, (_, y) in enumerate(xy) if y == row) for row in range(height)]
    qx, qy = width // 4, height // 4
    centre = frozenset(
        i for i, (x, y) in enumerate(xy) if qx <= x < width - qx and qy <= y < height - qy
    )
    return Geometry(
        width,
        height,
        tuple(xy),
        tuple(steps),
        tuple(jumps),
        (rows[height - 1], rows[0]),
        (rows[0], rows[height - 1]),
        centre,
    )


class Checkers:
    """English draughts on a ``width`` x ``height`` board (see the module docstring).

    Parameters
    ----------
    width, height:
        Board size: width 2 to 26, height 4 to 26 (both sides need a starting row).
    draw_moves:
        Moves by *each* side without a capture or a crowning after which the game is a
        draw; 0 turns the rule off.
    weights:
        The evaluation weights.
    """

    name = "checkers"
    num_players = 2

    def __init__(
        self,
        width: int = 8,
        height: int = 8,
        draw_moves: int = 40,
        weights: CheckersWeights | None = None,
    ) -> None:
        if not 2 <= width <= MAX_SIDE:
            raise ValueError(f"width must be from 2 to {MAX_SIDE}, got {width}")
        if not 4 <= height <= MAX_SIDE:
            raise ValueError(
                f"height must be from 4 to {MAX_SIDE} (each side needs a starting row), "
                f"got {height}"
            )
        if draw_moves < 0:
            raise ValueError(f"draw moves must be >= 0 (0: no draw rule), got {draw_moves}")
        self.width = width
        self.height = height
        self.draw_moves = draw_moves
        self.weights = weights if weights is not None else CheckersWeights()
        self._weight_table: dict[str, float] = asdict(self.weights)
        self.geo = geometry(width, height)
        self.squares = len(self.geo.xy)
        self._moves_cache = lru_cache(maxsize=4096)(self._compute_moves)

    def __repr__(self) -> str:
        return (
            f"Checkers(width={self.width}, height={self.height}, "
            f"draw_moves={self.draw_moves}, weights={self.weights!r})"
        )

    def __reduce__(self) -> tuple[type[Checkers], tuple[int, int, int, CheckersWeights]]:
        return (Checkers, (self.width, self.height, self.draw_moves, self.weights))

    # -- positions --------------------------------------------------------------------
    def initial_state(self, rng: random.Random | None = None) -> CheckersState:
        """Red on rows 0 to H/2 - 2, white on rows (H+1)/2 + 1 to H - 1, red to move."""
        h = self.height
        red_rows = range(0, h // 2 - 1)
        white_rows = range((h + 1) // 2 + 1, h)
        board = "".join(
            MEN[0] if y in red_rows else MEN[1] if y in white_rows else EMPTY
            for _, y in self.geo.xy
        )
        return CheckersState(board, 0, 0)

    def make_state(
        self,
        red: str | tuple[int, ...] = (),
        white: str | tuple[int, ...] = (),
        player: Player = 0,
        quiet: int = 0,
    ) -> CheckersState:
        """A position from square numbers (1-based); a ``K`` before a number makes a king.

        >>> g = Checkers(4, 4)
        >>> g.make_state("1 K3", "8").board
        'r.R....w'
        """
        cells = [EMPTY] * self.squares
        for p, spec in ((0, red), (1, white)):
            items = spec.replace(",", " ").split() if isinstance(spec, str) else map(str, spec)
            for item in items:
                king = item[:1].upper() == "K"
                digits = item[1:] if king else item
                if not digits.isdigit() or not 1 <= int(digits) <= self.squares:
                    raise ValueError(f"{item!r} is not a square (1 to {self.squares})")
                sq = int(digits) - 1
                if cells[sq] != EMPTY:
                    raise ValueError(f"square {sq + 1} is given twice")
                cells[sq] = KINGS[p] if king else MEN[p]
        if player not in (0, 1):
            raise ValueError(f"player must be 0 (red) or 1 (white), got {player}")
        return CheckersState("".join(cells), player, quiet)

    # -- move generation ----------------------------------------------------------------
    def _compute_moves(self, board: str, player: Player) -> tuple[CheckersMove, ...]:
        geo = self.geo
        man, king = MEN[player], KINGS[player]
        enemy = (MEN[1 - player], KINGS[1 - player])
        crown = geo.crown[player]
        jumps: list[CheckersMove] = []
        for sq, piece in enumerate(board):
            if piece != man and piece != king:
                continue
            kind = KING_KIND if piece == king else player
            self._extend(board, sq, kind, crown, enemy, (sq,), (), jumps)
        if jumps:
            return tuple(jumps)
        simple: list[CheckersMove] = []
        for sq, piece in enumerate(board):
            if piece != man and piece != king:
                continue
            kind = KING_KIND if piece == king else player
            for to in geo.steps[sq][kind]:
                if board[to] == EMPTY:
                    simple.append(CheckersMove((sq, to)))
        return tuple(simple)

    def _extend(
        self,
        board: str,
        at: int,
        kind: int,
        crown: frozenset[int],
        enemy: tuple[str, str],
        path: tuple[int, ...],
        captured: tuple[int, ...],
        out: list[CheckersMove],
    ) -> None:
        """Append every maximal capture sequence continuing ``path`` (depth-first)."""
        start = path[0]
        more = False
        for over, land in self.geo.jumps[at][kind]:
            if (
                board[over] in enemy
                and over not in captured
                and (board[land] == EMPTY or land == start)
            ):
                more = True
                new_path, new_captured = (*path, land), (*captured, over)
                if kind != KING_KIND and land in crown:  # crowning ends the move
                    out.append(CheckersMove(new_path, new_captured))
                else:
                    self._extend(board, land, kind, crown, enemy, new_path, new_captured, out)
        if not more and captured:
            out.append(CheckersMove(path, captured))

    def moves(self, state: CheckersState) -> tuple[CheckersMove, ...]:
        """All legal moves of ``state`` (none once the draw rule has ended the game)."""
        if self.draw_moves and state.quiet >= 2 * self.draw_moves:
            return ()
        return self._moves_cache(state.board, state.player)

    # -- the protocol -------------------------------------------------------------------
    def to_move(self, state: CheckersState) -> Player:
        return state.player

    def legal_moves(self, state: CheckersState) -> Iterator[CheckersMove]:
        yield from self.moves(state)

    def result(self, state: CheckersState, move: CheckersMove) -> CheckersState:
        if move not in self.moves(state):
            shown = self._describe(move)
            raise IllegalMoveError(f"{shown} is not a legal move here")
        board = list(state.board)
        start, end = move.path[0], move.path[-1]
        piece = board[start]
        board[start] = EMPTY
        for sq in move.captures:
            board[sq] = EMPTY
        crowned = piece == MEN[state.player] and end in self.geo.crown[state.player]
        board[end] = KINGS[state.player] if crowned else piece
        quiet = 0 if move.captures or crowned else state.quiet + 1
        return CheckersState("".join(board), 1 - state.player, quiet)

    def is_terminal(self, state: CheckersState) -> bool:
        return not self.moves(state)

    def is_draw(self, state: CheckersState) -> bool:
        """True when the draw rule has ended the game."""
        return bool(self.draw_moves) and state.quiet >= 2 * self.draw_moves

    def returns(self, state: CheckersState) -> tuple[float, float]:
        """1 for the winner, -1 for the loser (the side to move with no move), 0 and 0 for
        a draw or a game still going on."""
        if self.is_draw(state) or self.moves(state):
            return (0.0, 0.0)
        return (-1.0, 1.0) if state.player == 0 else (1.0, -1.0)

    def features(self, state: CheckersState, player: Player) -> dict[str, float]:
        """The evaluation features, each as ``player``'s count minus the other side's."""
        geo = self.geo
        counts = {name: [0.0, 0.0] for name in self._weight_table}
        h = self.height
        for sq, piece in enumerate(state.board):
            if piece == EMPTY:
                continue
            owner = 0 if piece in "rR" else 1
            c = counts
            if piece in MEN:
                c["man"][owner] += 1
                y = geo.xy[sq][1]
                c["advancement"][owner] += y if owner == 0 else h - 1 - y
                if sq in geo.back[owner]:
                    c["back_row"][owner] += 1
            else:
                c["king"][owner] += 1
            if sq in geo.centre:
                c["centre"][owner] += 1
        if self.weights.mobility:
            for p in (0, 1):
                counts["mobility"][p] = len(self._moves_cache(state.board, p))
        return {name: v[player] - v[1 - player] for name, v in counts.items()}

    def evaluate(self, state: CheckersState, player: Player) -> float:
        """Exact at the end of the game; otherwise the weighted features squashed into (-1, 1)."""
        if self.is_terminal(state):
            return self.returns(state)[player]
        weights = self._weight_table
        raw = sum(weights[name] * value for name, value in self.features(state, player).items())
        return raw / (abs(raw) + EVAL_SCALE)

    # -- text ---------------------------------------------------------------------------
    # -- WeightedEvaluation (lazytree tune, --weights) ----------------------------------
    weighted_evaluation = "samuel"
    weights_version = 1
    scale_weight = "man"

    def evaluation_weights(self) -> dict[str, float]:
        """The weights by name (:class:`CheckersWeights`)."""
        return asdict(self.weights)

    def with_evaluation_weights(self, weights: Mapping[str, float]) -> Checkers:
        """The same board and draw rule rating with ``weights``."""
        return Checkers(self.width, self.height, self.draw_moves, CheckersWeights(**weights))

    def feature_names(self) -> tuple[str, ...]:
        return tuple(self._weight_table)

    def evaluation_features(self, state: CheckersState, player: Player) -> list[float]:
        """:meth:`features` in the order of :meth:`feature_names`."""
        values = self.features(state, player)
        return [float(values[name]) for name in self._weight_table]

    def weights_to_coefficients(self, weights: Mapping[str, float]) -> list[float]:
        """The value ``x / (|x| + 1000)`` as a win chance ``(1 + v) / 2`` is close to
        ``sigmoid(x / 500)`` near 0: the coefficients are the weights over
        :data:`FIT_SCALE`."""
        return [weights[k] / FIT_SCALE for k in self._weight_table]

    def coefficients_to_weights(self, b: Sequence[float]) -> dict[str, float]:
        """The weights of ``b`` with ``man`` held at this game's value; ``ValueError``
        when the fit gives ``man`` a coefficient <= 0 (more men would mean losing more:
        no evaluation of this form fits)."""
        names = self.feature_names()
        k = names.index(self.scale_weight)
        if b[k] <= 0:
            raise ValueError(f"the fit gives {self.scale_weight} a coefficient {b[k]:.4g} <= 0")
        fixed = self._weight_table[self.scale_weight]
        return {name: fixed * c / b[k] for name, c in zip(names, b, strict=True)}

    def move_to_str(self, state: CheckersState, move: CheckersMove) -> str:
        return ("x" if move.captures else "-").join(str(sq + 1) for sq in move.path)

    def _describe(self, move: object) -> str:
        if isinstance(move, CheckersMove) and all(
            isinstance(sq, int) and 0 <= sq < self.squares for sq in move.path
        ):
            return ("x" if move.captures else "-").join(str(sq + 1) for sq in move.path)
        return repr(move)

    def parse_move(self, state: CheckersState, text: str) -> CheckersMove:
        """``11-15``, ``11x18x25``, or ``11x25`` when one capture sequence fits."""
        t = text.strip().lower()
        if not re.fullmatch(r"\d+(\s*[-x]\s*\d+)+", t):
            raise IllegalMoveError(f"{text!r} is not a move: write e.g. 11-15 or 11x18x25")
        path = tuple(int(n) - 1 for n in re.split(r"\s*[-x]\s*", t))
        legal = self.moves(state)
        if not legal:
            raise IllegalMoveError("the game is over")
        exact = [m for m in legal if m.path == path]
        if exact:
            return exact[0]
        if len(path) == 2:
            short = [m for m in legal if m.path[0] == path[0] and m.path[-1] == path[1]]
            if len(short) == 1:
                return short[0]
            if len(short) > 1:
                options = ", ".join(self.move_to_str(state, m) for m in short)
                raise IllegalMoveError(f"{text!r} is ambiguous: {options}")
        if legal[0].captures:
            options = ", ".join(self.move_to_str(state, m) for m in legal)
            raise IllegalMoveError(f"{text!r} is not legal: a capture is mandatory ({options})")
        raise IllegalMoveError(f"{text!r} is not a legal move here")

    # -- the board view (lazytree.game.BoardView) --------------------------------------
    def _cell_of(self, square: int) -> int:
        """The grid cell (reading order, as :meth:`render` draws) of a dark square."""
        x, y = self.geo.xy[square]
        return y * self.width + (self.width - 1 - x)

    def board_view(self, state: CheckersState) -> dict[str, Any]:
        """The grid for the browser pages, drawn as :meth:`render` draws it: every
        square a cell (the playable ones dark, named by their numbers, as the moves
        are written), men ``●`` and kings ``♚`` in the pieces' own colours (red and
        white)."""
        w = self.width
        cells: list[dict[str, Any]] = [
            {"row": i // w, "col": i % w, "owner": -1, "label": "", "shade": "light"}
            for i in range(w * self.height)
        ]
        for sq, piece in enumerate(state.board):
            cell = cells[self._cell_of(sq)]
            cell["shade"] = "dark"
            cell["name"] = str(sq + 1)
            if piece != ".":
                cell["owner"] = 0 if piece in "rR" else 1
                cell["label"] = "\u265a" if piece.isupper() else "\u25cf"
        return {
            "kind": "grid",
            "rows": self.height,
            "cols": w,
            "cells": cells,
            "colours": ["#c62828", "#ffffff"],
            "players": ["red", "white"],
        }

    def move_cells(self, state: CheckersState, move: CheckersMove) -> tuple[int, ...]:
        """A move is a click on the piece, then on each square it lands on."""
        return tuple(self._cell_of(sq) for sq in move.path)

    def render(self, state: CheckersState) -> str:
        """The board as in the usual diagrams: square 1's row on top, red's men ``r``,
        kings ``R``, white's ``w``/``W``; the numbers of each row's squares on the right."""
        geo = self.geo
        w = self.width
        cells = {xy: state.board[i] for i, xy in enumerate(geo.xy)}
        lines = []
        first = 0
        for y in range(self.height):
            row = " ".join(cells.get((x, y), " ") for x in range(w - 1, -1, -1))
            count = sum(1 for x in range(w) if (x + y) % 2 == 0)
            lines.append(f"{row}   {first + 1}-{first + count}")
            first += count
        side = ("red", "white")[state.player]
        status = f"{side} to move"
        if self.is_draw(state):
            status = "drawn by the draw rule"
        elif self.is_terminal(state):
            status = f"{side} cannot move: {('red', 'white')[1 - state.player]} wins"
        elif self.draw_moves and state.quiet:
            status += (
                f" ({state.quiet} single moves without capture or crowning; "
                f"drawn at {2 * self.draw_moves})"
            )
        return "\n".join([*lines, status])
