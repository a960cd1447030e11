"""The big-board engine: stored ratings, ordering, quiescence, win distance, limits."""

from __future__ import annotations

import gc
import math
import random
from collections.abc import Iterator, Sequence
from typing import Any

import pytest

from lazytree.games.dice_of_doom import DiceOfDoom, DiceState
from lazytree.games.tictactoe import TicTacToe
from lazytree.games.tree_game import TreeGame
from lazytree.search import alphabeta, iterative_deepening, minimax
from lazytree.search.engine import (
    BoundedGame,
    Limit,
    NoisyGame,
    OrderedGame,
    alphabeta_tt,
    play_quiescence,
    play_width,
)
from lazytree.traverse import explored
from lazytree.tree import Tree

EXACT_VARIANTS: list[dict[str, Any]] = [
    {},
    {"order": False},
    {"ratings": False},
    {"ratings": False, "order": False},
    {"prune": False},
]


def random_positions(count: int, seed: int) -> Iterator[tuple[DiceOfDoom, DiceState, int]]:
    """Seeded Dice of Doom positions on small boards, some of them mid-turn or later."""
    rng = random.Random(seed)
    for _ in range(count):
        size = rng.choice([2, 3, 3, 4])
        game = DiceOfDoom(size=size, eval=rng.choice(["book", "heuristic"]))
        state = game.initial_state(rng)
        for _ in range(rng.randrange(4)):  # walk a few random moves into the game
            moves = list(game.legal_moves(state))
            if not moves:
                break
            state = game.result(state, rng.choice(moves))
        depth = rng.choice([2, 3]) if size == 4 else rng.choice([2, 3, 4])
        yield game, state, depth


@pytest.mark.parametrize("share", [False, True])
def test_engine_equals_minimax_on_random_positions(share: bool) -> None:
    for game, state, depth in random_positions(40, seed=11 + share):
        ref = minimax(Tree(game, state).root, depth)
        for options in EXACT_VARIANTS:
            tree = Tree(game, state, share=share)
            for _ in range(2):  # the second search reuses the stored ratings
                got = alphabeta_tt(tree.root, depth, **options)
                assert (got.value, got.best_moves) == (ref.value, ref.best_moves), (
                    game.board_spec(state),
                    depth,
                    options,
                )
                exact = dict(ref.move_values)
                assert all(exact[m] == v for m, v in got.move_values)


def test_reused_ratings_from_other_depths_and_raters_never_change_a_result() -> None:
    for game, state, depth in random_positions(25, seed=5):
        tree = Tree(game, state, share=True)
        alphabeta(tree.root, depth)  # plain ratings (key None) all over the tree
        for d in (depth, depth - 1, 1, depth):
            ref = minimax(Tree(game, state).root, d)
            got = alphabeta_tt(tree.root, d)
            assert (got.value, got.best_moves) == (ref.value, ref.best_moves)
        ref = minimax(Tree(game, state).root, depth)
        deepened = iterative_deepening(tree.root, Limit(depth=depth))
        assert (deepened.value, deepened.best_moves) == (ref.value, ref.best_moves)


@pytest.mark.parametrize(
    "options",
    [
        {"quiescence": 2},
        {"win_distance": True},
        {"quiescence": 1, "win_distance": True},
        {"quiescence": 1, "win_distance": True, "order": False},
    ],
)
def test_quiescence_and_win_distance_equal_their_unpruned_search(options: dict[str, Any]) -> None:
    reference = {
        "prune": False,
        "ratings": False,
        "order": False,
        "quiescence": options.get("quiescence", 0),
        "win_distance": options.get("win_distance", False),
    }
    for game, state, depth in random_positions(25, seed=3):
        ref = alphabeta_tt(Tree(game, state).root, depth, **reference)
        tree = Tree(game, state, share=True)
        for _ in range(2):
            got = alphabeta_tt(tree.root, depth, **options)
            assert (got.value, got.best_moves) == (ref.value, ref.best_moves)


def test_full_engine_forces_far_fewer_nodes_than_minimax() -> None:
    game = DiceOfDoom(size=4)
    state = game.initial_state(random.Random(1))
    plain = Tree(game, state)
    ref = minimax(plain.root, 4)
    shared = Tree(game, state, share=True)
    got = alphabeta_tt(shared.root, 4)
    assert got.value == ref.value
    assert shared.stats.nodes_created < plain.stats.nodes_created


