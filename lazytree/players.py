"""The AI agents: the books' own AIs, the play AI, MCTS and a random mover.

They implement :class:`~lazytree.agents.Agent` and are made by name from the registry
:data:`lazytree.agents.AGENTS` (where their parameters are listed); ``make_player``,
``parse_player``, ``PLAYERS`` and ``PlayerError`` stay importable from here. Each keeps
its own lazy tree of the game (its evaluation, its odds) from move to move.

=========  ====================================================================
``ror``    *Realm of Racket*'s AI: minimax to depth 4 over the book's rating
           (winner share), the first best move.
``lol2``   *Land of Lisp* ch. 17-18: alpha-beta to depth 4 over ``score-board``
           (the end of the game rated by ``score-board`` too), the first best move.
``lol4``   *Land of Lisp* ch. 20 (chance rules): depth 2 (attacks count one level
           with both outcomes below them), the book's odds table rounded to two
           decimals and its single-float sums, ``score-board``, the first best move.
``default`` The play AI (:class:`~lazytree.ai.AIPlayer`): a clock per move
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
from lazytree.ai import DEFAULT_CHANCE_DEPTH, AIPlayer, AISettings, choose_move
from lazytree.book import Book, BookError, booked_search
from lazytree.game import CHANCE, Game
from lazytree.games.dice_of_doom import ChanceDiceOfDoom, DiceOfDoom, Outcome
from lazytree.games.dice_of_doom.evaluation import EVALUATORS
from lazytree.games.dice_of_doom.score_board import score_board
from lazytree.search import Limit, SearchResult, alphabeta, minimax, search
from lazytree.search.limit import DEFAULT_MEMORY, Clock
from lazytree.search.raters import MCTSRater
from lazytree.tree import Node, Tree
from lazytree.weights import WeightsError, apply_weights_file

__all__ = [
    "BOOK_ODDS",
    "PLAYERS",
    "DefaultAgent",
    "Lol2Agent",
    "Lol4Agent",
    "MCTSAgent",
    "PlayerError",
    "RandomAgent",
    "RorAgent",
    "TreeAgent",
    "lol4_rating",
    "make_player",
    "parse_player",
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


def _reported(result: SearchResult[Any], progress: Progress | None) -> SearchResult[Any]:
    """``result``, given to ``progress`` first (a search that reports once, at its end)."""
    if progress is not None:
        progress(result)
    return result


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

    def limited(self, stop: threading.Event | None) -> Limit:
        """The search's limit, stopped by ``stop`` too."""
        return self.limit if stop is None else dataclasses.replace(self.limit, stop=stop)


class RorAgent(DepthAgent):
    """*Realm of Racket*: minimax over the book's rating, first best move."""

    def game_for(self, game: Game[Any, Any]) -> Game[Any, Any]:
        return book_rating(game) if isinstance(game, DiceOfDoom) else game

    def search(
        self,
        tree: Tree[Any, Any],
        stop: threading.Event | None = None,
        progress: Progress | None = None,
    ) -> SearchResult[Any]:
        return _reported(minimax(tree.root, self.limited(stop)), progress)


class Lol2Agent(DepthAgent):
    """*Land of Lisp* ch. 18: alpha-beta over ``score-board``, first best move."""

    def game_for(self, game: Game[Any, Any]) -> Game[Any, Any]:
        game = _dice_game(game, "lol2")
        if isinstance(game, ChanceDiceOfDoom):
            raise PlayerError("lol2 is the AI of the lisp rules; under --rules chance use lol4")
        return score_board_rating(game)

    def search(
        self,
        tree: Tree[Any, Any],
        stop: threading.Event | None = None,
        progress: Progress | None = None,
    ) -> SearchResult[Any]:
        return _reported(alphabeta(tree.root, self.limited(stop)), progress)


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

    def search(
        self,
        tree: Tree[Any, Any],
        stop: threading.Event | None = None,
        progress: Progress | None = None,
    ) -> SearchResult[Any]:
        """The book's ratings of the root's moves (depth 2 is quick: ``stop`` is not
        checked)."""
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
        result = SearchResult(
            value=value,
            player=player,
            best_moves=best,
            pv=best[:1],
            depth=self.depth,
            rater="lol4",
            stats=tree.stats.snapshot() - before,
            move_values=tuple(rated),
        )
        return _reported(result, progress)


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
        eval: str,
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
        self.ai: AIPlayer | None = None
        try:
            if seconds is not None or rater is not None:
                settings = AISettings(
                    seconds=seconds,
                    depth=depth if seconds is not None else depth or DEFAULT_CHANCE_DEPTH,
                    rater=rater or "auto",
                    width=width,
                    quiescence=quiescence,
                    nodes=nodes,
                    memory=self.memory,
                    clock=clock,
                )
                self.ai = AIPlayer(settings)
            else:  # the node-limited deepening of _search(): only its limit to check
                Limit(depth=depth, nodes=nodes, memory=self.memory)
        except (TypeError, ValueError) as exc:
            raise PlayerError(f"{name}: {exc}") from None
        self.seconds, self.nodes = seconds, nodes
        self.depth = self.ai.settings.depth if self.ai is not None else depth
        self.stoppable = seconds is not None or rater is None
        # a node budget counts new nodes only: on a shared tree (a DAG) a deep
        # iteration could walk old positions for ever without building one
        self.share = seconds is not None or rater is not None

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
        if self.ai is not None:
            return self.ai.search(tree, stop=stop, progress=progress)
        limit = Limit(depth=self.depth, nodes=self.nodes, memory=self.memory, stop=stop)
        return search(tree.root, limit, "deepening", progress=progress)


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
        eval: str = "heuristic",
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
            _reported(result, progress),
            root,
        )
