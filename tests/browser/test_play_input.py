"""The play page's input and drawing beyond clicks, in a real browser with real input
(W3C actions: keys, a mouse drag): the board's keyboard cursor, the move box and its
errors, the announcements, a move's update redrawing only the cells it changed (the
whole board when most changed), and a drag that moves the picture without drawing it until
it lets go.

What the renderer drew is read from its test hooks (``lazytreeBoard.lastDrawn``: the cells
the last draw drew, null for all of them; ``style.transform``: the drag preview).
"""

from __future__ import annotations

import time
from typing import Any

import pytest

from tests.browser.conftest import start_game
from tests.browser.test_play import attacks, board_call, click_cell, view, wait_for

pytestmark = pytest.mark.filterwarnings("ignore::DeprecationWarning")

BOARD = "document.querySelector('[data-role=board]')"


def keys(driver: Any, *typed: str) -> None:
    from selenium.webdriver.common.action_chains import ActionChains

    ActionChains(driver).send_keys(*typed).perform()


def focused(driver: Any) -> str:
    role: str = driver.execute_script(
        "const a = document.activeElement; return a.dataset.role || a.dataset.action || a.tagName"
    )
    return role


def tab_to(driver: Any, role: str) -> None:
    """Press Tab until the element of ``data-role`` ``role`` has the focus."""
    from selenium.webdriver.common.keys import Keys

    for _ in range(60):
        if focused(driver) == role:
            return
        keys(driver, Keys.TAB)
    raise AssertionError(f"Tab never reached {role}")


def text_of(driver: Any, role: str) -> str:
    text: str = driver.execute_script(
        "return document.querySelector(`[data-role=${arguments[0]}]`).textContent", role
    )
    return text


def test_the_keyboard_plays_on_the_board(driver: Any, live_server: str) -> None:
    from selenium.webdriver.common.keys import Keys

    start_game(driver, f"{live_server}/play?game=dice-of-doom&size=6&seed=2&seats=human,human")
    wait_for(driver, "window.lazytree.ready")
    tab_to(driver, "board")
    start = driver.execute_script(f"return Number({BOARD}.dataset.cursor)")
    assert text_of(driver, "cursor").startswith(f"Cursor: territory {start}, ")
    keys(driver, Keys.ARROW_RIGHT)
    right = driver.execute_script(f"return Number({BOARD}.dataset.cursor)")
    cells = view(driver)["board"]["cells"]
    assert cells[right]["row"] == cells[start]["row"] and right != start
    keys(driver, Keys.ARROW_DOWN)
    down = driver.execute_script(f"return Number({BOARD}.dataset.cursor)")
    assert cells[down]["row"] == cells[right]["row"] + 1  # a hex neighbour below
    assert board_call(driver, "cellClass", down).split()[-1] == "cursor"

    # Enter on a move's start selects it, Escape lets it go, Enter and a target attack
    src, dst = attacks(view(driver)["board"])[0]
    for _ in range(40):  # walk the cursor to the attack's start, row by row
        at = driver.execute_script(f"return Number({BOARD}.dataset.cursor)")
        if at == src:
            break
        dy = cells[src]["row"] - cells[at]["row"]
        dx = cells[src]["col"] - cells[at]["col"]
        key = (Keys.ARROW_DOWN if dy > 0 else Keys.ARROW_UP) if dy else None
        keys(driver, key or (Keys.ARROW_RIGHT if dx > 0 else Keys.ARROW_LEFT))
    assert driver.execute_script(f"return Number({BOARD}.dataset.cursor)") == src
    keys(driver, Keys.ENTER)
    assert "sel" in board_call(driver, "cellClass", src).split()
    moves = driver.execute_script(
        "return [...document.querySelectorAll('#moves [data-move]')].map(b => b.textContent)"
    )
    assert f"{src}->{dst}" in moves  # the selected territory's moves, as buttons
    keys(driver, Keys.ESCAPE)
    assert "sel" not in board_call(driver, "cellClass", src).split()
    keys(driver, " ")
    assert "sel" in board_call(driver, "cellClass", src).split()
    # the target: a neighbour; the arrows in the direction of its centre
    for _ in range(6):
        at = driver.execute_script(f"return Number({BOARD}.dataset.cursor)")
        if at == dst:
            break
        here, there = board_call(driver, "cellCenter", at), board_call(driver, "cellCenter", dst)
        dx, dy = there["x"] - here["x"], there["y"] - here["y"]
        if abs(dy) > 5:
            keys(driver, Keys.ARROW_DOWN if dy > 0 else Keys.ARROW_UP)
        else:
            keys(driver, Keys.ARROW_RIGHT if dx > 0 else Keys.ARROW_LEFT)
    assert "a move ends here" in text_of(driver, "cursor")
    keys(driver, Keys.ENTER)
    wait_for(driver, "window.lazytree.view.moves_made === 1")
    assert view(driver)["log"][0]["text"] == f"{src}->{dst}"
    assert f"Player 0 (you): {src}->{dst}." in text_of(driver, "announce")


