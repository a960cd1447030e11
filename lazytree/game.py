"""The one small protocol every game implements.

The engine (trees, raters, export) talks to games only through :class:`Game`; it imports
no game. States must be immutable and hashable; moves must be hashable too.

A game may offer more through the optional protocols, all defined here (raters and
players test for them with ``isinstance``): :class:`ChanceGame` (chance nodes),
:class:`BoundedGame` (evaluation bounds), :class:`OrderedGame` (a move-ordering hint),
:class:`BestFirstGame` (the moves in the hint's order, lazily: a width search pulls
only the moves it keeps),
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

Capabilities
------------
What the surfaces (CLI, server, tune) may ask of a game beyond that, each unlocking
something there (a surface asks with ``isinstance``, never which game it is):
:class:`WeightedEvaluation` (``tune``, ``--weights``), :class:`NamedEvaluations` (the
agents' ``eval=``), :class:`GameAgents` (agents the game offers, the book's AI),
:class:`PlayDefaults` (options for play), :class:`StartOptions` (a start position to
save), :class:`PlayerNames` (players' own names), :class:`SizedBoard` (the board's size
in titles).
"""

from __future__ import annotations

import random
from collections.abc import Hashable, Iterator, Mapping, Sequence
from typing import Any, Final, Protocol, TypeAlias, TypeVar, runtime_checkable

Player: TypeAlias = int
"""A player number, ``0 .. num_players - 1``, or :data:`CHANCE`."""

CHANCE: Final[Player] = -1
"""The 'player' to move at a chance node."""

S = TypeVar("S", bound=Hashable)
M = TypeVar("M", bound=Hashable)

