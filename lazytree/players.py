"""Named AI players: the books' own AIs, the play AI, MCTS and a random mover.

A player is named like ``ror``, ``default:time=0.5`` or ``mcts:playouts=2000:c=1.4``:
the registry name, then ``:key=value`` parameters (the same registry idea as the games':
:data:`PLAYERS` lists every player with its parameters). :func:`make_player` turns a
name into an :class:`Agent`, or raises :class:`PlayerError` (a ``ValueError``) with a
one-line message.

An agent plays on its own lazy tree of the game: :meth:`Agent.start` with the start
position and a seed, :meth:`Agent.choose` for each of its moves, :meth:`Agent.observe`
for every move made (its own, the opponents', the dice), so the part of its tree below
the moves played is kept from move to move.

=========  ====================================================================
``ror``    *Realm of Racket*'s AI: minimax to depth 4 over the book's rating
           (winner share), the first best move.
``lol2``   *Land of Lisp* ch. 17-18: alpha-beta to depth 4 over ``score-board``
           (the end of the game rated by ``score-board`` too), the first best move.
``lol4``   *Land of Lisp* ch. 20 (chance rules): depth 2 (attacks count one level
           with both outcomes below them), the book's odds table rounded to two
           decimals and its single-float sums, ``score-board``, the first best move.
``default`` The play AI (:class:`~lazytree.ai.AIPlayer`): a clock per move
           (``time``), or with ``time=none`` a node budget (``nodes``).
``mcts``   UCT on the lazy tree (:mod:`lazytree.search.mcts`).
``random`` A uniformly random legal move (seeded).
=========  ====================================================================

Examples
--------
>>> parse_player("mcts:playouts=200:c=1.2")
('mcts', {'playouts': 200, 'c': 1.2})
>>> make_player("ror:depth=3").name
'ror:depth=3'
>>> make_player("alphazero")  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
lazytree.players.PlayerError: unknown player 'alphazero' (known: ror, lol2, lol4, default, ...
>>> make_player("ror:width=3")
Traceback (most recent call last):
...
lazytree.players.PlayerError: ror has no parameter 'width' (parameters: depth)
"""

from __future__ import annotations

import copy
import random
import struct
import time
from collections.abc import Callable, Hashable, Mapping
from dataclasses import dataclass, field
from typing import Any, Protocol, cast

from lazytree.ai import AIPlayer, AISettings, choose_move
from lazytree.book import Book, BookError, booked_search
from lazytree.game import CHANCE, Game
from lazytree.games.dice_of_doom import ChanceDiceOfDoom, DiceOfDoom, Outcome
from lazytree.games.dice_of_doom.evaluation import EVALUATORS
from lazytree.games.dice_of_doom.score_board import score_board
from lazytree.search import Limit, SearchResult, alphabeta, minimax, search
from lazytree.search.limit import CLOCKS, DEFAULT_MEMORY, Clock
from lazytree.search.raters import MCTSRater
from lazytree.tree import Node, Tree
from lazytree.weights import WeightsError, apply_weights_file

__all__ = [
    "BOOK_ODDS",
    "PLAYERS",
    "Agent",
    "Choice",
    "PlayerError",
    "PlayerParam",
    "PlayerSpec",
    "lol4_rating",
    "make_player",
    "parse_player",
]


class PlayerError(ValueError):
    """A player name that names no player, or a bad parameter (message for the user)."""


@dataclass(frozen=True)
class Choice:
    """One move an agent chose, the seconds and new tree nodes it took, and the search
    (None for players that do not search)."""

    move: Hashable
    seconds: float
    nodes: int
    search: SearchResult[Any] | None = None


class Agent(Protocol):
    """A player of whole games: see the module docstring."""

    name: str

    def start(self, game: Game[Any, Any], state: Hashable, seed: int) -> None:
        """A new game from ``state``; ``seed`` is the game's (randomness comes from it)."""
        ...

    def choose(self) -> Choice:
        """The move to play at the current position (the agent is to move)."""
        ...

    def observe(self, move: Hashable) -> None:
        """``move`` was played at the current position (by anybody, chance included)."""
        ...


class TreeAgent:
    """An agent that keeps a lazy tree of its own version of the game (its evaluation,
    its odds) and searches at its root; subclasses give :meth:`search`."""

    share = False

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

    def search(self, tree: Tree[Any, Any]) -> SearchResult[Any]:
        raise NotImplementedError

    def choose(self) -> Choice:
        tree = self.tree
        before = tree.stats.nodes_created
        start = time.perf_counter()
        result = self.search(tree)
        seconds = time.perf_counter() - start
        return Choice(
            choose_move(result, self.rng), seconds, tree.stats.nodes_created - before, result
        )


