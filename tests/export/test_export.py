"""The export layer: networkx graphs, Graphviz drawings and files of the explored part."""

from __future__ import annotations

import itertools
import json
import random
import subprocess
from collections.abc import Iterator
from pathlib import Path
from typing import Any, ClassVar

import networkx as nx
import pytest

from lazytree.export import (
    ExportGraph,
    GraphvizMissing,
    Labelled,
    default_node_style,
    derived_pv,
    limit_nodes,
    node_items,
    node_label,
    pv_edges,
    to_graphviz,
    to_networkx,
    write_graph,
)
from lazytree.game import CHANCE, Player
from lazytree.games import load_game
from lazytree.games.builtin import LECTURE_TREE
from lazytree.games.dice_of_doom import DiceOfDoom
from lazytree.games.tree_game import TreeGame
from lazytree.search import alphabeta, minimax
from lazytree.traverse import explored
from lazytree.tree import Tree

DAG_BOARD = "0:3 1:2 0:3 1:2 0:3 1:3 0:3 1:3 0:1"
"""A 3x3 Dice of Doom board where player A has several independent attacks, so
different attack orders reach the same position (the board of ``--seed 5``)."""


def positions(graph: ExportGraph) -> list[str]:
    return [n for n, a in node_items(graph) if a["kind"] == "position"]


def pruned_nodes(graph: ExportGraph) -> dict[str, dict[str, Any]]:
    return {n: a for n, a in node_items(graph) if a["kind"] == "pruned"}


def dice_tree(seed: int = 1, size: int = 3, share: bool = False) -> Tree[Any, Any]:
    game, state = load_game("dice-of-doom", size=size, seed=seed)
    return Tree(game, state, share=share)


def lecture_tree() -> Tree[Any, Any]:
    return Tree(TreeGame(json.loads(LECTURE_TREE)))


# -- exporting never forces anything -------------------------------------------------------


def test_export_never_forces(tmp_path: Path) -> None:
    tree = dice_tree(seed=5)
    result = alphabeta(tree.root, depth=3)
    # a node with a generated but unforced edge, and an unfinished generator
    frontier = next(n for n, _ in explored(tree.root) if not n.expanded and not n.is_terminal())
    edge = frontier.children[0]
    assert not edge.forced and not frontier.fully_generated
    before = tree.stats.snapshot()
    graph = to_networkx(tree, result=result)
    to_graphviz(tree, result=result, max_nodes=20)
    for suffix in ("dot", "svg", "graphml", "json"):
        write_graph(graph, tmp_path / f"tree.{suffix}")
    assert tree.stats.snapshot() == before
    assert not edge.forced and not frontier.fully_generated
    assert len(frontier.generated_edges) == 1


@pytest.mark.parametrize("rater", [minimax, alphabeta])
@pytest.mark.parametrize("seed", [1, 5])
def test_exported_positions_are_the_created_nodes(rater: Any, seed: int) -> None:
    tree = dice_tree(seed=seed)
    rater(tree.root, 3)
    graph = to_networkx(tree)
    assert len(positions(graph)) == tree.stats.nodes_created
    assert graph.number_of_edges() == tree.stats.nodes_created - 1 + len(pruned_nodes(graph))


def test_unforced_edges_are_not_exported() -> None:
    tree = lecture_tree()
    tree.root.children[0]  # generates a move, builds no child
    _ = tree.root.children[1].child
    graph = to_networkx(tree)
    assert positions(graph) == ["root", "root/1"]
    assert graph.nodes["root"]["moves_generated"] == 2
    assert graph.nodes["root"]["forced_children"] == 1
    assert graph.nodes["root"]["status"] == "expanded"
    assert graph.nodes["root/1"]["status"] == "unexpanded"
    assert "value" not in graph.nodes["root"]  # nothing rated it
    # the root's generator was stopped early: one summary node for the move never generated
    assert pruned_nodes(graph) == {
        "root/pruned": {
            "kind": "pruned",
            "count": 1,
            "moves": "2",
            "label": "pruned: 1 move never generated",
        }
    }


# -- node and edge attributes -------------------------------------------------------------


