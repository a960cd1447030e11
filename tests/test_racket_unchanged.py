"""The default rules stay the book's: the Realm of Racket program itself agrees.

Runs ``tests/oracle/book_oracle.rkt`` (the book's chapter-12 source as shipped with
Debian's ``racket``) on a few boards and compares what ``--rules racket`` (the default
of the ``dice-of-doom`` registration) does: tree size, move order, the AI's turn and the
board order after the pass.
"""

from __future__ import annotations

import json
import subprocess
from pathlib import Path
from typing import Any

import pytest

from games import load_game
from lazytree.ai import ai_turn
from lazytree.search import minimax
from lazytree.traverse import count_tree
from lazytree.tree import Tree

ORACLE = Path(__file__).parent / "oracle" / "book_oracle.rkt"

BOARDS = [
    (3, "1:2 0:1 1:3 0:2 1:1 0:3 1:2 0:1 1:3"),
    (3, "0:3 1:1 1:2 0:2 1:3 0:1 1:1 0:3 1:2"),
]


def oracle(size: int, board: str, depth: int) -> dict[str, Any]:
    out = subprocess.run(
        ["racket", str(ORACLE), "--size", str(size), "--board", board, "--player", "1",
         "--spare", "10", "--depth", str(depth), "--ai"],
        capture_output=True, text=True, check=True, timeout=120,
    ).stdout  # fmt: skip
    data: dict[str, Any] = json.loads(out)
    return data


@pytest.mark.parametrize(("size", "board"), BOARDS)
def test_racket_rules_agree_with_the_book(size: int, board: str) -> None:
    depth = 4
    book = oracle(size, board, depth)
    position = load_game("dice-of-doom", rules="racket", size=size, board=board, player=1)
    game, state = position
    counted = count_tree(game, state, depth)
    assert (counted.nodes, counted.leaves) == (book["nodes"], book["leaves"])
    assert [game.move_to_str(state, m) for m in game.legal_moves(state)] == book["root_moves"]
    tree: Tree[Any, Any] = Tree(game, state)
    before = tree.root.state
    turn = []
    for made in ai_turn(tree, depth=4, rater=minimax):
        turn.append(game.move_to_str(before, made.move))
        before = tree.root.state
    assert turn == book["ai_turn"]
    final = tree.root.state
    assert game.board_spec(final) == book["ai_board"]  # type: ignore[attr-defined]
    order = list(range(len(final.owners)))
    assert (order[::-1] if final.reversed else order) == book["ai_board_order"]
    assert final.player == book["ai_next_player"]
