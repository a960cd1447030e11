"""A width search ranks the raw moves and builds edges only for those it searches."""

from __future__ import annotations

import random

import pytest

from lazytree.games.dice_of_doom import DiceOfDoom
from lazytree.search.engine import SearchOptions, alphabeta_tt, play_options
from lazytree.traverse import explored
from lazytree.tree import Tree


def board(size: int, seed: int) -> Tree[object, object]:
    game = DiceOfDoom(size=size, eval="heuristic")
    return Tree(game, game.initial_state(random.Random(seed)), share=True)  # type: ignore[arg-type]


def test_a_width_search_builds_only_the_edges_it_searches() -> None:
    tree = board(10, 1)
    moves = len(tree.root.moves())
    assert moves > 50
    result = alphabeta_tt(tree.root, 2, options=SearchOptions(width=3))
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
    options = play_options(board(8, seed).root)
    assert options.width is not None
    tree = board(8, seed)
    sparse = alphabeta_tt(tree.root, 3, options=options)
    expanded = [n.state for n, _ in explored(tree.root) if n.expanded]
    reference = board(8, seed)
    keep = [reference.node_for(state) for state in expanded]  # shared: the search finds them
    for node in keep:
        list(node.children)
    full = alphabeta_tt(reference.root, 3, options=options)
    assert (sparse.value, sparse.best_moves, sparse.pv, sparse.move_values) == (
        full.value,
        full.best_moves,
        full.pv,
        full.move_values,
    )
    assert sparse.stats.moves_generated * 2 < reference.stats.moves_generated
