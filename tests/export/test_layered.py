"""Drawings without Graphviz's ``dot`` (``lazytree.export.layered``): the layered SVG has
every node the export has, with the labels and styles Graphviz's drawing gets, and
``draw`` picks Graphviz where ``dot`` is installed, the layered drawing elsewhere."""

from __future__ import annotations

import json
import shutil
import xml.etree.ElementTree as ET
from collections.abc import Mapping
from typing import Any

import pytest

from lazytree.export import (
    Drawing,
    default_node_style,
    draw,
    layered_svg,
    node_items,
    to_networkx,
)
from lazytree.games import load_game
from lazytree.games.builtin import LECTURE_TREE
from lazytree.games.tree_game import ChanceTreeGame, TreeGame
from lazytree.search import alphabeta, expectiminimax
from lazytree.tree import Tree

SVG = "{http://www.w3.org/2000/svg}"


def lecture() -> tuple[Tree[Any, Any], Any]:
    tree = Tree(TreeGame(json.loads(LECTURE_TREE)))
    return tree, alphabeta(tree.root, depth=3)


def groups(svg: str) -> dict[str, ET.Element]:
    """The drawing's nodes by their export id (the SVG parses as XML)."""
    root = ET.fromstring(svg)
    return {g.attrib["id"]: g for g in root.iter(f"{SVG}g")}


def texts(element: ET.Element) -> list[str]:
    return [t.text or "" for t in element.iter(f"{SVG}text")]


def test_every_exported_node_is_drawn_once_with_its_label() -> None:
    tree, result = lecture()
    before = tree.stats.snapshot()
    picture = layered_svg(tree, result=result)
    assert tree.stats.snapshot() == before  # drawing forces nothing
    graph = to_networkx(tree, result=result)
    drawn = groups(picture.svg)
    assert set(drawn) == {n for n, _ in node_items(graph)}
    for node_id, attrs in node_items(graph):
        if attrs["kind"] == "pruned":
            assert any("never generated" in t for t in texts(drawn[node_id]))
        elif attrs.get("terminal"):
            value = f"v = {attrs['value']:g}"
            assert value in texts(drawn[node_id])
    assert picture._repr_svg_() == picture.svg
    assert "best line (bold)" in picture.svg  # the legend, as Graphviz's caption


def test_parents_sit_above_their_children_and_siblings_keep_their_order() -> None:
    tree, result = lecture()
    root = ET.fromstring(layered_svg(tree, result=result, show_pruned=False).svg)
    where: dict[str, tuple[float, float]] = {}
    for g in root.iter(f"{SVG}g"):
        shape = next(iter(g.iter(f"{SVG}rect")))
        x = float(shape.attrib["x"]) + float(shape.attrib["width"]) / 2
        where[g.attrib["id"]] = (x, float(shape.attrib["y"]))
    for node_id, (_, y) in where.items():
        if node_id == "root":
            continue
        parent = node_id.rsplit("/", 1)[0]
        assert where[parent][1] < y
    children = sorted((n for n in where if n.count("/") == 1), key=lambda n: int(n.split("/")[1]))
    xs = [where[n][0] for n in children]
    assert xs == sorted(xs) and len(set(xs)) == len(xs)


def test_style_hooks_are_honoured() -> None:
    tree, result = lecture()

    def greyed(node_id: str, attrs: Mapping[str, Any]) -> dict[str, str]:
        style = default_node_style(node_id, attrs)
        if node_id == "root/0":
            style.update(fillcolor="#f4f4f4", style="filled,dashed", fontcolor="#aaaaaa")
        return style

    drawn = groups(layered_svg(tree, result=result, node_style=greyed, title="").svg)
    shape = next(iter(drawn["root/0"].iter(f"{SVG}rect")))
    assert shape.attrib["fill"] == "#f4f4f4" and "stroke-dasharray" in shape.attrib
    assert next(iter(drawn["root/0"].iter(f"{SVG}text"))).attrib["fill"] == "#aaaaaa"


def test_chance_nodes_and_boards() -> None:
    game = ChanceTreeGame([{"chance": [[0.5, [3, 9]], [0.5, [6, 4]]]}, 2])
    tree = Tree(game)
    svg = layered_svg(tree, result=expectiminimax(tree.root, depth=3)).svg
    assert "<polygon" in svg and "p=0.5" in svg
    dice, state = load_game("dice-of-doom", size=2, seed=1)
    board = Tree(dice, state)
    alphabeta(board.root, depth=2)
    svg = layered_svg(board, board=True).svg
    assert 'font-family="monospace"' in svg
    ET.fromstring(svg)


def test_draw_uses_dot_where_it_is_installed(monkeypatch: pytest.MonkeyPatch) -> None:
    tree, result = lecture()
    if shutil.which("dot") is not None:
        assert not isinstance(draw(tree, result=result), Drawing)
    monkeypatch.setattr("lazytree.export.write.shutil.which", lambda name: None)
    picture = draw(tree, result=result, rankdir="LR")
    assert isinstance(picture, Drawing) and "root/2/2" in picture.svg
