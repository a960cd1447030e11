"""Agents: who sits at a seat, one interface and one registry for every driver.

An agent is named like ``human``, ``ror``, ``default:time=0.5`` or
``mcts:playouts=2000:c=1.4``: the registry name, then ``:key=value`` parameters
(:mod:`lazytree.spec`). The same names take the seats of ``lazytree play --seats``,
``lazytree serve`` (``seats=`` in its URLs), the saved sessions and ``lazytree arena
--players``. :data:`AGENTS` lists every agent with its parameters; :func:`make_agent`
turns a name into an :class:`Agent`, or raises :class:`AgentError` (a ``ValueError``)
with a one-line message.

An agent plays on its own lazy tree of the game: :meth:`Agent.start` with the start
position and a seed, :meth:`Agent.choose` for each of its moves (stoppable from another
thread, with progress reports), :meth:`Agent.observe` for every move made (its own, the
opponents', the dice), so the part of its tree below the moves played is kept from move
to move. The interface is in :mod:`lazytree.agent`; the AIs and the registry are here.
The agents a game offers itself (``lol2``, ``lol4``) are registered by name and made
by the game when they start on it (:class:`~lazytree.game.GameAgents`), and ``eval=``
names one of a game's evaluations (:class:`~lazytree.game.NamedEvaluations`).

=========== ====================================================================
``human``   A person: the driver (terminal, page) brings the moves; it cannot
            :meth:`~Agent.choose` (the arena and tune refuse it, :func:`make_ai`).
``ror``     *Realm of Racket*'s AI: minimax to depth 4 over the book's rating
            (a game's evaluation named ``book``, else its own), the first best move.
``lol2``    *Land of Lisp* ch. 17-18, offered by Dice of Doom's lisp rules
            (:class:`~lazytree.game.GameAgents`): alpha-beta to depth 4 over
            ``score-board``, the first best move.
``lol4``    *Land of Lisp* ch. 20, offered by Dice of Doom's chance rules: depth 2
            over the book's rounded odds and ``score-board``, the first best move.
``default`` The play AI (the ``deepening`` rater): a clock per move
            (``time``); with ``time=none`` a ``rater`` to ``depth``, or a node
            budget (``nodes``).
``mcts``    UCT on the lazy tree (:mod:`lazytree.search.mcts`).
``random``  A uniformly random legal move (seeded).
=========== ====================================================================

Examples
--------
>>> AGENTS.parse("mcts:playouts=200:c=1.2")
('mcts', {'playouts': 200, 'c': 1.2})
>>> make_agent("ror:depth=3").name
'ror:depth=3'
>>> is_human(" human"), is_human("lol2")
(True, False)
>>> make_agent("alphazero")  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
lazytree.agent.AgentError: unknown agent 'alphazero' (known: ror, lol2, lol4, default, ...
>>> make_agent("ror:width=3")
Traceback (most recent call last):
...
lazytree.agent.AgentError: ror has no parameter 'width' (parameters: depth)
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
from dataclasses import dataclass
from typing import Any, ClassVar, TypeAlias, cast

from lazytree.agent import HUMAN, Agent, AgentError, Choice, HumanAgent, Progress
from lazytree.ai import DEFAULT_CHANCE_DEPTH, choose_move
from lazytree.game import CHANCE, Game, GameAgents, NamedEvaluations
from lazytree.position_book import PositionBook, PositionBookError, booked_search
from lazytree.search import Limit, SearchResult, make_rater, search
from lazytree.search.limit import CLOCKS, DEFAULT_MEMORY, Clock
from lazytree.search.raters import DEFAULT_PLAYOUTS, MCTSRater
from lazytree.search.spelling import Quiescence, Width, parse_quiescence, parse_width, spell
from lazytree.spec import Param, Registry, Spec
from lazytree.tree import Node, Tree
from lazytree.weights import WeightsError, apply_weights_file

__all__ = [
    "AGENTS",
    "HUMAN",
    "Agent",
    "AgentError",
    "AgentOptions",
    "Choice",
    "DefaultAgent",
    "DefaultOptions",
    "DepthAgent",
    "DepthOptions",
    "ForeignAgent",
    "ForeignOptions",
    "HumanAgent",
    "HumanOptions",
    "MCTSAgent",
    "MCTSOptions",
    "OfferedAgent",
    "Progress",
    "RandomAgent",
    "RandomOptions",
    "RorAgent",
    "TreeAgent",
    "agent_options",
    "book_rating",
    "build_agent",
    "check_agent",
    "is_human",
    "make_agent",
    "make_ai",
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
    evaluations, else ``game`` itself; :class:`AgentError` for an unknown name."""
    if not isinstance(game, NamedEvaluations):
        return game
    try:
        rated: Game[Any, Any] = game.rated_by(eval or game.evaluation_names()[0])
    except ValueError as exc:
        raise AgentError(f"{player}: {exc}") from None
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
            except AgentError:
                raise
            except ValueError as exc:
                raise AgentError(str(exc)) from None
        if agent is None:
            raise AgentError(f"{self.key} plays {self.offered_by} only, not {game.name}")
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


