"""The traced search (:mod:`lazytree.teach`) against the fast raters, and textbook
alpha-beta against a hand trace.

* Without ``textbook``, the traced search is the fast rater of the same name: over the
  catalog's games and random hand-built trees it builds the same nodes in the same order
  (the tree numbers them as it creates them), stores the same ratings on them, counts
  the same and answers the same.
* With ``textbook``, on the lectures' example tree it evaluates exactly the leaves a
  hand trace evaluates, in that order, and each step's window is the one an independent
  textbook alpha-beta over the nested lists (written here) has there.
"""

from __future__ import annotations

import json
import math
import random
from collections.abc import Callable
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from lazytree.games import load_game
from lazytree.games.builtin import LECTURE_TREE
from lazytree.games.tree_game import ChanceTreeGame, TreeGame
from lazytree.search import alphabeta, expectiminimax, minimax
from lazytree.search.result import SearchResult
from lazytree.teach import Trace, node_ids, step_records, traced_rater, traced_search
from lazytree.tree import Node, Tree

FAST: dict[str, Callable[..., SearchResult[Any]]] = {
    "minimax": minimax,
    "alphabeta": alphabeta,
    "expectiminimax": expectiminimax,
}


def created(tree: Tree[Any, Any]) -> list[tuple[int, Any, Any]]:
    """Every node of ``tree`` in the order it was created: serial, state, rating."""
    out = []
    stack: list[Node[Any, Any]] = [tree.root]
    while stack:
        node = stack.pop()
        out.append((node.serial, node.state, node.rating))
        stack.extend(node.forced_children)
    return sorted(out, key=lambda row: row[0])


def same_search(game: Any, state: Any, rater: str, depth: int, **options: Any) -> Trace:
    """Run the fast rater and the traced one on fresh trees; assert they did the same."""
    fast_tree, traced_tree = Tree(game, state), Tree(game, state)
    fast = FAST[rater](fast_tree.root, depth, **options)
    trace = Trace(max_steps=None)
    traced = traced_search(traced_tree.root, depth, rater, trace=trace, **options)
    assert created(traced_tree) == created(fast_tree)
    assert traced_tree.stats.snapshot() == fast_tree.stats.snapshot()
    assert traced == fast  # value, player, best moves, pv, depth, rater, stats, move values
    assert (traced.complete, traced.visits) == (fast.complete, fast.visits)
    assert traced.chance == fast.chance
    return trace


@pytest.mark.parametrize("rater", ["minimax", "alphabeta"])
@pytest.mark.parametrize(
    ("name", "depth"), [("tree", 3), ("tictactoe", 3), ("checkers", 2), ("knights", 3)]
)
def test_traced_search_is_the_fast_one(name: str, depth: int, rater: str) -> None:
    game, state = load_game(name)
    same_search(game, state, rater, depth)


@pytest.mark.parametrize(("name", "depth"), [("tree", 3), ("tictactoe", 3), ("knights", 3)])
def test_traced_textbook_is_the_fast_one(name: str, depth: int) -> None:
    game, state = load_game(name)
    same_search(game, state, "alphabeta", depth, textbook=True)


@settings(max_examples=60, deadline=None)
@given(st.integers(0, 10**9), st.integers(0, 4))
def test_random_trees_textbook(seed: int, depth: int) -> None:
    game = TreeGame(random_spec(random.Random(seed), 4, False), root_player=seed % 2)
    same_search(game, (), "alphabeta", depth, textbook=True)


@pytest.mark.parametrize("rater", ["minimax", "expectiminimax"])
def test_traced_chance_search_is_the_fast_one(rater: str) -> None:
    game, state = load_game("dice-of-doom")
    same_search(game, state, rater, 3)


