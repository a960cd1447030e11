"""Checkers: perft against published figures, small boards, every jump rule, notation,
the draw rule and the evaluation."""

from __future__ import annotations

import random
from typing import Any

import pytest

from lazytree.game import IllegalMoveError
from lazytree.games import OptionError, load_game
from lazytree.games.checkers import Checkers, CheckersMove, CheckersState, CheckersWeights
from lazytree.search import alphabeta
from lazytree.traverse import count_tree, perft, perft_divide
from lazytree.tree import Tree

# Perft of 8x8 checkers (English draughts) from the standard start, as published by
# Aart Bik ("perft for 8x8 checkers", TalkChess forum, 8 May 2009) and confirmed by
# Martin Fierz's Cake (blog "checker-board.blogspot.com", "perft for checkers",
# 15 February 2009): depths 1 to 6.
PUBLISHED_PERFT = {1: 7, 2: 49, 3: 302, 4: 1469, 5: 7361, 6: 36768}


def moves_of(game: Checkers, state: CheckersState) -> list[str]:
    return [game.move_to_str(state, m) for m in game.legal_moves(state)]


def play(game: Checkers, state: CheckersState, *moves: str) -> CheckersState:
    for text in moves:
        state = game.result(state, game.parse_move(state, text))
    return state


def test_perft_from_the_standard_start_matches_published_figures() -> None:
    game = Checkers()
    start = game.initial_state()
    for depth, expected in PUBLISHED_PERFT.items():
        assert perft(game, start, depth) == expected, depth


def test_perft_divide_adds_up_and_names_the_seven_opening_moves() -> None:
    game = Checkers()
    start = game.initial_state()
    divide = perft_divide(game, start, 3)
    assert sorted(game.move_to_str(start, m) for m, _ in divide) == sorted(
        ["9-13", "9-14", "10-14", "10-15", "11-15", "11-16", "12-16"]
    )
    assert sum(n for _, n in divide) == PUBLISHED_PERFT[3]


def test_standard_start_has_twelve_men_each_on_the_standard_squares() -> None:
    game = Checkers()
    s = game.initial_state()
    assert [i + 1 for i, p in enumerate(s.board) if p == "r"] == list(range(1, 13))
    assert [i + 1 for i, p in enumerate(s.board) if p == "w"] == list(range(21, 33))
    # every piece stands on a dark square (x + y even)
    assert all((x + y) % 2 == 0 for x, y in game.geo.xy)


@pytest.mark.parametrize(
    ("width", "height", "men"), [(4, 4, 2), (6, 6, 6), (8, 8, 12), (5, 5, 3), (10, 10, 20)]
)
def test_small_and_large_boards_start_with_both_sides(width: int, height: int, men: int) -> None:
    game = Checkers(width, height)
    s = game.initial_state()
    assert s.board.count("r") == men and s.board.count("w") == men
    # red's men are on rows 0 .. H/2-2, white's on (H+1)/2+1 .. H-1
    for sq, piece in enumerate(s.board):
        y = game.geo.xy[sq][1]
        if piece == "r":
            assert y <= height // 2 - 2
        elif piece == "w":
            assert y >= (height + 1) // 2 + 1
    assert list(game.legal_moves(s)), "red must be able to move at the start"


@pytest.mark.parametrize(("width", "height"), [(4, 4), (6, 6), (5, 7)])
def test_small_boards_play_to_an_end(width: int, height: int) -> None:
    game = Checkers(width, height, draw_moves=20)
    for seed in range(5):
        rng = random.Random(seed)
        s = game.initial_state()
        for _ in range(1000):
            moves = list(game.legal_moves(s))
            if not moves:
                break
            s = game.result(s, rng.choice(moves))
        assert game.is_terminal(s)
        assert sorted(game.returns(s)) in ([-1.0, 1.0], [0.0, 0.0])


def test_small_board_ai_against_ai_reaches_an_end() -> None:
    game = Checkers(6, 6, draw_moves=15)
    tree = Tree(game, game.initial_state())
    for _ in range(500):
        if game.is_terminal(tree.root.state):
            break
        tree.play(alphabeta(tree.root, 3).best_moves[0])
    assert game.is_terminal(tree.root.state)


