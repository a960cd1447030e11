"""Minimax and alpha-beta: known values, identical answers, fewer nodes for alpha-beta."""

from __future__ import annotations

import random

import pytest

from lazytree import Bound, Tree, alphabeta, minimax
from lazytree.games.dice_of_doom import DiceOfDoom
from lazytree.games.tree_game import TreeGame
from lazytree.search import get_rater
from tests.helpers import random_dice_position, random_tree

LECTURE_TREE = [
    [[7, 8, 2], [2, 4, 1], [1, 3, 5]],
    [[3, 2, 1], [2, 3, 16], [4, 7, 1]],
    [[10, 1, 8], [10, 2, 8], [8, 1, 3]],
]


def test_minimax_on_the_lecture_tree() -> None:
    # MAX at the root, MIN below, MAX at the third level:
    # branch 0: min(max 8, max 4, max 5) = 4; branch 1: min(3, 16, 7) = 3;
    # branch 2: min(10, 10, 8) = 8  ->  root = max(4, 3, 8) = 8, by move 2 then 2 then 0.
    r = minimax(Tree(TreeGame(LECTURE_TREE)).root, 3)
    assert r.value == 8
    assert r.best_moves == (2,)
    assert r.pv == (2, 2, 0)
    assert dict(r.move_values) == {0: 4, 1: 3, 2: 8}


def test_values_are_from_the_rating_players_point_of_view() -> None:
    tree = Tree(TreeGame(LECTURE_TREE, root_player=1))
    # the leaves are player 1's values now, and player 1 is at the root: same value
    assert minimax(tree.root, 3).value == 8
    # rated for player 0 instead, player 0 minimises... no: player 0 maximises its own
    # value (the negation) at the levels where it moves
    r0 = minimax(Tree(TreeGame(LECTURE_TREE, root_player=1)).root, 3, player=0)
    assert r0.player == 0
    assert r0.value == -8


def test_depth_zero_and_terminal_roots() -> None:
    r = minimax(Tree(TreeGame(LECTURE_TREE)).root, 0)
    assert (r.value, r.best_moves, r.pv, r.stats.evaluations) == (0.0, (), (), 1)
    leaf = Tree(TreeGame(5))
    for rater in (minimax, alphabeta):
        r = rater(leaf.root, 3)
        assert (r.value, r.best_moves, r.pv) == (5.0, (), ())


def test_all_tied_best_moves_are_reported() -> None:
    spec = [[1, 5], [5, 9], [0], [5]]  # branches worth 1, 5, 0, 5
    for rater in (minimax, alphabeta):
        r = rater(Tree(TreeGame(spec)).root, 2)
        assert r.value == 5
        assert r.best_moves == (1, 3)


def test_alphabeta_agrees_with_minimax_on_random_trees() -> None:
    rng = random.Random(2024)
    saved = 0
    for _ in range(300):
        spec = random_tree(rng, rng.randint(1, 6))
        for depth in (1, 2, 3, 6):
            tm, ta = Tree(TreeGame(spec)), Tree(TreeGame(spec))
            m, a = minimax(tm.root, depth), alphabeta(ta.root, depth)
            assert (a.value, a.best_moves, a.pv) == (m.value, m.best_moves, m.pv)
            assert ta.stats.nodes_created <= tm.stats.nodes_created
            assert a.stats.evaluations <= m.stats.evaluations
            saved += tm.stats.nodes_created - ta.stats.nodes_created
    assert saved > 1000  # pruning really happened, a lot


def test_alphabeta_agrees_with_minimax_on_dice_of_doom() -> None:
    rng = random.Random(7)
    fewer = 0
    for _ in range(40):
        game, state = random_dice_position(rng, size=3)
        for depth in (2, 4):
            tm, ta = Tree(game, state), Tree(game, state)
            m, a = minimax(tm.root, depth), alphabeta(ta.root, depth)
            assert (a.value, a.best_moves, a.pv) == (m.value, m.best_moves, m.pv)
            assert ta.stats.nodes_created <= tm.stats.nodes_created
            fewer += ta.stats.nodes_created < tm.stats.nodes_created
    assert fewer >= 15  # of the 80 searches, many prune (the 0/1/2 book scores cut often)


def test_alphabeta_stops_pulling_moves_after_a_cut() -> None:
    # MIN's second branch: after the leaf 2 (< 3, the best MAX already has) no further
    # move of that node is generated at all.
    tree = Tree(TreeGame([[3, 12, 8], [2, 4, 6], [14, 5, 2]]))
    alphabeta(tree.root, 2)
    second = tree.root.children[1].child
    assert [e.move for e in second.generated_edges] == [0]
    assert not second.fully_generated
    assert second.rating is not None and second.rating.bound is Bound.UPPER
    assert tree.root.rating is not None
    assert tree.root.rating[:4] == (3.0, 0, 2, Bound.EXACT)


def test_minimax_stores_exact_ratings_everywhere() -> None:
    tree = Tree(TreeGame(LECTURE_TREE))
    minimax(tree.root, 3)
    from lazytree import explored

    for node, depth in explored(tree.root):
        assert node.rating is not None
        assert node.rating.bound is Bound.EXACT
        assert node.rating.depth == 3 - depth


def test_bad_arguments_are_value_errors() -> None:
    root = Tree(TreeGame(LECTURE_TREE)).root
    with pytest.raises(ValueError, match="depth"):
        minimax(root, -1)
    with pytest.raises(ValueError, match="unknown rater"):
        get_rater("nope")


def test_search_to_the_end_with_no_depth() -> None:
    game = DiceOfDoom(size=2)
    state = game.parse_board("0:2 1:1 0:3 1:2")
    m = minimax(Tree(game, state).root, None)
    a = alphabeta(Tree(game, state).root, None)
    assert m.depth is None and a.depth is None
    assert (m.value, m.best_moves) == (a.value, a.best_moves)