def test_node_attributes_after_alphabeta() -> None:
    tree = dice_tree(seed=1)
    result = alphabeta(tree.root, depth=3)
    graph = to_networkx(tree, result=result)
    game = tree.game
    assert isinstance(game, DiceOfDoom)
    root = graph.nodes["root"]
    assert root["label"] == game.label(tree.root.state)
    assert root["board"] == game.render(tree.root.state)
    assert root["player"] == 0 and root["depth"] == 0 and root["status"] == "expanded"
    assert root["value"] == result.value and root["bound"] == "exact"
    assert root["rating_depth"] == 3 and root["rating_player"] == 0
    assert root["exhausted"] and root["moves_generated"] == len(tree.root.generated_edges)
    depths = {a["depth"] for _, a in node_items(graph) if a["kind"] == "position"}
    assert depths == {0, 1, 2, 3}
    frontier = [a for _, a in node_items(graph) if a.get("depth") == 3]
    assert frontier and all(a["status"] == "unexpanded" for a in frontier)
    assert all(a["rating_depth"] == 0 for a in frontier)
    assert graph.graph["search_value"] == result.value and graph.graph["rater"] == "alphabeta"


def test_graph_ids_are_paths_of_moves() -> None:
    tree = lecture_tree()
    alphabeta(tree.root, depth=3)
    graph = to_networkx(tree)
    for u, v, a in graph.edges(data=True):
        if graph.nodes[v]["kind"] == "position":
            assert v == f"{u}/{a['move']}"
    assert to_networkx(tree).nodes == graph.nodes  # stable: same ids every time


def test_labelled_protocol_and_fallback() -> None:
    assert isinstance(TreeGame([1, 2]), Labelled)
    assert isinstance(DiceOfDoom(), Labelled)

    class Plain(TreeGame):
        label = None  # type: ignore[assignment]  # a game without label()

    plain = Plain([1, [2, 3]])
    assert not isinstance(plain, Labelled)
    assert node_label(plain, (1,)) == "1: 2 children"  # first line of render()
    assert node_label(TreeGame([1, [2, 3]]), (1,)) == "1"


class CoinGame:
    """A coin toss (a chance node), then player 0 picks one of two payoffs."""

    name = "coin"
    num_players = 2
    payoffs: ClassVar[dict[str, tuple[float, float]]] = {"heads": (1.0, 5.0), "tails": (2.0, 0.0)}

    def initial_state(self, rng: random.Random | None = None) -> tuple[str, ...]:
        return ()

    def to_move(self, state: tuple[str, ...]) -> Player:
        return CHANCE if not state else 0

    def legal_moves(self, state: tuple[str, ...]) -> Iterator[str]:
        if not state:
            yield from ("heads", "tails")
        elif len(state) == 1:
            yield from ("a", "b")

    def outcome_probability(self, state: tuple[str, ...], move: str) -> float:
        return 0.25 if move == "heads" else 0.75

    def result(self, state: tuple[str, ...], move: str) -> tuple[str, ...]:
        return (*state, move)

    def is_terminal(self, state: tuple[str, ...]) -> bool:
        return len(state) == 2

    def returns(self, state: tuple[str, ...]) -> tuple[float, float]:
        v = self.payoffs[state[0]][state[1] == "b"]
        return (v, -v)

    def evaluate(self, state: tuple[str, ...], player: Player) -> float:
        return self.returns(state)[player] if len(state) == 2 else 0.0

    def move_to_str(self, state: tuple[str, ...], move: str) -> str:
        return move

    def parse_move(self, state: tuple[str, ...], text: str) -> str:
        return text

    def render(self, state: tuple[str, ...]) -> str:
        return " ".join(state) or "start"


def test_chance_edges_carry_their_probability() -> None:
    tree: Tree[Any, Any] = Tree(CoinGame())
    result = minimax(tree.root, depth=2, player=0)
    assert result.value == 0.25 * 5 + 0.75 * 2
    assert result.pv == ()  # a chance root has no best move
    graph = to_networkx(tree, result=result)
    assert graph.nodes["root"]["chance"] and graph.nodes["root"]["player"] == CHANCE
    assert graph.edges["root", "root/heads"] == {
        "move": "heads",
        "pv": False,
        "chance": True,
        "probability": 0.25,
    }
    assert graph.edges["root", "root/tails"]["probability"] == 0.75
    assert not graph.edges["root/heads", "root/heads/b"]["chance"]
    dot = to_graphviz(graph).source
    assert "shape=diamond" in dot and "heads (p=0.25)" in dot


# -- principal variation ------------------------------------------------------------------


