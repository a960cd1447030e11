"""The lisp and chance rule sets, more players, and the racket rules left as they were."""

from __future__ import annotations

import random

import pytest

from lazytree.catalog import OptionError
from lazytree.game import CHANCE, IllegalMoveError
from lazytree.games import load_game
from lazytree.games.dice_of_doom import (
    PASS,
    Attack,
    ChanceDiceOfDoom,
    DiceMove,
    DiceOfDoom,
    DiceState,
    LispDiceOfDoom,
    Outcome,
    lisp_neighbors,
    make_dice_of_doom,
    neighbors,
)
from lazytree.games.dice_of_doom.dice import attack_win_probability


def moves(game: DiceOfDoom, state: DiceState) -> list[str]:
    return [game.move_to_str(state, m) for m in game.legal_moves(state)]


# -- geometry -------------------------------------------------------------------------


def test_lisp_neighbours_follow_the_book() -> None:
    # Land of Lisp's neighbors: up, down, (up-1, left) unless on the left edge,
    # (right, down+1) unless on the right edge; on 3x3 the centre touches 0 1 3 5 7 8
    assert lisp_neighbors(4, 3) == (1, 7, 0, 3, 5, 8)
    assert lisp_neighbors(0, 3) == (3, 1, 4)
    assert lisp_neighbors(8, 3) == (5, 4, 7)
    assert set(neighbors(4, 3)) == {0, 1, 3, 5, 6, 7}  # the racket board differs


# -- lisp rules -----------------------------------------------------------------------


def test_lisp_attacks_in_board_and_neighbour_order_pass_first() -> None:
    game = LispDiceOfDoom(size=3)
    s = game.parse_board("0:3 1:1 1:2 0:2 1:1 0:1 1:3 0:1 1:1")
    # sources 0, 3 in board order; targets in the book's neighbour order
    assert moves(game, s) == ["0->1", "0->4", "3->4"]
    s2 = game.result(s, Attack(3, 4))
    assert moves(game, s2)[0] == "pass"
    assert s2.captured == 1 and s2.dice[3] == 1 and s2.dice[4] == 1 and s2.owners[4] == 0


def test_lisp_needs_more_dice_than_the_target() -> None:
    game = LispDiceOfDoom(size=2)
    s = game.parse_board("0:2 1:2 1:1 0:1")
    assert moves(game, s) == ["0->2"]
    with pytest.raises(IllegalMoveError):
        game.result(s, Attack(0, 1))


def test_lisp_reinforcements_are_captured_dice_minus_one() -> None:
    game = LispDiceOfDoom(size=3)
    s = game.parse_board("0:3 1:2 0:1 1:1 1:1 0:1 0:1 0:2 0:3")
    s = game.result(s, Attack(0, 1))  # captures 2 dice
    s = game.result(s, Attack(1, 4))  # 2 dice now on 1; captures 1 die
    assert s.captured == 3
    after = game.result(s, PASS)
    # 3 - 1 = 2 dice, in board order from territory 0, only below the maximum (3)
    assert after.dice == (2, 2, 1, 1, 1, 1, 1, 2, 3)
    assert after.player == 1 and after.first_move and after.captured == 0
    assert not after.reversed  # Land of Lisp never flips the board order


def test_lisp_one_capture_of_one_die_gives_nothing() -> None:
    game = LispDiceOfDoom(size=2)
    s = game.result(game.parse_board("0:2 1:1 1:1 0:1"), Attack(0, 2))
    assert s.captured == 1
    assert game.result(s, PASS).dice == s.dice


def test_lisp_dice_total_falls_every_turn() -> None:
    game = LispDiceOfDoom(size=4, players=3)
    rng = random.Random(5)
    s = game.initial_state(rng)
    total = sum(s.dice)
    for _ in range(200):
        if game.is_terminal(s):
            break
        s = game.result(s, rng.choice(list(game.legal_moves(s))))
        if s.first_move:  # a pass: at least one die fewer than at the turn's start
            assert sum(s.dice) < total
            total = sum(s.dice)
    assert game.is_terminal(s)


def test_lisp_start_boards_have_every_player() -> None:
    for seed in range(20):
        game = LispDiceOfDoom(size=3, players=3)
        s = game.initial_state(random.Random(seed))
        assert set(s.owners) == {0, 1, 2}
        assert not game.is_terminal(s) and s.spare == 0


# -- chance rules ---------------------------------------------------------------------


def test_chance_attack_needs_two_dice_any_target() -> None:
    game = ChanceDiceOfDoom(size=2)
    s = game.parse_board("0:2 1:5 1:1 0:1")
    assert moves(game, s) == ["0->2", "0->1"]  # 2 dice may attack 5
    with pytest.raises(IllegalMoveError, match="at least 2 dice"):
        game.result(s, Attack(3, 1))
    assert game.max_dice == 5


