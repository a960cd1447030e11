"""The explored part of a lazy tree as one compact JSON document, never forcing anything.

:func:`explorer_model` walks the nodes that exist and writes them column by column: the root's board
packed, every other position the cells it changed against its parent's
(:mod:`lazytree.explorer.positions` reads them back). The document's fields:
``docs/reference/internals.md``.

Examples
--------
>>> from lazytree.tree import Tree
>>> from lazytree.search import minimax
>>> from lazytree.games import load_game
>>> game, state = load_game("tictactoe")
>>> tree = Tree(game, state)
>>> result = minimax(tree.root, 2)
>>> before = tree.stats.snapshot()
>>> model = explorer_model(tree, result=result)
>>> model.data["summary"]["positions"], tree.stats.snapshot() == before
(82, True)
>>> [model.data["strings"][m] for m in model.data["edges"][0][::2]][:3]
['a1', 'b1', 'c1']
"""

from __future__ import annotations

import json
import math
from collections.abc import Callable, Hashable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from lazytree.boards import (
    SCHEMA,
    BoardDeltas,
    CellDelta,
    board_functions,
    board_layout,
    player_names,
    position_packer,
)
from lazytree.export.graph import never_affordable, never_count, principal_line
from lazytree.search.limit import Limit
from lazytree.search.result import SearchResult
from lazytree.teach import Trace
from lazytree.traverse import explored_edges
from lazytree.tree import Bound, Node, Tree

__all__ = ["DEFAULT_MAX_POSITIONS", "ExplorerModel", "explorer_model", "last_search_model"]

DEFAULT_MAX_POSITIONS = 1_000_000
"""Most positions a model holds unless told otherwise (a 50,000-node tree is ~10 MB)."""

FORMAT = "lazytree-explorer"
VERSION = 2

_BOUNDS = {Bound.EXACT: "=", Bound.LOWER: ">", Bound.UPPER: "<"}
_POSITION_BOOK = {"hit": "h", "miss": "m", "off": "o"}

Visits = Callable[[Node[Any, Any]], Mapping[Hashable, int]]
"""The visits of each move of a node tried by an MCTS search (``MCTS.edge_visits``)."""


@dataclass
class ExplorerModel:
    """A model and the nodes its indices stand for (``nodes[i]`` is node ``i``)."""

    data: dict[str, Any]
    nodes: list[Node[Any, Any]]

    def to_json(self) -> str:
        """The document as compact JSON text (no spaces)."""
        return json.dumps(self.data, separators=(",", ":"), allow_nan=False)


def _number(value: float) -> float | int | None:
    """A value rounded to 6 significant digits (ratings are heuristics: JSON stays short);
    None for an infinite value (JSON has none)."""
    if not math.isfinite(value):
        return None
    v = float(f"{value:.6g}")
    return int(v) if v.is_integer() and abs(v) < 1e15 else v


