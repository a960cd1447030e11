"""Play in a real browser: click to attack, see the AI answer, save, reload, load (the big
boards and the first draw's speed: test_big_board.py).

The board is a canvas (``boards.js``): a test clicks a cell where ``board.cellCenter(i)``
says it is drawn and reads its marks with ``board.cellClass(i)`` (:func:`click_cell`,
:func:`classes`).

The page's draw and click times are measured with the Performance API and printed
(``pytest -s`` shows them); they are reported, never asserted.
"""

from __future__ import annotations

import json
import os
import time
import urllib.request
from pathlib import Path
from typing import Any

import pytest

from lazytree.session import Session
from tests.browser.conftest import start_game

pytestmark = pytest.mark.filterwarnings("ignore::DeprecationWarning")


def wait_for(driver: Any, script: str, seconds: float = 60) -> Any:
    """Poll the page until ``script`` (a JS expression) is truthy; its value."""
    deadline = time.monotonic() + seconds
    while True:
        value = driver.execute_script(f"return {script}")
        if value:
            return value
        if time.monotonic() > deadline:
            raise AssertionError(f"the page never satisfied: {script}")
        time.sleep(0.05)


def board_call(driver: Any, method: str, *args: Any) -> Any:
    """Call a method of the page's live board (``boards.js``'s ``Board``, the canvas's
    ``lazytreeBoard``): its test hooks ``cellCenter``, ``cellClass``, ``cellAt``."""
    return driver.execute_script(
        "const b = document.querySelector('[data-role=board]').lazytreeBoard;"
        "return b[arguments[0]](...arguments[1]);",
        method,
        list(args),
    )


def click_cell(driver: Any, n: int) -> None:
    """Click cell ``n`` of the board where the canvas draws it (a real pointer click)."""
    from selenium.webdriver.common.action_chains import ActionChains

    centre = board_call(driver, "cellCenter", n)
    assert centre is not None, f"the board has no cell {n}"
    actions: Any = ActionChains(driver)
    actions.w3c_actions.pointer_action.move_to_location(
        round(centre["x"]), round(centre["y"])
    ).click()
    actions.perform()


def pointer_away(driver: Any) -> None:
    """Move the pointer off the board (no cell hovered)."""
    from selenium.webdriver.common.action_chains import ActionChains

    actions: Any = ActionChains(driver)
    actions.w3c_actions.pointer_action.move_to_location(1, 1)
    actions.perform()


def classes(driver: Any, n: int) -> list[str]:
    """The classes of cell ``n`` (its owner ``p0``..., its marks ``can``, ``sel``,
    ``target``, ``last``), as the board draws it."""
    return str(board_call(driver, "cellClass", n)).split()


def drawn_cells(driver: Any) -> int:
    """How many cells the live board draws."""
    count: int = driver.execute_script(
        "return document.querySelector('[data-role=board]').lazytreeBoard.geo.centres.length"
    )
    return count


def drawn_arrows(driver: Any) -> list[list[int]]:
    """The arrows the live board draws (the last turn's moves): [from, to] cells."""
    arrows: list[list[int]] = driver.execute_script(
        "return document.querySelector('[data-role=board]').lazytreeBoard.arrows"
    )
    return arrows


def view(driver: Any) -> dict[str, Any]:
    data: dict[str, Any] = driver.execute_script("return window.lazytree.view")
    return data


def owners(board: dict[str, Any]) -> list[int]:
    return [cell["owner"] for cell in board["cells"]]


def attacks(board: dict[str, Any]) -> list[list[int]]:
    """The attacks of a Dice of Doom board: the moves made by clicking two cells."""
    return [m["path"] for m in board["moves"] if len(m["path"]) == 2]


def can_pass(board: dict[str, Any]) -> bool:
    return any(m["move"] == "pass" for m in board["moves"])


def timings(driver: Any, name: str) -> list[float]:
    found: list[float] = driver.execute_script(
        "return window.lazytree.timings.filter(t => t.name === arguments[0]).map(t => t.ms)", name
    )
    return found


