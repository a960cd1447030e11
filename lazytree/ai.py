"""The AI player: pick a best move with a rater, and play a whole turn like the book.

:class:`AIPlayer` is the AI the terminal and the web server build from
:class:`AISettings`, a thin layer over :func:`lazytree.search.search`: with a clock it
searches with the ``deepening`` rater (alpha-beta with stored ratings, ordering, win
distance and a search width; expectations at chance nodes, so games with dice too) until
its clock is spent or the game's end is searched; ``depth`` is then only an optional cap.
With no clock it searches to a fixed depth with a named rater, like the books' AIs.

Examples
--------
>>> from lazytree.games.tree_game import TreeGame
>>> tree = Tree(TreeGame([[3, 12, 8], [2, 4, 6], [14, 5, 2]]))
>>> ai = AIPlayer(AISettings(seconds=1.0))
>>> ai.search(tree).best_moves
(0,)
>>> book = AIPlayer(AISettings.book(depth=2))
>>> [made.move for made in book.turn(Tree(TreeGame([[3, 12], [2, 4]])))]
[0]
"""

from __future__ import annotations

import math
import random
import threading
from collections.abc import Callable, Hashable, Iterator
from dataclasses import dataclass
from typing import Any, Generic, TypeVar

from lazytree.book import Book, booked_search
from lazytree.search import Limit, Rater, SearchResult, make_rater, search
from lazytree.search.limit import Clock
from lazytree.tree import Tree

S = TypeVar("S", bound=Hashable)
M = TypeVar("M", bound=Hashable)

__all__ = ["AIMove", "AIPlayer", "AISettings", "ai_turn", "choose_move"]


@dataclass(frozen=True)
class AIMove(Generic[M]):
    """One move the AI made and the search that chose it."""

    move: M
    search: SearchResult[M]


def choose_move(result: SearchResult[M], rng: random.Random | None = None) -> M:
    """Pick among the tied best moves: the first one, or a random one from ``rng``.

    Raises ``ValueError`` when the search found no move (a terminal root).
    """
    if not result.best_moves:
        raise ValueError("no move to choose: the position is terminal")
    if rng is None:
        return result.best_moves[0]
    return rng.choice(result.best_moves)


def ai_turn(
    tree: Tree[S, M],
    *,
    depth: int = 4,
    rater: str | Rater | Callable[..., SearchResult[M]] = "auto",
    rng: random.Random | None = None,
    max_moves: int = 10_000,
    searcher: Callable[[Tree[S, M]], SearchResult[M]] | None = None,
) -> Iterator[AIMove[M]]:
    """Play the AI's whole turn on ``tree``, like the book's ``the-ai-plays``.

    The player to move at the root keeps choosing (rating with ``rater``, a spelling of
    :data:`~lazytree.search.RATERS` or a rater function, to ``depth``)
    while it is still its turn and the game is not over; each chosen move is played on
    the tree (:meth:`Tree.play`, which keeps the subtree below it) and yielded, so a
    caller can show moves as they happen.

    ``searcher`` replaces the rater call entirely (e.g. an iterative-deepening search
    with a clock); it is called with the tree and must return a :class:`SearchResult`.

    Examples
    --------
    >>> from lazytree.games.tree_game import TreeGame
    >>> tree = Tree(TreeGame([[3, 12], [2, 4]]))
    >>> [m.move for m in ai_turn(tree, depth=2)]
    [0]
    """
    player = tree.root.player
    rate = make_rater(rater) if isinstance(rater, str) else rater
    for _ in range(max_moves):
        root = tree.root
        if root.player != player:
            return
        # the search itself finds out whether the game is over here, so everything it
        # expands (the root included) is counted in its result
        result = searcher(tree) if searcher is not None else search(root, depth, rate)
        if not result.best_moves:
            return
        move = choose_move(result, rng)
        tree.play(move)
        yield AIMove(move, result)
    raise RuntimeError(f"the AI made {max_moves} moves in one turn; the game never passes")


DEFAULT_CHANCE_DEPTH = 4
"""The depth a front end gives an AI without a clock when the user names no depth (the
books' depth)."""


def _whole(value: object, low: int) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and value >= low


