"""Raters by name, :func:`search`, the one entry every search goes through, and
:func:`iterative_deepening` of any rater.

A rater is spelled as everything else a user picks by name (:mod:`lazytree.spec`):
its name, then ``:key=value`` parameters, e.g. ``"alphabeta-tt:width=8:quiescence=1"``
or ``"mcts:playouts=500:c=1.4:seed=3"``. :data:`RATERS` lists every rater with its typed
parameters; :func:`make_rater` checks a spelling there (a bad name or parameter is a
one-line :class:`RaterError`) and makes a :class:`Rater`; :func:`search` rates a node
with one, within a :class:`~lazytree.search.limit.Limit`.

==================  =====================================================================
``minimax``         plain minimax (:func:`~lazytree.search.minimax.minimax`)
``alphabeta``       alpha-beta in the game's move order; ``alphabeta:textbook`` searches
                    the root as the lectures do (one best move, the textbook's cuts)
``alphabeta-tt``    alpha-beta with stored ratings, ordering, quiescence, win distance,
                    a width (:func:`~lazytree.search.engine.alphabeta_tt`)
``expectiminimax``  alpha-beta with expectations (Star1) at chance nodes
``paranoid``        alpha-beta against every other player at once
``maxn``            max^n: each player maximises its own component
``auto``            expectiminimax for games with chance nodes, else alphabeta
``deepening``       the play AI: alphabeta-tt with the play settings, deepened 1, 2, ...
                    within the limit (:func:`~lazytree.search.engine.deepening`)
``mcts``            UCT on the lazy tree (:class:`~lazytree.search.mcts.MCTS`); one
                    made rater keeps its statistics from search to search
==================  =====================================================================

Examples
--------
>>> from lazytree.tree import Tree
>>> from lazytree.games.tree_game import TreeGame
>>> tree = Tree(TreeGame([[3, 12, 8], [2, 4, 6], [14, 5, 2]]))
>>> search(tree.root, Limit(depth=2), "alphabeta-tt:width=2").best_moves
(0,)
>>> search(tree.root, Limit(depth=2)).rater
'alphabeta'
>>> search(tree.root, Limit(), "mcts:playouts=300:seed=1").mcts.playouts
300
>>> make_rater("alphabeta-tt:depth=3")  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
lazytree.search.raters.RaterError: alphabeta-tt has no parameter 'depth' (parameters: prune, ...)
"""

from __future__ import annotations

import random
from collections.abc import Callable, Hashable
from typing import Any, TypeVar

from lazytree.checks import require_node
from lazytree.game import Player
from lazytree.gcpause import search_paused
from lazytree.search.alphabeta import alphabeta
from lazytree.search.core import as_limit
from lazytree.search.deepen import RaterFn, check_limit, deepen
from lazytree.search.engine import alphabeta_tt, deepening
from lazytree.search.expectiminimax import expectiminimax
from lazytree.search.limit import Limit
from lazytree.search.mcts import MCTS
from lazytree.search.minimax import minimax
from lazytree.search.multiplayer import auto, maxn, paranoid
from lazytree.search.result import SearchResult
from lazytree.search.spelling import Width, parse_quiescence, parse_width
from lazytree.spec import Param, Registry, Spec, SpecError
from lazytree.tree import Node

S = TypeVar("S", bound=Hashable)
M = TypeVar("M", bound=Hashable)

__all__ = [
    "DEFAULT_PLAYOUTS",
    "RATERS",
    "MCTSRater",
    "Rater",
    "RaterError",
    "get_rater",
    "iterative_deepening",
    "make_rater",
    "search",
]

DEFAULT_PLAYOUTS = 1000
"""Playouts of an ``mcts`` search without ``playouts`` and without seconds in its limit."""

Progress = Callable[[SearchResult[Any]], None]


class RaterError(SpecError):
    """A rater spelling that names no rater, or a bad parameter (one line for the user)."""


