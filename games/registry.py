"""The game registry, kept under its old name: everything here is :mod:`lazytree.catalog`'s."""

from lazytree.catalog import (
    GAMES,
    GameOption,
    GameSpec,
    OptionError,
    Position,
    load_game,
    register,
    seeded,
)

__all__ = [
    "GAMES",
    "GameOption",
    "GameSpec",
    "OptionError",
    "Position",
    "load_game",
    "register",
    "seeded",
]
