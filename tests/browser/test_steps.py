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
import re
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
    summaries = [
        e.get_attribute("textContent")
        for e in driver.find_elements("css selector", "[data-summary]")
    ]  # (hidden until the last step: the answer's counts)
    assert "29 forced by alphabeta:textbook" in summaries[0]
    assert "39 forced by minimax" in summaries[1]
    click(driver, '#explorer [data-action="present"]')
    click(driver, '#explorer-2 [data-action="present"]')
    keys(driver, Keys.END)  # alpha-beta at its end, minimax too: both counts shown
    assert step_text(driver).startswith("step 73 of 73: ")
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
    cut = f"cut-off at 1 (MIN): value 3 ≤ {ALPHA}=3 ({ALPHA}=3 β=3): 1 move never generated"
    assert text == f"step 12 of {len(trace)}: {cut}"


def step_text(driver: Any, side: str = "#explorer") -> str:
    return driver.find_element("css selector", f"{side} [data-replay-text]").text  # type: ignore[no-any-return]


@pytest.mark.parametrize("size", [(1280, 720), (390, 844)])
def test_a_clicker_only_steps(driver: Any, tmp_path: Path, size: tuple[int, int]) -> None:
    """A presenter's clicker (PageDown / PageUp), Space, Enter, the arrows, Home and End
    step through, with the focus on the "Step through" button a click started it with:
    none of them presses that button (which would leave the step-through)."""
    driver.set_window_size(*size)
    page = tmp_path / "lecture.html"
    code, _, stderr = run("explore", "tree", "--depth", "3", "--rater", "alphabeta:textbook",
                          "--out", str(page))  # fmt: skip
    assert code == 0, stderr
    open_page(driver, page)
    click(driver, '[data-action="replay"]')
    assert step_text(driver).startswith("step 1 of 73: ")
    driver.execute_script("document.querySelector('[data-action=\"replay\"]').focus()")
    expected = [
        (Keys.SPACE, 2), (Keys.PAGE_DOWN, 3), (Keys.ENTER, 4), (Keys.ARROW_DOWN, 5),
        (Keys.ARROW_RIGHT, 6), (Keys.PAGE_UP, 5), (Keys.ARROW_UP, 4), (Keys.ARROW_LEFT, 3),
        (Keys.END, 73), (Keys.SPACE, 73), (Keys.HOME, 1), (Keys.PAGE_UP, 1),
    ]  # fmt: skip
    for key, step in expected:
        keys(driver, key)
        assert step_text(driver).startswith(f"step {step} of 73: "), (key, step_text(driver))
    summary = driver.find_element("css selector", "[data-summary]")
    assert not summary.is_displayed() or summary.value_of_css_property("visibility") == "hidden"


def test_the_side_panel_tells_nothing_early(driver: Any, tmp_path: Path) -> None:
    """At the first step the root's panel shows no final value, no cut-off, no line."""
    page = tmp_path / "lecture.html"
    code, _, stderr = run("explore", "tree", "--depth", "3", "--rater", "alphabeta:textbook",
                          "--out", str(page))  # fmt: skip
    assert code == 0, stderr
    open_page(driver, page)
    click(driver, '[data-action="replay"]')
    info = driver.find_element("css selector", "[data-info]").text
    assert "final value" not in info and "never generated" not in info and "8" not in info
    keys(driver, Keys.END)
    info = driver.find_element("css selector", "[data-info]").text
    assert "value then" in info and "8" in info