class Rater:
    """A rater made from its spelling: ``rater(node, limit, *, player=None)`` rates
    ``node`` within ``limit`` (a :class:`Limit`, a depth in plies, or ``None``: to the
    end of the game) from ``player``'s point of view (by default the player to move).

    ``text`` is its spelling, ``name`` the registry name; a caller may ask ``anytime``
    (a budget that runs out leaves its best answer, not
    :class:`~lazytree.search.limit.SearchStopped`), ``has_depth`` (not ``mcts``),
    ``all_best`` (not ``alphabeta:textbook``) and :attr:`visits`."""

    def __init__(
        self,
        text: str,
        function: Callable[..., SearchResult[Any]],
        params: dict[str, Any] | None = None,
        *,
        deepens: bool = False,
    ) -> None:
        self.text = text
        self.name = text.split(":", 1)[0]
        self.function = function
        self.params = dict(params or {})
        self.deepens = deepens
        self.anytime = deepens
        self.has_depth = True
        self.all_best = not self.params.get("textbook", False)

    @property
    def visits(self) -> Callable[[Node[Any, Any]], dict[Hashable, int]] | None:
        """For a rater that counts visits (``mcts``), the visits of a node's generated
        edges by move; ``None`` for the others."""
        return None

    def __repr__(self) -> str:
        return f"Rater({self.text!r})"

    def deepened(self) -> Rater:
        """This rater searched at depth 1, 2, 3, ... within the limit, answering with the
        deepest completed iteration
        (:func:`iterative_deepening`); a rater that already
        answers whenever it stops (``anytime``) is returned as it is.

        >>> from lazytree.tree import Tree
        >>> from lazytree.games.tree_game import TreeGame
        >>> r = search(Tree(TreeGame([[3, 12], [2, 4]])).root, 5, make_rater("minimax").deepened())
        >>> r.rater, r.deepening.searched_by, r.depth
        ('deepening', 'minimax', 2)
        """
        if self.anytime:
            return self
        deepened = Rater(self.text, deepen, {"rater": self}, deepens=True)
        deepened.all_best = self.all_best
        return deepened

    def __call__(
        self,
        node: Node[S, M],
        limit: Limit | int | None,
        *,
        player: Player | None = None,
        progress: Progress | None = None,
    ) -> SearchResult[M]:
        require_node(node)
        whole = as_limit(limit)
        if self.deepens:
            return self.function(node, whole, player=player, progress=progress, **self.params)
        result: SearchResult[M] = self.function(node, whole, player=player, **self.params)
        if progress is not None:
            progress(result)
        return result


class MCTSRater(Rater):
    """The ``mcts`` rater: one :class:`~lazytree.search.mcts.MCTS` whose statistics
    stay from search to search (rate the next position of the same tree after
    :meth:`~lazytree.tree.Tree.play` and what lies below the move played is reused).

    UCT has no depth: it runs ``playouts`` iterations (``None``: until the limit, or
    ``default_playouts`` without seconds) and answers with its most visited move, for
    the player to move; ``rng`` (default ``random.Random(seed)``) draws every choice."""

    def __init__(
        self,
        text: str = "mcts",
        *,
        playouts: int | None = None,
        c: float = 1.4,
        cutoff: int = 8,
        seed: int = 0,
        rng: random.Random | None = None,
        default_playouts: int | None = DEFAULT_PLAYOUTS,
    ) -> None:
        if playouts is not None and (isinstance(playouts, bool) or playouts < 1):
            raise RaterError(f"mcts: playouts must be >= 1, got {playouts}")
        try:
            self.searcher = MCTS(c, cutoff, rng if rng is not None else random.Random(seed))
        except ValueError as exc:
            raise RaterError(f"mcts: {exc}") from None
        self.playouts = playouts
        self.default_playouts = default_playouts
        super().__init__(text, self._run)
        self.anytime, self.has_depth = True, False

    @property
    def visits(self) -> Callable[[Node[Any, Any]], dict[Hashable, int]] | None:
        return self.searcher.edge_visits

    def _run(
        self, node: Node[Any, Any], limit: Limit, *, player: Player | None = None
    ) -> SearchResult[Any]:
        if player is not None and player != node.player:
            raise ValueError("mcts rates from the point of view of the player to move")
        playouts = self.playouts
        if playouts is None and limit.seconds is None:
            playouts = self.default_playouts
        return self.searcher.search(node, limit.replace(depth=None), playouts=playouts)


def _function_rater(function: Callable[..., SearchResult[Any]]) -> Callable[..., Rater]:
    def make(text: str, **params: Any) -> Rater:
        return Rater(text, function, params)

    return make


