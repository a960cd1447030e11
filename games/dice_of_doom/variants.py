"""The other rule sets of Dice of Doom: *Land of Lisp*'s (Conrad Barski, 2010), without
and with dice rolls (``--rules racket`` is :class:`~lazytree.games.dice_of_doom.rules.DiceOfDoom`).

* ``lisp``, chapters 15-18 (:class:`LispDiceOfDoom`): the book's rhombus, random owners,
  a pass hands out the dice captured this turn minus one (``add-new-dice``);
* ``chance``, chapter 20 (:class:`ChanceDiceOfDoom`): an attack leads to a chance node
  whose outcomes :data:`Outcome.WIN` and :data:`Outcome.LOSE` have the exact
  probability that one sum of dice beats the other; a pass reinforces by the largest
  connected group (``largest-cluster-size``).

The rules in full, with the books' function names: docs/reference/games.md.

Examples
--------
>>> game = LispDiceOfDoom(size=2)
>>> s = game.parse_board("0:3 1:2 1:1 0:1")
>>> [game.move_to_str(s, m) for m in game.legal_moves(s)]
['0->2', '0->1']
>>> s = game.result(s, Attack(0, 1))        # captures 2 dice
>>> s.dice, s.captured
((1, 2, 1, 1), 2)
>>> game.result(s, PASS).dice               # 2 - 1 = 1 reinforcement, territory 0 first
(2, 2, 1, 1)
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from fractions import Fraction

from lazytree.game import CHANCE, IllegalMoveError, Player
from lazytree.games.dice_of_doom.board import largest_groups, lisp_neighbor_table
from lazytree.games.dice_of_doom.dice import attack_win_probability, roll
from lazytree.games.dice_of_doom.evaluation import Evaluation
from lazytree.games.dice_of_doom.incremental import Changes
from lazytree.games.dice_of_doom.rules import (
    PASS,
    PLAYER_LETTERS,
    Attack,
    DiceMove,
    DiceOfDoom,
    DiceState,
    Outcome,
)

__all__ = ["ChanceDiceOfDoom", "LispDiceOfDoom"]


class LispDiceOfDoom(DiceOfDoom):
    """*Land of Lisp* chapters 15-18: reinforcements are the dice captured this turn minus
    one (the parameters are :class:`DiceOfDoom`'s, without a shared pool)."""

    rules = "lisp"

    def __init__(
        self, size: int = 3, players: int = 2, max_dice: int = 3, eval: str | Evaluation = "book"
    ) -> None:
        super().__init__(size, players, max_dice, spare_dice=0, eval=eval)
        self.neighbors = lisp_neighbor_table(size)

    def __repr__(self) -> str:
        return (
            f"{type(self).__name__}(size={self.size}, players={self.num_players}, "
            f"max_dice={self.max_dice})"
        )

    def initial_state(self, rng: random.Random | None = None) -> DiceState:
        """A random board like the book's ``gen-board``: random owners, 1..max dice.

        Redrawn (up to 1000 times) until every player owns a territory and the first
        player can attack; after that the owners go round in territory order instead.
        """
        rng = rng if rng is not None else random.Random()
        n, p = self.size * self.size, self.num_players
        for _ in range(1000):
            cells = [(rng.randrange(p), rng.randint(1, self.max_dice)) for _ in range(n)]
            owners = tuple(o for o, _ in cells)
            state = DiceState(owners, tuple(d for _, d in cells), 0, 0)
            if len(set(owners)) == p and not self.is_terminal(state):
                return state
        return super().initial_state(rng)

    def make_state(
        self,
        owners: tuple[int, ...],
        dice: tuple[int, ...],
        player: Player = 0,
        spare: int | None = None,
    ) -> DiceState:
        """A start-of-turn position (these rules have no shared pool: ``spare`` is ignored)."""
        return super().make_state(owners, dice, player, 0)

    counts_captures = True  # the book's (+ spare-dice (dice dst)) after each attack

    def _pass(self, state: DiceState) -> DiceState:
        # Land of Lisp ch. 15, add-passing-move: (add-new-dice board player (1- spare-dice)),
        # where spare-dice is the sum of the dice on the territories captured this turn.
        changes = self._reinforce(state, state.captured - 1)
        return DiceState.derived(state, changes, self._next_player(state), 0)

    def _reinforce(self, state: DiceState, count: int) -> tuple[tuple[int, int, int], ...]:
        """Add one die to each own territory below the maximum, in board order, ``count``
        times: the changed territories as ``(territory, owner, dice)``.

        The book's ``add-new-dice``: one walk over the board, so a territory gets at
        most one die and dice left over when the walk ends are lost.
        """
        dice = state.dice
        player, top = state.player, self.max_dice
        changes: list[tuple[int, int, int]] = []
        for i, owner in enumerate(state.owners):
            if count <= 0:
                break
            if owner == player and dice[i] < top:
                changes.append((i, player, dice[i] + 1))
                count -= 1
        return tuple(changes)

    def reinforcements(self, state: DiceState) -> int:
        """How many dice a pass in ``state`` would hand out at most."""
        return max(state.captured - 1, 0)

    def _indent(self, row: int, stride: int) -> int:
        # the book's draw-board indents row y by (size - y) half cells: a rhombus
        return (self.size - 1 - row) * stride // 2

    def _offsets(self) -> list[int]:
        """Each row's shift in half hexes: *Land of Lisp* draws a rhombus."""
        return [self.size - 1 - row for row in range(self.size)]

    def _notes(self, state: DiceState) -> list[str]:
        count = 0 if state.first_move else self.reinforcements(state)
        return [f"Passing now brings {count} reinforcement dice"] if count else []

    def _status(self, state: DiceState) -> str:
        status = f"player {state.player} ({PLAYER_LETTERS[state.player]}) to move"
        if not state.first_move:
            status += f" (may pass: up to {self.reinforcements(state)} reinforcements)"
        return status


class ChanceDiceOfDoom(LispDiceOfDoom):
    """*Land of Lisp* chapter 20: attacks are decided by rolling the dice (chance nodes);
    the parameters are :class:`LispDiceOfDoom`'s (the book's ``max_dice``: 5).

    >>> game = ChanceDiceOfDoom(size=2)
    >>> s = game.parse_board("0:2 1:3 1:1 0:1")
    >>> [game.move_to_str(s, m) for m in game.legal_moves(s)]   # 2 dice may attack 3
    ['0->2', '0->1']
    >>> c = game.result(s, Attack(0, 2))
    >>> game.to_move(c) == CHANCE, [game.outcome_fraction(c, m) for m in game.legal_moves(c)]
    (True, [Fraction(181, 216), Fraction(35, 216)])
    >>> game.result(c, Outcome.WIN).dice, game.result(c, Outcome.LOSE).dice
    ((1, 3, 1, 1), (1, 3, 1, 1))
    >>> game.result(c, Outcome.WIN).owners, game.result(c, Outcome.LOSE).owners
    ((0, 1, 0, 0), (0, 1, 1, 0))
    """

    rules = "chance"
    tabled = False  # any two dice may attack: the moves are scanned, not tabled

    def __init__(
        self, size: int = 3, players: int = 2, max_dice: int = 5, eval: str | Evaluation = "book"
    ) -> None:
        super().__init__(size, players, max_dice, eval)

    # -- moves ----------------------------------------------------------------------
    def to_move(self, state: DiceState) -> Player:
        return CHANCE if state.pending is not None else state.player

    def _attacks(self, state: DiceState) -> Iterator[Attack]:
        owners, dice, player = state.owners, state.dice, state.player
        neighbors = self.neighbors
        for src in range(len(owners)):
            if owners[src] != player or dice[src] < 2:
                continue
            for dst in neighbors[src]:
                if owners[dst] != player:
                    yield Attack(src, dst)

    def legal_moves(self, state: DiceState) -> Iterator[DiceMove]:
        if state.pending is not None:
            for outcome in (Outcome.WIN, Outcome.LOSE):
                if self.outcome_fraction(state, outcome) > 0:
                    yield outcome
            return
        yield from super().legal_moves(state)

    def result(self, state: DiceState, move: DiceMove) -> DiceState:
        pending = state.pending
        if pending is not None:
            if not isinstance(move, Outcome):
                raise IllegalMoveError(
                    f"attack {pending.src}->{pending.dst} waits for its dice roll: "
                    "the moves here are the outcomes (win or lose)"
                )
            if self.outcome_fraction(state, move) == 0:
                raise IllegalMoveError(f"attack {pending.src}->{pending.dst} cannot {move.name}")
            src, dst = pending
            player, dice = state.player, state.dice
            changes: Changes = (
                (src, player, 1),
            )  # won or lost (board-attack-fail), it keeps one die
            if move is Outcome.WIN:  # the book's board-attack
                changes += ((dst, player, dice[src] - 1),)
            return DiceState.derived(
                state,
                changes,
                player,
                state.spare,
                state.first_move,
                state.reversed,
                state.captured,
                None,
            )
        if isinstance(move, Outcome):
            raise IllegalMoveError("no attack is waiting for a dice roll")
        if move is PASS:
            if state.first_move:
                raise IllegalMoveError("the first move of a turn must be an attack, not a pass")
            return self._pass(state)
        if not isinstance(move, Attack):
            raise IllegalMoveError(f"{move!r} is not a Dice of Doom move")
        self._check_attack(state, move)
        return DiceState.derived(
            state, (), state.player, state.spare, False, state.reversed, state.captured, move
        )

    def _check_strength(self, state: DiceState, move: Attack) -> None:
        src, dst = move
        if state.dice[src] < 2:
            raise IllegalMoveError(f"{src}->{dst}: attacking needs at least 2 dice")

    def _pass(self, state: DiceState) -> DiceState:
        # Land of Lisp ch. 20, add-new-dice: (largest-cluster-size board player) new dice
        changes = self._reinforce(state, self.largest_group(state.owners, state.player))
        return DiceState.derived(state, changes, self._next_player(state), 0)

    def largest_group(self, owners: tuple[int, ...], player: Player) -> int:
        """The number of territories in ``player``'s largest connected group.

        >>> ChanceDiceOfDoom(size=2).largest_group((0, 1, 1, 0), 0)   # 0 and 3 touch
        2
        >>> ChanceDiceOfDoom(size=2).largest_group((0, 1, 1, 0), 1)   # 1 and 2 do not
        1
        """
        return largest_groups(self.neighbors, owners, self.num_players)[player]

    def reinforcements(self, state: DiceState) -> int:
        return self.largest_group(state.owners, state.player)

    # -- chance -----------------------------------------------------------------------
    def outcome_fraction(self, state: DiceState, move: DiceMove) -> Fraction:
        """The exact probability of outcome ``move`` of the attack pending in ``state``."""
        pending = state.pending
        if pending is None or not isinstance(move, Outcome):
            raise IllegalMoveError("outcomes exist only at a chance node (a pending attack)")
        win = attack_win_probability(state.dice[pending.src], state.dice[pending.dst])
        return win if move is Outcome.WIN else 1 - win

    def outcome_probability(self, state: DiceState, move: DiceMove) -> float:
        """:meth:`outcome_fraction` as the nearest float (the ``ChanceGame`` protocol)."""
        return float(self.outcome_fraction(state, move))

    def roll_outcome(self, state: DiceState, rng: random.Random) -> tuple[Outcome, str]:
        """Roll the dice of the pending attack with ``rng``: the outcome and what was rolled.

        The outcome has exactly the probability :meth:`outcome_fraction` gives, since it
        is decided by the rolled sums.

        >>> game = ChanceDiceOfDoom(size=2)
        >>> c = game.result(game.parse_board("0:2 1:3 1:1 0:1"), Attack(0, 2))
        >>> game.roll_outcome(c, random.Random(3))
        (<Outcome.WIN: 'wins'>, 'A rolls 2+5 = 7 against B 5 = 5: 0->2 wins')
        """
        pending = state.pending
        if pending is None:
            raise IllegalMoveError("no attack is waiting for a dice roll")
        attack = roll(state.dice[pending.src], rng)
        defence = roll(state.dice[pending.dst], rng)
        outcome = Outcome.WIN if sum(attack) > sum(defence) else Outcome.LOSE
        a = PLAYER_LETTERS[state.player]
        d = PLAYER_LETTERS[state.owners[pending.dst]]
        text = (
            f"{a} rolls {'+'.join(map(str, attack))} = {sum(attack)} against "
            f"{d} {'+'.join(map(str, defence))} = {sum(defence)}: "
            f"{self.move_to_str(state, outcome)}"
        )
        return outcome, text

    # -- text -------------------------------------------------------------------------
    def parse_move(self, state: DiceState, text: str) -> DiceMove:
        """At a chance node ``win``/``lose`` (or the outcome as :meth:`move_to_str`
        writes it, e.g. ``0->3 wins``); otherwise like the book's rules."""
        if state.pending is None:
            return super().parse_move(state, text)
        t = text.strip().lower()
        for outcome in (Outcome.WIN, Outcome.LOSE):
            if t == self.move_to_str(state, outcome).lower():
                return outcome
        names = {"win": Outcome.WIN, "wins": Outcome.WIN, "w": Outcome.WIN}
        names.update({"lose": Outcome.LOSE, "fail": Outcome.LOSE, "fails": Outcome.LOSE})
        names["l"] = Outcome.LOSE
        if t not in names:
            raise IllegalMoveError(f"{text!r}: the dice decide here, write win or lose")
        move = names[t]
        self.result(state, move)
        return move

    def _status(self, state: DiceState) -> str:
        pending = state.pending
        if pending is None:
            return super()._status(state)
        src, dst = pending
        win = self.outcome_fraction(state, Outcome.WIN)
        return (
            f"player {PLAYER_LETTERS[state.player]} attacks {src}->{dst} with "
            f"{state.dice[src]} dice against {state.dice[dst]}: wins with probability "
            f"{float(win):.4f}"
        )
