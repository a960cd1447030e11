"""Lazy trees: nothing is built before it is asked for, nothing is built twice."""

from __future__ import annotations

import gc
import random
from collections.abc import Iterator

import pytest

from lazytree import Tree, alphabeta, explored, minimax
from lazytree.games.dice_of_doom import DiceOfDoom
from lazytree.games.tree_game import TreeGame
from lazytree.traverse import count_tree
from tests.helpers import random_tree


class CountingGame(TreeGame):
    """A TreeGame that records every move its generator yields and every result call."""

    def __init__(self, spec: object) -> None:
        super().__init__(spec)  # type: ignore[arg-type]
        self.yielded: list[tuple[tuple[int, ...], int]] = []
        self.results = 0

    def legal_moves(self, state: tuple[int, ...]) -> Iterator[int]:
        for m in super().legal_moves(state):
            self.yielded.append((state, m))
            yield m

    def result(self, state: tuple[int, ...], move: int) -> tuple[int, ...]:
        self.results += 1
        return super().result(state, move)


def test_new_tree_builds_only_the_root() -> None:
    game = CountingGame([[1, 2], [3, 4]])
    tree = Tree(game)
    assert tree.stats.snapshot().as_dict() == {
        "nodes_created": 1,
        "nodes_expanded": 0,
        "moves_generated": 0,
        "evaluations": 0,
    }
    assert game.yielded == [] and game.results == 0


def test_edges_are_memoized_thunks() -> None:
    game = CountingGame([[1, 2], [3, 4]])
    tree = Tree(game)
    first = tree.root.children[0]
    assert game.yielded == [((), 0)]
    assert not first.forced and game.results == 0
    child = first.child
    assert first.child is child
    assert game.results == 1
    assert tree.stats.nodes_created == 2
    # iterating the children again replays the cache, then continues the generator
    assert [e.move for e in tree.root.children] == [0, 1]
    assert [e.move for e in tree.root.children] == [0, 1]
    assert game.yielded == [((), 0), ((), 1)]
    assert child.expanded is False


def test_rater_never_forces_past_its_depth() -> None:
    rng = random.Random(3)
    for _ in range(20):
        spec = random_tree(rng, 6)
        for rater in (minimax, alphabeta):
            for depth in range(4):
                tree = Tree(TreeGame(spec))
                rater(tree.root, depth)
                depths = [d for _, d in explored(tree.root)]
                assert max(depths) <= depth
                # nodes at the depth limit are built and rated but never expanded
                for node, d in explored(tree.root):
                    if d == depth:
                        assert not node.expanded


def test_minimax_forces_exactly_the_tree_to_its_depth() -> None:
    rng = random.Random(5)
    for _ in range(20):
        spec = random_tree(rng, 5)
        game = TreeGame(spec)
        for depth in range(5):
            tree = Tree(game)
            result = minimax(tree.root, depth)
            count = count_tree(game, (), depth)
            assert tree.stats.nodes_created == count.nodes
            assert result.stats.evaluations == count.leaves


def test_forcing_the_whole_lazy_tree_matches_count_tree() -> None:
    game = DiceOfDoom(size=2)
    state = game.parse_board("0:2 1:1 0:3 1:2")
    tree = Tree(game, state)
    stack = [tree.root]
    while stack:
        node = stack.pop()
        stack.extend(edge.child for edge in node.children)
    assert tree.stats.nodes_created == count_tree(game, state).nodes
    assert len(list(explored(tree.root))) == tree.stats.nodes_created


class Countdown:
    """A one-player game whose state is a number; take 1 (or 2 at multiples of 1000)."""

    name = "countdown"
    num_players = 1

    def initial_state(self, rng: random.Random | None = None) -> int:
        return 5000

    def to_move(self, state: int) -> int:
        return 0

    def legal_moves(self, state: int) -> Iterator[int]:
        if state > 0:
            yield from (1, 2) if state % 1000 == 0 else (1,)

    def result(self, state: int, move: int) -> int:
        return max(state - move, 0)

    def is_terminal(self, state: int) -> bool:
        return state == 0

    def returns(self, state: int) -> tuple[float]:
        return (0.0,)

    def evaluate(self, state: int, player: int) -> float:
        return 0.0

    def move_to_str(self, state: int, move: int) -> str:
        return str(move)

    def parse_move(self, state: int, text: str) -> int:
        return int(text)

    def render(self, state: int) -> str:
        return str(state)