def explorer_model(
    source: Node[Any, Any] | Tree[Any, Any],
    *,
    result: SearchResult[Any] | None = None,
    count_never: bool | None = None,
    max_positions: int | None = DEFAULT_MAX_POSITIONS,
    title: str | None = None,
    until: int | None = None,
    visits: Visits | None = None,
    limit: Limit | None = None,
    trace: Trace | None = None,
    whole_boards: bool = False,
) -> ExplorerModel:
    """Describe the nodes that exist below ``source``; nothing is forced.

    Parameters
    ----------
    source:
        The root of the model: a node, or a tree (its root).
    result:
        The search whose principal variation and figures the summary shows; without
        one, the line is read back from the stored ratings.
    count_never:
        Count the moves cut-offs never generated, by running the game's move generator
        afresh at each node whose generator was stopped early (the tree is not touched).
        None (the default): count them when that lists at most
        :data:`~lazytree.export.graph.NEVER_BUDGET` moves
        (:func:`~lazytree.export.graph.never_affordable`), else leave them uncounted
        (``never`` -1 at every node, null in the summary): a 100x100 position has
        thousands of moves.
    max_positions:
        Raise ``ValueError`` rather than describe more positions than this (None: no cap).
    title:
        A headline for the page (default: the game's name).
    until:
        Describe only the nodes created before this count of the tree's
        ``stats.nodes_created`` (``serial < until``): the tree as one search left it,
        although later searches went on below it. Their children count as generated
        but never forced (a move they generated later looks generated here too).
    visits:
        The visit counts of an MCTS search (:meth:`~lazytree.search.mcts.MCTS.edge_visits`):
        each node's edges get theirs (``visits`` in the document).
    limit:
        A memory budget (or stop event) for building the model: the walk raises
        :class:`~lazytree.traverse.WalkStopped` once the process holds more
        (:func:`~lazytree.traverse.explored_edges`).
    trace:
        The steps of a traced search of ``source`` (:func:`lazytree.teach.traced_search`),
        written as ``steps`` for the explorer to step through; left out (null) when a
        step is at a node the model does not hold (``until``).
    whole_boards:
        Write every position's whole board in ``pos`` (``delta`` null), rather than the
        root's board and each other position's changes against its parent's: a
        document that grows with nodes x cells, for small trees read by other tools.

    Notes
    -----
    A ``result`` that looked the root up in a position book
    (:func:`~lazytree.position_book.booked_search`: ``result.position_book``) marks the root as
    answered from the position book (a hit: nothing below it was searched) or not.
    """
    root = source.root if isinstance(source, Tree) else source
    game = root.context.game
    view_of, path_of = board_functions(game)
    root_view = view_of(root.state)
    names = player_names(game, root_view)
    layout = board_layout({**root_view, "players": names, "schema": SCHEMA})
    index, nodes, parent, hl, prob = _walk(root, until, limit, max_positions, path_of)
    deltas = None if whole_boards or "cells" not in layout else BoardDeltas(game)
    strings, edges, parents_of, unforced = _edges(game, nodes, index)
    never, counted = _never(nodes, count_never)
    position_book = _position_book_column(result, len(nodes))
    counts = (unforced, sum(never) if counted else None, sum(1 for k in parents_of if k > 1))
    pv, summary = _summary(root, result, nodes, index, counts, position_book)
    data: dict[str, Any] = {
        "format": FORMAT,
        "version": VERSION,
        "game": game.name,
        "title": title or game.name,
        "players": names,
        "board": layout,
        "summary": summary,
        "strings": list(strings),
        **_node_columns(game, nodes, parent),
        "never": never,
        **_positions(game, nodes, parent, deltas),
        "hl": hl,
        "prob": prob if any(p is not None for p in prob) else None,
        "edges": edges,
        "pv": pv,
        "positionBook": position_book,
        "visits": None if visits is None else [_visits(n, visits) for n in nodes],
        "steps": None if trace is None else _steps(trace, index),
    }
    return ExplorerModel(data, nodes)


def _never(nodes: list[Node[Any, Any]], count: bool | None) -> tuple[list[int], bool]:
    """The ``never`` column (-1 where not counted) and whether it was counted (``count``
    None: when :func:`~lazytree.export.graph.never_affordable`)."""
    if count is None:
        count = never_affordable(nodes)
    never = [never_count(n) if count and not n.fully_generated else -1 for n in nodes]
    return ([0 if n < 0 else n for n in never] if count else never), count


def _position_book_column(result: SearchResult[Any] | None, count: int) -> str | None:
    """The ``positionBook`` column of ``count`` nodes: the root's mark, then ``-`` (None:
    the search used no position book)."""
    if result is None or result.position_book is None:
        return None
    return _POSITION_BOOK.get(result.position_book.status, "-") + "-" * (count - 1)


