"""Dice of Doom with the rules of *Realm of Racket*, chapters 10-12: attacks need more
dice than the target, a pass (not the turn's first move) reinforces from one shared pool
of spare dice, the game ends when the player to move cannot attack. As in the book's
program, the pass is listed first, and the board order flips on every pass
(:attr:`DiceState.reversed`). The *Land of Lisp* rule sets are in
:mod:`lazytree.games.dice_of_doom.variants`; all of them: docs/reference/games.md.

Examples
--------
>>> game = DiceOfDoom(size=2)
>>> s = game.parse_board("0:2 1:1 0:3 1:2")
>>> [game.move_to_str(s, m) for m in game.legal_moves(s)]
['0->1', '2->3']
>>> s2 = game.result(s, Attack(2, 3))
>>> s2.owners, s2.dice, [game.move_to_str(s2, m) for m in game.legal_moves(s2)]
((0, 1, 0, 0), (2, 1, 1, 2), ['pass', '0->1', '3->1'])
"""

from __future__ import annotations

import enum
import random
from collections.abc import Iterator
from functools import lru_cache
from itertools import chain
from typing import Any, ClassVar, Final, SupportsIndex, TypeAlias

from lazytree._core import mypyc_attr
from lazytree.game import IllegalMoveError, Player
from lazytree.games.dice_of_doom.agents import DiceAgents
from lazytree.games.dice_of_doom.board import neighbor_table
from lazytree.games.dice_of_doom.capabilities import PLAYER_LETTERS, DiceCapabilities
from lazytree.games.dice_of_doom.dice import Outcome
from lazytree.games.dice_of_doom.evaluation import EVALUATORS, BookEvaluation, Evaluation
from lazytree.games.dice_of_doom.hints import SearchHints
from lazytree.games.dice_of_doom.incremental import (
    BIG_BOARD,
    attacks_best_first_in,
    has_attack_in,
    pass_changes_in,
    tabled_attacks_in,
)
from lazytree.games.dice_of_doom.kernel import (
    after_pass,
    attacks,
    book_value,
    can_attack,
    next_player,
)
from lazytree.games.dice_of_doom.position import Attack, DiceState

__all__ = [
    "PASS",
    "PLAYER_LETTERS",
    "Attack",
    "DiceMove",
    "DiceOfDoom",
    "DiceState",
    "Outcome",
    "Pass",
]


class Pass(enum.Enum):
    """The pass move (ends the turn; only after at least one attack)."""

    PASS = "pass"


PASS: Final = Pass.PASS


DiceMove: TypeAlias = Attack | Pass | Outcome


_TEXTBOOK_EVALUATION: Final = BookEvaluation
_ATTACK: Final = Attack
"""(Constants of the compiled module: ``evaluate`` and ``result`` compare with them per node.)"""

MAX_SIZE = 100
"""Largest board side: what ``lazytree play`` and the board drawings support."""
MAX_DICE = 20
"""Most dice a territory may hold (the dice rolls of the chance rules stay cheap)."""
MAX_SPARE_DICE = 10_000
"""Largest reinforcement pool."""


_COUNTS = tuple(str(d) for d in range(MAX_DICE + 1))
"""Dice counts as text (a board view labels each territory with one)."""


def _whole(name: str, value: object) -> int:
    """``value``, an int (not a bool), or a :class:`TypeError` naming ``name``."""
    if isinstance(value, bool) or not isinstance(value, int):
        raise TypeError(f"{name} must be an int, got {type(value).__name__}")
    return value


@lru_cache(maxsize=16)
def _places(size: int) -> tuple[tuple[int, int], ...]:
    """(row, column) of each territory of a ``size`` x ``size`` board."""
    return tuple(divmod(i, size) for i in range(size * size))


