"""The explorer page in a real browser: Debian's Chromium driven by Selenium.

The pages are the offline HTML files ``lazytree explore --format html`` writes, opened
from disk (``file://``): nothing is served. The tests drive them with real input only:
W3C actions (pointer clicks on the drawn elements, keys typed into the focused control),
never events made up in the page nor calls of its functions. Open times of a big tree are
measured with the Performance API and printed (run with ``-s`` to see them); no test
asserts a time.
"""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any

import pytest
from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.keys import Keys

from lazytree.explorer.html import write_html
from lazytree.games import load_game
from lazytree.search import alphabeta, minimax
from lazytree.tree import Tree


def open_page(driver: Any, path: Path) -> None:
    driver.get(path.as_uri())
    deadline = time.monotonic() + 60
    while not driver.execute_script(
        "return document.getElementById('explorer').dataset.ready === '1'"
    ):
        assert time.monotonic() < deadline, "the explorer never finished its first drawing"
        time.sleep(0.05)


def drawn(driver: Any) -> list[int]:
    """The node indices drawn, in document order."""
    nodes: list[int] = driver.execute_script(
        "return [...document.querySelectorAll('[data-node]')].map(e => +e.dataset.node)"
    )
    return nodes


def click(driver: Any, selector: str) -> None:
    """A real pointer click on the middle of the first element ``selector`` matches,
    scrolled into view first; the element must be the one under the pointer there."""
    press(driver, driver.find_element("css selector", selector))


def press(driver: Any, element: Any) -> None:
    """A real pointer click on the middle of ``element`` (see :func:`click`)."""
    ActionChains(driver).scroll_to_element(element).perform()
    hit = driver.execute_script(
        "const r = arguments[0].getBoundingClientRect();"
        "const at = document.elementFromPoint(r.x + r.width / 2, r.y + r.height / 2);"
        "return at !== null && (at === arguments[0] || arguments[0].contains(at));",
        element,
    )
    assert hit, "another element covers the one to click"
    ActionChains(driver).move_to_element(element).click().perform()


def keys(driver: Any, *typed: str) -> None:
    """Real key presses, sent to the element that has the focus."""
    ActionChains(driver).send_keys(*typed).perform()


@pytest.fixture(scope="module")
def tictactoe_page(tmp_path_factory: pytest.TempPathFactory) -> Path:
    game, state = load_game("tictactoe")
    tree: Tree[Any, Any] = Tree(game, state)
    path = tmp_path_factory.mktemp("pages") / "tictactoe.html"
    write_html(tree, path, result=minimax(tree.root, 2), title="tictactoe")
    return path


def test_tictactoe_after_depth_two_minimax(driver: Any, tictactoe_page: Path) -> None:
    open_page(driver, tictactoe_page)
    summary = driver.find_element("css selector", "[data-summary]").text
    assert "82 positions" in summary and "81 forced by minimax to depth 2" in summary
    data = driver.execute_script("return lazytreeExplorer.model.data")
    pv = data["pv"]
    nodes = drawn(driver)
    # collapsed by default: the PV and the best few children of each PV node
    assert set(pv) <= set(nodes) and 3 < len(nodes) < 82
    highlighted = driver.execute_script(
        "return [...document.querySelectorAll('[data-node].lt-pv')].map(e => +e.dataset.node)"
    )
    assert sorted(highlighted) == sorted(pv) and len(pv) == 3
    pv_links = driver.find_elements("css selector", "path.lt-link.lt-pv")
    assert len(pv_links) == len(pv) - 1


def test_expand_a_node_and_show_all_children(driver: Any, tictactoe_page: Path) -> None:
    open_page(driver, tictactoe_page)
    data = driver.execute_script("return lazytreeExplorer.model.data")
    parent = data["parent"]
    closed = next(i for i in drawn(driver) if parent[i] == 0 and i not in data["pv"])
    assert not [i for i in drawn(driver) if parent[i] == closed]
    click(driver, f'[data-node="{closed}"]')
    below = [i for i in drawn(driver) if parent[i] == closed]
    assert len(below) == 3  # the best three of its eight children...
    assert driver.find_element("css selector", f'[data-more="{closed}"]').text == "+5 more…"
    click(driver, f'[data-more="{closed}"]')
    assert len([i for i in drawn(driver) if parent[i] == closed]) == 8  # ...then all of them
    info = driver.find_element("css selector", "[data-info]").text
    move = data["strings"][data["edges"][0][data["edges"][0].index(closed) - 1]]
    assert f"move {move} by X" in info and "to move O" in info and "depth 1" in info
    # its board: one X, where the move was played, drawn in the info panel
    marks = driver.execute_script(
        "return [...document.querySelectorAll('[data-board] text')].map(t => t.textContent)"
        ".filter(t => t === 'X' || t === 'O')"
    )
    assert marks == ["X"]


