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
from typing import TYPE_CHECKING

from lazytree.games.dice_of_doom.chunks import at

if TYPE_CHECKING:
    from lazytree.games.dice_of_doom.rules import DiceMove, DiceState

__all__ = ["SearchHints"]


class SearchHints:
    """The engine's optional protocols for Dice of Doom (mixed into the rules)."""

    max_dice: int
    big: bool
    """A big board: read a position's dice from its chunks (:meth:`DiceState.chunks`),
    never making its flat tuples."""

    def big_stack(self) -> int:
        """The fewest dice a target holds for its capture to be *noisy*:
        ``max(2, max_dice - 1)`` (2 with the book's 3 dice)."""
        return max(2, self.max_dice - 1)

    def is_noisy(self, state: DiceState, move: DiceMove) -> bool:
        """An attack is noisy when it captures a big stack (see :meth:`big_stack`)."""
        dst = getattr(move, "dst", None)
        if dst is None:
            return False
        if self.big:
            held: int = at(state.chunks()[1], dst)
        else:
            held = state.dice[dst]
        return held >= self.big_stack()

    def order_moves(self, state: DiceState, moves: Sequence[DiceMove]) -> list[DiceMove]:
        """Pass first (the book's own first choice, and often best), then attacks on
        the biggest stacks, then from the biggest stacks; ties in generation order.

        A bucket per (target dice, source dice) filled in one pass, not a sort with a
        key per move: a node of a 100x100 board has thousands of moves.
        """
        first: list[DiceMove] = []
        buckets: dict[int, list[DiceMove]] = {}
        if self.big:  # the dice in chunks (chunks.Chunks), shared with the position before
            chunks = state.chunks()[1]
            for move in moves:
                if isinstance(move, tuple):
                    dst, src = move[1], move[0]
                    key = at(chunks, dst) * 64 + at(chunks, src)
                    bucket = buckets.get(key)
                    if bucket is None:
                        buckets[key] = [move]
                    else:
                        bucket.append(move)
                else:
                    first.append(move)
            for key in sorted(buckets, reverse=True):
                first.extend(buckets[key])
            return first
        dice = state.dice
        for move in moves:
            if isinstance(move, tuple):  # an attack (src, dst)
                key = dice[move[1]] * 64 + dice[move[0]]
                bucket = buckets.get(key)
                if bucket is None:
                    buckets[key] = [move]
                else:
                    bucket.append(move)
            else:  # the pass (or any move without a target)
                first.append(move)
        for key in sorted(buckets, reverse=True):
            first.extend(buckets[key])
        return first
