"""Nim, written only against lazytree's public protocols: an example game plugin.

Players take turns removing one or more objects from one heap; whoever takes the last
object wins. Installed (``pip install -e examples/nim``), it is found through its
``lazytree.games`` entry point and every surface of lazytree plays it::

    lazytree count nim --heaps "1 2 3"
    lazytree play nim

It has no board view, so the browser shows its ``render()`` text and its moves as
buttons.

>>> game = Nim((1, 2))
>>> state = game.initial_state()
>>> [game.move_to_str(state, m) for m in game.legal_moves(state)]
['1:1', '2:1', '2:2']
>>> print(game.render(game.result(state, game.parse_move(state, "2:2"))))
heap 1: |
heap 2:
player 1 to move
"""

from __future__ import annotations

import random
from collections.abc import Iterator, Mapping, Sequence
from typing import Any, NamedTuple

from lazytree.catalog import GameOption, GameSpec, OptionError, Position
from lazytree.game import IllegalMoveError, Player

__all__ = ["SPEC", "Nim", "NimMove", "NimState"]


class NimState(NamedTuple):
    """The heaps' sizes and the player to move (0 or 1)."""

    heaps: tuple[int, ...]
    player: Player


class NimMove(NamedTuple):
    """Take ``taken`` objects from heap number ``heap`` (0-based)."""

    heap: int
    taken: int


class Nim:
    """Nim with the given heaps, two players, the last to take wins (values +1 / -1)."""

    name = "nim"
    num_players = 2

    def __init__(self, heaps: Sequence[int] = (3, 4, 5)) -> None:
        if not heaps or any(h < 0 for h in heaps):
            raise ValueError(f"heaps must be one or more sizes of 0 or more, got {heaps}")
        self.heaps = tuple(heaps)

    def __repr__(self) -> str:
        return f"Nim({self.heaps})"

    def initial_state(self, rng: random.Random | None = None) -> NimState:
        return NimState(self.heaps, 0)

    def to_move(self, state: NimState) -> Player:
        return state.player

    def legal_moves(self, state: NimState) -> Iterator[NimMove]:
        for heap, size in enumerate(state.heaps):
            for count in range(1, size + 1):
                yield NimMove(heap, count)

    def result(self, state: NimState, move: NimMove) -> NimState:
        if not (
            isinstance(move, NimMove)
            and 0 <= move.heap < len(state.heaps)
            and 1 <= move.taken <= state.heaps[move.heap]
        ):
            raise IllegalMoveError(f"{move!r} is not a legal move of {state.heaps}")
        heaps = list(state.heaps)
        heaps[move.heap] -= move.taken
        return NimState(tuple(heaps), 1 - state.player)

    def is_terminal(self, state: NimState) -> bool:
        return not any(state.heaps)

    def returns(self, state: NimState) -> Sequence[float]:
        winner = 1 - state.player  # the player who took the last object
        return [1.0 if p == winner else -1.0 for p in range(2)]

    def evaluate(self, state: NimState, player: Player) -> float:
        """The result at the end, 0 before (no heuristic: searches read the game out)."""
        return self.returns(state)[player] if self.is_terminal(state) else 0.0

    def evaluation_bounds(self, player: Player) -> tuple[float, float]:
        """Values lie in [-1, 1] (the optional ``BoundedGame`` capability)."""
        return (-1.0, 1.0)

    def move_to_str(self, state: NimState, move: NimMove) -> str:
        return f"{move.heap + 1}:{move.taken}"

    def parse_move(self, state: NimState, text: str) -> NimMove:
        heap, _, count = text.strip().partition(":")
        try:
            move = NimMove(int(heap) - 1, int(count))
        except ValueError:
            raise IllegalMoveError(f"{text!r}: write heap:count, e.g. 2:3") from None
        self.result(state, move)  # raises IllegalMoveError when it is not legal
        return move

    def render(self, state: NimState) -> str:
        rows = [f"heap {i + 1}: {'|' * size}".rstrip() for i, size in enumerate(state.heaps)]
        return "\n".join([*rows, f"player {state.player} to move"])


def _setup(options: Mapping[str, Any]) -> Position:
    try:
        heaps = [int(h) for h in options["heaps"].split()]
    except ValueError:
        raise OptionError(f"--heaps {options['heaps']!r}: give sizes such as '3 4 5'") from None
    game = Nim(heaps)
    return Position(game, game.initial_state())


SPEC = GameSpec(
    name="nim",
    summary="Nim: take from one heap, the last to take wins",
    options=(GameOption("heaps", str, "3 4 5", "Heap sizes, e.g. '3 4 5'."),),
    setup=_setup,
    notation="heap:count, e.g. 2:3 (take 3 from heap 2)",
    analysis_depth=None,
)
"""The ``nim`` entry point: the game, its ``--heaps`` option and its notation."""
