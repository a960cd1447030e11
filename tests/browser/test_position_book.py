"""Position-book hits and MCTS visits as a person sees them in Chromium: the play page's
status line under ``serve --position-book``, the explorer's marker, legend and summary, and the
visit counts of an MCTS tree."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import pytest

from lazytree.explorer.html import write_html
from lazytree.games import Position, load_game
from lazytree.position_book import PositionBook
from lazytree.search.mcts import MCTS
from lazytree.server import create_app
from lazytree.server.learning import check_learning
from lazytree.server.runner import Sessions
from lazytree.tree import Tree
from tests.browser.conftest import serve_app, start_game
from tests.browser.test_explorer import open_page
from tests.browser.test_play import wait_for
from tests.explorer.test_position_book_marks import searched

pytestmark = pytest.mark.filterwarnings("ignore::DeprecationWarning")

AI_FIRST = "/play?game=tictactoe&seats=ai,human&ai=book"
LAST_TURN = (
    "window.lazytree.view && window.lazytree.view.last_search && !window.lazytree.view.thinking"
)


def test_the_status_line_says_position_book_hit(driver: Any, tmp_path: Path) -> None:
    learning = check_learning(position_book=tmp_path / "serve.book")
    with serve_app(create_app(Sessions(limit=8), learning=learning)) as url:
        start_game(driver, url + AI_FIRST)
        wait_for(driver, LAST_TURN)
        progress = driver.find_element("css selector", "[data-role=progress]").text
        assert "AI's last turn: 1 moves" in progress and "position book hit" not in progress
        start_game(
            driver, url + AI_FIRST
        )  # a new game from the same start: the position book answers
        wait_for(driver, LAST_TURN)
        # read in one step: the page draws its status again on every update
        position_book = wait_for(
            driver,
            "(() => { const b = document.querySelector('[data-role=position-book]');"
            " return b && [b.textContent, b.dataset.positionBook]; })()",
        )
        assert position_book == ["position book hit", "hit"]
        assert "0 nodes forced" in driver.find_element("css selector", "[data-role=progress]").text


def test_the_explorer_marks_the_position_the_position_book_answered(
    driver: Any, tmp_path: Path
) -> None:
    with PositionBook(tmp_path / "t.book", load_game("tictactoe").game) as position_book:
        searched(position_book)  # a miss that stores
        tree, result = searched(position_book)  # then a hit
    assert result.position_book_hit
    path = tmp_path / "hit.html"
    write_html(tree, path, result=result, title="position book hit")
    open_page(driver, path)
    root = driver.find_element("css selector", '[data-node="0"]')
    assert root.get_attribute("data-position-book") == "hit"
    assert "lt-position-book-hit" in root.get_attribute("class")
    assert "▣ position book" in root.text
    legend = driver.find_element("css selector", '[data-legend="position-book"]')
    assert legend.is_displayed() and "position book" in legend.text
    summary = driver.find_element("css selector", "[data-summary]").text
    assert "1 position book hit: " in summary and "(searched to depth 2" in summary
    assert "forced by" not in summary  # nothing was searched
    info = driver.find_element("css selector", "[data-info]").text
    assert "answered from the position book" in info


def test_an_mcts_tree_shows_its_visits(driver: Any, tmp_path: Path, tictactoe: Position) -> None:
    game, state = tictactoe
    tree: Tree[Any, Any] = Tree(game, state)
    searcher = MCTS(rng=random.Random(1))
    result = searcher.search(tree.root, playouts=300)
    path = tmp_path / "mcts.html"
    model = write_html(tree, path, result=result, title="mcts", visits=searcher.edge_visits)
    open_page(driver, path)
    best = model.data["pv"][1]
    node = driver.find_element("css selector", f'[data-node="{best}"]')
    assert f"n={max(model.data['visits'][0])}" in node.text  # the most visited move
    assert driver.find_element("css selector", '[data-legend="visits"]').is_displayed()
    assert not driver.find_element("css selector", '[data-legend="position-book"]').is_displayed()
    assert (
        "forced by mcts (300 playouts)"
        in driver.find_element("css selector", "[data-summary]").text
    )
