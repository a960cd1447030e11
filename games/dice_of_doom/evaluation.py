"""Position values for Dice of Doom: evaluators the rules are given.

An evaluator is an object with a ``name`` and a call ``(game, state, player) -> value``
(:class:`Evaluation`); ``DiceOfDoom(eval=...)`` takes one, or the name of one of
:data:`EVALUATORS` (the game option ``eval``):

* ``"book"`` (:class:`BookEvaluation`): the book's share of the win of the players who
  own the most territories (1, 1/k for a k-way tie, else 0);
* ``"heuristic"`` (:class:`HeuristicEvaluation`): in the spirit of *Land of Lisp*'s
  ``score-board``, a weighted count of each player's features (:class:`HeuristicWeights`);
  the rating player's score minus the best opponent's, per territory, squashed into
  ``(0.01, 0.99)``, the book's value at the end of the game; every player's score of a
  board is computed at once and remembered;
* ``"score-board"``: *Land of Lisp*'s own rating
  (:mod:`lazytree.games.dice_of_doom.score_board`), scaled into ``[0, 1]``.

All lie in ``[0, 1]`` (``DiceOfDoom.evaluation_bounds``). The rules import this module,
not the reverse.

Examples
--------
>>> from lazytree.games.dice_of_doom import DiceOfDoom
>>> game = DiceOfDoom(size=2, eval="heuristic")
>>> s = game.parse_board("0:2 1:3 0:2 1:1")
>>> round(game.evaluate(s, 0), 3), round(game.evaluate(s, 1), 3)
(0.662, 0.338)
>>> DiceOfDoom(size=2, eval=HeuristicEvaluation()).evaluate(s, 0) == game.evaluate(s, 0)
True
>>> round(DiceOfDoom(size=2, eval=HeuristicEvaluation(HAND_WEIGHTS)).evaluate(s, 0), 3)
0.5
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, ClassVar, NamedTuple, Protocol

from lazytree.games.dice_of_doom import board
from lazytree.games.dice_of_doom.score_board import score_board_value

__all__ = [
    "EVALUATORS",
    "HAND_WEIGHTS",
    "HEURISTIC_WEIGHTS",
    "BookEvaluation",
    "DiceRules",
    "Evaluation",
    "HeuristicEvaluation",
    "HeuristicWeights",
    "ScoreBoardEvaluation",
    "heuristic_features",
    "heuristic_scores",
    "largest_groups",
    "pending_reinforcements",
]


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
    full_front:
        Per frontier territory (one with an enemy neighbour) holding the most dice a
        territory may hold: no attack can take it, and it can attack.
    tempo:
        For the player to move (it attacks first: the game ends when the player to
        move cannot attack).
    reinforcements:
        For the player to move after an attack, per die a pass would hand out now
        (under the lisp rules the dice captured this turn minus one), at most one per
        own territory below the maximum.

    The defaults were fitted by ``lazytree tune`` on 8x8 lisp self-play
    (``docs/tuned-dice-of-doom-8x8-lisp.json``; how: docs/benchmarks/learning.md);
    :data:`HAND_WEIGHTS` keeps the first, hand-set ones.
    """

    safe: float = 2.0
    threatened: float = -3.7728046033584057
    die: float = 3.2210357777557967
    group: float = 0.41784012950141936
    squash: float = 0.7959770756651166
    full_front: float = 10.006360102090051
    tempo: float = 11.73263007833752
    reinforcements: float = 1.6361936359086533

    FEATURES: ClassVar[tuple[str, ...]] = (
        "safe",
        "threatened",
        "die",
        "group",
        "full_front",
        "tempo",
        "reinforcements",
    )
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

HAND_WEIGHTS = HeuristicWeights(2.0, 1.0, 0.25, 0.5, 3.0, 0.0, 0.0, 0.0)
"""The first weights, set by hand (four features; shipped until the tuned ones beat them)."""

CACHE_LIMIT = 1 << 15
"""Boards an evaluator remembers; when full it forgets them all and starts again."""


class DiceRules(Protocol):
    """What an evaluator may ask of the rules."""

    num_players: int
    neighbors: tuple[tuple[int, ...], ...]
    max_dice: int

    def is_terminal(self, state: Any) -> bool: ...

    def reinforcements(self, state: Any) -> int: ...

    def returns(self, state: Any) -> Sequence[float]: ...


class Evaluation(Protocol):
    """An evaluator: ``evaluation(game, state, player)`` is the value of ``state`` from
    ``player``'s point of view (bigger is better), in ``[0, 1]``."""

    name: str

    def __call__(self, game: DiceRules, state: Any, player: int) -> float: ...


def largest_groups(game: DiceRules, owners: tuple[int, ...]) -> list[int]:
    """The size of each player's largest group of connected territories on ``game``'s
    board (:func:`~lazytree.games.dice_of_doom.board.largest_groups`)."""
    return board.largest_groups(game.neighbors, owners, game.num_players)


