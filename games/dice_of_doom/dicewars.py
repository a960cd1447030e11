"""Dice Wars rules on Dice of Doom's hex grid (``--rules dicewars``): the FIT BUT Dice Wars
framework's (``ibenes/dicewars``) battles (as ``--rules chance``), a pass at any time,
then the largest group plus the reserve (at most :data:`MAX_REINFORCEMENT`) placed one
die at a time on a random own territory below :data:`DICEWARS_MAX_DICE` (each die a
chance node of :class:`Place` outcomes, equally likely), the rest kept in the reserve;
total conquest ends the game, :data:`MAX_PASS_ROUNDS` rounds of passes draw it. The
rules and what differs from the framework: docs/reference/games.md.

A position's ``spare`` holds every player's reserve (:func:`reserves`, 7 bits a player),
``captured`` the passes since the last battle, and ``pending`` the attack to roll or,
while a pass's dice are placed, ``Attack(PLACING, dice left)``.

Examples
--------
>>> game = DiceWars(size=2)
>>> s = game.parse_board("0:3 1:2 1:1 0:1")
>>> [game.move_to_str(s, m) for m in game.legal_moves(s)]
['pass', '0->2', '0->1']
>>> c = game.result(s, PASS)                     # largest group 2 (0 and 3 touch)
>>> game.to_move(c) == CHANCE, [game.move_to_str(c, m) for m in game.legal_moves(c)]
(True, ['place 0', 'place 3'])
>>> c = game.result(game.result(c, Place(0)), Place(0))
>>> c.dice, c.player, reserves(c.spare, 2)
((5, 2, 1, 1), 1, (0, 0))
"""

from __future__ import annotations

import copy
import math
import random
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass
from functools import cache
from typing import Any, Final

from lazytree.game import CHANCE, IllegalMoveError, Player
from lazytree.games.dice_of_doom.board import largest_groups, neighbor_table
from lazytree.games.dice_of_doom.dice import attack_win_probability
from lazytree.games.dice_of_doom.evaluation import Evaluation
from lazytree.games.dice_of_doom.framework import FrameworkAgent
from lazytree.games.dice_of_doom.rules import (
    PASS,
    PLAYER_LETTERS,
    Attack,
    DiceMove,
    DiceOfDoom,
    DiceState,
    Outcome,
)
from lazytree.games.dice_of_doom.variants import ChanceDiceOfDoom

__all__ = [
    "DICEWARS_MAX_DICE",
    "MAX_PASS_ROUNDS",
    "MAX_REINFORCEMENT",
    "PLACING",
    "START_DICE",
    "DiceWars",
    "DiceWarsEvaluation",
    "DiceWarsWeights",
    "Place",
    "pack_reserves",
    "reserves",
]

DICEWARS_MAX_DICE: Final = 8
"""Most dice a territory holds."""
MAX_REINFORCEMENT: Final = 64
"""Most dice one pass places (largest group plus reserve)."""
MAX_PASS_ROUNDS: Final = 8
"""Rounds of passes without a battle that cancel the game."""
START_DICE: Final = 3
"""Dice on every territory at the start."""
PLACING: Final = -1
"""``pending.src`` while a pass's dice are being placed (``pending.dst`` dice left)."""

_BITS: Final = 7  # a reserve is at most 64


def reserves(spare: int, players: int) -> tuple[int, ...]:
    """Each player's reserve from a position's ``spare`` field (7 bits a player).

    >>> reserves(pack_reserves((3, 0, 64)), 3)
    (3, 0, 64)
    """
    mask = (1 << _BITS) - 1
    return tuple((spare >> (_BITS * p)) & mask for p in range(players))


def pack_reserves(values: Sequence[int]) -> int:
    """The ``spare`` field holding the reserves ``values`` (each 0 to 64)."""
    out = 0
    for p, v in enumerate(values):
        if not 0 <= v <= MAX_REINFORCEMENT:
            raise ValueError(f"a reserve is 0 to {MAX_REINFORCEMENT} dice, got {v}")
        out |= v << (_BITS * p)
    return out