def test_play_dice_of_doom_by_clicking(driver: Any, live_server: str) -> None:
    from selenium.webdriver.common.by import By

    start_game(driver, f"{live_server}/play?game=dice-of-doom&size=5&seed=1&ai=book")
    wait_for(driver, "window.lazytree.ready")
    assert drawn_cells(driver) == 25
    start = view(driver)
    assert start["to_move"] == 0 and start["seats"][1]["kind"] == "ai"
    expected = Session("dice-of-doom", {"size": 5, "seed": 1}).state
    assert owners(start["board"]) == list(expected.owners)

    # attack by clicking: one of our territories, then a highlighted enemy neighbour
    src, dst = attacks(start["board"])[0]
    click_cell(driver, src)
    assert "sel" in classes(driver, src)
    targets = {d for s, d in attacks(start["board"]) if s == src}
    for t in targets:
        assert "target" in classes(driver, t)
    click_cell(driver, dst)
    wait_for(driver, "window.lazytree.view.moves_made === 1")
    assert owners(view(driver)["board"])[dst] == 0
    assert "p0" in classes(driver, dst)

    # pass: the AI answers (its turn shown as arrows), then it is our turn again
    driver.find_element(By.CSS_SELECTOR, "[data-move=pass]").click()
    wait_for(
        driver,
        "window.lazytree.view.moves_made > 2 && !window.lazytree.view.thinking && "
        "(window.lazytree.view.to_move === 0 || window.lazytree.view.over)",
    )
    answered = view(driver)
    assert answered["last_turn"] and answered["last_turn"][0]["player"] == 1
    arrows = drawn_arrows(driver)
    made = [m for m in answered["last_turn"] if "path" in m]
    assert len(arrows) == len(made) and all(m["text"] != "pass" for m in made)
    assert arrows == [m["path"] for m in made if len(m["path"]) == 2]
    log = driver.find_element(By.CSS_SELECTOR, "#log").text
    assert f"player 0: {src}->{dst}" in log

    # save: the page downloads the session as JSON
    driver.find_element(By.CSS_SELECTOR, "[data-action=save]").click()
    deadline = time.monotonic() + 20
    saved: list[Path] = []
    while not saved and time.monotonic() < deadline:
        saved = [p for p in driver.download_dir.glob("*.json")]
        time.sleep(0.1)
    assert saved, "the Save link downloaded nothing"
    data = json.loads(saved[0].read_text())
    assert data["moves"][:2] == [f"{src}->{dst}", "pass"]
    assert len(data["moves"]) == answered["moves_made"]

    # reload: the URL names the session, so the same game comes back
    assert "session=" in driver.current_url
    driver.refresh()
    wait_for(driver, "window.lazytree.ready")
    assert view(driver)["moves_made"] == answered["moves_made"]
    assert owners(view(driver)["board"]) == owners(answered["board"])

    # load the saved file on the home page: a new session in the same position
    driver.get(f"{live_server}/")
    upload = driver.find_element(By.CSS_SELECTOR, "[data-action=load-file-home]")
    upload.send_keys(str(saved[0]))
    wait_for(driver, "window.lazytree.ready && window.lazytree.view.moves_made > 0")
    loaded = view(driver)
    assert loaded["id"] != answered["id"]
    assert owners(loaded["board"]) == owners(answered["board"])
    assert loaded["board"]["cells"] == answered["board"]["cells"]


def test_bad_options_show_the_message(driver: Any, live_server: str) -> None:
    from selenium.webdriver.common.by import By

    start_game(driver, f"{live_server}/play?game=dice-of-doom&size=1")
    error = driver.find_element(By.CSS_SELECTOR, "[data-role=error]")
    wait_for(driver, "!document.querySelector('[data-role=error]').hidden", 10)
    assert error.text == "dice-of-doom: size must be at least 2, got 1"


def start_from_form(driver: Any, options: dict[str, str], second_seat: str) -> None:
    """Fill in Dice of Doom's ``options`` and the second seat on the new-game form (the
    page is open), start the game and wait for it."""
    from selenium.webdriver.common.by import By
    from selenium.webdriver.support.ui import Select

    for name, value in options.items():
        field = driver.find_element(
            By.CSS_SELECTOR, f'[data-game="dice-of-doom"] [data-option={name}]'
        )
        field.clear()
        field.send_keys(value)
    seat = driver.find_elements(By.CSS_SELECTOR, "#f-seats select")[1]
    Select(seat).select_by_value(second_seat)
    driver.find_element(By.CSS_SELECTOR, "[data-action=start]").click()
    wait_for(driver, "window.lazytree.ready")


def test_the_new_game_form_opens_a_game(driver: Any, live_server: str) -> None:

    driver.get(f"{live_server}/")
    start_from_form(driver, {"size": "6", "rules": "lisp"}, "human")
    v = view(driver)
    assert v["board"]["rows"] == 6 and v["board"]["offsets"] == [5, 4, 3, 2, 1, 0]  # lisp
    assert v["options"]["rules"] == "lisp" and v["seats"][1]["kind"] == "human"


