"""The traced search (:mod:`lazytree.teach`, the reference search telling its steps)
against the fast raters, a hand trace and one independent alpha-beta.

* The traced search is the fast rater of the same name: over the catalog's games and
  random hand-built trees it builds the same nodes in the same order (the tree numbers
  them as it creates them), stores the same ratings on them, counts the same and answers
  the same (where an outcome of probability 0 lies below the root, the fast core skips
  it and the reference searches it: there the fast one's nodes are a part of the
  trace's).
* On the lectures' example tree it evaluates exactly the leaves a hand trace evaluates,
  in that order, and each step (event, window, value) is the one an independent textbook
  alpha-beta over the nested lists (:func:`tests.helpers.textbook`, the one oracle) has
  there, in both orders of a cut-off's window.
* The wording of chance nodes (Star1's cut-offs, their reasons and bounds) against
  values worked out by hand.
"""

from __future__ import annotations

import json
import math
import random
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from lazytree.games import load_game
from lazytree.games.builtin import LECTURE_TREE
from lazytree.games.tree_game import ChanceTreeGame, TreeGame
from lazytree.search import Limit, SearchStopped, alphabeta, expectiminimax, minimax, search
from lazytree.search.core import Settings, run
from lazytree.search.raters import RaterError
from lazytree.search.result import SearchResult
from lazytree.teach import (
    Trace,
    node_ids,
    step_number,
    step_records,
    traced_rater,
    traced_search,
)
from lazytree.tree import Bound, Node, Tree
from tests.helpers import expectiminimax_of, quiescence_alphabeta, random_dice_position, textbook
from tests.helpers import run as run_cli

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


def random_spec(rng: random.Random, depth: int, chance: bool, zero: bool = True) -> Any:
    """A random tree; with ``chance`` some chance nodes (outcomes of probability 0 among
    them with ``zero``)."""
    if depth == 0 or rng.random() < 0.15:
        return rng.randint(-9, 9)
    children = [random_spec(rng, depth - 1, chance, zero) for _ in range(rng.randint(1, 3))]
    if chance and rng.random() < 0.3:
        weights = [rng.randint(0 if zero else 1, 4) for _ in children]
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
    spec = random_spec(random.Random(seed), 4, True, zero=False)
    if isinstance(spec, dict):  # a chance root: searched from player 0's point of view
        spec = [spec]
    game = ChanceTreeGame(spec)
    same_search(game, (), "expectiminimax", depth, star1=star1)
    same_search(game, (), "minimax", depth)


def shape(node: Node[Any, Any]) -> Any:
    """What was explored below ``node``: each generated move and the shape below its
    child if it was forced (None if not)."""
    return tuple(
        (e.move, None if e.peek() is None else shape(e.child)) for e in node.generated_edges
    )


def within(small: Any, big: Any) -> bool:
    """Every move generated and child forced in ``small`` is in ``big`` too."""
    if small is None:
        return True
    if big is None:
        return False
    found = dict(big)
    return all(m in found and within(s, found[m]) for m, s in small)


@settings(max_examples=60, deadline=None)
@given(st.integers(0, 10**9), st.integers(1, 4))
def test_impossible_outcomes_are_searched_by_the_trace(seed: int, depth: int) -> None:
    """Outcomes of probability 0: the fast core skips them below the root, the reference
    (the trace) searches them; the same value, and the fast one's nodes within."""
    spec = random_spec(random.Random(seed), 4, True)
    game = ChanceTreeGame(spec if isinstance(spec, list) else [spec])
    for rater in ("minimax", "expectiminimax"):
        fast_tree, traced_tree = Tree(game), Tree(game)
        fast = FAST[rater](fast_tree.root, depth)
        traced = traced_search(traced_tree.root, depth, rater)
        assert (traced.value, traced.best_moves) == (fast.value, fast.best_moves)
        assert within(shape(fast_tree.root), shape(traced_tree.root))


