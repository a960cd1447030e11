"""Argument checks shared by the library's public functions.

A wrong argument is reported where it enters, as a ``TypeError`` or ``ValueError``
naming it, instead of an ``AttributeError`` raised deep inside a search. The check of a
game (:func:`~lazytree.game.require_game`) is the game protocol's, re-exported here.

Examples
--------
>>> from lazytree.tree import Tree
>>> from lazytree.games.tree_game import TreeGame
>>> tree = Tree(TreeGame([[1, 2], [3, 4]]))
>>> require_node(tree)
Traceback (most recent call last):
...
TypeError: node must be a Node, got a Tree: pass tree.root
>>> require_depth(2.5)
Traceback (most recent call last):
...
TypeError: depth must be an int or None, got float 2.5
>>> require_player(tree.root, 2)
Traceback (most recent call last):
...
ValueError: player must be from 0 to 1 (tree has 2 players), got 2
"""

from __future__ import annotations

from typing import Any

from lazytree.game import require_game
from lazytree.tree import Node, Tree

__all__ = ["require_depth", "require_game", "require_node", "require_player"]


def _is_int(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def require_node(value: object, name: str = "node") -> None:
    """``TypeError`` unless ``value`` is a :class:`~lazytree.tree.Node` (a tree is
    named as such: its root is probably what was meant)."""
    if isinstance(value, Node):
        return
    if isinstance(value, Tree):
        raise TypeError(f"{name} must be a Node, got a Tree: pass tree.root")
    raise TypeError(f"{name} must be a Node, got {type(value).__name__}")


def require_depth(value: object, name: str = "depth", *, optional: bool = True) -> None:
    """``TypeError`` unless ``value`` is an int (or None when ``optional``);
    ``ValueError`` when it is negative."""
    if value is None and optional:
        return
    if not _is_int(value):
        kind = "an int or None" if optional else "an int"
        raise TypeError(f"{name} must be {kind}, got {type(value).__name__} {value!r}")
    assert isinstance(value, int)
    if value < 0:
        raise ValueError(f"{name} must be >= 0, got {value}")


def require_player(node: Any, player: object, name: str = "player") -> None:
    """``TypeError``/``ValueError`` unless ``player`` is one of the players of
    ``node``'s game (0 to ``num_players - 1``)."""
    if not _is_int(player):
        raise TypeError(f"{name} must be an int, got {type(player).__name__} {player!r}")
    assert isinstance(player, int)
    count = getattr(node.context.game, "num_players", None)
    if player < 0 or (isinstance(count, int) and player >= count):
        top = "" if not isinstance(count, int) else f" to {count - 1}"
        game = getattr(node.context.game, "name", "the game")
        has = "" if not isinstance(count, int) else f" ({game} has {count} players)"
        raise ValueError(f"{name} must be from 0{top}{has}, got {player}")
