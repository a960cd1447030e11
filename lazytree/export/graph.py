"""The explored part of a lazy tree as a :mod:`networkx` graph, never forcing anything.

:func:`to_networkx` describes each node that exists, with summary nodes for the moves never
generated and those generated but not searched; :func:`limit_nodes` caps a graph's size.

Examples
--------
>>> from lazytree.tree import Tree
>>> from lazytree.search import alphabeta
>>> from lazytree.games.tree_game import TreeGame
>>> tree = Tree(TreeGame([[3, 12, 8], [2, 4, 6], [14, 5, 2]]))
>>> result = alphabeta(tree.root, depth=2)
>>> g = to_networkx(tree, result=result)
>>> sum(1 for _, a in node_items(g) if a["kind"] == "position") == tree.stats.nodes_created
True
>>> g.nodes["root/1"]["value"], g.nodes["root/1"]["bound"]
(2.0, 'upper')
>>> g.nodes["root/1/pruned"]["count"], g.nodes["root/1/pruned"]["moves"]
(2, '1 2')
>>> g.nodes["root/1"]["moves_generated"], g.nodes["root/1"]["not_searched"]
(1, 0)
>>> [g.edges[u, v]["move"] for u, v in pv_edges(g)]
['0', '0']
"""

from __future__ import annotations

import json
from collections.abc import Hashable, Iterable, Iterator
from typing import TYPE_CHECKING, Any, Final, Protocol, TypeAlias, TypeVar, runtime_checkable

from lazytree.boards import (
    SCHEMA,
    BoardDeltas,
    board_layout,
    player_names,
    position_packer,
    position_view,
)
from lazytree.game import CHANCE, BoardView, Game
from lazytree.search.limit import Limit
from lazytree.search.result import SearchResult
from lazytree.traverse import explored_edges
from lazytree.tree import Bound, Edge, Node, Tree, moves_in_order

if TYPE_CHECKING:
    import networkx as nx

    ExportGraph: TypeAlias = nx.DiGraph[str]
else:  # (networkx is imported where a graph is made: the explorer's model needs none)
    ExportGraph: TypeAlias = Any

S_contra = TypeVar("S_contra", contravariant=True)

__all__ = [
    "BOARDS",
    "MAX_LABEL",
    "NEVER_BUDGET",
    "SMALL_BOARD",
    "ExportGraph",
    "Labelled",
    "derived_pv",
    "limit_nodes",
    "never_affordable",
    "never_count",
    "never_generated",
    "node_items",
    "node_label",
    "not_searched",
    "principal_line",
    "pv_edges",
    "to_networkx",
    "without_pruned",
]

ROOT_ID = "root"
"""The id of the export root; every other position's id is its path of moves from it."""

BOARDS: Final = ("auto", "whole", "delta")
"""How :func:`to_networkx` writes the positions of a board of cells (its ``boards``)."""

SMALL_BOARD: Final = 64
"""The most cells a board may have for :func:`to_networkx` to write every position
whole by default (an 8x8 board)."""

NEVER_BUDGET: Final = 4_000_000
"""The most legal moves an export lists to count the moves never generated, unless told
to count them whatever it costs (:func:`never_affordable`): about 2 s."""

MAX_LABEL: Final = 48
"""The longest label of a position (the game's :func:`node_label`); past it (a big
board) positions are labelled by the move into them."""


@runtime_checkable
class Labelled(Protocol[S_contra]):
    """A game that can name a position in a few characters (optional): the headline of a node,
    else the first line of ``render(state)``."""

    def label(self, state: S_contra) -> str:
        """A short, one-line name of ``state`` (a tiny board, a score, a path)."""
        ...


def node_label(game: Game[Any, Any], state: Hashable) -> str:
    """The game's compact label of ``state``, or the first line of its ``render``.

    >>> from lazytree.games.tree_game import TreeGame
    >>> node_label(TreeGame([[1, 2], 3]), (0, 1))
    '2'
    """
    if isinstance(game, Labelled):
        return str(game.label(state))
    text = game.render(state)
    return text.splitlines()[0] if text else ""