def test_the_move_box_plays_a_typed_move_and_says_why_not(driver: Any, live_server: str) -> None:
    from selenium.webdriver.common.keys import Keys

    start_game(driver, f"{live_server}/play?game=dice-of-doom&size=6&seed=2&seats=human,ai&ai=book")
    wait_for(driver, "window.lazytree.ready")
    tab_to(driver, "move-input")
    keys(driver, "no such move", Keys.ENTER)
    error = text_of(driver, "move-error")
    assert error.startswith("no such move is not a legal move here: legal moves look like ")
    assert view(driver)["moves_made"] == 0
    # completion: the legal moves that start with what is typed, then those holding it
    src, dst = attacks(view(driver)["board"])[0]
    keys(driver, Keys.END, *[Keys.BACKSPACE] * 20, f"{src}->")
    offered = driver.execute_script(
        "return [...document.querySelectorAll('[data-role=move-options] option')].map(o => o.value)"
    )
    assert f"{src}->{dst}" in offered and all(f"{src}->" in o for o in offered)
    starts = [o.startswith(f"{src}->") for o in offered]
    assert starts == sorted(starts, reverse=True)  # those that start with it come first
    assert text_of(driver, "move-error") == ""
    keys(driver, str(dst), Keys.ENTER)
    wait_for(driver, "window.lazytree.view.moves_made === 1")
    wait_for(driver, "document.querySelector('[data-role=move-input]').value === ''")
    # a pass typed in capitals: the AI answers, and the page says so
    keys(driver, "PASS", Keys.ENTER)
    wait_for(
        driver,
        "window.lazytree.view.log.some(m => m.player === 1) && !window.lazytree.view.thinking",
        120,
    )
    wait_for(driver, "document.querySelector('[data-role=announce]').textContent.includes('AI')")


def test_a_move_redraws_only_the_cells_it_changed(driver: Any, live_server: str) -> None:
    start_game(driver, f"{live_server}/play?game=dice-of-doom&size=20&seed=1&seats=human,human")
    wait_for(driver, "window.lazytree.ready")
    assert driver.execute_script(f"return {BOARD}.lazytreeBoard.lastDrawn") is None  # whole
    src, dst = attacks(view(driver)["board"])[0]
    click_cell(driver, src)
    click_cell(driver, dst)
    wait_for(driver, "window.lazytree.view.moves_made === 1")
    wait_for(driver, f"{BOARD}.lazytreeBoard.doc.cells[{dst}].owner === 0")
    drawn = driver.execute_script(f"return {BOARD}.lazytreeBoard.lastDrawn")
    assert drawn is not None, "the move's update drew the whole board"
    assert src in drawn and dst in drawn
    assert len(drawn) < 60  # of 400: the changed cells, the marks that changed, neighbours


def test_a_pass_that_changes_most_cells_draws_the_whole_board(
    driver: Any, live_server: str
) -> None:
    from selenium.webdriver.common.by import By

    start_game(driver, f"{live_server}/play?game=dice-of-doom&size=20&seed=1&seats=human,human")
    wait_for(driver, "window.lazytree.ready")
    src, dst = attacks(view(driver)["board"])[0]
    click_cell(driver, src)
    click_cell(driver, dst)
    wait_for(driver, "window.lazytree.view.moves_made === 1")
    wait_for(driver, f"{BOARD}.lazytreeBoard.doc.cells[{dst}].owner === 0")  # drawn
    assert driver.execute_script(f"return {BOARD}.lazytreeBoard.lastDrawn") is not None
    passes = [m["move"] for m in view(driver)["board"]["moves"] if not m["path"]]
    driver.find_element(By.CSS_SELECTOR, f'#moves [data-move="{passes[0]}"]').click()
    wait_for(driver, "window.lazytree.view.moves_made === 2")
    # the turn passed: every territory's outline changed (a move starts there or not)
    wait_for(driver, f"{BOARD}.lazytreeBoard.lastDrawn === null")


def test_a_drag_moves_the_picture_and_draws_once_it_lets_go(driver: Any, live_server: str) -> None:
    from selenium.webdriver.common.action_chains import ActionChains
    from selenium.webdriver.common.by import By

    start_game(driver, f"{live_server}/play?game=dice-of-doom&size=40&seed=1&seats=human,human")
    wait_for(driver, "window.lazytree.ready")
    driver.find_element(By.CSS_SELECTOR, "[data-action=zoom-in]").click()
    board = driver.find_element(By.CSS_SELECTOR, "[data-role=board]")
    before = board.get_attribute("viewBox")
    ActionChains(driver).move_to_element(board).perform()  # hovering draws: before counting
    time.sleep(0.3)
    driver.execute_script(  # count the board's draws (watching, not driving)
        f"const b = {BOARD}.lazytreeBoard, draw = b.draw.bind(b);"
        "window.draws = 0; b.draw = (only) => { window.draws++; return draw(only); };"
    )
    ActionChains(driver).click_and_hold().move_by_offset(40, 30).move_by_offset(40, 30).perform()
    assert driver.execute_script("return window.draws") == 0
    assert "translate" in driver.execute_script(f"return {BOARD}.style.transform")
    assert board.get_attribute("viewBox") == before  # not set while the pointer is down
    ActionChains(driver).release().perform()
    wait_for(driver, "window.draws >= 1")
    assert driver.execute_script(f"return {BOARD}.style.transform") == ""
    x0, y0, *_ = (float(v) for v in before.split())
    x1, y1, *_ = (float(v) for v in board.get_attribute("viewBox").split())
    assert x1 < x0 and y1 < y0
    assert view(driver)["moves_made"] == 0  # a drag is not a click
