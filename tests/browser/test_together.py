"""Play together in real browsers: two people and a watcher on one game, every move pushed
to the others without a reload; a wrong seat link; a server killed with ``kill -9`` and
started again on the same database, the pages reconnecting and the game going on."""

from __future__ import annotations

import os
import re
import signal
import subprocess
import sys
import tempfile
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.browser.conftest import free_port, start_game
from tests.browser.test_play import attacks, click_cell, view, wait_for

pytestmark = pytest.mark.filterwarnings("ignore::DeprecationWarning")


def links(driver: Any) -> tuple[dict[int, str], str]:
    """The seats' links (by player) and the watch link the page shows."""
    from selenium.webdriver.common.by import By

    wait_for(driver, "document.querySelector('[data-watch-link]')")
    seats = {
        int(str(a.get_attribute("data-seat-link"))): str(a.get_attribute("href"))
        for a in driver.find_elements(By.CSS_SELECTOR, "[data-seat-link]")
    }
    watch = driver.find_element(By.CSS_SELECTOR, "[data-watch-link]").get_attribute("href")
    return seats, str(watch)


def ply(driver: Any) -> int:
    return int(
        driver.execute_script("return Number(document.querySelector('[data-ply]').dataset.ply)")
    )


def wait_ply(driver: Any, n: int, seconds: float = 60) -> None:
    wait_for(driver, f"document.querySelector('[data-ply]')?.dataset.ply === '{n}'", seconds)


def play_turn(driver: Any) -> None:
    """One attack by clicking (when there is one), then pass with the move button."""
    from selenium.webdriver.common.by import By

    wait_for(driver, "window.lazytree.view && !window.lazytree.view.thinking")
    before = ply(driver)
    found = attacks(view(driver)["board"])
    if found:
        src, dst = found[0]
        click_cell(driver, src)
        click_cell(driver, dst)
        wait_ply(driver, before + 1)
        before += 1
    wait_for(driver, "document.querySelector('[data-move=pass]')")
    driver.find_element(By.CSS_SELECTOR, "[data-move=pass]").click()
    wait_for(driver, f"Number(document.querySelector('[data-ply]').dataset.ply) > {before}")


def forged_move(driver: Any, sid: str, move: str) -> str:
    """A move sent over a WebSocket of this page's origin without a seat: the error."""
    answer: str = driver.execute_async_script(
        """
        const [sid, move, done] = arguments;
        const ws = new WebSocket(`ws://${location.host}/ws/${sid}`);
        ws.onopen = () => {
          ws.send(JSON.stringify({hello: {ply: 0}}));
          ws.send(JSON.stringify({move}));
        };
        ws.onmessage = (e) => {
          const m = JSON.parse(e.data);
          if (m.type === "error") { ws.close(); done(m.error); }
        };
        """,
        sid,
        move,
    )
    return answer


def test_two_people_and_a_watcher_in_their_own_browsers(
    driver: Any, browsers: Any, live_server: str
) -> None:
    from selenium.webdriver.common.by import By

    start_game(driver, f"{live_server}/play?game=dice-of-doom&size=5&seed=1&seats=human,human")
    seats, watch = links(driver)
    assert sorted(seats) == [0, 1] and seats[0] != seats[1]
    sid = view(driver)["id"]
    assert watch.endswith(f"/play?session={sid}")
    token = seats[1].split("&seat=", 1)[1]
    assert len(token) >= 32  # 24 random bytes
    other, watcher = browsers(), browsers()
    driver.get(seats[0])
    other.get(seats[1])
    watcher.get(watch)
    for page in (driver, other, watcher):
        wait_for(page, "window.lazytree.ready")
    assert "You play" in driver.find_element(By.CSS_SELECTOR, "[data-role=who]").text
    assert "watching" in watcher.find_element(By.CSS_SELECTOR, "[data-role=who]").text
    # player 0 attacks and passes: both other pages follow without a reload
    marker = other.execute_script("return window.performance.timeOrigin")
    play_turn(driver)
    n = ply(driver)
    wait_ply(other, n, 20)
    wait_ply(watcher, n, 20)
    assert other.execute_script("return window.performance.timeOrigin") == marker  # no reload
    # player 1 moves with a move button; the watcher never has one, and cannot move
    wait_for(other, "document.querySelector('[data-move]')")
    assert not watcher.find_elements(By.CSS_SELECTOR, "[data-move]")
    assert not driver.find_elements(By.CSS_SELECTOR, "[data-move]")  # not its turn
    assert forged_move(watcher, sid, "pass") == "a watcher cannot move"
    other.find_elements(By.CSS_SELECTOR, "[data-move]")[0].click()
    wait_ply(driver, n + 1, 20)
    wait_ply(watcher, n + 1, 20)
    # the watcher steps back through the game (the replay bar) and returns to it
    watcher.find_element(By.CSS_SELECTOR, "[data-action=replay-prev]").click()
    # (until the position of that move arrives the bar still says "move N of N")
    text = wait_for(
        watcher,
        "((t) => (t.startsWith('replay:') ? t : null))("
        "document.querySelector('[data-role=replay-text]').textContent)",
    )
    assert text.startswith(f"replay: move {n} of {n + 1}")
    watcher.find_element(By.CSS_SELECTOR, "[data-action=replay-live]").click()
    wait_for(watcher, "document.querySelector('[data-action=replay-live]').hidden")
    # the lobby lists the game in progress, without a seat's token
    watcher.get(f"{live_server}/lobby")
    entry = watcher.find_element(By.CSS_SELECTOR, f'[data-list=playing] [data-game-id="{sid}"]')
    assert "watch" in entry.text and token not in watcher.page_source
    # a wrong seat link opens no seat
    watcher.get(f"{live_server}/play?session={sid}&seat=forged-forged-forged-forged-forged")
    error = wait_for(watcher, "document.querySelector('[data-role=error]:not([hidden])')")
    assert "this seat link is wrong" in error.text