def test_the_form_offers_each_game_its_own_agents(driver: Any, live_server: str) -> None:
    """The seat choices come from the agent registry through the server: Dice of Doom
    offers the books' ``lol2`` and ``lol4``, tic-tac-toe does not; a seat of ``lol2``
    under the lisp rules plays as that agent."""
    from selenium.webdriver.common.by import By
    from selenium.webdriver.support.ui import Select

    def choices() -> list[str]:
        seat = driver.find_elements(By.CSS_SELECTOR, "#f-seats select")[1]
        return [str(o.get_attribute("value")) for o in Select(seat).options]

    driver.get(f"{live_server}/")
    game = Select(driver.find_element(By.CSS_SELECTOR, "#f-game"))
    game.select_by_value("tictactoe")
    assert "ror" in choices() and "lol2" not in choices()
    game.select_by_value("dice-of-doom")
    assert {"human", "ai", "ror", "lol2", "lol4"} <= set(choices())
    start_from_form(driver, {"size": "3", "rules": "lisp"}, "lol2")
    seats = view(driver)["seats"]
    assert seats[0]["kind"] == "human"
    assert seats[1]["kind"] == "ai" and seats[1]["name"] == "lol2"


def api(live_server: str, sid: str) -> dict[str, Any]:
    with urllib.request.urlopen(f"{live_server}/api/sessions/{sid}") as r:
        data: dict[str, Any] = json.loads(r.read())
        return data


def test_closing_the_tab_stops_the_ai(driver: Any, live_server: str) -> None:
    # a 600 s clock: this AI thinks until something stops it
    start_game(driver, f"{live_server}/play?game=dice-of-doom&size=8&seed=2&seats=ai,human&ai=600")
    wait_for(driver, "window.lazytree.view && window.lazytree.view.thinking")
    wait_for(driver, "document.querySelector('[data-role=thinking]')")
    sid = view(driver)["id"]
    assert api(live_server, sid)["thinking"]
    driver.refresh()  # a reload cancels the turn, and the page starts it again
    wait_for(driver, "window.lazytree.view && window.lazytree.view.thinking")
    assert view(driver)["id"] == sid
    # the new page's first view may still show the cancelled turn: the server thinks again
    # once the page has started the turn anew
    deadline = time.monotonic() + 30
    while not api(live_server, sid)["thinking"] and time.monotonic() < deadline:
        time.sleep(0.1)
    assert api(live_server, sid)["thinking"]
    driver.get("about:blank")  # the tab leaves the page
    deadline = time.monotonic() + 30
    while api(live_server, sid)["thinking"] and time.monotonic() < deadline:
        time.sleep(0.1)
    after = api(live_server, sid)
    assert not after["thinking"] and after["moves_made"] == 0  # no hurried move either


def test_stop_makes_the_ai_move_now(driver: Any, live_server: str) -> None:
    from selenium.webdriver.common.by import By

    start_game(driver, f"{live_server}/play?game=dice-of-doom&size=6&seed=2&seats=ai,human&ai=600")
    wait_for(driver, "window.lazytree.view && window.lazytree.view.thinking")
    stop = driver.find_element(By.CSS_SELECTOR, "[data-action=stop]")
    wait_for(driver, "!document.querySelector('[data-action=stop]').disabled")
    stop.click()
    wait_for(driver, "window.lazytree.view.moves_made >= 1", 30)
    assert view(driver)["log"][0]["player"] == 0
    driver.get("about:blank")


def test_zoom_and_pan(driver: Any, live_server: str) -> None:
    from selenium.webdriver.common.action_chains import ActionChains
    from selenium.webdriver.common.by import By

    start_game(driver, f"{live_server}/play?game=dice-of-doom&size=20&seed=1&seats=human,human")
    wait_for(driver, "window.lazytree.ready")
    board = driver.find_element(By.CSS_SELECTOR, "[data-role=board]")

    def box() -> list[float]:
        text = driver.execute_script("return arguments[0].getAttribute('viewBox')", board)
        return [float(x) for x in str(text).split()]

    whole = box()
    # the zoom buttons sit above the board, never over a territory
    bar = driver.find_element(By.CSS_SELECTOR, ".zoom").rect
    assert bar["y"] + bar["height"] <= board.rect["y"]
    driver.find_element(By.CSS_SELECTOR, "[data-action=zoom-in]").click()
    zoomed = box()
    assert zoomed[2] < whole[2] and zoomed[3] < whole[3]
    ActionChains(driver).move_to_element(board).click_and_hold().move_by_offset(
        120, 80
    ).release().perform()
    panned = box()
    assert panned[0] < zoomed[0] and panned[1] < zoomed[1] and panned[2] == zoomed[2]
    assert view(driver)["moves_made"] == 0  # a drag is not a click
    driver.find_element(By.CSS_SELECTOR, "[data-action=zoom-fit]").click()
    assert box() == whole


