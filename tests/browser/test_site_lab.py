"""The static site's notebooks (``make site``: ``lab/``, ``frontend/lab.py``): every notebook
of ``notebooks/`` run in JupyterLite, its Python kernel on the site's own Pyodide, served
by a plain static server on 127.0.0.1 to a Chromium whose network is shut off (every
request to another host goes to a dead proxy and fails), with no error output in any
cell; and every request the browser made is one of the site's own files.
"""

from __future__ import annotations

import json
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.browser.test_site import Served, offline, site, site_builder  # noqa: F401

pytestmark = pytest.mark.slow

NOTEBOOKS = sorted(
    p.name for p in (Path(__file__).resolve().parents[2] / "notebooks").glob("*.ipynb")
)

RUN_ALL = """
const app = window.jupyterapp;
const panel = app && app.shell.currentWidget;
if (!panel || !panel.sessionContext) return "no notebook yet";
if (window.__lazytreeRun) return "started";
await panel.sessionContext.ready;
const kernel = panel.sessionContext.session && panel.sessionContext.session.kernel;
if (!kernel) return "no kernel yet";
window.__lazytreeRun = {done: false};
app.commands.execute("notebook:run-all-cells").then(
  (ok) => { window.__lazytreeRun = {done: true, ok: ok}; },
  (err) => { window.__lazytreeRun = {done: true, ok: false, error: String(err)}; },
);
return "started";
"""
"""Start running every cell of the open notebook once its kernel is there."""

CELLS = """
const panel = window.jupyterapp.shell.currentWidget;
const out = [];
for (const cell of panel.content.model.cells) {
  if (cell.type !== "code") continue;
  out.push({count: cell.executionCount, outputs: cell.outputs.toJSON(),
            source: cell.sharedModel.getSource().slice(0, 80)});
}
return JSON.stringify({kernel: panel.sessionContext.kernelDisplayName, cells: out});
"""
"""The open notebook's code cells: execution count, outputs, the first line of source."""


@pytest.fixture
def served(site: Path) -> Iterator[Served]:  # noqa: F811
    server = Served(site)
    yield server
    server.close()


def poll(driver: Any, what: str, script: str, seconds: float) -> Any:
    deadline = time.monotonic() + seconds
    got: Any = None
    while time.monotonic() < deadline:
        got = driver.execute_script(script)
        if got:
            return got
        time.sleep(0.5)
    pytest.fail(f"waited {seconds:g} s for {what}; last {got!r}")


def run_notebook(driver: Any, url: str) -> dict[str, Any]:
    """Open the notebook at ``url``, run all its cells, and return its cells."""
    driver.set_script_timeout(120)
    driver.get(url)
    deadline = time.monotonic() + 300
    while (
        state := driver.execute_async_script(
            "const done = arguments[arguments.length - 1];"
            f"(async () => {{ {RUN_ALL} }})().then(done, (e) => done('error: ' + e));"
        )
    ) != "started":
        assert not str(state).startswith("error"), state
        assert time.monotonic() < deadline, f"the notebook never got a kernel: {state}"
        time.sleep(1)
    run = poll(
        driver,
        "the notebook's cells to run",
        "return window.__lazytreeRun.done && window.__lazytreeRun",
        900,
    )
    cells: dict[str, Any] = json.loads(driver.execute_script(CELLS))
    cells["run"] = run
    return cells


def problems(cells: dict[str, Any]) -> list[str]:
    """What went wrong in a run notebook: error outputs, text on stderr, cells not run."""
    found = []
    for cell in cells["cells"]:
        for out in cell["outputs"]:
            if out["output_type"] == "error":
                found.append(f"{cell['source']!r}: {out['ename']}: {out['evalue']}")
            elif out["output_type"] == "stream" and out.get("name") == "stderr":
                found.append(f"{cell['source']!r}: stderr: {''.join(out['text'])[:300]}")
        if cell["count"] is None:
            found.append(f"{cell['source']!r}: not run")
    return found


@pytest.mark.parametrize("name", NOTEBOOKS)
def test_the_notebook_runs_in_jupyterlite_offline(
    name: str,
    served: Served,
    offline: Any,  # noqa: F811
    site: Path,  # noqa: F811
) -> None:
    cells = run_notebook(offline, f"{served.url}/lab/notebooks/index.html?path={name}")
    assert not problems(cells), problems(cells)
    assert cells["run"]["ok"] is True, cells["run"]
    assert "Pyodide" in cells["kernel"], cells["kernel"]
    shown = [o for c in cells["cells"] for o in c["outputs"]]
    assert shown, "the notebook showed nothing"
    # the drawings (or the plots): lazytree's own SVG, Graphviz and matplotlib being absent
    drawings = [o for o in shown if "image/svg+xml" in o.get("data", {})]
    assert drawings, "no picture: the SVG fallbacks are shown where dot or matplotlib is missing"
    if any("application/vnd.jupyter.widget-view+json" in o.get("data", {}) for o in shown):
        # the explorer widget's front end (anywidget) drew the tree in the page
        poll(offline, "the explorer widget", "return document.querySelector('.lt-explorer')", 60)
    # nothing but the site's own files was asked for
    files = {p.relative_to(site).as_posix() for p in site.rglob("*") if p.is_file()}
    asked = {p.split("?")[0].lstrip("/") for p in served.paths}
    asked = {a + "index.html" if a.endswith("/") or not a else a for a in asked}
    assert asked <= files, asked - files
    assert "pyodide/pyodide.asm.wasm" in asked and "wheels/pyodide-lock.json" in asked


def test_the_site_links_the_notebooks(served: Served, offline: Any) -> None:  # noqa: F811
    from selenium.webdriver.common.by import By

    offline.get(f"{served.url}/index.html")
    link = offline.find_element(By.PARTIAL_LINK_TEXT, "the notebooks")
    assert link.get_attribute("href") == f"{served.url}/{site_builder().LAB_LINK}"
    link.click()
    poll(
        offline,
        "the notebooks' list",
        "return [...document.querySelectorAll('.jp-DirListing-itemText')]"
        ".map((e) => e.textContent).join(' ')",
        120,
    )
    listed = offline.execute_script(
        "return [...document.querySelectorAll('.jp-DirListing-itemText')].map((e) => e.textContent)"
    )
    assert set(NOTEBOOKS) <= set(listed), listed