def _width(name: str, value: Any, *, auto: bool = True) -> Width:
    """The rater ``name``'s ``width`` (:func:`~lazytree.search.spelling.parse_width`);
    ``auto`` only where the rater resolves it (``deepening``)."""
    try:
        width = parse_width(value)
    except ValueError as exc:
        raise RaterError(f"{name}: {exc}") from None
    if width == "auto" and not auto:
        raise RaterError(f"{name}: width must be a whole number >= 1 or all, got 'auto'")
    return width


def _make_alphabeta_tt(text: str, *, width: Any, **params: Any) -> Rater:
    return Rater(text, alphabeta_tt, {**params, "width": _width("alphabeta-tt", width, auto=False)})


def _make_deepening(text: str, *, width: Any, quiescence: Any, **params: Any) -> Rater:
    params["width"] = _width("deepening", width)
    if quiescence is None:
        raise RaterError("deepening: quiescence is a whole number >= 0 or auto, not none")
    try:
        params["quiescence"] = parse_quiescence(quiescence)
    except ValueError as exc:
        raise RaterError(f"deepening: {exc}") from None
    return Rater(text, deepening, params, deepens=True)


def _make_mcts(text: str, **params: Any) -> Rater:
    return MCTSRater(text, **params)


def _plain(name: str, summary: str, function: Callable[..., Any]) -> Spec[Rater]:
    return Spec(name, summary, (), _function_rater(function))


RATERS: Registry[Rater] = Registry("rater", RaterError)
"""Every rater by name, with its parameters (see the module)."""

for _spec in (
    _plain("minimax", "Plain minimax", minimax),
    Spec(
        "alphabeta",
        "Alpha-beta in the game's move order",
        (
            Param(
                "textbook",
                bool,
                False,
                "Search the root as the lectures do: one best move, the textbook's cuts.",
            ),
        ),
        _function_rater(alphabeta),
    ),
    Spec(
        "alphabeta-tt",
        "Alpha-beta with stored ratings, ordering, quiescence, a width",
        (
            Param("prune", bool, True, "Alpha-beta cut-offs."),
            Param("ratings", bool, True, "Reuse stored ratings."),
            Param("order", bool, True, "Search rated children best first, then by the hint."),
            Param("hint", bool, None, "Use the game's move-ordering hint (none: auto)."),
            Param("quiescence", int, 0, "Extra plies of noisy moves past the depth."),
            Param("win_distance", bool, False, "Prefer the fastest win, the slowest loss."),
            Param("width", str, "all", "Moves searched per node: a number or all."),
        ),
        _make_alphabeta_tt,
    ),
    Spec(
        "expectiminimax",
        "Alpha-beta with expectations at chance nodes",
        (
            Param(
                "star1",
                bool,
                True,
                "Star1 pruning at chance nodes (with evaluation bounds); false: no pruning.",
            ),
        ),
        _function_rater(expectiminimax),
    ),
    _plain("paranoid", "Alpha-beta against every other player at once", paranoid),
    _plain("maxn", "Max^n: each player maximises its own value", maxn),
    _plain("auto", "Expectiminimax for games with chance, else alphabeta", auto),
    Spec(
        "deepening",
        "The play AI: alphabeta-tt with the play settings, deepened within the limit",
        (
            Param("width", str, "auto", "Moves searched per node: a number, all or auto."),
            Param("quiescence", str, "auto", "Extra plies of noisy moves: a number or auto."),
            Param("win_distance", bool, True, "Prefer the fastest win, the slowest loss."),
            Param("stop_when_forced", bool, True, "Stop after depth 1 at a single move."),
        ),
        _make_deepening,
    ),
    Spec(
        "mcts",
        "UCT Monte Carlo tree search on the lazy tree",
        (
            Param("playouts", int, None, "Iterations (none: until the limit).", low=1),
            Param("c", float, 1.4, "UCT exploration constant."),
            Param("cutoff", int, 8, "Random playout moves before the evaluation rates it."),
            Param("seed", int, 0, "Seed of the random playouts."),
        ),
        _make_mcts,
    ),
):
    RATERS.register(_spec)


def make_rater(text: str) -> Rater:
    """The rater ``text`` spells (``"minimax"``, ``"alphabeta-tt:width=8"``, ...);
    :class:`RaterError` (a ``ValueError``) with one line naming the known raters or
    parameters otherwise."""
    return RATERS.make(text)


