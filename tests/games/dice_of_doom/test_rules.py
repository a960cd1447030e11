"""Dice of Doom rules, checked against the facts of the book's own test suite
(*Realm of Racket*, chapter10/source.rkt, the ``test`` submodule) and by hand."""

from __future__ import annotations

import random
from typing import Any

import pytest

from lazytree import IllegalMoveError, Tree, minimax
from lazytree.ai import ai_turn
from lazytree.games.dice_of_doom import PASS, Attack, DiceOfDoom, neighbors


def test_neighbours_are_the_books() -> None:
    # the book's tests: (neighbors 2) '(0 3), (neighbors 0) '(3 2 1), ...
    assert [neighbors(i, 2) for i in range(4)] == [(3, 2, 1), (3, 0), (0, 3), (1, 0, 2)]
    # 4x4: territory 9 (row 2, even, drawn half a hex right) touches 5 and 6 above and
    # 13 and 14 below; territory 6 (row 1, odd) touches 1 and 2 above, 9 and 10 below
    assert sorted(neighbors(9, 4)) == [5, 6, 8, 10, 13, 14]
    assert sorted(neighbors(6, 4)) == [1, 2, 5, 7, 9, 10]


def test_start_board_owners_and_dice() -> None:
    game = DiceOfDoom(size=4, players=3)
    state = game.initial_state(random.Random(1))
    assert state.owners == tuple(i % 3 for i in range(16))
    assert all(1 <= d <= 3 for d in state.dice)
    assert state == game.initial_state(random.Random(1))  # same seed, same board
    assert not game.is_terminal(state)


def test_attack_moves_dice_and_owner() -> None:
    game = DiceOfDoom(size=2)
    s = game.parse_board("0:3 1:2 0:1 1:1")
    assert list(game.legal_moves(s)) == [Attack(0, 3), Attack(0, 1)]
    after = game.result(s, Attack(0, 1))
    assert after.owners == (0, 0, 0, 1)
    assert after.dice == (1, 2, 1, 1)
    assert after.player == 0 and not after.first_move
    assert s.dice == (3, 2, 1, 1)  # the input state is unchanged
    # after an attack the pass comes first, as in the book's (cons (passes newb) ...)
    assert list(game.legal_moves(after)) == [PASS, Attack(1, 3)]


@pytest.mark.parametrize(
    ("board", "move", "reason"),
    [
        ("0:3 1:2 0:1 1:1", Attack(1, 0), "not yours"),
        ("0:3 1:2 0:1 1:1", Attack(0, 2), "already yours"),
        ("0:2 1:2 0:1 1:1", Attack(0, 1), "more dice"),
        ("0:3 1:2 0:1 1:1", Attack(2, 1), "not a neighbour"),
        ("0:3 1:2 0:1 1:1", Attack(0, 9), "no such territory"),
        ("0:3 1:2 0:1 1:1", PASS, "first move"),
    ],
)
def test_illegal_moves_are_rejected(board: str, move: Attack, reason: str) -> None:
    game = DiceOfDoom(size=2)
    with pytest.raises(IllegalMoveError, match=reason):
        game.result(game.parse_board(board), move)


def test_reinforcements_follow_the_books_distribute() -> None:
    game = DiceOfDoom(size=2)
    # (distribute board1 0 3) with every territory at 1 die: 0 and 2 get one each, 1 left
    s = game.parse_board("0:1 1:1 0:1 1:1", spare=3)._replace(first_move=False)
    after = game.result(s, PASS)
    assert (after.dice, after.spare, after.player) == ((2, 1, 2, 1), 1, 1)
    assert after.first_move and after.reversed
    # (distribute board0 1 2): player 1's territories 1 and 3 get one each
    s = game.parse_board("0:1 1:2 0:2 1:1", player=1, spare=2)._replace(first_move=False)
    assert game.result(s, PASS).dice == (1, 3, 2, 2)
    # territories at the maximum get nothing; an empty pool gives nothing
    s = game.parse_board("0:3 1:1 0:3 1:1", spare=5)._replace(first_move=False)
    assert game.result(s, PASS).dice == (3, 1, 3, 1)
    s = game.parse_board("0:1 1:1 0:1 1:1", spare=0)._replace(first_move=False)
    assert game.result(s, PASS).dice == (1, 1, 1, 1)


def test_board_order_flips_on_every_pass() -> None:
    game = DiceOfDoom(size=2)
    # one spare die, two candidates: the board order decides who gets it
    s = game.parse_board("0:1 1:3 0:1 1:3", spare=1)._replace(first_move=False)
    assert game.result(s, PASS).dice == (2, 3, 1, 3)
    flipped = s._replace(reversed=True)
    assert game.result(flipped, PASS).dice == (1, 3, 2, 3)
    # the order of attack generation flips too
    s = game.parse_board("0:2 1:1 0:2 1:1")
    assert list(game.legal_moves(s)) == [Attack(0, 3), Attack(0, 1), Attack(2, 3)]
    assert list(game.legal_moves(s._replace(reversed=True))) == [
        Attack(2, 3),
        Attack(0, 3),
        Attack(0, 1),
    ]


