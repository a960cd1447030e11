"""Ranking moves: a width search builds edges only for those it searches; the hint."""

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
from tests.conftest import random_dice_position


def board(size: int, seed: int) -> Tree[object, object]:
    game = DiceOfDoom(size=size, eval="heuristic")
    return Tree(game, game.initial_state(random.Random(seed)), share=True)  # type: ignore[arg-type]


def test_a_width_search_builds_only_the_edges_it_searches() -> None:
    tree = board(10, 1)
    moves = len(tree.root.moves())
    assert moves > 50
    result = alphabeta_tt(tree.root, 2, width=3)
    # three edges at the root, three below each of them; the leaves list no moves
    assert tree.stats.moves_generated == 3 + 3 * 3
    assert len(tree.root.generated_edges) == 3 and not tree.root.fully_generated
    assert result.best_moves and result.best_moves[0] in tree.root.moves()
    # playing the move keeps the searched child: children yields the built edge
    child = next(e.peek() for e in tree.root.generated_edges if e.move == result.best_move)
    assert tree.play(result.best_moves[0]) is child


@pytest.mark.parametrize("seed", range(4))
def test_the_width_search_picks_what_the_full_edge_list_picked(seed: int) -> None:
    """Reference: the same search where every node it expands generated all its edges
    first (the way every width search worked before)."""
    root = board(8, seed).root
    options: dict[str, Any] = {
        "win_distance": True,
        "width": play_width(root),
        "quiescence": play_quiescence(root),
    }
    assert options["width"] is not None
    tree = board(8, seed)
    sparse = alphabeta_tt(tree.root, 3, **options)
    expanded = [n.state for n, _ in explored(tree.root) if n.expanded]
    reference = board(8, seed)
    keep = [reference.node_for(state) for state in expanded]  # shared: the search finds them
    for node in keep:
        list(node.children)
    full = alphabeta_tt(reference.root, 3, **options)
    assert (sparse.value, sparse.best_moves, sparse.pv, sparse.move_values) == (
        full.value,
        full.best_moves,
        full.pv,
        full.move_values,
    )
    assert sparse.stats.moves_generated * 2 < reference.stats.moves_generated


def test_the_hint_is_skipped_on_big_boards_without_changing_a_result() -> None:
    small, big = board(10, 2), board(20, 2)
    assert len(small.root.moves()) <= HINT_MAX_MOVES < len(big.root.moves())
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