class Place(Attack):
    """A chance outcome of a pass's reinforcement: one die lands on territory ``src``.

    It is an :class:`Attack` from the territory to :data:`PLACING` (the move type the
    compiled rules take), made as ``Place(territory)``.
    """

    __slots__ = ()

    def __new__(cls, territory: int) -> Place:
        return super().__new__(cls, territory, PLACING)

    def __getnewargs__(self) -> tuple[int]:
        return (self.src,)

    def __repr__(self) -> str:
        return f"Place({self.src})"


@cache
def _odds(attacker: int, defender: int) -> float:
    return float(attack_win_probability(attacker, defender))


@dataclass(frozen=True)
class DiceWarsWeights:
    """The weights of :class:`DiceWarsEvaluation` (set by hand, checked in matches).

    Attributes
    ----------
    group:
        Per unit of ``log(1 + largest group)``: the dice every pass brings.
    dice:
        Per unit of ``log(1 + dice held, reserve and dice being placed included)``.
    exposed:
        Per die expected to be lost to the enemy neighbours' next attacks, relative to
        the dice held.
    squash:
        Steepness of the logistic of the lead.
    """

    group: float = 1.5
    dice: float = 2.5
    exposed: float = 1.0
    squash: float = 1.0


class DiceWarsEvaluation:
    """A win-probability estimate for the dicewars rules, in ``(0, 1)``.

    Each player's strength is ``group * log(1 + G) + dice * log(1 + D) - exposed * E / (1
    + D)``, where ``G`` is its largest connected group (its reinforcement), ``D`` its
    dice on the board plus its reserve (plus the dice being placed, while it places
    them) and ``E`` the dice it may lose: for each of its territories, the chance that
    some enemy neighbour of two dice or more takes it times its dice. The value is the
    logistic of ``squash`` times the rating player's strength minus the best opponent's.
    A pending battle is rated as the expectation of its two outcomes; the end of the game
    as its returns.
    """

    name = "dicewars"

    def __init__(self, weights: DiceWarsWeights | None = None) -> None:
        self.weights = weights if weights is not None else DiceWarsWeights()

    def __repr__(self) -> str:
        return f"DiceWarsEvaluation({self.weights!r})"

    def __call__(self, game: Any, state: DiceState, player: int) -> float:
        pending = state.pending
        if pending is not None and pending.src != PLACING:
            win = _odds(state.dice[pending.src], state.dice[pending.dst])
            won = game.result(state, Outcome.WIN)
            lost = game.result(state, Outcome.LOSE)
            return win * self(game, won, player) + (1 - win) * self(game, lost, player)
        if game.is_terminal(state):
            return float(game.returns(state)[player])
        w = self.weights
        owners, dice = state.owners, state.dice
        players = game.num_players
        neighbors = game.neighbors
        groups = largest_groups(neighbors, owners, players)
        held = list(reserves(state.spare, players))
        if pending is not None:
            held[state.player] += pending.dst
        exposed = [0.0] * players
        for i, (o, d) in enumerate(zip(owners, dice, strict=True)):
            held[o] += d
            keep = 1.0
            for j in neighbors[i]:
                if owners[j] != o and dice[j] >= 2:
                    keep *= 1.0 - _odds(dice[j], d)
            exposed[o] += (1.0 - keep) * d
        strength = [
            w.group * math.log1p(groups[p])
            + w.dice * math.log1p(held[p])
            - w.exposed * exposed[p] / (1 + held[p])
            if groups[p]
            else -1e9
            for p in range(players)
        ]
        lead = strength[player] - max(x for p, x in enumerate(strength) if p != player)
        return 1.0 / (1.0 + math.exp(-max(-50.0, min(50.0, w.squash * lead))))


