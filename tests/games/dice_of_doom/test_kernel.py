"""The compiled kernel (games/dice_of_doom/kernel.py) answers as the rules' own methods
do: the moves of the scan, the board after an attack and after the book's pass, the
book's value, along random games of small boards under the racket and lisp rules with 2
to 4 players; and an illegal attack is still rejected with the reason."""

from __future__ import annotations

import random

import pytest

from lazytree.game import IllegalMoveError
from lazytree.games.dice_of_doom import PASS, Attack, DiceOfDoom, DiceState, make_dice_of_doom
from lazytree.games.dice_of_doom.kernel import after_attack, book_value, can_attack

CASES = [
    ("racket", 3, 2, 3),
    ("racket", 5, 2, 3),
    ("racket", 6, 3, 4),
    ("lisp", 4, 2, 3),
    ("lisp", 5, 4, 3),
]


def scanned(game: DiceOfDoom, state: DiceState) -> list[object]:
    """The moves as the rules' generator scans them."""
    pass_first: list[object] = [] if state.first_move else [PASS]
    return pass_first + list(game._attacks(state))


def by_the_rules(game: DiceOfDoom, state: DiceState, move: Attack) -> DiceState:
    """The position after an attack, made as the rules' own path makes it."""
    game._check_attack(state, move)
    src, dst = move
    owners, dice = list(state.owners), list(state.dice)
    owners[dst], dice[dst], dice[src] = state.player, dice[src] - 1, 1
    captured = state.captured + (state.dice[dst] if game.counts_captures else 0)
    return DiceState(
        tuple(owners), tuple(dice), state.player, state.spare, False, state.reversed, captured
    )


def passed_by_the_rules(game: DiceOfDoom, state: DiceState) -> DiceState:
    """The position after a pass under the book's rules (the shared pool), made as the
    rules' own loop made it."""
    more, spare = list(state.dice), state.spare
    for i in game._order(state):
        if spare == 0:
            break
        if state.owners[i] == state.player and more[i] < game.max_dice:
            more[i] += 1
            spare -= 1
    nxt = game._next_player(state)
    return DiceState(state.owners, tuple(more), nxt, spare, True, not state.reversed)


@pytest.mark.parametrize(("rules", "size", "players", "max_dice"), CASES)
def test_kernel_equals_the_rules(rules: str, size: int, players: int, max_dice: int) -> None:
    game = make_dice_of_doom(rules, size=size, players=players, max_dice=max_dice)
    assert game._kernel_moves and game._kernel_checks and game._kernel_book
    rng = random.Random(size * 10 + players)
    checked = 0
    for _ in range(6):
        state = game.initial_state(rng)
        for _ply in range(40):
            moves = list(game.legal_moves(state))
            assert moves == scanned(game, state)
            assert game.is_terminal(state) == (not moves)
            assert can_attack(state.owners, state.dice, state.player, game.neighbors) == any(
                isinstance(m, Attack) for m in moves
            )
            for p in range(players):
                assert game.evaluate(state, p) == game.returns(state)[p]
                assert book_value(state.owners, players, p) == game.returns(state)[p]
            for move in moves:
                if isinstance(move, Attack):
                    assert game.result(state, move) == by_the_rules(game, state, move)
                    checked += 1
                elif game.rules == "racket":
                    assert game.result(state, move) == passed_by_the_rules(game, state)
            if not moves:
                break
            state = game.result(state, rng.choice(moves))
    assert checked > 100


def test_illegal_attacks_are_rejected_with_the_reason() -> None:
    game = DiceOfDoom(size=2)
    s = game.parse_board("0:2 1:1 0:3 1:3")
    for move, reason in [
        (Attack(1, 0), "is not yours"),
        (Attack(0, 2), "already yours"),
        (Attack(2, 3), "needs more dice"),
        (Attack(0, 9), "no such territory"),
        (Attack(-1, 0), "no such territory"),
        (Attack(0.0, 1), "no such territory"),  # type: ignore[arg-type]
    ]:
        assert after_attack(s.owners, s.dice, s.player, game.neighbors, *move) is None
        with pytest.raises(IllegalMoveError, match=reason):
            game.result(s, move)
    with pytest.raises(IllegalMoveError, match="not a neighbour"):
        DiceOfDoom(size=3).result(
            DiceOfDoom(size=3).parse_board(" ".join(["0:3"] + ["1:1"] * 8)), Attack(0, 8)
        )
    with pytest.raises(IllegalMoveError, match="not a Dice of Doom move"):
        game.result(s, (0, 1))  # type: ignore[arg-type]
    assert game.result(s, Attack(0, 1)).owners == (0, 0, 0, 1)