def test_tracing_changes_nothing() -> None:
    """A search with a trace and one without force and store the same."""
    game, state = load_game("tictactoe")
    with_trace, without = Tree(game, state), Tree(game, state)
    a = traced_search(with_trace.root, 3, "alphabeta", trace=Trace())
    b = traced_search(without.root, 3, "alphabeta")
    assert a == b and created(with_trace) == created(without)


# -- the lectures' example tree against a hand trace and the one oracle -------------------

HAND_TRACE = [  # the leaves a hand trace of textbook alpha-beta evaluates, in order
    "0.0.0", "0.0.1", "0.0.2", "0.1.0", "0.1.1", "0.1.2", "0.2.0", "0.2.1", "0.2.2",
    "1.0.0", "1.0.1", "1.0.2",  # then 1's value 3 <= alpha 4: 1.1 and 1.2 are cut
    "2.0.0", "2.0.1", "2.0.2",
    "2.1.0",  # 10 >= beta 10: 2.1.1 and 2.1.2 are cut
    "2.2.0", "2.2.1", "2.2.2",
]  # fmt: skip


def lecture_trace(
    depth: int, order: Any = "update-first"
) -> tuple[Tree[Any, Any], SearchResult[Any], Trace]:
    tree = Tree(TreeGame(json.loads(LECTURE_TREE)))
    trace = Trace()
    result = traced_search(tree.root, depth, "alphabeta", textbook=True, order=order, trace=trace)
    return tree, result, trace


def test_textbook_evaluates_the_hand_traces_leaves() -> None:
    tree, result, trace = lecture_trace(3)
    leaves = [".".join(map(str, s.node.state)) for s in trace if s.event == "leaf"]
    assert leaves == HAND_TRACE
    assert result.value == 8 and result.best_moves == (2,)
    assert tree.stats.evaluations == len(HAND_TRACE)


@pytest.mark.parametrize("order", ["update-first", "test-first"])
@pytest.mark.parametrize("depth", [1, 2, 3, 4, 5])
def test_every_step_is_the_textbooks(depth: int, order: str) -> None:
    _, _, trace = lecture_trace(depth, order)
    expected: list[tuple[Any, ...]] = []
    textbook(json.loads(LECTURE_TREE), depth, (), -math.inf, math.inf, True, expected, order)
    got = [(s.node.state, s.event, s.alpha, s.beta, s.value) for s in trace]
    assert got == expected


def test_a_leaf_above_the_depth_limit_is_one_step() -> None:
    """At --depth 4 the lecture tree (3 levels) ends before the limit: each leaf is one
    ``leaf`` step, as at --depth 3 (73 steps, not one ``enter`` more per leaf)."""
    lengths = {depth: len(lecture_trace(depth)[2]) for depth in (3, 4, 9)}
    assert lengths == {3: 73, 4: 73, 9: 73}
    _, _, trace = lecture_trace(4)
    assert not any(s.event == "enter" and s.node.is_terminal() for s in trace)


def test_the_orders_differ_only_in_the_cut_offs_window() -> None:
    """The cut-off below move 1 (MIN, searched with alpha 4): update-first shows beta
    lowered to 3 (alpha 4 >= beta 3), test-first the window it had (value 3 <= alpha 4)."""
    _, _, first = lecture_trace(3, "update-first")
    _, _, test = lecture_trace(3, "test-first")
    cut = [(s.node.state, s.alpha, s.beta, s.value) for s in first if s.event == "cutoff"]
    tested = [(s.node.state, s.alpha, s.beta, s.value) for s in test if s.event == "cutoff"]
    assert cut == [((0, 2), 5, 4, 5), ((1,), 4, 3, 3), ((2, 1), 10, 10, 10)]
    assert tested == [((0, 2), 3, 4, 5), ((1,), 4, math.inf, 3), ((2, 1), 4, 10, 10)]
    assert len(first) == len(test)
    same = [
        (a.node.state, a.event) == (b.node.state, b.event) for a, b in zip(first, test, strict=True)
    ]
    assert all(same)


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


