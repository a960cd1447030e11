"""The moves best first (BestFirstGame): the same moves, in the same order, as ranking the
whole move list by the hint, and a width search that pulls only the moves it keeps
answers as the one that ranked every move."""

from __future__ import annotations

import random
from typing import Any

import pytest

from lazytree.export.graph import never_generated
from lazytree.game import BestFirstGame
from lazytree.games.dice_of_doom import PASS, DiceOfDoom, DiceState, make_dice_of_doom
from lazytree.search import Limit
from lazytree.search.core import Search
from lazytree.search.engine import alphabeta_tt, deepening, engine_settings
from lazytree.traverse import explored
from lazytree.tree import Tree, moves_in_order, reordered


def ranked_in_full(game: DiceOfDoom, state: DiceState) -> list[object]:
    return list(game.order_moves(state, list(game.legal_moves(state))))


def random_positions(game: DiceOfDoom, seed: int, moves: int) -> list[DiceState]:
    """The positions of random games (mostly attacks, some passes, dice rolled at
    chance nodes), ``moves`` of them."""
    rng = random.Random(seed)
    out: list[DiceState] = []
    while len(out) < moves:
        state = game.initial_state(rng)
        while len(out) < moves and not game.is_terminal(state):
            out.append(state)
            legal: list[object] = list(game.legal_moves(state))
            attacks = [m for m in legal if m is not PASS]
            if attacks and rng.random() < 0.7:
                legal = attacks
            state = game.result(state, rng.choice(legal))  # type: ignore[arg-type]
    return out


@pytest.mark.parametrize(
    ("rules", "size", "players", "seed"),
    [
        ("racket", 10, 2, 1),
        ("racket", 12, 3, 2),
        ("lisp", 10, 2, 3),
        ("lisp", 11, 4, 4),
        ("racket", 30, 2, 6),
        ("racket", 100, 2, 7),
    ],
)
def test_the_moves_best_first_are_the_move_list_ranked_by_the_hint(
    rules: str, size: int, players: int, seed: int
) -> None:
    game = make_dice_of_doom(rules, size=size, players=players)
    assert isinstance(game, BestFirstGame)
    moves = 6 if size >= 30 else 40
    checked = passes = 0
    for state in random_positions(game, seed, moves):
        best = game.moves_best_first(state)
        assert best is not None
        got = list(best)
        assert got == ranked_in_full(game, state)
        assert len(set(got)) == len(got)
        checked += 1
        passes += not state.first_move
    assert checked == moves and passes > 0  # positions with the pass first were checked too


@pytest.mark.parametrize(("rules", "size"), [("racket", 3), ("lisp", 9), ("chance", 10)])
def test_small_boards_and_the_chance_rules_rank_their_move_list(rules: str, size: int) -> None:
    """No attack table to rank from: None, and the width search ranks every move (the
    nodes keep the move-list order)."""
    game = make_dice_of_doom(rules, size=size)
    for state in random_positions(game, 0, 5):
        assert game.moves_best_first(state) is None
    if rules == "chance":  # alpha-beta refuses chance nodes
        return
    tree: Tree[Any, Any] = Tree(game, state)
    alphabeta_tt(tree.root, 2, width=2)
    assert sum(1 for _ in explored(tree.root)) > 3
    for node, _ in explored(tree.root):
        legal = list(game.legal_moves(node.state))
        assert [e.move for e in node.generated_edges] == legal[: len(node.generated_edges)]


def test_a_few_moves_come_out_before_the_pass_over_the_table_ends() -> None:
    """On a 100x100 board the best attacks are found early in the pass: pulling six
    moves looks at a small part of the table (the generator is not exhausted)."""
    game = DiceOfDoom(size=100)
    state = game.initial_state(random.Random(3))
    moves = game.moves_best_first(state)
    assert moves is not None
    first = [next(moves) for _ in range(6)]
    assert first == ranked_in_full(game, state)[:6]
    assert next(moves, None) is not None


def both_trees(game: DiceOfDoom, state: DiceState) -> tuple[Tree[Any, Any], Tree[Any, Any]]:
    """A tree whose root generated every move in the move-list order first (ranked in
    full by the search) and a fresh one (the search starts its root best first)."""
    full: Tree[Any, Any] = Tree(game, state, share=True)
    list(full.root.children)
    return full, Tree(game, state, share=True)


