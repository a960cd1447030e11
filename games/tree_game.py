"""Hand-built game trees from nested lists, as the adversarial-search lectures draw them.

A list is a node whose children are its elements; a number is a leaf whose value is
given from the point of view of the root player. Players alternate, starting with
``root_player``. States are paths: the tuple of child indices from the root.

An inner node may carry a static evaluation, as the lectures' depth cut-offs do:
``{"eval": 4, "children": [...]}`` is the node of those children that a search cut off
by its depth limit there rates 4 (an inner node without one rates 0).

:class:`ChanceTreeGame` also accepts chance nodes, written ``{"chance": [[p, subtree],
...]}`` (probabilities adding up to 1); a chance node does not change whose turn it is
below it.

Examples
--------
>>> g = TreeGame([[3, 12, 8], [2, 4, 6], [14, 5, 2]])
>>> list(g.legal_moves(()))
[0, 1, 2]
>>> g.result((), 2), g.evaluate((2, 0), 0), g.evaluate((2, 0), 1)
((2,), 14.0, -14.0)
>>> cut = TreeGame([{"eval": 5, "children": [3, 12]}, {"eval": 1, "children": [2, 4]}])
>>> cut.evaluate((0,), 0), cut.evaluate((1,), 1), cut.label((0,))
(5.0, -1.0, '0 (eval 5)')
"""

from __future__ import annotations

import math
import random
from collections.abc import Iterator, Mapping, Sequence
from typing import Any, NamedTuple, TypeAlias

from lazytree.game import CHANCE, IllegalMoveError, Player

TreeSpec: TypeAlias = float | int | Sequence["TreeSpec"] | Mapping[str, Any]
Path: TypeAlias = tuple[int, ...]

__all__ = ["ChanceTreeGame", "TreeGame", "TreeSpec", "tree_game"]


class ChanceNode(NamedTuple):
    """A frozen chance node: outcome probabilities and the subtrees they lead to."""

    probabilities: tuple[float, ...]
    children: tuple[object, ...]


class EvalNode(NamedTuple):
    """A frozen inner node with a static evaluation (for the root player)."""

    value: float
    children: tuple[object, ...]


MAX_DEPTH = 200
"""Deepest nesting a tree spec may have: the searches recurse once per level, and deeper
trees would run into Python's recursion limit."""


def nesting_depth(spec: object) -> int:
    """How deeply ``spec`` nests lists (and chance nodes), found without recursion.

    >>> nesting_depth(5), nesting_depth([1, [2, [3]]]), nesting_depth([{"chance": [[1, [4]]]}])
    (0, 3, 3)
    """
    deepest = 0
    stack: list[tuple[object, int]] = [(spec, 0)]
    while stack:
        node, level = stack.pop()
        deepest = max(deepest, level)
        if isinstance(node, Mapping) and set(node) == {"eval", "children"}:
            stack.append((node["children"], level))
        elif isinstance(node, Mapping) and set(node) == {"chance"}:
            outcomes = node["chance"]
            if isinstance(outcomes, list | tuple):
                for pair in outcomes:
                    if isinstance(pair, list | tuple) and len(pair) == 2:
                        stack.append((pair[1], level + 1))
        elif isinstance(node, list | tuple):
            stack.extend((child, level + 1) for child in node)
    return deepest


def _freeze(spec: object, where: str = "root", chance: bool = False) -> object:
    if where == "root":
        depth = nesting_depth(spec)
        if depth > MAX_DEPTH:
            raise ValueError(f"the tree is nested {depth} levels deep; at most {MAX_DEPTH}")
    if isinstance(spec, bool):
        raise ValueError(f"tree node at {where} is a boolean, not a number or list")
    if isinstance(spec, int | float):
        if not math.isfinite(spec):
            raise ValueError(f"tree node at {where} is {spec}: leaf values must be finite")
        return float(spec)
    if isinstance(spec, list | tuple):
        if not spec:
            raise ValueError(f"tree node at {where} is an empty list")
        return tuple(_freeze(child, f"{where}.{i}", chance) for i, child in enumerate(spec))
    if isinstance(spec, Mapping) and set(spec) == {"eval", "children"}:
        value = spec["eval"]
        if isinstance(value, bool) or not isinstance(value, int | float):
            raise ValueError(f"tree node at {where}: eval {value!r} is not a number")
        if not math.isfinite(value):
            raise ValueError(f"tree node at {where}: eval {value} is not finite")
        children = spec["children"]
        if not isinstance(children, list | tuple) or not children:
            raise ValueError(f"tree node at {where}: children must be a non-empty list")
        inner = _freeze(children, where, chance)
        assert isinstance(inner, tuple)
        return EvalNode(float(value), inner)
    if isinstance(spec, Mapping) and set(spec) == {"chance"}:
        if not chance:
            raise ValueError(f"tree node at {where} is a chance node: use ChanceTreeGame")
        return _freeze_chance(spec["chance"], where)
    raise ValueError(
        f"tree node at {where} is {spec!r}: expected a number, a list or "
        '{"eval": number, "children": [...]}'
    )


