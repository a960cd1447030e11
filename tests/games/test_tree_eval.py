"""Hand-built trees with static evaluations on inner nodes: a depth cut-off rates them."""

from __future__ import annotations

import pytest

from lazytree.games.tree_game import ChanceTreeGame, TreeGame
from lazytree.search import alphabeta, minimax
from lazytree.teach import Trace, traced_search
from lazytree.tree import Tree
from tests.helpers import run

EVALS = [
    [{"eval": 8, "children": [7, 8, 2]}, {"eval": 3, "children": [2, 4, 1]}],
    [{"eval": 2, "children": [3, 2, 1]}, {"eval": 9, "children": [2, 3, 16]}],
]


def test_a_depth_cut_off_rates_inner_nodes_by_their_evaluation() -> None:
    game = TreeGame(EVALS)
    assert minimax(Tree(game).root, 2).value == 3  # min(8, 3) = 3, min(2, 9) = 2
    assert minimax(Tree(game).root, 3).value == 4  # the leaves: min(8, 4), min(3, 16)
    assert alphabeta(Tree(game).root, 2).value == 3
    trace = Trace()
    traced_search(Tree(game).root, 2, "alphabeta", textbook=True, trace=trace)
    leaves = [(s.node.state, s.value) for s in trace if s.event == "leaf"]
    assert leaves == [((0, 0), 8), ((0, 1), 3), ((1, 0), 2)]  # then a cut: 1.1 never rated


def test_evaluations_count_in_the_bounds_and_the_labels() -> None:
    game = ChanceTreeGame([{"eval": -20, "children": [1, 2]}, 3])
    assert game.evaluation_bounds(0) == (-20, 3)
    assert TreeGame(EVALS).render((0, 1)) == "0.1: 3 children, eval 3"


@pytest.mark.parametrize(
    "bad",
    [
        {"eval": "x", "children": [1]},
        {"eval": 1, "children": []},
        {"eval": float("inf"), "children": [1]},
        {"eval": 1},
    ],
)
def test_bad_evaluations_are_refused(bad: object) -> None:
    with pytest.raises(ValueError, match="tree node at root"):
        TreeGame([bad, 1])  # type: ignore[list-item]


def test_analyse_shows_the_evaluation_cut_off() -> None:
    import json

    code, out, err = run("analyse", "tree", "--spec", json.dumps(EVALS), "--depth", "2",
                         "--rater", "alphabeta", "--json")  # fmt: skip
    assert code == 0, err
    assert json.loads(out)["value"] == 3