def to_networkx(
    source: Node[Any, Any] | Tree[Any, Any],
    *,
    result: SearchResult[Any] | None = None,
    pruned: bool = True,
    count_pruned: bool | None = None,
    max_nodes: int | None = None,
    limit: Limit | None = None,
    boards: str = "auto",
) -> ExportGraph:
    """The nodes that exist below ``source`` as a directed graph; nothing is forced.

    Parameters
    ----------
    source:
        The export root: a node, or a tree (its root).
    result:
        The search result whose principal variation (``result.pv``) is marked on the
        edges. Without one, the line is derived from the stored ratings
        (:func:`derived_pv`), which agrees with the rater's except maybe between tied moves.
    pruned:
        Add one summary node (``kind="pruned"``) under each node whose move generator was
        stopped before its end, for the moves that were never generated, and one
        (``kind="unsearched"``) under each node with moves generated but not searched.
    count_pruned:
        Count (and name) those moves by running the game's move generator afresh. This
        calls ``game.legal_moves`` only: the tree, its thunks and its counters are not
        touched. When false, the count is left out (it is unknown); None (the default):
        counted when :func:`never_affordable` (not on big boards' big searches).
    max_nodes:
        Cap the graph at this many nodes with :func:`limit_nodes`.
    limit:
        A memory budget (or stop event) for building the graph: the walk raises
        :class:`~lazytree.traverse.WalkStopped` once the process holds more
        (:func:`~lazytree.traverse.explored_edges`).
    boards:
        How a game with a board of cells (a :class:`~lazytree.game.BoardView`) writes each
        position: ``"whole"`` (every position's ``board`` text and ``cells``),
        ``"delta"`` (the root's ``cells``, every other position's ``delta`` against its
        parent's: the graph grows with the nodes, not with nodes x cells), or
        ``"auto"``: whole up to :data:`SMALL_BOARD` cells, else delta. A game without a
        board view writes every position's ``board`` text.

    Returns
    -------
    networkx.DiGraph
        Node ids are strings: ``"root"``, then the moves from the export root joined by
        ``/`` (``"root/2/1"``; a shared position keeps the path it was first met by).
        Every node has ``kind`` (``"position"``, ``"pruned"``, ``"unsearched"``, or
        ``"more"`` after :func:`limit_nodes`) and ``label`` (the game's short label of
        the position, or the move into it, ``"root"`` for the root, when the root's label
        is longer than :data:`MAX_LABEL` characters: a big board). Positions have
        ``board`` (the game's ``render``; see ``boards``), ``cells`` (JSON text: the
        board packed by :func:`lazytree.boards.pack`), ``delta`` (JSON text: the
        :data:`~lazytree.boards.CellDelta` of the cells whose owner or label differ
        from the parent's, the position it was first met from), ``player``
        (:data:`~lazytree.game.CHANCE` is -1),
        ``depth``, ``status`` (``"expanded"``, ``"unexpanded"`` or ``"terminal"``),
        ``terminal``, ``chance``, ``moves_generated``, ``exhausted``,
        ``forced_children`` (moves searched), ``not_searched`` (moves generated, not
        searched) and, when a rater stored a rating, ``value``, ``rating_player``,
        ``rating_depth`` and ``bound`` (``"exact"``, ``"lower"``, ``"upper"``). Pruned
        nodes have ``count`` (moves never generated) and ``moves`` (their labels,
        space-separated) when counted; unsearched nodes have ``count`` and ``moves`` of
        the moves generated but not searched. Edges have ``move``, ``pv``, ``chance``
        and, on chance edges, ``probability``. Graph attributes: ``game``, ``root``,
        ``boards`` (``"whole"``, ``"delta"`` or ``"text"``: how positions are written),
        ``board_layout`` (JSON text, a board of cells only:
        :func:`lazytree.boards.board_layout`; :func:`graph_positions` rebuilds every
        position's whole board from the graph),
        ``pv`` (move labels, space-separated), ``pv_source`` (``"result"``,
        ``"ratings"`` or ``"none"``) and with a result ``search_value``,
        ``search_player``, ``rater``, ``search_depth``.
    """
    root = source.root if isinstance(source, Tree) else source
    game: Game[Any, Any] = root.context.game
    import networkx as nx

    graph: ExportGraph = nx.DiGraph()
    graph.graph["game"] = game.name
    graph.graph["root"] = ROOT_ID
    describe = _Positions(game, root, boards)
    graph.graph.update(describe.graph_attrs)
    ids, nodes = _add_explored(graph, game, root, describe, limit)
    if pruned:  # after the walk, so the summaries come after all positions
        if count_pruned is None:
            count_pruned = never_affordable(nodes.values())
        for node_id, node in nodes.items():
            _add_unsearched(graph, game, node, node_id)
            _add_pruned(graph, game, node, node_id, count_pruned)
    _mark_pv(graph, root, ids, result)
    if max_nodes is not None:
        graph = limit_nodes(graph, max_nodes)
    return graph


