"""Alpha-beta for big trees: stored ratings, move ordering, quiescence, win distance, a clock.

:func:`alphabeta_tt` is :func:`~lazytree.search.alphabeta.alphabeta` with the tools a
search on a large board needs, each switched by a keyword parameter:

* **stored ratings** (transpositions): every node searched keeps a
  :class:`~lazytree.tree.Rating` with the depth and bound (exact / lower / upper) it is
  valid for. A later visit of the same node (the same position reached by another
  move order in a tree built with ``Tree(share=True)``, the next iteration of
  :func:`~lazytree.search.deepening.iterative_deepening`, the next turn after
  :meth:`Tree.play`) reuses it when the depth, the rating player and the search
  settings (``Rating.key``) are the same: an exact rating is the answer, a lower bound
  at or above beta or an upper bound at or below alpha is a cut-off. Ratings are only
  ever reused at the depth they were made for, so reusing them never changes a result.
* **move ordering**: children already rated are searched best first (the best move of
  the previous iteration first), then the rest in the order of the game's hint
  (:class:`~lazytree.game.OrderedGame`). Ordering needs all moves of a node, so an ordered node
  generates its whole move list (a lazy cut-off still saves building the children).
* **quiescence**: at the depth limit, moves the game calls noisy (:class:`NoisyGame`)
  are searched up to ``quiescence`` more plies; the player to move may also stop
  ("stand pat") with the static evaluation.
* **win distance**: a terminal position the rating player wins is worth a little more
  the sooner it comes, a lost one a little more the later it comes (see
  :data:`WIN_BONUS`).
* **width**: optionally only the first ``width`` moves in ordered order are searched
  (selective search, for boards where full width cannot reach a useful depth; the
  result then is no longer the minimax value).

The same parameters are spelled ``"alphabeta-tt:width=8:quiescence=1"`` for
:func:`lazytree.search.search`.
:func:`deepening` is the play AI's search: these tools with the play settings,
deepened within a :class:`Limit`.

The best moves are always reported in *generation order*, whatever order they were
searched in, so the set and its order are those of :func:`~lazytree.search.minimax`
(without ``width``). Below the root, the principal variation follows the first best
move in *search* order, and it stops early where a stored rating answered.

It is a setting of the one search (:mod:`lazytree.search.core`), so it rates chance
nodes as expectiminimax does (Star1 with the game's evaluation bounds).
:func:`~lazytree.search.deepening.iterative_deepening` (any rater; this one by default)
searches depth 1, 2, 3, ... within a :class:`Limit` and answers with the deepest
completed iteration.

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
    """Rate ``node`` by alpha-beta with stored ratings and move ordering (see the module).

    The defaults prune, reuse ratings and order moves, and give exactly minimax's value
    and best moves.

    Parameters
    ----------
    node:
        The root to rate (its tree may share positions: ``Tree(share=True)``).
    depth:
        Plies to look ahead; ``None`` searches to the end of the game; or a
        :class:`~lazytree.search.limit.Limit` (see :func:`lazytree.search.search`).
    player:
        The rating player; by default the player to move at ``node``.
    prune:
        Alpha-beta cut-offs; ``False`` gives plain minimax with the same leaf rules
        (quiescence, win distance), as a reference.
    ratings:
        Reuse stored ratings (and store them).
    order:
        Search rated children best first, the rest by the game's hint.
    hint:
        Use the game's hint: ``True``, ``False`` or ``None`` (auto: with a width, or
        when the root has at most :data:`~lazytree.search.core.HINT_MAX_MOVES` moves).
    quiescence:
        Extra plies of noisy moves searched past the depth limit (0: off).
    win_distance:
        Prefer the fastest win and the slowest loss (see :data:`WIN_BONUS`).
    width:
        Search only the first ``width`` moves of every node, in ordered order
        (``None``: all; not exact).

    Returns
    -------
    SearchResult
        As :func:`~lazytree.search.minimax.minimax`'s; ``complete`` is true when no
        leaf was cut off by the depth limit (the value is the game's value).

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
    """The play AI's ``width`` at ``node``: ``"auto"`` is 8 moves a node, 6 when
    ``node`` has more than 100 moves (so a clock of about a second still reaches 4
    plies on boards of hundreds of territories; positions with fewer moves are searched
    in full anyway); a number or ``None`` (all moves) is kept.

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
    """The play AI's search: :func:`alphabeta_tt` with stored ratings, ordering, win
    distance, a ``width`` (see :func:`play_width`) and ``quiescence`` (see
    :func:`play_quiescence`), deepened 1, 2, 3, ... plies within ``limit``
    (:func:`~lazytree.search.deepening.iterative_deepening`; with ``stop_when_forced``
    it stops after depth 1 when ``node`` has a single move). ``progress`` is called
    with each completed iteration.

    This generates the edges of ``node`` (to count them, building no child)
    when ``width`` or ``quiescence`` is ``"auto"``.

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
