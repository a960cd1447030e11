"""The AI agents: *Realm of Racket*'s AI, the play AI, MCTS and a random mover.

They implement :class:`~lazytree.agent.Agent` and are made by name from the registry
:data:`AGENTS` at the end of this module (every agent with its parameters;
:mod:`lazytree.agents` is its public face); ``make_player``, ``parse_player``,
``PLAYERS`` and ``PlayerError`` stay importable from here. Each keeps
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

import collections
import copy
import dataclasses
import random
import struct
import threading
import time
from collections.abc import Callable, Hashable
from typing import Any, cast

from lazytree.agent import HUMAN, Agent, Choice, HumanAgent, PlayerError, Progress
from lazytree.ai import DEFAULT_CHANCE_DEPTH, choose_move
from lazytree.book import Book, BookError, booked_search
from lazytree.game import CHANCE, Game, GameAgents, NamedEvaluations
from lazytree.search import Limit, SearchResult, make_rater, search
from lazytree.search.limit import CLOCKS, DEFAULT_MEMORY, Clock
from lazytree.search.raters import MCTSRater
from lazytree.spec import Param, Registry, Spec
from lazytree.tree import Node, Tree
from lazytree.weights import WeightsError, apply_weights_file

__all__ = [
    "AGENTS",
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
    "is_human",
    "make_agent",
    "make_ai",
    "make_player",
    "parse_player",
    "rated_by",
    "reported",
    "single_float",
    "with_evaluation",
]


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


_SPENT: collections.deque[Node[Any, Any]] = collections.deque(maxlen=8)
"""The roots the clocked play AIs' trees had before the moves played since: what those
moves left of the trees (the node an agent's :class:`Choice` names keeps it until the
driver lets the choice go) is freed at the start of the next clocked search in the
process, inside its clock, before it grows a tree: a move then never waits for the
previous move's tree to be freed. At most the last few are kept; an older one is
freed when a new one comes."""


def release_spent() -> None:
    """Free what :data:`_SPENT` holds (whatever no one else still refers to)."""
    while _SPENT:
        try:
            _SPENT.popleft()
        except IndexError:  # another thread took the last one
            break


class DefaultAgent(TreeAgent):
    """The play AI, in one of three ways:

    * a clock (``seconds``): iterative deepening with the play options (``width``,
      ``quiescence``; ``depth`` an optional cap) until the time is spent; ``stop``
      answers at once with the deepest search completed;
    * no clock and a ``rater``: that rater to ``depth`` (the books' kind of AI);
    * no clock and no rater: iterative deepening until ``nodes`` new nodes are built.

    ``nodes`` and ``memory`` are budgets of one move's search in every way.

    On a clock its tree is kept while its own player (or chance) is to move, and starts
    again at the position when the turn passes to another player: what it searched of
    the other players' turns is mostly left behind by their first moves, and a game of
    several such agents then holds one grown tree at a time, not one per seat.
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
            raise PlayerError(f"{self.name}: {exc}") from None

    def start(self, game: Game[Any, Any], state: Hashable, seed: int) -> None:
        super().start(game, state, seed)
        self._player = None
        if self.book_path is not None and self.book is None:
            try:  # the position book: looked up before each search, filled after it
                self.book = Book(self.book_path, self.tree.game)
            except BookError as exc:
                raise PlayerError(f"{self.name}: {exc}") from None

    def choose(
        self, *, stop: threading.Event | None = None, progress: Progress | None = None
    ) -> Choice:
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


# -- the registry ------------------------------------------------------------------------
AGENTS: Registry[Agent] = Registry("player", PlayerError)
"""Every agent by name, in registration order."""


def make_agent(text: str) -> Agent:
    """The :class:`Agent` named ``text`` (:class:`PlayerError` for a bad name)."""
    return AGENTS.make(text)


def is_human(text: str) -> bool:
    """Whether the agent named ``text`` is a person (:class:`PlayerError` for a bad name)."""
    return AGENTS.spec(text).name == HUMAN


def make_ai(text: str) -> Agent:
    """:func:`make_agent` for a driver without a person (the arena, tune): a
    :class:`PlayerError` for ``human``."""
    if is_human(text):
        raise PlayerError("human plays in lazytree play and serve, not without a person")
    return make_agent(text)


def _positive(name: str, key: str, value: int | None) -> int | None:
    if value is not None and value < 1:
        raise PlayerError(f"{name}: {key} must be >= 1, got {value}")
    return value


def _depth(default: int) -> Param:
    return Param("depth", int, default, "Search depth in moves.")


def _make_ror(name: str, depth: int) -> Agent:
    return RorAgent(name, _positive(name, "depth", depth) or 4)


def _offered(key: str, offered_by: str, default_depth: int) -> Callable[..., Agent]:
    """The maker of agent ``key``, which the games of ``offered_by`` offer
    (:class:`~lazytree.game.GameAgents`): checks the depth, and the game makes the agent
    when it starts (:class:`~lazytree.players.OfferedAgent`)."""

    def make(name: str, depth: int) -> Agent:
        depth = _positive(name, "depth", depth) or default_depth
        return OfferedAgent(key, name, {"depth": depth}, offered_by)

    return make


def _clock(name: str, clock: str) -> Clock:
    if clock not in CLOCKS:
        raise PlayerError(f"{name}: clock must be cpu or wall, got {clock!r}")
    return cast(Clock, clock)


def _width(name: str, text: str | None) -> int | str | None:
    """``width``: a number >= 1, ``all`` or none (every move), or ``auto``."""
    t = "all" if text is None else text.strip().lower()
    if t in ("auto", "all"):
        return None if t == "all" else t
    if not t.isdigit() or int(t) < 1:
        raise PlayerError(f"{name}: width must be a number >= 1, all or auto, got {text!r}")
    return int(t)


def _quiescence(name: str, text: str) -> int | str:
    """``quiescence``: a number >= 0 or ``auto``."""
    t = str(text).strip().lower()
    if t == "auto":
        return t
    if not t.isdigit():
        raise PlayerError(f"{name}: quiescence must be a number >= 0 or auto, got {text!r}")
    return int(t)


def _make_default(
    name: str,
    time: float | None,
    nodes: int | None,
    depth: int | None,
    eval: str | None,
    weights: str | None = None,
    book: str | None = None,
    clock: str = "cpu",
    width: str | None = "auto",
    quiescence: str = "auto",
    rater: str | None = None,
    memory: int | None = None,
    tie: int | None = None,
) -> Agent:
    if time == 0:
        time = None
    return DefaultAgent(
        name,
        time,
        _positive(name, "nodes", nodes),
        depth,
        eval,
        weights,
        book,
        _clock(name, clock),
        width=_width(name, width),
        quiescence=_quiescence(name, quiescence),
        rater=rater,
        memory=_positive(name, "memory", memory),
        tie=tie,
    )


def _make_mcts(
    name: str,
    playouts: int | None,
    time: float | None,
    nodes: int | None,
    c: float,
    cutoff: int,
    seed: int,
    eval: str | None,
    clock: str = "cpu",
) -> Agent:
    if playouts is None and time is None and nodes is None:
        raise PlayerError(f"{name}: give playouts, time or nodes")
    try:
        return MCTSAgent(
            name,
            playouts=playouts,
            seconds=time or None,
            nodes=nodes,
            c=c,
            cutoff=cutoff,
            seed=seed,
            eval=eval,
            clock=_clock(name, clock),
        )
    except (TypeError, ValueError) as exc:
        raise PlayerError(f"{name}: {exc}") from None


def _make_random(name: str, seed: int) -> Agent:
    return RandomAgent(name, seed)


def _make_human(name: str) -> Agent:
    return HumanAgent(name)


CLOCK_PARAM = Param(
    "clock", str, "cpu", "What time counts: cpu (the search's own CPU time) or wall."
)
"""The ``clock`` parameter of the clocked agents (see :data:`~lazytree.search.limit.CLOCKS`)."""

EVAL_HELP = "The game's evaluation by name, where it has several (Dice of Doom: heuristic)."
"""The ``eval`` parameter's help (:class:`~lazytree.game.NamedEvaluations`; an agent
checks the name when it starts on a game, other games ignore it)."""

AGENTS.register(Spec("ror", "Realm of Racket: minimax, book rating", (_depth(4),), _make_ror))
AGENTS.register(
    Spec(
        "lol2",
        "Land of Lisp ch. 18: alpha-beta over score-board (offered by Dice of Doom)",
        (_depth(4),),
        _offered("lol2", "Dice of Doom", 4),
    )
)
AGENTS.register(
    Spec(
        "lol4",
        "Land of Lisp ch. 20: chance, rounded odds, score-board (offered by Dice of Doom)",
        (_depth(2),),
        _offered("lol4", "Dice of Doom", 2),
    )
)
AGENTS.register(
    Spec(
        "default",
        "The play AI (clocked iterative deepening)",
        (
            Param("time", float, 1.0, "Seconds per move (none: a rater to depth, or nodes)."),
            Param("nodes", int, None, "New nodes per move."),
            Param("depth", int, None, "Deepest search (a cap); without a clock the depth."),
            Param("eval", str, None, EVAL_HELP),
            Param("weights", str, None, "Evaluation weights file (lazytree tune)."),
            Param("book", str, None, "Position book file (SQLite)."),
            CLOCK_PARAM,
            Param("width", str, "auto", "With a clock: moves per position (n, all, auto)."),
            Param("quiescence", str, "auto", "With a clock: noisy plies (n or auto)."),
            Param("rater", str, None, "Without a clock: search to depth with this rater."),
            Param("memory", int, None, "Bytes the process may hold (default budget)."),
            Param("tie", int, None, "Break ties between equal moves with this seed."),
        ),
        _make_default,
    )
)
AGENTS.register(
    Spec(
        "mcts",
        "UCT Monte Carlo tree search on the lazy tree",
        (
            Param("playouts", int, 1000, "Playouts per move (none: no cap)."),
            Param("time", float, None, "Seconds per move."),
            Param("nodes", int, None, "New nodes per move."),
            Param("c", float, 1.4, "UCT exploration constant."),
            Param("cutoff", int, 8, "Playout moves before the evaluation rates it."),
            Param("seed", int, 0, "Seed of the playouts (with the game's)."),
            Param("eval", str, None, EVAL_HELP),
            CLOCK_PARAM,
        ),
        _make_mcts,
    )
)
AGENTS.register(
    Spec("random", "A random legal move", (Param("seed", int, 0, "Seed."),), _make_random)
)
AGENTS.register(Spec(HUMAN, "A person (play and serve)", (), _make_human))

PLAYERS = AGENTS
"""The registry of :mod:`lazytree.agents`, by its older name."""
make_player = make_agent
""":func:`lazytree.agents.make_agent`, by its older name."""
parse_player = AGENTS.parse
"""``AGENTS.parse``: a name as ``(registry name, {parameter: value})``."""
