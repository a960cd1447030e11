"""Evaluation weights as data: which evaluation a game rates with, its weights, and JSON files.

Works from :class:`~lazytree.game.WeightedEvaluation` only: :func:`evaluation_id`,
:func:`with_weights`, :func:`save_weights` / :func:`load_weights` (the files of ``lazytree tune``)
and :func:`read_weights_option`.

Examples
--------
>>> from lazytree.games import load_game
>>> game = load_game("dice-of-doom", size=3, eval="heuristic").game
>>> get_weights(game)["safe"]
2.0
>>> evaluation_id(game)[0]
'heuristic'
>>> other = with_weights(game, {**get_weights(game), "die": 0.5})
>>> get_weights(other)["die"], get_weights(game)["die"] == get_weights(other)["die"]
(0.5, False)
>>> evaluation_id(other) != evaluation_id(game)
True
>>> get_weights(load_game("tictactoe").game)  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
lazytree.weights.WeightsError: tictactoe has no tunable evaluation (it does not implement ...)
"""

from __future__ import annotations

import hashlib
import json
import math
import os
import stat
from collections.abc import Mapping
from pathlib import Path
from typing import Any, Final

from lazytree.game import NamedEvaluations, WeightedEvaluation
from lazytree.safejson import JSONLimitError, parse_json

__all__ = [
    "WEIGHTS_FORMAT",
    "WeightsError",
    "evaluation_id",
    "get_weights",
    "load_weights",
    "read_weights_option",
    "save_weights",
    "scale_weight",
    "tunable",
    "weights_of_document",
    "with_weights",
]

WEIGHTS_FORMAT: Final = "lazytree-weights"
WEIGHTS_VERSION: Final = 2
"""Version 2 is written; version 1 files (Dice of Doom's heuristic of four features) are
still read: the features a version-1 file leaves out weigh 0 there."""


class WeightsError(ValueError):
    """A weights file that cannot be used (one line for the user), or a game without
    weights."""


def tunable(game: Any) -> WeightedEvaluation:
    """``game`` as a :class:`~lazytree.game.WeightedEvaluation`; :class:`WeightsError`
    (one line) for a game without one."""
    if not isinstance(game, WeightedEvaluation):
        name = getattr(game, "name", game)
        raise WeightsError(
            f"{name} has no tunable evaluation (it does not implement WeightedEvaluation)"
        )
    return game


def evaluation_name(game: Any) -> str:
    """The name of the evaluation ``game`` rates with: the one it is rated by
    (:class:`~lazytree.game.NamedEvaluations`), else its weighted evaluation's, else
    ``evaluate``."""
    if isinstance(game, NamedEvaluations):
        return str(game.eval)
    if isinstance(game, WeightedEvaluation):
        return game.weighted_evaluation
    return "evaluate"


def get_weights(game: Any) -> dict[str, float]:
    """The weights of ``game``'s tunable evaluation (Dice of Doom: the heuristic's, even
    when the game rates with another evaluation); :class:`WeightsError` for a game
    without weights."""
    return tunable(game).evaluation_weights()


def tunable_evaluation(game: Any) -> str:
    """The evaluation whose weights :func:`get_weights` gives."""
    return tunable(game).weighted_evaluation


def scale_weight(game: Any) -> str:
    """The weight held fixed as the scale when fitting (the others are relative to it)."""
    return tunable(game).scale_weight


def _digest(weights: Mapping[str, float]) -> str:
    text = json.dumps({k: float(v) for k, v in sorted(weights.items())}, sort_keys=True)
    return hashlib.sha256(text.encode()).hexdigest()[:12]


def evaluation_id(game: Any) -> tuple[str, str]:
    """``(name, version)`` of the evaluation ``game`` rates with; when that is its
    weighted evaluation the version changes with the weights (a position rated with
    other weights is another position's value)."""
    name = evaluation_name(game)
    if isinstance(game, WeightedEvaluation) and name == game.weighted_evaluation:
        return name, f"{game.weights_version}+{_digest(get_weights(game))}"
    return name, "1"


