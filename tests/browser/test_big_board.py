"""A 40x40 Dice of Doom board (1,600 territories) in headless Chromium: drawn in its
owners' colours, clickable, and every point of a hexagon hits that hexagon.

The play page marks ``lazytree:board-data`` when a response carrying a board arrives
(before its JSON is parsed) and ``boards.js`` marks ``lazytree:board-drawn`` once the
board is drawn on its canvas and the frame painted; the first draw is the time between
the first two. Its figures (three fresh browsers, the redraw after a move) are printed
(``pytest -s``), not asserted: a time measured on a shared machine says nothing about the
renderer. ``python -m tests.browser.bench_first_draw`` measures it against a baseline
renderer in one run.
"""

from __future__ import annotations

import re
import statistics
from pathlib import Path
from typing import Any

import pytest

from tests.browser.conftest import start_game
from tests.browser.test_play import (
    attacks,
    board_call,
    classes,
    click_cell,
    owners,
    pointer_away,
    view,
    wait_for,
)

pytestmark = pytest.mark.filterwarnings("ignore::DeprecationWarning")

BOARDS_CSS = Path(__file__).resolve().parents[2] / "lazytree" / "static" / "boards.css"


def palette_rgb(player: int) -> tuple[int, int, int]:
    """Player ``player``'s colour in boards.css's palette (``--player-N: #rrggbb``)."""
    found = re.search(rf"--player-{player}:\s*#([0-9a-fA-F]{{6}})", BOARDS_CSS.read_text())
    assert found, f"boards.css has no --player-{player}"
    rgb = bytes.fromhex(found.group(1))
    return (rgb[0], rgb[1], rgb[2])


PLAYER_RGB = {0: palette_rgb(0), 1: palette_rgb(1), -1: (0xCC, 0xCC, 0xCC)}
"""boards.css's --player-0, --player-1 and an unowned hexagon's grey."""

DRAW_AFTER_DATA = """
const data = performance.getEntriesByName('lazytree:board-data');
const drawn = performance.getEntriesByName('lazytree:board-drawn');
const d = data[arguments[0]];
if (!d) return null;
const b = drawn.find((m) => m.startTime >= d.startTime);
if (!b) return null;
return performance.measure(arguments[1], {start: d.startTime, end: b.startTime}).duration;
"""


def draw_after_data(driver: Any, which: int, name: str) -> float:
    """Milliseconds from the ``which``-th board-data mark (-1: the last) to the first
    board-drawn mark after it, once there is one."""
    script = DRAW_AFTER_DATA.replace("data[arguments[0]]", "data.at(arguments[0])")
    found: list[float] = []

    def ready() -> bool:
        ms = driver.execute_script(script, which, name)
        if ms is None:
            return False
        found.append(float(ms))
        return True

    wait_for_py(ready)
    return found[-1]


def cold_first_draw(url: str) -> float:
    """The first draw of the page at ``url`` in a fresh Chromium (nothing cached)."""
    from tests.browser.conftest import headless_chromium

    with headless_chromium() as other:
        other.get(url)
        wait_for(other, "window.lazytree.ready")
        return draw_after_data(other, 0, "lazytree:first-draw")


def wait_for_py(check: Any, seconds: float = 30) -> None:
    import time

    deadline = time.monotonic() + seconds
    while not check():
        if time.monotonic() > deadline:
            raise AssertionError("the board was never drawn after its data arrived")
        time.sleep(0.05)


def fill_colours(driver: Any) -> list[list[int]]:
    """The canvas's colour inside each cell, above its label (where the dice are not)."""
    script = """
const canvas = document.querySelector('[data-role=board]');
const board = canvas.lazytreeBoard, v = board.view(), r = canvas.getBoundingClientRect();
const dpr = window.devicePixelRatio || 1, ctx = canvas.getContext('2d');
const image = ctx.getImageData(0, 0, canvas.width, canvas.height).data;
return board.doc.cells.map((_, i) => {
  const c = board.cellCenter(i);
  const x = Math.round((c.x - r.left) * dpr), y = Math.round((c.y - r.top - 12 * v.k) * dpr);
  const at = (y * canvas.width + x) * 4;
  return [image[at], image[at + 1], image[at + 2]];
});
"""
    colours: list[list[int]] = driver.execute_script(script)
    return colours


def close(rgb: list[int], want: tuple[int, int, int], tolerance: int = 8) -> bool:
    return all(abs(a - b) <= tolerance for a, b in zip(rgb, want, strict=True))