def random_spec(rng: random.Random, depth: int, chance: bool) -> Any:
    if depth == 0 or rng.random() < 0.15:
        return rng.randint(-9, 9)
    children = [random_spec(rng, depth - 1, chance) for _ in range(rng.randint(1, 3))]
    if chance and rng.random() < 0.3:
        weights = [rng.randint(0, 4) for _ in children]
        if not sum(weights):
            weights[0] = 1
        return {"chance": [[w / sum(weights), c] for w, c in zip(weights, children, strict=True)]}
    return children


@settings(max_examples=60, deadline=None)
@given(st.integers(0, 10**9), st.integers(0, 4), st.sampled_from(["minimax", "alphabeta"]))
def test_random_trees(seed: int, depth: int, rater: str) -> None:
    game = TreeGame(random_spec(random.Random(seed), 4, False), root_player=seed % 2)
    same_search(game, (), rater, depth)


@settings(max_examples=60, deadline=None)
@given(st.integers(0, 10**9), st.integers(1, 4), st.booleans())
def test_random_chance_trees(seed: int, depth: int, star1: bool) -> None:
    spec = random_spec(random.Random(seed), 4, True)
    if isinstance(spec, dict):  # a chance root: searched from player 0's point of view
        spec = [spec]
    game = ChanceTreeGame(spec)
    same_search(game, (), "expectiminimax", depth, star1=star1)
    same_search(game, (), "minimax", depth)


def test_tracing_changes_nothing() -> None:
    """A search with a trace and one without force and store the same."""
    game, state = load_game("tictactoe")
    with_trace, without = Tree(game, state), Tree(game, state)
    a = traced_search(with_trace.root, 3, "alphabeta", trace=Trace())
    b = traced_search(without.root, 3, "alphabeta")
    assert a == b and created(with_trace) == created(without)


# -- textbook alpha-beta on the lectures' example tree ------------------------------------

HAND_TRACE = [  # the leaves a hand trace of textbook alpha-beta evaluates, in order
    "0.0.0", "0.0.1", "0.0.2", "0.1.0", "0.1.1", "0.1.2", "0.2.0", "0.2.1", "0.2.2",
    "1.0.0", "1.0.1", "1.0.2",  # then 1's value 3 <= alpha 4: 1.1 and 1.2 are cut
    "2.0.0", "2.0.1", "2.0.2",
    "2.1.0",  # 10 >= beta 10: 2.1.1 and 2.1.2 are cut
    "2.2.0", "2.2.1", "2.2.2",
]  # fmt: skip


def textbook(
    spec: Any, depth: int, path: tuple[int, ...], alpha: float, beta: float, maximizing: bool,
    steps: list[tuple[Any, ...]],
) -> float:  # fmt: skip
    """The lectures' alpha-beta over nested lists, recording the same steps."""
    if depth == 0 or not isinstance(spec, list):
        value = float(spec) if not isinstance(spec, list) else 0.0
        steps.append((path, "leaf", alpha, beta, value))
        return value
    steps.append((path, "enter", alpha, beta, None))
    value = -math.inf if maximizing else math.inf
    for i, child in enumerate(spec):
        v = textbook(child, depth - 1, (*path, i), alpha, beta, not maximizing, steps)
        if maximizing:
            value = max(value, v)
            alpha = max(alpha, value)
        else:
            value = min(value, v)
            beta = min(beta, value)
        steps.append((path, "update", alpha, beta, value))
        if alpha >= beta:
            steps.append((path, "cutoff", alpha, beta, value))
            break
    steps.append((path, "exit", alpha, beta, value))
    return value


def lecture_trace(depth: int) -> tuple[Tree[Any, Any], SearchResult[Any], Trace]:
    tree = Tree(TreeGame(json.loads(LECTURE_TREE)))
    trace = Trace()
    result = traced_search(tree.root, depth, "alphabeta", textbook=True, trace=trace)
    return tree, result, trace