def _add_explored(
    graph: ExportGraph,
    game: Game[Any, Any],
    root: Node[Any, Any],
    describe: _Positions,
    limit: Limit | None,
) -> tuple[dict[int, str], dict[str, Node[Any, Any]]]:
    """Add the positions below ``root`` that exist, and the moves between them, to
    ``graph``: the node ids by the nodes' ``id``, and the nodes by node id."""
    ids: dict[int, str] = {id(root): ROOT_ID}
    nodes: dict[str, Node[Any, Any]] = {ROOT_ID: root}
    _add_position(graph, game, root, ROOT_ID, 0, describe.root())
    for parent, edge, child, depth, first in explored_edges(root, limit=limit):
        parent_id = ids[id(parent)]
        move = game.move_to_str(parent.state, edge.move)
        if first:
            child_id = fresh_id(graph, f"{parent_id}/{move}")
            ids[id(child)] = child_id
            nodes[child_id] = child
            about = describe.child(parent_id, parent, child_id, child, move)
            _add_position(graph, game, child, child_id, depth, about)
        attrs: dict[str, Any] = {"move": move, "pv": False, "chance": parent.player == CHANCE}
        if edge.probability is not None:
            attrs["probability"] = float(edge.probability)
        graph.add_edge(parent_id, ids[id(child)], **attrs)
    return ids, nodes


def fresh_id(taken: ExportGraph | set[str], wanted: str) -> str:
    if wanted not in taken:
        return wanted
    k = 2
    while f"{wanted}#{k}" in taken:
        k += 1
    return f"{wanted}#{k}"


class _Positions:
    """What :func:`to_networkx` writes about each position's board and how it labels it
    (see ``boards`` there): decided once from the root."""

    def __init__(self, game: Game[Any, Any], root: Node[Any, Any], boards: str) -> None:
        if boards not in BOARDS:
            raise ValueError(f"boards={boards!r}: one of {', '.join(BOARDS)}")
        self.game = game
        self.root_state = root.state
        label = node_label(game, root.state)
        self.by_move = len(label) > MAX_LABEL
        self.root_label = "root" if self.by_move else label
        view = position_view(game, root.state) if isinstance(game, BoardView) else {}
        cells = len(view.get("cells", ()))
        self.graph_attrs: dict[str, Any] = {}
        if not cells:
            self.mode = "text"
        elif boards == "whole" or (boards == "auto" and cells <= SMALL_BOARD):
            self.mode = "whole"
        else:
            self.mode = "delta"
        self.deltas = BoardDeltas(game) if self.mode == "delta" else None
        self.packer = position_packer(game) if cells else None
        self.graph_attrs["boards"] = self.mode
        if cells:
            names = player_names(game, view)
            layout = board_layout({**view, "players": names, "schema": SCHEMA})
            self.graph_attrs["board_layout"] = _json(layout)

    def root(self) -> dict[str, Any]:
        """The root's label and board attributes."""
        return self._whole(self.root_state, self.root_label, board_text=self.mode != "delta")

    def child(
        self,
        parent_id: str,
        parent: Node[Any, Any],
        child_id: str,
        child: Node[Any, Any],
        move: str,
    ) -> dict[str, Any]:
        """A child's label and board attributes (``move``: the move into it)."""
        label = move if self.by_move else node_label(self.game, child.state)
        if self.deltas is None:
            return self._whole(child.state, label, board_text=True)
        delta, _ = self.deltas.delta(parent_id, parent.state, child_id, child.state)
        return {"label": label, "delta": _json(delta)}

    def _whole(self, state: Any, label: str, *, board_text: bool) -> dict[str, Any]:
        out: dict[str, Any] = {"label": label}
        if board_text:
            out["board"] = self.game.render(state)
        if self.packer is not None:
            out["cells"] = _json(self.packer(state)[0])
        return out


def _json(value: Any) -> str:
    return json.dumps(value, separators=(",", ":"))


