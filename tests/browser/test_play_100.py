"""A 100x100 Dice of Doom game (10,000 territories) played in headless Chromium at three
sizes, a 1400x1000 window, a 780x580 one and a 390x844 phone (touch, pixel ratio 3): a
move by a click (a tap) on the board, one typed in the move box, and one by the keyboard
alone; the AI answers on the biggest board.

The page's socket messages are counted as they arrive (a script put in before the page's
own wraps ``WebSocket``): after the first, which carries the whole board, a move's
update carries only what changed, under 50 KB. The keyboard's cursor never leaves the
board's visible part, and with the whole board in view an arrow press moves nothing.
Pictures of each size, light and dark, go to ``build/pictures`` (``play-100-*.png``).
"""

from __future__ import annotations

from typing import Any

import pytest

from tests.browser.conftest import headless_chromium, start_game
from tests.browser.test_play import board_call, click_cell, wait_for
from tests.browser.test_play_input import keys, tab_to, text_of

pytestmark = [pytest.mark.filterwarnings("ignore::DeprecationWarning"), pytest.mark.slow]

BOARD = "document.querySelector('[data-role=board]')"

COUNT_MESSAGES = """
window.socketSizes = [];
const Native = window.WebSocket;
window.WebSocket = class extends Native {
  constructor(...args) {
    super(...args);
    this.addEventListener('message', (e) => {
      window.socketSizes.push(new TextEncoder().encode(e.data).length);
    });
  }
};
"""
"""Put in before the page's scripts: the size in bytes of every socket message."""

SIZES = {
    "wide": ((1400, 1000), False),
    "small": ((780, 580), False),
    "phone": ((390, 844), True),
}

GAME = "game=dice-of-doom&size=100&seed=1"


def open_browser(size: str, dark: bool = False) -> Any:
    window, phone = SIZES[size]
    return headless_chromium(window, phone=phone, dark=dark)


def start(driver: Any, url: str) -> None:
    driver.execute_cdp_cmd("Page.addScriptToEvaluateOnNewDocument", {"source": COUNT_MESSAGES})
    start_game(driver, url)
    wait_for(driver, "window.lazytree.ready", 120)


def moves_made(driver: Any) -> int:
    return int(driver.execute_script("return window.lazytree.view.moves_made"))


def first_attack(driver: Any) -> tuple[int, int, str]:
    """The first attack of the position on the page: its two cells and its text."""
    src, dst, text = driver.execute_script(
        "const m = window.lazytree.view.board.moves.find(m => m.path.length === 2);"
        "return [m.path[0], m.path[1], m.move];"
    )
    return int(src), int(dst), str(text)


def update_sizes(driver: Any) -> list[int]:
    sizes: list[int] = driver.execute_script("return window.socketSizes")
    return sizes


def in_view(driver: Any, cell: int) -> bool:
    """Whether cell's centre is inside the canvas on screen."""
    inside: bool = driver.execute_script(
        f"const c = {BOARD}.lazytreeBoard.cellCenter(arguments[0]);"
        f"const r = {BOARD}.getBoundingClientRect();"
        "return c.x >= r.left && c.x <= r.right && c.y >= r.top && c.y <= r.bottom;",
        cell,
    )
    return inside


def cursor(driver: Any) -> int:
    return int(driver.execute_script(f"return Number({BOARD}.dataset.cursor)"))


def play_by_keyboard(driver: Any) -> None:
    """Tab to the board, walk the cursor to an attack's start and its target with the
    arrows, Enter on each: the cursor's cell always in view."""
    from selenium.webdriver.common.keys import Keys

    tab_to(driver, "board")
    start_cell = cursor(driver)
    box = driver.execute_script(f"return {BOARD}.getAttribute('viewBox')")
    keys(driver, Keys.ARROW_RIGHT)
    keys(driver, Keys.ARROW_LEFT)
    assert cursor(driver) == start_cell
    # the whole board was in view: an arrow press moves nothing
    assert driver.execute_script(f"return {BOARD}.getAttribute('viewBox')") == box
    src, dst, text = first_attack(driver)
    assert src == start_cell  # the cursor starts on a move's start
    keys(driver, Keys.ENTER)
    wait_for(driver, f"{BOARD}.lazytreeBoard.cellClass({src}).split(' ').includes('sel')")
    for _ in range(8):  # a neighbour: the arrows in the direction of its centre
        at = cursor(driver)
        assert in_view(driver, at)
        if at == dst:
            break
        here, there = board_call(driver, "cellCenter", at), board_call(driver, "cellCenter", dst)
        dx, dy = there["x"] - here["x"], there["y"] - here["y"]
        if abs(dy) > abs(dx) / 2 and abs(dy) > 0.5:
            keys(driver, Keys.ARROW_DOWN if dy > 0 else Keys.ARROW_UP)
        else:
            keys(driver, Keys.ARROW_RIGHT if dx > 0 else Keys.ARROW_LEFT)
    assert cursor(driver) == dst, "the arrows never reached the attack's target"
    assert "a move ends here" in text_of(driver, "cursor")
    before = moves_made(driver)
    keys(driver, Keys.ENTER)
    wait_for(driver, f"window.lazytree.view.moves_made === {before + 1}")
    assert driver.execute_script("return window.lazytree.moves.at(-1)") == text


