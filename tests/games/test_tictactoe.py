"""Tic-tac-toe: the known sizes of its game tree, a draw with best play, m,n,k boards,
and the benchmark's correctness targets (its timings are not tested)."""

from __future__ import annotations

import pytest

from benchmarks.tictactoe import (
    baseline_alphabeta,
    baseline_minimax,
    memory_per_node,
    reachable_positions,
)
from lazytree.game import IllegalMoveError
from lazytree.games import OptionError, Position, load_game
from lazytree.games.tictactoe import TicTacToe
from lazytree.search import alphabeta, minimax
from lazytree.traverse import count_tree
from lazytree.tree import Tree

# Well-known figures for 3 x 3 tic-tac-toe (e.g. Schaefer's "Tic-Tac-Toe (Naughts and
# Crosses, Cheese and Crackers, etc.)" notes, and the adversarial-search lectures):
# 549,946 nodes in the full game tree (root included), 255,168 possible games (leaves)
# and 5,478 distinct legal positions reachable from the empty board.
TREE_NODES = 549_946
GAMES_PLAYED = 255_168
POSITIONS = 5_478


@pytest.mark.slow
def test_known_tree_sizes(tictactoe: Position) -> None:
    game, state = tictactoe
    count = count_tree(game, state)
    assert count.nodes == TREE_NODES
    assert count.leaves == GAMES_PLAYED


def test_distinct_positions_through_the_game(tictactoe: Position) -> None:
    game, state = tictactoe
    seen = {state}
    stack = [state]
    while stack:
        s = stack.pop()
        for move in game.legal_moves(s):
            child = game.result(s, move)
            if child not in seen:
                seen.add(child)
                stack.append(child)
    assert len(seen) == POSITIONS
    # the benchmark's own walk over tuple boards agrees
    assert reachable_positions() == POSITIONS


def test_tictactoe_is_a_draw(tictactoe: Position) -> None:
    game, state = tictactoe
    result = alphabeta(Tree(game, state, share=True).root, None)
    assert result.value == 0.0
    assert len(result.best_moves) == 9  # every first move draws


def test_alphabeta_visits_exactly_the_plain_recursive_alphabetas_nodes(tictactoe: Position) -> None:
    game, state = tictactoe
    tree = Tree(game, state)
    result = alphabeta(tree.root, None)
    value, nodes = baseline_alphabeta()
    assert result.value == value
    assert tree.stats.nodes_created == nodes


def test_shared_alphabeta_forces_no_more_nodes_than_positions(tictactoe: Position) -> None:
    game, state = tictactoe
    tree = Tree(game, state, share=True)
    alphabeta(tree.root, None)
    assert tree.stats.nodes_created <= POSITIONS


def test_minimax_from_a_midgame_position_matches_the_baseline(tictactoe: Position) -> None:
    game, state = tictactoe
    for cell in ("a1", "b2"):
        state = game.result(state, game.parse_move(state, cell))
    tree = Tree(game, state)
    result = minimax(tree.root, None)
    board = tuple(1 if ch == "X" else 2 if ch == "O" else 0 for ch in state.board(9))
    value, nodes = baseline_minimax(board, 1)
    assert (result.value, tree.stats.nodes_created) == (value, nodes)


def test_k_in_a_row_on_other_boards() -> None:
    game = TicTacToe(4, 5, 4)
    s = game.initial_state()
    for cell in ("a4", "a1", "b3", "b1", "c2", "c1", "d1"):
        s = game.result(s, game.parse_move(s, cell))
    assert s.winner == 0  # the anti-diagonal a4 b3 c2 d1
    assert game.is_terminal(s) and game.returns(s) == (1.0, -1.0)
    one = TicTacToe(1, 1, 1)
    s1 = one.result(one.initial_state(), 0)
    assert s1.winner == 0
    line = TicTacToe(1, 4, 2)
    assert alphabeta(Tree(line, line.initial_state()).root, None).value == 1.0


def test_evaluation_point_of_view(tictactoe: Position) -> None:
    game, state = tictactoe
    s = game.result(state, game.parse_move(state, "b2"))
    assert game.evaluate(s, 0) > 0 > game.evaluate(s, 1)
    assert game.evaluate(s, 0) == -game.evaluate(s, 1)
    assert -1 < game.evaluate(s, 0) < 1


def test_notation(tictactoe: Position) -> None:
    game, state = tictactoe
    assert game.parse_move(state, "b2") == 4 == game.parse_move(state, "5")
    assert game.parse_move(state, " C3 ") == 8
    s = game.result(state, 4)
    with pytest.raises(IllegalMoveError, match="already taken"):
        game.parse_move(s, "b2")
    for text, message in (
        ("d1", "off the"),
        ("10", "no cell"),
        ("0", "no cell"),
        ("xx", "not a cell"),
    ):
        with pytest.raises(IllegalMoveError, match=message):
            game.parse_move(state, text)


@pytest.mark.parametrize(
    ("options", "message"),
    [
        ({"rows": 0}, "rows"),
        ({"columns": 27}, "columns"),
        ({"k": 4}, "k must be"),
        ({"k": 0}, "k must be"),
    ],
)
def test_bad_options(options: dict[str, int], message: str) -> None:
    with pytest.raises(OptionError, match=message):
        load_game("tictactoe", **options)


def test_memory_per_node_accounts_for_every_byte_of_the_tree(tictactoe: Position) -> None:
    game, state = tictactoe
    for cell in ("a1", "b2", "c3"):
        state = game.result(state, game.parse_move(state, cell))
    used = memory_per_node(game, state)
    _value, nodes = baseline_minimax(
        tuple(1 if ch == "X" else 2 if ch == "O" else 0 for ch in state.board(9)), 2
    )
    assert used.nodes == nodes
    assert used.tree > 0 and used.game > 0 and used.rater > 0
    parts = used.tree + used.game + used.rater + used.other
    assert abs(parts - used.total) < 1e-6