def test_search_by_move_and_replay(driver: Any, tictactoe_page: Path) -> None:
    open_page(driver, tictactoe_page)
    box = driver.find_element("css selector", "[data-search]")
    box.send_keys("a1 c3\n")  # the line a1, then c3
    assert driver.find_element("css selector", "[data-matches]").text == "1 match"
    matched = driver.execute_script(
        "return [...document.querySelectorAll('[data-node].lt-match')].map(e => +e.dataset.node)"
    )
    assert len(matched) == 1
    assert "line a1 c3" in driver.find_element("css selector", "[data-info]").text
    click(driver, '[data-action="replay"]')
    click(driver, '[data-action="step"]')
    keys(driver, *[Keys.ENTER] * 11)  # the focused step button, by keyboard
    # 13 nodes created so far: minimax went depth first, so the root, a1 and a1's eight
    # replies, then b1 and its first two replies (b1 c1 is the 13th); the replay opens
    # the line to the newest node and shows what was created along it
    text = driver.find_element("css selector", "[data-replay-text]").text
    assert text == "node 13 of 82 created: b1 c1"
    data = driver.execute_script("return lazytreeExplorer.model.data")
    serial, parent = data["serial"], data["parent"]
    newest = serial.index(12)
    line = {0, parent[newest]}
    expected = {0} | {i for i, p in enumerate(parent) if p in line and serial[i] <= 12}
    assert sorted(drawn(driver)) == sorted(expected) and len(expected) == 5
    current = driver.find_elements("css selector", "[data-node].lt-current")
    assert [int(e.get_attribute("data-node")) for e in current] == [newest]


@pytest.fixture(scope="module")
def big_page(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, int]:
    game, state = load_game("dice-of-doom", size=8, seed=3)
    tree: Tree[Any, Any] = Tree(game, state)
    result = alphabeta(tree.root, 3)
    path = tmp_path_factory.mktemp("pages") / "dice-of-doom-8x8.html"
    model = write_html(tree, path, result=result, title="dice-of-doom 8x8")
    return path, model.data["summary"]["positions"]


def test_a_tree_of_50000_positions_opens_and_is_measured(
    driver: Any, big_page: tuple[Path, int]
) -> None:
    path, positions = big_page
    assert positions > 50_000
    open_page(driver, path)
    timing = driver.execute_script(
        "const nav = performance.getEntriesByType('navigation')[0];"
        "return {ready: lazytreeExplorer.readyAt, dom: nav.domContentLoadedEventEnd}"
    )
    summary = driver.find_element("css selector", "[data-summary]").text
    assert f"{positions:,} positions" in summary
    nodes = drawn(driver)
    data_pv = driver.execute_script("return lazytreeExplorer.model.pv")
    assert set(data_pv) <= set(nodes) and len(nodes) < 200  # only what is open is drawn
    # responsiveness: open the root's "+N more" (every first move) and time the redraw:
    # from the click reaching the document (capture) to it leaving the window (bubbling)
    driver.execute_script(
        "globalThis.clicks = [];"
        "document.addEventListener('click', () => clicks.push([performance.now()]), true);"
        "window.addEventListener('click', () => clicks.at(-1).push(performance.now()));"
    )
    click(driver, '[data-more="0"]')
    assert len(drawn(driver)) > len(nodes)
    # replay: the first step sorts every node by creation; then 100 steps one by one,
    # by the keyboard on the focused step button
    click(driver, '[data-action="replay"]')
    click(driver, '[data-action="step"]')
    keys(driver, *[Keys.ENTER] * 99)
    text = driver.find_element("css selector", "[data-replay-text]").text
    assert text.startswith(f"node 101 of {positions:,} created")
    spans = driver.execute_script("return clicks.map(([a, b]) => b - a)")
    assert len(spans) == 102
    expand_ms, replay_ms = spans[0], (spans[1], sum(spans[2:]) / 100)
    size = path.stat().st_size
    print(
        f"\n{positions:,} positions, {size / 1e6:.1f} MB page: explorer drawn "
        f"{timing['ready']:.0f} ms after navigation start (DOMContentLoaded "
        f"{timing['dom']:.0f} ms); opening all root moves redrew in {expand_ms:.0f} ms; "
        f"replay started in {replay_ms[0]:.0f} ms, then {replay_ms[1]:.1f} ms a step"
    )