def test_count_tree_handles_trees_deeper_than_the_recursion_limit() -> None:
    # 5000 moves deep; the branching at multiples of 1000 makes a few paths.
    game = Countdown()
    nodes = [0] * 5001  # bottom-up: size of the tree below each state
    leaves = [0] * 5001
    for state in range(5001):
        children = [game.result(state, m) for m in game.legal_moves(state)]
        nodes[state] = 1 + sum(nodes[c] for c in children)
        leaves[state] = sum(leaves[c] for c in children) if children else 1
    counted = count_tree(game, 5000)
    assert (counted.nodes, counted.leaves) == (nodes[5000], leaves[5000])
    assert counted.leaves == 32  # five two-way branch points on every path


def test_play_keeps_the_subtree_and_drops_the_rest() -> None:
    game = TreeGame([[1, 2], [3, 4]])
    tree = Tree(game)
    minimax(tree.root, 2)
    kept = tree.root.children[1].child
    grandchild = kept.children[0].child
    assert tree.play(1) is kept
    assert tree.root.children[0].child is grandchild  # nothing recomputed
    before = tree.stats.nodes_created
    minimax(tree.root, 1)
    assert tree.stats.nodes_created == before


def test_shared_positions_are_one_node_and_freed_when_unreachable() -> None:
    game = DiceOfDoom(size=2)
    # Player 0 can attack 0->1 and 2->3 in either order: the two orders meet.
    state = game.parse_board("0:3 1:1 0:3 1:1")
    tree = Tree(game, state, share=True)
    minimax(tree.root, 2)
    unshared = Tree(game, state)
    minimax(unshared.root, 2)
    assert tree.stats.nodes_created < unshared.stats.nodes_created
    assert tree.shared_positions == tree.stats.nodes_created
    tree.play(tree.root.children[0].move)
    gc.collect()
    assert tree.shared_positions < tree.stats.nodes_created


def test_serial_numbers_give_the_order_of_creation() -> None:
    tree = Tree(TreeGame([[3, 5], [2, 9]]))
    root = tree.root
    second = root.children[1].child
    first = root.children[0].child
    assert (root.serial, second.serial, first.serial) == (0, 1, 2)
    assert root.children[1].child is second and second.serial == 1  # forced once only


def test_ranking_generates_every_edge_and_builds_only_the_children_searched() -> None:
    game = CountingGame([[1, 2], [3, 4], [5, 6], [7]])
    tree = Tree(game)
    root = tree.root
    ranked = sorted(root.children, key=lambda e: -e.move)  # as a search ranks a node
    assert [e.move for e in ranked] == [3, 2, 1, 0] and game.results == 0
    assert tree.stats.moves_generated == 4 and tree.stats.nodes_expanded == 1
    child = ranked[1].child  # the search forces only what it searches
    assert root.fully_generated and [e.move for e in root.generated_edges] == [0, 1, 2, 3]
    assert [e.forced for e in root.generated_edges] == [False, False, True, False]
    assert root.children[2].child is child and game.results == 1
    assert game.yielded == [((), 0), ((), 1), ((), 2), ((), 3)]  # each move generated once


def test_indexing_generates_up_to_the_index_and_bool_at_most_one_move() -> None:
    game = CountingGame([[1, 2], [3, 4], [5, 6]])
    tree = Tree(game)
    assert tree.root.children and game.yielded == [((), 0)]
    assert tree.root.children[1].move == 1 and tree.stats.moves_generated == 2
    assert tree.root.children[-1].move == 2 and tree.root.fully_generated
    assert tree.root.child_for(1) is tree.root.children[1].child
    assert tree.stats.moves_generated == 3 and len(game.yielded) == 3
    with pytest.raises(IndexError):
        tree.root.children[3]


def test_nested_iterations_of_one_node_each_see_every_edge_once() -> None:
    game = CountingGame([[1, 2], [3, 4], [5, 6]])
    tree = Tree(game)
    pairs = []
    for outer in tree.root.children:
        for inner in tree.root.children:
            pairs.append((outer.move, inner.move))
    assert pairs == [(a, b) for a in range(3) for b in range(3)]
    assert game.yielded == [((), 0), ((), 1), ((), 2)]  # each move generated once
    assert tree.stats.moves_generated == 3