def _add_position(
    graph: ExportGraph,
    game: Game[Any, Any],
    node: Node[Any, Any],
    node_id: str,
    depth: int,
    about: dict[str, Any],
) -> None:
    terminal = bool(game.is_terminal(node.state))
    status = "terminal" if terminal else "expanded" if node.expanded else "unexpanded"
    edges = node.generated_edges
    forced = sum(1 for e in edges if e.forced)
    attrs: dict[str, Any] = {
        "kind": "position",
        **about,
        "player": node.player,
        "depth": depth,
        "status": status,
        "terminal": terminal,
        "chance": node.player == CHANCE,
        "moves_generated": len(edges),
        "exhausted": node.fully_generated,
        "forced_children": forced,
        "not_searched": len(edges) - forced,
    }
    rating = node.rating
    if rating is not None:
        attrs["value"] = float(rating.value)
        attrs["rating_player"] = rating.player
        attrs["rating_depth"] = rating.depth
        attrs["bound"] = rating.bound.value
    graph.add_node(node_id, **attrs)


def _add_pruned(
    graph: ExportGraph, game: Game[Any, Any], node: Node[Any, Any], node_id: str, count: bool
) -> None:
    data = graph.nodes[node_id]
    if not node.expanded or node.fully_generated or data["terminal"]:
        return
    attrs: dict[str, Any] = {"kind": "pruned"}
    if count:
        rest = never_generated(node)
        if not rest:  # the generator was stopped just before its end: nothing was saved
            return
        attrs["count"] = len(rest)
        attrs["moves"] = " ".join(game.move_to_str(node.state, m) for m in rest)
        attrs["label"] = f"pruned: {_plural(len(rest), 'move')} never generated"
    else:
        attrs["label"] = "pruned: moves never generated"
    pruned_id = fresh_id(graph, f"{node_id}/pruned")
    graph.add_node(pruned_id, **attrs)
    graph.add_edge(node_id, pruned_id, move="", pv=False, chance=False, pruned=True)


def _add_unsearched(
    graph: ExportGraph, game: Game[Any, Any], node: Node[Any, Any], node_id: str
) -> None:
    rest = not_searched(node)
    if not rest:
        return
    unsearched_id = fresh_id(graph, f"{node_id}/unsearched")
    graph.add_node(
        unsearched_id,
        kind="unsearched",
        count=len(rest),
        moves=" ".join(game.move_to_str(node.state, m) for m in rest),
        label=f"{_plural(len(rest), 'move')} generated, not searched",
    )
    graph.add_edge(node_id, unsearched_id, move="", pv=False, chance=False, pruned=True)


def not_searched(node: Node[Any, Any]) -> list[Any]:
    """The moves of ``node`` that were generated but whose child was never forced, in
    generation order (nothing is generated or forced).

    >>> from lazytree.tree import Tree
    >>> from lazytree.games.tree_game import TreeGame
    >>> tree = Tree(TreeGame([[1, 2], [3, 4], 5]))
    >>> _ = tree.root.children[1].child
    >>> not_searched(tree.root), never_generated(tree.root)
    ([0], [2])
    """
    return [e.move for e in node.generated_edges if not e.forced]


def never_generated(node: Node[Any, Any]) -> list[Any]:
    """The moves of ``node`` its generator has not produced yet (the legal moves after its
    generated edges), from a fresh generator: the tree is not touched.

    >>> from lazytree.tree import Tree
    >>> from lazytree.games.tree_game import TreeGame
    >>> tree = Tree(TreeGame([[1, 2], [3, 4], 5]))
    >>> _ = tree.root.children[0]
    >>> never_generated(tree.root), tree.stats.moves_generated
    ([1, 2], 1)
    """
    if not node.expanded or node.fully_generated:
        return []
    return list(_skip(moves_in_order(node), len(node.generated_edges)))


def never_count(node: Node[Any, Any]) -> int:
    """How many moves :func:`never_generated` lists, counted from the game's legal moves;
    nothing is generated or forced.

    >>> from lazytree.tree import Tree
    >>> from lazytree.games.tree_game import TreeGame
    >>> tree = Tree(TreeGame([[1, 2], [3, 4], 5]))
    >>> _ = tree.root.children[0]
    >>> never_count(tree.root)
    2
    """
    if not node.expanded or node.fully_generated:
        return 0
    legal = sum(1 for _ in node.context.game.legal_moves(node.state))
    return max(0, legal - len(node.generated_edges))


def never_affordable(nodes: Iterable[Node[Any, Any]]) -> bool:
    """Whether counting the moves never generated under ``nodes`` lists at most
    :data:`NEVER_BUDGET` moves (estimated from the first stopped node).

    >>> from lazytree.tree import Tree
    >>> from lazytree.games.tree_game import TreeGame
    >>> tree = Tree(TreeGame([[1, 2], [3, 4], 5]))
    >>> _ = tree.root.children[0]
    >>> never_affordable([tree.root])
    True
    """
    stopped = [n for n in nodes if n.expanded and not n.fully_generated]
    if not stopped:
        return True
    first = stopped[0]
    moves = sum(1 for _ in first.context.game.legal_moves(first.state))
    return moves * len(stopped) <= NEVER_BUDGET


