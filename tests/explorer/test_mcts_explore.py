"""``--rater mcts`` in ``explore`` and ``analyse``: UCT's tree explored like any other
search, with its visit counts; its answers checked against the exact engine."""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

from lazytree.explorer import explorer_model
from lazytree.games import Position
from lazytree.search import Limit, make_rater, search
from lazytree.search.mcts import MCTS
from lazytree.tree import Tree
from tests.cli.helpers import run
from tests.explorer.test_page import page_data


def test_the_model_carries_the_visits_of_every_edge(tictactoe: Position) -> None:
    game, state = tictactoe
    tree: Tree[Any, Any] = Tree(game, state)
    rater = make_rater("mcts:playouts=200:seed=2")
    result = search(tree.root, Limit(), rater)
    searcher = MCTS(rng=random.Random(2))  # the same search without the entry
    again = searcher.search(Tree(game, state).root, playouts=200)
    assert (result, result.mcts) == (again, again.mcts)
    assert rater.visits is not None
    data = explorer_model(tree, result=result, visits=rater.visits).data
    assert sum(data["visits"][0]) == 200  # every playout leaves the root by one move
    assert data["summary"]["playouts"] == 200
    for i, node in enumerate(explorer_model(tree).nodes):
        assert len(data["visits"][i]) == len(data["edges"][i]) // 2
        moves = [e.move for e in node.generated_edges]
        assert dict(zip(moves, data["visits"][i], strict=True)) == {
            m: rater.visits(node).get(m, 0) for m in moves
        }
    best = data["strings"][data["edges"][0][2 * data["visits"][0].index(max(data["visits"][0]))]]
    assert data["summary"]["pvMoves"][0] == best  # the most visited move
    assert explorer_model(tree, result=result).data["visits"] is None  # only when asked


def explore_mcts(tmp_path: Path, *more: str) -> tuple[dict[str, Any], dict[str, Any]]:
    out = tmp_path / "mcts.html"
    ran = run("explore", "tictactoe", "--rater", "mcts", "--out", str(out), "--json", *more)
    assert ran.code == 0, ran.err
    return json.loads(ran.out), page_data(out.read_text(encoding="utf-8"))


def test_explore_rater_mcts_writes_an_explorer_with_visits(tmp_path: Path) -> None:
    summary, data = explore_mcts(tmp_path)
    assert summary["rater"] == "mcts" and summary["playouts"] == 1000  # the default
    assert data["title"] == "tictactoe: mcts (1,000 playouts)"
    assert sum(data["visits"][0]) == 1000 and data["summary"]["playouts"] == 1000
    assert summary["nodes_forced"] == data["summary"]["positions"] - 1
    again, same = explore_mcts(tmp_path)  # --search-seed 0 both times: the same search
    assert same["visits"] == data["visits"] and again["pv"] == summary["pv"]
    fewer, small = explore_mcts(tmp_path, "--rater", "mcts:playouts=50:seed=7")
    assert fewer["playouts"] == 50 and sum(small["visits"][0]) == 50
    assert small["summary"]["positions"] <= 51  # one new node a playout at most


def test_a_node_budget_stops_mcts_with_its_answer_marked_partial(tmp_path: Path) -> None:
    out = str(tmp_path / "t.html")
    ran = run("explore", "tictactoe", "--rater", "mcts", "--search-nodes", "30", "--out", out)
    assert ran.code == 3 and "wrote" in ran.out
    assert ran.err.strip().startswith("partial: the node budget (30 new nodes) ran out after ")
    assert "the answer is the most visited move so far (raise --search-nodes)" in ran.err


def test_analyse_rater_mcts_agrees_with_the_exact_engine_on_the_lectures_tree() -> None:
    exact = json.loads(run("analyse", "tree", "--json").out)
    ran = run("analyse", "tree", "--rater", "mcts", "--json")
    assert ran.code == 0, ran.err
    mcts = json.loads(ran.out)
    assert mcts["rater"] == "mcts" and mcts["playouts"] == 1000 and not mcts["partial"]
    assert mcts["best_moves"] == exact["best_moves"]
    assert sum(mcts["visits"].values()) == 1000
    assert max(mcts["visits"], key=mcts["visits"].get) == mcts["best_moves"][0]
    assert abs(mcts["value"] - exact["value"]) < 0.5  # the mean of its playouts
    words = run("analyse", "tictactoe", "--rater", "mcts:playouts=200").out
    assert "mcts, 200 playouts, the most visited line" in words and "visits" in words


def test_mcts_options_that_do_not_fit_are_one_line(tmp_path: Path) -> None:
    cases = [
        (["analyse", "tree", "--rater", "mcts", "--depth", "2"], "--depth and --rater mcts"),
        (["analyse", "tree", "--rater", "mcts", "--solve"], "--solve and --rater mcts"),
        (["analyse", "tree", "--rater", "mcts:playouts=0"], "mcts: playouts must be >= 1, got 0"),
        (["analyse", "tree", "--rater", "mcts:playout=5"], "mcts has no parameter 'playout'"),
        (
            ["analyse", "tree", "--rater", "mcts", "--book", str(tmp_path / "b")],
            "--position-book and",
        ),
        (
            ["explore", "tree", "--rater", "mcts", "--ai", "--out", "x.html"],
            "--rater mcts and --ai",
        ),
        (["explore", "tree", "-r", "mcts:seed=x", "--out", "x.html"], "mcts: seed='x' is not"),
        (["explore", "tree", "--rater", "mcts", "--depth", "2", "--out", "x.html"], "--depth and"),
        (["analyse", "tree", "--rater", "mtcs"], "unknown rater 'mtcs' (known: minimax, "),
    ]
    for args, start in cases:
        ran = run(*args)
        assert ran.code == 2, args
        assert ran.error_line().startswith(f"error: {start}"), ran.err
    assert not (tmp_path / "b").exists()
    assert ", deepening, mcts)" in run("explore", "tree", "-r", "x", "--out", "x.html").err
    assert "mcts:playouts=500:seed=3" in run("analyse", "tree", "--help").out


def test_the_servers_explore_runs_mcts_and_stays_live() -> None:
    from starlette.testclient import TestClient

    from lazytree.server import create_app
    from lazytree.server.runner import Sessions
    from tests.explorer.test_routes import page_parts

    with TestClient(create_app(Sessions(limit=2), hosts=["testserver"])) as client:
        r = client.get("/explore?game=tictactoe&rater=mcts:playouts=200:seed=1")
        assert r.status_code == 200, r.text
        data, url = page_parts(r.text)
        assert data["title"] == "tictactoe: mcts (200 playouts)"
        assert sum(data["visits"][0]) == 200 and url is not None
        leaf = data["pv"][-1]  # a click searches below it (alphabeta): the visits stay
        reply = client.post(url, json={"node": leaf, "serial": data["serial"][leaf]}).json()
        assert reply["report"]["forced"] > 0
        assert sum(reply["data"]["visits"][0]) == 200
        assert len(reply["data"]["visits"]) == reply["data"]["summary"]["positions"]
        bad = client.get("/explore?game=tictactoe&rater=mcts:playouts=0")
        assert bad.status_code == 400 and "mcts: playouts must be &gt;= 1, got 0" in bad.text
        huge = client.get("/explore?game=tictactoe&rater=mcts:playouts=100001")
        assert huge.status_code == 400 and "at most 100,000 here" in huge.text
