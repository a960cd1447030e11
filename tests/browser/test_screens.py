"""Every page at every size, by touch, pointer and keyboard, checked by axe-core.

* **Nothing cut off** (:func:`test_nothing_is_cut_off`): from a 360x640 phone to a
  2560x1440 screen, on the new-game form, a game's page (Dice of Doom 10x10, connect-four),
  the lobby, the confirm page and the explorer, the page never scrolls sideways and every
  control can be brought on screen, where a press lands on it and nothing else.
* **A whole game by real input** (:func:`test_a_person_plays_and_saves`): at 780x580 (a
  small laptop window) and on a 390x844 phone (emulated: touch, a mobile viewport), a
  person fills in the new-game form, plays three moves by pointer or touch and three by
  keyboard only (cursor keys on the board and the move box), sees the AI's answers, and
  saves the game; Dice of Doom 10x10 and the plugin game connect-four. Every input is a
  W3C action (pointer, touch, wheel, keys): nothing is dispatched from script, no page
  function is called to move. The tests read the page's state (``window.lazytree.view``,
  the board's ``cellCenter``) to know where to aim, as a person looks at the screen.
* **axe-core** (:func:`test_no_serious_accessibility_violation`, from npm,
  ``node_modules/axe-core``) finds no serious or critical violation on those pages, in
  the light and the dark scheme.

The screenshots of a game at each size (``play-WxH.png``; ``make pictures`` puts them in
``docs/images``) are the user guide's (docs/how-to/play-anywhere.md).
"""

from __future__ import annotations

import json
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.browser.conftest import headless_chromium, save_picture, serve_app, start_game
from tests.browser.test_play import view, wait_for
from tests.examples.conftest import example_game

pytestmark = pytest.mark.filterwarnings("ignore::DeprecationWarning")

AXE = Path(__file__).resolve().parents[2] / "node_modules" / "axe-core" / "axe.min.js"

SIZES = {
    "phone-360x640": ((360, 640), True),
    "phone-390x844": ((390, 844), True),
    "laptop-780x580": ((780, 580), False),
    "desktop-1400x1000": ((1400, 1000), False),
    "screen-2560x1440": ((2560, 1440), False),
}


@pytest.fixture(scope="module")
def base_url() -> Iterator[str]:
    """The play server, with the example plugin connect-four in the catalog."""
    from lazytree.server import create_app

    for _ in example_game("connect-four", "connect-four"):
        with serve_app(create_app()) as url:
            yield url


# -- real input --------------------------------------------------------------------------


def tap(driver: Any, x: float, y: float) -> None:
    """Press and release at (x, y) of the viewport: a finger on a phone, else the mouse."""
    from selenium.webdriver.common.actions import interaction
    from selenium.webdriver.common.actions.action_builder import ActionBuilder
    from selenium.webdriver.common.actions.pointer_input import PointerInput

    touch = driver.phone
    kind = interaction.POINTER_TOUCH if touch else interaction.POINTER_MOUSE
    pointer: Any = PointerInput
    builder: Any = ActionBuilder(driver, mouse=pointer(kind, "finger" if touch else "mouse"))
    builder.pointer_action.move_to_location(round(x), round(y)).pointer_down().pause(0.05)
    builder.pointer_action.pointer_up()
    builder.perform()


def bring_on_screen(driver: Any, element: Any) -> dict[str, float]:
    """Scroll with the wheel (W3C wheel actions) until ``element`` is on screen, and check
    that a press at its centre would land on it; its rectangle.

    The wheel over the board zooms it, so the board is brought on screen by the wheel over
    its zoom bar."""
    from selenium.webdriver.common.action_chains import ActionChains
    from selenium.webdriver.common.actions.wheel_input import ScrollOrigin
    from selenium.webdriver.common.by import By

    rect, hit = rect_and_hit(driver, element)
    if driver.phone:  # chromedriver's phones take no wheel: a finger swipes the page
        for _ in range(20):
            if hit and rect["top"] >= 0 and rect["bottom"] <= rect["vh"]:
                break
            swipe(driver, rect["y"] - rect["vh"] / 2)
            rect, hit = rect_and_hit(driver, element)
    elif element.get_attribute("data-role") == "board":
        if rect["top"] < 0 or rect["bottom"] > rect["vh"]:
            bar = driver.find_element(By.CSS_SELECTOR, "#board-wrap .zoom")
            ActionChains(driver).scroll_to_element(bar).perform()
            bar_rect, _ = rect_and_hit(driver, bar)
            rect, _ = rect_and_hit(driver, element)
            origin = ScrollOrigin.from_element(bar)
            down = round(rect["top"] - bar_rect["h"] - 4)
            ActionChains(driver).scroll_from_origin(origin, 0, down).perform()
            rect, hit = rect_and_hit(driver, element)
    elif not hit:
        ActionChains(driver).scroll_to_element(element).perform()
        rect, hit = rect_and_hit(driver, element)
        if not hit:  # at the edge of the screen, or under the kept actions: to the middle
            origin = ScrollOrigin.from_element(element)
            down = round(rect["y"] - rect["vh"] / 2)
            ActionChains(driver).scroll_from_origin(origin, 0, down).perform()
            rect, hit = rect_and_hit(driver, element)
    assert hit, f"a press on {describe(driver, element)} lands on {hit_name(driver, rect)}"
    return rect