def test_a_min_root_minimises() -> None:
    """With MIN at the root (root_player 1, values for player 0) the search minimises."""
    game = TreeGame([[3, 12, 8], [2, 4, 6], [14, 5, 2]], root_player=1, values_for=0)
    trace = Trace()
    result = traced_search(Tree(game).root, 2, "alphabeta", player=0, textbook=True, trace=trace)
    assert (result.value, result.best_moves) == (6, (1,))  # min over the max of each
    expected: list[tuple[Any, ...]] = []
    textbook([[3, 12, 8], [2, 4, 6], [14, 5, 2]], 2, (), -math.inf, math.inf, False, expected)
    assert [(s.node.state, s.event, s.alpha, s.beta, s.value) for s in trace] == expected


# -- chance nodes -------------------------------------------------------------------------

STAR1_TREE: list[Any] = [3, {"chance": [[0.5, 0], [0.5, 5]]}]
"""MAX at the root: move 0 is worth 3; below move 1 a chance node whose first outcome is 0.
Values lie in [0, 5], so after it the sum is at most 0.5x0 + 0.5x5 = 2.5 <= alpha 3."""


def test_a_star1_cut_off_says_its_true_reason() -> None:
    trace = Trace()
    game = ChanceTreeGame(STAR1_TREE)
    result = traced_search(Tree(game).root, 2, "expectiminimax", textbook=True, trace=trace)
    assert (result.value, result.best_moves) == (3, (0,))
    chance = [s for s in trace if s.node.state == (1,)]
    assert [s.event for s in chance] == ["enter", "cutoff", "exit"]
    enter, cut, leave = chance
    assert (enter.alpha, enter.beta) == (3, math.inf)
    assert cut.terms == ((0.5, 0.0), (0.5, 5.0)) and cut.assumed  # the rest at its best
    assert cut.value == 2.5 and cut.bound is Bound.UPPER  # at most 2.5, <= alpha
    assert leave.value == 2.5 and leave.bound is Bound.UPPER and leave.assumed
    ids = node_ids(next(iter(trace)).node)
    records = step_records(trace.steps, lambda n: ids[id(n)])
    cut_record = next(r for r in records if r["event"] == "cutoff")
    assert cut_record == {"node": "root/1", "event": "cutoff", "alpha": 3, "beta": None,
                          "value": 2.5, "bound": "upper", "terms": [[0.5, 0], [0.5, 5]],
                          "assumed": True}  # fmt: skip
    assert Tree(game).root.children  # (the outcome 5 was never generated:)
    searched = Tree(game)
    traced_search(searched.root, 2, "expectiminimax", textbook=True)
    assert searched.root.children[1].child.generated_moves == (0,)


def test_star1_off_prunes_no_chance_node() -> None:
    trace = Trace()
    game = ChanceTreeGame(STAR1_TREE)
    traced_search(Tree(game).root, 2, "expectiminimax", star1=False, textbook=True, trace=trace)
    assert not any(s.event == "cutoff" for s in trace)
    leave = next(s for s in trace if s.event == "exit" and s.node.state == (1,))
    assert leave.terms == ((0.5, 0.0), (0.5, 5.0)) and not leave.assumed
    assert leave.value == 2.5 and leave.bound is Bound.EXACT  # no window: the exact sum
    assert all(s.alpha == -math.inf and s.beta == math.inf for s in trace)


def test_star1_off_is_plain_expectiminimax() -> None:
    """``expectiminimax:star1=false`` cuts nowhere, not even at the MAX and MIN nodes
    below a chance node: the traced search and the fast one evaluate every position an
    independent expectiminimax evaluates, and find its value."""
    rng = random.Random(43)
    cut_by_alphabeta = 0
    for _ in range(200):
        spec = random_spec(rng, 4, True, zero=False)
        spec = spec if isinstance(spec, list) else [spec]
        depth = rng.randint(1, 5)
        value, evaluated = expectiminimax_of(spec, depth)
        trace = Trace(max_steps=None)
        tree = Tree(ChanceTreeGame(spec))
        traced = traced_search(tree.root, depth, "expectiminimax", star1=False, trace=trace)
        fast = expectiminimax(Tree(ChanceTreeGame(spec)).root, depth, star1=False)
        assert math.isclose(traced.value, value, abs_tol=1e-9) and traced.value == fast.value
        assert tree.stats.evaluations == fast.stats.evaluations == evaluated
        assert not any(s.event == "cutoff" for s in trace)
        pruned = expectiminimax(Tree(ChanceTreeGame(spec)).root, depth, bounds=(-9, 9))
        cut_by_alphabeta += pruned.stats.evaluations < evaluated
    assert cut_by_alphabeta > 20  # trees where pruning would have skipped positions


