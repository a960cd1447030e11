"""The self-contained HTML page and ``lazytree explore --format html``."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest

from lazytree.explorer.html import (
    asset,
    boards_script,
    explorer_css,
    explorer_script,
    page,
    write_html,
)
from lazytree.explorer.model import explorer_model
from lazytree.export import to_networkx, write_graph
from lazytree.games import Position
from lazytree.search import minimax
from lazytree.tree import Tree
from tests.helpers import cli, run


def page_data(text: str) -> dict[str, Any]:
    match = re.search(r'<script type="application/json" id="explorer-data">(.*?)</script>', text)
    assert match is not None
    data: dict[str, Any] = json.loads(match[1])
    return data


def test_the_page_inlines_everything_and_loads_nothing(tictactoe: Position) -> None:
    game, state = tictactoe
    tree: Tree[Any, Any] = Tree(game, state)
    model = explorer_model(tree, result=minimax(tree.root, 2))
    text = page(model)
    assert page_data(text) == json.loads(model.to_json())
    assert explorer_script() in text and asset("explorer.css") in text and explorer_css() in text
    # the board renderer (the play page's, once) and then the explorer (d3-hierarchy in it)
    assert text.index(boards_script()) < text.index(explorer_script())
    assert "// node_modules/d3-hierarchy/" in text and "// frontend/src/board/svg.ts" in text
    # nothing is fetched: no src/href attributes, no module imports; the page is not live
    # (no force URL), so its connection code never runs
    assert not re.search(r"\b(src|href)\s*=", text)
    assert not re.search(r"^\s*(import|export)\s", text, re.MULTILINE)
    assert "data-force-url" not in text
    assert text.count("<script") == text.count("</script>") == 3


def test_a_live_page_names_its_force_url(tictactoe: Position) -> None:
    game, state = tictactoe
    text = page(explorer_model(Tree(game, state)), force_url='/api/explore/a"b/force')
    assert '<div id="explorer" data-force-url="/api/explore/a&quot;b/force">' in text


def test_script_closing_text_in_move_labels_cannot_break_the_page(tictactoe: Position) -> None:
    game, state = tictactoe
    model = explorer_model(Tree(game, state))
    model.data["title"] = "</script><script>alert(1)</script>"
    model.data["strings"] = ["</script>"]
    text = page(model)
    assert text.count("</script>") == 3  # the data and the two scripts
    assert page_data(text)["strings"] == ["</script>"]


def test_explore_writes_the_html_explorer(tmp_path: Path) -> None:
    out = tmp_path / "tree.html"
    r = cli(["explore", "tictactoe", "--rater", "minimax", "--depth", "2", "--out", str(out)])
    assert r.exit_code == 0, r.output
    assert "82 positions, 81 forced by minimax to depth 2" in r.stdout
    data = page_data(out.read_text(encoding="utf-8"))
    assert data["summary"]["positions"] == 82 and data["title"] == "tictactoe: minimax to depth 2"


def test_explore_html_json_summary(tmp_path: Path) -> None:
    out = tmp_path / "page.htm"
    args = ["explore", "dice-of-doom", "--size", "3", "--seed", "1", "--depth", "3", "--json"]
    r = cli([*args, "--out", str(out)])
    assert r.exit_code == 0, r.output
    summary = json.loads(r.stdout)
    data = page_data(out.read_text(encoding="utf-8"))
    assert summary["format"] == "html" and summary["bytes"] == out.stat().st_size
    assert summary["positions"] == data["summary"]["positions"] == summary["nodes_forced"] + 1
    assert summary["never_generated"] == data["summary"]["never"]


def test_a_big_picture_points_to_the_html_explorer(tmp_path: Path) -> None:
    out = tmp_path / "big.dot"
    args = ["explore", "dice-of-doom", "--size", "4", "--seed", "3", "--depth", "4"]
    r = cli([*args, "--rater", "alphabeta", "--out", str(out)])  # the default engine shares
    assert r.exit_code == 0, r.output
    assert "1,569 positions" in r.stderr and "--format html" in r.stderr
    small = cli(["explore", "tictactoe", "--depth", "1", "--out", str(out)])
    assert small.exit_code == 0 and "--format html" not in small.stderr


def test_write_graph_refuses_html_with_a_pointer(tmp_path: Path, tictactoe: Position) -> None:
    game, state = tictactoe
    with pytest.raises(ValueError, match="write_html"):
        write_graph(to_networkx(Tree(game, state)), tmp_path / "x.html")


def test_write_html_returns_the_model_it_wrote(tmp_path: Path, tictactoe: Position) -> None:
    game, state = tictactoe
    tree: Tree[Any, Any] = Tree(game, state)
    model = write_html(tree, tmp_path / "t.html", result=minimax(tree.root, 1))
    assert page_data((tmp_path / "t.html").read_text("utf-8")) == model.data


def test_explore_the_play_ai_s_search(tmp_path: Path) -> None:
    out = tmp_path / "ai.html"
    # a 3x3 game the play AI searches to its end (4,882 positions) well within its clock
    # and the node budget, so the search is the same on any machine (on 4x4 a 0.3 s clock
    # may or may not reach the 20,000-node budget first, see the next test)
    args = ["explore", "dice-of-doom", "--size", "3", "--seed", "2", "--ai", "--time", "10"]
    r = cli([*args, "--json", "--out", str(out)])
    assert r.exit_code == 0, r.output
    summary = json.loads(r.stdout)
    data = page_data(out.read_text(encoding="utf-8"))
    assert summary["rater"] == data["summary"]["rater"] == "deepening"
    assert summary["positions"] == data["summary"]["positions"] == summary["nodes_forced"] + 1
    assert data["summary"]["pvMoves"] == summary["pv"]
    assert summary["nodes_forced"] == 4_882 and not summary["partial"]


@pytest.mark.slow
def test_the_default_node_budget_ends_the_play_ai_s_deepening_without_a_partial_exit(
    tmp_path: Path,
) -> None:
    out = tmp_path / "ai.html"
    # a 4x4 game is far too big for a 30 s clock's worth of nodes on a page: the default
    # node budget (which bounds the page) ends the deepening between two depths, as the
    # clock would have: a complete answer, said in one line, exit 0
    args = ["explore", "dice-of-doom", "--size", "4", "--seed", "1", "--ai", "--time", "30"]
    code, stdout, err = run(*args, "--json", "--out", str(out))
    assert code == 0, err
    summary = json.loads(stdout)
    assert "the default node budget (20,000 new nodes, which bounds the page)" in err
    assert summary["depth"] >= 1 and not summary["partial"]
    assert summary["nodes_forced"] >= 20_000 - 1
    # a budget the user sets is still theirs: reaching it is partial (exit 3)
    code, _, err = run(*args, "--search-nodes", "3000", "--out", str(out))
    assert code == 3 and "partial: the node budget (3,000 new nodes) ran out" in err
