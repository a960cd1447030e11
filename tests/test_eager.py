"""The eager builder: same tree as the lazy one, same answers as lazy minimax, budgets."""

from __future__ import annotations

import gc
import random
import sys
import tracemalloc
from collections.abc import Iterator
from typing import Any

import pytest

from lazytree import CHANCE, Tree, alphabeta, minimax
from lazytree.eager import (
    EagerNode,
    EagerStopped,
    build_eager,
    eager_minimax,
    walk_eager,
)
from lazytree.games import load_game
from lazytree.games.tree_game import TreeGame
from lazytree.traverse import count_tree
from lazytree.tree import Node

LECTURE = [[[7, 8, 2], [2, 4, 1], [1, 3, 5]], [[3, 2, 1], [2, 3, 16], [4, 7, 1]], [[10, 1, 8]]]

# (game options, depth): small complete trees, whole games and depth-limited ones
POSITIONS: list[tuple[dict[str, Any], int | None]] = [
    ({"size": 2, "board": "0:2 1:1 0:3 1:2"}, None),  # the book's 2x2 board, whole game
    ({"size": 2, "seed": 5}, None),
    ({"size": 3, "seed": 5}, 6),
    ({"size": 4, "seed": 3}, 4),
    ({"size": 3, "seed": 3, "players": 3}, 5),
]


def force_all(tree: Tree[Any, Any], depth: int | None) -> None:
    """Force every edge of ``tree`` to ``depth`` (iteratively)."""
    stack: list[tuple[Node[Any, Any], int]] = [(tree.root, 0)]
    while stack:
        node, d = stack.pop()
        if depth is not None and d == depth:
            continue
        for edge in node.children:
            stack.append((edge.child, d + 1))


def positions() -> Iterator[tuple[Any, Any, int | None]]:
    for options, depth in POSITIONS:
        game, state = load_game("dice-of-doom", **options)
        yield game, state, depth
    lecture = TreeGame(LECTURE)
    for depth in (None, 1, 2):
        yield lecture, (), depth


@pytest.mark.parametrize(("game", "state", "depth"), list(positions()))
def test_eager_tree_has_the_nodes_of_count_tree_and_of_a_forced_lazy_tree(
    game: Any, state: Any, depth: int | None
) -> None:
    eager = build_eager(game, state, depth)
    counted = count_tree(game, state, depth)
    assert (eager.nodes, eager.leaves, eager.frontier) == (
        counted.nodes,
        counted.leaves,
        counted.frontier,
    )
    lazy: Tree[Any, Any] = Tree(game, state)
    force_all(lazy, depth)
    assert lazy.stats.nodes_created == eager.nodes
    # the structure itself holds what the counters say
    walked = list(walk_eager(eager.root))
    assert len(walked) == eager.nodes
    assert sum(1 for n, _ in walked if not n.children) == eager.leaves
    assert sum(1 for n, _ in walked if n.children is None) == eager.frontier
    assert max(d for _, d in walked) == eager.max_depth
    if depth is not None:
        assert all(n.children is None for n, d in walked if d == depth)
    # children are complete, in the game's move order
    for node, _ in walked:
        if node.children:
            assert [m for m, _ in node.children] == list(game.legal_moves(node.state))
            assert all(c.state == game.result(node.state, m) for m, c in node.children)


@pytest.mark.parametrize(("game", "state", "depth"), list(positions()))
def test_eager_minimax_gives_the_lazy_answers(game: Any, state: Any, depth: int | None) -> None:
    eager = eager_minimax(build_eager(game, state, depth))
    lazy = minimax(Tree(game, state).root, depth)
    assert eager.value == lazy.value
    assert eager.best_moves == lazy.best_moves
    assert eager.pv == lazy.pv
    assert eager.move_values == lazy.move_values
    assert eager.stats.evaluations == lazy.stats.evaluations
    pruned = alphabeta(Tree(game, state).root, depth)
    assert (pruned.value, pruned.best_moves) == (eager.value, eager.best_moves)


def test_eager_minimax_for_another_player() -> None:
    game, state = load_game("dice-of-doom", size=3, seed=5)
    eager = eager_minimax(build_eager(game, state, 4), player=1)
    lazy = minimax(Tree(game, state).root, 4, player=1)
    assert (eager.value, eager.best_moves, eager.player) == (lazy.value, lazy.best_moves, 1)


class CoinGame:
    """Player 0 picks a bit, a biased coin is tossed, player 1 picks a bit; game over."""

    name = "coin"
    num_players = 2

    def initial_state(self, rng: random.Random | None = None) -> tuple[int, ...]:
        return ()

    def to_move(self, state: tuple[int, ...]) -> int:
        return (0, CHANCE, 1, 0)[len(state)]

    def legal_moves(self, state: tuple[int, ...]) -> Iterator[int]:
        if len(state) < 3:
            yield from (0, 1)

    def result(self, state: tuple[int, ...], move: int) -> tuple[int, ...]:
        return (*state, move)

    def is_terminal(self, state: tuple[int, ...]) -> bool:
        return len(state) == 3

    def outcome_probability(self, state: tuple[int, ...], move: int) -> float:
        return 0.3 if move == 0 else 0.7

    def returns(self, state: tuple[int, ...]) -> tuple[float, float]:
        a, coin, b = state
        v = 3.0 * a * coin - 2.0 * (a == b) + coin
        return v, -v

    def evaluate(self, state: tuple[int, ...], player: int) -> float:
        return self.returns(state)[player] if len(state) == 3 else 0.0

    def move_to_str(self, state: tuple[int, ...], move: int) -> str:
        return str(move)

    def parse_move(self, state: tuple[int, ...], text: str) -> int:
        return int(text)

    def render(self, state: tuple[int, ...]) -> str:
        return str(state)


