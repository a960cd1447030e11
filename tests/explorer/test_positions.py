"""Positions written as deltas: they rebuild to the whole boards, they keep the document
small on big boards, and a malformed document is refused where it is read."""

from __future__ import annotations

import contextlib
import json
import tracemalloc
from pathlib import Path
from typing import Any

import pytest

from lazytree.boards import BoardDeltas, position_packer
from lazytree.explorer import explorer_model
from lazytree.explorer.positions import board_of, load_model, positions
from lazytree.game import BoardCells, BoardChanges
from lazytree.games import load_game
from lazytree.search import Limit, SearchStopped, alphabeta, search
from lazytree.tree import Tree

FIXTURE = Path(__file__).parents[2] / "frontend" / "test" / "fixtures" / "deltas.json"
"""The document the Vitest tests rebuild (frontend/test/model.test.ts)."""


def searched(name: str, nodes: int = 600, depth: int = 8, **options: Any) -> Tree[Any, Any]:
    """A tree of about ``nodes`` positions: alpha-beta, stopped by the node budget."""
    game, state = load_game(name, **options)
    tree: Tree[Any, Any] = Tree(game, state)
    with contextlib.suppress(SearchStopped):  # the tree keeps what the search built
        search(tree.root, Limit(depth=depth, nodes=nodes), "auto")  # chance: expectiminimax
    return tree


GAMES = [
    ("tictactoe", {}),
    ("dice-of-doom", {"size": 3, "seed": 1}),
    ("dice-of-doom", {"size": 10, "seed": 2}),  # a big board: chunks, positions made lazily
    ("dice-of-doom", {"size": 4, "seed": 3, "rules": "chance"}),  # dice rolls
    ("checkers", {}),
    ("connect-four", {}),
]