# a native class in the compiled core, subclassed by the other rule sets (interpreted)
@mypyc_attr(allow_interpreted_subclasses=True)
class DiceOfDoom(SearchHints, DiceCapabilities, DiceAgents):
    """The rules, for a board of ``size`` x ``size`` territories.

    Parameters
    ----------
    size:
        Territories per row and column (2 to :data:`MAX_SIZE`).
    players:
        Number of players (2 to 8).
    max_dice:
        Most dice a territory holds at the start and after reinforcement (>= 2).
    spare_dice:
        The reinforcement pool at the start of the game.
    eval:
        How :meth:`evaluate` rates a position: an evaluator (any
        :class:`~lazytree.games.dice_of_doom.evaluation.Evaluation`) or the name of one:
        ``"book"`` (the book's winner share) or ``"heuristic"`` (see
        :mod:`lazytree.games.dice_of_doom.evaluation`).
    """

    name = "dice-of-doom"
    rules = "racket"
    """The rule set's short name (``--rules``)."""

    def __init__(
        self,
        size: SupportsIndex = 3,
        players: SupportsIndex = 2,
        max_dice: SupportsIndex = 3,
        spare_dice: SupportsIndex = 10,
        eval: str | Evaluation = "book",
    ) -> None:
        # (SupportsIndex, not int: compiled, an int parameter would refuse a float with
        # the compiler's message, which does not name the argument)
        size = _whole("size", size)
        players = _whole("players", players)
        max_dice = _whole("max dice", max_dice)
        spare_dice = _whole("spare dice", spare_dice)
        if size < 2:
            raise ValueError(f"size must be at least 2, got {size}")
        if size > MAX_SIZE:
            raise ValueError(
                f"size must be at most {MAX_SIZE} (what play and the board drawings "
                f"support), got {size}"
            )
        if not 2 <= players <= len(PLAYER_LETTERS):
            raise ValueError(f"players must be from 2 to {len(PLAYER_LETTERS)}, got {players}")
        if players > size * size:
            raise ValueError(f"{players} players need at least {players} territories")
        if not 2 <= max_dice <= MAX_DICE:
            raise ValueError(f"max dice must be from 2 to {MAX_DICE}, got {max_dice}")
        if not 0 <= spare_dice <= MAX_SPARE_DICE:
            raise ValueError(f"spare dice must be from 0 to {MAX_SPARE_DICE}, got {spare_dice}")
        if isinstance(eval, str):
            if eval not in EVALUATORS:
                known = ", ".join(EVALUATORS)
                raise ValueError(f"unknown evaluation {eval!r} (known: {known})")
            evaluator = EVALUATORS[eval]()
        else:
            evaluator = eval
        self.evaluator: Evaluation = evaluator
        """What :meth:`evaluate` asks (injected; see ``eval``)."""
        self.eval: str = evaluator.name
        """The evaluator's name (``"book"``, ``"heuristic"``, ...)."""
        self.size = size
        self.num_players = players
        self.max_dice = max_dice
        self.spare_dice = spare_dice
        self.neighbors = neighbor_table(size)
        self._made: tuple[tuple[Attack, ...], ...] = ()
        self._made_for: tuple[tuple[int, ...], ...] = ()
        self.big = size * size >= BIG_BOARD
        """A big board: positions made by moves derive their facts from the position
        before (:mod:`~lazytree.games.dice_of_doom.incremental`)."""
        # what the per-node methods read, as the compiled class's own fields (the
        # mixins declare ``big`` and ``num_players``, which compiled code looks up by name)
        self._big = self.big
        self._players = players
        self._captures = self.counts_captures
        self._listed = self.tabled and self.big
        self._kernel_moves = self.tabled and not self.big
        """Small boards list their attacks with :func:`~.kernel.attacks` (one call)."""
        rules = type(self)
        self._kernel_checks = (
            rules._check_attack is DiceOfDoom._check_attack
            and rules._check_strength is DiceOfDoom._check_strength
        )
        """The rule set checks an attack as the book does: :func:`~.kernel.attack_is_legal`
        checks a move first (the methods still give the reason a move is illegal)."""
        self._kernel_book = (
            rules.returns is DiceOfDoom.returns and rules.territories is DiceOfDoom.territories
        )
        """The book's evaluation may be computed by :mod:`~.kernel` (the rule set keeps
        the book's scores)."""

    def __repr__(self) -> str:
        return (
            f"{type(self).__name__}(size={self.size}, players={self.num_players}, "
            f"max_dice={self.max_dice}, spare_dice={self.spare_dice}, eval={self.eval!r})"
        )

    # -- positions --------------------------------------------------------------------
    def initial_state(self, rng: random.Random | None = None) -> DiceState:
        """A random board like the book's ``territory-build`` (redrawn while no one can move)."""
        rng = rng if rng is not None else random.Random()
        n = self.size * self.size
        owners = tuple(i % self.num_players for i in range(n))
        for _ in range(1000):
            dice = tuple(rng.randint(1, self.max_dice) for _ in range(n))
            state = DiceState(owners, dice, 0, self.spare_dice)
            if not self.is_terminal(state):
                return state
        return state  # every draw was a dead board (only possible on tiny boards)

    def make_state(
        self,
        owners: tuple[int, ...],
        dice: tuple[int, ...],
        player: Player = 0,
        spare: int | None = None,
    ) -> DiceState:
        """A start-of-turn position from explicit owners and dice, checked."""
        n = self.size * self.size
        if len(owners) != n or len(dice) != n:
            raise ValueError(
                f"a {self.size}x{self.size} board has {n} territories, got {len(owners)}"
            )
        for i, (o, d) in enumerate(zip(owners, dice, strict=True)):
            if not 0 <= o < self.num_players:
                raise ValueError(
                    f"territory {i}: owner {o} is not a player (0 to {self.num_players - 1})"
                )
            if not 1 <= d <= self.max_dice:
                raise ValueError(f"territory {i}: {d} dice is out of range 1 to {self.max_dice}")
        if not 0 <= player < self.num_players:
            raise ValueError(f"player {player} is not a player (0 to {self.num_players - 1})")
        spare = self.spare_dice if spare is None else spare
        if spare < 0:
            raise ValueError(f"spare dice must be >= 0, got {spare}")
        return DiceState(tuple(owners), tuple(dice), player, spare)

    def parse_board(self, spec: str, player: Player = 0, spare: int | None = None) -> DiceState:
        """A position from ``owner:dice`` pairs in territory order, e.g. ``"0:2 1:1 0:3 1:2"``."""
        owners: list[int] = []
        dice: list[int] = []
        for i, item in enumerate(spec.replace(",", " ").split()):
            owner_text, sep, dice_text = item.partition(":")
            if not sep:
                raise ValueError(f"territory {i}: {item!r} is not of the form owner:dice")
            try:
                owners.append(int(owner_text))
                dice.append(int(dice_text))
            except ValueError:
                raise ValueError(
                    f"territory {i}: {item!r} is not of the form owner:dice (two numbers)"
                ) from None
        return self.make_state(tuple(owners), tuple(dice), player, spare)

    @staticmethod
    def board_spec(state: DiceState) -> str:
        """The ``owner:dice`` spec of a position (inverse of :meth:`parse_board`)."""
        return " ".join(f"{o}:{d}" for o, d in zip(state.owners, state.dice, strict=True))

    # -- the protocol -------------------------------------------------------------------
    def to_move(self, state: DiceState) -> Player:
        return state.player

    def _order(self, state: DiceState) -> range:
        n = len(state.owners)
        return range(n - 1, -1, -1) if state.reversed else range(n)

    # (ClassVar: compiled code reads a rule set's own value, not an instance default)
    tabled: ClassVar[bool] = True
    """Big boards list their attacks from an attack table kept per position
    (:mod:`~lazytree.games.dice_of_doom.incremental`): true for the rule sets whose
    attack needs more dice than the target."""

    def _attacks(self, state: DiceState) -> Iterator[Attack]:
        """The attacks of the player to move in board order; a rule set with other
        attacks overrides it."""
        return iter(self._attack_list(state))

    def _attack_list(self, state: DiceState) -> list[Attack]:
        """The attacks (more dice than the target) of the player to move in board order,
        listed in one call of :func:`~.kernel.attacks` with the attacks made once."""
        neighbors = self.neighbors
        made = self._made if self._made_for is neighbors else self.attack_objects()
        return attacks(state.owners, state.dice, state.player, neighbors, made, state.reversed)

    def attack_objects(self) -> tuple[tuple[Attack, ...], ...]:
        """``Attack(i, j)`` for every territory ``i`` and neighbour ``j``, made once
        (the attack tables of big boards share them)."""
        neighbors = self.neighbors
        if self._made_for is not neighbors:
            self._made = tuple(
                tuple(Attack(i, j) for j in nbrs) for i, nbrs in enumerate(neighbors)
            )
            self._made_for = neighbors
        return self._made

    def _tabled_attacks(self, state: DiceState) -> Iterator[Attack]:
        """The attacks of the player to move, chained from the attack table (the
        territory order of the book, no Python step per move)."""
        table = state.attack_table(self.neighbors, self.attack_objects())
        return tabled_attacks_in(table, state.chunks()[0], state.player, state.reversed)

    def legal_moves(self, state: DiceState) -> Iterator[DiceMove]:
        if self._listed:
            tabled: Iterator[DiceMove] = self._tabled_attacks(state)
            return tabled if state.first_move else chain((PASS,), tabled)
        if self._kernel_moves:
            listed = self._attack_list(state)
            if state.first_move:
                return iter(listed)
            return iter([PASS, *listed])
        return self._scanned_moves(state)

    def moves_best_first(self, state: DiceState) -> Iterator[DiceMove] | None:
        """The legal moves in the order of :meth:`order_moves`, lazily
        (:class:`~lazytree.game.BestFirstGame`): a search that keeps a node's best
        ``width`` moves pulls only those. Big boards rank from the attack table
        (:func:`~lazytree.games.dice_of_doom.incremental.attacks_best_first_in`);
        elsewhere ranking the move list is no dearer: None.

        >>> game = DiceOfDoom(size=10)
        >>> s = game.initial_state(random.Random(1))
        >>> best = game.moves_best_first(s)
        >>> [next(best) for _ in range(3)] == game.order_moves(s, list(game.legal_moves(s)))[:3]
        True
        >>> DiceOfDoom(size=2).moves_best_first(s) is None
        True
        """
        if not self._listed:
            return None
        table = state.attack_table(self.neighbors, self.attack_objects())
        owners, dice = state.chunks()
        attacks = attacks_best_first_in(
            table, owners, dice, state.player, state.reversed, state.top_dice()
        )
        return attacks if state.first_move else chain((PASS,), attacks)

    def _scanned_moves(self, state: DiceState) -> Iterator[DiceMove]:
        if not state.first_move:
            yield PASS
        yield from self._attacks(state)

    def is_terminal(self, state: DiceState) -> bool:
        if not state.first_move:
            return False
        if self._listed:
            table = state.attack_table(self.neighbors, self.attack_objects())
            return not has_attack_in(table, state.chunks()[0], state.player)
        if self._kernel_moves:
            return not can_attack(state.owners, state.dice, state.player, self.neighbors)
        return next(self._attacks(state), None) is None

    def result(self, state: DiceState, move: DiceMove) -> DiceState:
        if type(move) is _ATTACK and self._kernel_checks:
            # the hot path: one compiled call checks the attack and makes the position
            made = state.after_attack(move, self.neighbors, self._captures)
            if made is not None:
                return made
        if move is PASS:
            if state.first_move:
                raise IllegalMoveError("the first move of a turn must be an attack, not a pass")
            return self._pass(state)
        if not isinstance(move, Attack):
            raise IllegalMoveError(f"{move!r} is not a Dice of Doom move")
        self._check_attack(state, move)  # raises with the reason
        made = state.after_attack(move, self.neighbors, self._captures, checked=True)
        assert made is not None
        return made

    counts_captures: ClassVar[bool] = False
    """Whether a position counts the dice captured this turn (``captured``: the lisp
    rules' reinforcements)."""

    def _check_attack(self, state: DiceState, move: Attack) -> None:
        given: Any = move  # a move from outside may hold any objects: not unpacked as ints
        src, dst = given
        n = len(state.owners)
        if not (isinstance(src, int) and isinstance(dst, int) and 0 <= src < n and 0 <= dst < n):
            raise IllegalMoveError(f"{src}->{dst}: no such territory (0 to {n - 1})")
        if state.owners[src] != state.player:
            raise IllegalMoveError(f"{src}->{dst}: territory {src} is not yours")
        if dst not in self.neighbors[src]:
            raise IllegalMoveError(f"{src}->{dst}: territory {dst} is not a neighbour of {src}")
        if state.owners[dst] == state.player:
            raise IllegalMoveError(f"{src}->{dst}: territory {dst} is already yours")
        self._check_strength(state, move)

    def _check_strength(self, state: DiceState, move: Attack) -> None:
        """The rule set's own condition on the dice of an attack (here: more than the target)."""
        src, dst = move
        if state.dice[src] <= state.dice[dst]:
            raise IllegalMoveError(
                f"{src}->{dst}: needs more dice than the target "
                f"({state.dice[src]} against {state.dice[dst]})"
            )

    def _pass(self, state: DiceState) -> DiceState:
        player, spare, top = state.player, state.spare, self.max_dice
        if self._big:
            oc, dc = state.chunks()
            changes, spare = pass_changes_in(oc, dc, player, spare, top, state.reversed)
            return DiceState.derived(
                state, changes, self._next_player(state), spare, True, not state.reversed
            )
        owners = state.owners
        more, spare = after_pass(owners, state.dice, player, spare, top, state.reversed)
        return DiceState(
            owners,
            more,
            next_player(owners, player, self.num_players),
            spare,
            True,
            not state.reversed,
        )

    def reinforcements(self, state: DiceState) -> int:
        """How many dice a pass in ``state`` would hand out at most (here: the shared pool;
        one die per own territory below the maximum)."""
        return state.spare

    def _next_player(self, state: DiceState) -> Player:
        """The next player after the one to move in ``state`` who still owns a territory
        (eliminated players are skipped)."""
        p = self.num_players
        player = state.player
        counts = self.territories(state)
        for step in range(1, p):
            candidate = (player + step) % p
            if counts[candidate]:
                return candidate
        return (player + 1) % p

    # -- scores -------------------------------------------------------------------------
    def territories(self, state: DiceState) -> tuple[int, ...]:
        """How many territories each player owns."""
        if self._big:  # kept per position, updated by each move
            return state.counts(self.num_players)
        owners = state.owners  # tuple.count runs in C: the book eval's hot spot
        return tuple([owners.count(p) for p in range(self.num_players)])

    def winners(self, state: DiceState) -> tuple[Player, ...]:
        """The players with the most territories (the book's ``winners``)."""
        counts = self.territories(state)
        best = max(counts)
        return tuple([p for p, c in enumerate(counts) if c == best])

    def returns(self, state: DiceState) -> tuple[float, ...]:
        """The book's rating for each player: 1/|winners| for a winner, else 0 (every
        leaf of the book's AI asks: list comprehensions, no generator per call)."""
        counts = self.territories(state)
        best = max(counts)
        share = 1.0 / counts.count(best)
        return tuple([share if c == best else 0.0 for c in counts])

    def evaluate(self, state: DiceState, player: Player) -> float:
        """The position's rating from ``player``'s point of view, by the evaluator the
        game was given (``eval``: the book's winner share by default; that one in one
        call of :mod:`~.kernel`, the same value as ``returns(state)[player]``)."""
        if self._kernel_book and type(self.evaluator) is _TEXTBOOK_EVALUATION:
            if self._big:
                return state.book_share(self._players, player)
            return book_value(state.owners, self._players, player)
        return self.evaluator(self, state, player)

    def evaluation_bounds(self, player: Player) -> tuple[float, float] | None:
        """Bounds ``(L, U)`` of every value :meth:`evaluate` returns
        (:class:`~lazytree.game.BoundedGame`: alpha-beta cuts at a certain win, Star1
        prunes chance nodes).

        Every evaluator of :mod:`~lazytree.games.dice_of_doom.evaluation` lies there;
        a subclass that changes :meth:`evaluate` must change this too (or return None).
        """
        return (0.0, 1.0)

    # -- text ---------------------------------------------------------------------------
    def move_to_str(self, state: DiceState, move: DiceMove) -> str:
        if isinstance(move, Outcome):
            pending = state.pending
            where = "" if pending is None else f"{pending.src}->{pending.dst} "
            return where + move.value
        return "pass" if isinstance(move, Pass) else f"{move.src}->{move.dst}"

    def parse_move(self, state: DiceState, text: str) -> DiceMove:
        """``"pass"`` (or ``"p"``), or an attack written ``src->dst`` or ``src dst``."""
        t = text.strip().lower()
        if t in ("pass", "p"):
            move: DiceMove = PASS
        else:
            parts = t.replace("->", " ").replace("-", " ").split()
            if len(parts) != 2 or not all(p.isdigit() for p in parts):
                raise IllegalMoveError(f"{text!r} is not a move: write src->dst or pass")
            move = Attack(int(parts[0]), int(parts[1]))
        self.result(state, move)  # raises IllegalMoveError with the reason
        return move

    # -- the board view (lazytree.game.BoardView) --------------------------------------
    def board_view(self, state: DiceState) -> dict[str, Any]:
        """The hex board for the browser pages: a cell per territory labelled with its
        dice, rows shifted as the rules draw them (:meth:`_offsets`), each player's
        territories as the score, and the dice a pass would bring as a note."""
        n = self.size
        cells = [
            {"row": r, "col": c, "owner": o, "label": _COUNTS[d]}
            for (r, c), o, d in zip(_places(n), state.owners, state.dice, strict=True)
        ]
        return {
            "kind": "hex",
            "rows": n,
            "cols": n,
            "offsets": self._offsets(),
            "cells": cells,
            "players": list(PLAYER_LETTERS[: self.num_players]),
            "score": {"name": "territories", "values": list(self.territories(state))},
            "notes": self._notes(state),
        }

    def board_cells(self, state: DiceState) -> tuple[tuple[int, ...], list[str], list[str]]:
        """What :meth:`board_view` says changes from one position to the next, without
        its dicts (:class:`~lazytree.game.BoardCells`): the owners, the dice as labels,
        the notes. The explorer packs every position of a search from it."""
        return state.owners, [_COUNTS[d] for d in state.dice], self._notes(state)

    def board_changes(
        self, before: DiceState, after: DiceState
    ) -> tuple[list[int], list[int], list[str], list[str]]:
        """How ``after``'s board differs from ``before``'s
        (:class:`~lazytree.game.BoardChanges`): the territories whose owner or dice
        changed, their owners and dice (as labels) in ``after``, and ``after``'s notes.
        A big board compares the chunks the two positions share and makes neither board
        (:meth:`DiceState.changed_cells`), so a search's leaves stay lazy.

        >>> game = DiceOfDoom(size=2)
        >>> before = game.parse_board("0:3 1:1 0:2 1:2")
        >>> game.board_changes(before, game.result(before, Attack(0, 1)))
        ([0, 1], [0, 0], ['1', '2'], ['Spare dice: 10'])
        """
        cells = after.changed_cells(before)
        owners, dice = after.cells_at(cells)
        return cells, owners, [_COUNTS[d] for d in dice], self._notes(after)

    def _offsets(self) -> list[int]:
        """Each row's shift in half hexes: *Realm of Racket* shifts even rows."""
        return [1 if row % 2 == 0 else 0 for row in range(self.size)]

    def _notes(self, state: DiceState) -> list[str]:
        return [f"Spare dice: {state.spare}"]

    def move_cells(self, state: DiceState, move: DiceMove) -> tuple[int, ...]:
        """An attack is a click on the attacking territory, then on the attacked one;
        a dice roll shows the attack it decides; a pass is a button."""
        if isinstance(move, Attack):
            return (move.src, move.dst)
        if isinstance(move, Outcome) and state.pending is not None:
            return (state.pending.src, state.pending.dst)
        return ()

    def render(self, state: DiceState) -> str:
        """The hex board as text: offset rows, each territory as ``index owner dice``.

        With more than two players a legend line gives each player's territories and
        dice (and marks the eliminated ones).
        """
        width = len(str(len(state.owners) - 1))
        stride = width + 5  # "12 A3" and two spaces
        lines = []
        for row in range(self.size):
            pad = " " * self._indent(row, stride)
            cells = []
            for col in range(self.size):
                i = row * self.size + col
                letter = PLAYER_LETTERS[state.owners[i]]
                cells.append(f"{i:>{width}} {letter}{state.dice[i]}")
            lines.append(pad + "  ".join(cells))
        if self.num_players > 2:
            lines.append(self.legend(state))
        return "\n".join([*lines, self._status(state)])

    def _indent(self, row: int, stride: int) -> int:
        """How many spaces row ``row`` is shifted right (even rows by half a cell)."""
        return stride // 2 if row % 2 == 0 else 0

    def _status(self, state: DiceState) -> str:
        status = (
            f"player {state.player} ({PLAYER_LETTERS[state.player]}) to move, "
            f"spare dice {state.spare}"
        )
        if not state.first_move:
            status += " (may pass)"
        return status

    def legend(self, state: DiceState) -> str:
        """Each player's territories and dice (``out`` when eliminated), 4 players a line.

        >>> game = DiceOfDoom(size=2, players=3)
        >>> game.legend(game.parse_board("0:2 1:1 0:3 1:2"))
        'A 2 terr 5 dice   B 2 terr 3 dice   C out'
        """
        territories = self.territories(state)
        dice = [0] * self.num_players
        for o, d in zip(state.owners, state.dice, strict=True):
            dice[o] += d
        parts = [
            f"{PLAYER_LETTERS[p]} {territories[p]} terr {dice[p]} dice"
            if territories[p]
            else f"{PLAYER_LETTERS[p]} out"
            for p in range(self.num_players)
        ]
        return "\n".join("   ".join(parts[i : i + 4]) for i in range(0, len(parts), 4))

    def label(self, state: DiceState) -> str:
        """A compact one-line label (owner letters and dice)."""
        return " ".join(
            f"{PLAYER_LETTERS[o]}{d}" for o, d in zip(state.owners, state.dice, strict=True)
        )
