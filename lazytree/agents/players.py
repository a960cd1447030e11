"""The agents that play: one class per kind (the books' depth AIs, the play AI, MCTS,
random, a game's own foreign AIs), each on its own lazy tree of the game."""

from __future__ import annotations

import collections
import copy
import dataclasses
import random
import struct
import time
from collections.abc import Callable, Hashable
from threading import Event
from typing import TYPE_CHECKING, Any, TypeAlias, TypeVar

from lazytree.agent import Agent, AgentError, Choice, Progress
from lazytree.ai import DEFAULT_CHANCE_DEPTH, choose_move
from lazytree.game import CHANCE, Game, GameAgents, NamedEvaluations
from lazytree.position_book import PositionBook, PositionBookError, booked_search
from lazytree.search import Limit, SearchResult, make_rater, search
from lazytree.search.limit import CLOCKS, DEFAULT_MEMORY
from lazytree.search.raters import MCTSRater
from lazytree.search.spelling import spell
from lazytree.tree import Node, Tree
from lazytree.weights import WeightsError, apply_weights_file

if TYPE_CHECKING:
    from lazytree.agents.registry import DefaultOptions, MCTSOptions

    AnyTree: TypeAlias = Tree[Any, Any]
    Found: TypeAlias = SearchResult[Any]

T = TypeVar("T")


def started(value: T | None, name: str) -> T:
    """``value``, set once a game has started (a ``RuntimeError`` before)."""
    if value is None:
        raise RuntimeError(f"{name}: start() a game first")
    return value


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
        return started(self._tree, self.name)

    def start(self, game: Game[Any, Any], state: Hashable, seed: int) -> None:
        self._tree = Tree(self.game_for(game), state, share=self.share)
        self.rng = None if self.tie_seed is None else random.Random(f"{self.tie_seed}/{seed}")

    def observe(self, move: Hashable) -> None:
        self.tree.play(move)

    def search(self, tree: AnyTree, stop: Event | None, progress: Progress | None) -> Found:
        raise NotImplementedError

    def choose(self, *, stop: Event | None = None, progress: Progress | None = None) -> Choice:
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
    """``game`` rated by its evaluation named ``book`` when it has one (*Realm of Racket*'s
    rating), else ``game`` itself."""
    if isinstance(game, NamedEvaluations) and "book" in game.evaluation_names():
        rated: Game[Any, Any] = game.rated_by("book")
        return rated
    return game


def rated_by(game: Game[Any, Any], eval: str | None, player: str) -> Game[Any, Any]:
    """``game`` rating with its evaluation named ``eval`` (None: its first) when it names
    several, else ``game``; :class:`AgentError` for an unknown name."""
    if not isinstance(game, NamedEvaluations):
        return game
    try:
        rated: Game[Any, Any] = game.rated_by(eval or game.evaluation_names()[0])
    except ValueError as exc:
        raise AgentError(f"{player}: {exc}") from None
    return rated


class DepthAgent(TreeAgent):
    """A book's AI: a search to a fixed ``depth`` under the default memory budget (which it
    cannot answer within raises :class:`~lazytree.search.limit.SearchStopped`)."""

    def __init__(self, name: str, depth: int) -> None:
        super().__init__(name)
        self.depth = depth
        self.limit = Limit(depth=depth, memory=DEFAULT_MEMORY)

    rater: str = "minimax"
    """The rater searched to ``depth`` (a spelling of :data:`lazytree.search.RATERS`)."""

    def limited(self, stop: Event | None) -> Limit:
        """The search's limit, stopped by ``stop`` too."""
        return self.limit if stop is None else dataclasses.replace(self.limit, stop=stop)

    def search(self, tree: AnyTree, stop: Event | None, progress: Progress | None) -> Found:
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


def offered_agent(
    game: Game[Any, Any], key: str, name: str, params: dict[str, Any], offered_by: str
) -> Any:
    """The agent ``game`` offers as ``key``, called ``name`` with ``params``;
    :class:`AgentError` when it offers none (``offered_by`` names who does) or refuses them."""
    agent = None
    if isinstance(game, GameAgents):
        try:
            agent = game.offered_agent(key, name, params)
        except AgentError:
            raise
        except ValueError as exc:
            raise AgentError(str(exc)) from None
    if agent is None:
        raise AgentError(f"{key} plays {offered_by} only, not {game.name}")
    return agent


