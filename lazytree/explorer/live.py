"""A live tree behind an explorer: click an unforced child, the search forces it
(:meth:`LiveExplorer.force`).

Examples
--------
>>> from lazytree.tree import Tree
>>> from lazytree.search import minimax
>>> from lazytree.games import load_game
>>> game, state = load_game("tictactoe")
>>> tree = Tree(game, state)
>>> live = LiveExplorer(tree, result=minimax(tree.root, 1), rater="minimax")
>>> live.model.data["summary"]["positions"]
10
>>> b2 = live.model.data["pv"][1]
>>> live.force({"node": b2, "depth": 2})["forced"]  # its 8 replies and their 7 each
64
>>> live.model.data["summary"]["positions"]
74
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from lazytree.explorer.model import DEFAULT_MAX_POSITIONS, ExplorerModel, Visits, explorer_model
from lazytree.search import Limit, SearchResult, make_rater, search
from lazytree.search.limit import SearchStopped
from lazytree.teach import Trace
from lazytree.tree import Node, Tree

__all__ = ["MAX_FORCE_DEPTH", "MAX_FORCE_NODES", "LiveExplorer", "force_status"]

MAX_FORCE_DEPTH = 12
"""The deepest search one click may ask for."""

MAX_FORCE_NODES = 200_000
"""Most new nodes one click's search may build (then it stops and says so)."""


class LiveExplorer:
    """A tree in memory (``source``: a tree or a node) and its explorer model, refreshed after
    each forcing request: a click searches with ``rater`` to ``depth`` within ``max_nodes`` new
    nodes. ``result``, ``title``, ``visits`` and ``trace`` are as
    :func:`~lazytree.explorer.model.explorer_model` takes them."""

    def __init__(
        self,
        source: Node[Any, Any] | Tree[Any, Any],
        *,
        result: SearchResult[Any] | None = None,
        rater: str = "alphabeta",
        depth: int = 2,
        max_nodes: int = MAX_FORCE_NODES,
        max_positions: int | None = DEFAULT_MAX_POSITIONS,
        title: str | None = None,
        visits: Visits | None = None,
        trace: Trace | None = None,
    ) -> None:
        self.root = source.root if isinstance(source, Tree) else source
        self.result = result
        self.rater_name = rater
        self.rater = make_rater(rater)
        self.depth = depth
        self.max_nodes = max_nodes
        self.max_positions = max_positions
        self.title = title
        self.visits = visits
        self.trace = trace
        self.model = self._build()

    def _build(self) -> ExplorerModel:
        return explorer_model(
            self.root,
            result=self.result,
            max_positions=self.max_positions,
            title=self.title,
            visits=self.visits,
            trace=self.trace,
        )

    def refresh(self) -> ExplorerModel:
        """Rebuild the model from the tree as it is now (after changes made elsewhere)."""
        self.model = self._build()
        return self.model

    def node(self, request: Mapping[str, Any]) -> Node[Any, Any]:
        """The node a request names by ``node`` (its index in the current model), checked
        against ``serial`` when given (a page showing an older model gets an error)."""
        index = request.get("node")
        nodes = self.model.nodes
        if not isinstance(index, int) or isinstance(index, bool) or not 0 <= index < len(nodes):
            raise ValueError(f"no node {index!r} in the explored tree ({len(nodes)} positions)")
        node = nodes[index]
        serial = request.get("serial")
        if serial is not None and serial != node.serial:
            raise ValueError("the page shows an older tree: reload it")
        return node

    def force(self, request: Mapping[str, Any]) -> dict[str, Any]:
        """Carry out one request from the page and rebuild the model: ``node`` (an index;
        ``serial`` checks it) and ``edge`` (force that move and search below it),
        ``generate: true`` (generate the moves a cut-off never generated) or neither (search
        below the node), to ``depth`` (1 to :data:`MAX_FORCE_DEPTH`). Returns ``forced``,
        ``generated``, ``positions`` and ``stopped``; ``ValueError`` for a request that
        names nothing valid."""
        node = self.node(request)
        depth = request.get("depth", self.depth)
        if not isinstance(depth, int) or isinstance(depth, bool):
            raise ValueError(f"depth must be a whole number, got {depth!r}")
        if not 1 <= depth <= MAX_FORCE_DEPTH:
            raise ValueError(f"depth must be from 1 to {MAX_FORCE_DEPTH}, got {depth}")
        stats = self.root.context.stats
        before = stats.snapshot()
        stopped: str | None = None
        edge_index = request.get("edge")
        if request.get("generate"):
            for _ in node.children:  # generates the rest; forces none
                pass
        else:
            target = node
            if edge_index is not None:
                edges = node.generated_edges
                if not isinstance(edge_index, int) or not 0 <= edge_index < len(edges):
                    raise ValueError(f"the node has no generated move {edge_index!r}")
                target = edges[edge_index].child
            if not target.is_terminal():
                player = self.result.player if self.result is not None else None
                try:
                    limit = Limit(depth=depth, nodes=self.max_nodes)
                    search(target, limit, self.rater, player=player)
                except SearchStopped as exc:
                    stopped = exc.reason
        after = stats.snapshot() - before
        self.refresh()
        return {
            "forced": after.nodes_created,
            "generated": after.moves_generated,
            "positions": self.model.data["summary"]["positions"],
            "stopped": stopped,
        }


def force_status(report: Mapping[str, Any]) -> str:
    """The page's status line after a request (:meth:`LiveExplorer.force`'s report).

    >>> force_status({"forced": 64, "generated": 71, "positions": 74, "stopped": None})
    'forced 64 nodes, generated 71 moves; 74 positions'
    """
    stopped = f" (stopped: {report['stopped']} budget)" if report["stopped"] else ""
    return (
        f"forced {report['forced']:,} nodes, generated {report['generated']:,} moves"
        f"{stopped}; {report['positions']:,} positions"
    )