def test_move_ordering_side_by_side(driver: Any, tmp_path: Path, picture: Any) -> None:
    """Alpha-beta beside itself with the moves reversed: both step together, each to its
    own end (73 and 52 steps), and at the end each header counts its leaves."""
    page = tmp_path / "order.html"
    beside = ("--beside", "alphabeta:textbook:moves=reversed")
    code, _, stderr = run("explore", "tree", "--rater", "alphabeta:textbook", *beside,
                          "--out", str(page))  # fmt: skip
    assert code == 0, stderr
    open_page(driver, page)
    click(driver, '#explorer [data-action="replay"]')
    keys(driver, *[Keys.ARROW_RIGHT] * 4)
    assert step_text(driver).startswith("step 5 of 73: ")
    assert step_text(driver, "#explorer-2").startswith("step 5 of 52: ")
    keys(driver, Keys.END)
    summaries = [e.text for e in driver.find_elements("css selector", "[data-summary]")]
    assert "19 leaves evaluated" in summaries[0] and "11 leaves evaluated" in summaries[1]
    assert "value 8" in summaries[0] and "value 8" in summaries[1]
    picture(driver, "teach-move-order")


def test_side_by_side_steps_each_to_its_own_end(driver: Any, tmp_path: Path) -> None:
    """Alpha-beta (73 steps) stays at its last step while minimax (92) goes on; one step
    back moves minimax one step back, alpha-beta stays."""
    page = tmp_path / "side.html"
    code, _, stderr = run("explore", "tree", "--depth", "3", "--rater", "alphabeta:textbook",
                          "--beside", "minimax", "--out", str(page))  # fmt: skip
    assert code == 0, stderr
    open_page(driver, page)
    click(driver, '#explorer [data-action="replay"]')
    keys(driver, Keys.END)
    assert step_text(driver).startswith("step 73 of 73: ")
    assert step_text(driver, "#explorer-2").startswith("step 92 of 92: ")
    summaries = [e.text for e in driver.find_elements("css selector", "[data-summary]")]
    assert "29 forced" in summaries[0] and "39 forced" in summaries[1]  # shown at the end
    keys(driver, Keys.ARROW_LEFT)
    assert step_text(driver).startswith("step 73 of 73: ")
    assert step_text(driver, "#explorer-2").startswith("step 91 of 92: ")
    keys(driver, Keys.HOME, *[Keys.ARROW_RIGHT] * 73)
    assert step_text(driver).startswith("step 73 of 73: ")
    assert step_text(driver, "#explorer-2").startswith("step 74 of 92: ")
    keys(driver, Keys.ARROW_RIGHT)
    assert step_text(driver).startswith("step 73 of 73: ")
    assert step_text(driver, "#explorer-2").startswith("step 75 of 92: ")
    keys(driver, Keys.ARROW_LEFT, Keys.ARROW_LEFT)
    assert step_text(driver).startswith("step 73 of 73: ")
    assert step_text(driver, "#explorer-2").startswith("step 73 of 92: ")
    keys(driver, Keys.ARROW_LEFT)
    assert step_text(driver).startswith("step 72 of 73: ")


def test_a_textbooks_tree_from_a_file(driver: Any, tmp_path: Path, picture: Any) -> None:
    """AIMA's figure 5.2 from its file steps through with the book's labels: at step 14
    C is cut off after c1, so c2 and c3 are never generated."""
    driver.set_window_size(1280, 720)
    page = tmp_path / "fig52.html"
    aima = Path(__file__).resolve().parents[2] / "docs" / "trees" / "aima-5-2.tree"
    code, _, stderr = run("explore", "tree", "--spec", f"@{aima}", "--depth", "2",
                          "--rater", "alphabeta:textbook", "--out", str(page))  # fmt: skip
    assert code == 0, stderr
    open_page(driver, page)
    click(driver, '[data-action="present"]')
    click(driver, '[data-action="replay"]')
    keys(driver, *[Keys.PAGE_DOWN] * 13)
    assert step_text(driver).startswith(f"step 14 of 27: cut-off at C (MIN): value 2 ≤ {ALPHA}=3")
    labels = [e.text for e in driver.find_elements("css selector", "#explorer .lt-node text")]
    assert {"B", "C", "b1", "c1"} <= {word for text in labels for word in text.split()}
    assert "2 moves never generated" in driver.find_element("css selector", "#explorer").text
    picture(driver, "teach-aima-5-2")


