"""The explorer's bundles are built from the current front-end sources.

``lazytree/explorer/static/explorer.js`` and ``explorer-widget.js`` are built by esbuild
from ``frontend/src`` and the board renderer ``lazytree/static/boards.js`` it imports
(``make bundle``) and committed, so the package installs and runs
without Node.js. This test builds them again into a temporary folder with the pinned
esbuild (``node_modules``, installed by ``npm ci``) and checks the committed files are
the same, byte for byte. Without Node.js or ``node_modules`` it is skipped, except under
CI, where that is a failure.
"""

from __future__ import annotations

import os
import shutil
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
STATIC = ROOT / "lazytree" / "explorer" / "static"
BUNDLES = ("explorer.js", "explorer-widget.js")


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
    for name in BUNDLES:
        fresh = (tmp_path / name).read_bytes()
        assert fresh == (STATIC / name).read_bytes(), (
            f"{name} is not built from the current frontend/src and lazytree/static/boards.js: "
            "run `make bundle`"
        )


def test_the_bundles_import_nothing() -> None:
    page = (STATIC / "explorer.js").read_text(encoding="utf-8")
    widget = (STATIC / "explorer-widget.js").read_text(encoding="utf-8")
    for code in (page, widget):
        assert "\nimport " not in code and "require(" not in code
    assert "\nexport " not in page  # the page's bundle is a plain script
