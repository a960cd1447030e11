"""The move prompt of ``lazytree play``: every legal move when there are at most :data:`MENU_ALL`,
else the first :data:`MENU_FEW` in the game's order of promise and answers to ``?`` (the next few),
``12?`` (moves from or onto cell 12) and ``b?`` (moves spelled with ``b``). It only formats;
:func:`lazytree.cli.play.ask_move` reads and prints."""

from __future__ import annotations

import re
from collections.abc import Hashable, Sequence
from typing import Any

from rich.markup import escape

from lazytree.cli.common import plural
from lazytree.game import BoardView, Game, OrderedGame

__all__ = ["MENU_ALL", "MENU_FEW", "MoveMenu"]

MENU_ALL = 30
"""The most legal moves the prompt lists whole."""

MENU_FEW = 8
"""Moves the prompt lists at a time when there are more than :data:`MENU_ALL`."""

_QUERY = re.compile(r"^\s*(?:\?\s*(?P<before>\S.*?)|(?P<after>\S.*?)\s*\?|(?P<more>\?))\s*$")

Move = tuple[Hashable, str]
"""A legal move and its notation."""


class MoveMenu:
    """The legal moves of one position as the prompt shows them (``moves`` with their notation,
    in generation order): :meth:`opening`, :meth:`answer` to ``?`` or ``CELL?``, :meth:`pick` by
    number.

    >>> from lazytree.games import load_game
    >>> game, state = load_game("tictactoe")
    >>> moves = [(m, game.move_to_str(state, m)) for m in game.legal_moves(state)]
    >>> menu = MoveMenu(game, state, moves)
    >>> menu.is_long, menu.pick(5)
    (False, (4, 'b2'))
    """

    def __init__(self, game: Game[Any, Any], state: Any, moves: Sequence[Move]) -> None:
        self.game = game
        self.state = state
        self.moves = list(moves)
        self.shown: list[Move] = self.moves
        """The list a number typed picks from: the one printed last."""
        self._ranked: list[Move] | None = None
        self._next = 0  # where ``?`` goes on in the ranked list

    @property
    def is_long(self) -> bool:
        """Too many moves to list them all."""
        return len(self.moves) > MENU_ALL

    def ranked(self) -> list[Move]:
        """The moves in the game's order of promise (generation order without one)."""
        if self._ranked is None:
            ranked = self.moves
            if isinstance(self.game, OrderedGame):
                label = dict(self.moves)
                order = self.game.order_moves(self.state, [m for m, _ in self.moves])
                ranked = [(m, label[m]) for m in order]
            self._ranked = ranked
        return self._ranked

    def opening(self) -> str:
        """What the prompt shows first (rich markup): every move, or the first few by
        the game's order and how to ask for others."""
        if not self.is_long:
            self.shown = self.moves
            labels = "  ".join(escape(label) for _, label in self.moves)
            return f"moves: {labels}   (type one, or its number 1-{len(self.moves)} in this list)"
        return self._more() + "\n" + self.help()

    def help(self) -> str:
        """One line on what may be typed when the moves are many."""
        cell = "N? the moves of cell N, " if isinstance(self.game, BoardView) else ""
        return (
            f"[dim]{len(self.moves):,} moves: type one, or its number in the list above; "
            f"? lists {MENU_FEW} more, {cell}TEXT? the moves written with TEXT[/]"
        )

    def is_query(self, text: str) -> bool:
        """``text`` asks for a list (``?``, ``N?``, ``?N``) rather than a move."""
        return _QUERY.match(text) is not None

    def answer(self, text: str) -> str:
        """The reply to a query (:meth:`is_query`), as rich markup; its moves become
        the list a number picks from (when it lists any)."""
        m = _QUERY.match(text)
        if m is None:
            raise ValueError(f"{text!r} is not a question")
        if m["more"]:
            return self._more()
        return self._about((m["before"] or m["after"]).strip())

    def pick(self, number: int) -> Move | None:
        """The move numbered ``number`` (from 1) in the list shown last, or None."""
        return self.shown[number - 1] if 1 <= number <= len(self.shown) else None

    def _more(self) -> str:
        """The next few moves in the game's order (from the first again after the last)."""
        ranked = self.ranked()
        if self._next >= len(ranked):
            self._next = 0
        start = self._next
        self._next = min(start + MENU_FEW, len(ranked))
        order = "by the game's hint" if isinstance(self.game, OrderedGame) else "in order"
        heading = f"moves {start + 1}-{self._next} of {len(ranked):,} {order}"
        return self._numbered(heading, ranked[start : self._next])

    def _about(self, query: str) -> str:
        """The moves of cell ``query`` (from it, then onto it) in a game with a board,
        else the moves whose notation contains ``query``."""
        game = self.game
        if query.isdigit() and isinstance(game, BoardView):
            cell = int(query)
            cells = {m: tuple(game.move_cells(self.state, m)) for m, _ in self.moves}
            found = [mv for mv in self.moves if cells[mv[0]][:1] == (cell,)]
            found += [mv for mv in self.moves if cell in cells[mv[0]][1:]]
            where = f"from or onto cell {cell}"
        else:
            found = [mv for mv in self.moves if query.lower() in mv[1].lower()]
            where = f"written with {query!r}"
        if not found:
            return f"[yellow]no legal move {escape(where)}[/]"
        shown = found[:MENU_ALL]
        more = f" (the first {len(shown)})" if len(found) > len(shown) else ""
        return self._numbered(f"{plural(len(found), 'move')} {where}{more}", shown)

    def _numbered(self, heading: str, moves: list[Move]) -> str:
        """``moves`` as a numbered line under ``heading``; they become :attr:`shown`."""
        self.shown = moves
        items = "  ".join(f"[dim]{k}[/] {escape(label)}" for k, (_, label) in enumerate(moves, 1))
        return f"{escape(heading)}: {items}"