@pytest.mark.parametrize("rater", [minimax, alphabeta])
def test_pv_edges_form_a_path_from_the_root(rater: Any) -> None:
    tree = dice_tree(seed=1, size=3)
    result = rater(tree.root, 4)
    graph = to_networkx(tree, result=result)
    path = pv_edges(graph)
    assert len(path) == len(result.pv) > 0
    assert path[0][0] == "root"
    assert all(a[1] == b[0] for a, b in itertools.pairwise(path))
    on_pv = [u for u, _, data in graph.edges(data=True) if data.get("pv")]
    assert len(on_pv) == len(path)
    game, state = tree.game, tree.root.state
    labels = []
    for move in result.pv:
        labels.append(game.move_to_str(state, move))
        state = game.result(state, move)
    assert [graph.edges[e]["move"] for e in path] == labels
    assert graph.graph["pv"] == " ".join(labels)


def test_pv_derived_from_ratings_without_a_result() -> None:
    tree = lecture_tree()
    result = alphabeta(tree.root, depth=3)
    assert derived_pv(tree.root) == result.pv == (2, 2, 0)
    graph = to_networkx(tree)
    assert graph.graph["pv_source"] == "ratings"
    assert [graph.edges[e]["move"] for e in pv_edges(graph)] == ["2", "2", "0"]
    assert to_networkx(Tree(TreeGame([1, 2]))).graph["pv_source"] == "none"


# -- the lectures' tree -------------------------------------------------------------------


def test_lecture_tree_marks_exactly_the_pruned_leaves() -> None:
    """Alpha-beta on the lectures' tree, worked by hand (root: player 0, maximising).

    Leaves, by path: A = 0 -> [[7,8,2],[2,4,1],[1,3,5]], B = 1 -> [[3,2,1],[2,3,16],[4,7,1]],
    C = 2 -> [[10,1,8],[10,2,8],[8,1,3]]. lazytree's alpha-beta searches the first root
    move with the full window and each later root move with alpha just below the best
    value so far (to find every tied best move); below the root it is plain fail-soft
    alpha-beta in generation order.

    A (min), window (-inf, inf):
      0.0 (max): 7, 8, 2 -> 8.                  A's beta = 8
      0.1 (max), window (-inf, 8): 2, 4, 1 -> 4. A's beta = 4
      0.2 (max), window (-inf, 4): 1, 3, 5: 5 >= beta cuts, but 5 was the last leaf:
        value >= 5, nothing left ungenerated.
      A = min(8, 4, >=5) = 4 exact. Root best 4 (move 0).
    B (min), window (4-, inf):
      1.0 (max): 3, 2, 1 -> 3 (<= alpha: an upper bound).
      B's value <= 3 <= alpha: cut. 1.1 and 1.2 are never generated (their leaves
      2, 3, 16 and 4, 7, 1 never exist).
    C (min), window (4-, inf):
      2.0 (max): 10, 1, 8 -> 10.                C's beta = 10
      2.1 (max), window (4-, 10): 10 >= beta: cut. Leaves 2.1.1 (2) and 2.1.2 (8)
        are never generated; 2.1 >= 10.
      2.2 (max), window (4-, 10): 8, 1, 3 -> 8. C's beta = 8.
      C = min(10, >=10, 8) = 8 exact > 4: the root's value is 8, best move 2.

    So: value 8, principal variation 2, 2, 0; pruned summaries exactly under 1 (moves
    1 and 2) and under 2.1 (moves 1 and 2); 19 leaves evaluated, 30 nodes in all.
    """
    tree = lecture_tree()
    result = alphabeta(tree.root, depth=3)
    graph = to_networkx(tree, result=result)
    assert result.value == 8 and result.pv == (2, 2, 0)
    summaries = {n: (a["count"], a["moves"]) for n, a in pruned_nodes(graph).items()}
    assert summaries == {"root/1/pruned": (2, "1 2"), "root/2/1/pruned": (2, "1 2")}
    assert graph.predecessors("root/1/pruned").__next__() == "root/1"
    leaves = sorted(
        tuple(int(x) for x in n.split("/")[1:]) for n, a in node_items(graph) if a.get("terminal")
    )
    every_leaf = [(a, b, c) for a in range(3) for b in range(3) for c in range(3)]
    never = [(1, 1, c) for c in range(3)] + [(1, 2, c) for c in range(3)] + [(2, 1, 1), (2, 1, 2)]
    assert leaves == sorted(set(every_leaf) - set(never))
    assert len(positions(graph)) == 30 == tree.stats.nodes_created
    bounds = {n: a["bound"] for n, a in node_items(graph) if a.get("bound", "exact") != "exact"}
    assert bounds == {
        "root/0/2": "lower",
        "root/1": "upper",
        "root/1/0": "upper",
        "root/2/1": "lower",
    }
    # the 0.2 generator was stopped right after its last move: no summary (nothing saved)
    assert not graph.nodes["root/0/2"]["exhausted"]
    assert "root/0/2/pruned" not in graph


