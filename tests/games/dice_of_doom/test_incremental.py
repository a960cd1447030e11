"""Big boards are handled incrementally (games/dice_of_doom/incremental.py): every fact a
position derives from the position before must equal the fact computed from scratch."""

from __future__ import annotations

import pickle
import random

import pytest

from lazytree.games.dice_of_doom import PASS, DiceOfDoom, DiceState, make_dice_of_doom
from lazytree.games.dice_of_doom.board import groups_and_frontier
from lazytree.games.dice_of_doom.chunks import chunked
from lazytree.games.dice_of_doom.evaluation import _counts, heuristic_features
from lazytree.games.dice_of_doom.incremental import (
    BIG_BOARD,
    board_facts,
    board_hash,
    board_hash_after_in,
)
from lazytree.games.dice_of_doom.kernel import book_share

CASES = [
    ("racket", 10, 2, 3),
    ("racket", 11, 3, 4),
    ("lisp", 10, 2, 3),
    ("lisp", 12, 4, 3),
    ("chance", 10, 2, 5),
]


def fresh(state: DiceState) -> DiceState:
    """The same position made from its tuples (no derived facts)."""
    return DiceState(*state)


def scanned(game: DiceOfDoom, state: DiceState) -> list[object]:
    """The moves as the small boards list them (a scan of the board)."""
    pass_first: list[object] = [] if state.first_move else [PASS]
    return pass_first + list(game._attacks(state))


def check(game: DiceOfDoom, state: DiceState) -> None:
    n = game.num_players
    summary = state.summary(game.neighbors, n, game.max_dice)  # before the board is read
    again = fresh(state)
    assert state == again and hash(state) == hash(again)
    assert state.board_hash() == board_hash(again.owners, again.dice)
    assert game.territories(state) == tuple(again.owners.count(p) for p in range(n))
    scratch = board_facts(game.neighbors, again.owners, again.dice, n, game.max_dice)
    assert summary == scratch.summary()
    features = heuristic_features(game, again)  # the evaluation's own code
    front = groups_and_frontier(game.neighbors, again.owners, n)[1]
    below = _counts(game.neighbors, again.owners, again.dice, n, game.max_dice, front).below
    for p in range(n):
        t, unsafe, held, full, under, group = summary[p]
        assert features[p][:5] == [t - unsafe, unsafe, held, group, full]
        assert under == below[p]
    if game.tabled and game.to_move(state) >= 0:
        assert list(game.legal_moves(state)) == scanned(game, again)
        assert game.is_terminal(state) == (state.first_move and not list(scanned(game, again)))
    derived = state.facts(game.neighbors, n, game.max_dice)  # derived when the board was made
    assert derived.summary() == scratch.summary()


@pytest.mark.parametrize(("rules", "size", "players", "top"), CASES)
def test_derived_facts_equal_the_facts_from_scratch(
    rules: str, size: int, players: int, top: int
) -> None:
    assert size * size >= BIG_BOARD
    rng = random.Random(size * 100 + players)
    game = make_dice_of_doom(rules, size=size, players=players, max_dice=top, spare_dice=30)
    state = game.initial_state(rng)
    state.facts(game.neighbors, players, top)  # the root knows its facts: children derive
    captures = 0
    for step in range(200):  # a random game, or its first 200 moves
        check(game, state)
        moves = list(game.legal_moves(state))
        if not moves:
            break
        attacks = [m for m in moves if m is not PASS]
        move = rng.choice(moves if step % 7 == 6 or not attacks else attacks)
        before = game.territories(state)
        state = game.result(state, move)
        captures += game.territories(state) != before
    assert captures >= 50


@pytest.mark.parametrize(("rules", "size", "players", "top"), CASES)
def test_a_leaf_made_by_an_attack_is_rated_from_the_counts_before(
    rules: str, size: int, players: int, top: int
) -> None:
    rng = random.Random(size * 10 + players)
    game = make_dice_of_doom(rules, size=size, players=players, max_dice=top, spare_dice=30)
    state = game.initial_state(rng)
    attacked = 0
    for _ in range(40):
        moves = list(game.legal_moves(state))
        if not moves:
            break
        for move in moves[:25]:
            child = game.result(state, move)  # a leaf: nothing of it read yet
            attacked += child._src >= 0
            shares = [child.book_share(players, p) for p in range(players)]
            again = fresh(child)
            counts = tuple(again.owners.count(p) for p in range(players))
            assert shares == [book_share(counts, p) for p in range(players)]
        state = game.result(state, rng.choice(moves))
    assert attacked >= 100 or rules == "chance"  # the chance rules' attacks wait for dice


def test_a_position_pickles_as_its_fields_and_drops_the_position_before() -> None:
    game = DiceOfDoom(size=10, eval="heuristic")
    root = game.initial_state(random.Random(1))
    child = game.result(root, next(game.legal_moves(root)))
    assert child._base is root
    assert pickle.loads(pickle.dumps(child)) == child
    assert child._base is None and child.owners == fresh(child).owners


def test_small_boards_keep_the_named_tuple_hash() -> None:
    game = DiceOfDoom(size=5)
    s = game.initial_state(random.Random(0))
    child = game.result(s, next(game.legal_moves(s)))
    assert not game.big and child._base is None and child._kept is None
    assert hash(child) == hash(tuple(child))


@pytest.mark.parametrize("size", [4, 10])
def test_the_move_order_is_the_stable_sort_by_target_then_source_dice(size: int) -> None:
    game = DiceOfDoom(size=size, max_dice=5)
    rng = random.Random(size)
    state = game.initial_state(rng)
    state = game.result(state, next(game.legal_moves(state)))  # the pass is allowed now
    moves = list(game.legal_moves(state))
    assert moves[0] is PASS and len(moves) > 3
    dice = state.dice

    def key(move: object) -> tuple[int, int, int]:
        dst = getattr(move, "dst", None)
        return (0, 0, 0) if dst is None else (1, -dice[dst], -dice[move.src])  # type: ignore[attr-defined]

    for shuffled in (moves, rng.sample(moves, len(moves))):
        assert game.order_moves(state, shuffled) == sorted(shuffled, key=key)


def test_a_territory_changed_twice_hashes_as_its_last_change() -> None:
    owners, dice = (0, 1, 0, 1), (3, 1, 2, 2)
    changes = ((1, 0, 2), (1, 1, 3), (2, 1, 1))
    h = board_hash_after_in(board_hash(owners, dice), chunked(owners), chunked(dice), changes)
    assert h == board_hash((0, 1, 1, 1), (3, 3, 1, 2))