def _skip(moves: Iterator[Any], n: int) -> Iterator[Any]:
    for i, move in enumerate(moves):
        if i >= n:
            yield move


def _plural(n: int, word: str) -> str:
    return f"{n} {word}" if n == 1 else f"{n} {word}s"


def derived_pv(root: Node[Any, Any]) -> tuple[Any, ...]:
    """The principal variation read back from the ratings stored below ``root``: from each node,
    the first forced child with an exact rating equal to the node's value (between tied moves it
    may differ from the rater's).

    >>> from lazytree.tree import Tree
    >>> from lazytree.search import minimax
    >>> from lazytree.games.tree_game import TreeGame
    >>> tree = Tree(TreeGame([[3, 12, 8], [2, 4, 6], [14, 5, 2]]))
    >>> derived_pv(tree.root), minimax(tree.root, 2).pv, derived_pv(tree.root)
    ((), (0, 0), (0, 0))
    """
    line: list[Any] = []
    node = root
    seen = {id(node)}
    while node.rating is not None and node.player != CHANCE:
        rating = node.rating
        for edge in node.generated_edges:
            child = edge.peek()
            r = None if child is None else child.rating
            if (
                child is not None
                and r is not None
                and r.bound is Bound.EXACT
                and r.player == rating.player
                and r.value == rating.value
                and id(child) not in seen
            ):
                line.append(edge.move)
                seen.add(id(child))
                node = child
                break
        else:
            break
    return tuple(line)


def _mark_pv(
    graph: ExportGraph,
    root: Node[Any, Any],
    ids: dict[int, str],
    result: SearchResult[Any] | None,
) -> None:
    game = root.context.game
    source, line = principal_line(root, result)
    graph.graph["pv_source"] = source
    if result is not None:
        graph.graph["search_value"] = float(result.value)
        graph.graph["search_player"] = result.player
        graph.graph["rater"] = result.rater
        if result.depth is not None:
            graph.graph["search_depth"] = result.depth
    labels: list[str] = []
    for node, edge in line:
        child = edge.peek()
        if id(child) not in ids:
            break  # the line leaves the exported part
        graph.edges[ids[id(node)], ids[id(child)]]["pv"] = True
        labels.append(game.move_to_str(node.state, edge.move))
    graph.graph["pv"] = " ".join(labels)


def principal_line(
    root: Node[Any, Any], result: SearchResult[Any] | None = None
) -> tuple[str, list[tuple[Node[Any, Any], Edge[Any, Any]]]]:
    """The principal variation below ``root`` as built edges: ``(source, [(node, edge)])``.

    The moves are ``result.pv`` (source ``"result"``) or, without a result, the line
    read back from stored ratings by :func:`derived_pv` (``"ratings"``, or ``"none"``
    when there is none). The line stops where it leaves the explored part (a move never
    forced, or a result from another tree); every edge returned has its child.
    """
    if result is not None:
        moves: tuple[Any, ...] = result.pv
        source = "result"
    else:
        moves = derived_pv(root)
        source = "ratings" if moves else "none"
    line: list[tuple[Node[Any, Any], Edge[Any, Any]]] = []
    node = root
    for move in moves:
        edge = next((e for e in node.generated_edges if e.move == move), None)
        child = None if edge is None else edge.peek()
        if edge is None or child is None:
            break
        line.append((node, edge))
        node = child
    return source, line


def node_items(graph: ExportGraph) -> Iterator[tuple[str, dict[str, Any]]]:
    """Each node id of ``graph`` with its attribute dict, in insertion order."""
    for n in graph:
        yield n, graph.nodes[n]


def without_pruned(graph: ExportGraph) -> ExportGraph:
    """A copy of ``graph`` without its summary notes (pruned and unsearched)."""
    notes = ("pruned", "unsearched")
    return induced(graph, {n for n, a in node_items(graph) if a["kind"] not in notes})


def induced(graph: ExportGraph, keep: set[str]) -> ExportGraph:
    """A copy of ``graph`` with only the nodes in ``keep``, in the original order (networkx's
    ``subgraph`` may shuffle siblings)."""
    import networkx as nx

    out: ExportGraph = nx.DiGraph()
    out.graph.update(graph.graph)
    out.add_nodes_from((n, dict(a)) for n, a in node_items(graph) if n in keep)
    out.add_edges_from(
        (u, v, dict(a)) for u, v, a in graph.edges(data=True) if u in keep and v in keep
    )
    return out