FAKE_ANYWIDGET = """<!doctype html>
<html><head><meta charset="utf-8"><style>%(css)s</style></head>
<body><div id="widget"></div>
<script type="text/plain" id="esm">%(esm)s</script>
<script type="application/json" id="data">%(data)s</script>
<script type="module">
// what anywidget does: load the widget's module and call render({model, el})
const code = document.getElementById("esm").textContent.replace(/<\\\\\\/script/gi, "</script");
const url = URL.createObjectURL(new Blob([code], { type: "text/javascript" }));
const widget = (await import(url)).default;
const handlers = {}, sent = [];
const model = {
  data: document.getElementById("data").textContent, status: "",
  get(key) { return this[key]; },
  set(key, value) { this[key] = value; (handlers["change:" + key] || []).forEach((f) => f()); },
  on(event, f) { (handlers[event] ||= []).push(f); },
  off(event, f) { handlers[event] = (handlers[event] || []).filter((g) => g !== f); },
  send(message) { sent.push(message); },
};
widget.render({ model, el: document.getElementById("widget") });
globalThis.fake = { model, sent };
document.getElementById("widget").dataset.widgetReady = "1";
</script></body></html>
"""


def test_the_widget_front_end_forces_through_the_kernel(driver: Any, tmp_path: Path) -> None:
    from lazytree.explorer.html import _inline, _inline_json, explorer_css
    from lazytree.explorer.widget import TreeExplorer, widget_module

    game, state = load_game("tictactoe")
    tree: Tree[Any, Any] = Tree(game, state)
    widget = TreeExplorer(tree, result=minimax(tree.root, 1), rater="minimax", depth=2)
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
    summary = driver.find_element("css selector", "[data-summary]")
    assert summary.text.startswith("10 positions")
    b2 = widget.model.data["pv"][1]
    click(driver, f'[data-node="{b2}"]')
    click(driver, '[data-action="force-here"]')
    sent = driver.execute_script("return fake.sent")
    serial = widget.model.data["serial"][b2]
    assert sent == [{"type": "force", "node": b2, "serial": serial, "depth": 2}]
    widget._handle_custom_msg(sent[0], [])  # the kernel's side
    driver.execute_script(
        "fake.model.set('data', arguments[0]); fake.model.set('status', arguments[1])",
        widget.data,
        widget.status,
    )
    assert summary.text.startswith("74 positions")
    assert driver.find_element("css selector", "[data-matches]").text == widget.status
    parent = widget.model.data["parent"]
    b2_now = widget.model.data["serial"].index(serial)
    below = [i for i in drawn(driver) if parent[i] == b2_now]
    assert len(below) == 3  # b2 stayed open: its best three replies, then "+5 more"
    assert driver.find_elements("css selector", f'[data-more="{b2_now}"]')


def test_moves_never_generated_and_never_forced_are_drawn(driver: Any, tmp_path: Path) -> None:
    from lazytree.games.tree_game import TreeGame

    lecture = Tree(TreeGame([[3, 12, 8], [2, 4, 6], [14, 5, 2]]))
    model = write_html(lecture, tmp_path / "lecture.html", result=alphabeta(lecture.root, 2))
    open_page(driver, tmp_path / "lecture.html")
    cut = model.data["edges"][0][3]  # the second move, cut after its first reply
    closed = driver.find_element("css selector", f'[data-node="{cut}"]').text
    assert closed.endswith("✂2")  # its cut-off, on the closed node
    click(driver, f'[data-node="{cut}"]')
    never = driver.find_element("css selector", f'[data-never="{cut}"]')
    assert never.text == "2 moves never generated"
    assert "2 moves never generated" in driver.find_element("css selector", "[data-info]").text

    game, state = load_game("tictactoe")
    tree: Tree[Any, Any] = Tree(game, state)
    for _ in tree.root.children:  # generate every first move...
        pass
    _ = tree.root.children[4].child  # ...and force one of them
    write_html(tree, tmp_path / "unforced.html")
    open_page(driver, tmp_path / "unforced.html")
    group = driver.find_element("css selector", '[data-unforced="0"]')
    assert group.text == "8 moves not forced"
    click(driver, '[data-unforced="0"]')
    stubs = driver.find_elements("css selector", "[data-edge]")
    assert sorted(s.text for s in stubs) == sorted(
        f"{m} not forced" for m in ("a1", "b1", "c1", "a2", "c2", "a3", "b3", "c3")
    )
    assert drawn(driver) == [0, 1]


