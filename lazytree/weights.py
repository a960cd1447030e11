"""Evaluation weights as data: which evaluation a game rates with, its weights, and JSON files.

Two evaluations keep their weights as data: Dice of Doom's ``heuristic``
(:class:`~lazytree.games.dice_of_doom.evaluation.HeuristicWeights`, every rule set) and
checkers' Samuel-style sum (:class:`~lazytree.games.checkers.CheckersWeights`).
:func:`evaluation_id` names the evaluation a game object rates with and a version that
changes with its weights (the position book keys its rows by it);
:func:`with_weights` gives a copy of a game rating with other weights;
:func:`save_weights` / :func:`load_weights` write and read the JSON files of
``lazytree tune`` (``--weights FILE`` elsewhere).

A weights file::

    {"format": "lazytree-weights", "version": 2, "game": "dice-of-doom",
     "evaluation": "heuristic", "weights": {"safe": 2.0, ...}, "match": {...}}

Examples
--------
>>> from lazytree.games.dice_of_doom import DiceOfDoom
>>> game = DiceOfDoom(size=3, eval="heuristic")
>>> get_weights(game)["safe"]
2.0
>>> evaluation_id(game)[0]
'heuristic'
>>> other = with_weights(game, {**get_weights(game), "die": 0.5})
>>> other.evaluator.weights.die, game.evaluator.weights.die == HEURISTIC_WEIGHTS.die
(0.5, True)
>>> evaluation_id(other) != evaluation_id(game)
True
"""

from __future__ import annotations

import copy
import dataclasses
import hashlib
import json
import math
from collections.abc import Mapping
from pathlib import Path
from typing import Any, Final

from lazytree.games.checkers import Checkers, CheckersWeights
from lazytree.games.dice_of_doom import DiceOfDoom
from lazytree.games.dice_of_doom.evaluation import (
    HEURISTIC_WEIGHTS,
    HeuristicEvaluation,
    HeuristicWeights,
)

__all__ = [
    "WEIGHTS_FORMAT",
    "WeightsError",
    "evaluation_id",
    "get_weights",
    "heuristic_weights",
    "load_weights",
    "save_weights",
    "scale_weight",
    "with_weights",
]

WEIGHTS_FORMAT: Final = "lazytree-weights"
WEIGHTS_VERSION: Final = 2
"""Version 2 (Dice of Doom's heuristic with ``full_front``, ``tempo`` and
``reinforcements``) is written; version 1 files (four features) are still read."""
FIRST_HEURISTIC_FEATURES: Final = ("safe", "threatened", "die", "group")
"""The features of Dice of Doom's heuristic in version-1 files: the others weigh 0 there."""
HEURISTIC_VERSION: Final = 2
"""The version of Dice of Doom's heuristic (2: with ``full_front``, ``tempo`` and
``reinforcements``); :func:`evaluation_id` adds the weights' digest to it."""


class WeightsError(ValueError):
    """A weights file that cannot be used (one line for the user), or a game without
    weights."""


def _tunable(game: Any) -> bool:
    return isinstance(game, (Checkers, DiceOfDoom))


def evaluation_name(game: Any) -> str:
    """The name of the evaluation ``game`` rates with (``heuristic``, ``samuel``, ...)."""
    if isinstance(game, DiceOfDoom):
        return str(game.eval)
    if isinstance(game, Checkers):
        return "samuel"
    return "evaluate"


def heuristic_weights(game: DiceOfDoom) -> HeuristicWeights:
    """The weights of Dice of Doom ``game``'s heuristic: its evaluator's when that is a
    :class:`~lazytree.games.dice_of_doom.evaluation.HeuristicEvaluation`, else the
    shipped ones."""
    evaluator = game.evaluator
    if isinstance(evaluator, HeuristicEvaluation):
        return evaluator.weights
    return HEURISTIC_WEIGHTS


def get_weights(game: Any) -> dict[str, float]:
    """The weights of ``game``'s tunable evaluation (Dice of Doom: the heuristic's, even
    when the game rates with another evaluation); :class:`WeightsError` for a game
    without weights."""
    if isinstance(game, DiceOfDoom):
        return dataclasses.asdict(heuristic_weights(game))
    if isinstance(game, Checkers):
        return dataclasses.asdict(game.weights)
    raise WeightsError(f"{getattr(game, 'name', game)!s} has no evaluation weights to tune")


def tunable_evaluation(game: Any) -> str:
    """The evaluation whose weights :func:`get_weights` gives."""
    if isinstance(game, DiceOfDoom):
        return "heuristic"
    if isinstance(game, Checkers):
        return "samuel"
    raise WeightsError(f"{getattr(game, 'name', game)!s} has no evaluation weights to tune")


def scale_weight(game: Any) -> str:
    """The weight held fixed as the scale when fitting (the others are relative to it)."""
    return "safe" if isinstance(game, DiceOfDoom) else "man"


def _digest(weights: Mapping[str, float]) -> str:
    text = json.dumps({k: float(v) for k, v in sorted(weights.items())}, sort_keys=True)
    return hashlib.sha256(text.encode()).hexdigest()[:12]


