"""The front end's bundles are built from the current front-end sources.

The code the pages share (``lazytree/static/boards.js``: the board renderer), the
explorer (``lazytree/explorer/static/explorer.js``, also the Jupyter widget's), the play
page (``lazytree/server/static/app.js``) and its Web Worker in the static site
(``worker.js``) are built by esbuild from ``frontend/src`` (``make
bundle``) and committed, so the package installs and runs without Node.js. This test
builds them again into a temporary folder with the pinned esbuild (``node_modules``,
installed by ``npm ci``) and checks the committed files are the same, byte for byte.
Without Node.js or ``node_modules`` it is skipped, except under CI, where that is a
failure.
"""

from __future__ import annotations

import os
import shutil
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
STATIC = ROOT / "lazytree" / "explorer" / "static"
BUNDLES = {
    "explorer.js": STATIC / "explorer.js",
    "app.js": ROOT / "lazytree" / "server" / "static" / "app.js",
    "worker.js": ROOT / "lazytree" / "server" / "static" / "worker.js",
    "boards.js": ROOT / "lazytree" / "static" / "boards.js",
}


def build_into(out: Path) -> None:
    node = shutil.which("node")
    esbuild = ROOT / "node_modules" / "esbuild"
    if node is None or not esbuild.is_dir():
        message = "node or node_modules is missing (npm ci installs the front end's packages)"
        if os.environ.get("CI"):
            pytest.fail(message)
        pytest.skip(message)
    result = subprocess.run(
        [node, str(ROOT / "frontend" / "build.mjs"), str(out)],
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert result.returncode == 0, result.stderr


def test_the_committed_bundles_are_built_from_the_current_sources(tmp_path: Path) -> None:
    build_into(tmp_path)
    assert sorted(p.name for p in tmp_path.iterdir()) == sorted(BUNDLES)
    for name, committed in BUNDLES.items():
        fresh = (tmp_path / name).read_bytes()
        assert fresh == committed.read_bytes(), (
            f"{committed.relative_to(ROOT)} is not built from the current frontend/src: "
            "run `make bundle`"
        )


def test_the_bundles_import_nothing() -> None:
    code = {name: path.read_text(encoding="utf-8") for name, path in BUNDLES.items()}
    for text in code.values():
        assert "\nimport " not in text and "require(" not in text
        assert "\nexport " not in text  # plain scripts (the worker's too)


def test_no_code_is_in_two_bundles() -> None:
    """The play page and the explorer read the shared code (the board renderer) from
    ``boards.js``'s global instead of carrying a copy of it."""
    code = {name: path.read_text(encoding="utf-8") for name, path in BUNDLES.items()}
    shared = "var lazytreeBoards = "
    assert code["boards.js"].count(shared) == 1
    for page in ("explorer.js", "app.js"):
        assert shared not in code[page] and "} = lazytreeBoards;" in code[page]
        assert "class Board extends BoardCells" not in code[page]
        assert "class WorkerService" not in code[page]
