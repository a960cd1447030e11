"""The static site (``make site``, ``frontend/site.py``): the play page against the AI,
Python running in the browser's Web Worker (Pyodide), served by a plain static server on
127.0.0.1 to a Chromium whose network is shut off (every request to another host goes to
a dead proxy and fails): a Dice of Doom game is played to its end, the explorer of the
AI's last search opened and the lecture tree's search stepped through (both served by
the worker), and every request the browser made is one of the site's own files. A warm
load restores Python from the snapshot the first load kept, and a corrupt snapshot is
replaced by a fresh start.

The first AI move's time after a cold load (a fresh profile) and after a warm one (the
same browser, reloaded) is written to ``build/site-timings.json`` and printed; it is a
measurement, not a test (see docs/how-to/zero-install.md for the figures).
"""

from __future__ import annotations

import functools
import http.server
import importlib.util
import json
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from types import ModuleType
from typing import Any
from urllib.parse import parse_qsl

import pytest

from lazytree.explorer.query import explore_tree
from tests.browser.conftest import free_port, headless_chromium

ROOT = Path(__file__).resolve().parents[2]
TIMINGS = ROOT / "build" / "site-timings.json"

pytestmark = pytest.mark.slow


def site_builder() -> ModuleType:
    """``frontend/site.py`` as a module."""
    spec = importlib.util.spec_from_file_location("site_builder", ROOT / "frontend" / "site.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    builder = site_builder()
    if not builder.PYODIDE.is_dir():
        pytest.skip("node_modules/pyodide is missing (npm ci installs it)")
    out = tmp_path_factory.mktemp("site")
    builder.build(out)
    return out


ISOLATED = {
    "Cross-Origin-Opener-Policy": "same-origin",
    "Cross-Origin-Embedder-Policy": "require-corp",
}
"""The headers that make a page cross-origin isolated (it may then share memory with its
worker: the interrupt buffer of Stop)."""


class Served:
    """A static server of ``folder`` on 127.0.0.1, recording every path asked for, sending
    ``headers`` with every answer."""

    def __init__(self, folder: Path, headers: dict[str, str] | None = None) -> None:
        self.paths: list[str] = []
        paths = self.paths

        class Handler(http.server.SimpleHTTPRequestHandler):
            def log_message(self, format: str, *args: Any) -> None:
                paths.append(self.path)

            def end_headers(self) -> None:
                for name, value in (headers or {}).items():
                    self.send_header(name, value)
                super().end_headers()

        handler = functools.partial(Handler, directory=str(folder))
        self.server = http.server.ThreadingHTTPServer(("127.0.0.1", free_port()), handler)
        self.url = f"http://127.0.0.1:{self.server.server_address[1]}"
        threading.Thread(target=self.server.serve_forever, daemon=True).start()

    def close(self) -> None:
        self.server.shutdown()
        self.server.server_close()


@pytest.fixture
def served(site: Path) -> Iterator[Served]:
    server = Served(site)
    yield server
    server.close()


@pytest.fixture
def offline() -> Iterator[Any]:
    """A headless Chromium that reaches nothing but 127.0.0.1: every other request goes
    to a proxy on a port where nothing listens (Chromium never proxies loopback)."""
    dead = f"http://127.0.0.1:{free_port()}"
    with headless_chromium((1400, 1000), extra=(f"--proxy-server={dead}",)) as browser:
        yield browser


def view(driver: Any) -> dict[str, Any] | None:
    got: dict[str, Any] | None = driver.execute_script(
        "return window.lazytree && window.lazytree.ready ? window.lazytree.view : null"
    )
    return got


def moves_made(driver: Any) -> int:
    return int((view(driver) or {}).get("moves_made", 0))


def wait_for(driver: Any, what: str, test: Any, seconds: float = 120) -> Any:
    """Poll ``test(driver)`` until it is true; fail with the page's state otherwise."""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        got = test(driver)
        if got:
            return got
        time.sleep(0.1)
    status = driver.execute_script("return document.querySelector('#connection').textContent")
    pytest.fail(f"waited {seconds:g} s for {what}; the page says {status!r}")


def first_ai_move(driver: Any, url: str) -> float:
    """Open ``url`` (the AI plays first) and return the seconds from the navigation's
    start to the AI's first move shown."""
    driver.get(url)
    wait_for(driver, "the AI's first move", lambda d: moves_made(d) >= 1)
    ms: float = driver.execute_script("return performance.now()")  # (since navigation)
    return ms / 1000


def play_to_the_end(driver: Any) -> dict[str, Any]:
    """Play the human's first legal move, typed in the move box, until the game ends."""
    from selenium.webdriver.common.by import By

    played = 0
    while True:
        now = wait_for(
            driver,
            "the human's turn or the end",
            lambda d: (
                (v := view(d)) is not None
                and not v["thinking"]
                and (v["over"] or v["seats"][v["to_move"]]["kind"] == "human")
                and v
            ),
        )
        if now["over"]:
            over: dict[str, Any] = now
            return over
        move = now["board"]["moves"][0]["move"]
        box = driver.find_element(By.ID, "move-input")
        box.clear()
        box.send_keys(move + "\n")
        made: int = now["moves_made"]
        wait_for(driver, f"move {move}", lambda d, made=made: moves_made(d) > made)
        played += 1
        assert played < 200, "the game does not end"


def severe(driver: Any) -> list[Any]:
    """The page's errors in the browser's log (a script or a file that failed, a policy
    that refused something)."""
    return [e for e in driver.get_log("browser") if e["level"] == "SEVERE"]


def explore_last_search(driver: Any) -> str:
    """Click "explore its last search" on the play page; the explorer's title, read in
    the window it opens (the play page's window is current again after)."""
    from selenium.webdriver.common.by import By

    play = driver.current_window_handle
    driver.find_element(By.CSS_SELECTOR, "[data-action=explore]").click()
    wait_for(driver, "the explorer's window", lambda d: len(d.window_handles) > 1)
    (opened,) = [w for w in driver.window_handles if w != play]
    driver.switch_to.window(opened)
    wait_for(driver, "the explorer", lambda d: d.find_elements(By.CSS_SELECTOR, "[data-node]"))
    title: str = driver.title
    assert driver.current_url.startswith("blob:"), driver.current_url
    assert not severe(driver)
    driver.close()
    driver.switch_to.window(play)
    return title


def step_through(driver: Any, url: str) -> str:
    """Open the explorer page ``url`` of the site (the worker searches it) and take the
    first step of its trace; the step's text."""
    from selenium.webdriver.common.by import By

    driver.get(url)
    wait_for(driver, "the explorer", lambda d: d.find_elements(By.CSS_SELECTOR, "[data-node]"))
    driver.find_element(By.CSS_SELECTOR, '[data-action="replay"]').click()
    text: str = driver.find_element(By.CSS_SELECTOR, "[data-replay-text]").text
    return text


def test_the_site_plays_a_whole_game_against_the_ai_offline(
    served: Served, offline: Any, site: Path
) -> None:
    url = f"{served.url}/play.html?game=dice-of-doom&size=3&seed=5&seats=ai,human&ai=0.5"
    cold = first_ai_move(offline, url)
    end = play_to_the_end(offline)
    assert end["over"] and end["winners"]
    assert end["moves_made"] >= 2 and len(offline.find_elements("css selector", "#log li")) > 0
    # the explorer of the AI's last search, made by the worker, in a window of its own
    assert explore_last_search(offline).startswith("the AI's last move: ")
    # the lecture tree's alpha-beta, step by step (the site's own link)
    builder = site_builder()
    lecture = builder.EXPLORE_LINKS["the lecture tree, step by step"]
    step = step_through(offline, f"{served.url}/explore.html?{lecture}")
    assert step.startswith("step 1 of 73: enter root (MAX)"), step
    # a warm load: the same browser, its cache filled
    warm = first_ai_move(offline, url)
    # nothing but the site's own files was asked for, and nothing failed to load
    files = {p.relative_to(site).as_posix() for p in site.rglob("*") if p.is_file()}
    asked = {p.split("?")[0].lstrip("/") for p in served.paths}
    assert asked <= files, asked - files
    assert {"play.html", "worker.js", "explore.html", "pyodide/pyodide.asm.wasm"} <= asked
    assert not severe(offline)
    TIMINGS.parent.mkdir(exist_ok=True)
    figures = {"first_ai_move_cold_s": round(cold, 2), "first_ai_move_warm_s": round(warm, 2)}
    TIMINGS.write_text(json.dumps(figures), encoding="utf-8")
    print(f"static site: the first AI move {cold:.1f} s after a cold load, {warm:.1f} s warm")


def test_stop_interrupts_the_search_where_the_page_is_isolated(site: Path, offline: Any) -> None:
    from selenium.webdriver.common.by import By

    server = Served(site, ISOLATED)
    try:
        url = f"{server.url}/play.html?game=dice-of-doom&size=4&seed=3&seats=ai,human&ai=60"
        offline.get(url)
        wait_for(offline, "the AI thinking", lambda d: (view(d) or {}).get("can_stop"))
        assert offline.execute_script("return crossOriginIsolated") is True
        offline.find_element(By.CSS_SELECTOR, "[data-action=stop]").click()
        # (its clock is a minute: the move comes from Stop)
        wait_for(offline, "the stopped move", lambda d: moves_made(d) >= 1, seconds=50)
        assert view(offline)["last_search"]["stopped"] == "stop"  # type: ignore[index]
        assert "(stopped by you)" in offline.find_element(By.ID, "progress").text
        assert not severe(offline)
    finally:
        server.close()


def test_the_new_game_form_opens_the_game_in_the_site(served: Served, offline: Any) -> None:
    from selenium.webdriver.common.by import By

    offline.get(f"{served.url}/index.html")
    # the form page fills the cache with what the game's page loads (Pyodide, the wheel)
    fetched = [e.get_attribute("href") for e in offline.find_elements(By.CSS_SELECTOR, "link")]
    assert f"{served.url}/pyodide/pyodide.asm.wasm" in fetched
    form = offline.find_element(By.ID, "newgame-form")
    assert form.get_attribute("method") == "get" and form.get_attribute("action").endswith(
        "/play.html"
    )
    offline.find_element(By.CSS_SELECTOR, "[data-action=start]").click()
    wait_for(offline, "the game's page", lambda d: view(d) is not None)
    assert offline.current_url.startswith(f"{served.url}/play.html?game=")
    assert view(offline)["game"] == "dice-of-doom"  # type: ignore[index]


def test_a_link_the_game_refuses_says_why_on_the_page(served: Served, offline: Any) -> None:
    offline.get(f"{served.url}/play.html?game=dice-of-doom&size=3&seats=human,../../etc")
    status = wait_for(
        offline,
        "the refusal",
        lambda d: "could not start" in (text := d.find_element("id", "connection").text) and text,
    )
    assert "seat 1" in status
    assert view(offline) is None


def test_the_explorer_page_searches_and_forces_in_the_worker(served: Served, offline: Any) -> None:
    from selenium.webdriver.common.by import By

    offline.get(f"{served.url}/index.html")
    link = offline.find_element(By.PARTIAL_LINK_TEXT, "an AI's search")
    assert link.get_attribute("href").startswith(f"{served.url}/explore.html?game=dice-of-doom")
    query = link.get_attribute("href").split("?", 1)[1]
    link.click()
    wait_for(offline, "the explorer", lambda d: d.find_elements(By.CSS_SELECTOR, "[data-node]"))
    # the same search here: the position at the end of its best line, searched below
    data = explore_tree(dict(parse_qsl(query))).model.data
    positions = data["summary"]["positions"]
    summary = offline.find_element(By.CSS_SELECTOR, "[data-summary]")
    assert summary.text.startswith(f"{positions} positions"), summary.text
    offline.find_element(By.CSS_SELECTOR, f'[data-node="{data["pv"][-1]}"]').click()
    offline.find_element(By.CSS_SELECTOR, '[data-action="force-here"]').click()
    wait_for(offline, "the forced nodes", lambda d: f"{positions} positions" not in summary.text)
    status = offline.find_element(By.CSS_SELECTOR, "[data-matches]").text
    assert status.startswith("forced "), status
    assert not severe(offline)


def test_the_practice_page_checks_an_answer_offline(served: Served, offline: Any) -> None:
    from selenium.webdriver.common.by import By
    from selenium.webdriver.common.keys import Keys

    from lazytree.explorer.practice import practice_tree
    from tests.explorer.test_practice import textbook_leaves

    builder = site_builder()
    seed = int(builder.PRACTICE[builder.PRACTICE.index("--seed") + 1])
    value, _ = textbook_leaves(practice_tree(3, 3, (0, 9), seed=seed))
    offline.get(f"{served.url}/play.html?game=tictactoe")
    offline.find_element(By.CSS_SELECTOR, "a[href='practice.html']").click()
    box = wait_for(
        offline, "the exercise", lambda d: d.find_elements(By.CSS_SELECTOR, "[data-answer]")
    )
    box[0].click()
    box[0].send_keys(str(int(value)), Keys.ENTER)
    verdict = offline.find_element(By.CSS_SELECTOR, "[data-verdict]")
    explanation = offline.find_element(By.CSS_SELECTOR, "[data-explanation]").text
    assert f"The root's value is {int(value)}: right." in explanation, explanation
    assert verdict.get_attribute("data-result") in ("right", "wrong")  # (no leaf marked)


def worker_marks(driver: Any) -> list[tuple[str, float]]:
    """The stages of the page's worker's start (its ``lazytree:worker-*`` marks), each
    with the seconds from the navigation to its end."""
    marks: list[list[Any]] = driver.execute_script(
        "return performance.getEntriesByType('mark')"
        ".filter(m => m.name.startsWith('lazytree:worker-'))"
        ".map(m => [m.name.slice(16), m.startTime / 1000])"
    )
    return [(str(name), float(at)) for name, at in marks]


def worker_stages(driver: Any) -> list[str]:
    """The names of the stages of the page's worker's start (:func:`worker_marks`)."""
    return [name for name, _ in worker_marks(driver)]


def snapshots(driver: Any) -> list[str]:
    """The addresses of the Python snapshots the site keeps in the browser's cache."""
    keys: list[str] = driver.execute_async_script(
        "const done = arguments[arguments.length - 1];"
        "caches.open('lazytree-pyodide-snapshot').then(c => c.keys())"
        ".then(ks => done(ks.map(k => k.url)), () => done([]));"
    )
    return keys


def test_a_warm_load_restores_python_from_its_snapshot_and_a_bad_one_is_replaced(
    served: Served, offline: Any, site: Path
) -> None:
    url = f"{served.url}/play.html?game=dice-of-doom&size=3&seed=5&seats=ai,human&ai=0.5"
    first_ai_move(offline, url)
    assert worker_stages(offline)[:2] == ["no-snapshot", "pyodide-started"]
    (key,) = wait_for(offline, "the snapshot kept", snapshots)
    version = json.loads((site / "pyodide" / "package.json").read_text(encoding="utf-8"))
    assert f"pyodide={version['version']}&" in key and "lazytree-" in key, key
    # the same page again: Python restored, the game played as before
    first_ai_move(offline, url)
    assert worker_stages(offline) == ["snapshot-read", "snapshot-restored", "service-opened"]
    # a snapshot that does not restore: Python starts afresh and keeps a good one
    offline.execute_async_script(
        "const done = arguments[arguments.length - 1];"
        "caches.open('lazytree-pyodide-snapshot')"
        ".then(c => c.put(arguments[0], new Response(new Uint8Array(4096).fill(7))))"
        ".then(() => done(), () => done());",
        key,
    )
    first_ai_move(offline, url)
    stages = worker_stages(offline)
    assert stages[:3] == ["snapshot-read", "snapshot-failed", "pyodide-started"], stages
    assert moves_made(offline) >= 1 and not severe(offline)
    first_ai_move(offline, url)
    assert worker_stages(offline)[:2] == ["snapshot-read", "snapshot-restored"]