class BookEvaluation:
    """The book's rating: ``returns(state)[player]`` (winners by territory count)."""

    name = "book"

    def __call__(self, game: DiceRules, state: Any, player: int) -> float:
        return game.returns(state)[player]

    def __repr__(self) -> str:
        return "BookEvaluation()"


class _Board(NamedTuple):
    """Every player's counts of one board (owners and dice): what the heuristic adds up."""

    unsafe: list[int]
    """Territories an enemy neighbour outnumbers."""
    held: list[int]
    """Dice."""
    full_front: list[int]
    """Frontier territories at the most dice a territory may hold."""
    below: list[int]
    """Territories below the most dice (those a pass may reinforce)."""


def _counts(
    neighbors: tuple[tuple[int, ...], ...],
    owners: tuple[int, ...],
    dice: tuple[int, ...],
    players: int,
    max_dice: int,
    front: Sequence[bool],
) -> _Board:
    """Each player's counts of one board (one pass over the territories; ``front[i]``:
    territory ``i`` has an enemy neighbour)."""
    unsafe = [0] * players
    held = [0] * players
    full = [0] * players
    below = [0] * players
    top = max(dice)
    for i, owner in enumerate(owners):
        d = dice[i]
        held[owner] += d
        if d >= max_dice:  # no attack can take it; on the frontier it can attack
            if front[i]:
                full[owner] += 1
            continue
        below[owner] += 1
        if d < top and front[i]:  # the most dice on the board cannot be outdiced
            for j in neighbors[i]:
                if dice[j] > d and owners[j] != owner:
                    unsafe[owner] += 1
                    break
    return _Board(unsafe, held, full, below)


def heuristic_scores(
    neighbors: tuple[tuple[int, ...], ...],
    owners: tuple[int, ...],
    dice: tuple[int, ...],
    players: int,
    weights: HeuristicWeights = HEURISTIC_WEIGHTS,
    max_dice: int = 3,
) -> list[float]:
    """Every player's score of a board (owners and dice) before squashing: the terms of
    the weights that depend on the board only (all but ``tempo`` and ``reinforcements``,
    which depend on whose turn it is; see :class:`HeuristicEvaluation`).

    With the hand-set weights every term is a multiple of a quarter, so the sum is exact
    in any order.

    >>> from lazytree.games.dice_of_doom.board import neighbor_table
    >>> heuristic_scores(neighbor_table(2), (0, 1, 0, 1), (3, 1, 2, 2), 2, weights=HAND_WEIGHTS)
    [6.25, 3.75]
    >>> from dataclasses import replace
    >>> heuristic_scores(neighbor_table(2), (0, 1, 0, 1), (3, 1, 2, 2), 2,
    ...                  weights=replace(HAND_WEIGHTS, die=0.5, full_front=1.0))
    [8.5, 4.5]
    """
    facts = board.groups_and_frontier(neighbors, owners, players)
    return _scores(neighbors, owners, dice, players, facts, weights, max_dice)[0]


_Owners = tuple[list[int], tuple[bool, ...]]
"""What depends on the owners only: each player's largest group, and which territories
are on a frontier (:func:`~lazytree.games.dice_of_doom.board.groups_and_frontier`)."""


def _scores(
    neighbors: tuple[tuple[int, ...], ...],
    owners: tuple[int, ...],
    dice: tuple[int, ...],
    players: int,
    facts: _Owners,
    w: HeuristicWeights,
    max_dice: int,
) -> tuple[list[float], list[int]]:
    """:func:`heuristic_scores` and each player's territories below the most dice."""
    groups, front = facts
    c = _counts(neighbors, owners, dice, players, max_dice, front)
    scores = [
        w.safe * (owners.count(p) - c.unsafe[p])
        + w.threatened * c.unsafe[p]
        + w.die * c.held[p]
        + w.group * groups[p]
        + w.full_front * c.full_front[p]
        for p in range(players)
    ]
    return scores, c.below


def _summary_scores(summary: tuple[tuple[int, ...], ...], w: HeuristicWeights) -> _Known:
    """:func:`_scores` from each player's (territories, unsafe, dice, full frontier,
    below the most dice, largest group), the same sum in the same order."""
    scores = [
        w.safe * (t - unsafe)
        + w.threatened * unsafe
        + w.die * held
        + w.group * group
        + w.full_front * full
        for t, unsafe, held, full, _, group in summary
    ]
    return scores, [row[4] for row in summary]


def pending_reinforcements(game: DiceRules, state: Any, below: int) -> int:
    """The dice a pass would hand out now to the player to move, who owns ``below``
    territories below the most dice (0 at the start of a turn, when no pass is allowed):
    the rules' :meth:`reinforcements`, at most one die a territory."""
    if state.first_move:
        return 0
    return min(game.reinforcements(state), below)


