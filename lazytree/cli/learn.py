"""The ``--position-book FILE`` / ``--weights FILE`` options that play, analyse and arena share."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated, Any

import typer

from lazytree.agents import AGENTS
from lazytree.cli.common import (
    fail,
)
from lazytree.position_book import PositionBook, PositionBookError
from lazytree.weights import WeightsError, apply_weights_file, tunable

__all__ = [
    "PositionBookOption",
    "WeightsOption",
    "agent_files",
    "learned_game",
    "open_position_book",
]

PositionBookOption = Annotated[
    Path | None,
    typer.Option(
        "--position-book",
        "--book",
        metavar="FILE",
        help="Position book (SQLite): looked up before each search, filled after it. "
        "--book is accepted too.",
    ),
]
WeightsOption = Annotated[
    Path | None,
    typer.Option("--weights", help="Evaluation weights file (from lazytree tune)."),
]


def learned_game(game: Any, weights: Path | None) -> Any:
    """``game`` rating with the weights of file ``weights``; a bad file, or a game with
    no tunable evaluation, is one line."""
    if weights is not None:
        try:
            tunable(game)  # before the file: the game cannot use any
        except WeightsError as exc:
            fail(f"--weights: {exc}")
    try:
        return apply_weights_file(game, weights)
    except WeightsError as exc:
        fail(f"--weights {exc}")


def open_position_book(path: Path | None, game: Any) -> PositionBook | None:
    """The position book at ``path`` for ``game`` (None without a path); a bad file is
    one line."""
    if path is None:
        return None
    try:
        return PositionBook(path, game)
    except PositionBookError as exc:
        fail(f"--position-book {exc}")


def agent_files(
    names: tuple[str, ...], position_book: Path | None, weights: Path | None
) -> tuple[str, ...]:
    """Agent names with ``position_book=`` and ``weights=`` added to every ``default`` agent
    that does not name its own."""
    params = {p.name: p for p in AGENTS["default"].params}
    out = []
    for name in names:
        if name.split(":")[0] == "default":
            keys = {part.partition("=")[0] for part in name.split(":")[1:]}
            for key, option, path in (
                ("position_book", "--position-book", position_book),
                ("weights", "--weights", weights),
            ):
                if path is not None and not any(params[key].spelled(k) for k in keys):
                    if ":" in str(path):
                        fail(f"{option} {path}: a path with ':' cannot go into an agent name")
                    name += f":{key}={path}"
        out.append(name)
    return tuple(out)