def _dice_game(game: Game[Any, Any], player: str) -> DiceOfDoom:
    if not isinstance(game, DiceOfDoom):
        raise PlayerError(f"{player} plays Dice of Doom only, not {game.name}")
    return game


def with_evaluation(game: DiceOfDoom, evaluate: Callable[[Any, int], float]) -> DiceOfDoom:
    """A copy of ``game`` whose ``evaluate(state, player)`` is ``evaluate`` (the rules
    and everything else shared)."""
    out = copy.copy(game)
    out.evaluate = evaluate  # type: ignore[method-assign,assignment]
    return out


def rated_by(game: DiceOfDoom, eval: str) -> DiceOfDoom:
    """A copy of ``game`` whose evaluator is the one named ``eval`` (see
    :data:`~lazytree.games.dice_of_doom.evaluation.EVALUATORS`); ``game`` itself when it
    already uses it."""
    if game.eval == eval:
        return game
    out = copy.copy(game)
    out.evaluator = EVALUATORS[eval]()
    out.eval = eval
    return out


def book_rating(game: DiceOfDoom) -> DiceOfDoom:
    """``game`` rated like *Realm of Racket* (the winner share)."""
    return rated_by(game, "book")


def score_board_rating(game: DiceOfDoom) -> DiceOfDoom:
    """``game`` rated like *Land of Lisp*: ``score-board`` everywhere, the end of the game
    included, scaled into ``[0, 1]`` (see :mod:`~lazytree.games.dice_of_doom.score_board`)."""
    n = game.size * game.size

    def value(state: Any, player: int) -> float:
        return (score_board(game, state, player) + n) / (3 * n)

    return with_evaluation(game, value)


class DepthAgent(TreeAgent):
    """A book's AI: a search to a fixed ``depth`` (under the default memory budget: a
    search too big for it raises :class:`~lazytree.search.limit.SearchStopped`, as
    there is no shallower answer to fall back on)."""

    def __init__(self, name: str, depth: int) -> None:
        super().__init__(name)
        self.depth = depth
        self.limit = Limit(depth=depth, memory=DEFAULT_MEMORY)


class RorAgent(DepthAgent):
    """*Realm of Racket*: minimax over the book's rating, first best move."""

    def game_for(self, game: Game[Any, Any]) -> Game[Any, Any]:
        return book_rating(game) if isinstance(game, DiceOfDoom) else game

    def search(self, tree: Tree[Any, Any]) -> SearchResult[Any]:
        return minimax(tree.root, self.limit)


class Lol2Agent(DepthAgent):
    """*Land of Lisp* ch. 18: alpha-beta over ``score-board``, first best move."""

    def game_for(self, game: Game[Any, Any]) -> Game[Any, Any]:
        game = _dice_game(game, "lol2")
        if isinstance(game, ChanceDiceOfDoom):
            raise PlayerError("lol2 is the AI of the lisp rules; under --rules chance use lol4")
        return score_board_rating(game)

    def search(self, tree: Tree[Any, Any]) -> SearchResult[Any]:
        return alphabeta(tree.root, self.limit)


BOOK_ODDS: tuple[tuple[float, ...], ...] = (
    (0.84, 0.97, 1.0, 1.0),
    (0.44, 0.78, 0.94, 0.99),
    (0.15, 0.45, 0.74, 0.91),
    (0.04, 0.19, 0.46, 0.72),
    (0.01, 0.06, 0.22, 0.46),
)
"""*Land of Lisp* ch. 20's ``*dice-probability*``: ``BOOK_ODDS[d - 1][a - 2]`` is the
chance that ``a`` attacking dice beat ``d`` defending dice, rounded to two decimals."""

_SINGLE = struct.Struct("f")


def _single(x: float) -> float:
    """``x`` rounded to the nearest single float (IEEE binary32), as Lisp computes
    with the book's ``0.84``: the reader makes it a single float.

    >>> _single(0.84), _single(1.0 - _single(0.84))
    (0.8399999737739563, 0.1600000262260437)
    """
    return float(_SINGLE.unpack(_SINGLE.pack(x))[0])


