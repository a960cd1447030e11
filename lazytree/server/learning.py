"""``lazytree serve --position-book FILE --weights FILE``: what the server's AI learned, per game.

:func:`check_learning` reads both files once, before the server starts; :meth:`Learning.apply` gives
each game what fits it (the weights to games of their game, the position book to games with an AI
seat and its options).

Examples
--------
>>> Learning().apply(Session("tictactoe")) is None
True
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from lazytree.games import GAMES, load_game
from lazytree.position_book import PositionBook, PositionBookError, read_identity
from lazytree.session import Session
from lazytree.weights import (
    WeightsError,
    evaluation_id,
    get_weights,
    load_weights,
    tunable_evaluation,
    with_weights,
)

__all__ = ["Learning", "LearningError", "check_learning"]


class LearningError(ValueError):
    """A ``--position-book`` or ``--weights`` file the server cannot use (one line for the user)."""


@dataclass(frozen=True)
class Learning:
    """The position book file and the weights (of ``weights_game``) the server's AI uses where
    they fit."""

    position_book: Path | None = None
    weights: dict[str, float] | None = None
    weights_game: str | None = None
    weights_file: Path | None = field(default=None, compare=False)

    def apply(self, session: Session) -> str | None:
        """Give ``session`` the weights and the position book where they fit; a note for the
        player when the position book does not (None otherwise). Call it before the AI moves."""
        if self.weights is not None and session.spec.name == self.weights_game:
            session.use_game(with_weights(session.game, self.weights))
        if self.position_book is None or all(seat.is_human for seat in session.seats):
            return None
        try:
            session.position_book = PositionBook(self.position_book, session.game)
        except PositionBookError as exc:
            try:
                other = read_identity(self.position_book)
            except PositionBookError:
                return f"no position book for this game: {exc}"
            return (
                f"no position book for this game: {self.position_book.name} is a position book of "
                f"{other['options']} (evaluation {other['evaluation']} {other['version']})"
            )
        return None


def _weights_game(path: Path) -> str:
    """The registry name of the game a weights file is for (a :class:`LearningError`
    when the file cannot say)."""
    try:
        doc = json.loads(path.read_text(encoding="utf-8"))
    except OSError as exc:
        raise LearningError(f"--weights {path}: {exc.strerror or exc}") from None
    except (UnicodeDecodeError, json.JSONDecodeError):
        raise LearningError(f"--weights {path}: not a lazytree weights file") from None
    name = doc.get("game") if isinstance(doc, dict) else None
    if not isinstance(name, str) or name not in GAMES:
        raise LearningError(f"--weights {path}: not a lazytree weights file of a known game")
    return name


def check_learning(position_book: Path | None = None, weights: Path | None = None) -> Learning:
    """Read ``serve``'s ``--position-book`` and ``--weights`` files before it starts: a weights
    file of a known game with weights, a position book of a known game filled with the weights
    the server's AI will rate with. :class:`LearningError` (one line) otherwise."""
    learned: dict[str, float] | None = None
    game_name: str | None = None
    if weights is not None:
        game_name = _weights_game(weights)
        try:
            learned = load_weights(weights, load_game(game_name).game)
        except WeightsError as exc:
            raise LearningError(f"--weights {exc}") from None
    if position_book is not None and position_book.exists():
        try:
            identity = read_identity(position_book)
        except PositionBookError as exc:
            raise LearningError(f"--position-book {exc}") from None
        _check_position_book(
            position_book, identity, learned if identity["game"] == game_name else None, weights
        )
    return Learning(position_book, learned, game_name, weights)


def _check_position_book(
    path: Path, identity: dict[str, str], weights: dict[str, float] | None, file: Path | None
) -> None:
    name = identity["game"]
    if name not in GAMES:
        raise LearningError(
            f"--position-book {path}: a position book of {name}, a game this lazytree does not have"
        )
    game: Any = load_game(name).game
    try:
        tunable = tunable_evaluation(game)
    except WeightsError:
        return  # a game without weights: its evaluation has one version
    if identity["evaluation"] != tunable:
        return
    rated = with_weights(game, weights if weights is not None else get_weights(game))
    version = evaluation_id(rated)[1]
    if identity["version"] != version:
        used = f"the weights of --weights {file}" if weights is not None else "the shipped weights"
        raise LearningError(
            f"--position-book {path}: filled with {tunable} version {identity['version']}, but the "
            f"server's AI rates {name} with version {version} ({used})"
        )
