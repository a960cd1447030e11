"""``lazytree explore`` through typer's CliRunner, bad input included."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import networkx as nx
import pytest

from tests.helpers import cli


def run(*args: str) -> Any:
    return cli(["explore", *args])


def test_explore_lecture_tree_json(tmp_path: Path) -> None:
    out = tmp_path / "tree.json"
    r = run("tree", "--depth", "3", "--rater", "alphabeta", "--out", str(out))
    assert r.exit_code == 0, r.output
    line = r.stdout.strip()
    assert "\n" not in line
    # 29 nodes forced by alpha-beta below the root; 30 positions and 2 pruned notes drawn;
    # 4 moves never generated (worked by hand in tests/export/test_export.py)
    assert "29 nodes forced" in line and "32 drawn (2 of them notes)" in line
    assert "4 pruned sibling moves never generated" in line
    assert "value 8 for player 0, best move 2" in line
    graph = nx.node_link_graph(json.loads(out.read_text()), directed=True, edges="edges")
    assert graph.number_of_nodes() == 32
    assert graph.graph["pv"] == "2 2 0"


def test_explore_json_summary_and_moves(tmp_path: Path) -> None:
    out = tmp_path / "t.graphml"
    r = run("tree", "--moves", "2", "--depth", "2", "--rater", "minimax", "--out", str(out))
    assert r.exit_code == 0, r.output
    r = run(
        "tree",
        "--moves",
        " 2, 1 ",
        "--depth",
        "1",
        "--rater",
        "minimax",
        "--out",
        str(out),
        "--json",
    )
    assert r.exit_code == 0, r.output
    data = json.loads(r.stdout)
    # after moves 2 and 1 it is player 0's turn at node 2.1 = [10, 2, 8]
    assert data["value"] == 10 and data["player"] == 0 and data["best_move"] == "0"
    assert data["nodes_forced"] == 3 and data["nodes_drawn"] == 4 and data["never_generated"] == 0
    graph = nx.read_graphml(out)
    assert graph.nodes["root"]["label"] == "2.1"


def test_explore_dice_of_doom_svg_and_png(tmp_path: Path) -> None:
    for suffix in ("svg", "png"):
        out = tmp_path / f"d.{suffix}"
        r = run("dice-of-doom", "--seed", "1", "--depth", "3", "--out", str(out))
        assert r.exit_code == 0, r.output
        assert "value 1 for player 0, best move 8->5" in r.stdout
    assert "<svg" in (tmp_path / "d.svg").read_text()
    assert (tmp_path / "d.png").read_bytes().startswith(b"\x89PNG")


def test_explore_format_option_beats_the_suffix(tmp_path: Path) -> None:
    out = tmp_path / "tree.txt"
    r = run("tree", "--out", str(out), "--format", "dot")
    assert r.exit_code == 0, r.output
    assert out.read_text().startswith("digraph")


def test_explore_max_nodes_and_no_pruned(tmp_path: Path) -> None:
    out = tmp_path / "t.json"
    r = run(
        "tree",
        "--rater",
        "alphabeta",
        "--out",
        str(out),
        "--max-nodes",
        "12",
        "--no-show-pruned",
        "--json",
    )
    assert r.exit_code == 0, r.output
    data = json.loads(r.stdout)
    assert data["nodes_drawn"] <= 12 and data["never_generated"] == 4
    kinds = [n["kind"] for n in json.loads(out.read_text())["nodes"]]
    assert "pruned" not in kinds and "more" in kinds and len(kinds) <= 12


def test_explore_dag(tmp_path: Path) -> None:
    out = tmp_path / "t.json"
    args = ["dice-of-doom", "--seed", "5", "--depth", "3", "--rater", "minimax", "--out"]
    shared = json.loads(run(*args, str(out), "--share", "--json").stdout)
    flat = json.loads(run(*args, str(out), "--json").stdout)
    assert shared["nodes_drawn"] < flat["nodes_drawn"]


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["tree", "--moves", "0,7"], "--moves: move 2 ('7')"),
        (["tree", "--moves", "x"], "'x' is not a child number"),
        (["dice-of-doom", "--seed", "1", "--moves", "0->4"], "move 1 ('0->4')"),
        (["tree", "--rater", "best"], "unknown rater 'best'"),
        (["tree", "--format", "pdf"], "unknown format 'pdf'"),
        (["tree", "--out", "x.pdf"], "cannot tell the format"),
        (["tree", "--max-nodes", "3"], "too small to draw the best line"),
        (["dice-of-doom", "--size", "1"], "size must be at least 2"),
    ],
)
def test_explore_bad_input_is_a_one_line_error(
    tmp_path: Path, args: list[str], message: str
) -> None:
    if "--out" not in args:
        args = [*args, "--out", str(tmp_path / "t.dot")]
    r = run(*args)
    assert r.exit_code == 2
    assert message in r.stderr
    assert len(r.stderr.strip().splitlines()) == 1
    assert "Traceback" not in r.output


def test_explore_needs_out() -> None:
    r = run("tree")
    assert r.exit_code == 2
    assert "--out" in r.stderr


def test_explore_without_dot(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr("lazytree.export.write.shutil.which", lambda name: None)
    r = run("tree", "--out", str(tmp_path / "t.svg"))
    assert r.exit_code == 2
    assert "install Graphviz" in r.stderr and "apt-get install graphviz" in r.stderr
    assert not (tmp_path / "t.svg").exists()
    r = run("tree", "--out", str(tmp_path / "t.dot"))
    assert r.exit_code == 0, r.output


def test_explore_open_without_a_viewer(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr("lazytree.cli.explore.shutil.which", lambda name: None)
    r = run("tree", "--out", str(tmp_path / "t.dot"), "--open")
    assert r.exit_code == 0, r.output
    assert "no system viewer found" in r.stderr


def test_explore_open_with_a_viewer(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    opened: list[list[str]] = []

    class FakePopen:
        def __init__(self, args: list[str], **kwargs: Any) -> None:
            opened.append(args)

    monkeypatch.setattr("lazytree.cli.explore.shutil.which", lambda name: f"/usr/bin/{name}")
    monkeypatch.setattr("lazytree.cli.explore.subprocess.Popen", FakePopen)
    out = tmp_path / "t.dot"
    r = run("tree", "--out", str(out), "--open")
    assert r.exit_code == 0, r.output
    assert opened == [["/usr/bin/xdg-open", str(out)]]
    assert "opened" in r.stderr


def test_explore_with_a_clock(tmp_path: Path) -> None:
    """--time deepens up to --depth; what the deepening built is what gets exported."""
    out = tmp_path / "t.json"
    r = run("tree", "--time", "5", "--depth", "3", "--out", str(out), "--json")
    assert r.exit_code == 0, r.output
    summary = json.loads(r.stdout)
    assert summary["depth"] == 3 and summary["value"] == 8 and summary["best_move"] == "2"
    graph = nx.node_link_graph(json.loads(out.read_text()), edges="edges")
    positions = [n for n, a in graph.nodes(data=True) if a["kind"] == "position"]
    assert len(positions) == summary["nodes_forced"] + 1
    # a rater that refuses chance nodes says so in one line
    r = run(
        "dice-of-doom",
        "--rules",
        "chance",
        "--time",
        "1",
        "--rater",
        "alphabeta",
        "--out",
        str(out),
    )
    assert r.exit_code == 2 and "chance" in r.stderr


def test_a_big_board_s_search_is_written_as_deltas_and_whole_on_request(tmp_path: Path) -> None:
    """12x12 (144 cells): the root's board once and each position's changes; with
    --whole-boards every position's board (and its text)."""
    out, whole = tmp_path / "d.json", tmp_path / "w.json"
    args = ["dice-of-doom", "--size", "12", "--seed", "1", "--depth", "2", "--rater"]
    r = run(*args, "alphabeta", "--out", str(out))
    assert r.exit_code == 0, r.output
    r = run(*args, "alphabeta", "--whole-boards", "--out", str(whole))
    assert r.exit_code == 0, r.output
    nodes = [n for n in json.loads(out.read_text())["nodes"] if n["kind"] == "position"]
    full = [n for n in json.loads(whole.read_text())["nodes"] if n["kind"] == "position"]
    assert len(nodes) == len(full) > 100
    assert nodes[0]["label"] == "root" and nodes[1]["label"] == nodes[1]["id"].split("/")[-1]
    assert all("delta" in n and "board" not in n for n in nodes[1:])
    assert all("cells" in n and "board" in n for n in full)
    assert out.stat().st_size * 3 < whole.stat().st_size


def test_whole_boards_is_for_files_that_carry_boards(tmp_path: Path) -> None:
    r = run("tictactoe", "--whole-boards", "--out", str(tmp_path / "t.svg"))
    assert r.exit_code == 2 and "--whole-boards" in r.output
    assert "Traceback" not in r.output and not (tmp_path / "t.svg").exists()
