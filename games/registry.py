"""Games by short name, each with the options it declares.

The CLI, the tests and notebooks enumerate :data:`GAMES`; :func:`load_game` builds a
game and its start position from option values, raising :class:`OptionError` (a
``ValueError``) with a one-line message for bad values.

Examples
--------
>>> pos = load_game("dice-of-doom", size=2, board="0:2 1:1 0:3 1:2")
>>> pos.game.size, pos.state.dice
(2, (2, 1, 3, 2))
>>> load_game("dice-of-doom", size=0)
Traceback (most recent call last):
...
lazytree.games.registry.OptionError: size must be at least 2, got 0
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any, NamedTuple

from lazytree.game import Game

__all__ = ["GAMES", "GameOption", "GameSpec", "OptionError", "Position", "load_game", "register"]


class OptionError(ValueError):
    """A game option with a bad value (the message is meant for the user)."""


class Position(NamedTuple):
    """A game and a position of it."""

    game: Game[Any, Any]
    state: Any


@dataclass(frozen=True)
class GameOption:
    """One option a game accepts: ``name`` is the Python name (``spare_dice``), the
    command line spells it ``--spare-dice``."""

    name: str
    type: type
    default: Any
    help: str

    @property
    def flag(self) -> str:
        return "--" + self.name.replace("_", "-")


@dataclass(frozen=True)
class GameSpec:
    """A registered game: its name, a one-line summary, its options and how to set it up."""

    name: str
    summary: str
    options: tuple[GameOption, ...]
    setup: Callable[[Mapping[str, Any]], Position]
    notation: str = field(default="")
    analysis_depth: int | None = 4
    """Search depth ``lazytree analyse`` uses when none is given (None: the whole game)."""

    def defaults(self) -> dict[str, Any]:
        return {o.name: o.default for o in self.options}


GAMES: dict[str, GameSpec] = {}
"""Every registered game, by short name, in registration order."""


def register(spec: GameSpec) -> GameSpec:
    """Add ``spec`` to :data:`GAMES` (its name must be new)."""
    if spec.name in GAMES:
        raise ValueError(f"a game called {spec.name!r} is already registered")
    GAMES[spec.name] = spec
    return spec


def load_game(name: str, **options: Any) -> Position:
    """Build game ``name`` and its start position from ``options`` (defaults for the rest)."""
    spec = GAMES.get(name)
    if spec is None:
        raise OptionError(f"unknown game {name!r} (known: {', '.join(GAMES)})")
    values = spec.defaults()
    unknown = set(options) - set(values)
    if unknown:
        known = ", ".join(o.flag for o in spec.options)
        raise OptionError(f"{name} has no option {sorted(unknown)[0]!r} (options: {known})")
    values.update(options)
    try:
        return spec.setup(values)
    except OptionError:
        raise
    except ValueError as exc:  # the rules' own checks speak to the user too
        raise OptionError(str(exc)) from None


def seeded(seed: int | None) -> random.Random:
    """A ``random.Random`` for ``seed`` (fresh entropy when ``seed`` is None)."""
    return random.Random(seed)