class ForeignAgent:
    """An agent a game offers that plays without a lazy tree (:class:`~lazytree.game.GameAgents`;
    the Dice Wars framework's AIs under Dice of Doom's dicewars rules), registered by
    name as ``key``: when it starts on a game it asks the game for that agent and passes
    every call on to it. ``offered_by`` names the games that offer it, for the message
    when the game does not."""

    stoppable = False

    def __init__(self, key: str, name: str, offered_by: str) -> None:
        self.key, self.name, self.offered_by = key, name, offered_by
        self._agent: Agent | None = None

    def start(self, game: Game[Any, Any], state: Hashable, seed: int) -> None:
        agent = None
        if isinstance(game, GameAgents):
            try:
                agent = game.offered_agent(self.key, self.name, {})
            except AgentError:
                raise
            except ValueError as exc:
                raise AgentError(str(exc)) from None
        if agent is None:
            raise AgentError(f"{self.key} plays {self.offered_by} only, not {game.name}")
        self._agent = agent
        agent.start(game, state, seed)

    @property
    def agent(self) -> Agent:
        """The game's agent (after :meth:`start`)."""
        if self._agent is None:
            raise RuntimeError(f"{self.name}: start() a game first")
        return self._agent

    def choose(
        self, *, stop: threading.Event | None = None, progress: Progress | None = None
    ) -> Choice:
        return self.agent.choose(stop=stop, progress=progress)

    def observe(self, move: Hashable) -> None:
        self.agent.observe(move)


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
            self.position_book,
            tree,
            lambda: self._search(tree, stop, progress),
            depth=self.depth or 1,
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
    """The ``mcts`` agent: one ``mcts`` rater per game, reused from move to move."""

    def __init__(self, name: str, options: MCTSOptions) -> None:
        self.name = name
        self.options = options
        self.stoppable = True
        self.eval = options.eval
        seconds, nodes = options.time or None, options.nodes
        self.limit = Limit(seconds=seconds, nodes=nodes, memory=DEFAULT_MEMORY, clock=options.clock)
        self.playouts = playouts = options.playouts
        if playouts is not None and playouts < 1:
            raise ValueError(f"playouts must be >= 1, got {playouts}")
        self.c, self.cutoff, self.seed = options.c, options.cutoff, options.seed
        self._tree: Tree[Any, Any] | None = None
        self._rater = MCTSRater(playouts=playouts, c=self.c, cutoff=self.cutoff)  # (checks them)

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


# -- the options: one typed value per kind of agent --------------------------------------
@dataclass(frozen=True)
class DepthOptions:
    """The options of a book's AI (``ror``, ``lol2``, ``lol4``): its search depth."""

    kind: str
    depth: int

    def text(self) -> str:
        """The agent's name with these options (the depth always written)."""
        return f"{self.kind}:depth={self.depth}"


@dataclass(frozen=True)
class DefaultOptions:
    """The options of the play AI (``default``): a clock of ``time`` seconds counted by
    ``clock``, or with ``time=None`` a ``rater`` to ``depth`` or a node budget; see
    :class:`DefaultAgent` and the ``default`` entry of :data:`AGENTS` for each."""

    time: float | None = 1.0
    clock: Clock = "cpu"
    rater: str | None = None
    depth: int | None = None
    nodes: int | None = None
    width: Width = "auto"
    quiescence: Quiescence = "auto"
    memory: int | None = None
    tie: int | None = None
    weights: str | None = None
    position_book: str | None = None
    eval: str | None = None

    kind: ClassVar[str] = "default"

    def text(self) -> str:
        """The agent's one spelling: ``default:time=...``, then every option that is not
        its default, in field order (``clock`` only with a clock)."""
        skip = ("time", "clock") if self.time is None else ("time",)
        time = "time=none" if self.time is None else f"time={self.time:g}"
        return _spelling(self, f"default:{time}", skip)