@pytest.fixture
def database() -> Iterator[Path]:
    with tempfile.TemporaryDirectory(prefix="lazytree-together-") as tmp:
        yield Path(tmp) / "games.sqlite"


def start_server(port: int, db: Path) -> subprocess.Popen[str]:
    """``lazytree serve --db FILE`` in a child process, once it answers."""
    env = {**os.environ, "PYTHONPATH": str(Path(__file__).resolve().parents[2])}
    proc = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "lazytree",
            "serve",
            "--no-open",
            "--port",
            str(port),
            "--db",
            str(db),
        ],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env=env,
    )
    assert proc.stdout is not None and proc.stderr is not None
    line = proc.stdout.readline()
    assert re.search(rf"open http://127\.0\.0\.1:{port}/", line), line + proc.stderr.read()
    return proc


def test_a_server_killed_and_restarted_goes_on_for_everyone(
    driver: Any, browsers: Any, database: Path, picture: Any
) -> None:
    """The issue's "done when": Dice of Doom 6x6, two people and two AIs, a watcher;
    kill -9; the same server started again on the same file; the game goes on. The AIs
    search to a node budget rather than a clock, so their moves (and the docs' picture)
    are the same on every run."""
    port = free_port()
    url = f"http://127.0.0.1:{port}"
    server = start_server(port, database)
    try:
        ai = "default:time=none:nodes=3000"
        query = f"game=dice-of-doom&size=6&players=4&seed=3&seats=human,human,{ai},{ai}"
        start_game(driver, f"{url}/play?{query}")
        seats, watch = links(driver)
        assert sorted(seats) == [0, 1]
        second, watcher = browsers(), browsers()
        driver.get(seats[0])
        second.get(seats[1])
        watcher.get(watch)
        pages = (driver, second, watcher)
        for page in pages:
            wait_for(page, "window.lazytree.ready")
        play_turn(driver)
        wait_for(second, "window.lazytree.view.to_move === 1 && !window.lazytree.view.thinking", 30)
        play_turn(second)
        # the two AIs play, then player 0 is to move again on every page
        for page in pages:
            wait_for(
                page, "window.lazytree.view.to_move === 0 && !window.lazytree.view.thinking", 60
            )
        seen = ply(driver)
        assert seen >= 4 and ply(second) == ply(watcher) == seen
        picture(driver, "play-together")

        server.send_signal(signal.SIGKILL)  # kill -9: no shutdown, no goodbye
        server.wait(30)
        for page in pages:
            wait_for(page, "document.querySelector('#app').dataset.connected === 'false'", 30)
        server = start_server(port, database)
        for page in pages:  # the pages reconnect by themselves, nothing lost
            wait_for(page, "document.querySelector('#app').dataset.connected === 'true'", 60)
            assert ply(page) == seen
        with urllib.request.urlopen(f"{url}/lobby") as r:
            assert view(driver)["id"] in r.read().decode()
        play_turn(driver)  # the game goes on, for all three
        after = ply(driver)
        assert after > seen
        for page in (second, watcher):
            wait_for(
                page, f"Number(document.querySelector('[data-ply]').dataset.ply) >= {after}", 30
            )
    finally:
        server.send_signal(signal.SIGINT)
        try:
            server.communicate(timeout=30)
        except subprocess.TimeoutExpired:
            server.kill()
