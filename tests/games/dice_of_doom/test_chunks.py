"""Chunked sequences (games/dice_of_doom/chunks.py): three levels of tuples that a
move's copy shares with the sequence before, read and updated as one flat tuple would be."""

from __future__ import annotations

import random

import pytest

from lazytree.games.dice_of_doom.chunks import (
    CHUNK,
    FAN,
    at,
    chunked,
    flattened,
    updated,
)


@pytest.mark.parametrize(
    "n", [1, CHUNK - 1, CHUNK, CHUNK + 1, CHUNK << FAN, (CHUNK << FAN) + 1, 10_000]
)
def test_updates_read_as_a_flat_list(n: int) -> None:
    rng = random.Random(n)
    flat = [rng.randrange(8) for _ in range(n)]
    chunks = chunked(tuple(flat))
    assert flattened(chunks) == tuple(flat)
    for _ in range(30):
        cells = [rng.randrange(n) for _ in range(rng.randrange(1, 12))]
        values = [rng.randrange(8) for _ in cells]
        after = updated(chunks, cells, values)
        for i, v in zip(cells, values, strict=True):
            flat[i] = v
        assert flattened(after) == tuple(flat)
        assert [at(after, i) for i in cells] == [flat[i] for i in cells]
        # every chunk without a changed item is the very chunk of the sequence before
        rows_before = [row for block in chunks for row in block]
        rows_after = [row for block in after for row in block]
        touched = {i // CHUNK for i in cells}
        for c, (old, new) in enumerate(zip(rows_before, rows_after, strict=True)):
            if c not in touched:
                assert new is old
        # and so is every block
        blocks = {i // (CHUNK << FAN) for i in cells}
        for b, (old_block, new_block) in enumerate(zip(chunks, after, strict=True)):
            if b not in blocks:
                assert new_block is old_block
        chunks = after


def test_an_update_that_changes_nothing_is_the_sequence_itself() -> None:
    chunks = chunked(tuple(range(3000)))
    assert updated(chunks, [5, 2999], [5, 2999]) is chunks
    after = updated(chunks, [5], [-5])
    assert after[1] is chunks[1] and after[2] is chunks[2]  # the blocks not touched
    assert at(after, 5) == -5 and at(chunks, 5) == 5


@pytest.mark.parametrize("size", [12, 40])
def test_a_position_whose_board_was_made_first_counts_its_territories(size: int) -> None:
    """A position made by a move, its board made (and the position before let go) before
    anything counted its territories, counts them over every chunk of every block."""
    from lazytree.games.dice_of_doom import DiceOfDoom

    game = DiceOfDoom(size=size)
    rng = random.Random(size)
    state = game.initial_state(rng)
    for _ in range(6):
        moves = list(game.legal_moves(state))
        state = game.result(state, moves[rng.randrange(len(moves))])
        state.chunks()  # the board made first: the position before is let go
        owners = flattened(state.chunks()[0])
        assert state.counts(2) == (owners.count(0), owners.count(1))
        assert game.territories(state) == (owners.count(0), owners.count(1))
