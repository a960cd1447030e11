"""The AI agents: *Realm of Racket*'s AI, the play AI, MCTS and a random mover.

They implement :class:`~lazytree.agents.Agent` and are made by name from the registry
:data:`lazytree.agents.AGENTS` (where their parameters are listed); ``make_player``,
``parse_player``, ``PLAYERS`` and ``PlayerError`` stay importable from here. Each keeps
its own lazy tree of the game (its evaluation, its odds) from move to move. The agents a
game offers itself (Dice of Doom's ``lol2`` and ``lol4``) are made by the game
(:class:`~lazytree.game.GameAgents`) when an :class:`OfferedAgent` starts on it.

=========  ====================================================================
``ror``    *Realm of Racket*'s AI: minimax to depth 4 over the book's rating
           (a game's evaluation named ``book``, Dice of Doom's winner share; other
           games' own evaluation), the first best move.
``default`` The play AI (the ``deepening`` rater): a clock per move
           (``time``); with ``time=none`` a ``rater`` to ``depth``, or a node
           budget (``nodes``).
``mcts``   UCT on the lazy tree (:mod:`lazytree.search.mcts`).
``random`` A uniformly random legal move (seeded).
=========  ====================================================================

Examples
--------
>>> agent = make_player("ror:depth=3")
>>> type(agent).__name__, agent.name, agent.stoppable
('RorAgent', 'ror:depth=3', False)
"""

from __future__ import annotations

import copy
import dataclasses
import random
import struct
import threading
import time
from collections.abc import Callable, Hashable
from typing import Any

from lazytree.agents import AGENTS, Choice, PlayerError, Progress, make_agent
from lazytree.ai import DEFAULT_CHANCE_DEPTH, choose_move
from lazytree.book import Book, BookError, booked_search
from lazytree.game import Game, GameAgents, NamedEvaluations
from lazytree.search import Limit, SearchResult, make_rater, search
from lazytree.search.limit import DEFAULT_MEMORY, Clock
from lazytree.search.raters import MCTSRater
from lazytree.tree import Tree
from lazytree.weights import WeightsError, apply_weights_file

__all__ = [
    "PLAYERS",
    "DefaultAgent",
    "DepthAgent",
    "MCTSAgent",
    "OfferedAgent",
    "PlayerError",
    "RandomAgent",
    "RorAgent",
    "TreeAgent",
    "book_rating",
    "make_player",
    "parse_player",
    "rated_by",
    "reported",
    "single_float",
    "with_evaluation",
]

PLAYERS = AGENTS
"""The registry of :mod:`lazytree.agents`, by its older name."""
make_player = make_agent
""":func:`lazytree.agents.make_agent`, by its older name."""
parse_player = AGENTS.parse
"""``AGENTS.parse``: a name as ``(registry name, {parameter: value})``."""


class TreeAgent:
    """An agent that keeps a lazy tree of its own version of the game (its evaluation,
    its odds) and searches at its root; subclasses give :meth:`search`."""

    share = False
    stoppable = False

    def __init__(self, name: str, tie_seed: int | None = None) -> None:
        self.name = name
        self.tie_seed = tie_seed
        self.rng: random.Random | None = None
        self._tree: Tree[Any, Any] | None = None

    def game_for(self, game: Game[Any, Any]) -> Game[Any, Any]:
        """This player's version of ``game`` (by default the game itself)."""
        return game

    @property
    def tree(self) -> Tree[Any, Any]:
        if self._tree is None:
            raise RuntimeError(f"{self.name}: start() a game first")
        return self._tree

    def start(self, game: Game[Any, Any], state: Hashable, seed: int) -> None:
        self._tree = Tree(self.game_for(game), state, share=self.share)
        self.rng = None if self.tie_seed is None else random.Random(f"{self.tie_seed}/{seed}")

    def observe(self, move: Hashable) -> None:
        self.tree.play(move)

    def search(
        self,
        tree: Tree[Any, Any],
        stop: threading.Event | None = None,
        progress: Progress | None = None,
    ) -> SearchResult[Any]:
        raise NotImplementedError

    def choose(
        self, *, stop: threading.Event | None = None, progress: Progress | None = None
    ) -> Choice:
        tree = self.tree
        root = tree.root
        before = tree.stats.nodes_created
        start = time.perf_counter()
        result = self.search(tree, stop, progress)
        seconds = time.perf_counter() - start
        move = choose_move(result, self.rng)
        return Choice(move, seconds, tree.stats.nodes_created - before, result, root)


