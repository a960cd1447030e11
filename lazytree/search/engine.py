"""Alpha-beta for big trees: stored ratings, move ordering, quiescence, win distance, a clock.

:func:`alphabeta_tt` is alpha-beta with stored ratings (reused only at the depth, player
and settings they were made for, so reuse never changes a result), rated children first
then the game's hint, quiescence, win distance and a width, each a keyword (spelled
``"alphabeta-tt:width=8:quiescence=1"`` for :func:`lazytree.search.search`); a setting
of the one search (:mod:`lazytree.search.core`). :func:`deepening` is the play AI's
search. How and why: docs/explanation/engine.md.

Examples
--------
>>> from lazytree.tree import Tree
>>> from lazytree.games.tree_game import TreeGame
>>> tree = Tree(TreeGame([[3, 12, 8], [2, 4, 6], [14, 5, 2]]))
>>> r = alphabeta_tt(tree.root, 2)
>>> r.value, r.best_moves
(3.0, (0,))
>>> again = alphabeta_tt(tree.root, 2)           # every root child is rated already
>>> again.value, again.best_moves, again.stats.evaluations
(3.0, (0,), 0)
"""

from __future__ import annotations

from collections.abc import Callable, Hashable
from functools import partial
from typing import Any, TypeVar

from lazytree.game import BoundedGame, NoisyGame, OrderedGame, Player
from lazytree.search.core import WIN_BONUS, Settings, as_limit, run
from lazytree.search.deepen import deepen
from lazytree.search.limit import Limit
from lazytree.search.result import SearchResult
from lazytree.tree import Node, move_count

S = TypeVar("S", bound=Hashable)
M = TypeVar("M", bound=Hashable)

__all__ = [
    "WIN_BONUS",
    "BoundedGame",
    "Limit",
    "NoisyGame",
    "OrderedGame",
    "alphabeta_tt",
    "deepening",
    "engine_settings",
    "play_quiescence",
    "play_width",
]


def engine_settings(
    *,
    prune: bool = True,
    ratings: bool = True,
    order: bool = True,
    hint: bool | None = None,
    quiescence: int = 0,
    win_distance: bool = False,
    width: int | None = None,
) -> Settings:
    """The parameters of :func:`alphabeta_tt` as settings of the one search (with the
    game's evaluation bounds, and chance nodes rated as expectiminimax does);
    ``ValueError`` for a negative ``quiescence`` or a ``width`` below 1."""
    if isinstance(quiescence, bool) or not isinstance(quiescence, int) or quiescence < 0:
        raise ValueError(f"quiescence must be a whole number >= 0, got {quiescence!r}")
    if width is not None and (isinstance(width, bool) or not isinstance(width, int) or width < 1):
        raise ValueError(f"width must be a whole number >= 1 or None, got {width!r}")
    return Settings(
        "alphabeta-tt",
        prune=prune,
        reuse=ratings,
        order=order,
        hint=hint,
        quiescence=quiescence,
        win_distance=win_distance,
        width=width,
        bounded=True,
        chance=True,
        star1=True,
    )


def alphabeta_tt(
    node: Node[S, M],
    depth: int | Limit | None = 4,
    *,
    player: Player | None = None,
    prune: bool = True,
    ratings: bool = True,
    order: bool = True,
    hint: bool | None = None,
    quiescence: int = 0,
    win_distance: bool = False,
    width: int | None = None,
) -> SearchResult[M]:
    """Rate ``node`` ``depth`` plies deep (``None``: to the end; or a :class:`Limit`)
    by alpha-beta with stored ratings and move ordering; the defaults give exactly
    minimax's value and best moves. The keywords are those of
    :class:`~lazytree.search.core.Settings` (``ratings`` is its ``reuse``; ``prune=False``
    is minimax with the same leaf rules, ``width`` is not exact).

    Examples
    --------
    >>> from lazytree.tree import Tree
    >>> from lazytree.games.tree_game import TreeGame
    >>> tree = Tree(TreeGame([[5, 6], [1, 5], [7, 5]]))
    >>> alphabeta_tt(tree.root, 2).best_moves   # all tied best moves, generation order
    (0, 2)
    """
    settings = engine_settings(
        prune=prune,
        ratings=ratings,
        order=order,
        hint=hint,
        quiescence=quiescence,
        win_distance=win_distance,
        width=width,
    )
    return run(node, depth, player, settings)


def play_width(node: Node[Any, Any], width: int | str | None = "auto") -> int | None:
    """The play AI's ``width`` at ``node``: ``"auto"`` is 8 moves a node, 6 when ``node``
    has more than 100 moves; a number or ``None`` (all moves) is kept.

    >>> from lazytree.tree import Tree
    >>> from lazytree.games.tree_game import TreeGame
    >>> play_width(Tree(TreeGame([[1, 2], [3, 4]])).root)
    8
    """
    if width == "auto":
        return 8 if move_count(node) <= 100 else 6
    if isinstance(width, str):
        raise ValueError(f"width must be a number, None or 'auto', got {width!r}")
    return width


def play_quiescence(node: Node[Any, Any], quiescence: int | str = "auto") -> int:
    """The play AI's ``quiescence`` at ``node``: ``"auto"`` is 1 ply when ``node`` has
    at most 12 moves, else 0 (it costs plies of depth on big boards); a number is kept.

    >>> from lazytree.tree import Tree
    >>> from lazytree.games.tree_game import TreeGame
    >>> play_quiescence(Tree(TreeGame([[1, 2], [3, 4]])).root)
    1
    """
    if quiescence == "auto":
        return 1 if move_count(node) <= 12 else 0
    if isinstance(quiescence, str):
        raise ValueError(f"quiescence must be a number or 'auto', got {quiescence!r}")
    return quiescence


def deepening(
    node: Node[S, M],
    limit: int | Limit | None,
    *,
    player: Player | None = None,
    width: int | str | None = "auto",
    quiescence: int | str = "auto",
    win_distance: bool = True,
    stop_when_forced: bool = True,
    progress: Callable[[SearchResult[M]], None] | None = None,
) -> SearchResult[M]:
    """The play AI's search: :func:`alphabeta_tt` with win distance, a ``width``
    (:func:`play_width`) and ``quiescence`` (:func:`play_quiescence`), deepened 1, 2,
    3, ... plies within ``limit`` (stopping after depth 1 when ``node`` has a single
    move and ``stop_when_forced``); ``progress`` gets each completed iteration.

    >>> from lazytree.tree import Tree
    >>> from lazytree.games.tree_game import TreeGame
    >>> r = deepening(Tree(TreeGame([[3, 12, 8], [2, 4, 6], [14, 5, 2]])).root, 5)
    >>> r.rater, r.deepening.searched_by, r.best_moves
    ('deepening', 'alphabeta-tt', (0,))
    """
    limit = as_limit(limit)
    w = play_width(node, width)
    q = play_quiescence(node, quiescence)
    rate = partial(alphabeta_tt, win_distance=win_distance, width=w, quiescence=q)
    quick = partial(alphabeta_tt, win_distance=win_distance, width=w)
    return deepen(
        node,
        limit,
        rater=rate,
        fallback=quick,
        player=player,
        stop_when_forced=stop_when_forced,
        progress=progress,
    )