def test_a_person_finishes_a_game_by_clicking(driver: Any, live_server: str) -> None:
    """Click the first attack each time, pass when no attack is left, until the end."""
    from selenium.webdriver.common.by import By

    start_game(driver, f"{live_server}/play?game=dice-of-doom&size=4&seed=5&ai=0.2")
    wait_for(driver, "window.lazytree.ready")
    for _ in range(300):
        wait_for(
            driver,
            "!window.lazytree.view.thinking && (window.lazytree.view.over || "
            "window.lazytree.view.to_move === 0)",
        )
        v = view(driver)
        if v["over"]:
            break
        made = v["moves_made"]
        possible = attacks(v["board"])
        if possible and (not can_pass(v["board"]) or made % 3):
            src, dst = possible[0]
            click_cell(driver, src)
            click_cell(driver, dst)
        else:
            driver.find_element(By.CSS_SELECTOR, "[data-move=pass]").click()
        wait_for(driver, f"window.lazytree.view.moves_made > {made}")
    final = view(driver)
    assert final["over"] and final["winners"]
    status = driver.find_element(By.CSS_SELECTOR, "[data-role=status]").text
    assert status.startswith("Game over")


def test_dice_rolls_are_shown_under_the_chance_rules(driver: Any, live_server: str) -> None:
    start_game(
        driver, f"{live_server}/play?game=dice-of-doom&size=3&seed=4&rules=chance&seats=human,human"
    )
    wait_for(driver, "window.lazytree.ready")
    src, dst = attacks(view(driver)["board"])[0]
    click_cell(driver, src)
    click_cell(driver, dst)
    rolls = wait_for(driver, "document.querySelector('[data-role=rolls]')")
    assert " rolls " in rolls.text and f"{src}->{dst}" in rolls.text
    note = view(driver)["log"][-1]["note"]
    assert note in rolls.text


def test_a_grid_game_by_clicking(driver: Any, live_server: str, picture: Any) -> None:
    start_game(driver, f"{live_server}/play?game=checkers&seats=human,human")
    wait_for(driver, "window.lazytree.ready")
    move = view(driver)["board"]["moves"][0]
    first, last = move["path"][0], move["path"][-1]
    click_cell(driver, first)
    assert "sel" in classes(driver, first)
    assert "target" in classes(driver, last)
    picture(driver, "board-checkers")  # the squares numbered as the moves are written
    click_cell(driver, last)
    wait_for(driver, "window.lazytree.view.moves_made === 1")
    assert view(driver)["log"][0]["text"] == move["move"]


def test_screenshot_for_the_readme(driver: Any, live_server: str, tmp_path: Path) -> None:
    """A 10x10 game after the AI's first turn (LAZYTREE_SCREENSHOT=FILE keeps it)."""
    from selenium.webdriver.common.by import By

    start_game(driver, f"{live_server}/play?game=dice-of-doom&size=10&seed=1&ai=1")
    wait_for(driver, "window.lazytree.ready")
    src, dst = attacks(view(driver)["board"])[0]
    click_cell(driver, src)
    click_cell(driver, dst)
    wait_for(driver, "window.lazytree.view.moves_made === 1")
    driver.find_element(By.CSS_SELECTOR, "[data-move=pass]").click()
    wait_for(
        driver,
        "window.lazytree.view.moves_made > 2 && window.lazytree.view.to_move === 0 && "
        "!window.lazytree.view.thinking",
        120,
    )
    v = view(driver)
    own = [s for s, _ in attacks(v["board"])]
    click_cell(driver, own[len(own) // 2])  # a territory selected, its targets shown
    shot = Path(os.environ.get("LAZYTREE_SCREENSHOT") or tmp_path / "play.png")
    driver.save_screenshot(str(shot))
    assert shot.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


def test_markup_in_server_text_is_shown_as_text_never_run(driver: Any) -> None:
    """A seat's label with markup (a game stored before agent strings were checked, as
    the server loads it from its database) is text on the page: no element is made
    from it and its script never runs."""
    from lazytree.server import create_app
    from lazytree.server.runner import Sessions
    from tests.browser.conftest import serve_app

    markup = "<img src=x onerror=window.pwned=1>"
    sessions = Sessions(limit=4)
    # the AI to move thinks for long: its label stays on the page while the test reads it
    runner = sessions.add(
        Session("tictactoe", seats=[f"mcts:playouts=none:time=600:eval={markup}", "human"])
    )
    assert runner.host is not None
    with serve_app(create_app(sessions)) as url:
        driver.get(f"{url}/play?session={runner.id}&seat={runner.host}")
        wait_for(driver, "window.lazytree.ready")
        wait_for(driver, "document.querySelector('#status').textContent.includes('<img')", 10)
        time.sleep(0.5)  # (an onerror handler would have run by now)
        assert driver.execute_script("return window.pwned") is None
        assert (
            driver.execute_script("return document.querySelectorAll('#app img, #app b').length")
            == 0
        )
        status = driver.execute_script("return document.querySelector('#status').textContent")
        assert markup in status