@pytest.mark.parametrize("size", [10, 40])
def test_a_big_board_is_drawn_and_plays(
    driver: Any, live_server: str, picture: Any, size: int
) -> None:
    start_game(driver, f"{live_server}/play?game=dice-of-doom&size={size}&seed=1&seats=human,human")
    url = driver.current_url  # the game's page (the host's link): opened again below
    wait_for(driver, "window.lazytree.ready")
    firsts = [draw_after_data(driver, 0, "lazytree:first-draw")]
    firsts += [cold_first_draw(url) for _ in range(2)]
    first = statistics.median(firsts)
    v = view(driver)
    board = v["board"]
    assert len(board["cells"]) == size * size

    # every territory drawn in its owner's colour, where the page says it is
    colours = fill_colours(driver)
    wrong = [
        i
        for i, owner in enumerate(owners(board))
        if not close(colours[i], PLAYER_RGB.get(owner, PLAYER_RGB[-1]))
    ]
    assert not wrong, f"cells not drawn in their owner's colour: {wrong[:10]}"

    # a click on a territory selects it (the page's panel hears of it through onSelect)
    driver.execute_script(
        "window.selections = [];"
        "document.querySelector('[data-role=board]').lazytreeBoard.onSelect ="
        " (i) => window.selections.push(i);"
    )
    possible = attacks(board)
    src, dst = possible[len(possible) // 2]
    click_cell(driver, src)
    assert "sel" in classes(driver, src)
    targets = {d for s, d in possible if s == src}
    assert all("target" in classes(driver, t) for t in targets)
    assert driver.execute_script("return window.selections") == [src]
    if size == 40:
        picture(driver, "board-40x40")
    else:
        picture(driver, "board-10x10")
    # the selected territory is drawn brighter (CSS brightness(1.2), as the SVG did)
    pointer_away(driver)
    assert not close(fill_colours(driver)[src], PLAYER_RGB[0])

    # a click on a highlighted target attacks it
    click_cell(driver, dst)
    wait_for(driver, "window.lazytree.view.moves_made === 1")
    redraw = draw_after_data(driver, -1, "lazytree:move-draw")
    assert "p0" in classes(driver, dst)
    pointer_away(driver)
    assert close(fill_colours(driver)[dst], PLAYER_RGB[0])
    assert driver.execute_script("return window.selections") == [src, None]

    print(
        f"\n{size}x{size} board in Chromium (canvas): first draw "
        f"{', '.join(f'{ms:.1f}' for ms in firsts)} ms after the data arrived (3 fresh "
        f"browsers, median {first:.1f}); redraw after a move {redraw:.1f} ms"
    )


def test_every_point_of_a_hexagon_hits_it(driver: Any, live_server: str) -> None:
    """Hit testing by the hexagons' geometry: the centre of every territory of a 40x40
    board and six points near its edges find it; points off the board find nothing."""
    start_game(driver, f"{live_server}/play?game=dice-of-doom&size=40&seed=1&seats=human,human")
    wait_for(driver, "window.lazytree.ready")
    misses = driver.execute_script(
        """
const board = document.querySelector('[data-role=board]').lazytreeBoard;
const v = board.view(), r = 20 * 0.85 * Math.sqrt(3) / 2 * v.k;  // inside the inner circle
const misses = [];
board.doc.cells.forEach((_, i) => {
  const c = board.cellCenter(i);
  for (let a = -1; a < 6; a++) {
    const t = a * Math.PI / 3;
    const p = a < 0 ? c : {x: c.x + r * Math.cos(t), y: c.y + r * Math.sin(t)};
    if (board.cellAt({clientX: p.x, clientY: p.y}) !== i) misses.push([i, a]);
  }
});
const corner = board.cellCenter(0);
const off = {clientX: corner.x - 30 * v.k, clientY: corner.y - 30 * v.k};
if (board.cellAt(off) !== null) misses.push("off");
return misses;
"""
    )
    assert misses == []


def test_clicks_hit_the_right_territory_when_zoomed_and_panned(
    driver: Any, live_server: str
) -> None:
    from selenium.webdriver.common.by import By

    start_game(driver, f"{live_server}/play?game=dice-of-doom&size=40&seed=1&seats=human,human")
    wait_for(driver, "window.lazytree.ready")
    for _ in range(3):
        driver.find_element(By.CSS_SELECTOR, "[data-action=zoom-in]").click()
    board = view(driver)["board"]
    # an attack whose cells are on screen after zooming into the middle
    on_screen = driver.execute_script(
        """
const canvas = document.querySelector('[data-role=board]'), b = canvas.lazytreeBoard;
const r = canvas.getBoundingClientRect();
return b.doc.cells.map((_, i) => {
  const c = b.cellCenter(i);
  return c.x > r.left + 20 && c.x < r.right - 20 && c.y > r.top + 40 && c.y < r.bottom - 20;
});
"""
    )
    src, dst = next((s, d) for s, d in attacks(board) if on_screen[s] and on_screen[d])
    click_cell(driver, src)
    assert "sel" in classes(driver, src)
    assert driver.execute_script(
        "return document.querySelector('[data-role=board]').lazytreeBoard.hover"
    ) in (src, None)
    click_cell(driver, dst)
    wait_for(driver, "window.lazytree.view.moves_made === 1")
    assert view(driver)["log"][0]["text"] == f"{src}->{dst}"
    assert board_call(driver, "cellClass", dst).split().count("p0") == 1