def swipe(driver: Any, down: float) -> None:
    """Scroll a phone's page ``down`` pixels (up if negative) with a finger dragged along
    the right edge of the screen (off the board, which pans under a finger)."""
    from selenium.webdriver.common.actions import interaction
    from selenium.webdriver.common.actions.action_builder import ActionBuilder
    from selenium.webdriver.common.actions.pointer_input import PointerInput

    width, height = driver.viewport
    step = max(-0.35 * height, min(0.35 * height, down))
    x = width - 3
    pointer: Any = PointerInput
    builder: Any = ActionBuilder(driver, mouse=pointer(interaction.POINTER_TOUCH, "finger"))
    builder.pointer_action.move_to_location(x, round(height / 2 + step / 2)).pointer_down()
    builder.pointer_action.move_to_location(x, round(height / 2 - step / 2)).pause(0.3)
    builder.pointer_action.pointer_up()
    builder.perform()
    time.sleep(0.2)


def rect_and_hit(driver: Any, element: Any) -> tuple[dict[str, float], bool]:
    found: list[Any] = driver.execute_script(
        "const e = arguments[0], r = e.getBoundingClientRect();"
        "const x = r.left + r.width / 2, y = r.top + r.height / 2;"
        "const at = document.elementFromPoint(x, y);"
        "const hit = !!at && (e.contains(at) || at.contains(e) && at.tagName === 'LABEL'"
        "  || !!e.labels && [...e.labels].some((l) => l.contains(at)));"
        "return [{x, y, w: r.width, h: r.height, left: r.left, right: r.right, top: r.top,"
        "  bottom: r.bottom, vw: innerWidth, vh: innerHeight}, hit];",
        element,
    )
    return found[0], bool(found[1])


def hit_name(driver: Any, rect: dict[str, float]) -> str:
    name: str = driver.execute_script(
        "const at = document.elementFromPoint(arguments[0], arguments[1]);"
        "return at ? at.outerHTML.slice(0, 120) : 'nothing (off screen)'",
        rect["x"],
        rect["y"],
    )
    return name


def describe(driver: Any, element: Any) -> str:
    text: str = driver.execute_script("return arguments[0].outerHTML.slice(0, 120)", element)
    return text


def press(driver: Any, selector: str) -> None:
    """Bring the control on screen and tap or click it."""
    from selenium.webdriver.common.by import By

    element = driver.find_element(By.CSS_SELECTOR, selector)
    rect = bring_on_screen(driver, element)
    tap(driver, rect["x"], rect["y"])


def tap_cell(driver: Any, n: int) -> None:
    """Tap (click) cell ``n`` of the board where it is drawn, the board brought on screen."""
    from selenium.webdriver.common.by import By

    bring_on_screen(driver, driver.find_element(By.CSS_SELECTOR, "[data-role=board]"))
    centre = driver.execute_script(
        "return document.querySelector('[data-role=board]').lazytreeBoard.cellCenter(arguments[0])",
        n,
    )
    assert centre is not None, f"cell {n} is not drawn"
    assert 0 <= centre["x"] < driver.viewport[0] and 0 <= centre["y"] < driver.viewport[1]
    tap(driver, centre["x"], centre["y"])


def type_keys(driver: Any, *keys: str) -> None:
    """Keys pressed one after another, to whatever has the focus (W3C key actions)."""
    from selenium.webdriver.common.action_chains import ActionChains

    chain = ActionChains(driver)
    for key in keys:
        chain.send_keys(key)
    chain.perform()


