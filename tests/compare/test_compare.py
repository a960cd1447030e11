"""``lazytree compare`` and the library under it: same answers, budgets, JSON, the plot."""

from __future__ import annotations

import json
import struct
import zlib
from pathlib import Path
from typing import Any

import pytest

from lazytree.cli.compare import parse_sizes
from lazytree.compare import EAGER, compare_position, parse_methods, plot_cases, variants
from lazytree.games import load_game
from lazytree.games.tree_game import TreeGame
from lazytree.search import RATERS, Rater, SearchResult, minimax
from lazytree.spec import Spec
from lazytree.tree import Node
from tests.helpers import cli

RUN_FIELDS = {
    "method",
    "complete",
    "value",
    "best_moves",
    "nodes_built",
    "nodes_needed",
    "evaluations",
    "seconds",
    "peak_bytes",
    "depth_reached",
    "stopped",
    "eager_over_this",
}


def invoke(*args: str) -> Any:
    return cli(["compare", *args])


def test_every_method_agrees_with_eager_on_the_lecture_tree() -> None:
    game = TreeGame([[3, 12, 8], [2, 4, 6], [14, 5, 2]])
    case = compare_position(game, (), 2, memory=False)
    assert [r.method for r in case.runs] == [
        EAGER,
        "minimax",
        "alphabeta",
        "alphabeta+share",
        "alphabeta-tt+share",
    ]
    assert case.agree is True and case.checked_against == EAGER and case.mismatches == ()
    assert {(r.value, r.best_moves) for r in case.runs} == {(3.0, (0,))}
    built = {r.method: r.nodes_built for r in case.runs}
    assert built[EAGER] == built["minimax"] == 13
    assert built["alphabeta"] == 11  # two leaves of the middle branch pruned
    assert all(r.nodes_needed == r.nodes_built for r in case.runs)
    ratio = case.ratio("alphabeta", "nodes_built")
    assert ratio is not None and ratio.value == pytest.approx(13 / 11) and ratio.bound == "exact"


def test_peak_memory_is_measured_for_every_method() -> None:
    game, state = load_game("dice-of-doom", size=3, seed=5)
    case = compare_position(game, state, 4)
    assert all(r.peak_bytes is not None and r.peak_bytes > 0 for r in case.runs)
    eager, minimax_run = case.run(EAGER), case.run("minimax")
    # both hold the same complete tree at the end: their peaks are of the same order
    assert eager.peak_bytes is not None and minimax_run.peak_bytes is not None
    assert 0.2 < eager.peak_bytes / minimax_run.peak_bytes < 5


def test_a_budget_stop_is_kept_and_shown_as_a_lower_bound() -> None:
    game, state = load_game("dice-of-doom", size=4, seed=3)
    case = compare_position(game, state, 6, max_nodes=10_000, memory=False)
    eager, lazy_minimax, ab = case.run(EAGER), case.run("minimax"), case.run("alphabeta")
    assert not eager.complete and eager.value is None and eager.nodes_built == 10_000
    assert eager.depth_reached == 6
    assert eager.stopped is not None and "node budget of 10,000 ran out" in eager.stopped
    # the root and 10,000 new nodes, and the few made before the search checked its budget
    assert not lazy_minimax.complete and 10_000 < lazy_minimax.nodes_built <= 10_000 + 8
    assert lazy_minimax.stopped == "lazy search stopped: the node budget (10,000 new nodes) ran out"
    assert ab.complete and ab.nodes_built < 10_000
    assert case.checked_against == "alphabeta" and case.agree is True
    ratio = case.ratio("alphabeta", "nodes_built")
    assert ratio is not None and ratio.bound == "lower"
    assert case.ratio("minimax", "nodes_built") is None  # both stopped: nothing to compare


def broken(node: Node[Any, Any], depth: int | None = 4, **kw: Any) -> SearchResult[Any]:
    """minimax, but reporting only the last of the tied best moves."""
    result = minimax(node, depth, **kw)
    return SearchResult(
        result.value,
        result.player,
        result.best_moves[-1:],
        result.pv,
        result.depth,
        "broken",
        result.stats,
    )


def test_a_disagreement_is_found_and_reported_loudly(monkeypatch: pytest.MonkeyPatch) -> None:
    spec = Spec("broken", "minimax with one tied move", (), lambda text: Rater(text, broken))
    monkeypatch.setitem(RATERS._specs, "broken", spec)
    game = TreeGame([[1, 2], [2, 1]])  # both moves are worth 1: a tie
    case = compare_position(game, (), 2, "minimax,broken", memory=False)
    assert case.agree is False
    assert case.mismatches == ("broken best moves ['1'] differ from eager's ['0', '1']",)
    result = invoke("tree", "--spec", "[[1,2],[2,1]]", "--rater", "minimax,broken", "--no-memory")
    assert result.exit_code == 1
    assert "MISMATCH" in result.output and "broken best moves" in result.output
    assert "NO" in result.output


