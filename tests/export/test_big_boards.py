"""Exports of big boards: positions as deltas that rebuild to the whole boards, nodes
labelled by their move, boards drawn only on request, moves never generated counted only
when that is affordable."""

from __future__ import annotations

import contextlib
import json
from pathlib import Path
from typing import Any

import networkx as nx
import pytest

from lazytree.explorer import explorer_model
from lazytree.export import (
    add_board_text,
    graph_positions,
    node_items,
    to_graphviz,
    to_networkx,
    write_graph,
)
from lazytree.export.graph import never_affordable, never_count, never_generated
from lazytree.games import load_game
from lazytree.search import Limit, SearchStopped, search
from lazytree.tree import Tree


def searched(nodes: int = 500, rater: str = "alphabeta", **options: Any) -> Tree[Any, Any]:
    game, state = load_game("dice-of-doom", **options)
    tree: Tree[Any, Any] = Tree(game, state, share=True)
    with contextlib.suppress(SearchStopped):  # the tree keeps what the search built
        search(tree.root, Limit(depth=6, nodes=nodes), rater)
    return tree


def positions_of(graph: Any) -> list[tuple[str, dict[str, Any]]]:
    return [(n, a) for n, a in node_items(graph) if a["kind"] == "position"]


def test_a_big_board_is_written_once_and_each_position_as_its_changes() -> None:
    tree = searched(size=10, seed=1)  # 100 cells: more than SMALL_BOARD
    graph = to_networkx(tree)
    whole = to_networkx(tree, boards="whole")
    assert graph.graph["boards"] == "delta" and whole.graph["boards"] == "whole"
    nodes = positions_of(graph)
    assert "cells" in nodes[0][1] and all("delta" in a for _, a in nodes[1:])
    assert not any("board" in a for _, a in nodes)  # no render() text of 10 lines a node
    expected = {n: json.loads(a["cells"]) for n, a in positions_of(whole)}
    assert all("board" in a for _, a in positions_of(whole))
    rebuilt = dict(graph_positions(graph))
    assert len(rebuilt) == len(expected) > 100 and rebuilt == expected


def test_a_big_board_s_nodes_are_labelled_by_their_move() -> None:
    tree = searched(size=10, seed=1)
    graph = to_networkx(tree)
    nodes = positions_of(graph)
    assert nodes[0][1]["label"] == "root"
    for node_id, attrs in nodes[1:]:
        assert node_id.split("/")[-1].split("#")[0] == attrs["label"]
    small = to_networkx(searched(size=3, seed=1))  # a short label: the game's
    root = positions_of(small)[0][1]
    assert root["label"] != "root" and len(root["label"]) <= 48 and "board" in root


@pytest.mark.parametrize("fmt", ["graphml", "json"])
def test_the_files_read_back_rebuild_every_board(tmp_path: Path, fmt: str) -> None:
    tree = searched(size=12, seed=2)
    graph = to_networkx(tree)
    out = tmp_path / f"t.{fmt}"
    write_graph(graph, out)
    back: Any
    if fmt == "graphml":
        back = nx.read_graphml(out)
    else:
        back = nx.node_link_graph(json.loads(out.read_text()), edges="edges")
    expected = dict(graph_positions(to_networkx(tree, boards="whole")))
    assert dict(graph_positions(back)) == expected


def _json_bytes_per_position(tmp_path: Path, size: int) -> float:
    graph = to_networkx(searched(nodes=800, size=size, seed=1))
    out = tmp_path / f"{size}.json"
    write_graph(graph, out)
    return out.stat().st_size / len(positions_of(graph))


def test_a_graph_file_grows_with_the_nodes_not_with_the_cells(tmp_path: Path) -> None:
    small, big = _json_bytes_per_position(tmp_path, 10), _json_bytes_per_position(tmp_path, 30)
    assert big < 1.3 * small, (small, big)  # 9x the cells