def focus_by_tab(driver: Any, selector: str, limit: int = 80) -> None:
    """Press Tab until the element ``selector`` has the focus."""
    from selenium.webdriver.common.keys import Keys

    for _ in range(limit):
        if driver.execute_script(
            "return !!document.activeElement && document.activeElement.matches(arguments[0])",
            selector,
        ):
            return
        type_keys(driver, Keys.TAB)
    raise AssertionError(f"Tab never reached {selector}")


@pytest.fixture
def sized() -> Iterator[Any]:
    """``sized(name)``: a browser of ``SIZES[name]``; all are closed after the test."""
    import contextlib

    with contextlib.ExitStack() as stack:

        def make(name: str, dark: bool = False) -> Any:
            size, phone = SIZES[name]
            browser = stack.enter_context(headless_chromium(size, phone=phone, dark=dark))
            browser.phone = phone
            browser.viewport = size
            return browser

        yield make


# -- nothing cut off ---------------------------------------------------------------------

CONTROLS = (
    "button:not([hidden]), a[href], input:not([type=hidden]), select, summary, "
    "[tabindex]:not([tabindex='-1']), canvas"
)


def pages(url: str, explorer: Path) -> dict[str, str]:
    return {
        "form": f"{url}/",
        "dice-of-doom": f"{url}/play?game=dice-of-doom&size=10&seed=1&seats=human,random",
        "connect-four": f"{url}/play?game=connect-four&seats=human,random",
        "checkers": f"{url}/play?game=checkers&seats=human,random",
        "lobby": f"{url}/lobby",
        "confirm": f"{url}/play?game=dice-of-doom&size=10&seed=1",
        "explorer": explorer.as_uri(),
    }


def open_page(driver: Any, name: str, where: str) -> None:
    if name in ("dice-of-doom", "connect-four", "checkers"):
        start_game(driver, where)
        wait_for(driver, "window.lazytree.ready")
    else:
        driver.get(where)
    time.sleep(0.3)  # the ResizeObserver's first draw
    check_viewport(driver)


def check_viewport(driver: Any) -> None:
    """The page's viewport is the size asked for (a phone's page too: its meta viewport)."""
    inner = driver.execute_script("return [innerWidth, innerHeight]")
    assert inner == list(driver.viewport), f"the viewport is {inner}, not {driver.viewport}"


def cut_off(driver: Any) -> list[str]:
    """What on the page is cut off: a sideways scroll of the page, a control that cannot
    be brought on screen whole or that a press at its centre misses."""
    from selenium.webdriver.common.by import By

    problems = []
    width = driver.execute_script(
        "return [document.documentElement.scrollWidth, document.documentElement.clientWidth]"
    )
    if width[0] > width[1]:
        problems.append(f"the page is {width[0]} px wide in a {width[1]} px window")
    for element in driver.find_elements(By.CSS_SELECTOR, CONTROLS):
        if not element.is_displayed():
            continue
        driver.execute_script("arguments[0].scrollIntoView({block: 'center'})", element)
        rect, hit = rect_and_hit(driver, element)
        tag = describe(driver, element)
        if rect["left"] < -1 or rect["right"] > rect["vw"] + 1:
            problems.append(f"{tag} sticks out sideways ({rect['left']:.0f}..{rect['right']:.0f})")
        elif rect["w"] < 8 or rect["h"] < 8:
            problems.append(f"{tag} is {rect['w']:.0f}x{rect['h']:.0f} px")
        elif not hit:
            problems.append(f"{tag}: a press lands on {hit_name(driver, rect)}")
    return problems


@pytest.fixture(scope="module")
def explorer_page(tmp_path_factory: pytest.TempPathFactory) -> Path:
    from lazytree.explorer.html import write_html
    from lazytree.games import load_game
    from lazytree.search import minimax
    from lazytree.tree import Tree

    game, state = load_game("tictactoe")
    tree: Tree[Any, Any] = Tree(game, state)
    path = tmp_path_factory.mktemp("explorer") / "tictactoe.html"
    write_html(tree, path, result=minimax(tree.root, 2), title="tictactoe")
    return path


