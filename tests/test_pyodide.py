"""The library in Pyodide (CPython compiled to WebAssembly, the npm package ``pyodide``,
run by Node.js): the pure wheel imports where ``time.thread_time`` and ``resource`` are
missing, its clocks and memory reading degrade, and a whole game is played between
clocked AIs, as in the static site's worker. Skipped without Node.js or
``node_modules/pyodide`` (a failure under CI)."""

from __future__ import annotations

import importlib.util
import json
import os
import shutil
import subprocess
from pathlib import Path
from types import ModuleType

import pytest

ROOT = Path(__file__).resolve().parent.parent

pytestmark = pytest.mark.slow

SCRIPT = """
import { readFileSync } from "node:fs";
import { loadPyodide } from "PYODIDE";

const pyodide = await loadPyodide();
const wheel = readFileSync(process.argv[2]);
pyodide.unpackArchive(new Uint8Array(wheel.buffer, wheel.byteOffset, wheel.length), "wheel");
console.log(pyodide.runPython(`
import json, sys, time
facts = {"thread_time": hasattr(time, "thread_time")}
try:
    import resource
    facts["resource"] = True
except ImportError:
    facts["resource"] = False
import lazytree
from lazytree.search.stopping import CPU_CLOCK, memory_in_use
from lazytree.session import Session
facts.update(clock=CPU_CLOCK, memory=memory_in_use(), version=sys.version_info[:2])
seats = ["default:time=0.2:clock=cpu:memory=1000000"] * 2
game = Session("dice-of-doom", {"size": 3, "seed": 6}, seats=seats)
for _ in range(200):
    if game.is_over:
        break
    for _ in game.ai_turn():
        pass
facts.update(over=game.is_over, winners=list(game.winners()), moves=len(game.history))
facts["loaded"] = sorted({m.split(".")[0] for m in sys.modules} & {"starlette", "typer", "rich"})
json.dumps(facts)
`));
"""


def site_builder() -> ModuleType:
    spec = importlib.util.spec_from_file_location("site_builder", ROOT / "frontend" / "site.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_the_pure_wheel_plays_a_whole_game_in_pyodide(tmp_path: Path) -> None:
    node = shutil.which("node")
    if node is None or not (ROOT / "node_modules" / "pyodide").is_dir():
        message = "node or node_modules/pyodide is missing (npm ci installs it)"
        if os.environ.get("CI"):
            pytest.fail(message)
        pytest.skip(message)
    wheel = site_builder().build_wheel(tmp_path / "wheels")
    script = tmp_path / "play.mjs"
    runtime = (ROOT / "node_modules" / "pyodide" / "pyodide.mjs").as_uri()
    script.write_text(SCRIPT.replace("PYODIDE", runtime), encoding="utf-8")
    done = subprocess.run(
        [node, str(script), str(wheel)], capture_output=True, text=True, timeout=600, check=False
    )
    assert done.returncode == 0, done.stderr[-3000:]
    facts = json.loads(done.stdout.strip().splitlines()[-1])
    # what Pyodide lacks, and how the library does without it
    assert (facts["thread_time"], facts["resource"]) == (False, False)
    assert (facts["clock"], facts["memory"]) == ("process_time", None)
    assert facts["version"] >= [3, 12]
    assert facts["over"] and facts["winners"] and facts["moves"] > 2
    assert facts["loaded"] == []  # no surface's dependency was needed
