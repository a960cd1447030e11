"""A big board's positions share their board with the position before (chunks,
games/dice_of_doom/incremental.py): along random games, the shared positions must be
exactly the positions of the flat representation (two tuples, the kernel's loops over
them), with the same moves in the same order, the same evaluations and the same hash."""

from __future__ import annotations

import random

import pytest

from lazytree.games.dice_of_doom import PASS, Attack, DiceMove, DiceOfDoom, DiceState
from lazytree.games.dice_of_doom.chunks import CHUNK, flattened
from lazytree.games.dice_of_doom.incremental import board_hash
from lazytree.games.dice_of_doom.kernel import after_pass, attacked_board, attacks, next_player


class FlatDiceOfDoom(DiceOfDoom):
    """The same rules on the flat representation only: moves listed, the terminal test
    and the evaluation made by scanning the two tuples (the small boards' code)."""

    def __init__(self, size: int, eval: str) -> None:
        super().__init__(size=size, eval=eval, spare_dice=40)
        self.big = self._big = False  # (the rules' per-node methods read the copy)
        self._listed = False
        self._kernel_moves = True


def flat_result(game: DiceOfDoom, state: DiceState, move: DiceMove) -> DiceState:
    """The position after ``move``, made from the flat tuples by the kernel."""
    owners, dice, player = state.owners, state.dice, state.player
    if move is PASS:
        more, spare = after_pass(owners, dice, player, state.spare, game.max_dice, state.reversed)
        return DiceState(
            owners,
            more,
            next_player(owners, player, game.num_players),
            spare,
            True,
            not state.reversed,
        )
    assert isinstance(move, Attack)
    o, d = attacked_board(owners, dice, player, move.src, move.dst)
    return DiceState(o, d, player, state.spare, False, state.reversed)


def check(
    game: DiceOfDoom, flat_game: DiceOfDoom, shared: DiceState, flat: DiceState
) -> list[DiceMove]:
    """Everything the search asks of a position, the same on both; returns the moves."""
    players = game.num_players
    # a leaf first: rated and hashed before its board is made
    assert [game.evaluate(shared, p) for p in range(players)] == [
        flat_game.evaluate(flat, p) for p in range(players)
    ]
    assert hash(shared) == hash(flat) and shared == flat and flat == shared
    assert shared.board_hash() == board_hash(flat.owners, flat.dice)
    owners, dice = shared.chunks()
    assert flattened(owners) == flat.owners and flattened(dice) == flat.dice
    assert game.territories(shared) == flat_game.territories(flat)
    moves = list(game.legal_moves(shared))
    assert moves == list(flat_game.legal_moves(flat))
    assert game.is_terminal(shared) == flat_game.is_terminal(flat)
    best = game.moves_best_first(shared)
    assert best is not None
    assert list(best) == flat_game.order_moves(flat, list(flat_game.legal_moves(flat)))
    made = tuple(tuple(Attack(i, j) for j in n) for i, n in enumerate(game.neighbors))
    kernel = attacks(flat.owners, flat.dice, flat.player, game.neighbors, made, flat.reversed)
    assert [m for m in moves if m is not PASS] == kernel
    return moves


@pytest.mark.slow
@pytest.mark.parametrize(
    ("size", "eval", "steps", "seed"),
    [
        (10, "book", 150, 1),
        (13, "heuristic", 150, 2),
        (30, "heuristic", 120, 3),
        (100, "book", 40, 4),
        (100, "heuristic", 40, 5),
    ],
)
def test_shared_positions_are_the_flat_positions(
    size: int, eval: str, steps: int, seed: int
) -> None:
    assert size * size > CHUNK  # more than one chunk
    game = DiceOfDoom(size=size, eval=eval, spare_dice=40)
    flat_game = FlatDiceOfDoom(size, eval)
    assert game.big and not flat_game.big
    rng = random.Random(seed)
    shared = game.initial_state(rng)
    flat = DiceState(*shared)
    passes = captures = 0
    for step in range(steps):
        moves = check(game, flat_game, shared, flat)
        if not moves:
            break
        attacks_only = [m for m in moves if m is not PASS]
        pass_now = moves[0] is PASS and (step % 5 == 4 or not attacks_only)
        move = PASS if pass_now else rng.choice(attacks_only)
        passes += move is PASS
        # a sibling made and dropped: the position before stays as it was
        game.result(shared, rng.choice(moves))
        before = game.territories(shared)
        shared = game.result(shared, move)
        captures += game.territories(shared) != before
        flat = flat_result(game, flat, move)
    assert passes >= 3 and captures >= 20
