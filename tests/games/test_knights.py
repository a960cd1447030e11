"""Knight isolation: the article's grid solved by full-tree search, checked against an
independent brute-force solver written here over plain grids."""

from __future__ import annotations

import functools
from typing import Any

import pytest

from lazytree.game import IllegalMoveError
from lazytree.games import OptionError, load_game
from lazytree.games.knights import Knights
from lazytree.search import alphabeta, minimax
from lazytree.traverse import count_tree
from lazytree.tree import Tree

ARTICLE_GRID = "0100/0400/0030/0020"


def brute_force(grid: str) -> tuple[int, int, bool]:
    """(nodes, leaves, does the player to move win) by plain recursion over cells.

    Knows nothing of lazytree.games.knights: cells are (row, column) pairs, a visited set, and
    the two knights' cells, the mover's first.
    """
    rows = grid.split("/")
    n = len(rows)
    numbers = {(r, c): int(ch) for r, row in enumerate(rows) for c, ch in enumerate(row)}
    visited = frozenset(cell for cell, k in numbers.items() if k)
    top = max(numbers.values())
    odd = max((cell for cell, k in numbers.items() if k % 2 == 1), key=numbers.__getitem__)
    even = max((cell for cell, k in numbers.items() if k and k % 2 == 0), key=numbers.__getitem__)
    mover, other = (odd, even) if top % 2 == 0 else (even, odd)

    def moves(cell: tuple[int, int], seen: frozenset[tuple[int, int]]) -> list[tuple[int, int]]:
        r, c = cell
        out = []
        for dr, dc in ((1, 2), (2, 1), (-1, 2), (-2, 1), (1, -2), (2, -1), (-1, -2), (-2, -1)):
            t = (r + dr, c + dc)
            if 0 <= t[0] < n and 0 <= t[1] < n and t not in seen:
                out.append(t)
        return out

    @functools.cache
    def solve(
        me: tuple[int, int], you: tuple[int, int], seen: frozenset[tuple[int, int]]
    ) -> tuple[int, int, bool]:
        options = moves(me, seen)
        if not options:
            return 1, 1, False
        nodes, leaves, win = 1, 0, False
        for t in options:
            sub_nodes, sub_leaves, sub_win = solve(you, t, seen | {t})
            nodes += sub_nodes
            leaves += sub_leaves
            win = win or not sub_win
        return nodes, leaves, win

    return solve(mover, other, visited)


def test_article_grid_is_read_as_the_article_says() -> None:
    game, state = load_knights(grid=ARTICLE_GRID)
    assert isinstance(game, Knights)
    assert game.size == 4
    # odd numbers 1, 3 are player 0's: the knight stands on 3 (c2); even 2, 4 player 1's
    assert game.square_name(state.knights[0]) == "c2"
    assert game.square_name(state.knights[1]) == "b3"
    # highest numbers 3 < 4: player 0 moves next
    assert state.player == 0
    assert game.grid(state) == ARTICLE_GRID


def test_article_position_whole_tree_and_winner() -> None:
    game, state = load_knights(grid=ARTICLE_GRID)
    nodes, leaves, mover_wins = brute_force(ARTICLE_GRID)
    count = count_tree(game, state)
    assert (count.nodes, count.leaves) == (nodes, leaves)

    for rater in (minimax, alphabeta):
        result = rater(Tree(game, state).root, None)
        assert result.value == (1.0 if mover_wins else -1.0)
    # the player to move (0) loses with best play
    assert not mover_wins
    full = Tree(game, state)
    minimax(full.root, None)
    assert full.stats.nodes_created == nodes


@pytest.mark.slow
@pytest.mark.parametrize(
    "grid",
    [
        "1000/0000/0000/0002",
        "0000/0100/0000/0020",
        "1000/0030/0000/0002",
        "10000/00300/00000/00400/00002",
    ],
)
def test_other_grids_against_brute_force(grid: str) -> None:
    game, state = load_knights(grid=grid)
    nodes, leaves, mover_wins = brute_force(grid)
    count = count_tree(game, state)
    assert (count.nodes, count.leaves) == (nodes, leaves)
    assert alphabeta(Tree(game, state, share=True).root, None).value == (
        1.0 if mover_wins else -1.0
    )


def load_knights(**options: Any) -> tuple[Knights, Any]:
    """load_game("knights", ...) with the game narrowed to :class:`Knights`."""
    game, state = load_game("knights", **options)
    assert isinstance(game, Knights)
    return game, state


def test_corner_start_is_the_default() -> None:
    game, state = load_knights()
    assert game.grid(state) == "1000/0000/0000/0002"
    assert game.render(state).splitlines()[-1] == "player 0 (odd, on a4) to move"


def test_moves_blocking_and_notation() -> None:
    game, state = load_knights(grid=ARTICLE_GRID)
    assert [game.move_to_str(state, m) for m in game.legal_moves(state)] == ["d4", "a3", "a1"]
    after = game.result(state, game.parse_move(state, "d4"))
    assert game.grid(after) == "0105/0400/0030/0020"
    assert after.player == 1
    with pytest.raises(IllegalMoveError, match="blocked"):
        game.parse_move(state, "b4")
    with pytest.raises(IllegalMoveError, match="not a knight's move"):
        game.parse_move(state, "d1")
    with pytest.raises(IllegalMoveError, match="off the"):
        game.parse_move(state, "e1")
    with pytest.raises(IllegalMoveError, match="not a square"):
        game.parse_move(state, "c")


def test_a_knight_not_yet_on_the_board_is_placed() -> None:
    game, state = load_knights(grid="0000/0000/0000/0100")
    assert state.player == 1 and state.knights[1] == -1
    assert len(list(game.legal_moves(state))) == 15
    placed = game.result(state, game.parse_move(state, "d4"))
    assert game.grid(placed) == "0002/0000/0000/0100"


def test_evaluation_point_of_view() -> None:
    game, state = load_knights(grid=ARTICLE_GRID)
    assert game.evaluate(state, 0) == -game.evaluate(state, 1)
    mid = game.result(state, game.parse_move(state, "d4"))
    end = game.result(mid, game.parse_move(mid, "d2"))
    assert game.is_terminal(end)  # the knight on d4 has nowhere to go
    assert game.returns(end) == (-1.0, 1.0)
    assert game.evaluate(end, 0) == -1.0 and game.evaluate(end, 1) == 1.0


@pytest.mark.parametrize(
    ("options", "message"),
    [
        ({"size": 2}, "size must be"),
        ({"grid": "0100/0400/0030"}, "must hold 3 numbers"),
        ({"grid": "0100/0400/0030/002"}, "row 4"),
        ({"grid": "0100/0400/0030/0020", "size": 5}, "does not match"),
        ({"grid": "0100/0400/0030/0050"}, "numbered 1 to 4"),
        ({"grid": "1000/0000/0000/0302"}, "not a knight's move"),
        ({"grid": "0100/0a00/0030/0020"}, "row 2"),
    ],
)
def test_bad_options(options: dict[str, object], message: str) -> None:
    with pytest.raises(OptionError, match=message):
        load_game("knights", **options)


def test_wide_grids_with_separators() -> None:
    game, state = load_knights(grid="1,0,0/0,0,0/0,2,0")
    assert game.size == 3 and state.player == 0
