"""The plots of ``lazytree compare`` the documentation shows, drawn again on every test
run into ``docs/images/``.

A plot has two panels: nodes built (the same in every run) and time (measured, so it
moves from run to run, and its axis with it: 16% of the pixels differ between two runs).
A new plot replaces the kept one only when its nodes panel differs by more than the
browser pictures' tolerance, so a rerun leaves git clean while a change in what the
methods build shows up at once (with that run's times)."""

from __future__ import annotations

from pathlib import Path

from PIL import Image, ImageChops

from tests.browser.conftest import PICTURE_TOLERANCE, PICTURES
from tests.conftest import run


def nodes_panel_changed(old: Path, new: Path) -> bool:
    """Whether more than :data:`PICTURE_TOLERANCE` of the left half's pixels differ."""
    with Image.open(old) as a, Image.open(new) as b:
        if a.size != b.size:
            return True
        box = (0, 0, a.size[0] // 2, a.size[1])
        left_a, left_b = a.convert("RGB").crop(box), b.convert("RGB").crop(box)
    diff = ImageChops.difference(left_a, left_b).convert("L").point(lambda v: 255 if v else 0)
    return diff.histogram()[255] / (box[2] * box[3]) > PICTURE_TOLERANCE


def keep(plot: Path, name: str) -> Path:
    """``docs/images/NAME.png``: ``plot``, unless the kept one has the same nodes panel."""
    PICTURES.mkdir(parents=True, exist_ok=True)
    path = PICTURES / f"{name}.png"
    if not path.exists() or nodes_panel_changed(path, plot):
        path.write_bytes(plot.read_bytes())
    return path


def test_compare_to_depth_5(tmp_path: Path) -> None:
    plot = tmp_path / "plot.png"
    code, out, err = run(
        "compare", "dice-of-doom", "--sizes", "2,3,4,5,6", "--depth", "5", "--no-memory",
        "--plot", str(plot),
    )  # fmt: skip
    assert code == 0, err
    assert "Same value and best moves from every method in all 5 case(s)" in out
    saved = keep(plot, "compare-depth-5")
    assert saved.stat().st_size > 20_000


def test_compare_the_whole_game(tmp_path: Path) -> None:
    plot = tmp_path / "plot.png"
    code, out, err = run(
        "compare", "dice-of-doom", "--sizes", "2,3", "--seed", "2", "--whole-game",
        "--max-nodes", "20000", "--no-memory", "--plot", str(plot),
    )  # fmt: skip
    # on 3x3 the eager build, lazy minimax and plain alpha-beta run out of the budget:
    # the plot marks them with triangles, and the command says the result is partial
    assert code == 3, err
    assert "eager build stopped: the node budget of 20,000 ran out" in out + err
    assert "partial: 3 of 10 runs were stopped by a budget" in err
    saved = keep(plot, "compare-whole-game")
    assert saved.stat().st_size > 20_000