def wait_text_change(driver: Any, selector: str, old: str, seconds: float = 60) -> str:
    deadline = time.monotonic() + seconds
    while True:
        text: str = driver.find_element("css selector", selector).text
        if text != old:
            return text
        assert time.monotonic() < deadline, f"{selector} still says {old!r}"
        time.sleep(0.05)


def positions_in(summary: str) -> int:
    return int(summary.split(" positions")[0].replace(",", ""))


def test_live_explore_page_forces_a_move_a_cut_off_never_generated(
    driver: Any, live_server: str
) -> None:
    driver.get(f"{live_server}/explore?game=tictactoe&depth=2&rater=alphabeta")
    deadline = time.monotonic() + 60
    while not driver.execute_script(
        "return document.getElementById('explorer').dataset.ready === '1'"
    ):
        assert time.monotonic() < deadline
        time.sleep(0.05)
    summary = driver.find_element("css selector", "[data-summary]").text
    before = positions_in(summary)
    # open a first move under which alpha-beta cut, and generate the moves it never did
    cut = driver.execute_script(
        "const d = lazytreeExplorer.model.data;"
        "return d.never.findIndex((n, i) => n > 0 && d.parent[i] === 0)"
    )
    serial = driver.execute_script("return lazytreeExplorer.model.data.serial[arguments[0]]", cut)
    click(driver, '[data-more="0"]')  # every first move
    click(driver, f'[data-node="{cut}"]')
    click(driver, f'[data-never="{cut}"]')
    summary = wait_text_change(driver, "[data-summary]", summary)
    assert positions_in(summary) == before  # generating forces nothing
    cut = driver.execute_script(
        "return lazytreeExplorer.model.data.serial.indexOf(arguments[0])", serial
    )
    if driver.find_elements("css selector", f'[data-unforced="{cut}"]'):
        click(driver, f'[data-unforced="{cut}"]')
    edges = driver.find_elements("css selector", f'[data-edge^="{cut}:"]')
    assert edges, "the generated moves are drawn as moves never forced"
    click(driver, f'[data-edge="{edges[0].get_attribute("data-edge")}"]')
    summary = wait_text_change(driver, "[data-summary]", summary)
    status = driver.find_element("css selector", "[data-matches]").text
    forced = int(status.split("forced ")[1].split(" nodes")[0].replace(",", ""))
    assert forced >= 1 and positions_in(summary) == before + forced


def test_checkers_squares_are_numbered_on_the_board(driver: Any, tmp_path: Path) -> None:
    """The position panel numbers the dark squares as checkers moves are written."""
    game, state = load_game("checkers")
    tree: Tree[Any, Any] = Tree(game, state)
    path = tmp_path / "checkers.html"
    write_html(tree, path, result=alphabeta(tree.root, 2), title="checkers")
    open_page(driver, path)
    click(driver, '[data-node="0"]')
    names = driver.execute_script(
        "return [...document.querySelectorAll('[data-board] text.lt-name')].map(t => t.textContent)"
    )
    assert sorted(int(n) for n in names) == list(range(1, 33))
    # each in the cell the document names (the cells the moves are clicked through)
    drawn_at = driver.execute_script(
        "return [...document.querySelectorAll('[data-board] text.lt-name')]"
        ".map(t => [+t.closest('[data-cell]').dataset.cell, t.textContent])"
    )
    layout = driver.execute_script("return lazytreeExplorer.model.data.board.cells")
    assert all(layout[cell]["name"] == name for cell, name in drawn_at)