def test_pruned_without_counting() -> None:
    tree = lecture_tree()
    alphabeta(tree.root, depth=3)
    graph = to_networkx(tree, count_pruned=False)
    summaries = pruned_nodes(graph)
    # uncounted: also 0.2, whose generator was stopped just before its end
    assert set(summaries) == {"root/0/2/pruned", "root/1/pruned", "root/2/1/pruned"}
    assert all("count" not in a for a in summaries.values())
    assert not pruned_nodes(to_networkx(tree, pruned=False))


# -- sharing (DAG) --------------------------------------------------------------------------


def test_shared_position_appears_once_with_several_parents() -> None:
    game = DiceOfDoom()
    tree: Tree[Any, Any] = Tree(game, game.parse_board(DAG_BOARD), share=True)
    minimax(tree.root, depth=3)
    graph = to_networkx(tree)
    assert len(positions(graph)) == tree.stats.nodes_created
    states = [n.state for n, _ in explored(tree.root)]
    assert len(states) == len(set(states)) == len(positions(graph))
    shared = [n for n in positions(graph) if graph.in_degree(n) > 1]
    assert shared
    # attacking 0->3 then 2->1 reaches the same position as 2->1 then 0->3
    start = tree.root.state
    after = start
    for text in ("0->3", "2->1"):
        after = game.result(after, game.parse_move(after, text))
    same = [n for n in positions(graph) if graph.nodes[n]["board"] == game.render(after)]
    assert same == ["root/0->3/2->1"]
    assert set(graph.predecessors(same[0])) == {"root/0->3", "root/2->1"}
    # without sharing, the tree holds that position twice
    flat: Tree[Any, Any] = Tree(game, start)
    minimax(flat.root, depth=3)
    flat_graph = to_networkx(flat)
    twice = [n for n in positions(flat_graph) if flat_graph.nodes[n]["board"] == game.render(after)]
    assert twice == ["root/0->3/2->1", "root/2->1/0->3"]


# -- the max_nodes cap ----------------------------------------------------------------------


@pytest.mark.parametrize("cap", [9, 12, 20, 40, 100, 2000])
def test_max_nodes_is_honoured_and_keeps_the_best_line(cap: int) -> None:
    tree = dice_tree(seed=3, size=4)
    result = alphabeta(tree.root, depth=3)
    full = to_networkx(tree, result=result)
    assert full.number_of_nodes() > 100
    small = limit_nodes(full, cap)
    assert small.number_of_nodes() <= cap
    assert pv_edges(small) == pv_edges(full)
    kept = positions(small)
    more = {n: a for n, a in node_items(small) if a["kind"] == "more"}
    # every position is either drawn or counted in exactly one "... N more" node
    assert len(kept) + sum(a["count"] for a in more.values()) == len(positions(full))
    for n, a in more.items():
        assert a["label"].startswith(f"... {a['count']} more")
        parent = next(iter(small.predecessors(n)))
        assert any(v not in small for v in full.successors(parent))
    dot = to_graphviz(tree, result=result, max_nodes=cap)
    assert dot.source.count("tooltip=") + dot.source.count("style=dotted") <= cap


def test_max_nodes_too_small_for_the_best_line() -> None:
    tree = lecture_tree()
    alphabeta(tree.root, depth=3)
    with pytest.raises(ValueError, match="too small to draw the best line"):
        limit_nodes(to_networkx(tree), 5)
    with pytest.raises(ValueError, match="at least 1"):
        limit_nodes(to_networkx(tree), 0)


# -- drawing and writing --------------------------------------------------------------------


def test_graphviz_drawing_marks_what_the_reader_needs() -> None:
    tree = lecture_tree()
    result = alphabeta(tree.root, depth=3)
    src = to_graphviz(tree, result=result).source
    assert src.count("penwidth=3") == 3  # the three PV edges
    assert "v ≥ 10" in src and "v ≤ 3" in src and "v = 8" in src
    assert src.count("2 moves never generated") == 2
    assert "peripheries=2" in src  # terminal leaves
    assert 'id="root/2/2"' in src
    assert "shape=box" in src and "diagonals" in src  # player 0 and player 1 differ