def test_compare_json_has_the_documented_fields_and_identical_answers() -> None:
    result = invoke("dice-of-doom", "--sizes", "2,3", "--seed", "5", "--depth", "4", "--json")
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)  # progress goes to stderr
    assert set(data) == {
        "game",
        "depth",
        "methods",
        "max_nodes",
        "max_bytes",
        "max_process_bytes",
        "memory_measured",
        "cases",
        "all_agree",
        "seconds",
        "plot",
    }
    assert data["methods"] == [
        EAGER,
        "minimax",
        "alphabeta",
        "alphabeta+share",
        "alphabeta-tt+share",
    ]
    assert data["all_agree"] is True and data["depth"] == 4
    assert [c["options"] for c in data["cases"]] == [{"size": 2, "seed": 5}, {"size": 3, "seed": 5}]
    for case in data["cases"]:
        assert case["agree"] is True and case["checked_against"] == EAGER
        assert case["mismatches"] == []
        runs = case["methods"]
        assert [r["method"] for r in runs] == data["methods"]
        for run in runs:
            assert set(run) == RUN_FIELDS
            assert run["complete"] is True and run["stopped"] is None
            assert run["peak_bytes"] > 0 and run["nodes_built"] >= 1
        assert len({r["value"] for r in runs}) == 1
        assert len({tuple(r["best_moves"]) for r in runs}) == 1
        eager = runs[0]
        for run in runs[1:]:
            nodes = run["eager_over_this"]["nodes_built"]
            assert nodes["bound"] == "exact"
            assert nodes["value"] == pytest.approx(eager["nodes_built"] / run["nodes_built"])
        assert eager["nodes_built"] == load_count(case["options"], 4)


def load_count(options: dict[str, Any], depth: int) -> int:
    from lazytree.traverse import count_tree

    game, state = load_game("dice-of-doom", **options)
    return count_tree(game, state, depth).nodes


@pytest.mark.slow
def test_cli_shows_a_blown_budget_and_exits_with_code_3() -> None:
    result = invoke("dice-of-doom", "--size", "4", "--seed", "3", "--max-nodes", "10000")
    assert result.exit_code == 3, result.output  # partial: some runs were stopped
    assert "partial: 2 of 5 runs were stopped by a budget" in result.stderr
    assert "stopped" in result.output
    assert (
        "eager build stopped: the node budget of 10,000 ran out "
        "(10,000 nodes built, reached depth 6 of 6)" in result.output
    )
    assert ">=" in result.output  # eager's ratios are lower bounds
    data = json.loads(
        invoke(
            "dice-of-doom", "--size", "4", "--seed", "3", "--max-nodes", "10000", "--json"
        ).stdout
    )
    eager = data["cases"][0]["methods"][0]
    assert (eager["complete"], eager["value"], eager["nodes_built"]) == (False, None, 10_000)
    assert eager["stopped"].startswith("eager build stopped")


def test_cli_memory_budget_stop() -> None:
    result = invoke(
        "dice-of-doom", "--size", "4", "--seed", "3", "--max-memory", "64", "--no-memory"
    )
    assert result.exit_code == 3, result.output
    # the eager build stops on its estimate or on the process's measured memory (the
    # smallest budget accepted is less than this test process already holds)
    assert "eager build stopped: the" in result.output
    assert "memory budget of 64.0 MiB" in result.output


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["tree", "--sizes", "2,3"], "tree: this game has no size option"),
        (["tree", "--seeds", "2"], "tree: this game has no seed option"),
        (["dice-of-doom", "--sizes", "2,x"], "expected sizes like 2,3,4,5"),
        (["dice-of-doom", "--sizes", "1,2"], "size must be at least 2, got 1"),
        (["dice-of-doom", "--rater", "quick"], "unknown rater 'quick'"),
        (["dice-of-doom", "--rater", "minimax+cache"], "the only suffix is '+share'"),
        (["tree", "--plot", "{missing}/p.png"], "no directory {missing}"),
    ],
)
def test_cli_bad_input_is_a_one_line_error(args: list[str], message: str, tmp_path: Path) -> None:
    missing = str(tmp_path / "no" / "dir")  # a folder that does not exist
    result = invoke(*(a.replace("{missing}", missing) for a in args))
    message = message.replace("{missing}", missing)
    assert result.exit_code == 2
    assert message in result.output
    assert "Traceback" not in result.output


PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"


def png_chunks(data: bytes) -> dict[bytes, list[bytes]]:
    """The chunks of a PNG file by type, checking each chunk's CRC."""
    assert data[:8] == PNG_SIGNATURE
    chunks: dict[bytes, list[bytes]] = {}
    pos = 8
    while pos < len(data):
        (length,) = struct.unpack(">I", data[pos : pos + 4])
        kind = data[pos + 4 : pos + 8]
        body = data[pos + 8 : pos + 8 + length]
        (crc,) = struct.unpack(">I", data[pos + 8 + length : pos + 12 + length])
        assert zlib.crc32(kind + body) == crc
        chunks.setdefault(kind, []).append(body)
        pos += 12 + length
    return chunks


@pytest.mark.slow
def test_cli_plot_is_a_png_written_by_matplotlib(tmp_path: Path) -> None:
    out = tmp_path / "compare.png"
    result = invoke("dice-of-doom", "--sizes", "2,3", "--depth", "4", "--plot", str(out))
    assert result.exit_code == 0, result.output
    assert f"plot written to {out}" in result.output
    chunks = png_chunks(out.read_bytes())
    assert next(iter(chunks)) == b"IHDR" and b"IEND" in chunks
    width, height = struct.unpack(">II", chunks[b"IHDR"][0][:8])
    assert width > 500 and height > 200
    software = [t for t in chunks.get(b"tEXt", []) if t.startswith(b"Software\0")]
    assert software and b"Matplotlib" in software[0]


def test_plot_cases_draws_one_line_per_method(tmp_path: Path) -> None:
    cases = []
    for size in (2, 3):
        game, state = load_game("dice-of-doom", size=size, seed=5)
        cases.append(compare_position(game, state, 3, memory=False, options={"size": size}))
    fig = plot_cases(cases, tmp_path / "p.png")
    nodes_axes = fig.axes[0]
    labels = [line.get_label() for line in nodes_axes.get_lines()]
    assert labels == [EAGER, "minimax", "alphabeta", "alphabeta+share", "alphabeta-tt+share"]
    assert nodes_axes.get_yscale() == "log"
    eager_line = nodes_axes.get_lines()[0]
    assert list(eager_line.get_xdata()) == [2, 3]
    assert list(eager_line.get_ydata()) == pytest.approx([c.run(EAGER).nodes_built for c in cases])
    with pytest.raises(ValueError):
        plot_cases([])


def test_parsers() -> None:
    assert parse_sizes("2,3, 5") == [2, 3, 5]
    assert parse_sizes("2-4") == [2, 3, 4]
    assert [m.name for m in parse_methods("alphabeta+share,minimax")] == [
        "alphabeta+share",
        "minimax",
    ]
    with pytest.raises(ValueError, match="twice"):
        parse_methods("minimax,minimax")
    assert list(variants({"size": 3, "seed": 7, "board": None}, [2], seeds=2)) == [
        {"size": 2, "seed": 7, "board": None},
        {"size": 2, "seed": 8, "board": None},
    ]
    assert list(variants({"spec": "[1]"})) == [{"spec": "[1]"}]


def test_cli_whole_game_on_the_books_board() -> None:
    board = ("--size", "2", "--board", "0:2 1:1 0:3 1:2")
    result = invoke("dice-of-doom", *board, "--whole-game", "--json", "--no-memory")
    assert result.exit_code == 0, result.output
    data = json.loads(result.output)
    assert data["depth"] is None and data["all_agree"] is True
    runs = data["cases"][0]["methods"]
    game, state = load_game("dice-of-doom", size=2, board="0:2 1:1 0:3 1:2")
    from lazytree.traverse import count_tree

    assert runs[0]["nodes_built"] == count_tree(game, state).nodes
    assert len({(r["value"], tuple(r["best_moves"])) for r in runs}) == 1


def test_progress_reports_each_phase_of_each_method() -> None:
    from lazytree.compare import Step

    steps: list[Step] = []
    game = TreeGame([[3, 12, 8], [2, 4, 6], [14, 5, 2]])
    case = compare_position(game, (), 2, "alphabeta", progress=steps.append)
    assert [(s.method, s.phase) for s in steps] == [
        (EAGER, "timing"),
        (EAGER, "memory"),
        (EAGER, "done"),
        ("alphabeta", "timing"),
        ("alphabeta", "memory"),
        ("alphabeta", "done"),
    ]
    assert [s.run for s in steps if s.phase == "done"] == list(case.runs)