def test_quiescence_steps(driver: Any, tmp_path: Path, picture: Any) -> None:
    """A search with quiescence on a Dice of Doom board: past the depth limit the step
    line says quiescence, and a node there first stands pat on its own evaluation."""
    driver.set_window_size(1400, 1000)
    page = tmp_path / "quiet.html"
    board = ("--size", "3", "--seed", "5", "--eval", "heuristic", "--depth", "1")
    rater = ("--rater", "alphabeta:textbook:quiescence=2")
    code, _, stderr = run("explore", "dice-of-doom", *board, *rater, "--out", str(page))
    assert code == 0, stderr
    steps = page_data(page.read_text())["steps"]
    stand = next(k for k in steps["quiescence"] if steps["event"][k] == "u")
    open_page(driver, page)
    click(driver, '[data-action="replay"]')
    keys(driver, *[Keys.ARROW_RIGHT] * stand)
    text = step_text(driver)
    assert text.startswith(f"step {stand + 1} of {len(steps['node'])}: quiescence: ")
    assert "(standing pat: its own evaluation; a noisy move must beat it)" in text
    keys(driver, Keys.HOME)
    assert "quiescence" not in step_text(driver)
    deep = [k for k in steps["quiescence"] if steps["event"][k] == "u"][-1]
    keys(driver, *[Keys.ARROW_RIGHT] * deep)
    assert step_text(driver).startswith(f"step {deep + 1} of {len(steps['node'])}: quiescence: ")
    picture(driver, "teach-quiescence")


def visible(driver: Any, selector: str) -> bool:
    """Whether the element ``selector`` matches lies wholly inside the tree's visible box."""
    return driver.execute_script(  # type: ignore[no-any-return]
        "const box = document.querySelector('#explorer .lt-tree').getBoundingClientRect();"
        "const e = document.querySelector(arguments[0]);"
        "if (!e) return false;"
        "const r = e.getBoundingClientRect();"
        "return r.left >= box.left - 1 && r.right <= box.right + 1"
        " && r.top >= box.top - 1 && r.bottom <= box.bottom + 1;",
        selector,
    )


@pytest.mark.parametrize("size", [(1280, 720), (390, 844)])
def test_presentation_mode(
    driver: Any, tmp_path: Path, picture: Any, size: tuple[int, int]
) -> None:
    """Presentation mode draws the tree top down, fitted to the screen, in large type,
    with the side panel and legend hidden (Panel shows them); the node the search is at
    and the child whose value just backed up into it are in view at every step."""
    driver.set_window_size(*size)
    page = tmp_path / "lecture.html"
    code, _, stderr = run("explore", "tree", "--depth", "3", "--rater", "alphabeta:textbook",
                          "--out", str(page))  # fmt: skip
    assert code == 0, stderr
    open_page(driver, page)
    click(driver, '[data-action="present"]')
    click(driver, '[data-action="replay"]')
    info = driver.find_element("css selector", "#explorer [data-info]")
    legend = driver.find_element("css selector", "#explorer .lt-legend")
    assert not info.is_displayed() and not legend.is_displayed()
    for k in range(1, 73):
        keys(driver, Keys.PAGE_DOWN)
        assert visible(driver, ".lt-node.lt-current"), (k, step_text(driver))
        if driver.find_elements("css selector", ".lt-node.lt-backed-up"):
            assert visible(driver, ".lt-node.lt-backed-up"), (k, step_text(driver))
        if k == 34 and size == (1280, 720):
            picture(driver, "teach-present")
    # top down: the root above its children; the type at least 14 px on the screen
    ys = driver.execute_script(
        "return [0, 1].map(i => document.querySelector(`[data-node='${i}'] circle`)"
        ".getBoundingClientRect().top);"
    )
    assert ys[0] < ys[1]
    height = driver.execute_script(
        "return document.querySelector('[data-node=\"0\"] text').getBoundingClientRect().height"
    )
    assert height >= 14
    if size == (1280, 720):  # a projector: every level of the tree on the screen at once
        deepest = driver.execute_script(
            "return Math.max(...[...document.querySelectorAll('#explorer [data-node]')]"
            ".map(e => e.getBoundingClientRect().bottom))"
        )
        box = driver.find_element("css selector", "#explorer .lt-tree").rect
        assert deepest <= box["y"] + box["height"]
    click(driver, '[data-action="panel"]')
    assert info.is_displayed() and legend.is_displayed()


