"""What Dice of Doom offers the surfaces beyond the game protocol (every rule set).

:class:`DiceCapabilities` is a base of :class:`~lazytree.games.dice_of_doom.DiceOfDoom`
and gives it the optional protocols of :mod:`lazytree.game` (the agents it offers,
:class:`~lazytree.game.GameAgents`, are :mod:`~lazytree.games.dice_of_doom.agents`'s):

* :class:`~lazytree.game.WeightedEvaluation`: the ``heuristic``'s weights
  (:class:`~lazytree.games.dice_of_doom.evaluation.HeuristicWeights`), for ``tune``
  and ``--weights``;
* :class:`~lazytree.game.NamedEvaluations`: ``heuristic``, ``book``, ``score-board``
  (the agents' ``eval=``);
* :class:`~lazytree.game.PlayDefaults` (play with the ``heuristic``),
  :class:`~lazytree.game.StartOptions` (the random board as options),
  :class:`~lazytree.game.PlayerNames` (the letters ``A``, ``B``, ...) and
  :class:`~lazytree.game.SizedBoard` (``3x3``).

Examples
--------
>>> from lazytree.games.dice_of_doom import make_dice_of_doom
>>> game = make_dice_of_doom("lisp", size=3, eval="heuristic")
>>> game.evaluation_weights()["safe"], game.player_name(1)
(2.0, 'B')
>>> game.rated_by("book").eval, game.rated_by("heuristic") is game
('book', True)
>>> game.with_evaluation_weights({**game.evaluation_weights(), "die": 0.5}).evaluator.weights.die
0.5
"""

from __future__ import annotations

import copy
import dataclasses
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any, Final, cast

from lazytree.games.dice_of_doom.evaluation import (
    EVALUATORS,
    HEURISTIC_WEIGHTS,
    Evaluation,
    HeuristicEvaluation,
    HeuristicWeights,
    heuristic_features,
)

if TYPE_CHECKING:
    from lazytree.games.dice_of_doom.rules import DiceOfDoom, DiceState

__all__ = ["PLAYER_LETTERS", "DiceCapabilities", "heuristic_weights"]

PLAYER_LETTERS: Final = "ABCDEFGH"
"""What the game calls its players (at most eight): ``A``, ``B``, ..."""


def heuristic_weights(game: DiceOfDoom) -> HeuristicWeights:
    """The weights of ``game``'s heuristic: its evaluator's when that is a
    :class:`~lazytree.games.dice_of_doom.evaluation.HeuristicEvaluation`, else the
    shipped ones."""
    evaluator = game.evaluator
    if isinstance(evaluator, HeuristicEvaluation):
        return evaluator.weights
    return HEURISTIC_WEIGHTS


class DiceCapabilities:
    """The optional protocols of :mod:`lazytree.game` for Dice of Doom (module docstring)."""

    evaluator: Evaluation
    eval: str
    rules: str
    num_players: int

    weighted_evaluation = "heuristic"
    weights_version = 2
    """Version 2: the heuristic with ``full_front``, ``tempo`` and ``reinforcements``."""
    scale_weight = "safe"

    def _dice(self) -> DiceOfDoom:
        return cast("DiceOfDoom", self)

    # -- WeightedEvaluation -------------------------------------------------------------
    def evaluation_weights(self) -> dict[str, float]:
        """The heuristic's weights (even when the game rates with another evaluation)."""
        return dataclasses.asdict(heuristic_weights(self._dice()))

    def with_evaluation_weights(self, weights: Mapping[str, float]) -> DiceOfDoom:
        """A copy rating with the heuristic of ``weights`` (the rules are shared; the
        evaluator, and the scores it remembers, is new)."""
        made = HeuristicWeights(**weights)
        out = copy.copy(self._dice())
        out.evaluator = HeuristicEvaluation(made)
        out.eval = out.evaluator.name
        return out

    def feature_names(self) -> tuple[str, ...]:
        return HeuristicWeights.FEATURES

    def evaluation_features(self, state: DiceState, player: int) -> list[float]:
        """Each count of ``player`` minus the strongest opponent's (by this game's
        weights), per territory."""
        game = self._dice()
        counts = heuristic_features(game, state)
        w = heuristic_weights(game)
        ws = [float(getattr(w, name)) for name in HeuristicWeights.FEATURES]

        def score(row: list[float]) -> float:
            return sum(a * b for a, b in zip(ws, row, strict=True))

        rival = max(
            (p for p in range(game.num_players) if p != player), key=lambda p: score(counts[p])
        )
        n = len(state.owners)
        return [(a - b) / n for a, b in zip(counts[player], counts[rival], strict=True)]

    def weights_to_coefficients(self, weights: Mapping[str, float]) -> list[float]:
        """``0.5 + 0.49 tanh(s y)`` is close to ``sigmoid(2 s y)``: ``b = 2 squash w``."""
        return [2 * weights["squash"] * weights[k] for k in HeuristicWeights.FEATURES]

    def coefficients_to_weights(self, b: Sequence[float]) -> dict[str, float]:
        """The weights of coefficients ``b``, ``safe`` held at this game's value and
        ``squash`` taking the fitted scale; when the fit gives ``safe`` a coefficient
        <= 0 (overlapping features), the squash is kept and every weight follows."""
        names = HeuristicWeights.FEATURES
        current = self.evaluation_weights()
        k = names.index(self.scale_weight)
        if b[k] <= 0:
            squash = current["squash"]
            return {
                **{n: c / (2 * squash) for n, c in zip(names, b, strict=True)},
                "squash": squash,
            }
        fixed = current[self.scale_weight]
        out = {name: fixed * c / b[k] for name, c in zip(names, b, strict=True)}
        out["squash"] = b[k] / (2 * fixed)
        return out

    # -- NamedEvaluations ---------------------------------------------------------------
    def evaluation_names(self) -> tuple[str, ...]:
        """The evaluations of :data:`~lazytree.games.dice_of_doom.evaluation.EVALUATORS`,
        ``heuristic`` (the agents' unless told) first."""
        return ("heuristic", *(name for name in EVALUATORS if name != "heuristic"))

    def rated_by(self, name: str) -> DiceOfDoom:
        """A copy rating with the evaluator named ``name`` (``self`` when it already does)."""
        game = self._dice()
        if game.eval == name:
            return game
        if name not in EVALUATORS:
            raise ValueError(f"unknown evaluation {name!r} (known: {', '.join(EVALUATORS)})")
        out = copy.copy(game)
        out.evaluator = EVALUATORS[name]()
        out.eval = name
        return out

    # -- PlayDefaults, StartOptions, PlayerNames ------------------------------------------
    def play_options(self) -> Mapping[str, Any]:
        """Play rates with the stronger ``heuristic``, not the book's territory count."""
        return {"eval": "heuristic"}

    def start_options(self, state: DiceState) -> dict[str, Any]:
        """The board (owners and dice), its player and spare dice."""
        return {
            "board": self._dice().board_spec(state),
            "player": state.player,
            "spare_dice": state.spare,
        }

    def board_size(self) -> str:
        """``NxN``."""
        size = self._dice().size
        return f"{size}x{size}"

    def player_name(self, player: int) -> str:
        """The player's letter (``A``, ``B``, ...)."""
        return PLAYER_LETTERS[player]