def heuristic_features(game: DiceRules, state: Any) -> list[list[float]]:
    """Each player's counts of :attr:`HeuristicWeights.FEATURES`: safe territories,
    threatened territories, dice, the size of the largest group, frontier territories
    at the most dice, whether it is to move (1 or 0), and the dice a pass would give it
    now (the heuristic's score is their dot product with the weights).

    >>> from lazytree.games.dice_of_doom import DiceOfDoom
    >>> game = DiceOfDoom(size=2)
    >>> heuristic_features(game, game.parse_board("0:3 1:1 0:2 1:2"))
    [[2.0, 0.0, 5.0, 2.0, 1.0, 1.0, 0.0], [0.0, 2.0, 3.0, 2.0, 0.0, 0.0, 0.0]]
    """
    owners, dice = state.owners, state.dice
    players = game.num_players
    groups, front = board.groups_and_frontier(game.neighbors, owners, players)
    c = _counts(game.neighbors, owners, dice, players, game.max_dice, front)
    mover = state.player
    pending = pending_reinforcements(game, state, c.below[mover])
    return [
        [
            float(owners.count(p) - c.unsafe[p]),
            float(c.unsafe[p]),
            float(c.held[p]),
            float(groups[p]),
            float(c.full_front[p]),
            1.0 if p == mover else 0.0,
            float(pending) if p == mover else 0.0,
        ]
        for p in range(players)
    ]


class HeuristicEvaluation:
    """The score-board heuristic (the module docstring) with ``weights`` (default: the
    shipped :data:`HEURISTIC_WEIGHTS`), its scores remembered per board (at most
    :data:`CACHE_LIMIT` boards; not pickled, the weights are)."""

    name = "heuristic"

    def __init__(self, weights: HeuristicWeights | None = None) -> None:
        self.weights: HeuristicWeights = weights if weights is not None else HEURISTIC_WEIGHTS
        self._scores: dict[tuple[tuple[int, ...], tuple[int, ...]], _Known] = {}
        self._owners: dict[tuple[int, ...], _Owners] = {}

    def __call__(self, game: DiceRules, state: Any, player: int) -> float:
        if game.is_terminal(state):
            return game.returns(state)[player]
        w = self.weights
        if getattr(game, "big", False):  # the counts kept per position, updated per move
            summary = state.summary(game.neighbors, game.num_players, game.max_dice)
            return self._value(
                game, state, player, _summary_scores(summary, w), len(game.neighbors)
            )
        owners, dice = state.owners, state.dice
        key = (owners, dice)
        known = self._scores.get(key)
        if known is None:
            players = game.num_players
            facts = self._owners.get(owners)
            if facts is None:
                facts = board.groups_and_frontier(game.neighbors, owners, players)
                _remember(self._owners, owners, facts)
            known = _scores(game.neighbors, owners, dice, players, facts, w, game.max_dice)
            _remember(self._scores, key, known)
        return self._value(game, state, player, known, len(owners))

    def _value(self, game: DiceRules, state: Any, player: int, known: _Known, n: int) -> float:
        """The squashed lead of ``player`` from the board's scores and the turn."""
        w = self.weights
        scores, below = known
        mover = state.player
        bonus = w.tempo
        if w.reinforcements:
            bonus += w.reinforcements * pending_reinforcements(game, state, below[mover])
        if bonus:
            scores = [s + bonus if p == mover else s for p, s in enumerate(scores)]
        mine = scores[player]
        rival = max(s for p, s in enumerate(scores) if p != player)
        return 0.5 + 0.49 * math.tanh(w.squash * (mine - rival) / n)

    def __getstate__(self) -> dict[str, Any]:
        return {"weights": self.weights}

    def __setstate__(self, state: dict[str, Any]) -> None:
        self.__init__(state.get("weights"))  # type: ignore[misc]

    def __repr__(self) -> str:
        if self.weights == HEURISTIC_WEIGHTS:
            return "HeuristicEvaluation()"
        return f"HeuristicEvaluation(weights={self.weights!r})"


_Known = tuple[list[float], list[int]]
"""What the evaluator remembers of a board: the scores and the territories below the maximum."""


def _remember(cache: dict[Any, Any], key: Any, value: Any) -> None:
    if len(cache) >= CACHE_LIMIT:
        cache.clear()
    cache[key] = value


class ScoreBoardEvaluation:
    """*Land of Lisp*'s ``score-board`` scaled into ``[0, 1]``, the winner share at the
    end of the game (:func:`~lazytree.games.dice_of_doom.score_board.score_board_value`)."""

    name = "score-board"

    def __call__(self, game: DiceRules, state: Any, player: int) -> float:
        return score_board_value(game, state, player)  # type: ignore[arg-type]

    def __repr__(self) -> str:
        return "ScoreBoardEvaluation()"


EVALUATORS: dict[str, Callable[[], Evaluation]] = {
    "book": BookEvaluation,
    "heuristic": HeuristicEvaluation,
    "score-board": ScoreBoardEvaluation,
}
"""The evaluations ``DiceOfDoom(eval=name)`` knows by name (each game makes its own)."""