def test_a_chance_node_counts_as_a_ply() -> None:
    """At depth 1 the chance node below the root is the depth limit: one leaf step, its
    evaluation (0 for an inner node), not its outcomes' mean."""
    trace = Trace()
    traced_search(Tree(ChanceTreeGame(STAR1_TREE)).root, 1, "expectiminimax", trace=trace)
    chance = [s for s in trace if s.node.state == (1,)]
    assert [(s.event, s.value) for s in chance] == [("leaf", 0.0)]


def test_the_textbook_root_of_expectiminimax() -> None:
    """The textbook root raises alpha to the best value (3 after move 0); the default
    root's window lies just below it (nextafter), which is no textbook number."""
    book, default = Trace(), Trace()
    game = ChanceTreeGame(STAR1_TREE)
    traced_search(Tree(game).root, 2, "expectiminimax", textbook=True, trace=book)
    traced_search(Tree(game).root, 2, "expectiminimax", trace=default)
    root_updates = [(s.alpha, s.beta) for s in book if s.event == "update" and not s.node.state]
    assert root_updates == [(3, math.inf), (3, math.inf)]
    first = next(s for s in default if s.event == "update" and not s.node.state)
    assert first.alpha == math.nextafter(3, -math.inf)


def test_no_float_noise_in_the_records() -> None:
    """Star1's windows come from divisions: 2.9999999999999996 and the like. The records
    write every number to 12 significant digits."""
    game = ChanceTreeGame([1, {"chance": [[0.1, 2], [0.2, [3, 1]], [0.7, 3]]}])
    trace = Trace()
    tree = Tree(game)
    traced_search(tree.root, 3, "expectiminimax", textbook=True, trace=trace)
    ids = node_ids(tree.root)
    numbers = []
    for r in step_records(trace.steps, lambda n: ids[id(n)]):
        numbers += [r["alpha"], r["beta"], r["value"]]
        numbers += [x for pair in r.get("terms", []) for x in pair]
    assert all(x is None or x == float(f"{x:.12g}") for x in numbers)
    assert step_number(2.9999999999999996) == 3 and step_number(0.1 + 0.2) == 0.3


def test_chance_steps_carry_the_weighted_sum() -> None:
    game = ChanceTreeGame([{"chance": [[0.5, 4], [0.5, [1, 2]]]}, 3])
    trace = Trace()
    result = traced_search(Tree(game).root, 3, "expectiminimax", star1=False, trace=trace)
    chance_exit = next(s for s in trace if s.event == "exit" and s.node.state == (0,))
    assert chance_exit.terms == ((0.5, 4.0), (0.5, 1.0))
    assert chance_exit.value == 2.5 and result.value == 3


# -- records, caps, spellings ---------------------------------------------------------------


def test_step_records_name_the_export_ids() -> None:
    tree, _, trace = lecture_trace(3)
    ids = node_ids(tree.root)
    records = step_records(trace.steps, lambda n: ids[id(n)])
    assert records[0] == {"node": "root", "event": "enter", "alpha": None, "beta": None,
                          "value": None}  # fmt: skip
    cut = next(r for r in records if r["event"] == "cutoff" and r["node"] == "root/1")
    assert cut == {"node": "root/1", "event": "cutoff", "alpha": 4, "beta": 3, "value": 3}
    leave = next(r for r in records if r["event"] == "exit" and r["node"] == "root/1")
    assert leave["bound"] == "upper" and leave["value"] == 3  # at most 3: it failed low


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
    both = traced_rater("expectiminimax:textbook:order=test-first")
    assert both is not None and both.textbook and both.order == "test-first"
    assert both.untraced == "expectiminimax"
    assert traced_rater("alphabeta-tt") is None and traced_rater("mcts") is None
    with pytest.raises(ValueError, match="minimax has no parameter 'textbook'"):
        traced_rater("minimax:textbook")
    with pytest.raises(ValueError, match="is not true or false"):
        traced_rater("alphabeta:textbook=maybe")
    with pytest.raises(ValueError, match="order='aima' is not update-first or test-first"):
        traced_rater("alphabeta:order=aima")


