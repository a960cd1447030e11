"""Game rules for lazytree, each behind the :class:`lazytree.game.Game` protocol.

Importing this package registers every game in :data:`lazytree.games.registry.GAMES`.
"""

from lazytree.games import catalogue as _catalogue  # noqa: F401  (registers the games)
from lazytree.games.registry import GAMES, GameOption, GameSpec, OptionError, Position, load_game

__all__ = ["GAMES", "GameOption", "GameSpec", "OptionError", "Position", "load_game"]
