"""The play page's first draw of a big board, this renderer against a baseline's, in one
process: ``PYTHONPATH=. python -m tests.browser.bench_first_draw --size 40 --runs 5``.

The baseline is ``lazytree/static/boards.js`` at a git revision (by default ``83b4b02``,
the SVG renderer before the canvas), served by the same server with the same data and
the same ``app.js``; only the board element of ``play.html`` differs (an ``<svg>`` for it,
the ``<canvas>`` for this one). Its ``Board.render`` is given the mark this renderer
makes (``lazytree:board-drawn`` once the frame is painted), so both are measured the same
way: from ``lazytree:board-data`` (the response arrived, before its JSON is parsed) to
that mark, for the first draw and for the redraw after a move (a click on a territory,
then on a target). Runs alternate between the two, each in a fresh headless Chromium (a
first visit, nothing cached or compiled yet); the medians and their ratio are printed.
Figures depend on the machine and its load: compare the ratio, not the milliseconds.
"""

from __future__ import annotations

import argparse
import statistics
import subprocess
import time
from collections.abc import Awaitable, Callable, MutableMapping
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]
CANVAS = '<canvas id="board" data-role="board"></canvas>'
SVG = '<svg id="board" data-role="board" xmlns="http://www.w3.org/2000/svg"></svg>'
BASELINE = "83b4b02"
MARK = """
    if (!this.markPending) {
      this.markPending = true;
      requestAnimationFrame(() => setTimeout(() => {
        this.markPending = false;
        performance.mark("lazytree:board-drawn");
      }, 0));
    }"""
RENDER_END = "this.arrows.innerHTML = arrowsMarkup(this.geo, last.filter((p) => p.length > 1));"

Scope = MutableMapping[str, Any]
Message = MutableMapping[str, Any]
Receive = Callable[[], Awaitable[Message]]
Send = Callable[[Message], Awaitable[None]]
ASGI = Callable[[Scope, Receive, Send], Any]


def baseline_boards_js(revision: str) -> str:
    """``boards.js`` at ``revision``, its ``Board.render`` marking the painted draw."""
    text = subprocess.run(
        ["git", "show", f"{revision}:lazytree/static/boards.js"],
        cwd=ROOT,
        check=True,
        capture_output=True,
        text=True,
    ).stdout
    if RENDER_END not in text:
        raise SystemExit(f"{revision}'s boards.js has no SVG Board.render to measure")
    return text.replace(RENDER_END, RENDER_END + MARK)


def swapped(app: ASGI, boards_js: str) -> ASGI:
    """``app`` serving ``boards_js`` at /lib/boards.js and an <svg> board in /play."""

    async def wrapped(scope: Scope, receive: Receive, send: Send) -> None:
        path = scope.get("path", "")
        if scope["type"] == "http" and path == "/lib/boards.js":
            body = boards_js.encode()
            await send(
                {
                    "type": "http.response.start",
                    "status": 200,
                    "headers": [
                        (b"content-type", b"text/javascript; charset=utf-8"),
                        (b"content-length", str(len(body)).encode()),
                    ],
                }
            )
            await send({"type": "http.response.body", "body": body})
            return
        if scope["type"] == "http" and path == "/play":
            start: dict[str, Any] = {}
            chunks: list[bytes] = []

            async def capture(message: Message) -> None:
                if message["type"] == "http.response.start":
                    start.update(message)
                    return
                chunks.append(message.get("body", b""))
                if message.get("more_body"):
                    return
                body = b"".join(chunks).replace(CANVAS.encode(), SVG.encode())
                headers = [(k, v) for k, v in start["headers"] if k != b"content-length"]
                headers.append((b"content-length", str(len(body)).encode()))
                await send({**start, "headers": headers})
                await send({"type": "http.response.body", "body": body})

            await app(scope, receive, capture)
            return
        await app(scope, receive, send)

    return wrapped


DRAW_AFTER_DATA = """
const data = performance.getEntriesByName('lazytree:board-data').at(arguments[0]);
if (!data) return null;
const drawn = performance.getEntriesByName('lazytree:board-drawn')
  .find((m) => m.startTime >= data.startTime);
return drawn ? drawn.startTime - data.startTime : null;
"""


def wait_value(driver: Any, script: str, *args: Any, seconds: float = 60) -> Any:
    deadline = time.monotonic() + seconds
    while True:
        value = driver.execute_script(script, *args)
        if value:
            return value
        if time.monotonic() > deadline:
            raise SystemExit(f"the page never answered: {script[:80]}")
        time.sleep(0.02)


def click(driver: Any, svg: bool, cell: int) -> None:
    from selenium.webdriver.common.by import By

    from tests.browser.test_play import click_cell

    if svg:
        driver.find_element(By.CSS_SELECTOR, f'[data-territory="{cell}"]').click()
    else:
        click_cell(driver, cell)


def one_run(url: str, svg: bool, size: int) -> tuple[float, float]:
    """First draw and redraw after a move (ms) of a new game in a fresh browser."""
    from tests.browser.conftest import headless_chromium, start_game

    with headless_chromium() as driver:
        start_game(driver, f"{url}/play?game=dice-of-doom&size={size}&seed=1&seats=human,human")
        first = float(wait_value(driver, f"return (() => {{{DRAW_AFTER_DATA}}})()", 0))
        board = driver.execute_script("return window.lazytree.view.board")
        attacks = [m["path"] for m in board["moves"] if len(m["path"]) == 2]
        src, dst = attacks[len(attacks) // 2]
        click(driver, svg, src)
        click(driver, svg, dst)
        wait_value(driver, "return window.lazytree.view.moves_made === 1")
        redraw = float(wait_value(driver, f"return (() => {{{DRAW_AFTER_DATA}}})()", -1))
        return first, redraw


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--size", type=int, default=40, help="board size (default 40)")
    parser.add_argument("--runs", type=int, default=5, help="runs of each (default 5)")
    parser.add_argument("--baseline", default=BASELINE, help="git revision of the SVG boards.js")
    args = parser.parse_args()

    from lazytree.server import create_app
    from tests.browser.conftest import serve_app

    old_js = baseline_boards_js(args.baseline)
    figures: dict[str, list[tuple[float, float]]] = {"svg": [], "canvas": []}
    with serve_app(create_app()) as new_url, serve_app(swapped(create_app(), old_js)) as old_url:
        for run in range(args.runs):
            for name, url in (("svg", old_url), ("canvas", new_url)):
                first, redraw = one_run(url, name == "svg", args.size)
                figures[name].append((first, redraw))
                print(
                    f"run {run + 1} {name:6s}: first draw {first:6.1f} ms, redraw {redraw:6.1f} ms"
                )
    med = {
        name: (statistics.median(f for f, _ in rows), statistics.median(r for _, r in rows))
        for name, rows in figures.items()
    }
    print(
        f"\n{args.size}x{args.size} Dice of Doom, medians of {args.runs} runs each (interleaved):"
    )
    for name, (first, redraw) in med.items():
        print(f"  {name:6s}: first draw {first:6.1f} ms, redraw after a move {redraw:6.1f} ms")
    print(
        f"  svg/canvas: first draw x{med['svg'][0] / med['canvas'][0]:.1f}, "
        f"redraw x{med['svg'][1] / med['canvas'][1]:.1f}"
    )


if __name__ == "__main__":
    main()
