"""Game rules for lazytree, each behind the :class:`lazytree.game.Game` protocol.

Imported as ``lazytree.games`` (never as a top-level ``games``: that would be a second
copy of every class). Importing it imports no game: the names below are
:mod:`lazytree.catalog`'s, where each game is found through its ``lazytree.games`` entry
point the first time it is used.
"""

if __name__ != "lazytree.games":
    raise ImportError(
        f"this folder is the package lazytree.games: import lazytree.games, not {__name__}"
    )

from lazytree.catalog import GAMES, GameOption, GameSpec, OptionError, Position, load_game

__all__ = ["GAMES", "GameOption", "GameSpec", "OptionError", "Position", "load_game"]