@pytest.mark.parametrize(("name", "options"), GAMES, ids=[g for g, _ in GAMES])
def test_every_position_rebuilds_to_its_whole_board(name: str, options: dict[str, Any]) -> None:
    tree = searched(name, **options)
    data = explorer_model(tree).data
    whole = explorer_model(tree, whole_boards=True).data
    assert data["delta"] is not None and whole["delta"] is None
    assert data["pos"][0] == whole["pos"][0] and data["pos"][1:] == [None] * (len(data["pos"]) - 1)
    rebuilt = list(positions(data))
    assert len(rebuilt) == len(whole["pos"]) > 100
    assert rebuilt == whole["pos"]
    assert list(positions(whole)) == whole["pos"]
    for i in (1, len(rebuilt) // 2, len(rebuilt) - 1):  # one node alone, from the root
        assert board_of(data, i) == whole["pos"][i]
    assert data["note"] == whole["note"] and data["notes"] == whole["notes"]
    assert load_model(json.dumps(data)) == data


def test_a_delta_lists_the_cells_the_move_changed() -> None:
    game, state = load_game("dice-of-doom", size=10, seed=1)
    tree: Tree[Any, Any] = Tree(game, state)
    edge = tree.root.children[0]
    _ = edge.child  # an attack: two territories change
    data = explorer_model(tree).data
    after = game.result(state, edge.move)
    expected: list[Any] = []
    for cell in sorted([edge.move.src, edge.move.dst]):
        expected += [cell, after.owners[cell], str(after.dice[cell])]
    assert data["delta"][1] == expected


def test_a_game_without_a_board_view_keeps_its_text() -> None:
    tree = searched("nim")
    data = explorer_model(tree).data
    assert data["delta"] is None and all(isinstance(p, str) for p in data["pos"])
    assert list(positions(data)) == data["pos"]


@pytest.mark.parametrize("size", [3, 10])
def test_the_game_says_what_changed_as_comparing_the_boards_does(size: int) -> None:
    """Dice of Doom's BoardChanges (chunks compared by identity) agree with comparing
    each position's whole board cell by cell (what BoardDeltas does for any game)."""
    tree = searched("dice-of-doom", size=size, seed=4)
    game = tree.root.context.game
    assert isinstance(game, BoardChanges) and isinstance(game, BoardCells)

    class Compared:  # the same game seen without its BoardChanges
        def __init__(self, inner: Any) -> None:
            self.board_cells = inner.board_cells
            self.board_view = inner.board_view
            self.move_cells = inner.move_cells

    fast, slow = BoardDeltas(game), BoardDeltas(Compared(game))  # type: ignore[arg-type]
    model = explorer_model(tree)
    nodes, parent = model.nodes, model.data["parent"]
    for i in range(1, len(nodes)):
        up = parent[i]
        assert fast.delta(up, nodes[up].state, i, nodes[i].state) == slow.delta(
            up, nodes[up].state, i, nodes[i].state
        )


def _document_bytes(size: int, until: int, whole: bool) -> int:
    tree = searched("dice-of-doom", nodes=until, depth=2, size=size, seed=1)
    model = explorer_model(tree, until=until, whole_boards=whole, count_never=False)
    assert model.data["summary"]["positions"] == until
    return len(model.to_json())


def test_a_document_grows_with_the_nodes_not_with_nodes_times_cells() -> None:
    """The first 1,500 positions of a 10x10 and of a 20x20 search (4x the cells): with
    deltas the documents are about as big; with whole boards, about 4x."""
    small, big = _document_bytes(10, 1500, False), _document_bytes(20, 1500, False)
    small_whole, big_whole = _document_bytes(10, 1500, True), _document_bytes(20, 1500, True)
    assert big < 1.3 * small, (small, big)
    assert big_whole > 3 * small_whole, (small_whole, big_whole)
    assert big_whole > 5 * big


def test_describing_a_big_board_search_does_not_build_every_board() -> None:
    """Exporting 2,000 positions of 100x100 (10,000 territories: 160 KB a whole board)
    allocates far less than a board a position: leaves stay lazy."""
    tree = searched("dice-of-doom", nodes=2000, depth=2, size=100, seed=1)
    tracemalloc.start()
    try:
        model = explorer_model(tree, count_never=False)
        _, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    n = model.data["summary"]["positions"]
    assert n > 1000
    assert peak < 20_000 * n, (peak, n)  # a board a position would be 160,000 each
    assert len(model.to_json()) < 150 * n + 200_000


MALFORMED = [
    ("a cell off the board", lambda d: d["delta"][1].__setitem__(0, 10**6), "cell"),
    ("a negative cell", lambda d: d["delta"][1].__setitem__(0, -1), "cell"),
    ("an owner who is not a player", lambda d: d["delta"][1].__setitem__(1, 7), "owner"),
    ("a cell that is not a number", lambda d: d["delta"][1].__setitem__(0, "0"), "cell"),
    ("a long label", lambda d: d["delta"][1].__setitem__(2, "x" * 1000), "label"),
    ("a delta not in triples", lambda d: d["delta"][1].pop(), "triples"),
    ("a parent after its child", lambda d: d["parent"].__setitem__(1, 5), "parent"),
    ("a root without its board", lambda d: d["pos"].__setitem__(0, None), "parent"),
    ("a short column", lambda d: d["delta"].pop(), "delta"),
    ("a whole board of the wrong size", lambda d: d["pos"].__setitem__(0, "ABABABABA:12"), "cells"),
    (
        "an owner letter out of range",
        lambda d: d["pos"].__setitem__(0, "~" * 9 + ":" + "1" * 9),
        "owner",
    ),
]


@pytest.mark.parametrize(("what", "spoil", "says"), MALFORMED, ids=[m[0] for m in MALFORMED])
def test_a_malformed_document_is_refused_where_it_is_read(what: str, spoil: Any, says: str) -> None:
    tree = searched("dice-of-doom", nodes=50, size=3, seed=1)
    data = json.loads(explorer_model(tree).to_json())
    spoil(data)
    with pytest.raises(ValueError, match=says):
        load_model(json.dumps(data))


def test_a_document_that_is_not_one_is_refused() -> None:
    with pytest.raises(ValueError, match="not an explorer document"):
        load_model('{"format": "something else"}')
    with pytest.raises(ValueError, match=r"malformed JSON|too deep|nested"):
        load_model("[" * 10_000 + "]" * 10_000)
    with pytest.raises(ValueError):
        load_model("{")


def fixture_document() -> dict[str, Any]:
    """The document of the Vitest fixture: a 10x10 search, its deltas and, to compare
    with, every whole board."""
    game, state = load_game("dice-of-doom", size=10, seed=5)
    tree: Tree[Any, Any] = Tree(game, state)
    alphabeta(tree.root, 2)
    data = explorer_model(tree, until=400, count_never=False).data
    whole = explorer_model(tree, until=400, count_never=False, whole_boards=True).data
    return {"document": data, "whole": whole["pos"]}


def test_the_vitest_fixture_is_what_the_model_writes_now() -> None:
    """frontend/test/fixtures/deltas.json is this document (regenerate it with
    ``python -m tests.explorer.test_positions`` after changing the format)."""
    written = json.loads(FIXTURE.read_text(encoding="utf-8"))
    assert written == json.loads(json.dumps(fixture_document()))


def test_the_packer_and_the_rebuilt_boards_agree_on_the_root() -> None:
    game, state = load_game("dice-of-doom", size=10, seed=1)
    tree: Tree[Any, Any] = Tree(game, state)
    data = explorer_model(tree).data
    assert data["pos"] == [position_packer(game)(state)[0]]
    assert list(positions(data)) == data["pos"]


if __name__ == "__main__":  # writes the Vitest fixture
    FIXTURE.parent.mkdir(exist_ok=True)
    FIXTURE.write_text(json.dumps(fixture_document(), separators=(",", ":")) + "\n")