def _summary(
    root: Node[Any, Any],
    result: SearchResult[Any] | None,
    nodes: list[Node[Any, Any]],
    index: dict[int, int],
    counts: tuple[int, int | None, int],
    position_book: str | None,
) -> tuple[list[int], dict[str, Any]]:
    """The principal variation as node indices, root first, and the summary (``counts``:
    its ``unforced``, ``never`` and ``shared``; ``position_book``: the column)."""
    source_name, line = principal_line(root, result)
    pv = [0]
    for _, edge in line:
        if id(edge.peek()) not in index:  # the line leaves what ``until`` keeps
            break
        pv.append(index[id(edge.peek())])
    summary: dict[str, Any] = {
        "positions": len(nodes),
        "expanded": sum(1 for n in nodes if n.expanded),  # a terminal node too
        "unforced": counts[0],
        "never": counts[1],
        "shared": counts[2],
        "pvSource": source_name,
        "pvMoves": [n.context.game.move_to_str(n.state, e.move) for n, e in line[: len(pv) - 1]],
        "treeNodes": root.context.stats.nodes_created,
    }
    if result is not None:
        summary.update(
            rater=result.rater,
            depth=result.depth,
            value=_number(result.value),
            player=result.player,
            forced=result.stats.nodes_created,
            evaluations=result.stats.evaluations,
        )
        if result.position_book is not None:
            summary["positionBook"] = _position_book_summary(root, result)
        if result.mcts is not None:
            summary["playouts"] = result.mcts.playouts
    summary["positionBookHits"] = 0 if position_book is None else position_book.count("h")
    return pv, summary


def _node_columns(game: Any, nodes: list[Node[Any, Any]], parent: list[int]) -> dict[str, Any]:
    """The columns of each node's own fields: ``serial``, ``player``, ``parent``,
    ``status`` and its stored rating's (see the module)."""
    ratings = [n.rating for n in nodes]
    return {
        "serial": [n.serial for n in nodes],
        "player": [n.player for n in nodes],
        "parent": parent,
        "status": "".join(
            "t" if game.is_terminal(n.state) else "e" if n.expanded else "u" for n in nodes
        ),
        "value": [None if r is None else _number(r.value) for r in ratings],
        "rplayer": [-1 if r is None else r.player for r in ratings],
        "rdepth": [-1 if r is None else r.depth for r in ratings],
        "bound": "".join("-" if r is None else _BOUNDS[r.bound] for r in ratings),
    }


def _walk(
    root: Node[Any, Any],
    until: int | None,
    limit: Limit | None,
    max_positions: int | None,
    path_of: Callable[[Any, Any], list[int]],
) -> tuple[dict[int, int], list[Node[Any, Any]], list[int], list[list[int]], list[Any]]:
    """The nodes below ``root`` that exist (created before ``until``), each once, in walk order:
    their indices by ``id``, the nodes, and the ``parent``, ``hl`` and ``prob`` columns."""
    keep = None if until is None else (lambda node: node.serial < until)
    index: dict[int, int] = {id(root): 0}
    nodes: list[Node[Any, Any]] = [root]
    parent = [-1]
    hl: list[list[int]] = [[]]
    prob: list[float | int | None] = [None]
    for up, edge, child, _, first in explored_edges(root, keep, limit=limit):
        if not first:
            continue
        if max_positions is not None and len(nodes) >= max_positions:
            raise ValueError(
                f"the explored tree has more than {max_positions:,} positions "
                "(raise the cap to describe it all)"
            )
        index[id(child)] = len(nodes)
        nodes.append(child)
        parent.append(index[id(up)])
        hl.append(path_of(up.state, edge.move))
        prob.append(None if edge.probability is None else _number(edge.probability))
    return index, nodes, parent, hl, prob


def _positions(
    game: Any, nodes: list[Node[Any, Any]], parent: list[int], deltas: BoardDeltas | None
) -> dict[str, Any]:
    """The ``pos``, ``delta``, ``notes`` and ``note`` columns (every position whole, and
    ``delta`` null, without ``deltas``)."""
    pos: list[str | list[Any] | None] = []
    delta: list[CellDelta] = []
    notes: dict[str, int] = {}  # the board views' notes, each text once
    note: list[int] = []
    packed_position = position_packer(game)
    for i, n in enumerate(nodes):
        lines: Sequence[str]
        if deltas is None or i == 0:
            packed, lines = packed_position(n.state)
            pos.append(packed)
            delta.append([])
        else:
            before = parent[i]
            changed, lines = deltas.delta(before, nodes[before].state, i, n.state)
            pos.append(None)
            delta.append(changed)
        text = "\n".join(lines)
        note.append(notes.setdefault(text, len(notes)) if text else -1)
    return {
        "pos": pos,
        "delta": None if deltas is None else delta,
        "notes": list(notes) if notes else None,
        "note": note if notes else None,
    }