def test_styles_are_replaceable() -> None:
    tree = lecture_tree()
    alphabeta(tree.root, depth=3)

    def red_leaves(node_id: str, attrs: Any) -> dict[str, str]:
        style = default_node_style(node_id, attrs)
        if attrs.get("terminal"):
            style["fillcolor"] = "red"
        return style

    src = to_graphviz(
        tree, node_style=red_leaves, edge_style=lambda u, v, a: {"color": "green"}
    ).source
    assert src.count("fillcolor=red") == 19
    assert src.count("color=green") == tree.stats.nodes_created - 1 + 2


def test_dot_output_is_accepted_by_dot(tmp_path: Path) -> None:
    tree = dice_tree(seed=1, size=3)
    result = alphabeta(tree.root, depth=4)
    out = tmp_path / "tree.dot"
    write_graph(to_networkx(tree, result=result, max_nodes=60), out)
    done = subprocess.run(["dot", "-Tsvg", str(out)], capture_output=True, text=True, check=False)
    assert done.returncode == 0, done.stderr
    assert "<svg" in done.stdout and done.stderr == ""


def test_svg_and_png_writers(tmp_path: Path) -> None:
    tree = lecture_tree()
    graph = to_networkx(tree, result=alphabeta(tree.root, depth=3))
    write_graph(graph, tmp_path / "t.svg")
    write_graph(graph, tmp_path / "t.png")
    assert "<svg" in (tmp_path / "t.svg").read_text()
    assert (tmp_path / "t.png").read_bytes().startswith(b"\x89PNG")


def _same_graph(a: nx.Graph[Any], b: nx.DiGraph[Any]) -> None:
    assert list(a.nodes) == list(b.nodes)
    assert dict(a.nodes(data=True)) == dict(b.nodes(data=True))
    assert {(u, v): dict(d) for u, v, d in a.edges(data=True)} == {
        (u, v): dict(d) for u, v, d in b.edges(data=True)
    }
    # GraphML adds empty node_default / edge_default entries
    extra: dict[str, dict[str, Any]] = {"node_default": {}, "edge_default": {}}
    assert {k: v for k, v in a.graph.items() if k not in extra or v != extra[k]} == b.graph


def test_graphml_and_json_round_trip(tmp_path: Path) -> None:
    tree: Tree[Any, Any] = Tree(CoinGame())  # chance edges carry an extra attribute
    result = minimax(tree.root, depth=2, player=0)
    graph = to_networkx(tree, result=result)
    write_graph(graph, tmp_path / "t.graphml")
    write_graph(graph, tmp_path / "t.json")
    _same_graph(nx.read_graphml(tmp_path / "t.graphml"), graph)
    data = json.loads((tmp_path / "t.json").read_text())
    _same_graph(nx.node_link_graph(data, directed=True, multigraph=False, edges="edges"), graph)

    lecture = lecture_tree()
    graph = to_networkx(lecture, result=alphabeta(lecture.root, depth=3), max_nodes=20)
    write_graph(graph, tmp_path / "l.graphml")
    _same_graph(nx.read_graphml(tmp_path / "l.graphml"), graph)


def test_without_dot_svg_fails_and_the_rest_works(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr("lazytree.export.write.shutil.which", lambda name: None)
    tree = lecture_tree()
    graph = to_networkx(tree, result=alphabeta(tree.root, depth=3))
    for suffix in ("svg", "png"):
        with pytest.raises(GraphvizMissing, match="apt-get install graphviz"):
            write_graph(graph, tmp_path / f"t.{suffix}")
        assert not (tmp_path / f"t.{suffix}").exists()
    for suffix in ("dot", "graphml", "json"):
        write_graph(graph, tmp_path / f"t.{suffix}")
        assert (tmp_path / f"t.{suffix}").stat().st_size > 0
    assert tree.root._repr_svg_() is None


def test_unknown_format() -> None:
    graph = to_networkx(lecture_tree())
    with pytest.raises(ValueError, match="cannot tell the format"):
        write_graph(graph, "tree.pdf")
    with pytest.raises(ValueError, match="unknown format"):
        write_graph(graph, "tree.svg", format="pdf")


def test_notebook_repr_svg() -> None:
    tree = lecture_tree()
    alphabeta(tree.root, depth=3)
    before = tree.stats.snapshot()
    node_svg = tree.root._repr_svg_()
    tree_svg = tree._repr_svg_()
    assert node_svg is not None and "<svg" in node_svg and "root/2/2" in node_svg
    assert tree_svg == node_svg
    assert tree.stats.snapshot() == before
