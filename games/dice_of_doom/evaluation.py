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
  value is the book's, so a real win (1) is worth more than any estimate. The weights are data
  (:class:`HeuristicWeights`, which ``lazytree tune`` fits from self-play); the shipped
  ones are set by hand (weights tuned on 8x8 boards under the lisp rules passed an SPRT
  but scored only 0.499 against these over 200 further pairs, so they were not shipped).

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
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, ClassVar

if TYPE_CHECKING:
    from lazytree.games.dice_of_doom.rules import DiceMove, DiceOfDoom, DiceState

__all__ = [
    "EVALS",
    "HEURISTIC_WEIGHTS",
    "HeuristicWeights",
    "SearchHints",
    "book_value",
    "heuristic_features",
    "heuristic_value",
    "largest_groups",
]

EVALS = ("book", "heuristic", "score-board")
"""The evaluation names ``DiceOfDoom(eval=...)`` accepts."""


@dataclass(frozen=True, slots=True)
class HeuristicWeights:
    """The heuristic's weights, as data (``lazytree tune`` fits them from self-play).

    Attributes
    ----------
    safe, threatened:
        Per territory that no enemy neighbour outnumbers / that one does.
    die:
        Per die held.
    group:
        Per territory of the largest connected group.
    squash:
        ``tanh`` steepness of the score lead per territory.

    The defaults are set by hand; ``docs/tuned-dice-of-doom-8x8-lisp.json`` holds weights
    fitted by ``lazytree tune dice-of-doom --rules lisp --size 8`` (no stronger).
    """

    safe: float = 2.0
    threatened: float = 1.0
    die: float = 0.25
    group: float = 0.5
    squash: float = 3.0

    FEATURES: ClassVar[tuple[str, ...]] = ("safe", "threatened", "die", "group")
    """The feature names, in the order of :func:`heuristic_features`."""

    def __post_init__(self) -> None:
        for name in (*self.FEATURES, "squash"):
            value = getattr(self, name)
            if not isinstance(value, int | float) or not math.isfinite(value):
                raise ValueError(f"weight {name} must be a finite number, got {value!r}")
        if self.squash <= 0:
            raise ValueError(f"weight squash must be > 0, got {self.squash}")


HEURISTIC_WEIGHTS = HeuristicWeights()
"""The shipped weights."""


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


def heuristic_features(game: DiceOfDoom, state: DiceState) -> list[list[float]]:
    """Each player's counts of :attr:`HeuristicWeights.FEATURES`: safe territories,
    threatened territories, dice, and the size of the largest group."""
    owners, dice = state.owners, state.dice
    neighbors = game.neighbors
    counts = [[0.0, 0.0, 0.0, 0.0] for _ in range(game.num_players)]
    for i, owner in enumerate(owners):
        d = dice[i]
        row = counts[owner]
        for j in neighbors[i]:
            if dice[j] > d and owners[j] != owner:
                row[1] += 1
                break
        else:
            row[0] += 1
        row[2] += d
    for p, g in enumerate(largest_groups(game, owners)):
        counts[p][3] = g
    return counts


def heuristic_value(
    game: DiceOfDoom, state: DiceState, player: int, weights: HeuristicWeights | None = None
) -> float:
    """The score-board heuristic described in the module docstring, in ``[0, 1]``, with
    ``weights`` (default: the game's ``weights``)."""
    if game.is_terminal(state):
        return game.returns(state)[player]
    w = weights if weights is not None else game.weights
    ws = (w.safe, w.threatened, w.die, w.group)
    score = [
        sum(x * c for x, c in zip(ws, row, strict=True)) for row in heuristic_features(game, state)
    ]
    mine = score[player]
    rival = max(s for p, s in enumerate(score) if p != player)
    return 0.5 + 0.49 * math.tanh(w.squash * (mine - rival) / len(state.owners))


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
