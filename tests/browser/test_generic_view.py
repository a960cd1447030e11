"""The generic view in a real browser: a game with no board view (the lecture tree game,
and a tiny game written in the test) is played on the play page by its move buttons
(``data-move``), the AI answers, and the explorer shows the same buttons."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from lazytree.explorer.html import write_html
from lazytree.games import GAMES, GameSpec, Position, load_game
from lazytree.search import alphabeta
from lazytree.tree import Tree
from tests.browser.conftest import serve_app, start_game
from tests.browser.test_explorer import open_page
from tests.browser.test_play import view, wait_for
from tests.test_boards import Pennies

pytestmark = pytest.mark.filterwarnings("ignore::DeprecationWarning")


def buttons(driver: Any, scope: str = "") -> list[str]:
    found: list[str] = driver.execute_script(
        f"return [...document.querySelectorAll('{scope} [data-move]')].map(b => b.dataset.move)"
    )
    return found


def shown_text(driver: Any) -> str:
    """The generic view's text on the play page (its <pre> is redrawn with each move)."""
    from selenium.webdriver.common.by import By

    pre = driver.find_element(By.CSS_SELECTOR, "[data-role=text-board] pre[data-role=text]")
    return str(pre.text)


def test_the_lecture_tree_is_played_by_its_move_buttons(driver: Any, live_server: str) -> None:
    from selenium.webdriver.common.by import By

    start_game(driver, f"{live_server}/play?game=tree&seats=human,ai&ai=book")
    wait_for(driver, "window.lazytree.ready")
    board = view(driver)["board"]
    assert board["kind"] == "text" and board["schema"] == "lazytree-board/1"
    # the game's own text in a <pre>, no SVG board, one button per legal move
    assert shown_text(driver) == board["text"] == "root: 3 children"
    assert not driver.find_element(By.CSS_SELECTOR, "[data-role=board]").is_displayed()
    assert buttons(driver, "#moves") == [m["move"] for m in board["moves"]] == ["0", "1", "2"]
    driver.find_element(By.CSS_SELECTOR, '#moves [data-move="1"]').click()
    # our move, then the AI's answer (player 1), then our turn again
    wait_for(
        driver,
        "window.lazytree.view.moves_made === 2 && !window.lazytree.view.thinking && "
        "window.lazytree.view.to_move === 0",
    )
    v = view(driver)
    assert [m["player"] for m in v["log"]] == [0, 1] and v["log"][0]["text"] == "1"
    answer = v["log"][1]["text"]
    assert shown_text(driver) == f"1.{answer}: 3 children"
    assert buttons(driver, "#moves") == ["0", "1", "2"]
    driver.find_element(By.CSS_SELECTOR, '#moves [data-move="0"]').click()
    wait_for(driver, "window.lazytree.view.over")
    assert buttons(driver, "#moves") == [] and shown_text(driver).startswith(f"1.{answer}.0: leaf")


def _pennies(options: Any) -> Position:
    game = Pennies()
    return Position(game, game.initial_state())


def register_pennies() -> None:
    """Register the game the test writes (in the server, and in each worker process)."""
    GAMES["pennies"] = GameSpec(
        "pennies", "take 1 or 2 pennies; the last one wins", (), _pennies, "take1, take2"
    )


@pytest.fixture
def pennies_server() -> Iterator[str]:
    """The play server with a game it has never seen registered (no board view): its
    worker processes register it too."""
    register_pennies()
    try:
        from lazytree.server import create_app
        from lazytree.server.runner import Sessions
        from lazytree.server.workers import ProcessWorkers

        executor = ProcessWorkers(1, initializer=register_pennies)
        try:
            with serve_app(create_app(Sessions(executor=executor))) as url:
                yield url
        finally:
            executor.close()
    finally:
        del GAMES["pennies"]


def test_a_game_written_in_the_test_is_offered_and_played(driver: Any, pennies_server: str) -> None:
    from selenium.webdriver.common.by import By
    from selenium.webdriver.support.ui import Select

    driver.get(f"{pennies_server}/")
    game = Select(driver.find_element(By.CSS_SELECTOR, "#f-game"))
    assert "pennies" in [o.get_attribute("value") for o in game.options]
    # every registered game has its options on the form
    forms = driver.execute_script(
        "return [...document.querySelectorAll('#f-options [data-game]')].map(e => e.dataset.game)"
    )
    assert set(forms) == set(GAMES)
    game.select_by_value("pennies")
    assert driver.find_element(By.CSS_SELECTOR, '[data-game="pennies"]').text == "(no options)"
    Select(driver.find_elements(By.CSS_SELECTOR, "#f-seats select")[1]).select_by_value("random")
    driver.find_element(By.CSS_SELECTOR, "[data-action=start]").click()
    wait_for(driver, "window.lazytree.ready")
    assert buttons(driver, "#moves") == ["take1", "take2"]
    assert shown_text(driver).startswith("pile: ooooo")
    driver.find_element(By.CSS_SELECTOR, '[data-move="take2"]').click()
    wait_for(
        driver,
        "window.lazytree.view.moves_made >= 2 && !window.lazytree.view.thinking",
    )
    v = view(driver)
    assert v["log"][0] == {"player": 0, "text": "take2"} and v["log"][1]["player"] == 1
    left = 3 - int(v["log"][1]["text"][4:])
    assert v["board"]["text"].startswith("pile: " + "o" * left)


def test_the_explorer_shows_the_generic_view_with_move_buttons(driver: Any, tmp_path: Path) -> None:
    from selenium.webdriver.common.by import By

    game, state = load_game("tree")
    tree: Tree[Any, Any] = Tree(game, state)
    path = tmp_path / "tree.html"
    write_html(tree, path, result=alphabeta(tree.root, 2))
    open_page(driver, path)
    board = driver.find_element(By.CSS_SELECTOR, "[data-board] pre[data-role=text]")
    assert board.text == "root: 3 children"
    assert buttons(driver, "[data-info]") == ["0", "1", "2"]
    driver.find_element(By.CSS_SELECTOR, '[data-info] [data-move="2"]').click()
    info = driver.find_element(By.CSS_SELECTOR, "[data-info]").text
    assert "line 2" in info
    board = driver.find_element(By.CSS_SELECTOR, "[data-board] pre[data-role=text]")
    assert board.text == "2: 3 children"
    # the tree's selected node is the move's position
    selected = driver.execute_script(
        "return +document.querySelector('[data-node].lt-selected').dataset.node"
    )
    data = driver.execute_script("return lazytreeExplorer.model.data")
    assert data["parent"][selected] == 0 and data["pos"][selected] == "2: 3 children"
