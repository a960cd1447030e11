"""The comparison's plot with or without matplotlib (``lazytree.compare.chart``): a PNG
where matplotlib can be imported, lazytree's own SVG elsewhere, with a line per method
and a triangle where a budget stopped one."""

from __future__ import annotations

import importlib.util
import xml.etree.ElementTree as ET

import pytest

from lazytree.compare import Case, Chart, chart, compare_position, svg_chart
from lazytree.games import load_game

SVG = "{http://www.w3.org/2000/svg}"


def cases(depth: int | None = 3, max_nodes: int | None = None) -> list[Case]:
    out = []
    for size in (2, 3):
        game, state = load_game("dice-of-doom", size=size, seed=2)
        out.append(
            compare_position(
                game, state, depth, memory=False, max_nodes=max_nodes, options={"size": size}
            )
        )
    return out


def parsed(picture: Chart) -> ET.Element:
    assert picture.svg is not None
    return ET.fromstring(picture.svg)


def test_the_svg_has_both_panels_and_a_line_per_method() -> None:
    measured = cases()
    picture = svg_chart(measured)
    assert picture.png is None and picture._repr_svg_() == picture.svg
    root = parsed(picture)
    lines = root.findall(f"{SVG}polyline")
    methods = [r.method for r in measured[0].runs]
    assert len(lines) == 2 * len(methods)  # two panels
    assert {line.find(f"{SVG}title").text for line in lines} == set(methods)  # type: ignore[union-attr]
    text = " ".join(t.text or "" for t in root.iter(f"{SVG}text"))
    assert "nodes built" in text and "time (s)" in text and "board size" in text
    assert not root.findall(f"{SVG}polygon")  # every method finished


def test_a_budget_stopped_method_is_a_triangle() -> None:
    root = parsed(svg_chart(cases(depth=None, max_nodes=2000)))
    assert root.findall(f"{SVG}polygon")
    assert "stopped by the budget" in ET.tostring(root, encoding="unicode")


def test_chart_uses_matplotlib_where_it_can_be_imported(monkeypatch: pytest.MonkeyPatch) -> None:
    measured = cases()
    if importlib.util.find_spec("matplotlib") is not None:
        png = chart(measured).png
        assert png is not None and png.startswith(b"\x89PNG")
    real = importlib.util.find_spec
    monkeypatch.setattr(
        importlib.util,
        "find_spec",
        lambda name, *a: None if name == "matplotlib" else real(name, *a),
    )
    picture = chart(measured)
    assert isinstance(picture, Chart) and picture.png is None and picture.svg is not None


def test_no_cases_no_chart() -> None:
    with pytest.raises(ValueError, match="no cases"):
        svg_chart([])