@pytest.mark.slow
@pytest.mark.parametrize(("size", "seed"), [(10, 0), (20, 1), (40, 2), (100, 3)])
def test_best_of_is_the_rank_then_cut_of_every_move(size: int, seed: int) -> None:
    game = DiceOfDoom(size=size, eval="heuristic")
    for i, state in enumerate(random_positions(game, seed, 4)):
        if game.is_terminal(state):
            continue
        width = 3 + i % 6
        settings = engine_settings(width=width, win_distance=True)
        full, lazy = both_trees(game, state)
        player = state.player
        cut = Search(full.root, player, settings).ranked(full.root, True)
        pulled = Search(lazy.root, player, settings).ranked(lazy.root, True)
        assert cut is not None and pulled is not None
        assert [e.move for e in pulled] == [e.move for e in cut]
        assert len(lazy.root.generated_edges) == len(pulled) < len(full.root.generated_edges)
        # after a search the rated children go first, best first, then the others
        a = alphabeta_tt(full.root, 2, width=width, win_distance=True)
        b = alphabeta_tt(lazy.root, 2, width=width, win_distance=True)
        assert (a.value, a.best_moves, a.move_values) == (b.value, b.best_moves, b.move_values)
        for maximizing in (True, False):
            cut = Search(full.root, player, settings).ranked(full.root, maximizing)
            pulled = Search(lazy.root, player, settings).ranked(lazy.root, maximizing)
            assert cut is not None and pulled is not None
            assert [e.move for e in pulled] == [e.move for e in cut]


class MoveListOnly(DiceOfDoom):
    """Dice of Doom without the capability: every width search ranks all the moves."""

    moves_best_first = None  # type: ignore[assignment]


@pytest.mark.parametrize(("seed", "quiescence"), [(0, 0), (1, 0), (0, 1), (2, 1)])
def test_a_game_with_the_tree_kept_plays_as_ranking_every_move(seed: int, quiescence: int) -> None:
    """Deepening from the root of a tree kept from move to move (nodes started best first
    by one search are met by the next at another depth, with quiescence some at its
    leaves) picks the same moves with the same values as the search that ranks every
    move.

    With quiescence, a leaf's noisy moves are taken in the move-list order, which
    starts the leaf's generator in that order; when a deeper search reaches it again it
    ranks every move: quiescence leaves the search little to save."""
    lazy_game = DiceOfDoom(size=10, eval="heuristic")
    full_game = MoveListOnly(size=10, eval="heuristic")
    assert isinstance(lazy_game, BestFirstGame) and not isinstance(full_game, BestFirstGame)
    state = lazy_game.initial_state(random.Random(seed))
    lazy: Tree[Any, Any] = Tree(lazy_game, state, share=True)
    full: Tree[Any, Any] = Tree(full_game, state, share=True)
    for _ in range(8):
        if lazy_game.is_terminal(lazy.root.state):
            break
        a = deepening(full.root, Limit(depth=3), width=4, quiescence=quiescence)
        b = deepening(lazy.root, Limit(depth=3), width=4, quiescence=quiescence)
        assert (b.value, b.best_moves, b.pv) == (a.value, a.best_moves, a.pv)
        full.play(a.best_moves[0])
        lazy.play(b.best_moves[0])
    assert lazy.stats.moves_generated <= full.stats.moves_generated
    if not quiescence:
        assert lazy.stats.moves_generated < full.stats.moves_generated / 2


def test_the_notes_of_a_width_search_on_a_big_board_follow_each_node_s_order() -> None:
    """The exports' "never generated" moves of a node started best first are the rest
    of its best-first order: with the generated ones, every legal move once."""
    game = DiceOfDoom(size=10, eval="heuristic")
    tree: Tree[Any, Any] = Tree(game, game.initial_state(random.Random(4)), share=True)
    deepening(tree.root, Limit(depth=3), width=3)
    best_first = 0
    for node, _ in explored(tree.root):
        if not node.expanded:
            continue
        generated = [e.move for e in node.generated_edges]
        never = never_generated(node)
        in_order = list(moves_in_order(node))
        assert generated + never == in_order
        assert sorted(map(str, in_order)) == sorted(map(str, game.legal_moves(node.state)))
        best_first += reordered(node)
    assert best_first > 3