@pytest.mark.parametrize("size", list(SIZES))
def test_nothing_is_cut_off(sized: Any, base_url: str, explorer_page: Path, size: str) -> None:
    driver = sized(size)
    found = {}
    for name, where in pages(base_url, explorer_page).items():
        open_page(driver, name, where)
        problems = cut_off(driver)
        if name == "dice-of-doom" and size == "desktop-1400x1000":
            driver.execute_script("window.scrollTo(0, 0)")
            save_picture(driver, "play-1400x1000")
        if name in ("dice-of-doom", "connect-four"):
            canvas = driver.execute_script(
                "const r = document.querySelector('[data-role=board]').getBoundingClientRect();"
                "return [r.width, r.height]"
            )
            if min(canvas) < min(200, 0.5 * driver.viewport[0]):
                problems.append(f"the board is only {canvas[0]:.0f}x{canvas[1]:.0f} px")
        if problems:
            found[name] = problems
    assert not found, json.dumps(found, indent=1)


# -- a whole game by real input -------------------------------------------------------------


def new_game_by_form(
    driver: Any, url: str, game: str, options: dict[str, str], second: str = "ai"
) -> None:
    """Fill in the new-game form as a person does: the game, its options (typed), the
    second seat ``second`` (the AI, of half a second a move, or another agent); then
    Start."""
    from selenium.webdriver.common.by import By
    from selenium.webdriver.common.keys import Keys
    from selenium.webdriver.support.ui import Select

    driver.get(f"{url}/")
    chooser = driver.find_element(By.CSS_SELECTOR, "#f-game")
    bring_on_screen(driver, chooser)
    Select(chooser).select_by_value(game)
    for name, value in options.items():
        field = driver.find_element(By.CSS_SELECTOR, f"[data-game='{game}'] [data-option={name}]")
        bring_on_screen(driver, field)
        field.click()
        type_keys(driver, Keys.END, *[Keys.BACKSPACE] * 12, value)
        assert field.get_attribute("value") == value
    seat = driver.find_element(By.CSS_SELECTOR, "#f-seats label.p1 select")
    assert seat.get_attribute("value") == "ai"
    if second != "ai":
        bring_on_screen(driver, seat)
        Select(seat).select_by_value(second)
    strength = driver.find_element(By.CSS_SELECTOR, "select[name=ai]")
    bring_on_screen(driver, strength)
    Select(strength).select_by_value("0.5")
    press(driver, "[data-action=start]")
    wait_for(driver, "window.lazytree && window.lazytree.ready")
    check_viewport(driver)


def our_turn(driver: Any) -> dict[str, Any]:
    """Wait until it is player 0's turn (the AI has answered); the page's view."""
    wait_for(
        driver,
        "window.lazytree.view && !window.lazytree.view.thinking && !window.lazytree.view.over"
        " && window.lazytree.view.to_move === 0",
        120,
    )
    return view(driver)


def ai_answered(driver: Any, after: int) -> None:
    """The AI (player 1) has moved since move ``after``, and the page shows it in its log."""
    from selenium.webdriver.common.by import By

    wait_for(driver, f"window.lazytree.view.moves_made > {after}", 120)
    now = our_turn(driver)
    answers = [m for m in now["log"][after:] if m["player"] == 1]
    assert answers, "the AI did not answer"
    log = driver.find_element(By.CSS_SELECTOR, "[data-role=log]")
    bring_on_screen(driver, log)
    assert f"player 1: {answers[-1]['text']}" in log.text


def attack(board: dict[str, Any]) -> list[int] | None:
    for m in board["moves"]:
        if len(m["path"]) == 2:
            return list(m["path"])
    return None


def play_by_move_box(driver: Any, text: str) -> None:
    """Type a move in the move box and press Enter (the focus reached by Tab)."""
    from selenium.webdriver.common.keys import Keys

    focus_by_tab(driver, "[data-role=move-input]")
    type_keys(driver, Keys.END, *[Keys.BACKSPACE] * 16, text, Keys.ENTER)


def cursor_to(driver: Any, cell: int) -> None:
    """Move the board's keyboard cursor to ``cell`` with the arrow keys (the board has the
    focus): each step the arrow that brings the cursor's centre nearest the cell's."""
    from selenium.webdriver.common.keys import Keys

    arrows = {Keys.ARROW_LEFT: (-1, 0), Keys.ARROW_RIGHT: (1, 0), Keys.ARROW_UP: (0, -1)}
    arrows[Keys.ARROW_DOWN] = (0, 1)
    for _ in range(60):
        at = cursor(driver)
        if at == cell:
            return
        here, there = centre(driver, at if at is not None else 0), centre(driver, cell)
        dx, dy = there["x"] - here["x"], there["y"] - here["y"]
        if abs(dx) >= abs(dy):
            key = Keys.ARROW_RIGHT if dx > 0 else Keys.ARROW_LEFT
        else:
            key = Keys.ARROW_DOWN if dy > 0 else Keys.ARROW_UP
        type_keys(driver, key)
    raise AssertionError(f"the arrow keys never brought the cursor to cell {cell}")