def test_capture_is_mandatory() -> None:
    game = Checkers()
    # red men on 1 and 14, a white man on 18: 1 could step to 5 or 6, but 14 can jump
    s = game.make_state("14 1", "18")
    assert moves_of(game, s) == ["14x23"]
    with pytest.raises(IllegalMoveError, match="capture is mandatory"):
        game.parse_move(s, "1-5")
    with pytest.raises(IllegalMoveError):
        game.result(s, CheckersMove((0, 4)))


def test_multi_jump_must_be_continued_and_player_chooses_the_sequence() -> None:
    game = Checkers()
    # red man on 1 jumps 6 to 10; from 10 it can go on over 14 (to 17) or over 15 (to 19)
    s = game.make_state("1", "6 15 14")
    moves = moves_of(game, s)
    assert moves == ["1x10x17", "1x10x19"]
    # stopping half way (1x10) is not a move
    with pytest.raises(IllegalMoveError):
        game.parse_move(s, "1x10")
    after = play(game, s, "1x10x19")
    assert after.board[18] == "r" and after.board[5] == "." and after.board[14] == "."
    assert after.board[13] == "w"  # the other candidate was not captured
    assert after.player == 1


def test_short_notation_for_an_unambiguous_multi_jump() -> None:
    game = Checkers()
    s = game.make_state("1", "6 15")
    move = game.parse_move(s, "1x19")
    assert game.move_to_str(s, move) == "1x10x19"
    ambiguous = game.make_state("1", "6 14 15")
    assert game.parse_move(ambiguous, "1x10x17") != game.parse_move(ambiguous, "1x10x19")


def test_ambiguous_short_notation_is_refused() -> None:
    game = Checkers()
    # the ring of the next test: two sequences go from 10 back to 10
    s = game.make_state("K10", "14 15 22 23")
    with pytest.raises(IllegalMoveError, match="ambiguous"):
        game.parse_move(s, "10x10")


def test_crowning_ends_the_move() -> None:
    game = Checkers()
    # red man on 22 jumps 26 to 31 (the far row) and is crowned; as a king it could
    # go on over 27 to 24, but the move ends on crowning.
    s = game.make_state("22", "26 27 32")
    assert moves_of(game, s) == ["22x31"]
    after = play(game, s, "22x31")
    assert after.board[30] == "R"
    assert after.player == 1
    assert after.quiet == 0


def test_a_king_continues_through_the_far_row_but_a_man_does_not() -> None:
    game = Checkers()
    king = game.make_state("K22", "26 27")
    assert moves_of(game, king) == ["22x31x24"]
    man = game.make_state("22", "26 27")
    assert moves_of(game, man) == ["22x31"]


def test_kings_move_and_jump_backwards_men_do_not() -> None:
    game = Checkers()
    king = game.make_state("K18", "30")
    assert moves_of(game, king) == ["18-22", "18-23", "18-14", "18-15"]
    man = game.make_state("18", "30")
    assert moves_of(game, man) == ["18-22", "18-23"]
    king_jump = game.make_state("K18", "14 30")
    assert moves_of(game, king_jump) == ["18x9"]
    man_no_jump = game.make_state("18", "14 30")
    assert moves_of(game, man_no_jump) == ["18-22", "18-23"]
    white_man = game.make_state("1", "18", player=1)
    assert moves_of(game, white_man) == ["18-14", "18-15"]


def test_a_piece_is_not_jumped_twice_and_a_king_may_land_on_its_start() -> None:
    game = Checkers()
    # a red king on 10 and white men on 14, 15, 22, 23 around square 18: the king jumps
    # the ring either way round and lands back on 10, where it could jump 14 or 15 again
    # were they not already captured.
    s = game.make_state("K10", "14 15 22 23")
    assert sorted(moves_of(game, s)) == ["10x17x26x19x10", "10x19x26x17x10"]
    after = play(game, s, "10x19x26x17x10")
    assert after.board[9] == "R"
    assert "w" not in after.board
    assert game.is_terminal(after) and game.returns(after) == (1.0, -1.0)


