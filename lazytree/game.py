"""The one small protocol every game implements.

The engine (trees, raters, export) talks to games only through :class:`Game`; it imports
no game. States must be immutable and hashable; moves must be hashable too.

A game may offer more through the optional protocols, all defined here (raters and
players test for them with ``isinstance``): :class:`ChanceGame` (chance nodes),
:class:`BoundedGame` (evaluation bounds), :class:`OrderedGame` (a move-ordering hint),
:class:`NoisyGame` (moves a search should look past: quiescence),
:class:`RollingGame` (plays out a chance node itself, for play) and
:class:`BoardView` (draws its positions as a board in the browser: cells a click
goes through make a move; see :mod:`lazytree.boards`).

Conventions
-----------
* Players are numbered ``0 .. num_players - 1``. :data:`CHANCE` (``-1``) as the player to
  move marks a chance node, whose moves are outcomes weighted by
  :meth:`ChanceGame.outcome_probability`.
* ``evaluate(state, player)`` is called by raters at every leaf of a search, whether the
  leaf is a depth cut-off or a terminal position, and returns a value **from the point of
  view of** ``player`` (bigger is better for ``player``). For a terminal state it must
  agree with ``returns(state)[player]``.
* ``is_terminal(state)`` is true exactly when ``legal_moves(state)`` yields nothing
  (the conformance tests check it).
"""

from __future__ import annotations

import random
from collections.abc import Hashable, Iterator, Sequence
from typing import Any, Final, Protocol, TypeAlias, TypeVar, runtime_checkable

Player: TypeAlias = int
"""A player number, ``0 .. num_players - 1``, or :data:`CHANCE`."""

CHANCE: Final[Player] = -1
"""The 'player' to move at a chance node."""

S = TypeVar("S", bound=Hashable)
M = TypeVar("M", bound=Hashable)

__all__ = [
    "CHANCE",
    "BoardView",
    "BoundedGame",
    "ChanceGame",
    "Game",
    "IllegalMoveError",
    "NoisyGame",
    "OrderedGame",
    "Player",
    "RollingGame",
    "has_chance",
]


class IllegalMoveError(ValueError):
    """A move that is not legal in the given state (or text that names no legal move)."""


@runtime_checkable
class Game(Protocol[S, M]):
    """Rules of a game, as pure functions of immutable states.

    A game object holds only its fixed parameters (board size, number of players, ...);
    everything that changes during play lives in the state.
    """

    name: str
    """Short registry name, e.g. ``"dice-of-doom"``."""

    num_players: int

    def initial_state(self, rng: random.Random | None = None) -> S:
        """The start position; games with random starts draw from ``rng``."""
        ...

    def to_move(self, state: S) -> Player:
        """The player to move (or :data:`CHANCE`)."""
        ...

    def legal_moves(self, state: S) -> Iterator[M]:
        """Generate the legal moves, lazily and in a fixed order."""
        ...

    def result(self, state: S, move: M) -> S:
        """The state after ``move``; ``state`` is never changed.

        Raises :class:`IllegalMoveError` for a move that is not legal in ``state``.
        """
        ...

    def is_terminal(self, state: S) -> bool:
        """True when the game is over (no legal moves)."""
        ...

    def returns(self, state: S) -> Sequence[float]:
        """Final score of every player in a terminal state."""
        ...

    def evaluate(self, state: S, player: Player) -> float:
        """Heuristic (or exact, at a terminal state) value from ``player``'s point of view."""
        ...

    def move_to_str(self, state: S, move: M) -> str:
        """Human-readable move in the game's own notation."""
        ...

    def parse_move(self, state: S, text: str) -> M:
        """Parse the game's notation into a legal move of ``state``.

        Raises :class:`IllegalMoveError` when ``text`` names no legal move.
        """
        ...

    def render(self, state: S) -> str:
        """Multi-line text picture of the position."""
        ...


@runtime_checkable
class ChanceGame(Game[S, M], Protocol[S, M]):
    """A game with chance nodes: ``to_move(state) == CHANCE``, moves are outcomes."""

    def outcome_probability(self, state: S, move: M) -> float:
        """Probability of chance outcome ``move`` at chance state ``state``."""
        ...


def has_chance(game: object) -> bool:
    """True when ``game`` can have chance nodes (it offers ``outcome_probability``):
    the one test of a game for chance (a node's own test is ``node.player == CHANCE``).

    >>> from lazytree.games.tree_game import ChanceTreeGame, TreeGame
    >>> has_chance(ChanceTreeGame([1])), has_chance(TreeGame([1]))
    (True, False)
    """
    return callable(getattr(game, "outcome_probability", None))


@runtime_checkable
class BoundedGame(Protocol):
    """A game whose ``evaluate`` values are known to lie in an interval.

    Raters use the bounds to cut sooner: alpha-beta stops at a line that reaches the
    highest value, and expectiminimax's Star1 pruning at chance nodes needs them.
    """

    def evaluation_bounds(self, player: Player) -> tuple[float, float] | None:
        """``(lowest, highest)`` value ``evaluate(state, player)`` can return for any
        state, or None when no bounds are known."""
        ...


@runtime_checkable
class RollingGame(Protocol):
    """A chance game that can play out a chance node itself and say what happened
    (e.g. roll the real dice and show the numbers), for play rather than search."""

    def roll_outcome(self, state: Any, rng: random.Random) -> tuple[Any, str]:
        """Draw the outcome of chance node ``state`` with ``rng``: the outcome move (one
        of ``legal_moves(state)``) and a sentence describing it."""
        ...


@runtime_checkable
class OrderedGame(Protocol):
    """A game that can say which moves to search first."""

    def order_moves(self, state: Any, moves: Sequence[Any]) -> Sequence[Any]:
        """``moves`` (all legal moves of ``state``, generation order) reordered, most
        promising for the player to move first; the same moves, each once."""
        ...


@runtime_checkable
class NoisyGame(Protocol):
    """A game whose positions can be unsettled by some moves (captures, ...)."""

    def is_noisy(self, state: Any, move: Any) -> bool:
        """True when ``move`` changes the position so much that a search should not
        stop right before it (quiescence search)."""
        ...


@runtime_checkable
class BoardView(Protocol):
    """A game that can draw a position as a board of cells for the browser pages.

    The play page and the explorer ask for it with ``isinstance(game, BoardView)``;
    a game without it gets the generic view (its ``render()`` text and one button per
    legal move). :func:`lazytree.boards.board_document` turns the two answers below
    into one JSON document, schema ``lazytree-board/1``
    (``lazytree/static/board.schema.json``).
    """

    def board_view(self, state: Any) -> dict[str, Any]:
        """The board of ``state``: ``kind`` (``"hex"`` or ``"grid"``), ``rows``,
        ``cols``, and ``cells``, one dict per cell, numbered by position in the list:
        ``row``, ``col`` (where it is drawn), ``owner`` (a player, -1 for none),
        ``label`` (text drawn in it, e.g. a die count or a piece); optionally
        ``shade`` (``"dark"``/``"light"``), ``colour`` (the label's CSS colour).
        Optional keys of the board: ``offsets`` (hex: each row's shift in half
        cells), ``colNames``/``rowNames`` (coordinates drawn beside a grid),
        ``notes`` (lines of text about the position), ``score`` (``{"name": ...,
        "values": [one number per player]}``), ``players`` (a name per player)."""
        ...

    def move_cells(self, state: Any, move: Any) -> Sequence[int]:
        """The cells (indices into ``cells``) a click goes through to make ``move`` in
        ``state``, in order; empty for a move no click on the board makes (e.g. a
        pass: the page shows it as a button)."""
        ...
