"""The reference lazy tree (:mod:`lazytree.reference`) against the fast core.

Over every game of the catalog (the built-in ones and the installed example plugins),
some of their variants, and random hand-built trees (Hypothesis), the reference and the
fast core (:class:`lazytree.tree.Tree` and the raters of :mod:`lazytree.search`) rate
the same positions at fixed depths and must agree on

* the value and the full set of tied best moves;
* the counts: nodes forced (built), moves generated, positions evaluated;
* what the search left behind: at every node the same moves generated, in the same
  order, and the same children forced (equal *shapes*), hence the same moves **never
  generated** (listed from the game's own generator by :func:`never_generated`).

The reference's expectiminimax searches a chance node's outcomes with an open window;
the fast ``expectiminimax(star1=False)`` is plain expectiminimax, the reference with no
pruning at all (as ``minimax``). Two things of the fast core's cannot
force the same: Star1 narrows those windows and cuts chance nodes early, and an outcome
of probability 0 below the root is generated but never searched (it adds nothing to the
mean), where the reference searches every outcome. There the test asserts the strongest
relation that holds (:func:`agree_within`): the same value and best moves, and an
explored part *within* the reference's (every move the fast core generated and every
child it forced, the reference did too).
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Hashable
from pathlib import Path
from typing import Any, TypeAlias

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from lazytree import reference
from lazytree.game import Game, has_chance
from lazytree.games import GAMES, load_game
from lazytree.games.tree_game import ChanceTreeGame, TreeGame
from lazytree.search import alphabeta, expectiminimax, minimax
from lazytree.search.engine import alphabeta_tt
from lazytree.search.result import SearchResult
from lazytree.tree import Node, Tree

Shape: TypeAlias = tuple[tuple[Hashable, "Shape | None"], ...]
"""What a search explored below a node: each generated move, in generation order, with
the shape below its child if the child was forced (None if not)."""

FastRater: TypeAlias = Callable[..., SearchResult[Any]]


def star1(node: Node[Any, Any], depth: int, *, player: int | None = None) -> SearchResult[Any]:
    return expectiminimax(node, depth, player=player, star1=True)


def plain(node: Node[Any, Any], depth: int, *, player: int | None = None) -> SearchResult[Any]:
    return expectiminimax(node, depth, player=player, star1=False)


def fast_shape(node: Node[Any, Any]) -> Shape:
    """The shape of a fast tree below ``node`` (reads it, forces nothing)."""
    out = []
    for edge in node.generated_edges:
        child = edge.peek()
        out.append((edge.move, None if child is None else fast_shape(child)))
    return tuple(out)


def ref_shape(node: reference.Node[Any, Any]) -> Shape:
    """The shape of a reference tree below ``node`` (forces nothing not forced yet)."""
    out = []
    for edge in node.children.generated:
        forced = edge.thunk.compute is None
        out.append((edge.move, ref_shape(reference.force(edge.thunk)) if forced else None))
    return tuple(out)


def never_generated(game: Game[Any, Any], state: Any, shape: Shape) -> list[tuple[Any, ...]]:
    """The moves a search never generated, as paths from the root: at each node whose
    moves it asked for, the game's moves after the ones generated (a node it never
    asked, a leaf of the search, is left out)."""
    out: list[tuple[Any, ...]] = []
    stack: list[tuple[Any, Shape, tuple[Any, ...]]] = [(state, shape, ())]
    while stack:
        state, shape, path = stack.pop()
        moves = list(game.legal_moves(state))
        assert [move for move, _ in shape] == moves[: len(shape)]  # a prefix, in order
        out += [(*path, move) for move in moves[len(shape) :]] if shape else []
        for move, below in shape:
            if below is not None:
                stack.append((game.result(state, move), below, (*path, move)))
    return sorted(out, key=repr)


def within(small: Shape, big: Shape) -> bool:
    """True when every move ``small`` generated ``big`` generated, and every child
    ``small`` forced ``big`` forced, explored at least as far below."""
    return len(small) <= len(big) and all(
        move == other and (below is None or (more is not None and within(below, more)))
        for (move, below), (other, more) in zip(small, big, strict=False)
    )


def both(
    game: Game[Any, Any], state: Any, depth: int, rater: FastRater, player: int | None
) -> tuple[
    SearchResult[Any], Tree[Any, Any], tuple[float, tuple[Any, ...]], reference.Node[Any, Any]
]:
    """Rate ``state`` with the fast ``rater`` and with the reference (alpha-beta, or
    no pruning for ``minimax`` and plain expectiminimax) on two fresh trees."""
    fast_tree = Tree(game, state)
    fast = rater(fast_tree.root, depth, player=player)
    root = reference.tree(game, state)
    ref = reference.search(root, depth, prune=rater not in (minimax, plain), player=player)
    return fast, fast_tree, ref, root


def agree(
    game: Game[Any, Any], state: Any, depth: int, rater: FastRater, player: int | None = None
) -> list[tuple[Any, ...]]:
    """Assert that the fast ``rater`` and the reference agree on everything; the moves
    they never generated."""
    fast, fast_tree, (value, best), root = both(game, state, depth, rater, player)
    assert value == fast.value
    assert best == fast.best_moves
    counts = root.counts
    stats = fast.stats
    assert (counts.forced, counts.generated, counts.evaluations) == (
        stats.nodes_created,
        stats.moves_generated,
        stats.evaluations,
    )
    shape = ref_shape(root)
    assert shape == fast_shape(fast_tree.root)
    return never_generated(game, state, shape)


def agree_within(
    game: Game[Any, Any], state: Any, depth: int, player: int | None, rater: FastRater = star1
) -> None:
    """Assert that the fast ``rater`` explores within what the reference does, with the
    same value and best moves (Star1, outcomes of probability 0: module doc)."""
    fast, fast_tree, (value, best), root = both(game, state, depth, rater, player)
    assert math.isclose(value, fast.value, rel_tol=1e-12, abs_tol=1e-12)
    assert best == fast.best_moves
    assert within(fast_shape(fast_tree.root), ref_shape(root))
    assert fast.stats.nodes_created <= root.counts.forced
    assert fast.stats.moves_generated <= root.counts.generated


def raters(game: Game[Any, Any]) -> list[FastRater]:
    """The fast raters that rate ``game`` (alpha-beta refuses chance nodes)."""
    return [minimax, plain] if has_chance(game) else [minimax, alphabeta]


# -- the lecture's tree, by hand -----------------------------------------------------------
def test_the_lecture_tree_leaves_the_same_moves_never_generated() -> None:
    game = TreeGame([[3, 12, 8], [2, 4, 6], [14, 5, 2]])
    assert agree(game, (), 2, alphabeta) == [(1, 1), (1, 2)]  # the 4 and the 6
    assert agree(game, (), 2, minimax) == []
    assert agree(game, (), 2, alphabeta, player=1) == [(1, 1), (1, 2)]
    assert agree(game, (), 1, alphabeta) == []


def test_the_reference_children_are_lazy_and_memoized() -> None:
    root = reference.tree(TreeGame([[1, 2], [3, 4], [5, 6]]))
    assert root.children and root.counts.generated == 1  # bool pulls one move
    first = [edge.move for _, edge in zip(range(2), root.children, strict=False)]
    assert first == [0, 1] and root.counts.generated == 2  # stopping early: no more
    assert [edge.move for edge in root.children] == [0, 1, 2]
    assert [edge.move for edge in root.children] == [0, 1, 2]
    assert root.counts.generated == 3 and root.counts.forced == 0  # never twice
    edge = root.children.generated[0]
    assert reference.force(edge.thunk) is reference.force(edge.thunk)
    assert root.counts.forced == 1


def test_the_reference_fits_on_one_screen() -> None:
    source = Path(reference.__file__).read_text(encoding="utf-8")
    assert len(source.splitlines()) <= 200  # docstrings included


def test_a_chance_root_needs_a_player() -> None:
    game = ChanceTreeGame([{"chance": [[0.5, 4], [0.5, 0]]}])
    with pytest.raises(ValueError, match="chance node"):
        reference.search(reference.tree(game, (0,)), 1)
    assert reference.search(reference.tree(game, (0,)), 1, player=0) == (2.0, ())


# -- every game of the catalog -------------------------------------------------------------
VARIANTS: dict[str, list[dict[str, Any]]] = {
    "dice-of-doom": [
        {"size": 2, "seed": 1},
        {"size": 3, "seed": 2, "eval": "heuristic"},
        {"size": 3, "rules": "lisp", "seed": 4, "eval": "heuristic"},
        {"size": 3, "rules": "lisp", "players": 3, "seed": 6},
        {"size": 2, "rules": "chance", "seed": 5},
        {"size": 3, "rules": "chance", "max_dice": 3, "seed": 5},
        {"size": 2, "rules": "chance", "players": 3, "seed": 8},
    ],
    "checkers": [{}, {"width": 4, "height": 4}],
    "tree": [{}, {"spec": "[[1, [2, 3]], 4, [[5], 6]]", "root_player": 1}],
    "tictactoe": [{}, {"rows": 2, "columns": 5, "k": 2}],
}
DEPTHS = {"dice-of-doom": 5, "checkers": 3, "connect-four": 3}
"""The deepest depth per game (4 for the others)."""

CASES = [
    pytest.param(name, options, id=f"{name}-{i}")
    for name in GAMES
    for i, options in enumerate(VARIANTS.get(name, [{}]))
]


def positions(game: Game[Any, Any], start: Any, seed: int) -> list[Any]:
    """The start, two positions a random game passes through, and where it ends."""
    rng = random.Random(seed)
    states = [start]
    state = start
    for _ in range(200):
        if game.is_terminal(state):
            break
        state = game.result(state, rng.choice(list(game.legal_moves(state))))
        states.append(state)
    return [states[0], states[2 % len(states)], states[5 % len(states)], states[-1]]


def test_every_game_of_the_catalog_is_covered() -> None:
    assert {"connect-four", "nim", "dice-of-doom", "tree", "tictactoe"} <= set(GAMES)
    assert set(VARIANTS) <= set(GAMES)
    assert GAMES.broken() == {}


@pytest.mark.parametrize(("name", "options"), CASES)
def test_every_game_agrees_with_the_reference(name: str, options: dict[str, Any]) -> None:
    game, start = load_game(name, **options)
    pruned = 0
    for state in positions(game, start, seed=0):
        me = 0 if has_chance(game) else None  # (a chance root needs a player)
        for depth in range(DEPTHS.get(name, 4) + 1):
            for rater in raters(game):
                pruned += len(agree(game, state, depth, rater, player=me))
            if depth == 2 and not game.is_terminal(state):  # the other players' point of view
                for rater in raters(game):
                    agree(game, state, depth, rater, player=1)
            if has_chance(game) and depth:
                agree_within(game, state, depth, 0)
    if not has_chance(game) and options.get("size") != 2:  # (the others are too small)
        assert pruned  # alpha-beta cut somewhere: moves never generated


# -- the play AI's search ------------------------------------------------------------------
def play_ai_agrees(game: Game[Any, Any], state: Any, depth: int, player: int | None) -> None:
    """The play AI's search (alpha-beta with stored ratings, on a tree sharing positions:
    transpositions) at its plainest settings (no move ordering, no hint) gives the
    reference's value and best moves; a second search of the same tree forces nothing
    new and answers the same."""
    tree = Tree(game, state, share=True)
    fast = alphabeta_tt(tree.root, depth, player=player, order=False, hint=False)
    value, best = reference.search(reference.tree(game, state), depth, player=player)
    assert (fast.value, fast.best_moves) == (value, best)
    before = tree.stats.snapshot()
    again = alphabeta_tt(tree.root, depth, player=player, order=False, hint=False)
    after = tree.stats.snapshot()
    assert (after.nodes_created, after.moves_generated) == (
        before.nodes_created,
        before.moves_generated,
    )
    assert (again.value, again.best_moves) == (value, best)


DETERMINISTIC = [
    pytest.param(name, options, id=f"{name}-{i}")
    for name in GAMES
    for i, options in enumerate(VARIANTS.get(name, [{}]))
    if options.get("rules") != "chance"
]
"""The cases without chance nodes: the play AI's alpha-beta rates no chance node (its
expectiminimax does)."""


@pytest.mark.parametrize(("name", "options"), DETERMINISTIC)
def test_the_play_ais_search_agrees_with_the_reference(name: str, options: dict[str, Any]) -> None:
    game, start = load_game(name, **options)
    assert not has_chance(game)
    for state in positions(game, start, seed=0):
        for depth in range(min(DEPTHS.get(name, 4), 3) + 1):
            play_ai_agrees(game, state, depth, None)


# -- random hand-built trees ---------------------------------------------------------------
LEAVES = st.integers(-3, 3)
SPLITS: list[list[float]] = [
    [0.0, 1.0],
    [1.0],
    [0.5, 0.5],
    [0.25, 0.75],
    [0.5, 0.25, 0.25],
    [0.125, 0.375, 0.5],
]
"""Outcome probabilities of a chance node: dyadic, so every mean is exact in floats (and
one with an impossible outcome)."""


def impossible(spec: Any) -> bool:
    """True when the tree ``spec`` has an outcome of probability 0."""
    if isinstance(spec, dict):
        return any(p == 0 or impossible(kid) for p, kid in spec["chance"])
    return isinstance(spec, list) and any(impossible(kid) for kid in spec)


def chance_node(children: st.SearchStrategy[Any]) -> st.SearchStrategy[Any]:
    def outcomes(split: list[float]) -> st.SearchStrategy[Any]:
        kids = st.lists(children, min_size=len(split), max_size=len(split))
        return kids.map(lambda kids: {"chance": [list(o) for o in zip(split, kids, strict=True)]})

    return st.sampled_from(SPLITS).flatmap(outcomes)


def trees(chance: bool) -> st.SearchStrategy[Any]:
    def extend(children: st.SearchStrategy[Any]) -> st.SearchStrategy[Any]:
        lists = st.lists(children, min_size=1, max_size=4)
        return st.one_of(lists, chance_node(children)) if chance else lists

    return st.recursive(LEAVES, extend, max_leaves=24)


@settings(max_examples=150, deadline=None, derandomize=True)
@given(
    spec=trees(chance=False), root_player=st.sampled_from([0, 1]), player=st.sampled_from([0, 1])
)
def test_random_trees_agree_with_the_reference(spec: Any, root_player: int, player: int) -> None:
    game = TreeGame(spec, root_player)
    for depth in range(5):
        for rater in (minimax, alphabeta):
            agree(game, (), depth, rater, player=player)
        play_ai_agrees(game, (), depth, player)


@settings(max_examples=150, deadline=None, derandomize=True)
@given(spec=trees(chance=True), root_player=st.sampled_from([0, 1]), player=st.sampled_from([0, 1]))
def test_random_chance_trees_agree_with_the_reference(
    spec: Any, root_player: int, player: int
) -> None:
    game = ChanceTreeGame(spec, root_player)
    for depth in range(5):
        for rater in (minimax, plain):
            if impossible(spec):
                agree_within(game, (), depth, player, rater)
            else:
                agree(game, (), depth, rater, player=player)
        agree_within(game, (), depth, player)
