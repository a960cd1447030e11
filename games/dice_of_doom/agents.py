"""The books' AIs that Dice of Doom offers (:class:`~lazytree.game.GameAgents`).

``lol2`` and ``lol4`` are registered by name in :data:`lazytree.agents.AGENTS`; when one
is seated at a Dice of Doom game, the game makes it through :data:`OFFERED`:

=========  ====================================================================
``lol2``   *Land of Lisp* ch. 17-18: alpha-beta to depth 4 over ``score-board``
           (the end of the game rated by ``score-board`` too), the first best move.
``lol4``   *Land of Lisp* ch. 20 (chance rules): depth 2 (attacks count one level
           with both outcomes below them), the book's odds table rounded to two
           decimals and its single-float sums, ``score-board``, the first best move.
=========  ====================================================================

(*Realm of Racket*'s ``ror`` plays any game: :class:`lazytree.agents.RorAgent`.)
:class:`DiceAgents`, a base of :class:`~lazytree.games.dice_of_doom.DiceOfDoom`, is how
the game offers them (:class:`~lazytree.game.GameAgents`) and names the book's AI of
each rule set.

>>> from lazytree.games.dice_of_doom import make_dice_of_doom
>>> game = make_dice_of_doom("lisp", size=3)
>>> game.book_agent(), type(game.offered_agent("lol2", "lol2", {"depth": 2})).__name__
('lol2', 'Lol2Agent')
>>> game.offered_agent("mcts", "mcts", {}) is None
True
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, Any, Final, cast

from lazytree.agent import Agent, AgentError, Progress
from lazytree.agents import DepthAgent, reported, single_float, with_evaluation
from lazytree.game import CHANCE, Game
from lazytree.games.dice_of_doom.dice import Outcome
from lazytree.games.dice_of_doom.score_board import score_board
from lazytree.search import SearchResult
from lazytree.tree import Node, Tree

if TYPE_CHECKING:
    from lazytree.games.dice_of_doom.rules import DiceOfDoom

__all__ = [
    "BOOK_AGENTS",
    "BOOK_ODDS",
    "OFFERED",
    "DiceAgents",
    "Lol2Agent",
    "Lol4Agent",
    "lol4_rating",
    "score_board_rating",
]


def score_board_rating(game: DiceOfDoom) -> DiceOfDoom:
    """``game`` rated like *Land of Lisp*: ``score-board`` everywhere, the end of the game
    included, scaled into ``[0, 1]`` (see :mod:`~lazytree.games.dice_of_doom.score_board`)."""
    n = game.size * game.size

    def value(state: Any, player: int) -> float:
        return (score_board(game, state, player) + n) / (3 * n)

    rated: DiceOfDoom = with_evaluation(game, value)
    return rated


def _dice_game(game: Game[Any, Any], player: str) -> DiceOfDoom:
    if not isinstance(game, DiceAgents):  # (a base of every DiceOfDoom)
        raise AgentError(f"{player} plays Dice of Doom only, not {game.name}")
    return cast("DiceOfDoom", game)


class Lol2Agent(DepthAgent):
    """*Land of Lisp* ch. 18: alpha-beta over ``score-board``, first best move."""

    rater = "alphabeta"

    def game_for(self, game: Game[Any, Any]) -> Game[Any, Any]:
        game = _dice_game(game, "lol2")
        if game.rules == "chance":
            raise AgentError("lol2 is the AI of the lisp rules; under --rules chance use lol4")
        return score_board_rating(game)


BOOK_ODDS: tuple[tuple[float, ...], ...] = (
    (0.84, 0.97, 1.0, 1.0),
    (0.44, 0.78, 0.94, 0.99),
    (0.15, 0.45, 0.74, 0.91),
    (0.04, 0.19, 0.46, 0.72),
    (0.01, 0.06, 0.22, 0.46),
)
"""*Land of Lisp* ch. 20's ``*dice-probability*``: ``BOOK_ODDS[d - 1][a - 2]`` is the
chance that ``a`` attacking dice beat ``d`` defending dice, rounded to two decimals."""

_single = single_float


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
        node.context.stats.evaluations += 1
        return float(score_board(node.context.game, node.state, player))  # type: ignore[arg-type]
    values = (lol4_rating(edge.child, depth - 1, player) for edge in node.children)
    return max(values) if node.player == player else min(values)


class Lol4Agent(DepthAgent):
    """*Land of Lisp* ch. 20: :func:`lol4_rating` at every root move, first best move."""

    def game_for(self, game: Game[Any, Any]) -> Game[Any, Any]:
        game = _dice_game(game, "lol4")
        if game.rules != "chance":
            raise AgentError("lol4 is the AI of the chance rules (--rules chance)")
        if game.max_dice > len(BOOK_ODDS):
            raise AgentError(f"lol4's odds table goes up to {len(BOOK_ODDS)} dice")
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
        return reported(result, progress)


def _lol2(game: DiceOfDoom, name: str, depth: int) -> Agent:
    return Lol2Agent(name, depth)


def _lol4(game: DiceOfDoom, name: str, depth: int) -> Agent:
    return Lol4Agent(name, depth)


OFFERED: Mapping[str, Callable[..., Agent]] = {"lol2": _lol2, "lol4": _lol4}
"""The agents Dice of Doom offers, by registry name: ``make(game, name, **params)``
(the rule set is checked when the agent starts on the game)."""

BOOK_AGENTS: Final[Mapping[str, str]] = {"racket": "ror", "lisp": "lol2", "chance": "lol4"}
"""The book's AI of each rule set: *Realm of Racket*'s, *Land of Lisp* ch. 18's and ch. 20's."""


class DiceAgents:
    """:class:`~lazytree.game.GameAgents` for Dice of Doom (a base of
    :class:`~lazytree.games.dice_of_doom.DiceOfDoom`): the agents of :data:`OFFERED`
    and the book's AI of each rule set."""

    rules: str

    def offered_agent(self, key: str, name: str, params: Mapping[str, Any]) -> Any:
        """``lol2`` or ``lol4`` for these rules (``ValueError`` under the other rules),
        None for any other key."""
        make = OFFERED.get(key)
        return None if make is None else make(cast("DiceOfDoom", self), name, **params)

    def book_agent(self) -> str:
        """``ror`` (racket rules), ``lol2`` (lisp rules) or ``lol4`` (chance rules)."""
        return BOOK_AGENTS[self.rules]
