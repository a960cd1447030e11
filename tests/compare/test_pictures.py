"""The plots of ``lazytree compare`` the documentation shows, drawn again on every test
run (into ``build/pictures``; ``make pictures`` puts them in ``docs/images``).

A plot has two panels: nodes built (the same in every run) and time (measured, so it
moves from run to run, and the layout of both panels with it). A kept plot carries the
nodes it shows in a PNG text chunk (``lazytree-nodes``); a new plot replaces it only when
those figures differ, so a rerun leaves git clean while a change in what the methods
build shows up at once (with that run's times)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from PIL import Image, PngImagePlugin

from tests.browser.conftest import PICTURES
from tests.helpers import run

CHUNK = "lazytree-nodes"


def nodes_shown(report: dict[str, Any]) -> str:
    """What the nodes panel shows, from ``compare --json``: per case and method, the
    nodes built and whether a budget stopped the run."""
    rows = [
        [case["options"], m["method"], m["nodes_built"], m["stopped"] is not None]
        for case in report["cases"]
        for m in case["methods"]
    ]
    return json.dumps(rows, sort_keys=True)


def keep(plot: Path, report: dict[str, Any], name: str) -> Path:
    """``NAME.png`` in :data:`~tests.browser.conftest.PICTURES`: ``plot`` (tagged with
    its nodes), unless the kept one shows the same nodes."""
    PICTURES.mkdir(parents=True, exist_ok=True)
    path = PICTURES / f"{name}.png"
    shown = nodes_shown(report)
    if path.exists():
        with Image.open(path) as old:
            if old.info.get(CHUNK) == shown:
                return path
    info = PngImagePlugin.PngInfo()
    info.add_text(CHUNK, shown)
    with Image.open(plot) as new:
        new.save(path, pnginfo=info)
    return path


@pytest.mark.slow
def test_compare_to_depth_5(tmp_path: Path) -> None:
    plot = tmp_path / "plot.png"
    code, out, err = run(
        "compare", "dice-of-doom", "--sizes", "2,3,4,5,6", "--depth", "5", "--no-memory",
        "--json", "--plot", str(plot),
    )  # fmt: skip
    assert code == 0, err
    report = json.loads(out)
    assert len(report["cases"]) == 5
    assert all(case["agree"] for case in report["cases"])  # same value and best moves
    saved = keep(plot, report, "compare-depth-5")
    assert saved.stat().st_size > 20_000
    with Image.open(saved) as kept:
        assert kept.info[CHUNK] == nodes_shown(report)


@pytest.mark.slow
def test_compare_the_whole_game(tmp_path: Path) -> None:
    plot = tmp_path / "plot.png"
    code, out, err = run(
        "compare", "dice-of-doom", "--sizes", "2,3", "--seed", "2", "--whole-game",
        "--max-nodes", "20000", "--no-memory", "--json", "--plot", str(plot),
    )  # fmt: skip
    # on 3x3 the eager build, lazy minimax and plain alpha-beta run out of the budget:
    # the plot marks them with triangles, and the command says the result is partial
    assert code == 3, err
    assert "partial: 3 of 10 runs were stopped by a budget" in err
    report = json.loads(out)
    stopped = [m["method"] for case in report["cases"] for m in case["methods"] if m["stopped"]]
    assert "eager" in stopped and len(stopped) == 3
    saved = keep(plot, report, "compare-whole-game")
    assert saved.stat().st_size > 20_000