def cursor(driver: Any) -> int | None:
    """The cell under the board's keyboard cursor (its ``aria-activedescendant`` or the
    board's ``data-cursor``)."""
    value = driver.execute_script(
        "const b = document.querySelector('[data-role=board]');"
        "return b.dataset.cursor ?? (b.lazytreeBoard && b.lazytreeBoard.cursor) ?? null"
    )
    return None if value in (None, "") else int(value)


def centre(driver: Any, cell: int) -> dict[str, float]:
    found: dict[str, float] = driver.execute_script(
        "return document.querySelector('[data-role=board]').lazytreeBoard.cellCenter(arguments[0])",
        cell,
    )
    return found


def saved_game(driver: Any) -> dict[str, Any]:
    """Press Save; the JSON file the browser downloaded."""
    press(driver, "[data-action=save]")
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        files = list(driver.download_dir.glob("*.json"))
        if files:
            time.sleep(0.2)
            data: dict[str, Any] = json.loads(files[0].read_text())
            return data
        time.sleep(0.1)
    raise AssertionError("Save downloaded nothing")


PLAYED = ["laptop-780x580", "phone-390x844"]


@pytest.mark.parametrize("size", PLAYED)
def test_a_person_plays_dice_of_doom_and_saves(sized: Any, base_url: str, size: str) -> None:
    from selenium.webdriver.common.keys import Keys

    driver = sized(size)
    new_game_by_form(driver, base_url, "dice-of-doom", {"size": "10", "seed": "3"})
    start = our_turn(driver)
    assert len(start["board"]["cells"]) == 100
    save_picture(driver, f"play-{size.split('-')[-1]}")

    # three moves by touch (a phone) or pointer: two attacks (a territory, then its
    # target), then pass
    mine: list[str] = []
    for _ in range(2):
        now = view(driver)
        move = attack(now["board"])
        assert move is not None, "no attack to make"
        tap_cell(driver, move[0])
        tap_cell(driver, move[1])
        wait_for(driver, f"window.lazytree.view.moves_made === {now['moves_made'] + 1}")
        mine.append(f"{move[0]}->{move[1]}")
    made = view(driver)["moves_made"]
    press(driver, "[data-move=pass]")
    mine.append("pass")
    ai_answered(driver, made + 1)

    # three by keyboard only: an attack with the arrow keys on the board (Enter on the
    # territory, Enter on its target), an attack typed in the move box, then pass typed
    now = our_turn(driver)
    move = attack(now["board"])
    assert move is not None
    focus_by_tab(driver, "[data-role=board]")
    cursor_to(driver, move[0])
    type_keys(driver, Keys.ENTER)
    cursor_to(driver, move[1])
    type_keys(driver, Keys.ENTER)
    wait_for(driver, f"window.lazytree.view.moves_made === {now['moves_made'] + 1}")
    mine.append(f"{move[0]}->{move[1]}")
    now = view(driver)
    move = attack(now["board"])
    typed = f"{move[0]}->{move[1]}" if move is not None else "pass"
    play_by_move_box(driver, typed)
    wait_for(driver, f"window.lazytree.view.moves_made > {now['moves_made']}")
    mine.append(typed)
    if typed != "pass":
        made = view(driver)["moves_made"]
        play_by_move_box(driver, "pass")
        mine.append("pass")
        ai_answered(driver, made + 1)

    saved = saved_game(driver)
    ours = [m for m in saved["moves"] if m in mine]
    assert ours[: len(mine)] == mine or all(m in saved["moves"] for m in mine)
    assert len(saved["moves"]) == view(driver)["moves_made"]