class OfferedAgent(TreeAgent):
    """An agent a game offers as ``key`` with ``params`` (:func:`offered_agent`, e.g. Dice of
    Doom's ``lol2``), a :class:`TreeAgent` searching its own tree as the game's agent does."""

    def __init__(self, key: str, name: str, params: dict[str, Any], offered_by: str) -> None:
        super().__init__(name)
        self.key, self.params, self.offered_by = key, params, offered_by
        self._agent: TreeAgent | None = None

    @property
    def agent(self) -> TreeAgent:
        """The game's agent (after :meth:`start`)."""
        return started(self._agent, self.name)

    def game_for(self, game: Game[Any, Any]) -> Game[Any, Any]:
        agent = offered_agent(game, self.key, self.name, self.params, self.offered_by)
        if not isinstance(agent, TreeAgent):
            raise TypeError(f"{game.name} offers {self.key} as {agent!r}, not a TreeAgent")
        self._agent = agent
        self.share, self.stoppable = agent.share, agent.stoppable
        return agent.game_for(game)

    def search(self, tree: AnyTree, stop: Event | None, progress: Progress | None) -> Found:
        return self.agent.search(tree, stop, progress)


class ForeignAgent:
    """An agent a game offers as ``key`` (:func:`offered_agent`) that plays without a lazy tree
    (the Dice Wars framework's AIs): every call passed on to the game's agent."""

    stoppable = False

    def __init__(self, key: str, name: str, offered_by: str) -> None:
        self.key, self.name, self.offered_by = key, name, offered_by
        self._agent: Agent | None = None

    def start(self, game: Game[Any, Any], state: Hashable, seed: int) -> None:
        self._agent = agent = offered_agent(game, self.key, self.name, {}, self.offered_by)
        agent.start(game, state, seed)

    @property
    def agent(self) -> Agent:
        """The game's agent (after :meth:`start`)."""
        return started(self._agent, self.name)

    def choose(self, *, stop: Event | None = None, progress: Progress | None = None) -> Choice:
        return self.agent.choose(stop=stop, progress=progress)

    def observe(self, move: Hashable) -> None:
        self.agent.observe(move)


_SPENT: collections.deque[Node[Any, Any]] = collections.deque(maxlen=8)
"""The roots the clocked play AIs' trees had before the last moves: freed at the start of
the next clocked search, inside its clock, so that no move waits for an old tree to go."""


def release_spent() -> None:
    """Free what :data:`_SPENT` holds (whatever no one else still refers to)."""
    while _SPENT:
        try:
            _SPENT.popleft()
        except IndexError:  # another thread took the last one
            break