def _spelling(options: Any, head: str, skip: tuple[str, ...] = ()) -> str:
    """``head``, then ``:key=value`` for each field of ``options`` (a dataclass) that is
    not its default and not in ``skip``, in field order, widths and quiescences spelled
    by :func:`~lazytree.search.spelling.spell`."""
    parts = [head]
    for f in dataclasses.fields(options):
        value = getattr(options, f.name)
        if f.name in skip or value == f.default:
            continue
        parts.append(f"{f.name}={spell(value) if f.name in _SPELLED else value}")
    return ":".join(parts)


_SPELLED = frozenset({"width", "quiescence"})


@dataclass(frozen=True)
class MCTSOptions:
    """The options of ``mcts``: ``playouts`` per move (None: until ``time`` or ``nodes``
    runs out), the UCT constant ``c``, the playouts' ``cutoff`` and ``seed``."""

    playouts: int | None = DEFAULT_PLAYOUTS
    time: float | None = None
    nodes: int | None = None
    c: float = 1.4
    cutoff: int = 8
    seed: int = 0
    eval: str | None = None
    clock: Clock = "cpu"

    kind: ClassVar[str] = "mcts"

    def text(self) -> str:
        """The agent's name with every option that is not its default."""
        return _spelling(self, self.kind)


@dataclass(frozen=True)
class RandomOptions:
    """The options of ``random``: the seed of its moves (with the game's)."""

    seed: int = 0

    kind: ClassVar[str] = "random"

    def text(self) -> str:
        """The agent's name with every option that is not its default."""
        return _spelling(self, self.kind)


@dataclass(frozen=True)
class ForeignOptions:
    """The options of an agent a game offers that plays without a lazy tree (the Dice
    Wars framework's AIs, ``dt.stei``, ...): none but its name."""

    kind: str

    def text(self) -> str:
        """The agent's name."""
        return self.kind


@dataclass(frozen=True)
class HumanOptions:
    """``human`` has no options."""

    kind: ClassVar[str] = HUMAN

    def text(self) -> str:
        """``human``."""
        return HUMAN


AgentOptions: TypeAlias = (
    DepthOptions | DefaultOptions | MCTSOptions | RandomOptions | ForeignOptions | HumanOptions
)
"""The typed options of any agent, parsed once from its name by :func:`agent_options`."""


# -- the registry ------------------------------------------------------------------------
AGENTS: Registry[AgentOptions] = Registry("agent", AgentError)
"""Every agent by name, in registration order: its parameters and the maker of its
typed options (:func:`agent_options`)."""


def agent_options(text: str) -> AgentOptions:
    """The typed options of the agent named ``text``, every value checked
    (:class:`AgentError` with one line otherwise): the one parse of an agent's name.

    >>> agent_options("default:time=0.5:width=none")
    DefaultOptions(time=0.5, clock='cpu', rater=None, depth=None, nodes=None, width=None, \
quiescence='auto', memory=None, tie=None, weights=None, position_book=None, eval=None)
    >>> agent_options("default:time=0.5:width=none").text()
    'default:time=0.5:width=all'
    """
    return AGENTS.make(text)


def build_agent(options: AgentOptions, name: str | None = None) -> Agent:
    """The agent of ``options``, called ``name`` (by default the options' spelling)."""
    if isinstance(options, DepthOptions):
        name = name or options.text()
        if options.kind == "ror":
            return RorAgent(name, options.depth)
        return OfferedAgent(options.kind, name, {"depth": options.depth}, "Dice of Doom")
    if isinstance(options, DefaultOptions):
        return DefaultAgent(name or options.text(), options)
    if isinstance(options, MCTSOptions):
        name = name or options.text()
        try:
            return MCTSAgent(name, options)
        except (TypeError, ValueError) as exc:
            raise AgentError(f"{name}: {exc}") from None
    if isinstance(options, RandomOptions):
        return RandomAgent(name or options.text(), options.seed)
    if isinstance(options, ForeignOptions):
        return ForeignAgent(options.kind, name or options.text(), "Dice of Doom's dicewars rules")
    return HumanAgent(name or options.text())


