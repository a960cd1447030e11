"""Practice alpha-beta on a fresh random tree: the explorer page as an exercise.

:func:`practice_tree` draws a tree of leaf values from a seed (the same seed, the same
tree: a teacher shares it); :func:`practice_model` makes the explorer's document of the
whole tree with the leaves' values only, the answer (the root's value, the leaves
textbook alpha-beta never evaluates) and the steps of that search
(:func:`lazytree.teach.traced_search`), which the page replays to explain an answer.

>>> spec = practice_tree(2, 2, (0, 9), seed=1)
>>> spec
[[2, 9], [1, 4]]
>>> model = practice_model(spec)
>>> model.data["practice"]["value"], model.data["practice"]["pruned"]
(2, ['1.1'])
"""

from __future__ import annotations

import dataclasses
import random
from typing import Any

from lazytree.explorer.model import ExplorerModel, explorer_model
from lazytree.games.tree_game import TreeGame
from lazytree.search import minimax
from lazytree.teach import Trace, traced_search
from lazytree.tree import Node, Tree

__all__ = ["MAX_LEAVES", "practice_model", "practice_tree"]

MAX_LEAVES = 1024
"""Most leaves a practice tree may have (``branching ** depth``): a page to solve by hand."""


def practice_tree(depth: int, branching: int, values: tuple[int, int], *, seed: int) -> list[Any]:
    """A full tree ``depth`` plies deep, ``branching`` children a node, leaf values uniform in
    ``values`` from ``random.Random(seed)``: a :class:`~lazytree.games.tree_game.TreeGame` list."""
    lo, hi = values
    if depth < 1 or branching < 2:
        raise ValueError("a practice tree needs a depth >= 1 and a branching >= 2")
    if lo > hi:
        raise ValueError(f"the values {lo}-{hi} are an empty range")
    if branching**depth > MAX_LEAVES:
        raise ValueError(
            f"{branching}^{depth} = {branching**depth:,} leaves; at most {MAX_LEAVES:,}"
        )
    rng = random.Random(seed)

    def grow(d: int) -> Any:
        return rng.randint(lo, hi) if d == 0 else [grow(d - 1) for _ in range(branching)]

    tree: list[Any] = grow(depth)
    return tree


def _path(node: Node[Any, Any]) -> str:
    return ".".join(map(str, node.state)) or "root"


def practice_model(spec: list[Any], *, title: str = "practice alpha-beta") -> ExplorerModel:
    """The explorer's document of the whole tree ``spec`` (MAX at the root, players
    alternating) as an exercise: only the leaves' values shown, no line marked; its
    ``practice`` entry holds the answer (``value``, the root's; ``pruned``, the paths of
    the leaves textbook alpha-beta never evaluates, ``evaluated``, the others in the
    order it evaluates them) and ``steps`` the search's steps, at the nodes of the whole
    tree."""
    game = TreeGame(spec)
    depth = _depth(spec)
    whole: Tree[Any, Any] = Tree(game)
    minimax(whole.root, depth)  # builds every node (its ratings are not shown)
    searched: Tree[Any, Any] = Tree(game)
    trace = Trace(max_steps=None)
    result = traced_search(searched.root, depth, "alphabeta", textbook=True, trace=trace)
    by_state = {n.state: n for n in _nodes(whole.root)}
    on_whole = Trace(max_steps=None)
    for step in trace.steps:
        on_whole.add(dataclasses.replace(step, node=by_state[step.node.state]))
    model = explorer_model(whole, title=title, trace=on_whole)
    data = model.data
    leaf = [game.is_terminal(n.state) for n in model.nodes]
    data["value"] = [v if is_leaf else None for v, is_leaf in zip(data["value"], leaf, strict=True)]
    data["bound"] = "".join("=" if is_leaf else "-" for is_leaf in leaf)
    data["pv"] = [0]
    data["summary"].update(pvMoves=[], pvSource="none", player=0, rater="alphabeta:textbook")
    evaluated = [_path(s.node) for s in trace.steps if s.event == "leaf"]
    done = set(evaluated)
    data["practice"] = {
        "value": _whole(result.value),
        "evaluated": evaluated,
        "pruned": [
            _path(n)
            for n, is_leaf in zip(model.nodes, leaf, strict=True)
            if is_leaf and _path(n) not in done
        ],
        "paths": [_path(n) for n in model.nodes],
        "depth": depth,
    }
    return model


def _whole(value: float) -> float | int:
    return int(value) if float(value).is_integer() else value


def _depth(spec: Any) -> int:
    return 0 if not isinstance(spec, list) else 1 + max(_depth(c) for c in spec)


def _nodes(root: Node[Any, Any]) -> list[Node[Any, Any]]:
    out, stack = [], [root]
    while stack:
        node = stack.pop()
        out.append(node)
        stack.extend(node.forced_children)
    return out
