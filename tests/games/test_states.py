"""States that keep their hash: equal by value, hashed once, pickled without the hash."""

from __future__ import annotations

import copy
import pickle
import random

import pytest

from lazytree import Tree, minimax
from lazytree.games import load_game
from lazytree.games.dice_of_doom import DiceOfDoom, DiceState
from lazytree.games.knights import KnightsState


def test_dice_state_behaves_like_the_named_tuple_it_was() -> None:
    game = DiceOfDoom(size=2)
    s = game.parse_board("0:2 1:1 0:3 1:2", spare=4)
    assert s._fields[:4] == ("owners", "dice", "player", "spare")
    owners, dice, player, spare, first, flipped, captured, pending = s
    assert (owners, dice, player, spare) == ((0, 1, 0, 1), (2, 1, 3, 2), 0, 4)
    assert (first, flipped, captured, pending) == (True, False, 0, None)
    assert len(s) == 8 and s[1] == dice
    assert repr(s).startswith("DiceState(owners=(0, 1, 0, 1), dice=(2, 1, 3, 2), player=0")
    moved = s._replace(first_move=False)
    assert moved != s and moved.first_move is False and s.first_move is True
    assert moved._replace(first_move=True) == s
    with pytest.raises(ValueError, match="unexpected field"):
        s._replace(colour=1)


def test_the_hash_is_the_values_hash_kept_after_the_first_time() -> None:
    s = DiceState((0, 1), (2, 1), 0, 3)
    assert s._hash is None
    h = hash(s)
    assert h == hash(((0, 1), (2, 1), 0, 3, True, False, 0, None))
    assert s._hash == h and hash(s) == h
    other = DiceState((0, 1), (2, 1), 0, 3)
    assert s == other and hash(other) == h
    assert s != DiceState((0, 1), (2, 2), 0, 3)
    assert s != ((0, 1), (2, 1), 0, 3, True, False, 0, None)  # not a tuple any more


def test_pickles_and_copies_by_value_without_the_kept_hash() -> None:
    _game, state = load_game("dice-of-doom", size=3, seed=4)
    hash(state)
    for again in (pickle.loads(pickle.dumps(state)), copy.deepcopy(state), copy.copy(state)):
        assert again == state and hash(again) == hash(state)
    assert pickle.loads(pickle.dumps(state))._hash is None
    knights = KnightsState((0, 1, 0, 2), (1, 3), 0)
    assert pickle.loads(pickle.dumps(knights)) == knights
    assert hash(knights) == hash(KnightsState((0, 1, 0, 2), (1, 3), 0))


def test_sharing_trees_find_the_same_positions() -> None:
    game = DiceOfDoom(size=3)
    state = game.initial_state(random.Random(5))
    shared = Tree(game, state, share=True)
    plain = Tree(game, state)
    assert minimax(shared.root, 4).value == minimax(plain.root, 4).value
    assert shared.stats.nodes_created < plain.stats.nodes_created
    assert shared.shared_positions == shared.stats.nodes_created