def test_the_lab_sheet_prints(driver: Any, tmp_path: Path, picture: Any) -> None:
    """The lab sheet prints with its answer key on a page of its own."""
    import base64

    sheet = tmp_path / "lab.html"
    code, _, stderr = run("explore", "practice", "--sheet", "2", "--seed", "42",
                          "--out", str(sheet))  # fmt: skip
    assert code == 0, stderr
    driver.get(sheet.as_uri())
    picture(driver, "teach-lab-sheet")
    pdf = base64.b64decode(driver.execute_cdp_cmd("Page.printToPDF", {})["data"])
    assert len(re.findall(rb"/Type\s*/Page[^s]", pdf)) >= 2


def test_slides_of_every_step(driver: Any, tmp_path: Path, picture: Any) -> None:
    """The slides document: a page per step, each the step drawn top down with its words;
    printed, one page a step."""
    import base64

    page = tmp_path / "lecture.html"
    code, _, stderr = run("explore", "tree", "--depth", "3", "--rater", "alphabeta:textbook",
                          "--out", str(page))  # fmt: skip
    assert code == 0, stderr
    open_page(driver, page)
    slides = tmp_path / "slides.html"
    slides.write_text(driver.execute_script("return lazytreeExplorer.frames()"), encoding="utf-8")
    driver.get(slides.as_uri())
    frames = driver.find_elements("css selector", ".lt-frame")
    assert len(frames) == 73
    captions = [e.text for e in driver.find_elements("css selector", ".lt-frame-caption")]
    assert captions[0].startswith("step 1 of 73: enter root")
    cut = next(k for k, c in enumerate(captions) if "cut-off at 1 (MIN)" in c)
    picture(driver, "teach-slide", frames[cut])
    pdf = base64.b64decode(driver.execute_cdp_cmd("Page.printToPDF", {"landscape": True})["data"])
    assert len(re.findall(rb"/Type\s*/Page[^s]", pdf)) == 73


def test_printing_shows_the_whole_tree(driver: Any, tmp_path: Path) -> None:
    """Printed, the page is the tree alone, every node of it on the page's width (the
    screen's scroll box would clip it to two levels)."""
    page = tmp_path / "lecture.html"
    code, _, stderr = run("explore", "tree", "--depth", "3", "--rater", "alphabeta:textbook",
                          "--out", str(page))  # fmt: skip
    assert code == 0, stderr
    driver.set_window_size(700, 700)
    open_page(driver, page)
    click(driver, '[data-action="replay"]')
    keys(driver, Keys.END)  # the whole tree drawn left to right: wider than the window
    wide = driver.execute_script(
        "return document.querySelector('#explorer [data-tree]').getBoundingClientRect().width"
    )
    assert wide > 700
    driver.execute_cdp_cmd("Emulation.setEmulatedMedia", {"media": "print"})
    try:
        inside = driver.execute_script(
            "const w = document.documentElement.clientWidth;"
            "return [...document.querySelectorAll('#explorer [data-node]')]"
            ".every(e => { const r = e.getBoundingClientRect();"
            " return r.left >= 0 && r.right <= w; });"
        )
        assert inside
        assert not driver.find_element("css selector", "#explorer .lt-info").is_displayed()
        assert not driver.find_element("css selector", '[data-action="step"]').is_displayed()
        assert driver.find_element("css selector", "[data-replay-text]").is_displayed()
    finally:
        driver.execute_cdp_cmd("Emulation.setEmulatedMedia", {"media": ""})