@pytest.mark.parametrize("size", PLAYED)
def test_a_person_plays_connect_four_and_saves(sized: Any, base_url: str, size: str) -> None:
    from selenium.webdriver.common.keys import Keys

    driver = sized(size)
    new_game_by_form(driver, base_url, "connect-four", {}, second="random")
    played: list[str] = []
    for n, column in enumerate(["a", "b", "c"]):  # three discs by touch or pointer
        move = safe_column_move(our_turn(driver), column)
        tap_cell(driver, move["path"][0])
        played.append(move["move"])
        ai_answered(driver, 2 * n + 1)

    # three by keyboard: the arrow keys and Enter on the board, then the move box twice
    move = safe_column_move(our_turn(driver), "g")
    focus_by_tab(driver, "[data-role=board]")
    cursor_to(driver, move["path"][0])
    type_keys(driver, Keys.ENTER)
    played.append(move["move"])
    ai_answered(driver, 7)
    for n, column in enumerate(["f", "e"]):
        move = safe_column_move(our_turn(driver), column)
        play_by_move_box(driver, move["move"])
        played.append(move["move"])
        ai_answered(driver, 9 + 2 * n)

    saved = saved_game(driver)
    assert saved["moves"][0::2][:6] == played


def safe_column_move(now: dict[str, Any], column: str, turns: int = 6) -> dict[str, Any]:
    """The page's move for connect-four's ``column``, or for the next column (in turn)
    after which the game goes on whatever the opponent answers, looking up to two of the
    person's moves ahead, until the person has made ``turns`` moves. The random agent's
    moves come from the game's seed, which the form does not set: this keeps the game
    going for the person's six moves whatever it plays."""
    from lazytree.catalog import load_game

    game = load_game("connect-four").game
    state = game.initial_state()
    assert len(now["log"]) == now["moves_made"]
    for played in now["log"]:
        state = game.result(state, game.parse_move(state, played["text"]))

    def goes_on(after: Any, moves: int) -> bool:
        """Whether the game goes on through ``moves`` more moves of each side, whatever
        the opponent answers, from ``after`` (the opponent to move)."""
        if game.is_terminal(after):
            return False
        for answer in game.legal_moves(after):
            reply = game.result(after, answer)
            if game.is_terminal(reply):
                return False
            if moves > 1 and not any(
                goes_on(game.result(reply, m), moves - 1) for m in game.legal_moves(reply)
            ):
                return False
        return True

    moves: dict[str, dict[str, Any]] = {m["move"]: m for m in now["board"]["moves"]}
    names = sorted(moves)
    start = names.index(column) if column in moves else 0
    ahead = min(2, turns - len(now["log"]) // 2)
    for name in names[start:] + names[:start]:
        if goes_on(game.result(state, game.parse_move(state, name)), ahead):
            return moves[name]
    raise AssertionError(f"no column keeps the game going after {now['log']}")


# -- axe-core ------------------------------------------------------------------------------


def axe_violations(driver: Any) -> list[dict[str, Any]]:
    """axe-core run on the page (injected from node_modules): its serious and critical
    violations."""
    driver.execute_script(AXE.read_text(encoding="utf-8"))
    result: dict[str, Any] = driver.execute_async_script(
        "const done = arguments[arguments.length - 1];"
        "axe.run(document, {resultTypes: ['violations']})"
        "  .then((r) => done(r), (e) => done({error: String(e)}));"
    )
    assert "error" not in result, result
    return [v for v in result["violations"] if v["impact"] in ("serious", "critical")]


@pytest.mark.parametrize(
    ("size", "dark"),
    [("desktop-1400x1000", False), ("phone-390x844", False), ("laptop-780x580", True)],
)
def test_no_serious_accessibility_violation(
    sized: Any, base_url: str, explorer_page: Path, size: str, dark: bool
) -> None:
    assert AXE.exists(), "axe-core is missing: npm ci installs it"
    driver = sized(size, dark=dark)
    found = {}
    for name, where in pages(base_url, explorer_page).items():
        if name == "confirm":
            where = f"{base_url}/play?game=tictactoe"
            driver.get(where)
        else:
            open_page(driver, name, where)
        if name != "explorer":  # the play server's pages follow the scheme asked for
            background = driver.execute_script(
                "return getComputedStyle(document.body).backgroundColor.match(/\\d+/g).map(Number)"
            )
            assert (sum(background[:3]) < 150) == dark, f"{name}: background {background}"
        violations = axe_violations(driver)
        if violations:
            found[name] = [
                {
                    "id": v["id"],
                    "impact": v["impact"],
                    "nodes": [n["html"][:100] for n in v["nodes"][:4]],
                }
                for v in violations
            ]
    assert not found, json.dumps(found, indent=1)
