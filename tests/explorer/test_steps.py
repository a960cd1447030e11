"""``lazytree explore`` with a traced search: the steps in the JSON file and the page,
and ``--rater alphabeta:textbook``."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

from tests.explorer.test_page import page_data
from tests.helpers import run

SMALL = "[[3,5],[3,1]]"


def explore_json(tmp_path: Path, *args: str) -> tuple[dict[str, Any], dict[str, Any]]:
    out = tmp_path / "t.json"
    code, stdout, stderr = run("explore", "tree", "--out", str(out), "--json", *args)
    assert code == 0, stderr
    return json.loads(stdout), json.loads(out.read_text())


def leaves(doc: dict[str, Any]) -> list[str]:
    return [s["node"] for s in doc["steps"] if s["event"] == "leaf"]


def test_textbook_prunes_leaf_1_1(tmp_path: Path) -> None:
    args = ("--spec", SMALL, "--depth", "2")
    summary, doc = explore_json(tmp_path, *args, "--rater", "alphabeta:textbook")
    assert leaves(doc) == ["root/0/0", "root/0/1", "root/1/0"]
    assert summary["never_generated"] == 1 and summary["rater"] == "alphabeta:textbook"
    assert summary["steps"] == len(doc["steps"])
    cut = [s for s in doc["steps"] if s["event"] == "cutoff"]
    assert cut == [{"node": "root/1", "event": "cutoff", "alpha": 3, "beta": 3, "value": 3}]
    ids = {n["id"] for n in doc["nodes"]}
    assert {s["node"] for s in doc["steps"]} <= ids and "root/1/1" not in ids
    # plain alphabeta searches move 1 with a window just below 3: leaf 1.1 is evaluated
    summary, doc = explore_json(tmp_path, *args, "--rater", "alphabeta")
    assert leaves(doc) == ["root/0/0", "root/0/1", "root/1/0", "root/1/1"]
    assert summary["never_generated"] == 0


def test_steps_are_recorded_only_when_asked(tmp_path: Path) -> None:
    summary, doc = explore_json(tmp_path, "--depth", "2", "--rater", "minimax", "--no-steps")
    assert "steps" not in doc and "steps" not in summary
    summary, doc = explore_json(tmp_path, "--depth", "2", "--rater", "alphabeta-tt")
    assert "steps" not in doc
    summary, doc = explore_json(tmp_path, "--depth", "2", "--rater", "minimax")
    events = [s["event"] for s in doc["steps"]]
    assert events.count("leaf") == 9 and "cutoff" not in events  # minimax prunes nothing


def test_steps_with_an_untraced_rater_is_one_line_error(tmp_path: Path) -> None:
    out = str(tmp_path / "t.json")
    code, _, stderr = run("explore", "tree", "--out", out, "--rater", "mcts", "--steps")
    assert code == 2 and "--steps" in stderr and "Traceback" not in stderr
    code, _, stderr = run("explore", "tree", "--out", out, "--rater", "minimax:textbook")
    assert code == 2 and "minimax has no parameter 'textbook'" in stderr


def test_the_page_holds_the_steps(tmp_path: Path) -> None:
    out = tmp_path / "t.html"
    code, _, stderr = run("explore", "tree", "--depth", "3", "--rater", "alphabeta:textbook",
                          "--out", str(out))  # fmt: skip
    assert code == 0, stderr
    data = page_data(out.read_text())
    steps = data["steps"]
    n = len(steps["node"])
    assert len(steps["event"]) == n == len(steps["alpha"]) == len(steps["value"])
    assert steps["event"].count("l") == 19  # the hand trace's leaves
    assert steps["event"][0] == "e" and steps["node"][0] == 0 and steps["alpha"][0] is None
    assert steps["terms"] is None and steps["truncated"] is False


def test_chance_steps_in_the_page(tmp_path: Path) -> None:
    out = tmp_path / "t.html"
    spec = '[{"chance": [[0.5, 4], [0.5, [1, 2]]]}, 3]'
    code, _, stderr = run("explore", "tree", "--spec", spec, "--depth", "3", "--rater",
                          "expectiminimax:star1=false", "--out", str(out))  # fmt: skip
    assert code == 0, stderr
    steps = page_data(out.read_text())["steps"]
    exits = [i for i, e in enumerate(steps["event"]) if e == "x" and steps["terms"][i]]
    assert [steps["terms"][i] for i in exits] == [[[0.5, 4], [0.5, 1]]]


def test_beside_draws_two_searches_of_the_tree(tmp_path: Path) -> None:
    out = tmp_path / "side.html"
    code, _, stderr = run("explore", "tree", "--depth", "3", "--rater", "alphabeta:textbook",
                          "--beside", "minimax", "--out", str(out))  # fmt: skip
    assert code == 0, stderr
    text = out.read_text()
    left = page_data(text)
    match = re.search(r'<script type="application/json" id="explorer-data-2">(.*?)</script>', text)
    assert match is not None and '<div id="explorer-2">' in text
    right = json.loads(match[1])
    assert (
        left["summary"]["rater"] == "alphabeta:textbook" and right["summary"]["rater"] == "minimax"
    )
    assert left["summary"]["positions"] == 30 and right["summary"]["positions"] == 40
    assert right["steps"]["event"].count("l") == 27 and "c" not in right["steps"]["event"]


def test_beside_needs_html_and_traced_raters(tmp_path: Path) -> None:
    for args, message in [
        (["--rater", "alphabeta", "--beside", "minimax", "--out", "t.json"], "html"),
        (["--rater", "alphabeta-tt", "--beside", "minimax", "--out", "t.html"], "traced"),
        (["--rater", "alphabeta", "--beside", "mcts", "--out", "t.html"], "not a traced rater"),
    ]:
        args[-1] = str(tmp_path / args[-1])
        code, _, stderr = run("explore", "tree", *args)
        assert code == 2 and message in stderr and "Traceback" not in stderr, stderr


def test_move_ordering_side_by_side(tmp_path: Path) -> None:
    """The same rater beside itself with the moves reversed: the same tree drawn in the
    other order, each side with the leaves it evaluated (19 as drawn, 11 reversed)."""
    out = tmp_path / "order.html"
    beside = ("--beside", "alphabeta:textbook:moves=reversed")
    code, _, stderr = run(
        "explore", "tree", "--rater", "alphabeta:textbook", *beside, "--out", str(out)
    )
    assert code == 0, stderr
    text = out.read_text()
    left = page_data(text)
    match = re.search(r'<script type="application/json" id="explorer-data-2">(.*?)</script>', text)
    assert match is not None
    right = json.loads(match[1])
    assert right["summary"]["rater"] == "alphabeta:textbook:moves=reversed"
    assert (left["summary"]["evaluations"], right["summary"]["evaluations"]) == (19, 11)
    assert [right["strings"][m] for m in right["edges"][0][::2]] == ["2", "1", "0"]
    code, _, stderr = run("explore", "tree", "--rater", "alphabeta:moves=up", "--out", str(out))
    assert code == 2 and stderr.strip().splitlines() == [
        "error: alphabeta: moves='up' is not given, reversed, best-first"
    ]
