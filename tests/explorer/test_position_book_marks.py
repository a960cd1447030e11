"""Position book hits in the explorer: the model marks the position the position book
answered, the page and ``lazytree explore --ai --position-book`` show it."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from lazytree.explorer import explorer_model
from lazytree.games import load_game
from lazytree.position_book import PositionBook, booked_search
from lazytree.search import alphabeta
from lazytree.tree import Tree
from tests.cli.helpers import run
from tests.explorer.test_page import page_data


def searched(position_book: PositionBook | None) -> tuple[Tree[Any, Any], Any]:
    game, state = load_game("tictactoe")
    tree: Tree[Any, Any] = Tree(game, state)
    return tree, booked_search(position_book, tree, lambda: alphabeta(tree.root, 2), depth=2)


def test_a_miss_then_a_hit_mark_the_root(tmp_path: Path) -> None:
    with PositionBook(tmp_path / "t.book", load_game("tictactoe").game) as position_book:
        tree, miss = searched(position_book)
        model = explorer_model(tree, result=miss).data
        assert model["positionBook"] == "m" + "-" * (model["summary"]["positions"] - 1)
        summary = model["summary"]
        assert summary["positionBookHits"] == 0 and summary["positionBook"] == {"status": "miss"}
        tree, hit = searched(position_book)
        data = explorer_model(tree, result=hit).data
    assert data["positionBook"] == "h" and data["summary"]["positions"] == 1  # nothing searched
    assert data["summary"]["positionBookHits"] == 1
    best = model["summary"]["pvMoves"][0]
    assert data["summary"]["positionBook"] == {"status": "hit", "move": best, "depth": 2, "uses": 1}


def test_without_a_position_book_there_is_no_position_book_column() -> None:
    tree, result = searched(None)
    data = explorer_model(tree, result=result).data
    assert data["positionBook"] is None and data["summary"]["positionBookHits"] == 0
    assert "positionBook" not in data["summary"] and "book" not in data["summary"]
    assert explorer_model(tree).data["positionBook"] is None  # no search at all


def test_explore_ai_position_book_writes_the_hit_into_the_page(tmp_path: Path) -> None:
    position_book, out = tmp_path / "e.book", tmp_path / "tree.html"
    args = ["explore", "dice-of-doom", "--size", "3", "--seed", "4", "--ai", "--time", "0.3"]
    args += ["--position-book", str(position_book), "--out", str(out), "--json"]
    first = run(*args)
    assert first.code == 0, first.err
    assert json.loads(first.out)["position_book"] == "miss"
    assert "book" not in json.loads(first.out)
    data = page_data(out.read_text(encoding="utf-8"))
    assert (
        data["positionBook"][0] == "m"
        and "book" not in data
        and data["summary"]["positionBookHits"] == 0
    )
    again = run(*args)
    assert again.code == 0, again.err
    summary = json.loads(again.out)
    assert summary["position_book"] == "hit" and summary["nodes_forced"] == 0
    assert summary["best_move"] == json.loads(first.out)["best_move"]
    data = page_data(out.read_text(encoding="utf-8"))
    assert data["positionBook"] == "h" and data["summary"]["positionBookHits"] == 1
    assert data["title"].endswith("the play AI: the position book (searched to depth 1 before)")
    words = run(*args[:-1])
    assert "forced by the position book (searched to depth 1 before)" in words.out


def test_explore_position_book_needs_ai_and_a_real_one(tmp_path: Path) -> None:
    out = str(tmp_path / "t.html")
    no_ai = run("explore", "tictactoe", "--book", str(tmp_path / "b"), "--out", out)
    assert no_ai.code == 2
    assert no_ai.error_line() == (
        "error: --position-book needs --ai: the position book is the play AI's"
    )
    junk = tmp_path / "junk"
    junk.write_text("not a database " * 100)
    bad = run("explore", "tictactoe", "--ai", "--book", str(junk), "--out", out)
    assert bad.code == 2 and bad.error_line().startswith(
        f"error: --position-book {junk}: not a lazytree"
    )
    assert "--book" in run("explore", "tictactoe", "--help").out
