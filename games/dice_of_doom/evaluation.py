"""Position values and search hints for Dice of Doom.

Two evaluations, chosen with ``DiceOfDoom(eval=...)`` (the game option ``eval``):

* ``"book"``: the book's rating of a position: the share of the win of the players who
  own the most territories (1, 1/k for a k-way tie, else 0), at a depth cut-off as at
  the end of the game. Values are 0, 1/k or 1 only, so most positions tie.
* ``"heuristic"``: in the spirit of *Land of Lisp*'s ``score-board`` (chapter 18) a
  player's territory counts 2 when it is safe and 1 when an enemy neighbour holds more
  dice (it can be taken next turn); to that are added the dice a player holds (a
  quarter point a die: dice are attacking power) and the size of its largest connected
  group of territories (half a point a territory: a compact front is easier to
  defend). The rating player's score minus the best opponent's, per territory of the
  board, is squashed into ``(0.01, 0.99)`` with ``tanh``; at the end of the game the
  value is the book's, so a real win (1) is worth more than any estimate.

* ``"score-board"``: *Land of Lisp*'s own rating (see
  :mod:`lazytree.games.dice_of_doom.score_board`), scaled into ``[0, 1]``.

All lie in ``[0, 1]`` (``DiceOfDoom.evaluation_bounds``, the
:class:`~lazytree.game.BoundedGame` protocol), which lets alpha-beta cut as soon as a
line reaches a certain win.

:class:`SearchHints` is mixed into the rules: the engine's optional protocols
(:class:`~lazytree.search.engine.OrderedGame`, :class:`~lazytree.search.engine.NoisyGame`).

Examples
--------
>>> from lazytree.games.dice_of_doom import DiceOfDoom
>>> game = DiceOfDoom(size=2, eval="heuristic")
>>> s = game.parse_board("0:3 1:1 0:2 1:2")
>>> round(game.evaluate(s, 0), 3), round(game.evaluate(s, 1), 3)
(0.967, 0.033)
>>> [game.move_to_str(s, m) for m in game.order_moves(s, list(game.legal_moves(s)))]
['0->3', '0->1']
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from lazytree.games.dice_of_doom.rules import DiceMove, DiceOfDoom, DiceState

__all__ = ["EVALS", "SearchHints", "book_value", "heuristic_value", "largest_groups"]

EVALS = ("book", "heuristic", "score-board")
"""The evaluation names ``DiceOfDoom(eval=...)`` accepts."""

DIE_WEIGHT = 0.25
GROUP_WEIGHT = 0.5
SQUASH = 3.0
"""``tanh`` steepness: a lead of a third of a point per territory is worth about 0.87."""


def book_value(game: DiceOfDoom, state: DiceState, player: int) -> float:
    """The book's rating: ``returns(state)[player]`` (winners by territory count)."""
    return game.returns(state)[player]


def largest_groups(game: DiceOfDoom, owners: Sequence[int]) -> list[int]:
    """The size of each player's largest group of connected territories."""
    neighbors = game.neighbors
    best = [0] * game.num_players
    seen = [False] * len(owners)
    for start, owner in enumerate(owners):
        if seen[start]:
            continue
        seen[start] = True
        stack = [start]
        size = 0
        while stack:
            i = stack.pop()
            size += 1
            for j in neighbors[i]:
                if not seen[j] and owners[j] == owner:
                    seen[j] = True
                    stack.append(j)
        if size > best[owner]:
            best[owner] = size
    return best


def heuristic_value(game: DiceOfDoom, state: DiceState, player: int) -> float:
    """The score-board heuristic described in the module docstring, in ``[0, 1]``."""
    if game.is_terminal(state):
        return game.returns(state)[player]
    owners, dice = state.owners, state.dice
    neighbors = game.neighbors
    score = [0.0] * game.num_players
    for i, owner in enumerate(owners):
        d = dice[i]
        safe = 2.0
        for j in neighbors[i]:
            if dice[j] > d and owners[j] != owner:
                safe = 1.0
                break
        score[owner] += safe + DIE_WEIGHT * d
    for p, g in enumerate(largest_groups(game, owners)):
        score[p] += GROUP_WEIGHT * g
    mine = score[player]
    rival = max(s for p, s in enumerate(score) if p != player)
    return 0.5 + 0.49 * math.tanh(SQUASH * (mine - rival) / len(owners))


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
