"""The play page's first draw of a big board and its redraws after a move, this working
tree's ``app.js`` against a git revision's, in one process:
``PYTHONPATH=. python -m tests.browser.bench_first_draw --sizes 40 100 --runs 5``.

What is measured is what a person meets: the play page of a new Dice of Doom game
(``seats=human,human``), its board drawn by the renderer bundled into
``lazytree/server/static/app.js``, from an update's arrival on the live connection (a
``bench:data`` mark made before the page's handler, so before its JSON is parsed, the same
in any version of the page) to the next ``lazytree:board-drawn`` mark (the frame showing
the board painted): the first draw, the redraw after an attack (a click on a territory,
then on a target) and after the pass that ends the turn (a button: every territory's
marks change, and the reinforcements change many labels). Each figure is split into the
parse (to the page's ``draw-hex`` measure), the page's synchronous work (that measure:
the state, the board drawn, the side panel) and the rest (the frame painted).

Two servers run the same app in this process; one serves ``app.js`` as committed at
``--baseline`` (default ``87e5d12``, before partial redraws looked cells up in an index and
gave way to a whole draw when many cells changed) instead of the working tree's. Nothing
else differs: the same page, style sheets, server and data. This process sets the
server's cap of cells (``MAX_CELLS``) to the largest size measured for its own two apps.
A baseline older than the packed moves of the live updates (``6eb9cf8``) cannot play the
second move of this run: compare against a later one (``--baseline HEAD`` for the
figures alone).

Runs alternate between the two (which goes first alternates too), each in a fresh
headless Chromium at 1400x1000 (``--phone``: a 390x844 phone, touch and a pixel ratio of
3) on a first visit, nothing cached or compiled yet; each run's figures, the medians and
the ratios (baseline / now) are printed, or written as JSON with ``--json FILE`` (``-``:
standard output, the rest going to standard error). ``--profile`` also records CPU
profiles of this tree's draws of the largest size (Chrome DevTools' ``Profiler`` domain)
and prints the functions taking the most time under the connection's message handler.
Figures depend on the machine and its load: compare the ratios, and note the load
(``uptime``) beside them.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import time
from collections.abc import Awaitable, Callable, MutableMapping
from pathlib import Path
from typing import Any
from unittest import mock

ROOT = Path(__file__).resolve().parents[2]
BASELINE = "87e5d12"
APP_JS = "lazytree/server/static/app.js"
WINDOW = (1400, 1000)
PHONE = (390, 844)
"""The phone ``--phone`` emulates (a touch screen, device pixel ratio 3)."""

Scope = MutableMapping[str, Any]
Message = MutableMapping[str, Any]
Receive = Callable[[], Awaitable[Message]]
Send = Callable[[Message], Awaitable[None]]
ASGI = Callable[[Scope, Receive, Send], Any]


def app_js_at(revision: str) -> str:
    """The play page's bundle as committed at ``revision``."""
    return subprocess.run(
        ["git", "show", f"{revision}:{APP_JS}"],
        cwd=ROOT,
        check=True,
        capture_output=True,
        text=True,
    ).stdout


def serving_app_js(app: ASGI, script: str) -> ASGI:
    """``app``, but ``/static/app.js`` answers ``script``."""
    body = script.encode()

    async def wrapped(scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] == "http" and scope.get("path") == "/static/app.js":
            headers = [
                (b"content-type", b"text/javascript; charset=utf-8"),
                (b"content-length", str(len(body)).encode()),
            ]
            await send({"type": "http.response.start", "status": 200, "headers": headers})
            await send({"type": "http.response.body", "body": body})
            return
        await app(scope, receive, send)

    return wrapped


ARRIVAL = """
(() => {
  const Socket = window.WebSocket;
  window.WebSocket = class extends Socket {
    constructor(...args) {
      super(...args);
      this.addEventListener("message", (e) => {
        if (typeof e.data === "string" && e.data.startsWith('{"type":"update"'))
          performance.mark("bench:data");
      });
    }
  };
})();
"""
"""Installed in every page before its own scripts: marks ``bench:data`` when an update
arrives, before the page's handler (and so before its JSON is parsed), the same in any
version of the page (the page's own ``lazytree:board-data`` mark moved)."""