def make_agent(text: str) -> Agent:
    """The :class:`Agent` named ``text`` (:class:`AgentError` for a bad name)."""
    return build_agent(agent_options(text), text.strip())


def is_human(text: str) -> bool:
    """Whether the agent named ``text`` is a person (:class:`AgentError` for a bad name)."""
    return AGENTS.spec(text).name == HUMAN


def make_ai(text: str) -> Agent:
    """:func:`make_agent` for a driver without a person (the arena, tune): a
    :class:`AgentError` for ``human``."""
    if is_human(text):
        raise AgentError("human plays in lazytree play and serve, not without a person")
    return make_agent(text)


def _positive(name: str, key: str, value: int | None) -> int | None:
    if value is not None and value < 1:
        raise AgentError(f"{name}: {key} must be >= 1, got {value}")
    return value


SERVED_DEPTH = 12
"""The deepest search a server takes from the network (a book AI's ``depth``)."""

SERVED_SECONDS = 600.0
"""The longest clock per move a server takes from the network (``time``)."""

SERVED_NODES = 10_000_000
"""The most new nodes per move (``nodes``) a server takes from the network."""

SERVED_PLAYOUTS = 1_000_000
"""The most playouts per move (``playouts``) a server takes from the network."""

SEED_HIGH = 2**63 - 1
"""The largest seed (and tie-break) a server takes from the network."""


def _depth(default: int) -> Param:
    return Param("depth", int, default, "Search depth in moves.", high=SERVED_DEPTH)


def _book_ai(kind: str, default_depth: int) -> Callable[..., AgentOptions]:
    """The maker of the options of the book's AI ``kind``: checks the depth. ``lol2`` and
    ``lol4`` are offered by Dice of Doom, which makes them when they start on its game
    (:class:`OfferedAgent`)."""

    def make(name: str, depth: int) -> AgentOptions:
        return DepthOptions(kind, _positive(name, "depth", depth) or default_depth)

    return make


def _clock(name: str, clock: str) -> Clock:
    if clock not in CLOCKS:
        raise AgentError(f"{name}: clock must be cpu or wall, got {clock!r}")
    return cast(Clock, clock)


def _spelled(name: str, parse: Callable[[object], Any], text: object) -> Any:
    """``text`` read by ``parse`` (:func:`~lazytree.search.spelling.parse_width` or
    :func:`~lazytree.search.spelling.parse_quiescence`), its error as a
    :class:`AgentError`."""
    try:
        return parse(text)
    except ValueError as exc:
        raise AgentError(f"{name}: {exc}") from None


def _make_default(
    name: str,
    *,
    time: float | None,
    clock: str,
    width: str | None,
    quiescence: str,
    nodes: int | None,
    memory: int | None,
    **values: Any,
) -> AgentOptions:
    return DefaultOptions(
        time=None if time == 0 else time,
        clock=_clock(name, clock),
        width=_spelled(name, parse_width, width),
        quiescence=_spelled(name, parse_quiescence, quiescence),
        nodes=_positive(name, "nodes", nodes),
        memory=_positive(name, "memory", memory),
        **values,
    )


def _make_mcts(
    name: str,
    *,
    playouts: int | None,
    time: float | None,
    nodes: int | None,
    clock: str,
    **values: Any,
) -> AgentOptions:
    if playouts is None and time is None and nodes is None:
        raise AgentError(f"{name}: give playouts, time or nodes")
    if playouts is not None and playouts < 1:
        raise AgentError(f"{name}: playouts must be >= 1, got {playouts}")
    return MCTSOptions(
        playouts=playouts, time=time, nodes=nodes, clock=_clock(name, clock), **values
    )


def _make_random(name: str, seed: int) -> AgentOptions:
    return RandomOptions(seed)


def _make_human(name: str) -> AgentOptions:
    return HumanOptions()