def with_weights(game: Any, weights: Mapping[str, float]) -> Any:
    """A copy of ``game`` rating with ``weights`` (Dice of Doom: the heuristic, which it
    then uses; names not given keep their values); :class:`WeightsError` for unknown
    names or bad values, or a game without weights."""
    weighted = tunable(game)
    current = weighted.evaluation_weights()
    known = list(current)
    unknown = sorted(set(weights) - set(known))
    if unknown:
        raise WeightsError(f"unknown weights {', '.join(unknown)} (known: {', '.join(known)})")
    for key, value in weights.items():
        if isinstance(value, bool) or not isinstance(value, int | float):
            raise WeightsError(f"weight {key} must be a number, got {value!r}")
        if not math.isfinite(value):
            raise WeightsError(f"weight {key} must be finite, got {value!r}")
    try:
        return weighted.with_evaluation_weights(
            {**current, **{k: float(v) for k, v in weights.items()}}
        )
    except (TypeError, ValueError) as exc:
        raise WeightsError(str(exc)) from None


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
    evaluation, or whose weights do not fit, or a game without a tunable evaluation."""
    tunable(game)  # before the file: the game cannot use any
    try:
        if not stat.S_ISREG(os.stat(path).st_mode):  # before opening: a fifo would block
            raise WeightsError(f"{path}: not a regular file")
        with open(path, "rb") as f:
            data = f.read(MAX_WEIGHTS_BYTES + 1)
    except OSError as exc:
        raise WeightsError(f"{path}: {exc.strerror or exc}") from None
    if len(data) > MAX_WEIGHTS_BYTES:
        raise WeightsError(f"{path}: not a weights file (more than {MAX_WEIGHTS_BYTES:,} bytes)")
    try:
        doc = parse_json(data)
    except JSONLimitError as exc:
        raise WeightsError(f"{path}: not a weights file ({exc})") from None
    return weights_of_document(doc, game, str(path))


MAX_WEIGHTS_BYTES: Final = 1024**2
"""The largest weights file read (one is a few hundred bytes; its match summary a few KiB)."""


def weights_of_document(doc: Any, game: Any, source: str) -> dict[str, float]:
    """The weights in weights document ``doc`` (a weights file's JSON) for ``game``;
    :class:`WeightsError` (one line, beginning with ``source``) as :func:`load_weights`."""
    path = source
    tunable(game)
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
    if version == 1:
        # written for an evaluation of fewer features: the later ones weigh nothing there
        weights = {**dict.fromkeys(tunable(game).feature_names(), 0.0), **weights}
    with_weights(game, weights)  # checks names and values
    return {str(k): float(v) for k, v in weights.items()}


def apply_weights_file(game: Any, path: str | Path | None) -> Any:
    """``game`` rating with the weights of file ``path`` (``None``: ``game`` itself)."""
    if path is None:
        return game
    return with_weights(game, load_weights(path, game))


def read_weights_option(game: Any, text: str) -> Any:
    """``game`` rating with the weights of option ``text``: a JSON object of weights (or a
    weights file's document) or a weights file's path; :class:`WeightsError` beginning
    ``--weights``.

    >>> from lazytree.games import load_game
    >>> checkers = load_game("checkers").game
    >>> read_weights_option(checkers, '{"king": 150}').weights.king
    150.0
    >>> read_weights_option(checkers, '{"queen": 1}')  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    lazytree.weights.WeightsError: --weights: unknown weights queen (known: man, king, ...)
    """
    if not text.lstrip().startswith(("{", "[")):  # a weights file (lazytree tune)
        try:
            return with_weights(game, load_weights(text, game))
        except WeightsError as exc:
            raise WeightsError(f"--weights {exc}") from None
    try:
        given = parse_json(text)
    except JSONLimitError as exc:
        raise WeightsError(f"--weights is not a JSON object: {exc}") from None
    if isinstance(given, dict) and "format" in given:  # a weights file's document, inline
        return with_weights(game, weights_of_document(given, game, "--weights"))
    if not isinstance(given, dict):
        known = list(get_weights(game))
        raise WeightsError(f"--weights must be a JSON object with keys among {known}")
    try:
        return with_weights(game, given)
    except WeightsError as exc:
        raise WeightsError(f"--weights: {exc}") from None