def test_no_legal_move_loses() -> None:
    game = Checkers()
    # white's only man on 29 is blocked by red men it cannot jump
    s = game.make_state("25 22", "29", player=1)
    assert game.is_terminal(s)
    assert game.returns(s) == (1.0, -1.0)
    assert game.evaluate(s, 0) == 1.0 and game.evaluate(s, 1) == -1.0
    empty = game.make_state("1", "", player=1)
    assert game.is_terminal(empty) and game.returns(empty) == (1.0, -1.0)


def test_draw_rule() -> None:
    game = Checkers(draw_moves=2)
    s = game.make_state("K1", "K32")
    for text in ("1-6", "32-27", "6-1", "27-32"):
        assert not game.is_terminal(s)
        s = play(game, s, text)
    assert s.quiet == 4
    assert game.is_terminal(s) and game.is_draw(s)
    assert game.returns(s) == (0.0, 0.0)
    assert game.evaluate(s, 0) == 0.0
    # a capture resets the count
    g2 = Checkers(draw_moves=2)
    t = g2.make_state("K1 14", "K32 18", quiet=3)
    t = play(g2, t, "14x23")
    assert t.quiet == 0
    off = Checkers(draw_moves=0)
    assert not off.is_terminal(off.make_state("K1", "K32", quiet=10_000))


def test_evaluation_is_from_the_given_players_point_of_view() -> None:
    game = Checkers()
    s = play(game, game.initial_state(), "11-15", "22-18", "15x22")  # red a man up
    assert game.evaluate(s, 0) > 0 > game.evaluate(s, 1)
    assert game.evaluate(s, 0) == pytest.approx(-game.evaluate(s, 1))
    assert -1 < game.evaluate(s, 1) < 1
    features = game.features(s, 0)
    assert features["man"] == 1
    # weights are data: a game that ignores material sees a different value
    no_material = Checkers(weights=CheckersWeights(man=0, king=0))
    assert no_material.evaluate(s, 0) != game.evaluate(s, 0)
    king_heavy = game.make_state("K1", "5 6")
    assert game.features(king_heavy, 0)["king"] == 1


def test_notation_errors() -> None:
    game = Checkers()
    s = game.initial_state()
    for text in ("", "11", "11-", "a-b", "11/15"):
        with pytest.raises(IllegalMoveError, match="not a move"):
            game.parse_move(s, text)
    with pytest.raises(IllegalMoveError, match="not a legal move"):
        game.parse_move(s, "11-16-20")
    with pytest.raises(IllegalMoveError, match="not a legal move"):
        game.parse_move(s, "21-17")  # white's man, red to move


def test_options_are_checked() -> None:
    six = load_game("checkers", width=6, height=6).game
    assert isinstance(six, Checkers) and six.squares == 18
    bad: list[tuple[dict[str, Any], str]] = [
        ({"width": 1}, "width"),
        ({"height": 3}, "height"),
        ({"draw_moves": -1}, "draw moves"),
        ({"red": "1 99"}, "not a square"),
        ({"red": "1", "white": "1"}, "given twice"),
        ({"player": 2}, "player"),
        ({"weights": "{"}, "JSON"),
        ({"weights": '{"queen": 1}'}, "unknown weight"),
        ({"weights": '{"king": "a lot"}'}, "number"),
        ({"weights": "[1]"}, "JSON object"),
    ]
    for options, message in bad:
        with pytest.raises(OptionError, match=message):
            load_game("checkers", **options)
    weighted = load_game("checkers", weights='{"king": 300}')
    assert weighted.game.weights.king == 300.0  # type: ignore[attr-defined]


def test_count_tree_and_perft_agree() -> None:
    game = Checkers(6, 6)
    s = game.initial_state()
    c = count_tree(game, s, 4)
    assert c.frontier == perft(game, s, 4)
    assert sum(n for _, n in perft_divide(game, s, 4)) == c.frontier