def _freeze_chance(outcomes: object, where: str) -> ChanceNode:
    if not isinstance(outcomes, list | tuple) or not outcomes:
        raise ValueError(f"chance node at {where}: expected a list of [probability, subtree]")
    probabilities: list[float] = []
    children: list[object] = []
    for i, pair in enumerate(outcomes):
        if not (isinstance(pair, list | tuple) and len(pair) == 2):
            raise ValueError(
                f"chance node at {where}, outcome {i}: expected [probability, subtree]"
            )
        p = pair[0]
        if isinstance(p, bool) or not isinstance(p, int | float) or not 0 <= p <= 1:
            raise ValueError(f"chance node at {where}, outcome {i}: bad probability {p!r}")
        probabilities.append(float(p))
        children.append(_freeze(pair[1], f"{where}.{i}", True))
    if abs(math.fsum(probabilities) - 1.0) > 1e-9:
        raise ValueError(f"chance node at {where}: probabilities add up to {sum(probabilities)}")
    return ChanceNode(tuple(probabilities), tuple(children))


def _children(node: object) -> tuple[object, ...] | None:
    """The subtrees of a frozen node (None for a leaf)."""
    if isinstance(node, ChanceNode | EvalNode):
        return node.children
    if isinstance(node, tuple):
        return node
    return None


class TreeGame:
    """A two-player game over a fixed tree of leaf values.

    ``evaluate`` gives a leaf's value (negated for the other player: the game is
    zero-sum); an inner node cut off by a depth limit is worth its static evaluation
    (``{"eval": v, "children": [...]}``), or 0. The values are ``values_for``'s (by
    default the root player's): the lectures' MIN at the root is ``root_player=1,
    values_for=0`` (player 0 is MAX, player 1 moves first).

    >>> g = TreeGame([[3, 12, 8], [2, 4, 6]], root_player=1, values_for=0)
    >>> g.to_move(()), g.evaluate((0, 0), 0), g.evaluate((0, 0), 1)
    (1, 3.0, -3.0)
    """

    name = "tree"
    num_players = 2
    _allows_chance = False

    def __init__(
        self,
        spec: TreeSpec,
        root_player: Player = 0,
        values_for: Player | None = None,
        labels: Mapping[Path, str] | None = None,
    ) -> None:
        if root_player not in (0, 1):
            raise ValueError("root_player must be 0 or 1")
        if values_for not in (None, 0, 1):
            raise ValueError("values_for must be 0 or 1")
        self.root_player = root_player
        self.values_for: Player = root_player if values_for is None else values_for
        self.labels: dict[Path, str] = dict(labels or {})
        """The nodes' labels by path (A, B, C as the textbooks draw them); a labelled
        child's move is written as its label."""
        self.spec = _freeze(spec, chance=self._allows_chance)

    def _node(self, path: Path) -> object:
        node: object = self.spec
        for i in path:
            children = _children(node)
            if children is None or not isinstance(i, int) or not 0 <= i < len(children):
                raise IllegalMoveError(f"no node at path {path}")
            node = children[i]
        return node

    def initial_state(self, rng: random.Random | None = None) -> Path:
        return ()

    def to_move(self, state: Path) -> Player:
        return (self.root_player + len(state)) % 2

    def legal_moves(self, state: Path) -> Iterator[int]:
        children = _children(self._node(state))
        if children is not None:
            yield from range(len(children))

    def result(self, state: Path, move: int) -> Path:
        children = _children(self._node(state))
        if children is None or not isinstance(move, int) or not 0 <= move < len(children):
            raise IllegalMoveError(f"{move!r} is not a child of the node at {state}")
        return (*state, move)

    def is_terminal(self, state: Path) -> bool:
        return _children(self._node(state)) is None

    def leaf_value(self, state: Path) -> float:
        """The value at ``state`` for the root player (an inner node's static evaluation,
        or 0)."""
        node = self._node(state)
        if isinstance(node, EvalNode):
            return node.value
        return node if isinstance(node, float) else 0.0

    def returns(self, state: Path) -> tuple[float, float]:
        v = self.leaf_value(state)
        return (v, -v) if self.values_for == 0 else (-v, v)

    def evaluate(self, state: Path, player: Player) -> float:
        return self.returns(state)[player]

    def max_player(self) -> Player:
        """The player whose values the tree gives: MAX in the textbooks' drawing, whoever
        moves at the root."""
        return self.values_for

    def move_to_str(self, state: Path, move: int) -> str:
        return self.labels.get((*state, move), str(move))

    def parse_move(self, state: Path, text: str) -> int:
        wanted = text.strip()
        for move in self.legal_moves(state):
            if self.labels.get((*state, move)) == wanted:
                return move
        try:
            move = int(wanted)
        except ValueError:
            raise IllegalMoveError(f"{text!r} is not a child number or label") from None
        self.result(state, move)
        return move

    def render(self, state: Path) -> str:
        node = self._node(state)
        path = ".".join(map(str, state)) or "root"
        if isinstance(node, float):
            return f"{path}: leaf {node:g}"
        children = _children(node)
        assert children is not None
        kind = "chance outcomes" if isinstance(node, ChanceNode) else "children"
        evaluation = f", eval {node.value:g}" if isinstance(node, EvalNode) else ""
        return f"{path}: {len(children)} {kind}{evaluation}"

    def label(self, state: Path) -> str:
        """A short label: the leaf value (after its label, if it has one), or the node's
        label, or its path."""
        node = self._node(state)
        name = self.labels.get(state)
        if isinstance(node, float):
            return f"{node:g}" if name is None else f"{name}={node:g}"
        path = name or ".".join(map(str, state)) or "root"
        return f"{path} (eval {node.value:g})" if isinstance(node, EvalNode) else path


