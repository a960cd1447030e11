"""Ranking moves: a width search generates a node's edges, forces those it searches; the hint."""

from __future__ import annotations

import random
from typing import Any

import pytest

from lazytree.games.dice_of_doom import DiceOfDoom
from lazytree.search.core import HINT_MAX_MOVES, Search
from lazytree.search.engine import alphabeta_tt, engine_settings, play_quiescence, play_width
from lazytree.search.minimax import minimax
from lazytree.traverse import explored
from lazytree.tree import Tree
from tests.helpers import random_dice_position


def board(size: int, seed: int) -> Tree[object, object]:
    game = DiceOfDoom(size=size, eval="heuristic")
    return Tree(game, game.initial_state(random.Random(seed)), share=True)  # type: ignore[arg-type]


def test_a_width_search_forces_only_the_edges_it_searches() -> None:
    tree = board(10, 1)
    root = tree.root
    moves = len(root.children)
    assert moves > 50 and tree.stats.moves_generated == moves
    result = alphabeta_tt(root, 2, width=3)
    # the root was generated before (in the move-list order): ranked whole, three forced
    searched = [e.peek() for e in root.generated_edges if e.forced]
    assert len(searched) == 3 and root.fully_generated and len(root.generated_edges) == moves
    below = [n for n in searched if n is not None]
    # a node the search starts pulls only the three moves it searches, best first
    for n in below:
        assert not n.fully_generated and len(n.generated_edges) == 3
        assert all(e.forced for e in n.generated_edges)
        game = tree.game
        ranked = game.order_moves(n.state, list(game.legal_moves(n.state)))  # type: ignore[attr-defined]
        assert [e.move for e in n.generated_edges] == list(ranked[:3])
    assert tree.stats.nodes_created == 1 + 3 + 3 * len(below)
    assert tree.stats.moves_generated == moves + 3 * len(below)
    assert result.best_moves and result.best_moves[0] in [e.move for e in root.children]
    # playing the move keeps the searched child
    child = next(e.peek() for e in root.generated_edges if e.move == result.best_move)
    assert tree.play(result.best_moves[0]) is child


@pytest.mark.parametrize("seed", range(4))
def test_the_width_search_picks_what_the_full_edge_list_picked(seed: int) -> None:
    """Reference: the same search where every node it expands generated all its edges
    first."""
    root = board(8, seed).root
    options: dict[str, Any] = {
        "win_distance": True,
        "width": play_width(root),
        "quiescence": play_quiescence(root),
    }
    assert options["width"] is not None
    tree = board(8, seed)
    width = alphabeta_tt(tree.root, 3, **options)
    expanded = [n.state for n, _ in explored(tree.root) if n.expanded]
    reference = board(8, seed)
    keep = [reference.node_for(state) for state in expanded]  # shared: the search finds them
    for node in keep:
        list(node.children)
    full = alphabeta_tt(reference.root, 3, **options)
    assert (width.value, width.best_moves, width.pv, width.move_values) == (
        full.value,
        full.best_moves,
        full.pv,
        full.move_values,
    )
    # the width search generated every edge of the nodes it expanded, as the reference
    assert tree.stats.snapshot() == reference.stats.snapshot()


@pytest.mark.slow
def test_the_hint_is_skipped_on_big_boards_without_changing_a_result() -> None:
    small, big = board(10, 2), board(20, 2)
    assert len(small.root.children) <= HINT_MAX_MOVES < len(big.root.children)
    assert Search(small.root, 0, engine_settings()).hint is not None
    assert Search(big.root, 0, engine_settings()).hint is None
    assert Search(big.root, 0, engine_settings(hint=True)).hint is not None
    assert Search(big.root, 0, engine_settings(width=6)).hint is not None
    for size, seed in ((20, 1), (20, 3), (10, 1)):
        auto = alphabeta_tt(board(size, seed).root, 2)
        hinted = alphabeta_tt(board(size, seed).root, 2, hint=True)
        assert (auto.value, auto.best_moves) == (hinted.value, hinted.best_moves)


def test_the_engine_without_the_hint_equals_minimax() -> None:
    rng = random.Random(12)
    for _ in range(12):
        game, state = random_dice_position(rng, size=rng.choice([3, 4]))
        ref = minimax(Tree(game, state).root, 3)
        for share in (False, True):
            tree = Tree(game, state, share=share)
            got = alphabeta_tt(tree.root, 3, hint=False)
            assert (got.value, got.best_moves) == (ref.value, ref.best_moves)