def reported(result: SearchResult[Any], progress: Progress | None) -> SearchResult[Any]:
    """``result``, given to ``progress`` first (a search that reports once, at its end)."""
    if progress is not None:
        progress(result)
    return result


def with_evaluation(game: Game[Any, Any], evaluate: Callable[[Any, int], float]) -> Any:
    """A copy of ``game`` whose ``evaluate(state, player)`` is ``evaluate`` (the rules
    and everything else shared)."""
    out = copy.copy(game)
    out.evaluate = evaluate  # type: ignore[method-assign,assignment]
    return out


def book_rating(game: Game[Any, Any]) -> Game[Any, Any]:
    """``game`` rated like *Realm of Racket*: by its evaluation named ``book`` (Dice of
    Doom's winner share) when it has one (:class:`~lazytree.game.NamedEvaluations`),
    else ``game`` itself."""
    if isinstance(game, NamedEvaluations) and "book" in game.evaluation_names():
        rated: Game[Any, Any] = game.rated_by("book")
        return rated
    return game


def rated_by(game: Game[Any, Any], eval: str | None, player: str) -> Game[Any, Any]:
    """``game`` rating with its evaluation named ``eval`` (None: the first of its
    :meth:`~lazytree.game.NamedEvaluations.evaluation_names`) when it has named
    evaluations, else ``game`` itself; :class:`PlayerError` for an unknown name."""
    if not isinstance(game, NamedEvaluations):
        return game
    try:
        rated: Game[Any, Any] = game.rated_by(eval or game.evaluation_names()[0])
    except ValueError as exc:
        raise PlayerError(f"{player}: {exc}") from None
    return rated


class DepthAgent(TreeAgent):
    """A book's AI: a search to a fixed ``depth`` (under the default memory budget: a
    search too big for it raises :class:`~lazytree.search.limit.SearchStopped`, as
    there is no shallower answer to fall back on)."""

    def __init__(self, name: str, depth: int) -> None:
        super().__init__(name)
        self.depth = depth
        self.limit = Limit(depth=depth, memory=DEFAULT_MEMORY)

    rater: str = "minimax"
    """The rater searched to ``depth`` (a spelling of :data:`lazytree.search.RATERS`)."""

    def limited(self, stop: threading.Event | None) -> Limit:
        """The search's limit, stopped by ``stop`` too."""
        return self.limit if stop is None else dataclasses.replace(self.limit, stop=stop)

    def search(
        self,
        tree: Tree[Any, Any],
        stop: threading.Event | None = None,
        progress: Progress | None = None,
    ) -> SearchResult[Any]:
        return search(tree.root, self.limited(stop), self.rater, progress=progress)


class RorAgent(DepthAgent):
    """*Realm of Racket*: minimax over the book's rating, first best move."""

    def game_for(self, game: Game[Any, Any]) -> Game[Any, Any]:
        return book_rating(game)


_SINGLE = struct.Struct("f")


def single_float(x: float) -> float:
    """``x`` rounded to the nearest single float (IEEE binary32), as Lisp computes
    with the book's ``0.84``: the reader makes it a single float.

    >>> single_float(0.84), single_float(1.0 - single_float(0.84))
    (0.8399999737739563, 0.1600000262260437)
    """
    return float(_SINGLE.unpack(_SINGLE.pack(x))[0])


_single = single_float