DRAW_AFTER_DATA = """
const data = performance.getEntriesByName('bench:data').at(arguments[0]);
if (!data) return null;
const drawn = performance.getEntriesByName('lazytree:board-drawn')
  .find((m) => m.startTime >= data.startTime);
const work = performance.getEntriesByName('draw-hex')
  .find((m) => m.startTime >= data.startTime);
if (!drawn || !work) return null;
return [drawn.startTime - data.startTime, work.startTime - data.startTime, work.duration];
"""
"""The time from the ``arguments[0]``-th update's arrival to the board-drawn mark after it,
and how it divides: the time to parse the update (to the page's ``draw-hex`` measure),
the page's synchronous work on it (that measure: the state, the board drawn, the panel);
the rest is the browser's (the frame painted)."""


def wait_value(driver: Any, script: str, *args: Any, seconds: float = 120) -> Any:
    deadline = time.monotonic() + seconds
    while True:
        value = driver.execute_script(script, *args)
        if value:
            return value
        if time.monotonic() > deadline:
            raise SystemExit(f"the page never answered: {script[:80]}")
        time.sleep(0.02)


Split = tuple[float, float, float]


def draw_time(driver: Any, which: int) -> Split:
    """The time (ms) from the ``which``-th update's arrival to the board-drawn after it,
    the parse and the page's work in it."""
    total, parse, work = wait_value(driver, f"return (() => {{{DRAW_AFTER_DATA}}})()", which)
    return float(total), float(parse), float(work)


def game_url(url: str, size: int) -> str:
    return f"{url}/play?game=dice-of-doom&size={size}&seed=1&seats=human,human"


def browser(phone: bool) -> Any:
    """A fresh headless Chromium: 1400x1000, or a phone."""
    from tests.browser.conftest import headless_chromium

    return headless_chromium(PHONE, phone=True) if phone else headless_chromium(WINDOW)