def play_by_click(driver: Any) -> None:
    src, dst, text = first_attack(driver)
    before = moves_made(driver)
    click_cell(driver, src)
    wait_for(driver, f"{BOARD}.lazytreeBoard.cellClass({src}).split(' ').includes('sel')")
    click_cell(driver, dst)
    wait_for(driver, f"window.lazytree.view.moves_made === {before + 1}")
    assert driver.execute_script("return window.lazytree.moves.at(-1)") == text


def play_by_move_box(driver: Any, text: str) -> None:
    from selenium.webdriver.common.by import By
    from selenium.webdriver.common.keys import Keys

    before = moves_made(driver)
    box = driver.find_element(By.CSS_SELECTOR, "[data-role=move-input]")
    box.click()
    box.send_keys(text, Keys.ENTER)
    wait_for(driver, f"window.lazytree.view.moves_made === {before + 1}")
    assert driver.execute_script("return window.lazytree.moves.at(-1)") == text


@pytest.mark.parametrize("size", list(SIZES))
def test_a_100x100_game_by_click_move_box_and_keyboard(
    size: str, live_server: str, picture: Any
) -> None:
    with open_browser(size) as driver:
        start(driver, f"{live_server}/play?{GAME}&seats=human,human")
        cells = driver.execute_script("return window.lazytree.view.board.cells.length")
        assert cells == 10_000
        play_by_keyboard(driver)
        play_by_click(driver)
        play_by_move_box(driver, "pass")
        play_by_move_box(driver, first_attack(driver)[2])  # player 1's first attack
        # the board the page built from the updates is the server's
        wait_for(driver, f"{BOARD}.lazytreeBoard.doc === window.lazytree.view.board")
        page_board = driver.execute_script(
            "const b = window.lazytree.view.board;"
            "return JSON.stringify([b.cells, b.moves, b.text, b.toMove]);"
        )
        sid = driver.execute_script("return window.lazytree.view.id")
        import json
        import urllib.request

        with urllib.request.urlopen(f"{live_server}/api/sessions/{sid}") as r:
            server = json.load(r)["board"]
        got = json.loads(page_board)
        assert got == [server["cells"], server["moves"], server["text"], server["toMove"]]
        sizes = update_sizes(driver)
        assert sizes[0] > 800_000  # the first update: the whole board
        updates = [n for n in sizes[1:] if n > 2_000]  # (progress and confirmations: tiny)
        assert len(updates) >= 4 and max(updates) <= 50_000, sizes
        picture(driver, f"play-100-{size}")


@pytest.mark.parametrize("size", list(SIZES))
def test_a_100x100_game_in_the_dark_with_the_cursor_shown(
    size: str, live_server: str, picture: Any
) -> None:
    from selenium.webdriver.common.keys import Keys

    with open_browser(size, dark=True) as driver:
        start(driver, f"{live_server}/play?{GAME}&seats=human,human")
        tab_to(driver, "board")
        for key in ("+", "+", Keys.ARROW_DOWN, Keys.ARROW_RIGHT, Keys.ARROW_DOWN):
            keys(driver, key)
            assert in_view(driver, cursor(driver))
        assert driver.find_element("css selector", "[data-role=board-keys]").is_displayed()
        picture(driver, f"play-100-{size}-dark")


def test_the_ai_answers_on_a_100x100_board(live_server: str) -> None:
    with open_browser("wide") as driver:
        start(driver, f"{live_server}/play?{GAME}&seats=human,ai&ai=0.5")
        play_by_click(driver)
        play_by_move_box(driver, "pass")
        wait_for(
            driver,
            "window.lazytree.view.to_move === 0 && !window.lazytree.view.thinking"
            " && window.lazytree.view.log.some(m => m.player === 1)",
            300,
        )
        assert driver.execute_script("return window.lazytree.view.error") is None
        play_by_click(driver)