def test_a_budget_stops_the_trace() -> None:
    """The trace builds the lazy tree as the reference search goes, so a node budget on
    that tree stops it (a search that grows is always bounded)."""
    game, state = load_game("tictactoe")
    tree = Tree(game, state)
    with pytest.raises(SearchStopped):
        traced_search(tree.root, Limit(depth=6, nodes=300), "alphabeta", trace=Trace())
    assert tree.stats.nodes_created < 400


# -- move ordering ------------------------------------------------------------------------


def reordered_spec(spec: Any, order: str, maximizing: bool = True) -> Any:
    """The nested lists with each node's children in ``order`` (``reversed``, or
    ``best-first``: by their static evaluation, a leaf's value and 0 for an inner node,
    best first for the player to move, ties as given), written independently of
    :class:`~lazytree.teach.Reordered`."""
    if not isinstance(spec, list):
        return spec
    children = [reordered_spec(child, order, not maximizing) for child in spec]
    if order == "given":
        return children
    if order == "reversed":
        return children[::-1]
    static = [(0.0 if isinstance(c, list) else float(c)) for c in children]
    ranked = sorted(range(len(children)), key=lambda i: -static[i] if maximizing else static[i])
    return [children[i] for i in ranked]


@pytest.mark.parametrize("order", ["given", "reversed", "best-first"])
@pytest.mark.parametrize("depth", [2, 3])
def test_move_orders_are_the_textbooks(order: str, depth: int) -> None:
    """Alpha-beta with its moves reordered takes the steps the independent textbook
    alpha-beta takes on the tree drawn in that order, and examines its leaves."""
    spec = json.loads(LECTURE_TREE)
    rater = traced_rater(f"alphabeta:textbook:moves={order}")
    assert rater is not None and rater.moves == order
    tree = Tree(rater.game_for(TreeGame(spec)))
    result = search_with(rater, tree, depth)
    expected: list[tuple[Any, ...]] = []
    value = textbook(reordered_spec(spec, order), depth, (), -math.inf, math.inf, True, expected)
    assert rater.trace is not None
    got = [(len(s.node.state), s.event, s.alpha, s.beta, s.value) for s in rater.trace]
    assert got == [(len(path), *rest) for path, *rest in expected]
    leaves = sum(1 for step in expected if step[1] == "leaf")
    assert result.value == value and tree.stats.evaluations == leaves
    assert result.rater == "alphabeta:textbook" + ("" if order == "given" else f":moves={order}")


def search_with(rater: Any, tree: Tree[Any, Any], depth: int) -> SearchResult[Any]:
    return search(tree.root, depth, rater)


def test_the_lecture_tree_in_three_orders() -> None:
    """How many leaves alpha-beta examines on the lecture tree at depth 3: 19 as drawn,
    11 reversed (the best move, 2, comes first), 17 best first by static evaluation
    (which orders only the last level: the inner nodes have none)."""
    counts = {}
    for order in ("given", "reversed", "best-first"):
        rater = traced_rater(f"alphabeta:textbook:moves={order}", record=False)
        assert rater is not None
        tree = Tree(rater.game_for(TreeGame(json.loads(LECTURE_TREE))))
        assert search_with(rater, tree, 3).value == 8
        counts[order] = tree.stats.evaluations
    assert counts == {"given": 19, "reversed": 11, "best-first": 17}