def test_textbook_evaluates_the_hand_traces_leaves() -> None:
    tree, result, trace = lecture_trace(3)
    leaves = [".".join(map(str, s.node.state)) for s in trace if s.event == "leaf"]
    assert leaves == HAND_TRACE
    assert result.value == 8 and result.best_moves == (2,)
    assert tree.stats.evaluations == len(HAND_TRACE)


@pytest.mark.parametrize("depth", [1, 2, 3])
def test_every_window_is_the_textbooks(depth: int) -> None:
    _, _, trace = lecture_trace(depth)
    expected: list[tuple[Any, ...]] = []
    textbook(json.loads(LECTURE_TREE), depth, (), -math.inf, math.inf, True, expected)
    got = [(s.node.state, s.event, s.alpha, s.beta, s.value) for s in trace]
    assert got == expected


def test_textbook_prunes_what_the_default_root_searches() -> None:
    """On [[3,5],[3,1]] the default root searches move 1 with a window just below 3 (a
    move as good as 3 would come back exact), so leaf 1.0's 3 cuts nothing and leaf 1.1
    is evaluated; the textbook's window (3, inf) cuts it."""
    game = TreeGame([[3, 5], [3, 1]])
    default, book = Tree(game), Tree(game)
    d = traced_search(default.root, 2, "alphabeta")
    t = traced_search(book.root, 2, "alphabeta", textbook=True)
    assert (d.value, d.best_moves) == (3, (0,))
    assert (t.value, t.best_moves) == (3, (0,))
    assert default.stats.evaluations == 4 and book.stats.evaluations == 3
    assert book.root.children[1].child.generated_moves == (0,)
    tied = Tree(TreeGame([[3, 5], [4, 3]]))  # both moves worth 3: the default finds both
    assert traced_search(tied.root, 2, "alphabeta").best_moves == (0, 1)
    assert traced_search(Tree(tied.game).root, 2, "alphabeta", textbook=True).best_moves == (0,)


def test_chance_steps_carry_the_weighted_sum() -> None:
    game = ChanceTreeGame([{"chance": [[0.5, 4], [0.5, [1, 2]]]}, 3])
    trace = Trace()
    result = traced_search(Tree(game).root, 3, "expectiminimax", star1=False, trace=trace)
    chance_exit = next(s for s in trace if s.event == "exit" and s.node.state == (0,))
    assert chance_exit.terms == ((0.5, 4.0), (0.5, 1.0))
    assert chance_exit.value == 2.5 and result.value == 3


def test_step_records_name_the_export_ids() -> None:
    tree, _, trace = lecture_trace(3)
    ids = node_ids(tree.root)
    records = step_records(trace.steps, lambda n: ids[id(n)])
    assert records[0] == {"node": "root", "event": "enter", "alpha": None, "beta": None,
                          "value": None}  # fmt: skip
    cut = next(r for r in records if r["event"] == "cutoff" and r["node"] == "root/1")
    assert cut == {"node": "root/1", "event": "cutoff", "alpha": 4, "beta": 3, "value": 3}


def test_trace_stops_recording_at_its_cap() -> None:
    trace = Trace(max_steps=5)
    tree = Tree(TreeGame(json.loads(LECTURE_TREE)))
    assert traced_search(tree.root, 3, "alphabeta", trace=trace).value == 8
    assert len(trace) == 5 and trace.truncated


def test_rater_spellings() -> None:
    made = traced_rater("alphabeta:textbook")
    assert made is not None and made.textbook
    assert traced_rater("alphabeta:textbook=false").textbook is False  # type: ignore[union-attr]
    assert traced_rater("expectiminimax:star1=no").star1 is False  # type: ignore[union-attr]
    assert traced_rater("alphabeta-tt") is None and traced_rater("mcts") is None
    with pytest.raises(ValueError, match="minimax has no parameter 'textbook'"):
        traced_rater("minimax:textbook")
    with pytest.raises(ValueError, match="is not true or false"):
        traced_rater("alphabeta:textbook=maybe")