__all__ = [
    "CHANCE",
    "BestFirstGame",
    "BoardCells",
    "BoardChanges",
    "BoardView",
    "BoundedGame",
    "ChanceGame",
    "Game",
    "GameAgents",
    "IllegalMoveError",
    "NamedEvaluations",
    "NoisyGame",
    "OrderedGame",
    "PlayDefaults",
    "Player",
    "PlayerNames",
    "RollingGame",
    "SizedBoard",
    "StartOptions",
    "WeightedEvaluation",
    "has_chance",
    "require_game",
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


_GAME_METHODS = ("legal_moves", "result", "is_terminal", "to_move", "evaluate")


def require_game(value: object, name: str = "game") -> None:
    """``TypeError`` unless ``value`` has the methods of a :class:`Game` that searches
    call.

    >>> require_game(object())  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    TypeError: game must be a Game (with legal_moves, ...), got object (no legal_moves)
    """
    missing = [m for m in _GAME_METHODS if not callable(getattr(value, m, None))]
    if missing:
        raise TypeError(
            f"{name} must be a Game (with {', '.join(_GAME_METHODS)}), got "
            f"{type(value).__name__} (no {missing[0]})"
        )


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
class BestFirstGame(OrderedGame, Protocol):
    """A game that lists its moves best first itself, lazily: a search that keeps only
    a node's first ``width`` moves by the hint (the play AI) makes the node's move
    generator this one and pulls ``width`` moves, instead of listing every move, making
    an edge for each and ranking them all.

    The order must be exactly :meth:`OrderedGame.order_moves` of all the legal moves in
    generation order (the tests of a game that offers it compare the two); its gain is
    that the best moves come out before the rest have been looked at. Such a node's
    generation order is that order (the exports read it with
    :func:`lazytree.tree.moves_in_order`).
    """

    def moves_best_first(self, state: Any) -> Iterator[Any] | None:
        """The legal moves of ``state`` in the order
        ``order_moves(state, list(legal_moves(state)))``, generated lazily; None where
        the game has no cheaper way than ranking the move list (the node is then
        generated and ranked as without this capability)."""
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
        ``shade`` (``"dark"``/``"light"``) and ``name`` (the cell's name in the game's
        notation, e.g. a checkers square's number, drawn small). Optional keys of the
        board: ``offsets`` (hex: each row's shift in half cells), ``coords``
        (``{"cols": [...], "rows": [...]}``: names drawn beside a grid), ``colours``
        (each player's label colour, CSS), ``notes`` (lines of text about the
        position), ``score`` (``{"name": ..., "values": [one number per player]}``),
        ``players`` (a name per player). The schema is
        ``lazytree/static/board.schema.json``; ``docs/boards.md`` shows how the pages
        draw it."""
        ...

    def move_cells(self, state: Any, move: Any) -> Sequence[int]:
        """The cells (indices into ``cells``) a click goes through to make ``move`` in
        ``state``, in order; empty for a move no click on the board makes (e.g. a
        pass: the page shows it as a button)."""
        ...


@runtime_checkable
class BoardCells(Protocol):
    """A :class:`BoardView` game that also tells, without building its cells, what
    changes from one position to the next: the explorer packs each position of a search
    (50,000 of them) from it rather than from a board view with a dict per cell."""

    def board_cells(self, state: Any) -> tuple[Sequence[int], Sequence[str], Sequence[str]]:
        """``(owners, labels, notes)`` of ``state``: each cell's ``owner`` and ``label``
        in the order of :meth:`BoardView.board_view`'s ``cells``, and its ``notes``;
        they must equal what the board view says."""
        ...


@runtime_checkable
class BoardChanges(Protocol):
    """A :class:`BoardCells` game that also tells how two positions' boards differ without
    reading either whole: the explorer describes each position of a search by the cells
    it changed against its parent's (a 100x100 board has 10,000 cells, a move changes a
    few), so it never builds every position's board."""

    def board_changes(
        self, before: Any, after: Any
    ) -> tuple[Sequence[int], Sequence[int], Sequence[str], Sequence[str]]:
        """``(cells, owners, labels, notes)``: the cells whose owner or label in
        ``after`` differ from ``before``'s (ascending, each once; a cell that did not
        change may be among them), their owners and labels in ``after``, and
        ``after``'s notes; all as :meth:`BoardCells.board_cells` says them."""
        ...


# -- capabilities: what a surface may ask of a game beyond Game -------------------------------
# Each is optional; a surface tests for it with ``isinstance`` and, when a game lacks it,
# says so in one line (``tune``: "tictactoe has no tunable evaluation ...").


@runtime_checkable
class WeightedEvaluation(Protocol):
    """A game whose evaluation is a weighted sum of named features, its weights held as
    data: unlocks ``lazytree tune`` and ``--weights FILE`` (:mod:`lazytree.weights`
    reads and writes the files, :mod:`lazytree.tune` fits the weights).

    The fit models a player's win chance as ``sigmoid(b . x)`` over the features ``x``
    of :meth:`evaluation_features`; :meth:`weights_to_coefficients` and
    :meth:`coefficients_to_weights` translate between the weights and ``b``."""

    weighted_evaluation: str
    """The name of the evaluation the weights belong to (``heuristic``, ``samuel``)."""

    weights_version: int
    """The version of that evaluation's features (a position book keys its rows by it)."""

    scale_weight: str
    """The weight held fixed as the scale when fitting (the others are relative to it)."""

    def evaluation_weights(self) -> dict[str, float]:
        """The weights by name (every weight, the features' and any others)."""
        ...

    def with_evaluation_weights(self, weights: Mapping[str, float]) -> Any:
        """A copy of the game rating with its weighted evaluation and ``weights`` (every
        name of :meth:`evaluation_weights`); ``ValueError`` for a bad value."""
        ...

    def feature_names(self) -> tuple[str, ...]:
        """The features, in the order of :meth:`evaluation_features`."""
        ...

    def evaluation_features(self, state: Any, player: Player) -> list[float]:
        """The features of ``state`` from ``player``'s side."""
        ...

    def weights_to_coefficients(self, weights: Mapping[str, float]) -> list[float]:
        """The logistic coefficients ``b`` (one per feature) ``weights`` stand for."""
        ...

    def coefficients_to_weights(self, b: Sequence[float]) -> dict[str, float]:
        """Weights from fitted coefficients ``b``, :attr:`scale_weight` held at this
        game's value; ``ValueError`` when no weights of this evaluation fit ``b``."""
        ...


@runtime_checkable
class NamedEvaluations(Protocol):
    """A game that can rate positions by one of several named evaluations: unlocks the
    ``eval=`` parameter of the ``default`` and ``mcts`` agents (Dice of Doom: ``book``,
    ``heuristic``, ``score-board``)."""

    eval: str
    """The name of the evaluation this game object rates with."""

    def evaluation_names(self) -> tuple[str, ...]:
        """Every evaluation by name; the first is the one agents rate with unless told."""
        ...

    def rated_by(self, name: str) -> Any:
        """A copy of the game rating with evaluation ``name`` (the game itself when it
        already does); ``ValueError`` for an unknown name."""
        ...


@runtime_checkable
class GameAgents(Protocol):
    """A game that offers agents of its own (Dice of Doom's rule sets: the books' AIs
    ``lol2`` and ``lol4``): unlocks them as seats and players (the names are in
    :data:`lazytree.agents.AGENTS`), and says which agent plays like the book (the
    server's ``ai=book``)."""

    def offered_agent(self, key: str, name: str, params: Mapping[str, Any]) -> Any:
        """The agent registered as ``key`` (named ``name`` with ``params``; a
        :class:`~lazytree.agents.TreeAgent`) for this
        game, or None when the game offers no such agent. An agent the game offers under
        other rules only says so in one line (a ``ValueError``) when it starts."""
        ...

    def book_agent(self) -> str:
        """The name of the agent that plays like the book for these rules."""
        ...


@runtime_checkable
class PlayDefaults(Protocol):
    """A game with options a person plays it with unless told otherwise: unlocks them as
    the defaults of ``lazytree play`` and ``lazytree serve`` (Dice of Doom: the stronger
    ``heuristic`` evaluation for the AI, not the book's)."""

    def play_options(self) -> Mapping[str, Any]:
        """Game options (Python names) and their values for play."""
        ...


@runtime_checkable
class StartOptions(Protocol):
    """A game whose start position does not follow from its options alone (a random
    board): unlocks saving it, so saved sessions and arena records replay exactly."""

    def start_options(self, state: Any) -> dict[str, Any]:
        """The game options that rebuild exactly the start position ``state``, whatever
        the seed."""
        ...


@runtime_checkable
class PlayerNames(Protocol):
    """A game whose players have names of their own (Dice of Doom's letters ``A``,
    ``B``, ...): the terminal shows them beside the player numbers."""

    def player_name(self, player: Player) -> str:
        """What the game calls ``player``."""
        ...


@runtime_checkable
class SizedBoard(Protocol):
    """A game played on a board of a size chosen by its options: titles name the size
    (the explorer's ``dice-of-doom 3x3: ...``)."""

    def board_size(self) -> str:
        """The board's size as a title shows it (``3x3``)."""
        ...