def evaluation_id(game: Any) -> tuple[str, str]:
    """``(name, version)`` of the evaluation ``game`` rates with; the version changes
    with the weights (a position rated with other weights is another position's value)."""
    name = evaluation_name(game)
    if isinstance(game, Checkers):
        return name, f"1+{_digest(get_weights(game))}"
    if isinstance(game, DiceOfDoom) and isinstance(game.evaluator, HeuristicEvaluation):
        return name, f"{HEURISTIC_VERSION}+{_digest(get_weights(game))}"
    return name, "1"


def with_weights(game: Any, weights: Mapping[str, float]) -> Any:
    """A copy of ``game`` rating with ``weights`` (Dice of Doom: the heuristic, which it
    then uses); :class:`WeightsError` for unknown or missing names or bad values."""
    if not _tunable(game):
        raise WeightsError(f"{getattr(game, 'name', game)!s} has no evaluation weights")
    kind: Any = HeuristicWeights if isinstance(game, DiceOfDoom) else CheckersWeights
    known = [f.name for f in dataclasses.fields(kind)]
    unknown = sorted(set(weights) - set(known))
    if unknown:
        raise WeightsError(f"unknown weights {', '.join(unknown)} (known: {', '.join(known)})")
    for key, value in weights.items():
        if isinstance(value, bool) or not isinstance(value, int | float):
            raise WeightsError(f"weight {key} must be a number, got {value!r}")
        if not math.isfinite(value):
            raise WeightsError(f"weight {key} must be finite, got {value!r}")
    try:
        made = kind(**{**get_weights(game), **weights})
    except (TypeError, ValueError) as exc:
        raise WeightsError(str(exc)) from None
    if isinstance(game, Checkers):
        return Checkers(game.width, game.height, game.draw_moves, made)
    out = copy.copy(game)  # the rules are shared; the evaluator (and its scores) is new
    out.evaluator = HeuristicEvaluation(made)
    out.eval = out.evaluator.name
    return out


def save_weights(
    path: str | Path,
    game: Any,
    weights: Mapping[str, float],
    *,
    match: Mapping[str, Any] | None = None,
    extra: Mapping[str, Any] | None = None,
) -> dict[str, Any]:
    """Write ``weights`` of ``game``'s tunable evaluation as JSON (with the match that
    accepted them); returns the document."""
    doc: dict[str, Any] = {
        "format": WEIGHTS_FORMAT,
        "version": WEIGHTS_VERSION,
        "game": game.name,
        "evaluation": tunable_evaluation(game),
        "evaluation_version": evaluation_id(with_weights(game, weights))[1],
        "weights": {k: float(v) for k, v in weights.items()},
        "match": dict(match) if match is not None else None,
    }
    if extra:
        doc.update(extra)
    Path(path).write_text(json.dumps(doc, indent=2) + "\n", encoding="utf-8")
    return doc


def load_weights(path: str | Path, game: Any) -> dict[str, float]:
    """The weights in file ``path`` for ``game``; :class:`WeightsError` (one line) for
    a file that is missing, not JSON, not a weights file, or for another game or
    evaluation, or whose weights do not fit."""
    try:
        text = Path(path).read_text(encoding="utf-8")
    except OSError as exc:
        raise WeightsError(f"{path}: {exc.strerror or exc}") from None
    except UnicodeDecodeError:
        raise WeightsError(f"{path}: not a weights file (not text)") from None
    try:
        doc = json.loads(text)
    except json.JSONDecodeError as exc:
        raise WeightsError(f"{path}: not a weights file (bad JSON: {exc.msg})") from None
    if not isinstance(doc, dict) or doc.get("format") != WEIGHTS_FORMAT:
        raise WeightsError(f"{path}: not a lazytree weights file")
    version = doc.get("version")
    if version not in (1, WEIGHTS_VERSION) or isinstance(version, bool):
        raise WeightsError(
            f"{path}: weights format version {version!r} is unknown "
            f"(this lazytree reads versions 1 and {WEIGHTS_VERSION})"
        )
    if doc.get("game") != game.name:
        raise WeightsError(f"{path}: weights for {doc.get('game')}, not {game.name}")
    evaluation = tunable_evaluation(game)
    if doc.get("evaluation") != evaluation:
        raise WeightsError(
            f"{path}: weights of evaluation {doc.get('evaluation')!r}, not {evaluation!r}"
        )
    weights = doc.get("weights")
    if not isinstance(weights, dict):
        raise WeightsError(f"{path}: 'weights' must be an object of numbers")
    if version == 1 and isinstance(game, DiceOfDoom):
        # written for the heuristic of four features: the later ones weigh nothing there
        later = [f for f in HeuristicWeights.FEATURES if f not in FIRST_HEURISTIC_FEATURES]
        weights = {**dict.fromkeys(later, 0.0), **weights}
    with_weights(game, weights)  # checks names and values
    return {str(k): float(v) for k, v in weights.items()}


def apply_weights_file(game: Any, path: str | Path | None) -> Any:
    """``game`` rating with the weights of file ``path`` (``None``: ``game`` itself)."""
    if path is None:
        return game
    return with_weights(game, load_weights(path, game))
