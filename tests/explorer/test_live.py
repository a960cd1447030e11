"""Forcing from the page: the live explorer and the Jupyter widget's model (no browser)."""

from __future__ import annotations

import json
import re
from typing import Any

import pytest

from lazytree.explorer.live import MAX_FORCE_DEPTH, LiveExplorer
from lazytree.explorer.widget import TreeExplorer, widget_module
from lazytree.games import Position
from lazytree.games.tree_game import TreeGame
from lazytree.search import alphabeta, minimax
from lazytree.tree import Tree

LECTURE = [[3, 12, 8], [2, 4, 6], [14, 5, 2]]


def edges_of(data: dict[str, Any], i: int) -> list[tuple[str, int]]:
    flat = data["edges"][i]
    return [(data["strings"][flat[k]], flat[k + 1]) for k in range(0, len(flat), 2)]


def test_generate_then_force_a_move_a_cut_off_never_generated() -> None:
    tree = Tree(TreeGame(LECTURE))
    live = LiveExplorer(tree, result=alphabeta(tree.root, 2))
    data = live.model.data
    node = edges_of(data, 0)[1][1]  # the second move: cut after its first reply
    assert data["never"][node] == 2 and data["summary"]["positions"] == 11
    report = live.force({"node": node, "serial": data["serial"][node], "generate": True})
    assert report == {"forced": 0, "generated": 2, "positions": 11, "stopped": None}
    data = live.model.data
    assert [c for _, c in edges_of(data, node)][1:] == [-1, -1]  # generated, never forced
    assert data["never"][node] == 0 and data["summary"]["unforced"] == 2
    report = live.force({"node": node, "edge": 2})
    assert report["forced"] == 1 and report["positions"] == 12
    assert live.model.data["summary"]["unforced"] == 1


def test_bad_requests_are_value_errors() -> None:
    tree = Tree(TreeGame(LECTURE))
    live = LiveExplorer(tree, result=alphabeta(tree.root, 2))
    with pytest.raises(ValueError, match="no node 99"):
        live.force({"node": 99})
    with pytest.raises(ValueError, match="older tree"):
        live.force({"node": 1, "serial": 12345})
    with pytest.raises(ValueError, match="no generated move 7"):
        live.force({"node": 0, "edge": 7})
    with pytest.raises(ValueError, match=f"from 1 to {MAX_FORCE_DEPTH}"):
        live.force({"node": 0, "depth": 99})


def test_a_click_search_stops_at_its_node_budget(tictactoe: Position) -> None:
    game, state = tictactoe
    tree: Tree[Any, Any] = Tree(game, state)
    live = LiveExplorer(tree, rater="minimax", max_nodes=50)
    report = live.force({"node": 0, "depth": 3})
    assert report["stopped"] == "nodes" and 50 < report["forced"] < 60
    assert live.model.data["summary"]["positions"] == report["forced"] + 1


def test_the_widget_model_after_a_force_from_the_page(tictactoe: Position) -> None:
    game, state = tictactoe
    tree: Tree[Any, Any] = Tree(game, state)
    widget = TreeExplorer(tree, result=minimax(tree.root, 1), rater="minimax", depth=2)
    data = json.loads(widget.data)
    assert data["summary"]["positions"] == 10
    b2 = data["pv"][1]
    # the message the front-end sends when "search below this position" is clicked
    widget._handle_custom_msg(
        {"type": "force", "node": b2, "serial": data["serial"][b2], "depth": 2}, []
    )
    after = json.loads(widget.data)
    assert after["summary"]["positions"] == 10 + 8 + 8 * 7
    assert widget.status == "forced 64 nodes, generated 64 moves; 74 positions"
    assert repr(widget) == "TreeExplorer(74 positions of tictactoe)"
    below = [i for i, p in enumerate(after["parent"]) if p == b2]
    assert len(below) == 8 and all(after["status"][i] == "e" for i in below)
    # a stale page (an index of an older model) gets a message, not an exception
    widget._handle_custom_msg({"type": "force", "node": 5000}, [])
    assert widget.status.startswith("not done: no node 5000")
    assert json.loads(widget.data) == after


def test_the_widget_module_is_one_self_contained_es_module() -> None:
    code = widget_module()
    # the default export anywidget renders, and nothing imported (nothing to fetch)
    assert re.search(r"^export \{[^}]*\bas default\b", code, re.MULTILINE)
    assert not re.search(r"^\s*import\s", code, re.MULTILINE)
    assert "// node_modules/d3-hierarchy/" in code and "function mount(" in code


def test_without_anywidget_the_widget_says_what_to_install(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    import sys

    from lazytree.explorer import widget

    widget._widget_class.cache_clear()
    monkeypatch.setitem(sys.modules, "anywidget", None)  # as if it were not installed
    try:
        with pytest.raises(ImportError, match=r"pip install 'lazytree\[explorer\]'"):
            widget.TreeExplorer  # noqa: B018 (the class is made on first use)
    finally:
        widget._widget_class.cache_clear()