def lol4_rating(node: Node[Any, Any], depth: int, player: int) -> float:
    """The book's ch. 20 ``rate-position`` of ``node`` for ``player`` over a tree limited to
    ``depth`` moves: max at ``player``'s nodes, min at the others', an attack's two
    outcomes weighted by :data:`BOOK_ODDS` (the dice take no level of the depth), and
    ``score-board`` at the leaves and at the end of the game.

    The weighting is done in single precision, step by step, like the book's
    ``(+ (* p win) (* (- 1 p) fail))`` on the single floats of its table (a product
    or sum of single floats worked out in double precision and rounded once is the
    single-float result). Two attacks rated alike in exact arithmetic may so come
    out a last bit apart, and the book plays the one rated higher: so do we."""
    if node.player == CHANCE:
        state = node.state
        src, dst = state.pending
        win = _single(BOOK_ODDS[state.dice[dst] - 1][state.dice[src] - 2])
        total = 0.0
        for edge in node.children:  # the win first, as the book adds them
            p = win if edge.move is Outcome.WIN else _single(1.0 - win)
            total = _single(total + _single(p * lol4_rating(edge.child, depth, player)))
        return total
    if depth == 0 or not node.children:
        node.tree.stats.evaluations += 1
        return float(score_board(node.tree.game, node.state, player))  # type: ignore[arg-type]
    values = (lol4_rating(edge.child, depth - 1, player) for edge in node.children)
    return max(values) if node.player == player else min(values)


class Lol4Agent(DepthAgent):
    """*Land of Lisp* ch. 20: :func:`lol4_rating` at every root move, first best move."""

    def game_for(self, game: Game[Any, Any]) -> Game[Any, Any]:
        game = _dice_game(game, "lol4")
        if not isinstance(game, ChanceDiceOfDoom):
            raise PlayerError("lol4 is the AI of the chance rules (--rules chance)")
        if game.max_dice > len(BOOK_ODDS):
            raise PlayerError(f"lol4's odds table goes up to {len(BOOK_ODDS)} dice")
        return game

    def search(self, tree: Tree[Any, Any]) -> SearchResult[Any]:
        root = tree.root
        before = tree.stats.snapshot()
        player = root.player
        rated = [
            (edge.move, lol4_rating(edge.child, self.depth - 1, player)) for edge in root.children
        ]
        if not rated:
            raise ValueError("lol4: no move to rate, the game is over")
        value = max(v for _, v in rated)
        best = tuple(m for m, v in rated if v == value)
        return SearchResult(
            value=value,
            player=player,
            best_moves=best,
            pv=best[:1],
            depth=self.depth,
            rater="lol4",
            stats=tree.stats.snapshot() - before,
            move_values=tuple(rated),
        )


class DefaultAgent(TreeAgent):
    """The play AI: a clock (``time``), or with ``time=none`` a node budget per move."""

    share = True

    def __init__(
        self,
        name: str,
        seconds: float | None,
        nodes: int | None,
        depth: int | None,
        eval: str,
        weights: str | None = None,
        book: str | None = None,
        clock: Clock = "cpu",
    ) -> None:
        super().__init__(name)
        self.weights, self.book_path = weights, book
        self.book: Book | None = None
        if seconds is None and nodes is None:
            raise PlayerError(f"{name}: without a clock (time=none) give a node budget (nodes=)")
        self.eval = eval
        try:
            # without a clock the settings are only checked (the search is the node-limited
            # deepening of search() below)
            settings = AISettings(
                seconds=seconds,
                depth=depth if seconds is not None else depth or 1,
                nodes=nodes,
                memory=DEFAULT_MEMORY,
                clock=clock,
            )
            self.ai = AIPlayer(settings)
        except (TypeError, ValueError) as exc:
            raise PlayerError(f"{name}: {exc}") from None
        self.seconds, self.nodes, self.depth = seconds, nodes, depth
        # a node budget counts new nodes only: on a shared tree (a DAG) a deep
        # iteration could walk old positions for ever without building one
        self.share = seconds is not None

    def game_for(self, game: Game[Any, Any]) -> Game[Any, Any]:
        if isinstance(game, DiceOfDoom):
            game = rated_by(game, self.eval)
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

    def search(self, tree: Tree[Any, Any]) -> SearchResult[Any]:
        return booked_search(self.book, tree, lambda: self._search(tree), depth=self.depth or 1)

    def _search(self, tree: Tree[Any, Any]) -> SearchResult[Any]:
        if self.seconds is not None:
            return self.ai.search(tree)
        limit = Limit(depth=self.depth, nodes=self.nodes, memory=DEFAULT_MEMORY)
        return search(tree.root, limit, "deepening")


