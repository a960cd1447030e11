"""The explorer's JSON model: what it holds, that it forces nothing, that it stays small."""

from __future__ import annotations

import json
from typing import Any

import pytest

from lazytree.explorer import explorer_model
from lazytree.explorer.positions import positions
from lazytree.export import to_networkx
from lazytree.games import Position, load_game
from lazytree.games.tree_game import TreeGame
from lazytree.search import alphabeta, minimax
from lazytree.tree import Tree

LECTURE = [[3, 12, 8], [2, 4, 6], [14, 5, 2]]


def tictactoe_tree(depth: int, share: bool = False) -> tuple[Tree[Any, Any], Any]:
    game, state = load_game("tictactoe")
    tree: Tree[Any, Any] = Tree(game, state, share=share)
    return tree, minimax(tree.root, depth)


def test_tictactoe_depth_two_has_82_positions_and_forces_nothing() -> None:
    tree, result = tictactoe_tree(2)
    before = tree.stats.snapshot()
    model = explorer_model(tree, result=result)
    data = model.data
    assert tree.stats.snapshot() == before
    assert data["summary"]["positions"] == 82 == len(data["pos"]) == len(model.nodes)
    assert data["summary"]["forced"] == 81
    assert data["status"].count("e") == 10  # the root and its nine children
    assert data["status"].count("u") == 72
    # the PV is the result's line, as node indices
    moves = [data["strings"][_move_into(data, i)] for i in data["pv"][1:]]
    assert moves == [tree.game.move_to_str(tree.root.state, result.pv[0]), "a1"]
    assert model.nodes[data["pv"][0]].serial == 0
    # every position is its board packed: the owner of each cell (A for X, B for O),
    # then its label (the root's whole, the others rebuilt from the cells each move
    # changed); the child's highlighted cell is the move's
    rebuilt = list(positions(data))
    for i, node in enumerate(model.nodes):
        board = node.state.board(9)
        owners = "".join({"X": "A", "O": "B"}.get(ch, ".") for ch in board)
        assert rebuilt[i] == owners + ":" + board.replace(".", " ")
    b2 = data["pv"][1]
    assert data["hl"][b2] == [4] and rebuilt[b2] == "....A....:    X    "
    assert data["pos"][b2] is None and data["delta"][b2] == [4, 0, "X"]
    assert data["board"]["kind"] == "grid" and data["players"] == ["X", "O"]
    json.loads(model.to_json())  # valid JSON (no NaN)


def _move_into(data: dict[str, Any], i: int) -> int:
    edges: list[int] = data["edges"][data["parent"][i]]
    return next(edges[k] for k in range(0, len(edges), 2) if edges[k + 1] == i)


def test_ratings_bounds_and_never_generated_match_the_graph_export() -> None:
    tree = Tree(TreeGame(LECTURE))
    result = alphabeta(tree.root, depth=2)
    data = explorer_model(tree, result=result).data
    graph = to_networkx(tree, result=result)
    ids = list(n for n in graph if graph.nodes[n]["kind"] == "position")
    assert len(ids) == data["summary"]["positions"]
    for i, node_id in enumerate(ids):  # both walks visit positions in the same order
        attrs = graph.nodes[node_id]
        assert data["value"][i] == attrs.get("value")
        assert (
            data["bound"][i]
            == {"exact": "=", "lower": ">", "upper": "<", None: "-"}[attrs.get("bound")]
        )
        pruned = graph.nodes.get(f"{node_id}/pruned", {}).get("count", 0)
        assert data["never"][i] == pruned
    assert data["summary"]["never"] == 2  # 4 and 6 below the second move (the module doc)
    assert data["bound"][ids.index("root/1")] == "<"


def test_generated_but_unforced_moves_are_edges_without_a_child(tictactoe: Position) -> None:
    game, state = tictactoe
    tree: Tree[Any, Any] = Tree(game, state)
    tree.root.children[0]  # generates one move, forces nothing
    _ = tree.root.children[1].child
    data = explorer_model(tree).data
    assert data["edges"][0] == [0, -1, 1, 1]
    assert data["strings"][:2] == ["a1", "b1"]
    assert data["summary"]["unforced"] == 1
    assert data["never"][0] == 7
    assert data["summary"]["pvSource"] == "none"


def test_a_shared_position_appears_once_and_its_other_parents_link_to_it() -> None:
    tree, result = tictactoe_tree(3, share=True)
    data = explorer_model(tree, result=result).data
    assert data["summary"]["positions"] == tree.shared_positions
    rebuilt = list(positions(data))
    assert len(set(rebuilt)) == len(rebuilt)  # one entry per position
    links = [
        (i, c)
        for i, edges in enumerate(data["edges"])
        for c in edges[1::2]
        if c >= 0 and data["parent"][c] != i
    ]
    assert links and data["summary"]["shared"] == len({c for _, c in links})
    assert data["summary"]["positions"] < 1 + 9 + 72 + 504  # fewer than the tree's


def test_serials_are_the_order_of_creation() -> None:
    tree = Tree(TreeGame(LECTURE))
    alphabeta(tree.root, depth=2)
    model = explorer_model(tree)
    serials = model.data["serial"]
    assert sorted(serials) == list(range(tree.stats.nodes_created))
    # a child is always created after its parent
    assert all(serials[p] < serials[i] for i, p in enumerate(model.data["parent"]) if p >= 0)


def test_the_cap_on_positions_is_a_clear_error() -> None:
    tree, _ = tictactoe_tree(2)
    with pytest.raises(ValueError, match="more than 50 positions"):
        explorer_model(tree, max_positions=50)


def test_an_8x8_dice_of_doom_tree_costs_few_bytes_a_position() -> None:
    game, state = load_game("dice-of-doom", size=8, seed=1)
    tree: Tree[Any, Any] = Tree(game, state)
    result = alphabeta(tree.root, 2)
    model = explorer_model(tree, result=result)
    per_position = len(model.to_json()) / model.data["summary"]["positions"]
    assert model.data["summary"]["positions"] > 1000
    # 30 MB for 50,000 positions is 600 bytes each; the hex board's text is 131 of them
    assert per_position < 250, per_position


def test_positions_keep_their_board_notes() -> None:
    game, state = load_game("dice-of-doom", size=3, seed=1)
    tree: Tree[Any, Any] = Tree(game, state)
    data = explorer_model(tree, result=alphabeta(tree.root, 2)).data
    assert data["notes"][data["note"][0]] == "Spare dice: 10"
    assert len(data["note"]) == len(data["pos"]) and min(data["note"]) >= 0
    # a game whose board view has no notes has neither column
    game, state = load_game("tictactoe")
    tree = Tree(game, state)
    data = explorer_model(tree, result=minimax(tree.root, 1)).data
    assert data["notes"] is None and data["note"] is None