CLOCK_PARAM = Param(
    "clock", str, "cpu", "What time counts: cpu (the search's own CPU time) or wall."
)
"""The ``clock`` parameter of the clocked agents (see :data:`~lazytree.search.limit.CLOCKS`)."""

EVAL_HELP = "The game's evaluation by name, where it has several (Dice of Doom: heuristic)."
"""The ``eval`` parameter's help (:class:`~lazytree.game.NamedEvaluations`; an agent
checks the name when it starts on a game, other games ignore it)."""

_DEFAULT = DefaultOptions()
_MCTS = MCTSOptions()

AGENTS.register(
    Spec("ror", "Realm of Racket: minimax, book rating", (_depth(4),), _book_ai("ror", 4))
)
AGENTS.register(
    Spec(
        "lol2",
        "Land of Lisp ch. 18: alpha-beta over score-board (offered by Dice of Doom)",
        (_depth(4),),
        _book_ai("lol2", 4),
    )
)
AGENTS.register(
    Spec(
        "lol4",
        "Land of Lisp ch. 20: chance, rounded odds, score-board (offered by Dice of Doom)",
        (_depth(2),),
        _book_ai("lol4", 2),
    )
)
AGENTS.register(
    Spec(
        "default",
        "The play AI (clocked iterative deepening)",
        (
            Param(
                "time",
                float,
                _DEFAULT.time,
                "Seconds per move (none: a rater to depth, or nodes).",
                high=SERVED_SECONDS,
            ),
            Param("nodes", int, _DEFAULT.nodes, "New nodes per move.", high=SERVED_NODES),
            Param(
                "depth",
                int,
                _DEFAULT.depth,
                "Deepest search (a cap); without a clock the depth.",
                high=SERVED_DEPTH,
            ),
            Param("eval", str, _DEFAULT.eval, EVAL_HELP),
            Param("weights", str, _DEFAULT.weights, "Evaluation weights file (lazytree tune)."),
            Param(
                "position_book",
                str,
                _DEFAULT.position_book,
                "Position book file (SQLite); book= is accepted too.",
                aliases=("book",),
            ),
            CLOCK_PARAM,
            Param(
                "width",
                str,
                spell(_DEFAULT.width),
                "With a clock: moves per position (n, all, auto).",
            ),
            Param(
                "quiescence",
                str,
                spell(_DEFAULT.quiescence),
                "With a clock: noisy plies (n or auto).",
            ),
            Param(
                "rater", str, _DEFAULT.rater, "Without a clock: search to depth with this rater."
            ),
            Param(
                "memory",
                int,
                _DEFAULT.memory,
                "Bytes the process may hold (default budget).",
                high=2**31,
            ),
            Param(
                "tie",
                int,
                _DEFAULT.tie,
                "Break ties between equal moves with this seed.",
                high=SEED_HIGH,
            ),
        ),
        _make_default,
    )
)
AGENTS.register(
    Spec(
        "mcts",
        "UCT Monte Carlo tree search on the lazy tree",
        (
            Param(
                "playouts",
                int,
                _MCTS.playouts,
                "Playouts per move (none: no cap).",
                high=SERVED_PLAYOUTS,
            ),
            Param("time", float, _MCTS.time, "Seconds per move.", high=SERVED_SECONDS),
            Param("nodes", int, _MCTS.nodes, "New nodes per move.", high=SERVED_NODES),
            Param("c", float, _MCTS.c, "UCT exploration constant.", high=100.0),
            Param(
                "cutoff",
                int,
                _MCTS.cutoff,
                "Playout moves before the evaluation rates it.",
                high=10_000,
            ),
            Param(
                "seed", int, _MCTS.seed, "Seed of the playouts (with the game's).", high=SEED_HIGH
            ),
            Param("eval", str, _MCTS.eval, EVAL_HELP),
            CLOCK_PARAM,
        ),
        _make_mcts,
    )
)
AGENTS.register(
    Spec(
        "random",
        "A random legal move",
        (Param("seed", int, 0, "Seed.", high=SEED_HIGH),),
        _make_random,
    )
)
FOREIGN_AGENTS: dict[str, str] = {
    "dt.stei": "Dice Wars framework: single-turn expectiminimax, improved (dicewars rules)",
    "dt.ste": "Dice Wars framework: single-turn expectiminimax (dicewars rules)",
    "dt.wpm_c": "Dice Wars framework: win-probability maximisation (dicewars rules)",
    "dt.sdc": "Dice Wars framework: strength difference checking (dicewars rules)",
    "dt.rand": "Dice Wars framework: random attacks (dicewars rules)",
}
"""The agents a game offers that play without a lazy tree, with their summaries: the
Dice Wars framework's AIs, loaded from the operator's checkout of the framework."""