class ChanceTreeGame(TreeGame):
    """A :class:`TreeGame` whose spec may hold chance nodes ``{"chance": [[p, subtree], ...]}``.

    Whose turn it is alternates over the players' nodes only: a chance node's outcomes
    are moved at by the player who would have moved at the chance node.

    Examples
    --------
    >>> g = ChanceTreeGame([{"chance": [[0.5, 4], [0.5, [1, 2]]]}, 3])
    >>> g.to_move(()), g.to_move((0,)), g.to_move((0, 1))
    (0, -1, 1)
    >>> g.outcome_probability((0,), 1)
    0.5
    """

    _allows_chance = True

    def to_move(self, state: Path) -> Player:
        node: object = self.spec
        turns = 0
        for i in state:
            if not isinstance(node, ChanceNode):
                turns += 1
            children = _children(node)
            if children is None or not 0 <= i < len(children):
                raise IllegalMoveError(f"no node at path {state}")
            node = children[i]
        if isinstance(node, ChanceNode):
            return CHANCE
        return (self.root_player + turns) % 2

    def evaluation_bounds(self, player: Player) -> tuple[float, float]:
        """The smallest and largest value :meth:`evaluate` can give ``player``.

        Leaf values, and 0 for an inner node cut off by a depth limit; negated for the
        player who is not the root player.

        >>> ChanceTreeGame([{"chance": [[0.5, 4], [0.5, -2]]}, 3]).evaluation_bounds(1)
        (-4.0, 2.0)
        """
        values = [0.0]
        stack: list[object] = [self.spec]
        while stack:
            node = stack.pop()
            children = _children(node)
            if children is None:
                assert isinstance(node, float)
                values.append(node)
            else:
                if isinstance(node, EvalNode):
                    values.append(node.value)
                stack.extend(children)
        lo, hi = min(values), max(values)
        return (lo, hi) if player == self.values_for else (-hi, -lo)

    def outcome_probability(self, state: Path, move: int) -> float:
        """The probability of outcome ``move`` at the chance node ``state``."""
        node = self._node(state)
        if not isinstance(node, ChanceNode) or not 0 <= move < len(node.children):
            raise IllegalMoveError(f"{move!r} is not an outcome of a chance node at {state}")
        return node.probabilities[move]


def tree_game(
    spec: TreeSpec,
    root_player: Player = 0,
    values_for: Player | None = None,
    labels: Mapping[Path, str] | None = None,
) -> TreeGame:
    """A :class:`ChanceTreeGame` when ``spec`` has chance nodes, else a :class:`TreeGame`.

    >>> type(tree_game([1, 2])).__name__, type(tree_game([{"chance": [[1, 5]]}])).__name__
    ('TreeGame', 'ChanceTreeGame')
    """
    try:
        return TreeGame(spec, root_player, values_for, labels)
    except ValueError as exc:
        if "use ChanceTreeGame" not in str(exc):
            raise
    return ChanceTreeGame(spec, root_player, values_for, labels)