def test_chance_attack_leads_to_chance_node_with_exact_odds() -> None:
    game = ChanceDiceOfDoom(size=2)
    s = game.parse_board("0:4 1:3 1:1 0:1")
    c = game.result(s, Attack(0, 1))
    assert game.to_move(c) == CHANCE and not game.is_terminal(c)
    assert list(game.legal_moves(c)) == [Outcome.WIN, Outcome.LOSE]
    win = game.outcome_fraction(c, Outcome.WIN)
    assert win == attack_win_probability(4, 3)
    assert win + game.outcome_fraction(c, Outcome.LOSE) == 1
    assert game.outcome_probability(c, Outcome.WIN) == float(win)
    won, lost = game.result(c, Outcome.WIN), game.result(c, Outcome.LOSE)
    assert won.owners == (0, 0, 1, 0) and won.dice == (1, 3, 1, 1)
    assert lost.owners == (0, 1, 1, 0) and lost.dice == (1, 3, 1, 1)
    for after in (won, lost):
        assert game.to_move(after) == 0 and not after.first_move
        assert moves(game, after)[0] == "pass"
    with pytest.raises(IllegalMoveError):
        game.result(c, PASS)  # the dice must be rolled first
    with pytest.raises(IllegalMoveError):
        game.result(s, Outcome.WIN)  # nothing to roll for


def test_chance_impossible_outcome_is_not_a_move() -> None:
    game = ChanceDiceOfDoom(size=2, max_dice=20)
    s = game.parse_board("0:2 1:20 1:1 0:1")
    c = game.result(s, Attack(0, 1))  # 2 dice can never beat 20
    assert list(game.legal_moves(c)) == [Outcome.LOSE]
    with pytest.raises(IllegalMoveError):
        game.result(c, Outcome.WIN)


def test_chance_reinforcements_are_the_largest_group() -> None:
    game = ChanceDiceOfDoom(size=3)
    # player 0 owns 0 1 3 6 (connected on the rhombus) and 8 (alone): largest group 4
    s = game.parse_board("0:5 0:1 1:1 0:2 1:1 1:3 0:1 1:2 0:2")
    assert game.largest_group(s.owners, 0) == 4
    assert game.largest_group(s.owners, 1) == 4  # 2 4 5 7
    s = game.result(s, Attack(0, 4))
    s = game.result(s, Outcome.LOSE)  # the attack fails: 0 drops to 1 die
    assert s.dice[0] == 1 and s.owners[4] == 1 and s.dice[4] == 1
    after = game.result(s, PASS)
    # four dice, one per own territory below 5, in board order: 0 1 3 6
    assert after.dice == (2, 2, 1, 3, 1, 3, 2, 2, 2)
    assert after.player == 1 and after.first_move


def test_chance_dice_left_over_are_lost() -> None:
    game = ChanceDiceOfDoom(size=2)
    s = game.parse_board("0:2 0:5 1:1 0:5")
    s = game.result(game.result(s, Attack(0, 2)), Outcome.WIN)
    assert game.largest_group(s.owners, 0) == 4
    # 4 new dice, but only territories 0 and 2 are below 5: two dice are lost
    assert game.result(s, PASS).dice == (2, 5, 2, 5)


def test_chance_roll_outcome_frequencies_match_probability() -> None:
    game = ChanceDiceOfDoom(size=2)
    c = game.result(game.parse_board("0:3 1:3 1:1 0:1"), Attack(0, 1))
    rng = random.Random(11)
    n = 4000
    wins = sum(game.roll_outcome(c, rng)[0] is Outcome.WIN for _ in range(n))
    p = float(attack_win_probability(3, 3))
    assert abs(wins / n - p) < 4 * (p * (1 - p) / n) ** 0.5


def test_chance_parse_outcomes() -> None:
    game = ChanceDiceOfDoom(size=2)
    c = game.result(game.parse_board("0:3 1:3 1:1 0:1"), Attack(0, 1))
    assert game.parse_move(c, "win") is Outcome.WIN
    assert game.parse_move(c, " Lose ") is Outcome.LOSE
    assert game.move_to_str(c, Outcome.WIN) == "0->1 wins"
    with pytest.raises(IllegalMoveError):
        game.parse_move(c, "0->2")
    assert "probability" in game.render(c)


# -- end of game and more players -----------------------------------------------------