def pv_edges(graph: ExportGraph) -> list[tuple[str, str]]:
    """The principal-variation edges of an exported graph, in order from its root."""
    out: list[tuple[str, str]] = []
    node = graph.graph.get("root", ROOT_ID)
    while True:
        nxt = [v for v in graph.successors(node) if graph.edges[node, v].get("pv")]
        if not nxt:
            return out
        out.append((node, nxt[0]))
        node = nxt[0]


def limit_nodes(graph: ExportGraph, max_nodes: int) -> ExportGraph:
    """A copy of ``graph`` with at most ``max_nodes`` nodes: the root and the principal
    variation, then the nodes nearest that line, and under each kept node that lost successors
    one ``kind="more"`` node counting them. ``ValueError`` when the cap is too small for the
    root and the line."""
    if max_nodes < 1:
        raise ValueError(f"max_nodes must be at least 1, got {max_nodes}")
    if graph.number_of_nodes() <= max_nodes:
        return induced(graph, set(graph))
    root = graph.graph.get("root", ROOT_ID)
    kept: set[str] = {root} | {v for _, v in pv_edges(graph)}

    def open_count(n: str) -> int:
        return sum(1 for v in graph.successors(n) if v not in kept)

    total = len(kept) + sum(1 for n in kept if open_count(n))
    if total > max_nodes:
        raise ValueError(
            f"max_nodes={max_nodes} is too small to draw the best line (it needs {total} nodes)"
        )
    for candidate in _by_distance_from(graph, root, kept):
        if candidate in kept:
            continue
        parents = [p for p in graph.predecessors(candidate) if p in kept]
        if not parents:
            continue
        closes = sum(1 for p in parents if open_count(p) == 1)
        opens = 1 if open_count(candidate) else 0
        cost = 1 + opens - closes
        if total + cost <= max_nodes:
            kept.add(candidate)
            total += cost
    out = induced(graph, kept)
    counted: set[str] = set()
    for n in sorted(kept, key=lambda n: graph.nodes[n].get("depth", 0)):
        hidden = [v for v in graph.successors(n) if v not in kept]
        if not hidden:
            continue
        below = _hidden_below(graph, hidden, kept, counted)
        positions = sum(1 for v in below if graph.nodes[v]["kind"] == "position")
        pruned = sum(1 for v in below if graph.nodes[v]["kind"] == "pruned")
        label = f"... {_plural(positions, 'more node')}" if positions else "..."
        if pruned:
            label += f" ({pruned} pruned {'note' if pruned == 1 else 'notes'})"
        more_id = fresh_id(out, f"{n}/more")
        out.add_node(more_id, kind="more", label=label, count=positions, pruned=pruned)
        out.add_edge(n, more_id, move="", pv=False, chance=False, more=True)
    out.graph["max_nodes"] = max_nodes
    return out


def _by_distance_from(graph: ExportGraph, root: str, line: set[str]) -> list[str]:
    """The nodes reachable from ``root``, nearest to ``line`` first (then by depth, then breadth
    first)."""
    order: dict[str, int] = {root: 0}
    frontier = [root]
    while frontier:
        nxt: list[str] = []
        for n in frontier:
            for v in graph.successors(n):
                if v not in order:
                    order[v] = len(order)
                    nxt.append(v)
        frontier = nxt
    distance: dict[str, int] = {}
    depth: dict[str, int] = {root: 0}
    for n in order:  # breadth first: every parent comes before its children
        if n != root:
            parents = [p for p in graph.predecessors(n) if p in distance]
            depth[n] = 1 + min(depth[p] for p in parents)
            distance[n] = 0 if n in line else 1 + min(distance[p] for p in parents)
        else:
            distance[n] = 0
    return sorted(order, key=lambda n: (distance[n], depth[n], order[n]))


def _hidden_below(
    graph: ExportGraph, start: list[str], kept: set[str], counted: set[str]
) -> list[str]:
    """Nodes not kept reachable from ``start`` through nodes not kept, each counted once."""
    out: list[str] = []
    stack = [v for v in start if v not in counted]
    counted.update(stack)
    while stack:
        v = stack.pop()
        out.append(v)
        for w in graph.successors(v):
            if w not in kept and w not in counted:
                counted.add(w)
                stack.append(w)
    return out