SPOILT = [
    ("a cell off the board", lambda g, n: g.nodes[n].update(delta='[5000,0,"1"]'), "cell"),
    ("an owner who is not a player", lambda g, n: g.nodes[n].update(delta='[1,9,"1"]'), "owner"),
    ("a delta that is not JSON", lambda g, n: g.nodes[n].update(delta="[1,0,"), "JSON"),
    ("a label too long", lambda g, n: g.nodes[n].update(delta=f'[1,0,"{"x" * 99}"]'), "label"),
    ("no cells nor delta", lambda g, n: g.nodes[n].pop("delta"), "neither"),
    ("a nested bomb", lambda g, n: g.nodes[n].update(delta="[" * 5000 + "]" * 5000), "deep"),
]


@pytest.mark.parametrize(("what", "spoil", "says"), SPOILT, ids=[s[0] for s in SPOILT])
def test_a_malformed_graph_is_refused_where_it_is_read(what: str, spoil: Any, says: str) -> None:
    graph = to_networkx(searched(nodes=60, size=10, seed=1))
    spoil(graph, positions_of(graph)[1][0])
    with pytest.raises(ValueError, match=says):
        dict(graph_positions(graph))


def test_a_big_board_is_drawn_by_moves_and_its_boards_only_on_request() -> None:
    tree = searched(nodes=300, size=10, seed=1)
    plain = to_graphviz(tree, max_nodes=20).source
    drawn = to_graphviz(tree, max_nodes=20, board=True).source
    graph = to_networkx(tree, max_nodes=20)
    drawn_positions = len(positions_of(graph))
    assert "\\l" not in plain  # no board text: each node is its move
    assert drawn.count("\\l") >= 10 * drawn_positions  # ten rows a board, the drawn ones
    assert add_board_text(graph, tree) == drawn_positions < 20


def test_counting_the_moves_never_generated_agrees_with_listing_them() -> None:
    tree = searched(nodes=2000, rater="deepening", size=10, seed=3)  # ordered, with a width
    stopped = 0
    for _, attrs in positions_of(to_networkx(tree, count_pruned=False)):
        assert "count" not in attrs
    nodes = [tree.root]
    while nodes:
        node = nodes.pop()
        assert never_count(node) == len(never_generated(node))
        stopped += never_count(node) > 0
        nodes.extend(c for e in node.generated_edges if (c := e.peek()) is not None)
    assert stopped > 10


def test_moves_never_generated_are_counted_only_within_the_budget(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Counting lists every legal move of every node whose generator was stopped: past
    NEVER_BUDGET moves (a big search of a big board) the exports leave them uncounted."""
    tree = searched(nodes=400, size=10, seed=1)
    counted = to_networkx(tree)
    notes = [a for _, a in node_items(counted) if a["kind"] == "pruned"]
    assert notes and all(a["count"] > 0 for a in notes)
    assert explorer_model(tree).data["summary"]["never"] == sum(a["count"] for a in notes)
    monkeypatch.setattr("lazytree.export.graph.NEVER_BUDGET", 100)
    assert not never_affordable([tree.root] * 10)
    uncounted = to_networkx(tree)
    notes = [a for _, a in node_items(uncounted) if a["kind"] == "pruned"]
    assert notes and not any("count" in a for a in notes)
    data = explorer_model(tree).data
    assert data["summary"]["never"] is None and set(data["never"]) == {-1}
    assert explorer_model(tree, count_never=True).data["summary"]["never"] > 0


def test_graphviz_takes_a_note_of_thousands_of_moves() -> None:
    """A note's tooltip names at most 100 moves: Graphviz refuses strings of over 16,384
    characters, and a 100x100 position has thousands of moves generated."""
    tree = searched(nodes=200, rater="deepening", size=100, seed=1)
    source = to_graphviz(tree, max_nodes=30).source
    assert max(map(len, source.splitlines())) < 16_000
    assert "more" in source