@dataclass(frozen=True, slots=True)
class AISettings:
    """How the AI searches a move.

    Attributes
    ----------
    seconds:
        The clock per move: the ``deepening`` rater (alpha-beta, stored ratings,
        ordering, win distance, ``width``, ``quiescence``, and the expectation at chance
        nodes) until the time is spent or the game's end is searched. ``None``: no
        clock; search to ``depth`` with ``rater`` (the books' AIs).
    depth:
        With a clock, an optional cap on the depth; without one, the depth searched
        (required).
    rater:
        The rater (a spelling of :data:`lazytree.search.RATERS`) used without a clock.
    width:
        Moves searched per position with a clock: a number, ``None`` (all) or
        ``"auto"`` (see :func:`~lazytree.search.engine.play_width`).
    quiescence:
        Extra plies of noisy moves with a clock: a number or ``"auto"``.
    nodes, memory:
        Budgets of one move's search (new nodes; bytes the process may hold).
    tie_seed:
        Break ties between equally good moves at random with this seed (``None``:
        always the first best move in generation order).
    clock:
        What ``seconds`` counts: ``"wall"`` time, or the searching thread's ``"cpu"``
        time (the arena's default: a busy machine does not weaken a clocked player).
    """

    seconds: float | None = 1.0
    depth: int | None = None
    rater: str = "auto"
    width: int | str | None = "auto"
    quiescence: int | str = "auto"
    nodes: int | None = None
    memory: int | None = None
    tie_seed: int | None = None
    clock: Clock = "wall"

    def __post_init__(self) -> None:
        if self.seconds is not None and not (
            isinstance(self.seconds, int | float)
            and math.isfinite(self.seconds)
            and self.seconds > 0
        ):
            raise ValueError(f"seconds must be a number > 0 or None, got {self.seconds!r}")
        if self.depth is not None and not _whole(self.depth, 1):
            raise ValueError(f"depth must be a whole number >= 1 or None, got {self.depth!r}")
        if self.seconds is None and self.depth is None:
            raise ValueError("an AI without a clock (seconds=None) needs a depth")
        make_rater(self.rater)  # ValueError naming the known raters
        if self.width not in ("auto", None) and not _whole(self.width, 1):
            raise ValueError(f"width must be a number >= 1, None or 'auto', got {self.width!r}")
        if self.quiescence != "auto" and not _whole(self.quiescence, 0):
            raise ValueError(f"quiescence must be a number >= 0 or 'auto', got {self.quiescence!r}")
        # the budgets are checked by Limit
        Limit(nodes=self.nodes, memory=self.memory, clock=self.clock)

    def deepening(self) -> str:
        """The spelling of the clocked search: the ``deepening`` rater with this
        ``width`` and ``quiescence``.

        >>> AISettings(width=None, quiescence=2).deepening()
        'deepening:width=none:quiescence=2'
        """
        width = "none" if self.width is None else self.width
        return f"deepening:width={width}:quiescence={self.quiescence}"

    @classmethod
    def book(cls, depth: int = 4, rater: str = "minimax") -> AISettings:
        """The books' AI: no clock, ``rater`` to ``depth`` (Realm of Racket: minimax, 4)."""
        return cls(seconds=None, depth=depth, rater=rater)

    @property
    def clocked(self) -> bool:
        return self.seconds is not None


class AIPlayer:
    """The AI of :class:`AISettings`: :meth:`search` rates the root, :meth:`turn`
    plays a whole turn on a tree.

    ``rng`` breaks ties between equal moves (default: from ``settings.tie_seed``, or
    none: the first best move). ``book``: a :class:`~lazytree.book.Book` looked up before
    each search and filled after it (see :func:`~lazytree.book.booked_search`; an entry
    answers when it is at least ``settings.depth`` deep, any entry without a depth).
    """

    def __init__(
        self,
        settings: AISettings | None = None,
        rng: random.Random | None = None,
        book: Book | None = None,
    ):
        self.settings = settings if settings is not None else AISettings()
        if rng is None and self.settings.tie_seed is not None:
            rng = random.Random(self.settings.tie_seed)
        self.rng = rng
        self.book = book
        self._rater: Rater = make_rater(self.settings.rater)
        self._deepening: Rater = make_rater(self.settings.deepening())

    def __repr__(self) -> str:
        return f"AIPlayer({self.settings!r})"

    def search(
        self,
        tree: Tree[Any, Any],
        *,
        stop: threading.Event | None = None,
        progress: Callable[[SearchResult[Any]], None] | None = None,
    ) -> SearchResult[Any]:
        """Rate ``tree.root`` (the player to move there): the AI's search for one move.

        With a clock, ``stop`` (set from another thread) makes it answer now with the
        deepest search completed, and ``progress`` is called after every completed
        depth. Without a clock the rater runs to its depth and ``progress`` is called
        once with its result; there ``stop`` or a node or memory budget running out
        raises :class:`~lazytree.search.limit.SearchStopped` (there is no shallower
        answer to fall back on).
        """
        if self.book is not None:
            return booked_search(
                self.book,
                tree,
                lambda: self._search(tree, stop, progress),
                depth=self.settings.depth or 1,
            )
        return self._search(tree, stop, progress)

    def _search(
        self,
        tree: Tree[Any, Any],
        stop: threading.Event | None,
        progress: Callable[[SearchResult[Any]], None] | None,
    ) -> SearchResult[Any]:
        s = self.settings
        if s.clocked:
            limit = Limit(
                depth=s.depth,
                seconds=s.seconds,
                nodes=s.nodes,
                memory=s.memory,
                stop=stop,
                clock=s.clock,
            )
            return search(tree.root, limit, self._deepening, progress=progress)
        limit = Limit(depth=s.depth, nodes=s.nodes, memory=s.memory, stop=stop)
        return search(tree.root, limit, self._rater, progress=progress)

    def choose(self, result: SearchResult[M]) -> M:
        """The move this AI plays after ``result`` (ties broken by its ``rng``)."""
        return choose_move(result, self.rng)

    def turn(
        self,
        tree: Tree[S, M],
        *,
        stop: threading.Event | None = None,
        progress: Callable[[SearchResult[Any]], None] | None = None,
    ) -> Iterator[AIMove[M]]:
        """Play the AI's whole turn on ``tree`` (see :func:`ai_turn`), yielding each move
        with the search that chose it."""
        return ai_turn(
            tree,
            rng=self.rng,
            searcher=lambda t: self.search(t, stop=stop, progress=progress),
        )