class RandomAgent:
    """A uniformly random legal move, from ``random.Random`` seeded by the game's seed."""

    def __init__(self, name: str, seed: int) -> None:
        self.name = name
        self.seed = seed
        self.game: Game[Any, Any] | None = None
        self.state: Any = None
        self.rng = random.Random(seed)

    def start(self, game: Game[Any, Any], state: Hashable, seed: int) -> None:
        self.game, self.state = game, state
        self.rng = random.Random(f"{self.seed}/{seed}")

    def choose(self) -> Choice:
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
        eval: str = "heuristic",
        clock: Clock = "cpu",
    ) -> None:
        self.name = name
        self.eval = eval
        self.limit = Limit(seconds=seconds, nodes=nodes, memory=DEFAULT_MEMORY, clock=clock)
        self.playouts = playouts
        if playouts is not None and playouts < 1:
            raise ValueError(f"playouts must be >= 1, got {playouts}")
        self.c, self.cutoff, self.seed = c, cutoff, seed
        self._tree: Tree[Any, Any] | None = None
        self._rater = MCTSRater(playouts=playouts, c=c, cutoff=cutoff)  # (checks them)

    def start(self, game: Game[Any, Any], state: Hashable, seed: int) -> None:
        if isinstance(game, DiceOfDoom):
            game = rated_by(game, self.eval)
        self._tree = Tree(game, state, share=True)
        rng = random.Random(f"{self.seed}/{seed}")
        self._rater = MCTSRater(
            playouts=self.playouts, c=self.c, cutoff=self.cutoff, rng=rng, default_playouts=None
        )

    def observe(self, move: Hashable) -> None:
        assert self._tree is not None
        self._tree.play(move)

    def choose(self) -> Choice:
        tree = self._tree
        assert tree is not None
        before = tree.stats.nodes_created
        start = time.perf_counter()
        result = search(tree.root, self.limit, self._rater)
        if not result.best_moves:
            raise ValueError("mcts: no move to choose, the game is over")
        return Choice(
            result.best_moves[0],
            time.perf_counter() - start,
            tree.stats.nodes_created - before,
            result,
        )


# -- the registry ------------------------------------------------------------------------
NONE = object()


@dataclass(frozen=True)
class PlayerParam:
    """One parameter of a player: its name, type (``int``, ``float`` or ``str``), default
    (None: unset) and a line of help. ``none`` in a name sets a parameter to None."""

    name: str
    type: type
    default: Any
    help: str


@dataclass(frozen=True)
class PlayerSpec:
    """A registered player: its name, a summary, its parameters, how to make it."""

    name: str
    summary: str
    params: tuple[PlayerParam, ...]
    make: Callable[..., Agent]
    deterministic: bool = field(default=True)
    """Whether it plays the same moves from the same position whatever the clock."""


PLAYERS: dict[str, PlayerSpec] = {}
"""Every registered player by name, in registration order."""


def register_player(spec: PlayerSpec) -> PlayerSpec:
    if spec.name in PLAYERS:
        raise ValueError(f"a player called {spec.name!r} is already registered")
    PLAYERS[spec.name] = spec
    return spec


def _convert(player: str, param: PlayerParam, text: str) -> Any:
    if text.lower() == "none":
        return None
    try:
        return param.type(text)
    except ValueError:
        kind = {int: "a whole number", float: "a number"}.get(param.type, param.type.__name__)
        raise PlayerError(f"{player}: {param.name}={text!r} is not {kind}") from None


def parse_player(text: str) -> tuple[str, dict[str, Any]]:
    """``"name:key=value:..."`` -> ``(name, {key: value})`` with values converted to the
    parameters' types; :class:`PlayerError` for anything it cannot read."""
    name, *parts = text.strip().split(":")
    spec = PLAYERS.get(name)
    if spec is None:
        raise PlayerError(f"unknown player {name!r} (known: {', '.join(PLAYERS)})")
    by_name = {p.name: p for p in spec.params}
    values: dict[str, Any] = {}
    for part in parts:
        key, sep, value = part.partition("=")
        if not sep or not key:
            raise PlayerError(f"{text!r}: parameters are written key=value, got {part!r}")
        param = by_name.get(key)
        if param is None:
            known = ", ".join(by_name) or "none"
            raise PlayerError(f"{name} has no parameter {key!r} (parameters: {known})")
        values[key] = _convert(name, param, value)
    return name, values


def make_player(text: str) -> Agent:
    """The :class:`Agent` named ``text`` (see :func:`parse_player`)."""
    name, values = parse_player(text)
    spec = PLAYERS[name]
    params = {p.name: p.default for p in spec.params}
    params.update(values)
    for p in spec.params:
        v = params[p.name]
        if p.type in (int, float) and v is not None and v < 0:
            raise PlayerError(f"{name}: {p.name} must be >= 0, got {v}")
    return spec.make(text.strip(), **params)


