"""The ``--position-book FILE`` / ``--weights FILE`` options that play, analyse and arena share."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated, Any, Optional

import typer

from lazytree.cli.common import (
    fail,
)
from lazytree.position_book import Book, BookError
from lazytree.weights import WeightsError, apply_weights_file, tunable

__all__ = [
    "BookOption",
    "WeightsOption",
    "agent_files",
    "learned_game",
    "open_book",
]

BookOption = Annotated[
    Optional[Path],  # noqa: UP045
    typer.Option(
        "--position-book",
        "--book",
        metavar="FILE",
        help="Position book (SQLite): looked up before each search, filled after it. "
        "--book is accepted too.",
    ),
]
WeightsOption = Annotated[
    Optional[Path],  # noqa: UP045
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


def open_book(path: Path | None, game: Any) -> Book | None:
    """The position book at ``path`` for ``game`` (None without a path); a bad file is
    one line."""
    if path is None:
        return None
    try:
        return Book(path, game)
    except BookError as exc:
        fail(f"--position-book {exc}")


def agent_files(names: tuple[str, ...], book: Path | None, weights: Path | None) -> tuple[str, ...]:
    """Agent names with ``book=``/``weights=`` (the position book, the weights file)
    added to every ``default`` agent that does not name its own."""
    out = []
    for name in names:
        if name.split(":")[0] == "default":
            for key, option, path in (
                ("book", "--position-book", book),
                ("weights", "--weights", weights),
            ):
                if path is not None and f":{key}=" not in name:
                    if ":" in str(path):
                        fail(f"{option} {path}: a path with ':' cannot go into an agent name")
                    name += f":{key}={path}"
        out.append(name)
    return tuple(out)