@pytest.mark.parametrize("rules", ["racket", "lisp", "chance"])
def test_game_ends_when_the_player_cannot_attack(rules: str) -> None:
    game = make_dice_of_doom(rules, size=2)
    stuck = game.parse_board("0:1 1:2 1:1 0:1")  # player 0 has only single dice
    assert game.is_terminal(stuck) and list(game.legal_moves(stuck)) == []
    owned = game.parse_board("0:2 0:2 0:3 0:1")  # one player owns everything
    assert game.is_terminal(owned)
    assert game.returns(owned) == (1.0, 0.0)


@pytest.mark.parametrize("rules", ["racket", "lisp", "chance"])
def test_eliminated_players_are_skipped(rules: str) -> None:
    game = make_dice_of_doom(rules, size=2, players=4)
    # player 1 owns nothing; player 0 takes territory 2 from player 2 and passes
    s = game.parse_board("0:3 3:1 2:1 3:1")
    s = game.result(s, Attack(0, 2))
    if rules == "chance":
        s = game.result(s, Outcome.WIN)
    after = game.result(s, PASS)
    assert after.player == 3  # 1 and 2 own nothing now


def check_state(game: DiceOfDoom, state: DiceState) -> None:
    n = game.size * game.size
    assert len(state.owners) == len(state.dice) == n
    assert all(0 <= o < game.num_players for o in state.owners)
    assert all(1 <= d <= game.max_dice for d in state.dice)
    if not game.is_terminal(state):
        assert state.player in state.owners, "an eliminated player is to move"
        assert bool(list(game.legal_moves(state)))
    if state.pending is not None:
        assert game.to_move(state) == CHANCE
        src, dst = state.pending
        assert state.owners[src] == state.player != state.owners[dst]


def alive_after(owners: tuple[int, ...], player: int, players: int) -> int:
    for step in range(1, players):
        if (player + step) % players in owners:
            return (player + step) % players
    return (player + 1) % players


@pytest.mark.parametrize("rules", ["racket", "lisp", "chance"])
@pytest.mark.parametrize("players", range(3, 9))
def test_many_players_play_to_the_end(rules: str, players: int) -> None:
    skips = 0
    for seed in range(4):
        game = make_dice_of_doom(rules, size=4, players=players)
        rng = random.Random(1000 * players + seed)
        state = game.initial_state(rng)
        for _ in range(5000):
            check_state(game, state)
            if game.is_terminal(state):
                break
            move: DiceMove
            if game.to_move(state) == CHANCE:
                assert isinstance(game, ChanceDiceOfDoom)
                move = game.roll_outcome(state, rng)[0]
            else:
                move = rng.choice(list(game.legal_moves(state)))
            child = game.result(state, move)
            if move is PASS:
                expected = alive_after(child.owners, state.player, players)
                assert child.player == expected
                skips += expected != (state.player + 1) % players
            state = child
        assert game.is_terminal(state), "the game did not end"
        winners = [p for p, r in enumerate(game.returns(state)) if r > 0]
        counts = game.territories(state)
        assert {p for p in range(players) if counts[p] == max(counts)} == set(winners)
    if rules == "chance":
        assert skips > 0  # dice games eliminate players: the skipping was exercised


# -- options --------------------------------------------------------------------------


def test_registry_rules_option() -> None:
    racket = load_game("dice-of-doom", seed=3)
    assert type(racket.game) is DiceOfDoom and racket.game.max_dice == 3
    assert isinstance(racket.state, DiceState)
    chance = load_game("dice-of-doom", rules="chance", seed=3, players=5, size=4)
    assert isinstance(chance.game, ChanceDiceOfDoom) and chance.game.max_dice == 5
    assert isinstance(chance.state, DiceState)
    assert chance.game.num_players == 5
    lisp = load_game("dice-of-doom", rules="lisp", size=2, board="0:3 1:2 1:1 0:1")
    assert isinstance(lisp.game, LispDiceOfDoom) and isinstance(lisp.state, DiceState)
    assert lisp.state.spare == 0
    seven = load_game("dice-of-doom", rules="chance", max_dice=7).game
    assert isinstance(seven, ChanceDiceOfDoom) and seven.max_dice == 7
    with pytest.raises(OptionError, match="unknown rules"):
        load_game("dice-of-doom", rules="go")
    with pytest.raises(OptionError, match="players"):
        load_game("dice-of-doom", rules="chance", players=9, size=4)


def test_racket_states_keep_their_defaults() -> None:
    game = DiceOfDoom(size=3)
    rng = random.Random(2)
    state = game.initial_state(rng)
    for _ in range(100):
        if game.is_terminal(state):
            break
        state = game.result(state, rng.choice(list(game.legal_moves(state))))
        assert state.captured == 0 and state.pending is None
