"""Dice of Doom evaluations and search hints."""

from __future__ import annotations

import random

from lazytree.games.dice_of_doom import PASS, Attack, DiceOfDoom
from lazytree.games.dice_of_doom.evaluation import (
    HAND_WEIGHTS,
    HeuristicEvaluation,
    largest_groups,
)


def test_heuristic_is_in_range_zero_sum_and_exact_at_the_end() -> None:
    rng = random.Random(0)
    for size in (2, 3, 5):
        game = DiceOfDoom(size=size, eval="heuristic")
        for _ in range(20):
            state = game.initial_state(rng)
            while True:
                v0, v1 = game.evaluate(state, 0), game.evaluate(state, 1)
                if game.is_terminal(state):
                    assert (v0, v1) == tuple(game.returns(state))
                    break
                assert 0.01 <= v0 <= 0.99
                assert abs(v0 + v1 - 1.0) < 1e-12
                state = game.result(state, rng.choice(list(game.legal_moves(state))))


def test_heuristic_prefers_safe_territories_and_bigger_groups() -> None:
    hand = DiceOfDoom(size=3, eval=HeuristicEvaluation(HAND_WEIGHTS))
    # one more die on territory 5 (player 1) threatens player 0's territories 2, 4 and 8
    safe = hand.parse_board("0:3 1:1 0:1 1:1 0:1 1:1 0:1 1:1 0:1")
    threatened = hand.parse_board("0:3 1:1 0:1 1:1 0:1 1:2 0:1 1:1 0:1")
    assert hand.evaluate(threatened, 0) < hand.evaluate(safe, 0) - 0.1
    tuned = DiceOfDoom(size=3, eval="heuristic")  # near 0.99 both, still in that order
    assert tuned.evaluate(threatened, 0) < tuned.evaluate(safe, 0)
    assert largest_groups(DiceOfDoom(size=2), (0, 0, 1, 1)) == [2, 2]
    three = DiceOfDoom(size=3)
    assert largest_groups(three, (0, 1, 0, 1, 0, 1, 0, 1, 0)) == [3, 3]
    assert largest_groups(three, (0, 0, 0, 0, 1, 1, 1, 1, 1)) == [4, 5]


def test_noisy_moves_and_ordering() -> None:
    game = DiceOfDoom(size=2)
    state = game.parse_board("0:3 1:2 0:2 1:1")
    moves = list(game.legal_moves(state))
    noisy = [m for m in moves if game.is_noisy(state, m)]
    assert noisy == [Attack(0, 1)]  # captures the 2-dice stack
    after = game.result(state, Attack(0, 3))
    ordered = game.order_moves(after, list(game.legal_moves(after)))
    assert ordered[0] is PASS
    assert sorted(ordered, key=str) == sorted(game.legal_moves(after), key=str)
