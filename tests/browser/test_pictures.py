"""The explorer pictures of the documentation, drawn by a real browser on every test run
(``explorer.png``; ``make pictures`` puts them in ``docs/images``).

The search is bounded by its depth, not by a clock, so the picture is the same from one
run to the next (the ``picture`` fixture keeps the old file when less than 1% of its
pixels change).
"""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any

from lazytree.explorer.html import write_html
from lazytree.games import load_game
from lazytree.search import Limit, search
from lazytree.tree import Tree
from tests.browser.test_explorer import open_page, press


def test_the_play_ais_decision_in_the_explorer(driver: Any, picture: Any, tmp_path: Path) -> None:
    # the play AI's search (the deepening rater: heuristic evaluation, sharing tree,
    # ordering, width) on 8x8, to depth 5
    game, state = load_game("dice-of-doom", size=8, seed=1, eval="heuristic")
    tree: Tree[Any, Any] = Tree(game, state, share=True)
    result = search(tree.root, Limit(depth=5), "deepening")
    page = tmp_path / "ai.html"
    model = write_html(tree, page, result=result, title="dice-of-doom 8x8: the play AI")
    assert len(model.nodes) > 1000
    open_page(driver, page)
    summary = driver.find_element("css selector", "[data-summary]").text
    assert f"{len(model.nodes):,} positions" in summary
    # select the first move of the principal variation: the side panel draws its board
    first = result.pv[0]
    label = game.move_to_str(state, first)
    node = next(e for e in driver.find_elements("css selector", "[data-node]") if label in e.text)
    press(driver, node)  # a real pointer click
    deadline = time.monotonic() + 10
    while label not in driver.find_element("css selector", "#explorer").text:
        assert time.monotonic() < deadline, "the side panel never showed the selected move"
        time.sleep(0.05)
    saved = picture(driver, "explorer")
    assert saved.exists() and saved.stat().st_size > 10_000