def test_the_form_offers_100x100_and_keeps_what_was_typed(driver: Any, live_server: str) -> None:
    """The size field takes 2 to 100 (the server's limits); a form the server refuses
    comes back with every field as typed; 100 starts a 100x100 game."""
    from selenium.webdriver.common.by import By
    from selenium.webdriver.support.ui import Select

    from tests.browser.test_play import start_from_form

    def field(name: str) -> Any:
        return driver.find_element(
            By.CSS_SELECTOR, f'[data-game="dice-of-doom"] [data-option={name}]'
        )

    driver.get(f"{live_server}/")
    size = field("size")
    assert (size.get_attribute("min"), size.get_attribute("max")) == ("2", "100")
    for name, value in {"size": "7", "rules": "chess", "seed": "5"}.items():
        field(name).clear()
        field(name).send_keys(value)
    Select(driver.find_element(By.CSS_SELECTOR, "select[name=ai]")).select_by_value("2")
    Select(driver.find_elements(By.CSS_SELECTOR, "#f-seats select")[1]).select_by_value("random")
    driver.find_element(By.CSS_SELECTOR, "[data-action=start]").click()
    wait_for(driver, "!document.querySelector('[data-role=error]').hidden", 20)
    assert "rules" in driver.find_element(By.CSS_SELECTOR, "[data-role=error]").text
    assert [field(n).get_attribute("value") for n in ("size", "rules", "seed")] == [
        "7",
        "chess",
        "5",
    ]
    assert (
        Select(
            driver.find_element(By.CSS_SELECTOR, "select[name=ai]")
        ).first_selected_option.get_attribute("value")
        == "2"
    )
    seat = Select(driver.find_elements(By.CSS_SELECTOR, "#f-seats select")[1])
    assert seat.first_selected_option.get_attribute("value") == "random"
    start_from_form(driver, {"size": "100", "rules": "racket", "seed": "1"}, "human")
    assert driver.execute_script("return window.lazytree.view.board.cells.length") == 10_000


WHEEL = """
const canvas = document.querySelector('[data-role=board]');
for (let k = 0; k < arguments[0]; k++)
  canvas.dispatchEvent(new WheelEvent('wheel', {deltaY: -100, clientX: arguments[1],
    clientY: arguments[2], bubbles: true, cancelable: true}));
"""
"""Turn the wheel ``arguments[0]`` notches up with the pointer at (arguments[1], [2])."""


def test_the_wheel_zooms_the_picture_at_once_and_draws_once_it_rests(live_server: str) -> None:
    """Five notches of the wheel on a 100x100 board: the picture is scaled by a transform
    at once (no draw), then the view is set and drawn once, the board point under the
    pointer still under it."""
    with open_browser("wide") as driver:
        start(driver, f"{live_server}/play?{GAME}&seats=human,human")
        before = driver.execute_script(f"return {BOARD}.getAttribute('viewBox')")
        driver.execute_script(  # count the board's draws (watching, not driving)
            f"const b = {BOARD}.lazytreeBoard, draw = b.draw.bind(b);"
            "window.draws = 0; b.draw = (only) => { window.draws++; return draw(only); };"
        )
        cx, cy = driver.execute_script(  # a whole pixel (events round to one)
            f"const r = {BOARD}.getBoundingClientRect();"
            "return [Math.round(r.left + r.width * 0.3), Math.round(r.top + r.height * 0.4)];"
        )
        x, y = board_call(driver, "boardPoint", cx, cy)
        # what the wheel did at once, read in the same script (a loaded machine's next
        # round trip may come after the 150 ms rest that draws)
        transform, draws, view = driver.execute_script(
            WHEEL + f"return [{BOARD}.style.transform, window.draws, "
            f"{BOARD}.getAttribute('viewBox')];",
            5,
            cx,
            cy,
        )
        assert "scale(" in transform and draws == 0 and view == before
        wait_for(driver, "window.draws === 1", 10)
        assert driver.execute_script(f"return {BOARD}.style.transform") == ""
        after = [
            float(v)
            for v in driver.execute_script(f"return {BOARD}.getAttribute('viewBox')").split()
        ]
        width_before = float(before.split()[2])
        assert after[2] == pytest.approx(width_before / 1.2**5, rel=1e-6)
        bx, by = board_call(driver, "boardPoint", cx, cy)
        assert (bx, by) == (pytest.approx(x, abs=0.01), pytest.approx(y, abs=0.01))
