"""Stepping through a traced search in a real browser (Debian's Chromium, Selenium).

The page is the offline file ``lazytree explore tree --rater alphabeta:textbook`` writes
for the lectures' example tree, driven by real input only (a pointer click on "Step
through", then the right-arrow key). At every step the node the search is at shows the
window it has then and the value known then, as the search recorded them
(:func:`lazytree.teach.traced_search`, run here again): no final value shows early.
"""

from __future__ import annotations

import json
import math
import time
from pathlib import Path
from typing import Any

import pytest
from selenium.webdriver.common.keys import Keys

from lazytree.games.builtin import LECTURE_TREE
from lazytree.games.tree_game import TreeGame
from lazytree.teach import Trace, traced_search
from lazytree.tree import Tree
from tests.browser.test_explorer import click, keys, open_page
from tests.explorer.test_page import page_data
from tests.helpers import run

MINUS, ALPHA = "\u2212", "\u03b1"  # the minus sign and alpha the page writes


def number(v: float) -> str:
    return f"{MINUS}∞" if v == -math.inf else "∞" if v == math.inf else f"{v:g}"


def expected_steps() -> list[tuple[int, str, str]]:
    """Per step: the node's serial, its window and the value known then, as text."""
    tree = Tree(TreeGame(json.loads(LECTURE_TREE)))
    trace = Trace()
    traced_search(tree.root, 3, "alphabeta", textbook=True, trace=trace)
    entered: dict[int, tuple[float, float]] = {}
    out = []
    for s in trace:
        serial = s.node.serial
        if s.event == "enter":
            entered[serial] = (s.alpha, s.beta)
            known = ""
        elif s.event == "leaf":
            known = number(s.value)  # type: ignore[arg-type]
        elif s.event in ("update", "cutoff"):
            sign = "≥" if s.node.player == 0 else "≤"
            known = sign + number(s.value)  # type: ignore[arg-type]
        else:
            a, b = entered[serial]
            v: float = s.value  # type: ignore[assignment]
            known = ("≤" if v <= a else "≥" if v >= b else "") + number(v)
        out.append((serial, f"{ALPHA}={number(s.alpha)} β={number(s.beta)}", known))
    return out


def shown(driver: Any, index: int) -> tuple[str, str, str]:
    """What node ``index`` shows: its window, its value and the side panel's window."""
    return driver.execute_script(  # type: ignore[no-any-return]
        "const g = document.querySelector(`[data-node='${arguments[0]}']`);"
        "const text = (e, s) => e?.querySelector(s)?.textContent ?? '';"
        "return [text(g, '[data-window]'), text(g, '[data-known]'),"
        " text(document, '[data-info-window]')];",
        index,
    )


def test_each_step_shows_the_window_and_the_value_known_then(
    driver: Any, tmp_path: Path, picture: Any
) -> None:
    page = tmp_path / "lecture.html"
    code, _, stderr = run("explore", "tree", "--depth", "3", "--rater", "alphabeta:textbook",
                          "--out", str(page))  # fmt: skip
    assert code == 0, stderr
    index = {serial: i for i, serial in enumerate(page_data(page.read_text())["serial"])}
    steps = expected_steps()
    open_page(driver, page)
    click(driver, '[data-action="replay"]')  # "Step through"
    for k, (serial, window, known) in enumerate(steps):
        if k:
            keys(driver, Keys.ARROW_RIGHT)
        text = driver.find_element("css selector", "[data-replay-text]").text
        assert text.startswith(f"step {k + 1} of {len(steps)}: "), text
        assert tuple(shown(driver, index[serial])) == (window, known, window), (k, text)
        if "cut-off at 1 (MIN)" in text:  # the docs' picture: the textbook's cut at 1
            picture(driver, "teach-steps")
        if k < len(steps) - 2:  # the root's value is known only at its last updates
            root_known = shown(driver, 0)[1]
            assert root_known in ("", "≥4"), (k, root_known)
    assert shown(driver, 0)[1] == "8"
    keys(driver, Keys.ARROW_LEFT)
    assert driver.find_element("css selector", "[data-replay-text]").text.startswith(
        f"step {len(steps) - 1} of"
    )


def test_minimax_and_alphabeta_side_by_side(driver: Any, tmp_path: Path, picture: Any) -> None:
    page = tmp_path / "side.html"
    code, _, stderr = run("explore", "tree", "--depth", "3", "--rater", "alphabeta:textbook",
                          "--beside", "minimax", "--out", str(page))  # fmt: skip
    assert code == 0, stderr
    open_page(driver, page)
    click(driver, '#explorer [data-action="replay"]')
    keys(driver, *[Keys.ARROW_RIGHT] * 9)
    left = driver.find_element("css selector", "#explorer [data-replay-text]").text
    right = driver.find_element("css selector", "#explorer-2 [data-replay-text]").text
    assert left.startswith("step 10 of 73: ") and right.startswith("step 10 of 92: ")
    click(driver, '#explorer-2 [data-action="back"]')  # either side steps both
    left = driver.find_element("css selector", "#explorer [data-replay-text]").text
    assert left.startswith("step 9 of 73: ")
    summaries = [e.text for e in driver.find_elements("css selector", "[data-summary]")]
    assert "29 forced by alphabeta:textbook" in summaries[0]
    assert "39 forced by minimax" in summaries[1]
    picture(driver, "teach-side-by-side")


def test_the_notebook_widget_steps_through_too(driver: Any, tmp_path: Path) -> None:
    pytest.importorskip("anywidget")
    from lazytree.explorer.html import _inline, _inline_json, explorer_css
    from lazytree.explorer.widget import TreeExplorer, widget_module
    from tests.browser.test_explorer import FAKE_ANYWIDGET

    tree = Tree(TreeGame([[3, 5], [3, 1]]))
    trace = Trace()
    result = traced_search(tree.root, 2, "alphabeta", textbook=True, trace=trace)
    widget = TreeExplorer(tree, result=result, trace=trace)
    path = tmp_path / "widget.html"
    path.write_text(
        FAKE_ANYWIDGET
        % {
            "css": explorer_css(),
            "esm": _inline(widget_module()),
            "data": _inline_json(widget.data),
        },
        encoding="utf-8",
    )
    driver.get(path.as_uri())
    deadline = time.monotonic() + 30
    while not driver.execute_script("return document.getElementById('widget').dataset.ready"):
        assert time.monotonic() < deadline, driver.get_log("browser")
        time.sleep(0.05)
    click(driver, '[data-action="replay"]')
    keys(driver, *[Keys.ARROW_RIGHT] * 11)
    text = driver.find_element("css selector", "[data-replay-text]").text
    cut = f"cut-off at 1 (MIN): {ALPHA} ≥ β ({ALPHA}=3 β=3): 1 move never generated"
    assert text == f"step 12 of {len(trace)}: {cut}"