# -- hand-built trees ------------------------------------------------------------------
class CountingTree(TreeGame):
    """A TreeGame that records the leaves it evaluates."""

    def __init__(self, spec: Any) -> None:
        super().__init__(spec)
        self.evaluated: list[tuple[int, ...]] = []

    def evaluate(self, state: tuple[int, ...], player: int) -> float:
        self.evaluated.append(state)
        return super().evaluate(state, player)


class ReversedTree(CountingTree):
    """Hints: search the last child first."""

    def order_moves(self, state: Any, moves: Sequence[Any]) -> list[Any]:
        return list(reversed(moves))


class NoisyTree(TreeGame):
    """Child 0 of every node is a noisy move."""

    def is_noisy(self, state: Any, move: Any) -> bool:
        return bool(move == 0)


def test_protocols_are_checked_structurally() -> None:
    assert isinstance(ReversedTree([1]), OrderedGame)
    assert not isinstance(TreeGame([1]), OrderedGame)
    assert isinstance(NoisyTree([1]), NoisyGame)
    assert isinstance(DiceOfDoom(), OrderedGame | NoisyGame | BoundedGame)
    assert DiceOfDoom().evaluation_bounds(0) == (0.0, 1.0)


def test_ordering_changes_the_search_order_not_the_reported_best_moves() -> None:
    spec = [[5, 6], [1, 5], [7, 5]]
    plain = CountingTree(spec)
    hinted = ReversedTree(spec)
    r1 = alphabeta_tt(Tree(plain).root, 2)
    r2 = alphabeta_tt(Tree(hinted).root, 2)
    assert r1.best_moves == r2.best_moves == (0, 2)  # generation order, both ways
    assert plain.evaluated[0] == (0, 0)
    assert hinted.evaluated[0] == (2, 1)
    assert r2.pv[0] == 0  # the line of the first best move in generation order


def test_quiescence_searches_noisy_moves_past_the_depth_limit() -> None:
    # child 0 is an inner node (worth 0 when cut off) whose noisy reply is worth -5
    game = NoisyTree([[-5, 9], -2])
    flat = alphabeta_tt(Tree(game).root, 1)
    quiet = alphabeta_tt(Tree(game).root, 1, quiescence=1)
    assert (flat.value, flat.best_moves) == (0.0, (0,))
    assert (quiet.value, quiet.best_moves) == (-2.0, (1,))
    # stand pat: the player to move need not make the noisy move
    standing = alphabeta_tt(Tree(NoisyTree([[5, -9], -2])).root, 1, quiescence=1)
    assert standing.value == 0.0


def test_win_distance_prefers_fast_wins_and_slow_losses() -> None:
    wins = TreeGame([[[[1]]], [1]])  # a win in 4 plies, a win in 2
    losses = TreeGame([[[[-1]]], [-1]])
    on = {"win_distance": True}
    assert alphabeta_tt(Tree(wins).root, 4).best_moves == (0, 1)
    assert alphabeta_tt(Tree(wins).root, 4, **on).best_moves == (1,)
    assert alphabeta_tt(Tree(losses).root, 4, **on).best_moves == (0,)
    assert 1 < alphabeta_tt(Tree(wins).root, 4, **on).value < 1.001


# -- limits ------------------------------------------------------------------------------
def test_limit_and_options_are_validated() -> None:
    tree = Tree(TreeGame([[1, 2], [3, 4]]))
    with pytest.raises(ValueError, match="needs a limit"):
        iterative_deepening(tree.root, Limit())
    with pytest.raises(ValueError, match="seconds must be a number > 0"):
        Limit(seconds=0)
    with pytest.raises(ValueError, match="seconds"):
        Limit(seconds=math.inf)
    with pytest.raises(TypeError, match="depth must be an int"):
        Limit(depth=2.5)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="nodes must be >= 1"):
        Limit(nodes=0)
    with pytest.raises(ValueError, match="width must be a whole number >= 1"):
        alphabeta_tt(tree.root, 1, width=0)
    with pytest.raises(ValueError, match="quiescence must be a whole number >= 0"):
        alphabeta_tt(tree.root, 1, quiescence=-1)


def test_a_time_limited_search_is_stopped_by_its_clock_and_answers() -> None:
    game = DiceOfDoom(size=10, eval="heuristic")
    tree = Tree(game, game.initial_state(random.Random(4)), share=True)
    result = iterative_deepening(tree.root, Limit(seconds=0.3))  # full width: never finishes
    assert result.stopped == "time"
    assert result.deepening is not None
    assert result.deepening.interrupted == (result.depth or 0) + 1
    assert result.best_moves


