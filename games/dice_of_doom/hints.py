"""Search hints for Dice of Doom: the engine's optional protocols, mixed into the rules.

:class:`SearchHints` gives the rules :class:`~lazytree.search.engine.OrderedGame` (a move
order that finds good moves first) and :class:`~lazytree.search.engine.NoisyGame`
(captures of big stacks, searched on by quiescence).

Examples
--------
>>> from lazytree.games.dice_of_doom import DiceOfDoom
>>> game = DiceOfDoom(size=2)
>>> s = game.parse_board("0:3 1:1 0:2 1:2")
>>> [game.move_to_str(s, m) for m in game.order_moves(s, list(game.legal_moves(s)))]
['0->3', '0->1']
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from lazytree.games.dice_of_doom.rules import DiceMove, DiceState

__all__ = ["SearchHints"]


class SearchHints:
    """The engine's optional protocols for Dice of Doom (mixed into the rules)."""

    max_dice: int

    def big_stack(self) -> int:
        """The fewest dice a target holds for its capture to be *noisy*:
        ``max(2, max_dice - 1)`` (2 with the book's 3 dice)."""
        return max(2, self.max_dice - 1)

    def is_noisy(self, state: DiceState, move: DiceMove) -> bool:
        """An attack is noisy when it captures a big stack (see :meth:`big_stack`)."""
        dst = getattr(move, "dst", None)
        return dst is not None and state.dice[dst] >= self.big_stack()

    def order_moves(self, state: DiceState, moves: Sequence[DiceMove]) -> list[DiceMove]:
        """Pass first (the book's own first choice, and often best), then attacks on
        the biggest stacks, then from the biggest stacks; ties in generation order."""
        dice = state.dice

        def key(move: Any) -> tuple[int, int, int]:
            dst = getattr(move, "dst", None)
            if dst is None:
                return (0, 0, 0)
            return (1, -dice[dst], -dice[move.src])

        return sorted(moves, key=key)