class OfferedAgent(TreeAgent):
    """An agent a game offers (:class:`~lazytree.game.GameAgents`, e.g. Dice of Doom's
    ``lol2``), registered by name as ``key`` with ``params``: when it starts on a game it
    asks the game for that agent (a :class:`TreeAgent`) and searches its own tree as that
    agent does. ``offered_by`` names the games that offer it, for the message when the
    game does not."""

    def __init__(self, key: str, name: str, params: dict[str, Any], offered_by: str) -> None:
        super().__init__(name)
        self.key, self.params, self.offered_by = key, params, offered_by
        self._agent: TreeAgent | None = None

    @property
    def agent(self) -> TreeAgent:
        """The game's agent (after :meth:`start`)."""
        if self._agent is None:
            raise RuntimeError(f"{self.name}: start() a game first")
        return self._agent

    def game_for(self, game: Game[Any, Any]) -> Game[Any, Any]:
        agent = None
        if isinstance(game, GameAgents):
            try:
                agent = game.offered_agent(self.key, self.name, self.params)
            except PlayerError:
                raise
            except ValueError as exc:
                raise PlayerError(str(exc)) from None
        if agent is None:
            raise PlayerError(f"{self.key} plays {self.offered_by} only, not {game.name}")
        if not isinstance(agent, TreeAgent):
            raise TypeError(f"{game.name} offers {self.key} as {agent!r}, not a TreeAgent")
        self._agent = agent
        self.share, self.stoppable = agent.share, agent.stoppable
        return agent.game_for(game)

    def search(
        self,
        tree: Tree[Any, Any],
        stop: threading.Event | None = None,
        progress: Progress | None = None,
    ) -> SearchResult[Any]:
        return self.agent.search(tree, stop, progress)


class DefaultAgent(TreeAgent):
    """The play AI, in one of three ways:

    * a clock (``seconds``): iterative deepening with the play options (``width``,
      ``quiescence``; ``depth`` an optional cap) until the time is spent; ``stop``
      answers at once with the deepest search completed;
    * no clock and a ``rater``: that rater to ``depth`` (the books' kind of AI);
    * no clock and no rater: iterative deepening until ``nodes`` new nodes are built.

    ``nodes`` and ``memory`` are budgets of one move's search in every way.
    """

    share = True

    def __init__(
        self,
        name: str,
        seconds: float | None,
        nodes: int | None,
        depth: int | None,
        eval: str | None,
        weights: str | None = None,
        book: str | None = None,
        clock: Clock = "cpu",
        *,
        width: int | str | None = "auto",
        quiescence: int | str = "auto",
        rater: str | None = None,
        memory: int | None = None,
        tie: int | None = None,
    ) -> None:
        super().__init__(name, tie)
        self.weights, self.book_path = weights, book
        self.book: Book | None = None
        if seconds is None and nodes is None and rater is None:
            raise PlayerError(
                f"{name}: without a clock (time=none) give a node budget (nodes=) "
                "or a rater to search to depth (rater=)"
            )
        self.eval = eval
        self.memory = memory if memory is not None else DEFAULT_MEMORY
        try:
            if seconds is not None:  # a clock: the play AI's deepening, depth a cap
                spelled = f"deepening:width={'none' if width is None else width}"
                spelled += f":quiescence={quiescence}"
            elif rater is not None:  # a rater to a fixed depth, like the books' AIs
                spelled, depth = rater, depth or DEFAULT_CHANCE_DEPTH
            else:  # deepening until the node budget runs out
                spelled = "deepening"
            if depth is not None and depth < 1:
                raise ValueError(f"depth must be a whole number >= 1, got {depth}")
            self.limit = Limit(
                depth=depth,
                seconds=seconds,
                nodes=nodes,
                memory=self.memory,
                clock=clock if seconds is not None else "wall",
            )
            self.rater = make_rater(spelled)
        except (TypeError, ValueError) as exc:
            raise PlayerError(f"{name}: {exc}") from None
        self.seconds, self.nodes, self.depth = seconds, nodes, depth
        self.stoppable = seconds is not None or rater is None
        # a node budget counts new nodes only: on a shared tree (a DAG) a deep
        # iteration could walk old positions for ever without building one
        self.share = seconds is not None or rater is not None

    def game_for(self, game: Game[Any, Any]) -> Game[Any, Any]:
        game = rated_by(game, self.eval, self.name)
        try:  # a weights file (lazytree tune's JSON) replaces the evaluation's weights
            return apply_weights_file(game, self.weights)  # type: ignore[no-any-return]
        except WeightsError as exc:
            raise PlayerError(f"{self.name}: {exc}") from None

    def start(self, game: Game[Any, Any], state: Hashable, seed: int) -> None:
        super().start(game, state, seed)
        if self.book_path is not None and self.book is None:
            try:  # the position book: looked up before each search, filled after it
                self.book = Book(self.book_path, self.tree.game)
            except BookError as exc:
                raise PlayerError(f"{self.name}: {exc}") from None

    def search(
        self,
        tree: Tree[Any, Any],
        stop: threading.Event | None = None,
        progress: Progress | None = None,
    ) -> SearchResult[Any]:
        return booked_search(
            self.book, tree, lambda: self._search(tree, stop, progress), depth=self.depth or 1
        )

    def _search(
        self,
        tree: Tree[Any, Any],
        stop: threading.Event | None = None,
        progress: Progress | None = None,
    ) -> SearchResult[Any]:
        limit = self.limit if stop is None else self.limit.replace(stop=stop)
        return search(tree.root, limit, self.rater, progress=progress)