def _foreign(kind: str) -> Callable[..., AgentOptions]:
    def make(name: str) -> AgentOptions:
        return ForeignOptions(kind)

    return make


for _kind, _summary in FOREIGN_AGENTS.items():
    AGENTS.register(Spec(_kind, _summary, (), _foreign(_kind)))
AGENTS.register(Spec(HUMAN, "A person (play and serve)", (), _make_human))


AGENT_CHARACTERS = frozenset("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_.:=+-")
"""The characters of an agent's name (``mcts:time=0.5:eval=heuristic``): no markup, no
spaces, no path separators."""


_FILE_PARAMS = {"weights": "--weights", "position_book": "--position-book"}
"""The agents' parameters that name a file, with the option of ``lazytree serve`` that
gives the server's file instead."""


def _check_no_files(text: str, name: str) -> None:
    """A :class:`AgentError` when the agent ``text`` (registered as ``name``) gives a
    parameter of :data:`_FILE_PARAMS` a value, under its name or an alias; the message
    names the key as written."""
    params = AGENTS[name].params
    for part in text.strip().split(":")[1:]:
        key, _, value = part.partition("=")
        for param in params:
            option = _FILE_PARAMS.get(param.name)
            if option is not None and param.spelled(key) and value.lower() != "none":
                raise AgentError(
                    f"{name}: {key}= names a file on the server; give it to lazytree "
                    f"serve {option} instead"
                )


def check_agent(
    text: str, game: Game[Any, Any] | None = None, *, files: bool = True
) -> dict[str, Any]:
    """The parameters of the agent ``text`` if it can play ``game``: its name and keys
    from :data:`AGENTS`, only the characters of :data:`AGENT_CHARACTERS`, an ``eval``
    that the game names (:class:`~lazytree.game.NamedEvaluations`; without a game, any
    evaluation of the registry's spelling), a ``rater`` of the
    search registry, a ``clock`` of cpu or wall; with ``files=False`` no parameter that
    names a file (``weights``, ``position_book``, also spelled ``book``). A
    :class:`AgentError` otherwise; nothing is
    made or opened.

    >>> from lazytree.games import load_game
    >>> dice = load_game("dice-of-doom").game
    >>> check_agent("mcts:time=0.5:eval=heuristic", dice)
    {'time': 0.5, 'eval': 'heuristic'}
    >>> check_agent("mcts:eval=<img>", dice)
    Traceback (most recent call last):
    ...
    lazytree.agent.AgentError: agent 'mcts:eval=<img>': only letters, digits and _.:=+- allowed
    >>> check_agent("default:eval=sharp", dice)  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    lazytree.agent.AgentError: default: eval 'sharp' is not an evaluation of ... (known: ...)
    """
    if len(text) > 200:
        raise AgentError(f"agent {text[:60]!r}...: at most 200 characters")
    name, params = AGENTS.parse(text)
    if not files:
        _check_no_files(text, name)
    if not set(text.strip()) <= AGENT_CHARACTERS:
        raise AgentError(f"agent {text[:60]!r}: only letters, digits and _.:=+- allowed")
    agent_options(text)  # every value checked, as making the agent does
    evaluation = params.get("eval")
    if evaluation is not None and game is not None:
        names = game.evaluation_names() if isinstance(game, NamedEvaluations) else ()
        if evaluation not in names:
            known = ", ".join(names) or "none: it has one evaluation"
            raise AgentError(
                f"{name}: eval {evaluation!r} is not an evaluation of {type(game).__name__}"
                f" (known: {known})"
            )
    rater = params.get("rater")
    if rater is not None:
        try:
            make_rater(rater)
        except ValueError as exc:
            raise AgentError(f"{name}: rater {rater!r}: {exc}") from None
    return params