def _edges(
    game: Any, nodes: list[Node[Any, Any]], index: dict[int, int]
) -> tuple[dict[str, int], list[list[int]], list[int], int]:
    """The move labels (each once), the ``edges`` column, each node's parents among the
    nodes, and the moves generated but not searched."""
    strings: dict[str, int] = {}
    edges: list[list[int]] = []
    parents_of = [0] * len(nodes)
    unforced = 0
    for node in nodes:
        flat: list[int] = []
        for edge in node.generated_edges:
            label = game.move_to_str(node.state, edge.move)
            m = strings.setdefault(label, len(strings))
            built = edge.peek()
            c = -1 if built is None else index.get(id(built), -1)
            if c < 0:
                unforced += 1
            else:
                parents_of[c] += 1
            flat += (m, c)
        edges.append(flat)
    return strings, edges, parents_of, unforced


_EVENTS = {"enter": "e", "leaf": "l", "update": "u", "cutoff": "c", "exit": "x"}


def last_search_model(root: Node[Any, Any], result: SearchResult[Any], until: int) -> ExplorerModel:
    """The model of an AI's last search: the tree below ``root`` as ``result`` left it (its
    first ``until`` nodes), titled with rater and depth."""
    depth = "the end" if result.depth is None else f"depth {result.depth}"
    title = f"the AI's last move: {result.rater} to {depth}"
    if result.position_book_hit:  # serve --position-book: nothing was searched
        title = f"the AI's last move: from the position book (searched to {depth} before)"
    return explorer_model(root, result=result, until=until, title=title)


def _steps(trace: Trace, index: dict[int, int]) -> dict[str, Any] | None:
    """The trace's steps in columns (see the module), or None when one is at a node
    the model does not hold."""
    nodes = [index.get(id(s.node), -1) for s in trace.steps]
    if any(i < 0 for i in nodes):
        return None
    terms = [[[_number(p), _number(v)] for p, v in s.terms] or None for s in trace.steps]
    return {
        "node": nodes,
        "event": "".join(_EVENTS[s.event] for s in trace.steps),
        "alpha": [_number(s.alpha) for s in trace.steps],
        "beta": [_number(s.beta) for s in trace.steps],
        "value": [None if s.value is None else _number(s.value) for s in trace.steps],
        "terms": terms if any(t is not None for t in terms) else None,
        "bound": "".join("-" if s.bound is None else _BOUNDS[s.bound] for s in trace.steps),
        "assumed": [k for k, s in enumerate(trace.steps) if s.assumed],
        "quiescence": [k for k, s in enumerate(trace.steps) if s.quiescence],
        "truncated": trace.truncated,
    }


def _visits(node: Node[Any, Any], visits: Visits) -> list[int]:
    """The visits of each generated edge of ``node``, in generation order."""
    counts = visits(node)
    return [counts.get(edge.move, 0) for edge in node.generated_edges]


def _position_book_summary(root: Node[Any, Any], result: SearchResult[Any]) -> dict[str, Any]:
    """What the position book did for the search at ``root``: its ``status`` and, for a hit, the
    ``move``, ``depth`` (None: to the end) and ``uses``."""
    position_book = result.position_book
    assert position_book is not None
    out: dict[str, Any] = {"status": position_book.status}
    if position_book.status == "hit":
        state = root.state
        moves = [root.context.game.move_to_str(state, m) for m in result.best_moves]
        out.update(move=moves[0] if moves else None, depth=result.depth, uses=position_book.uses)
    return out
