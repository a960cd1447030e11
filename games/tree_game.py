"""Hand-built game trees from nested lists, as the adversarial-search lectures draw them.

A list is a node whose children are its elements; a number is a leaf whose value is
given from the point of view of the root player. Players alternate, starting with
``root_player``. States are paths: the tuple of child indices from the root.

Examples
--------
>>> g = TreeGame([[3, 12, 8], [2, 4, 6], [14, 5, 2]])
>>> list(g.legal_moves(()))
[0, 1, 2]
>>> g.result((), 2), g.evaluate((2, 0), 0), g.evaluate((2, 0), 1)
((2,), 14.0, -14.0)
"""

from __future__ import annotations

import random
from collections.abc import Iterator, Sequence
from typing import TypeAlias

from lazytree.game import IllegalMoveError, Player

TreeSpec: TypeAlias = float | int | Sequence["TreeSpec"]
Path: TypeAlias = tuple[int, ...]

__all__ = ["TreeGame", "TreeSpec"]


def _freeze(spec: object, where: str = "root") -> float | tuple[object, ...]:
    if isinstance(spec, bool):
        raise ValueError(f"tree node at {where} is a boolean, not a number or list")
    if isinstance(spec, int | float):
        return float(spec)
    if isinstance(spec, list | tuple):
        if not spec:
            raise ValueError(f"tree node at {where} is an empty list")
        return tuple(_freeze(child, f"{where}.{i}") for i, child in enumerate(spec))
    raise ValueError(f"tree node at {where} is {spec!r}: expected a number or a list")


class TreeGame:
    """A two-player game over a fixed tree of leaf values.

    ``evaluate`` gives a leaf's value (negated for the other player: the game is
    zero-sum); an inner node cut off by a depth limit is worth 0.
    """

    name = "tree"
    num_players = 2

    def __init__(self, spec: TreeSpec, root_player: Player = 0) -> None:
        if root_player not in (0, 1):
            raise ValueError("root_player must be 0 or 1")
        self.root_player = root_player
        self.spec = _freeze(spec)

    def _node(self, path: Path) -> float | tuple[object, ...]:
        node: object = self.spec
        for i in path:
            if not isinstance(node, tuple) or not 0 <= i < len(node):
                raise IllegalMoveError(f"no node at path {path}")
            node = node[i]
        assert isinstance(node, float | tuple)
        return node

    def initial_state(self, rng: random.Random | None = None) -> Path:
        return ()

    def to_move(self, state: Path) -> Player:
        return (self.root_player + len(state)) % 2

    def legal_moves(self, state: Path) -> Iterator[int]:
        node = self._node(state)
        if isinstance(node, tuple):
            yield from range(len(node))

    def result(self, state: Path, move: int) -> Path:
        node = self._node(state)
        if not isinstance(node, tuple) or not isinstance(move, int) or not 0 <= move < len(node):
            raise IllegalMoveError(f"{move!r} is not a child of the node at {state}")
        return (*state, move)

    def is_terminal(self, state: Path) -> bool:
        return not isinstance(self._node(state), tuple)

    def leaf_value(self, state: Path) -> float:
        """The value at ``state`` for the root player (0 for an inner node)."""
        node = self._node(state)
        return node if isinstance(node, float) else 0.0

    def returns(self, state: Path) -> tuple[float, float]:
        v = self.leaf_value(state)
        return (v, -v) if self.root_player == 0 else (-v, v)

    def evaluate(self, state: Path, player: Player) -> float:
        return self.returns(state)[player]

    def move_to_str(self, state: Path, move: int) -> str:
        return str(move)

    def parse_move(self, state: Path, text: str) -> int:
        try:
            move = int(text.strip())
        except ValueError:
            raise IllegalMoveError(f"{text!r} is not a child number") from None
        self.result(state, move)
        return move

    def render(self, state: Path) -> str:
        node = self._node(state)
        path = ".".join(map(str, state)) or "root"
        if isinstance(node, float):
            return f"{path}: leaf {node:g}"
        return f"{path}: {len(node)} children"

    def label(self, state: Path) -> str:
        """A short label: the leaf value, or the path."""
        node = self._node(state)
        return f"{node:g}" if isinstance(node, float) else (".".join(map(str, state)) or "root")