def player_spec(text: str) -> PlayerSpec:
    """The registry entry of player name ``text``."""
    return PLAYERS[parse_player(text)[0]]


def _positive(name: str, key: str, value: int | None) -> int | None:
    if value is not None and value < 1:
        raise PlayerError(f"{name}: {key} must be >= 1, got {value}")
    return value


def _depth(default: int) -> PlayerParam:
    return PlayerParam("depth", int, default, "Search depth in moves.")


def _make_ror(name: str, depth: int) -> Agent:
    return RorAgent(name, _positive(name, "depth", depth) or 4)


def _make_lol2(name: str, depth: int) -> Agent:
    return Lol2Agent(name, _positive(name, "depth", depth) or 4)


def _make_lol4(name: str, depth: int) -> Agent:
    return Lol4Agent(name, _positive(name, "depth", depth) or 2)


def _check_eval(name: str, eval: str) -> None:
    if eval not in EVALUATORS:
        known = ", ".join(EVALUATORS)
        raise PlayerError(f"{name}: unknown evaluation {eval!r} (known: {known})")


def _make_default(
    name: str,
    time: float | None,
    nodes: int | None,
    depth: int | None,
    eval: str,
    weights: str | None = None,
    book: str | None = None,
    clock: str = "cpu",
) -> Agent:
    _check_eval(name, eval)
    if time == 0:
        time = None
    return DefaultAgent(
        name, time, _positive(name, "nodes", nodes), depth, eval, weights, book, _clock(name, clock)
    )


def _make_mcts(
    name: str,
    playouts: int | None,
    time: float | None,
    nodes: int | None,
    c: float,
    cutoff: int,
    seed: int,
    eval: str,
    clock: str = "cpu",
) -> Agent:
    _check_eval(name, eval)
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


CLOCK_PARAM = PlayerParam(
    "clock", str, "cpu", "What time counts: cpu (the search's own CPU time) or wall."
)
"""The ``clock`` parameter of the clocked players (see :data:`~lazytree.search.limit.CLOCKS`)."""


def _clock(name: str, clock: str) -> Clock:
    if clock not in CLOCKS:
        raise PlayerError(f"{name}: clock must be cpu or wall, got {clock!r}")
    return cast(Clock, clock)


def _make_random(name: str, seed: int) -> Agent:
    return RandomAgent(name, seed)


register_player(PlayerSpec("ror", "Realm of Racket: minimax, book rating", (_depth(4),), _make_ror))
register_player(
    PlayerSpec("lol2", "Land of Lisp ch. 18: alpha-beta over score-board", (_depth(4),), _make_lol2)
)
register_player(
    PlayerSpec(
        "lol4", "Land of Lisp ch. 20: chance, rounded odds, score-board", (_depth(2),), _make_lol4
    )
)
register_player(
    PlayerSpec(
        "default",
        "The play AI (clocked iterative deepening)",
        (
            PlayerParam("time", float, 1.0, "Seconds per move (none: use nodes)."),
            PlayerParam("nodes", int, None, "New nodes per move."),
            PlayerParam("depth", int, None, "Deepest search (a cap)."),
            PlayerParam("eval", str, "heuristic", "Dice of Doom evaluation."),
            PlayerParam("weights", str, None, "Evaluation weights file (lazytree tune)."),
            PlayerParam("book", str, None, "Position book file (SQLite)."),
            CLOCK_PARAM,
        ),
        _make_default,
        deterministic=False,
    )
)
register_player(
    PlayerSpec(
        "mcts",
        "UCT Monte Carlo tree search on the lazy tree",
        (
            PlayerParam("playouts", int, 1000, "Playouts per move (none: no cap)."),
            PlayerParam("time", float, None, "Seconds per move."),
            PlayerParam("nodes", int, None, "New nodes per move."),
            PlayerParam("c", float, 1.4, "UCT exploration constant."),
            PlayerParam("cutoff", int, 8, "Playout moves before the evaluation rates it."),
            PlayerParam("seed", int, 0, "Seed of the playouts (with the game's)."),
            PlayerParam("eval", str, "heuristic", "Dice of Doom evaluation."),
            CLOCK_PARAM,
        ),
        _make_mcts,
        deterministic=False,
    )
)
register_player(
    PlayerSpec(
        "random", "A random legal move", (PlayerParam("seed", int, 0, "Seed."),), _make_random
    )
)


def describe_players() -> Mapping[str, str]:
    """Each player's name with its parameters and summary (for help texts)."""
    return {
        name: f"{spec.summary} ({', '.join(p.name for p in spec.params)})"
        for name, spec in PLAYERS.items()
    }