@pytest.mark.parametrize("depth", [None, 1, 2])
def test_eager_minimax_averages_chance_nodes_like_minimax(depth: int | None) -> None:
    game = CoinGame()
    eager = eager_minimax(build_eager(game, (), depth))
    lazy = minimax(Tree(game, ()).root, depth)
    assert (eager.value, eager.best_moves, eager.pv) == (lazy.value, lazy.best_moves, lazy.pv)
    assert eager.move_values == lazy.move_values


class Countdown:
    """One move a turn from n down to 0: a tree that is one long line."""

    name = "countdown"
    num_players = 2

    def initial_state(self, rng: random.Random | None = None) -> int:
        return 10

    def to_move(self, state: int) -> int:
        return state % 2

    def legal_moves(self, state: int) -> Iterator[str]:
        if state > 0:
            yield "down"

    def result(self, state: int, move: str) -> int:
        return state - 1

    def is_terminal(self, state: int) -> bool:
        return state == 0

    def returns(self, state: int) -> tuple[float, float]:
        return 1.0, -1.0

    def evaluate(self, state: int, player: int) -> float:
        return self.returns(state)[player]

    def move_to_str(self, state: int, move: str) -> str:
        return move

    def parse_move(self, state: int, text: str) -> str:
        return text

    def render(self, state: int) -> str:
        return str(state)


def test_a_tree_deeper_than_the_recursion_limit_builds_and_rates() -> None:
    n = sys.getrecursionlimit() * 3
    tree = build_eager(Countdown(), n)
    assert (tree.nodes, tree.leaves, tree.max_depth) == (n + 1, 1, n)
    result = eager_minimax(tree)
    assert result.value == 1.0
    assert result.best_moves == ("down",)
    assert len(result.pv) == n


def test_node_budget_stops_the_build_with_how_far_it_got() -> None:
    game, state = load_game("dice-of-doom", size=4, seed=3)
    whole = build_eager(game, state, 4)
    assert build_eager(game, state, 4, max_nodes=whole.nodes).nodes == whole.nodes
    with pytest.raises(EagerStopped) as info:
        build_eager(game, state, 4, max_nodes=whole.nodes - 1)
    exc = info.value
    assert (exc.reason, exc.limit, exc.nodes_built) == ("nodes", whole.nodes - 1, whole.nodes - 1)
    assert exc.depth_reached == 4
    assert str(exc) == (
        f"eager build stopped: the node budget of {whole.nodes - 1:,} ran out "
        f"({whole.nodes - 1:,} nodes built, reached depth 4 of 4)"
    )
    with pytest.raises(EagerStopped, match=r"budget of 3 ran out \(3 nodes built"):
        build_eager(game, state, None, max_nodes=3)


def test_memory_budget_stops_the_build_with_how_far_it_got() -> None:
    game, state = load_game("dice-of-doom", size=4, seed=3)
    whole = build_eager(game, state, 4)
    budget = whole.bytes_estimate // 3
    with pytest.raises(EagerStopped) as info:
        build_eager(game, state, 4, max_bytes=budget)
    exc = info.value
    assert exc.reason == "memory"
    assert 1 < exc.nodes_built < whole.nodes
    assert budget < exc.bytes_estimate <= budget + 2000
    assert "memory budget of" in str(exc) and "(estimated)" in str(exc)


def test_memory_estimate_is_close_to_what_tracemalloc_sees() -> None:
    game, state = load_game("dice-of-doom", size=4, seed=3)
    gc.collect()
    tracemalloc.start()
    try:
        before = tracemalloc.get_traced_memory()[0]
        tree = build_eager(game, state, 5)
        held = tracemalloc.get_traced_memory()[0] - before
    finally:
        tracemalloc.stop()
    assert tree.nodes > 5000
    assert held / 2 < tree.bytes_estimate < held * 2


def test_depth_zero_and_bad_arguments() -> None:
    game, state = load_game("dice-of-doom", size=3, seed=5)
    tree = build_eager(game, state, 0)
    assert (tree.nodes, tree.root.children) == (1, None)
    assert eager_minimax(tree).value == game.evaluate(state, 0)
    with pytest.raises(ValueError, match="depth"):
        build_eager(game, state, -1)
    with pytest.raises(ValueError, match="budget"):
        build_eager(game, state, 2, max_nodes=0)


def test_progress_is_reported_while_building() -> None:
    game, state = load_game("dice-of-doom", size=4, seed=3)
    seen: list[int] = []
    tree = build_eager(game, state, 4, progress=seen.append, every=100)
    assert seen == list(range(100, tree.nodes + 1, 100))


def test_eager_nodes_are_plain_immutable_structure() -> None:
    tree = build_eager(TreeGame([[1, 2], [3]]), ())
    assert isinstance(tree.root, EagerNode) and isinstance(tree.root.children, tuple)
    with pytest.raises(AttributeError):
        tree.root.children = ()  # type: ignore[misc]