class RandomAgent:
    """A uniformly random legal move, from ``random.Random`` seeded by the game's seed."""

    def __init__(self, name: str, seed: int) -> None:
        self.name = name
        self.stoppable = False
        self.seed = seed
        self.game: Game[Any, Any] | None = None
        self.state: Any = None
        self.rng = random.Random(seed)

    def start(self, game: Game[Any, Any], state: Hashable, seed: int) -> None:
        self.game, self.state = game, state
        self.rng = random.Random(f"{self.seed}/{seed}")

    def choose(
        self, *, stop: threading.Event | None = None, progress: Progress | None = None
    ) -> Choice:
        assert self.game is not None
        start = time.perf_counter()
        move = self.rng.choice(list(self.game.legal_moves(self.state)))
        return Choice(move, time.perf_counter() - start, 0)

    def observe(self, move: Hashable) -> None:
        assert self.game is not None
        self.state = self.game.result(self.state, move)


class MCTSAgent:
    """The ``mcts`` player: one ``mcts`` rater per game, reused from move to move."""

    def __init__(
        self,
        name: str,
        *,
        playouts: int | None,
        seconds: float | None,
        nodes: int | None,
        c: float,
        cutoff: int,
        seed: int,
        eval: str | None = None,
        clock: Clock = "cpu",
    ) -> None:
        self.name = name
        self.stoppable = True
        self.eval = eval
        self.limit = Limit(seconds=seconds, nodes=nodes, memory=DEFAULT_MEMORY, clock=clock)
        self.playouts = playouts
        if playouts is not None and playouts < 1:
            raise ValueError(f"playouts must be >= 1, got {playouts}")
        self.c, self.cutoff, self.seed = c, cutoff, seed
        self._tree: Tree[Any, Any] | None = None
        self._rater = MCTSRater(playouts=playouts, c=c, cutoff=cutoff)  # (checks them)

    def start(self, game: Game[Any, Any], state: Hashable, seed: int) -> None:
        game = rated_by(game, self.eval, self.name)
        self._tree = Tree(game, state, share=True)
        rng = random.Random(f"{self.seed}/{seed}")
        self._rater = MCTSRater(
            playouts=self.playouts, c=self.c, cutoff=self.cutoff, rng=rng, default_playouts=None
        )

    def observe(self, move: Hashable) -> None:
        assert self._tree is not None
        self._tree.play(move)

    def choose(
        self, *, stop: threading.Event | None = None, progress: Progress | None = None
    ) -> Choice:
        tree = self._tree
        assert tree is not None
        root = tree.root
        before = tree.stats.nodes_created
        start = time.perf_counter()
        limit = self.limit if stop is None else dataclasses.replace(self.limit, stop=stop)
        result = search(root, limit, self._rater)
        if not result.best_moves and stop is not None and stop.is_set():
            # stopped before its first playout: one playout gives it a move to play
            result = self._rater.searcher.search(root, self.limit, playouts=1)
        if not result.best_moves:
            raise ValueError("mcts: no move to choose, the game is over")
        return Choice(
            result.best_moves[0],
            time.perf_counter() - start,
            tree.stats.nodes_created - before,
            reported(result, progress),
            root,
        )