class DiceWars(ChanceDiceOfDoom):
    """The Dice Wars framework's rules on a ``size`` x ``size`` hex grid (see the module);
    the parameters are :class:`~lazytree.games.dice_of_doom.variants.LispDiceOfDoom`'s
    (the framework's ``max_dice``: 8)."""

    rules = "dicewars"

    def __init__(
        self,
        size: int = 5,
        players: int = 2,
        max_dice: int = DICEWARS_MAX_DICE,
        eval: str | Evaluation = "book",
    ) -> None:
        if eval == DiceWarsEvaluation.name:
            eval = DiceWarsEvaluation()
        super().__init__(size, players, max_dice, eval)
        if max_dice < START_DICE:
            raise ValueError(f"max dice must be at least {START_DICE} under the dicewars rules")
        self.neighbors = neighbor_table(size)

    # -- positions --------------------------------------------------------------------
    def initial_state(self, rng: random.Random | None = None) -> DiceState:
        """The framework's start: the players in turn each take a random free
        territory; :data:`START_DICE` dice everywhere; no reserves; player 0 to move."""
        rng = rng if rng is not None else random.Random()
        n, p = self.size * self.size, self.num_players
        free = list(range(n))
        owners = [0] * n
        k = 0
        while free:
            i = free.pop(rng.randrange(len(free)))
            owners[i] = k % p
            k += 1
        return DiceState(tuple(owners), (START_DICE,) * n, 0, 0)

    def make_state(
        self,
        owners: tuple[int, ...],
        dice: tuple[int, ...],
        player: Player = 0,
        spare: int | None = None,
    ) -> DiceState:
        """A start-of-turn position without reserves (``spare``, the shared pool of the
        racket rules, is ignored: see :meth:`with_reserves`)."""
        return DiceOfDoom.make_state(self, owners, dice, player, 0)

    def with_reserves(self, state: DiceState, values: Sequence[int]) -> DiceState:
        """``state`` (at the start of a turn) with each player's reserve set to ``values``."""
        if len(values) != self.num_players:
            raise ValueError(f"give {self.num_players} reserves, one per player, got {len(values)}")
        if state.pending is not None:
            raise ValueError("reserves are set at the start of a turn")
        return DiceState(state.owners, state.dice, state.player, pack_reserves(values))

    def reserve(self, state: DiceState, player: Player) -> int:
        """``player``'s reserve of dice in ``state``."""
        return reserves(state.spare, self.num_players)[player]

    # -- moves ----------------------------------------------------------------------
    def _placing(self, state: DiceState) -> int | None:
        pending = state.pending
        if pending is not None and pending.src == PLACING:
            return pending.dst
        return None

    def _room(self, state: DiceState) -> list[int]:
        """The territories of the player to move below the most dice."""
        player, top = state.player, self.max_dice
        return [
            i
            for i, (o, d) in enumerate(zip(state.owners, state.dice, strict=True))
            if o == player and d < top
        ]

    def to_move(self, state: DiceState) -> Player:
        return CHANCE if state.pending is not None else state.player

    def legal_moves(self, state: DiceState) -> Iterator[DiceMove]:
        if self._placing(state) is not None:
            return iter([Place(i) for i in self._room(state)])
        if state.pending is not None:
            return super().legal_moves(state)
        if self.is_terminal(state):
            return iter(())
        return iter([PASS, *self._attacks(state)])

    def is_terminal(self, state: DiceState) -> bool:
        if state.pending is not None:
            return False
        counts = self.territories(state)
        alive = sum(1 for c in counts if c)
        return alive <= 1 or state.captured >= MAX_PASS_ROUNDS * alive

    def returns(self, state: DiceState) -> tuple[float, ...]:
        """1 for the conqueror; in a cancelled game an equal share for every player
        still in it (0 for the others)."""
        counts = self.territories(state)
        alive = sum(1 for c in counts if c)
        return tuple([1.0 / alive if c else 0.0 for c in counts])

    def result(self, state: DiceState, move: DiceMove) -> DiceState:
        left = self._placing(state)
        if left is not None:
            if not isinstance(move, Place) or move.src not in self._room(state):
                raise IllegalMoveError(
                    f"{move!r}: a die of the reinforcement is to be placed on an own "
                    "territory below the most dice"
                )
            player = state.player
            changes = ((move.src, player, state.dice[move.src] + 1),)
            placed = DiceState.derived(
                state, changes, player, state.spare, True, False, state.captured,
                Attack(PLACING, left - 1),
            )  # fmt: skip
            return self._placed(placed, left - 1)
        pending = state.pending
        if pending is not None:
            if not isinstance(move, Outcome):
                raise IllegalMoveError(
                    f"attack {pending.src}->{pending.dst} waits for its dice roll: "
                    "the moves here are the outcomes (win or lose)"
                )
            src, dst = pending
            player, dice = state.player, state.dice
            battle: tuple[tuple[int, int, int], ...] = ((src, player, 1),)
            if move is Outcome.WIN:
                battle += ((dst, player, dice[src] - 1),)
            return DiceState.derived(state, battle, player, state.spare, False, False, 0, None)
        if move is PASS:
            if self.is_terminal(state):
                raise IllegalMoveError("the game is over")
            return self._pass(state)
        if isinstance(move, Outcome | Place):
            raise IllegalMoveError(f"{move!r}: no dice are being rolled or placed")
        if not isinstance(move, Attack):
            raise IllegalMoveError(f"{move!r} is not a Dice of Doom move")
        self._check_attack(state, move)
        return DiceState.derived(
            state, (), state.player, state.spare, False, False, state.captured, move
        )

    def _pass(self, state: DiceState) -> DiceState:
        """The pass: the reinforcement (largest group plus reserve, at most 64) waits
        to be placed; the passes since the last battle count one more."""
        player = state.player
        held = reserves(state.spare, self.num_players)
        count = min(held[player] + self.largest_group(state.owners, player), MAX_REINFORCEMENT)
        spare = pack_reserves([0 if p == player else r for p, r in enumerate(held)])
        placing = DiceState.derived(
            state, (), player, spare, True, False, state.captured + 1, Attack(PLACING, count)
        )
        return self._placed(placing, count)

    def _placed(self, state: DiceState, left: int) -> DiceState:
        """``state`` while ``left`` dice remain to place, or, when they are all placed
        or find no room, the next player's turn with the rest in the reserve."""
        if left > 0 and self._room(state):
            return state
        player = state.player
        held = list(reserves(state.spare, self.num_players))
        held[player] = left
        return DiceState.derived(
            state, (), self._next_player(state), pack_reserves(held), True, False,
            state.captured, None,
        )  # fmt: skip

    def reinforcements(self, state: DiceState) -> int:
        """The dice a pass in ``state`` would place at most (largest group plus reserve,
        at most 64)."""
        group = self.largest_group(state.owners, state.player)
        return min(group + self.reserve(state, state.player), MAX_REINFORCEMENT)

    # -- chance -----------------------------------------------------------------------
    def outcome_probability(self, state: DiceState, move: DiceMove) -> float:
        if self._placing(state) is not None:
            room = self._room(state)
            return 1.0 / len(room) if isinstance(move, Place) and move.src in room else 0.0
        return super().outcome_probability(state, move)

    def roll_outcome(self, state: DiceState, rng: random.Random) -> tuple[Outcome, str]:
        """Roll the dice of the pending attack, or draw the territory of the next die."""
        if self._placing(state) is not None:
            place = Place(rng.choice(self._room(state)))
            return place, f"a die lands on {place.src}"  # type: ignore[return-value]
        return super().roll_outcome(state, rng)

    # -- evaluations ------------------------------------------------------------------
    def evaluation_names(self) -> tuple[str, ...]:
        """``dicewars`` (:class:`DiceWarsEvaluation`, the agents' unless told) first,
        then every rule set's evaluations."""
        return (DiceWarsEvaluation.name, *super().evaluation_names())

    def rated_by(self, name: str) -> DiceOfDoom:
        """A copy rating with the evaluation ``name`` (``self`` when it already does)."""
        if name == DiceWarsEvaluation.name and self.eval != name:
            out = copy.copy(self)
            out.evaluator = DiceWarsEvaluation()
            out.eval = name
            return out
        return super().rated_by(name)

    def evaluation_bounds(self, player: Player) -> tuple[float, float] | None:
        return (0.0, 1.0)

    def play_options(self) -> Mapping[str, Any]:
        """Play rates with :class:`DiceWarsEvaluation`."""
        return {"eval": DiceWarsEvaluation.name}

    # -- agents ---------------------------------------------------------------------------
    def offered_agent(self, key: str, name: str, params: Mapping[str, Any]) -> Any:
        """The Dice Wars framework's AIs (``dt.stei``, ...: :mod:`.framework`, loaded from
        the operator's checkout) besides what every rule set offers."""
        if key.startswith("dt."):
            return FrameworkAgent(key.removeprefix("dt."), name)
        return super().offered_agent(key, name, params)

    def book_agent(self) -> str:
        """No book plays these rules: four plies of the rater ``auto``, as for the games
        no book plays (the framework's AIs need the operator's checkout)."""
        return "default:time=none:rater=auto:depth=4"

    # -- search hints -------------------------------------------------------------------
    def is_noisy(self, state: DiceState, move: DiceMove) -> bool:
        return not isinstance(move, Place) and super().is_noisy(state, move)

    # -- text -------------------------------------------------------------------------
    def move_to_str(self, state: DiceState, move: DiceMove) -> str:
        if isinstance(move, Place):
            return f"place {move.src}"
        return super().move_to_str(state, move)

    def parse_move(self, state: DiceState, text: str) -> DiceMove:
        """``place N`` while a pass's dice are placed; otherwise as ``--rules chance``
        (the pass is allowed at the start of a turn too)."""
        if self._placing(state) is None:
            t = text.strip().lower()
            if t in ("pass", "p"):
                self.result(state, PASS)
                return PASS
            return super().parse_move(state, text)
        word, _, number = text.strip().lower().partition(" ")
        if word != "place" or not number.strip().isdigit():
            raise IllegalMoveError(f"{text!r}: the dice are being placed, write place N")
        move = Place(int(number))
        self.result(state, move)
        return move

    def move_cells(self, state: DiceState, move: DiceMove) -> tuple[int, ...]:
        if isinstance(move, Place):
            return (move.src,)
        return super().move_cells(state, move)

    def _offsets(self) -> list[int]:
        return DiceOfDoom._offsets(self)

    def _indent(self, row: int, stride: int) -> int:
        return DiceOfDoom._indent(self, row, stride)

    def _notes(self, state: DiceState) -> list[str]:
        held = reserves(state.spare, self.num_players)
        return ["Reserves: " + ", ".join(f"{PLAYER_LETTERS[p]} {r}" for p, r in enumerate(held))]

    def _status(self, state: DiceState) -> str:
        left = self._placing(state)
        if left is not None:
            return f"player {PLAYER_LETTERS[state.player]} passed: {left} dice to place at random"
        if state.pending is not None:
            return super()._status(state)
        return (
            f"player {state.player} ({PLAYER_LETTERS[state.player]}) to move "
            f"(may pass: {self.reinforcements(state)} dice; reserve "
            f"{self.reserve(state, state.player)})"
        )

    def start_options(self, state: DiceState) -> dict[str, Any]:
        """The board, its player and the reserves."""
        held = reserves(state.spare, self.num_players)
        return {
            "board": self.board_spec(state),
            "player": state.player,
            "reserves": ",".join(map(str, held)),
        }