def test_node_budget_keeps_the_deepest_completed_iteration() -> None:
    game = DiceOfDoom(size=5)
    state = game.initial_state(random.Random(2))
    tree = Tree(game, state, share=True)
    result = iterative_deepening(tree.root, Limit(nodes=300, depth=30))
    assert result.deepening is not None and result.deepening.interrupted is not None
    assert result.depth is not None and result.depth >= 1
    assert tree.stats.nodes_created <= 300 + 50  # checked every few nodes
    fresh = alphabeta_tt(Tree(game, state).root, result.depth)
    assert (result.value, result.best_moves) == (fresh.value, fresh.best_moves)


def test_shared_deepening_stops_once_the_game_is_solved() -> None:
    # the play AI's deepening reuses the ratings of transposed positions; a rating made
    # where every line below reached the game's end says so, so the deepening still
    # sees that it has solved the game (it used to run on to the deepest depth)
    game = TicTacToe()
    tree = Tree(game, game.result(game.initial_state(), 4), share=True)
    result = iterative_deepening(tree.root, Limit(depth=50))
    assert result.complete and result.value == 0.0
    assert result.depth is not None and result.depth <= 9  # 8 plies are left


def test_a_result_from_reused_ratings_is_complete_only_when_theirs_were() -> None:
    game = TicTacToe()
    cut = Tree(game, game.initial_state(), share=True)
    assert not alphabeta_tt(cut.root, 3).complete
    assert not alphabeta_tt(cut.root, 3).complete  # from the ratings of cut-off subtrees
    solved = Tree(game, game.initial_state(), share=True)
    first = alphabeta_tt(solved.root, 10)  # 9 plies: every line reaches the game's end
    again = alphabeta_tt(solved.root, 10)  # from the stored ratings alone
    assert first.complete and again.complete
    assert (again.value, again.best_moves) == (first.value, first.best_moves)
    assert again.stats.nodes_created == 0


# -- tree reuse and the weak sharing table ------------------------------------------------
@pytest.mark.parametrize("win_distance", [False, True])
def test_play_reuses_the_forced_subtree(win_distance: bool) -> None:
    game = DiceOfDoom(size=4)
    tree = Tree(game, game.initial_state(random.Random(7)), share=True)
    options = {"order": False, "win_distance": win_distance}
    first = alphabeta_tt(tree.root, 4, **options)
    move = tree.root.generated_edges[0].move  # searched with the full window
    tree.play(move)
    again = alphabeta_tt(tree.root, 3, **options)
    fresh = alphabeta_tt(Tree(game, tree.root.state).root, 3, **options)
    assert (again.value, again.best_moves) == (fresh.value, fresh.best_moves)
    assert again.stats.nodes_created < fresh.stats.nodes_created
    assert again.stats.evaluations < min(fresh.stats.evaluations, first.stats.evaluations)
    repeat = alphabeta_tt(tree.root, 3, **options)  # everything is cached and rated
    assert (repeat.value, repeat.best_moves) == (fresh.value, fresh.best_moves)
    assert repeat.stats.as_dict() == dict.fromkeys(repeat.stats.as_dict(), 0)


def test_sharing_table_forgets_unreachable_positions() -> None:
    game = DiceOfDoom(size=4)
    tree = Tree(game, game.initial_state(random.Random(3)), share=True)
    result = alphabeta_tt(tree.root, 4)
    before = tree.shared_positions
    tree.play(result.best_moves[-1])
    del result
    gc.collect()
    reachable = sum(1 for _ in explored(tree.root))
    assert tree.shared_positions == reachable < before


def test_play_settings_depend_on_the_number_of_moves() -> None:
    small = DiceOfDoom(size=3)
    big = DiceOfDoom(size=20)
    few = Tree(small, small.initial_state(random.Random(1))).root
    many = Tree(big, big.initial_state(random.Random(1))).root
    assert (play_width(few), play_quiescence(few)) == (8, 1)
    assert (play_width(many), play_quiescence(many)) == (6, 0)
    assert play_width(many, None) is None and play_quiescence(many, 2) == 2


def test_forced_move_stops_the_clock() -> None:
    game = TreeGame([[[[1, 2], [3]]]])  # one move at the root, a real tree below
    tree = Tree(game)
    forced = iterative_deepening(tree.root, Limit(depth=4), stop_when_forced=True)
    full = iterative_deepening(tree.root, Limit(depth=4))
    assert (forced.depth, forced.best_moves) == (1, (0,))
    assert full.depth == 4