def test_generated_children_are_a_plain_tuple_and_leaves_share_one() -> None:
    tree = Tree(TreeGame([[1, 2], 3]))
    assert not tree.root.fully_generated
    minimax(tree.root, None)
    assert type(tree.root.children) is tuple and tree.root.fully_generated
    leaf = tree.root.children[1].child
    other_leaf = tree.root.children[0].child.children[0].child
    assert leaf.children == () and leaf.children is other_leaf.children
    assert bool(leaf.children) is False and leaf.fully_generated


class FailingGame(TreeGame):
    """A TreeGame whose generator fails after the first move of the root."""

    def legal_moves(self, state: tuple[int, ...]) -> Iterator[int]:
        for m in super().legal_moves(state):
            if state == () and m == 1:
                raise KeyError("generator broke")
            yield m


def test_a_failed_generator_is_never_taken_for_exhausted() -> None:
    tree = Tree(FailingGame([[1, 2], [3, 4]]))
    children = tree.root.children
    assert children[0].move == 0
    try:
        list(children)
    except KeyError:
        pass
    else:
        raise AssertionError("the generator's error was swallowed")
    assert not tree.root.fully_generated
    assert [e.move for e in tree.root.generated_edges] == [0]
    for attempt in (lambda: list(tree.root.children), lambda: len(tree.root.children)):
        try:
            attempt()
        except RuntimeError as err:
            assert "failed earlier" in str(err)
        else:
            raise AssertionError("a failed generator was taken for exhausted")


def test_generate_all_counts_every_move_and_keeps_those_before_a_failure() -> None:
    tree = Tree(TreeGame([[1, 2], [3, 4], 5]))
    _ = tree.root.children[0]
    edges = tree.root.generate_all()
    assert [e.move for e in edges] == [0, 1, 2] and tree.root.children == edges
    assert tree.stats.moves_generated == 3 and tree.stats.nodes_created == 1
    failing = Tree(FailingGame([[1, 2], [3, 4]]))
    with pytest.raises(KeyError):
        failing.root.generate_all()
    assert [e.move for e in failing.root.generated_edges] == [0]
    assert failing.stats.moves_generated == 1 and not failing.root.fully_generated
    with pytest.raises(RuntimeError, match="failed earlier"):
        failing.root.generate_all()


def test_edges_are_views_of_the_moves_and_children_the_node_keeps() -> None:
    tree = Tree(TreeGame([[1, 2], [3, 4]]))
    root = tree.root
    first, again = root.children[0], root.children[0]
    assert first == again and hash(first) == hash(again) and first != root.children[1]
    assert not again.forced and first.child is again.child and again.forced
    assert again.peek() is first.child and root.generated_moves == (0, 1)
    assert tree.stats.nodes_created == 2  # the child was built once, by either view


def test_a_dropped_tree_is_freed_at_once_with_nothing_left_for_the_collector() -> None:
    """No node refers to the tree that holds its root (the nodes share a TreeContext),
    so a tree has no reference cycle: dropping it frees every node by reference
    counting, and the cyclic collector finds nothing to free."""
    game = DiceOfDoom(size=3)
    gc.collect()
    gc.disable()
    try:
        tree = Tree(game, game.initial_state(random.Random(5)))
        result = minimax(tree.root, 4)
        assert tree.stats.nodes_created > 100 and result.best_moves
        root = tree.root
        assert root.context is tree.context and tree.context.is_root(root)
        del tree, root, result
        assert gc.collect() == 0
    finally:
        gc.enable()


def test_the_context_knows_the_root_after_a_move() -> None:
    tree = Tree(TreeGame([[1, 2], [3, 4]]))
    first = tree.root.children[0].child
    assert not tree.context.is_root(first)
    tree.play(tree.root.children[0].move)
    assert tree.root is first and tree.context.is_root(first) and tree.ply == 1


def test_a_node_keeps_each_bound_of_a_rating_and_refuses_anything_else() -> None:
    from lazytree.rating import Bound, Rating

    node = Tree(TreeGame([[3, 5]])).root
    for bound in Bound:
        node.rate(1.5, 1, 7, bound, ("key",))
        assert node.rating == Rating(1.5, 1, 7, bound, ("key",))
    node.rating = None
    assert node.rating is None and node._rkey is None
    with pytest.raises(TypeError, match="Bound"):  # (the compiled core says it its way)
        node.rate(1.0, 0, 1, "exact", None)  # type: ignore[arg-type]