def test_a_move_order_needs_its_tree() -> None:
    rater = traced_rater("alphabeta:moves=reversed")
    assert rater is not None
    with pytest.raises(ValueError, match="game_for"):
        search_with(rater, Tree(TreeGame([[1, 2], [3]])), 2)
    with pytest.raises(RaterError, match="moves='sideways' is not given, reversed, best-first"):
        traced_rater("alphabeta:moves=sideways")


# -- quiescence ---------------------------------------------------------------------------


@pytest.mark.parametrize("seed", range(12))
def test_quiescence_steps_are_the_textbooks(seed: int) -> None:
    """With quiescence, the traced search is the fast core's (the same nodes, ratings,
    counts and answer) and takes the steps of an independent alpha-beta with quiescence:
    past the depth only the noisy moves (attacks), each node standing pat first, and
    every step there marked."""
    game, state = random_dice_position(random.Random(seed), size=3)
    for depth, plies in [(1, 1), (1, 3), (2, 2)]:
        fast_tree, traced_tree = Tree(game, state), Tree(game, state)
        fast = run(fast_tree.root, depth, None, Settings("alphabeta", quiescence=plies))
        trace = Trace(max_steps=None)
        traced = traced_search(
            traced_tree.root, depth, "alphabeta", textbook=True, quiescence=plies, trace=trace
        )
        book = run(
            Tree(game, state).root, depth, None, Settings("a", textbook=True, quiescence=plies)
        )
        assert (traced.value, traced.best_moves, traced.pv) == (
            book.value,
            book.best_moves,
            book.pv,
        )
        assert traced.rater == f"alphabeta:textbook:quiescence={plies}"
        expected: list[tuple[Any, ...]] = []
        player = game.to_move(state)
        value = quiescence_alphabeta(
            game, state, depth, plies, -math.inf, math.inf, player, expected
        )
        got = [(s.node.state, s.event, s.alpha, s.beta, s.value, s.quiescence) for s in trace]
        assert got == expected and traced.value == value
        untraced = traced_search(Tree(game, state).root, depth, "alphabeta", quiescence=plies)
        assert (untraced.value, untraced.best_moves) == (fast.value, fast.best_moves)
    default_tree = Tree(game, state)
    default = traced_search(default_tree.root, 2, "alphabeta", quiescence=2)
    fast_tree = Tree(game, state)
    fast = run(fast_tree.root, 2, None, Settings("alphabeta", quiescence=2))

    def rated(tree: Tree[Any, Any]) -> list[tuple[Any, ...]]:  # (the fast key holds the plies)
        return [(n, st, r and (r.value, r.player, r.depth, r.bound)) for n, st, r in created(tree)]

    assert rated(default_tree) == rated(fast_tree)
    assert default_tree.stats.snapshot() == fast_tree.stats.snapshot()
    assert (default.value, default.best_moves, default.pv, default.complete, default.visits) == (
        fast.value, fast.best_moves, fast.pv, fast.complete, fast.visits
    )  # fmt: skip


def test_quiescence_is_spelled_and_checked() -> None:
    rater = traced_rater("alphabeta:textbook:quiescence=2")
    assert rater is not None and rater.quiescence == 2
    with pytest.raises(RaterError, match="quiescence='x' is not 0 to 10 plies"):
        traced_rater("alphabeta:quiescence=x")
    with pytest.raises(RaterError, match="minimax has no parameter 'quiescence'"):
        traced_rater("minimax:quiescence=1")
    with pytest.raises(ValueError, match="noisy moves"):
        traced_search(Tree(TreeGame([[1, 2], [3]])).root, 1, "alphabeta", quiescence=1)


def test_quiescence_in_the_json(tmp_path: Path) -> None:
    out = tmp_path / "q.json"
    args = ("--size", "3", "--seed", "8", "--depth", "1", "--rater", "alphabeta:quiescence=2")
    code, _, stderr = run_cli("explore", "dice-of-doom", *args, "--out", str(out))
    assert code == 0, stderr
    steps = json.loads(out.read_text())["steps"]
    marked = [s for s in steps if s.get("quiescence")]
    assert marked and all(s["node"].count("/") >= 1 for s in marked)
    assert not any(s.get("quiescence") for s in steps if s["node"] == "root")