def one_run(url: str, size: int, phone: bool = False) -> tuple[Split, Split, Split]:
    """The first draw, the redraw after an attack and after the pass that ends the turn
    (ms, with their parts) of a new game in a fresh browser."""
    from selenium.webdriver.common.by import By

    from tests.browser.conftest import start_game
    from tests.browser.test_play import click_cell

    with browser(phone) as driver:
        driver.execute_cdp_cmd("Page.addScriptToEvaluateOnNewDocument", {"source": ARRIVAL})
        start_game(driver, game_url(url, size))
        first = draw_time(driver, 0)
        board = driver.execute_script("return window.lazytree.view.board")
        attacks = [m["path"] for m in board["moves"] if len(m["path"]) == 2]
        src, dst = attacks[len(attacks) // 2]
        click_cell(driver, src)
        click_cell(driver, dst)
        wait_value(driver, "return window.lazytree.view.moves_made === 1")
        redraw = draw_time(driver, -1)
        passes = driver.execute_script(
            "return window.lazytree.view.board.moves.filter((m) => !m.path.length)"
            ".map((m) => m.move)"
        )
        driver.find_element(By.CSS_SELECTOR, f'#moves [data-move="{passes[0]}"]').click()
        wait_value(driver, "return window.lazytree.view.moves_made === 2")
        passed = draw_time(driver, -1)
        return first, redraw, passed


def profile(
    url: str, size: int, phone: bool = False, top: int = 10
) -> dict[str, list[tuple[str, float]]]:
    """Where a first draw of ``size`` and the redraw after an attack and after a pass spend
    their time: CPU profiles (DevTools' ``Profiler``) of a new game's page, reduced to the
    samples under the live connection's message handler (the update parsed, the state,
    the board drawn, the panel): each function's self time (ms), the largest first."""
    from selenium.webdriver.common.by import By

    from tests.browser.test_play import click_cell

    def record(driver: Any, act: Callable[[], None], ready: str) -> list[tuple[str, float]]:
        driver.execute_cdp_cmd("Profiler.enable", {})
        driver.execute_cdp_cmd("Profiler.setSamplingInterval", {"interval": 100})
        driver.execute_cdp_cmd("Profiler.start", {})
        act()
        wait_value(driver, ready)
        time.sleep(0.2)  # the frame painted
        result = driver.execute_cdp_cmd("Profiler.stop", {})["profile"]
        return hot_functions(result, top)

    profiles: dict[str, list[tuple[str, float]]] = {}
    with browser(phone) as driver:
        driver.get(game_url(url, size))
        button = driver.find_element(By.CSS_SELECTOR, "[data-action=confirm]")
        profiles["first draw"] = record(
            driver,
            button.click,
            "return window.lazytree && window.lazytree.ready === true",
        )
        board = driver.execute_script("return window.lazytree.view.board")
        attacks = [m["path"] for m in board["moves"] if len(m["path"]) == 2]
        src, dst = attacks[len(attacks) // 2]
        click_cell(driver, src)

        profiles["after an attack"] = record(
            driver,
            lambda: click_cell(driver, dst),
            "return window.lazytree.view.moves_made === 1",
        )
        passes = driver.execute_script(
            "return window.lazytree.view.board.moves.filter((m) => !m.path.length)"
            ".map((m) => m.move)"
        )
        pass_button = driver.find_element(By.CSS_SELECTOR, f'#moves [data-move="{passes[0]}"]')
        profiles["after a pass"] = record(
            driver, pass_button.click, "return window.lazytree.view.moves_made === 2"
        )
    return profiles


def hot_functions(result: dict[str, Any], top: int) -> list[tuple[str, float]]:
    """The functions of a CPU profile under a ``...onmessage`` handler, by self time."""
    nodes = {n["id"]: n for n in result["nodes"]}
    parent = {c: n["id"] for n in result["nodes"] for c in n.get("children", ())}

    def under_handler(node: int) -> bool:
        while node in nodes:
            if nodes[node]["callFrame"]["functionName"].endswith("onmessage"):
                return True
            if node not in parent:
                return False
            node = parent[node]
        return False

    spent: dict[str, float] = {}
    for sample, delta in zip(result["samples"], result["timeDeltas"], strict=True):
        if not under_handler(sample):
            continue
        frame = nodes[sample]["callFrame"]
        where = Path(frame["url"]).name or "native"
        name = frame["functionName"] or "(anonymous)"
        key = f"{name} ({where}:{frame['lineNumber'] + 1})"
        spent[key] = spent.get(key, 0.0) + delta / 1000
    return sorted(spent.items(), key=lambda item: -item[1])[:top]


def show(split: Split) -> str:
    total, parse, work = split
    return f"{total:6.1f} ms ({parse:.1f} + {work:.1f} + rest)"


def medians(rows: list[tuple[Split, Split, Split]]) -> dict[str, Any]:
    """The medians of runs' first draws and redraws (and of their parts), and the runs."""
    out: dict[str, Any] = {}
    for which, pick in (("first_draw", 0), ("redraw", 1), ("pass", 2)):
        splits = [row[pick] for row in rows]
        out[f"{which}_ms"] = statistics.median(t for t, _, _ in splits)
        out[f"{which}_parse_ms"] = statistics.median(p for _, p, _ in splits)
        out[f"{which}_work_ms"] = statistics.median(w for _, _, w in splits)
        out[f"{which}_runs"] = [round(t, 1) for t, _, _ in splits]
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").split("\n\n")[0])
    parser.add_argument("--sizes", type=int, nargs="+", default=[40, 100], help="board sizes")
    parser.add_argument("--runs", type=int, default=5, help="runs of each (default 5)")
    parser.add_argument(
        "--baseline", default=BASELINE, help=f"git revision of app.js (default {BASELINE})"
    )
    parser.add_argument("--json", metavar="FILE", help="write the figures as JSON (-: stdout)")
    parser.add_argument(
        "--phone", action="store_true", help="a 390x844 phone (pixel ratio 3), not 1400x1000"
    )
    parser.add_argument(
        "--profile", action="store_true", help="profile the largest size's draws too"
    )
    args = parser.parse_args()

    import lazytree.server.views as server
    from lazytree.server import create_app
    from tests.browser.conftest import serve_app

    old_js = app_js_at(args.baseline)
    names = (f"baseline {args.baseline}", "now")
    runs: dict[int, dict[str, list[tuple[Split, Split, Split]]]] = {
        size: {name: [] for name in names} for size in args.sizes
    }
    out = sys.stderr if args.json == "-" else sys.stdout
    biggest = max(args.sizes)
    with (
        mock.patch.object(server, "MAX_CELLS", biggest * biggest),
        serve_app(serving_app_js(create_app(), old_js)) as old_url,
        serve_app(create_app()) as new_url,
    ):
        for size in args.sizes:
            for run in range(args.runs):
                pairs = list(zip(names, (old_url, new_url), strict=True))
                # who goes first alternates (a browser closing may slow the next one)
                for name, url in pairs if run % 2 == 0 else pairs[::-1]:
                    row = one_run(url, size, args.phone)
                    runs[size][name].append(row)
                    print(
                        f"{size}x{size} run {run + 1} {name:>17s}: first draw {show(row[0])},"
                        f" after an attack {show(row[1])}, after a pass {show(row[2])}",
                        file=out,
                    )
        hot = profile(new_url, biggest, args.phone) if args.profile else {}
    load = os.getloadavg()
    figures: dict[str, Any] = {
        "baseline": args.baseline,
        "runs": args.runs,
        "window": list(PHONE if args.phone else WINDOW),
        "phone": args.phone,
        "load": [round(x, 2) for x in load],
        "sizes": {},
    }
    print(
        f"\nmedians of {args.runs} interleaved runs each (parse + page's work + the rest),"
        f" load {load[0]:.2f}:",
        file=out,
    )
    for size in args.sizes if args.runs else ():
        med = {name: medians(rows) for name, rows in runs[size].items()}
        old, new = med[names[0]], med["now"]
        ratio = {w: old[f"{w}_ms"] / new[f"{w}_ms"] for w in ("first_draw", "redraw", "pass")}
        figures["sizes"][str(size)] = {"baseline": old, "now": new, "baseline_over_now": ratio}
        for name in names:
            m = med[name]
            print(
                f"  {size}x{size} {name:>17s}: first draw {m['first_draw_ms']:6.1f} ms"
                f" ({m['first_draw_parse_ms']:.1f} + {m['first_draw_work_ms']:.1f} + rest),"
                f" after an attack {m['redraw_ms']:5.1f} ms"
                f" ({m['redraw_parse_ms']:.1f} + {m['redraw_work_ms']:.1f} + rest),"
                f" after a pass {m['pass_ms']:5.1f} ms"
                f" ({m['pass_parse_ms']:.1f} + {m['pass_work_ms']:.1f} + rest)",
                file=out,
            )
        print(
            f"  {size}x{size}   baseline / now: first draw x{ratio['first_draw']:.2f},"
            f" after an attack x{ratio['redraw']:.2f}, after a pass x{ratio['pass']:.2f}",
            file=out,
        )
    if hot:
        figures["profile"] = {
            what: [{"function": f, "self_ms": round(ms, 1)} for f, ms in rows]
            for what, rows in hot.items()
        }
    for what, rows in hot.items():
        print(f"\nprofile of a {biggest}x{biggest} {what} (self time):", file=out)
        for function, ms in rows:
            print(f"  {ms:7.1f} ms  {function}", file=out)
    if args.json:
        text = json.dumps(figures, indent=2)
        if args.json == "-":
            print(text)
        else:
            Path(args.json).write_text(text + "\n")


if __name__ == "__main__":
    main()