class DefaultAgent(TreeAgent):
    """The play AI: on a clock (``seconds``), iterative deepening with the play options until
    the time is spent (``stop`` answers at once); without a clock, ``rater`` to ``depth``, or
    deepening until ``nodes`` new nodes are built. ``nodes`` and ``memory`` bound one move's
    search.

    On a clock its tree starts again at the position when the turn passes to another player, so
    several such agents hold one grown tree at a time.
    """

    share = True

    def __init__(self, name: str, options: DefaultOptions) -> None:
        super().__init__(name, options.tie)
        self.options = options
        seconds, nodes, depth, rater = options.time, options.nodes, options.depth, options.rater
        self.weights, self.position_book_path = options.weights, options.position_book
        self.position_book: PositionBook | None = None
        if seconds is None and nodes is None and rater is None:
            raise AgentError(
                f"{name}: without a clock (time=none) give a node budget (nodes=) "
                "or a rater to search to depth (rater=)"
            )
        self.eval = options.eval
        self.memory = options.memory if options.memory is not None else DEFAULT_MEMORY
        try:
            if seconds is not None:  # a clock: the play AI's deepening, depth a cap
                spelled = f"deepening:width={spell(options.width)}"
                spelled += f":quiescence={spell(options.quiescence)}"
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
                clock=options.clock if seconds is not None else "wall",
            )
            self.rater = make_rater(spelled)
        except (TypeError, ValueError) as exc:
            raise AgentError(f"{name}: {exc}") from None
        self.seconds, self.nodes, self.depth = seconds, nodes, depth
        self._player: int | None = None  # the player it chose for last
        self.stoppable = seconds is not None or rater is None
        # a node budget counts new nodes only: on a shared tree (a DAG) a deep
        # iteration could walk old positions for ever without building one
        self.share = seconds is not None or rater is not None

    def game_for(self, game: Game[Any, Any]) -> Game[Any, Any]:
        game = rated_by(game, self.eval, self.name)
        try:  # a weights file (lazytree tune's JSON) replaces the evaluation's weights
            return apply_weights_file(game, self.weights)  # type: ignore[no-any-return]
        except WeightsError as exc:
            raise AgentError(f"{self.name}: {exc}") from None

    def start(self, game: Game[Any, Any], state: Hashable, seed: int) -> None:
        super().start(game, state, seed)
        self._player = None
        if self.position_book_path is not None and self.position_book is None:
            try:  # the position book: looked up before each search, filled after it
                self.position_book = PositionBook(self.position_book_path, self.tree.game)
            except PositionBookError as exc:
                raise AgentError(f"{self.name}: {exc}") from None

    def choose(self, *, stop: Event | None = None, progress: Progress | None = None) -> Choice:
        self._player = self.tree.root.player
        return super().choose(stop=stop, progress=progress)

    def observe(self, move: Hashable) -> None:
        tree = self.tree
        mine = self._player
        if self.seconds is None or mine is None:
            tree.play(move)
            return
        child = tree.root.child_for(move)
        _SPENT.append(tree.root)  # what the move leaves of the tree: freed on a clock
        if child.player in (mine, CHANCE):
            tree.play(move)
            return
        fresh: Tree[Any, Any] = Tree(tree.game, child.state, share=self.share)
        fresh.context.ply = tree.ply + 1  # the game's ply (win distances count from it)
        self._tree = fresh
        # the old tree's sharing table refers to its nodes, which refer to the table's
        # context (a cycle): emptied now, the nodes are freed at once rather than by the
        # next full collection
        tree.context.set_root(fresh.root)
        tree.context.prune()

    def search(self, tree: AnyTree, stop: Event | None, progress: Progress | None) -> Found:
        return booked_search(
            self.position_book,
            tree,
            lambda: self._search(tree, stop, progress),
            depth=self.depth or 1,
        )

    def _search(self, tree: AnyTree, stop: Event | None, progress: Progress | None) -> Found:
        limit = self.limit if stop is None else self.limit.replace(stop=stop)
        if _SPENT and limit.seconds is not None:
            clock = CLOCKS[limit.clock]
            start = clock()
            release_spent()  # the old trees go now, and their time counts on the clock
            rest = limit.seconds - (clock() - start)
            limit = limit.replace(seconds=max(rest, limit.seconds / 10))
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

    def choose(self, *, stop: Event | None = None, progress: Progress | None = None) -> Choice:
        assert self.game is not None
        start = time.perf_counter()
        move = self.rng.choice(list(self.game.legal_moves(self.state)))
        return Choice(move, time.perf_counter() - start, 0)

    def observe(self, move: Hashable) -> None:
        assert self.game is not None
        self.state = self.game.result(self.state, move)


class MCTSAgent(TreeAgent):
    """The ``mcts`` agent: one ``mcts`` rater per game, reused from move to move."""

    share = stoppable = True

    def __init__(self, name: str, options: MCTSOptions) -> None:
        super().__init__(name)
        self.options = options
        self.eval = options.eval
        seconds, nodes = options.time or None, options.nodes
        self.limit = Limit(seconds=seconds, nodes=nodes, memory=DEFAULT_MEMORY, clock=options.clock)
        self.playouts = playouts = options.playouts
        if playouts is not None and playouts < 1:
            raise ValueError(f"playouts must be >= 1, got {playouts}")
        self.c, self.cutoff, self.seed = options.c, options.cutoff, options.seed
        self._rater = MCTSRater(playouts=playouts, c=self.c, cutoff=self.cutoff)  # (checks them)

    def game_for(self, game: Game[Any, Any]) -> Game[Any, Any]:
        return rated_by(game, self.eval, self.name)

    def start(self, game: Game[Any, Any], state: Hashable, seed: int) -> None:
        super().start(game, state, seed)
        rng = random.Random(f"{self.seed}/{seed}")
        self._rater = MCTSRater(
            playouts=self.playouts, c=self.c, cutoff=self.cutoff, rng=rng, default_playouts=None
        )

    def search(self, tree: AnyTree, stop: Event | None, progress: Progress | None) -> Found:
        limit = self.limit if stop is None else dataclasses.replace(self.limit, stop=stop)
        result = search(tree.root, limit, self._rater)
        if not result.best_moves and stop is not None and stop.is_set():
            # stopped before its first playout: one playout gives it a move to play
            result = self._rater.searcher.search(tree.root, self.limit, playouts=1)
        if not result.best_moves:
            raise ValueError("mcts: no move to choose, the game is over")
        return reported(result, progress)