def test_game_end_and_winners() -> None:
    game = DiceOfDoom(size=2)
    # player 1 to move, every territory of player 1 has 1 die: no attack, game over
    s = game.parse_board("0:2 1:1 0:1 1:1", player=1)
    assert game.is_terminal(s) and list(game.legal_moves(s)) == []
    assert game.winners(s) == (0, 1)
    assert game.returns(s) == (0.5, 0.5)
    s = game.parse_board("0:2 0:1 0:1 1:1", player=1)
    assert game.winners(s) == (0,)
    assert game.returns(s) == (1.0, 0.0)
    assert game.evaluate(s, 1) == 0.0
    # after an attack the player can always pass, so the game is not over mid-turn
    mid = game.parse_board("0:2 0:1 0:1 1:1")._replace(first_move=False)
    assert not game.is_terminal(mid)


def test_eliminated_players_are_skipped() -> None:
    game = DiceOfDoom(size=2, players=3)
    # player 1 owns nothing: after player 0 passes, player 2 moves
    s = game.parse_board("0:3 2:1 0:1 2:1", spare=0)._replace(first_move=False)
    assert game.result(s, PASS).player == 2


@pytest.mark.parametrize(
    ("kwargs", "spec", "message"),
    [
        ({"size": 2}, "0:2 1:1", "4 territories"),
        ({"size": 2}, "0:2 1:1 0:3 5:2", "owner 5"),
        ({"size": 2}, "0:2 1:1 0:4 1:2", "out of range"),
        ({"size": 2}, "0:2 1:1 0:0 1:2", "out of range"),
        ({"size": 2}, "0:2 1 0:3 1:2", "owner:dice"),
        ({"size": 2}, "0:2 x:1 0:3 1:2", "owner:dice"),
    ],
)
def test_bad_board_specs(kwargs: dict[str, Any], spec: str, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        DiceOfDoom(**kwargs).parse_board(spec)


def test_bad_parameters() -> None:
    bad: list[dict[str, Any]] = [
        {"size": 1},
        {"players": 1},
        {"players": 9},
        {"max_dice": 1},
        {"spare_dice": -1},
        {"eval": "magic"},
    ]
    for kwargs in bad:
        with pytest.raises(ValueError):
            DiceOfDoom(**kwargs)


def test_move_notation_round_trips() -> None:
    game = DiceOfDoom(size=2)
    s = game.result(game.parse_board("0:3 1:2 0:1 1:1"), Attack(0, 1))
    for move in game.legal_moves(s):
        assert game.parse_move(s, game.move_to_str(s, move)) == move
    assert game.parse_move(s, " 1 -> 3 ") == Attack(1, 3)
    assert game.parse_move(s, "P") is PASS
    with pytest.raises(IllegalMoveError):
        game.parse_move(s, "3->1")
    with pytest.raises(IllegalMoveError, match="not a move"):
        game.parse_move(s, "attack!")


def test_render_shows_offset_rows() -> None:
    game = DiceOfDoom(size=3)
    text = game.render(game.parse_board("0:1 1:2 0:3 1:1 0:2 1:3 0:1 1:2 0:3"))
    lines = text.splitlines()
    assert lines[0].startswith("   0 A1")  # even rows shifted half a cell right
    assert lines[1].startswith("3 B1")
    assert "player 0 (A) to move" in lines[-1]


def test_the_books_ai_test() -> None:
    """The book's test of ``the-ai-plays`` on tree0 (player 1 = the AI, 15 spare dice).

    Board by index: 0 -> (owner 1, 3 dice), 1..3 -> (owner 0, 2 dice). The book expects
    the first move to be 0->3, the AI's turn to end on the board 0:1:2 1:0:2 2:0:2 3:1:3
    with player 0 to move, and ``(rate-position tree0 AI-DEPTH)`` to be 1/2.
    """
    game = DiceOfDoom(size=2, spare_dice=15)
    s = game.parse_board("1:3 0:2 0:2 0:2", player=1)
    assert next(game.legal_moves(s)) == Attack(0, 3)
    assert minimax(Tree(game, s).root, 4).value == 0.5
    tree = Tree(game, s)
    moves = [m.move for m in ai_turn(tree, depth=4, rater=minimax)]
    end = tree.root.state
    assert moves[0] == Attack(0, 3)
    assert (end.owners, end.dice, end.player) == ((1, 0, 0, 1), (2, 2, 2, 3), 0)
