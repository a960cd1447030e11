"""The lectures' 3-ply, 27-leaf tree: minimax and alpha-beta worked out by hand."""

from __future__ import annotations

import json

from lazytree.games import Position
from lazytree.games.builtin import LECTURE_TREE
from lazytree.search import alphabeta, minimax
from lazytree.traverse import explored
from lazytree.tree import Tree


def test_minimax_value_by_hand(lecture_tree: Position) -> None:
    """MAX moves at the root, MIN below it, MAX at the nodes just above the leaves.

    Subtree 0 = [[7,8,2],[2,4,1],[1,3,5]]: MAX of each leaf triple gives 8, 4, 5; MIN 4.
    Subtree 1 = [[3,2,1],[2,3,16],[4,7,1]]: 3, 16, 7; MIN 3.
    Subtree 2 = [[10,1,8],[10,2,8],[8,1,3]]: 10, 10, 8; MIN 8.
    Root: MAX(4, 3, 8) = 8 by move 2; the line is 2, then 2 ([8,1,3]), then 0 (leaf 8).
    Minimax evaluates all 27 leaves.
    """
    game, state = lecture_tree
    tree = Tree(game, state)
    result = minimax(tree.root, None)
    assert result.value == 8.0
    assert result.best_moves == (2,)
    assert result.pv == (2, 2, 0)
    assert result.move_values == ((0, 4.0), (1, 3.0), (2, 8.0))
    assert result.stats.evaluations == 27


def test_alphabeta_value_and_the_leaves_it_forces_by_hand(lecture_tree: Position) -> None:
    """Fail-soft alpha-beta in natural order; at the root every later move is searched
    with the window (just below the best so far, +inf) so that ties would come back exact.

    Subtree 0, window (-inf, +inf), a MIN node:
      [7,8,2]  (-inf, +inf): 7, 8, 2 all evaluated -> 8; MIN's beta becomes 8.
      [2,4,1]  (-inf, 8):    2, 4, 1 all evaluated -> 4 (never reaches 8); beta 4.
      [1,3,5]  (-inf, 4):    1, 3, then 5 >= beta 4 cuts, but 5 was the last leaf -> 5.
      Subtree 0 = 4, exact; 9 leaves. The root's best so far: 4.
    Subtree 1, window (4-, +inf), a MIN node:
      [3,2,1]  (4-, +inf):   3, 2, 1 all evaluated (none beats alpha) -> 3; MIN's beta
               becomes 3 <= alpha: cut-off. [2,3,16] and [4,7,1] are never generated.
      Subtree 1 <= 3; 3 leaves.
    Subtree 2, window (4-, +inf), a MIN node:
      [10,1,8] (4-, +inf):   10, 1, 8 all evaluated (beta is +inf) -> 10; beta 10.
      [10,2,8] (4-, 10):     10 >= beta cuts at once -> 10; leaves 2 and 8 never made.
      [8,1,3]  (4-, 10):     8, 1, 3 all evaluated -> 8; beta 8.
      Subtree 2 = 8, exact; 7 leaves.
    Root: 8 by move 2, the same as minimax. Leaves forced: 9 + 3 + 7 = 19.
    """
    game, state = lecture_tree
    tree = Tree(game, state)
    result = alphabeta(tree.root, None)
    assert result.value == 8.0
    assert result.best_moves == (2,)
    assert result.pv == (2, 2, 0)

    forced_leaves = sorted(node.state for node, depth in explored(tree.root) if depth == 3)
    by_hand = sorted(
        [(0, i, j) for i in range(3) for j in range(3)]
        + [(1, 0, 0), (1, 0, 1), (1, 0, 2)]
        + [(2, 0, 0), (2, 0, 1), (2, 0, 2), (2, 1, 0), (2, 2, 0), (2, 2, 1), (2, 2, 2)]
    )
    assert forced_leaves == by_hand
    assert result.stats.evaluations == 19
    # the cut-off in subtree 1 stopped its move generator after one move
    subtree1 = tree.root.children[1].child
    assert len(subtree1.generated_edges) == 1 and not subtree1.fully_generated


def test_lecture_tree_is_the_default_tree_option(lecture_tree: Position) -> None:
    game, _ = lecture_tree
    assert json.loads(LECTURE_TREE) == [
        [[7, 8, 2], [2, 4, 1], [1, 3, 5]],
        [[3, 2, 1], [2, 3, 16], [4, 7, 1]],
        [[10, 1, 8], [10, 2, 8], [8, 1, 3]],
    ]
    assert game.num_players == 2
