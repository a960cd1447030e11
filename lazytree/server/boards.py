"""What the page draws: a position as JSON, for a hex board or a simple grid.

Dice of Doom gets a hex board (owners, dice, the legal attacks as ``[src, dst]`` pairs,
the book's row layout); tic-tac-toe, checkers and knights get a grid of cells, each
legal move given as the cells a click goes through (``path``) and its notation. Other
games get no board, only the list of moves.
"""

from __future__ import annotations

from typing import Any

from lazytree.game import Game
from lazytree.games.checkers import Checkers, CheckersMove
from lazytree.games.dice_of_doom import (
    Attack,
    ChanceDiceOfDoom,
    DiceOfDoom,
    LispDiceOfDoom,
    Pass,
)
from lazytree.games.knights import Knights
from lazytree.games.tictactoe import TicTacToe

__all__ = ["board_view"]


def board_view(game: Game[Any, Any], state: Any) -> dict[str, Any]:
    """The position ``state`` of ``game`` as the page's board description."""
    if isinstance(game, DiceOfDoom):
        return _hex(game, state)
    if isinstance(game, TicTacToe):
        return _tictactoe(game, state)
    if isinstance(game, Knights):
        return _knights(game, state)
    if isinstance(game, Checkers):
        return _checkers(game, state)
    return {"kind": "none"}


def _hex(game: DiceOfDoom, state: Any) -> dict[str, Any]:
    attacks: list[list[int]] = []
    can_pass = False
    if state.pending is None:
        for move in game.legal_moves(state):
            if isinstance(move, Attack):
                attacks.append([move.src, move.dst])
            elif isinstance(move, Pass):
                can_pass = True
    view: dict[str, Any] = {
        "kind": "hex",
        "size": game.size,
        "layout": "lisp" if isinstance(game, LispDiceOfDoom) else "racket",
        "owners": list(state.owners),
        "dice": list(state.dice),
        "max_dice": game.max_dice,
        "attacks": attacks,
        "can_pass": can_pass,
        "territories": list(game.territories(state)),
    }
    if isinstance(game, LispDiceOfDoom):
        view["reinforcements"] = game.reinforcements(state) if not state.first_move else 0
    else:
        view["spare"] = state.spare
    view["chance"] = isinstance(game, ChanceDiceOfDoom)
    return view


def _grid(rows: int, cols: int) -> dict[str, Any]:
    return {"kind": "grid", "rows": rows, "cols": cols}


def _tictactoe(game: TicTacToe, state: Any) -> dict[str, Any]:
    board = state.board(game.size)
    cells = [
        {"label": ch if ch != "." else "", "owner": "XO".find(ch), "dark": False} for ch in board
    ]
    moves = [{"path": [m], "text": game.move_to_str(state, m)} for m in game.legal_moves(state)]
    return {**_grid(game.rows, game.columns), "cells": cells, "moves": moves}


def _knights(game: Knights, state: Any) -> dict[str, Any]:
    n = game.size
    cells: list[dict[str, Any]] = []
    for sq, visited in enumerate(state.visited):
        cell: dict[str, Any] = {"label": str(visited) if visited else "", "owner": -1}
        cell["dark"] = cell["visited"] = bool(visited)
        for player, at in enumerate(state.knights):
            if at == sq:
                cell.update(label="\u265e", owner=player, visited=False)
        cells.append(cell)
    moves = [{"path": [m], "text": game.move_to_str(state, m)} for m in game.legal_moves(state)]
    return {**_grid(n, n), "cells": cells, "moves": moves}


def _checkers(game: Checkers, state: Any) -> dict[str, Any]:
    w, h = game.width, game.height
    where = {}  # dark square -> cell index in reading order (drawn as `render` draws)
    for sq, (x, y) in enumerate(game.geo.xy):
        where[sq] = y * w + (w - 1 - x)
    cells: list[dict[str, Any]] = [{"label": "", "owner": -1, "dark": False} for _ in range(w * h)]
    for sq, piece in enumerate(state.board):
        cell = cells[where[sq]]
        cell["dark"] = True
        cell["square"] = sq + 1
        if piece != ".":
            cell["owner"] = 0 if piece in "rR" else 1
            cell["label"] = "K" if piece.isupper() else "\u25cf"
    moves = []
    for m in game.legal_moves(state):
        assert isinstance(m, CheckersMove)
        moves.append({"path": [where[sq] for sq in m.path], "text": game.move_to_str(state, m)})
    return {**_grid(h, w), "cells": cells, "moves": moves}