def get_rater(name: str) -> Rater:
    """The rater ``name`` spells (as :func:`make_rater`)."""
    return make_rater(name)


def _iteration_rater(rater: RaterFn | str | None) -> RaterFn:
    """The rater of each iteration: a function, a spelling of :data:`RATERS`, or by
    default :func:`~lazytree.search.engine.alphabeta_tt`."""
    if rater is None:
        return alphabeta_tt
    return make_rater(rater) if isinstance(rater, str) else rater


def iterative_deepening(
    node: Node[S, M],
    limit: Limit,
    *,
    rater: RaterFn | str | None = None,
    fallback: RaterFn | None = None,
    player: Player | None = None,
    stop_when_forced: bool = False,
    progress: Callable[[SearchResult[M]], None] | None = None,
) -> SearchResult[M]:
    """Search ``node`` to depth 1, 2, 3, ... until ``limit``; answer with the deepest
    completed iteration (with ``stop_when_forced``, after depth 1 when ``node`` has a
    single move: a player needs no clock to find it).

    Parameters
    ----------
    node:
        The root to rate.
    limit:
        When to stop: ``depth`` is the deepest iteration tried (``None``: until another
        part of the limit stops it); seconds, nodes, memory and the stop event count
        over all iterations. A limit with no part at all is a ``ValueError``.
    rater:
        A function ``rater(node, limit, *, player=None)`` or a rater's name as
        :func:`~lazytree.search.search` spells it (``"alphabeta-tt:width=8"``); by
        default :func:`~lazytree.search.engine.alphabeta_tt`, whose stored ratings
        order each iteration by the previous one.
    fallback:
        The rater of the one-ply answer (without a clock) when even the first iteration
        is interrupted (by default ``rater``): there is always an answer.
    player:
        The rating player; by default the player to move at ``node``.
    stop_when_forced:
        Stop after depth 1 when the root has a single move.
    progress:
        Called with each completed iteration's result (from the searching thread).

    Returns
    -------
    SearchResult
        The deepest completed iteration's answer (the deepening also stops once one
        solved the game), ``stats`` of all iterations, ``rater`` ``"deepening"`` and a
        :class:`~lazytree.search.result.Deepening` record of the iterations and of
        why it stopped.

    Examples
    --------
    >>> from lazytree.tree import Tree
    >>> from lazytree.games.tree_game import TreeGame
    >>> tree = Tree(TreeGame([[3, 12, 8], [2, 4, 6], [14, 5, 2]]))
    >>> r = iterative_deepening(tree.root, Limit(depth=5))
    >>> r.value, r.depth, [it.depth for it in r.deepening.iterations]
    (3.0, 2, [1, 2])
    >>> iterative_deepening(tree.root, Limit(depth=5), rater="minimax").best_moves
    (0,)
    """
    check_limit(limit)
    return deepen(
        node,
        limit,
        rater=_iteration_rater(rater),
        fallback=fallback,
        player=player,
        stop_when_forced=stop_when_forced,
        progress=progress,
    )


def search(
    node: Node[S, M],
    limit: Limit | int | None,
    rater: str | Rater | Callable[..., SearchResult[Any]] = "auto",
    *,
    player: Player | None = None,
    progress: Progress | None = None,
) -> SearchResult[M]:
    """Rate ``node`` within ``limit`` with ``rater``: the one entry of every search.

    ``limit`` is a :class:`Limit`, a depth in plies, or ``None`` (to the end of the
    game); a rater that searches to a depth raises
    :class:`~lazytree.search.limit.SearchStopped` when another part of it runs out,
    ``deepening`` and ``mcts`` answer with what they have. ``rater`` is a spelling of
    :data:`RATERS` (``"alphabeta-tt:width=8"``), a rater made before
    (:func:`make_rater`; an ``mcts`` rater keeps its statistics) or a rater function.
    ``player`` is the rating player (by default the player to move); ``progress`` gets
    each completed iteration of ``deepening``, the result of any other rater.
    """
    if isinstance(rater, str):
        rater = make_rater(rater)
    if not isinstance(rater, Rater):
        rater = Rater(getattr(rater, "__name__", "rater"), rater)
    with search_paused():  # one pause for the whole search (see lazytree.gcpause)
        return rater(node, limit, player=player, progress=progress)
