"""The wheel and the sdist carry the games: both are built, the wheel is installed with
the example plugins into a fresh virtual environment outside the checkout, and the
installed ``lazytree`` counts a game and lists every game, found through the installed
entry points. About a minute (pip's cache makes repeats faster); run it alone with
``pytest -m wheel``."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import tarfile
import zipfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
SAFETY = 900  # seconds: a net against a hung pip, not a measure of speed


def sh(*args: str | Path, cwd: Path) -> str:
    """Run a command with no PYTHONPATH (nothing from the checkout); its stdout."""
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "VIRTUAL_ENV")}
    done = subprocess.run(
        [str(a) for a in args], cwd=cwd, env=env, capture_output=True, text=True, timeout=SAFETY
    )
    assert done.returncode == 0, f"{args}: {done.stderr[-2000:]}"
    return done.stdout


@pytest.mark.slow
@pytest.mark.wheel
def test_the_wheel_installs_and_finds_its_games(tmp_path: Path) -> None:
    venv = tmp_path / "venv"
    sh(sys.executable, "-m", "venv", venv, cwd=tmp_path)
    py = venv / "bin" / "python"
    sh(py, "-m", "pip", "install", "--quiet", "build", cwd=tmp_path)
    dist = tmp_path / "dist"
    left = ROOT / "lazytree.egg-info"  # building the sdist writes it into the checkout
    had = left.exists()
    sh(py, "-m", "build", "--quiet", "--outdir", dist, ROOT, cwd=tmp_path)
    if not had:
        shutil.rmtree(left, ignore_errors=True)

    (wheel,) = dist.glob("lazytree-*.whl")
    (sdist,) = dist.glob("lazytree-*.tar.gz")
    with zipfile.ZipFile(wheel) as z:
        names = set(z.namelist())
        (points,) = [n for n in names if n.endswith(".dist-info/entry_points.txt")]
        declared = z.read(points).decode()
    for game in ("tictactoe", "checkers", "knights", "tree_game", "dice_of_doom/rules"):
        assert f"lazytree/games/{game}.py" in names
    assert "[lazytree.games]" in declared and "tictactoe = " in declared
    # the front end's built bundles (esbuild's, committed) and style sheets
    for built in ("explorer/static/explorer.js", "static/boards.js", "server/static/app.js"):
        assert f"lazytree/{built}" in names
    assert {"lazytree/explorer/static/explorer.css", "lazytree/static/boards.css"} <= names
    # the benchmarks run from a checkout only
    assert not [n for n in names if n.startswith(("benchmarks/", "lazytree/bench"))]
    with tarfile.open(sdist) as t:
        assert any(n.endswith("/games/tictactoe.py") for n in t.getnames())

    # the example plugins, copied so their builds stay out of the checkout
    examples = [shutil.copytree(p, tmp_path / p.name) for p in (ROOT / "examples").iterdir()]
    # the command is the cli extra (the library alone has no typer nor rich)
    sh(py, "-m", "pip", "install", "--quiet", f"{wheel}[cli]", *examples, cwd=tmp_path)
    lazytree = venv / "bin" / "lazytree"
    counted = json.loads(sh(lazytree, "count", "tictactoe", "--json", cwd=tmp_path))
    assert counted["nodes"] == 549_946
    listed = json.loads(sh(lazytree, "games", "--json", cwd=tmp_path))
    origins = {g["name"]: g["origin"] for g in listed["games"]}
    assert origins == {
        "checkers": "lazytree 0.1.0",
        "dice-of-doom": "lazytree 0.1.0",
        "knights": "lazytree 0.1.0",
        "tictactoe": "lazytree 0.1.0",
        "tree": "lazytree 0.1.0",
        "nim": "lazytree-nim 0.1.0",
        "connect-four": "lazytree-connect-four 0.1.0",
    }
    assert listed["broken"] == []
    assert (
        json.loads(sh(lazytree, "count", "nim", "--heaps", "1 2", "--json", cwd=tmp_path))["nodes"]
        == 12
    )


@pytest.mark.slow
@pytest.mark.wheel
def test_a_checkout_without_the_link_builds_a_wheel_with_the_games(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Where git does not make links (Windows), ``lazytree/games`` is a plain file: the
    wheel takes the games from ``games/`` through the package-dir mapping all the same.
    (Built without the compiled core: which files go in does not depend on it, and the
    test above builds the compiled wheel.)"""
    monkeypatch.setenv("LAZYTREE_PURE", "1")
    plain = tmp_path / "plain"
    tracked = sh("git", "ls-files", cwd=ROOT).splitlines()
    for name in tracked:
        source, target = ROOT / name, plain / name
        target.parent.mkdir(parents=True, exist_ok=True)
        if source.is_symlink():
            target.write_text(os.readlink(source))  # what such a checkout holds
        else:
            shutil.copyfile(source, target)
    assert (plain / "lazytree" / "games").is_file()
    dist = tmp_path / "dist"
    sh(
        sys.executable,
        "-m",
        "pip",
        "wheel",
        "--quiet",
        "--no-deps",
        "-w",
        dist,
        plain,
        cwd=tmp_path,
    )
    (wheel,) = dist.glob("lazytree-*.whl")
    with zipfile.ZipFile(wheel) as z:
        names = set(z.namelist())
    for game in ("tictactoe", "checkers", "knights", "tree_game", "dice_of_doom/rules"):
        assert f"lazytree/games/{game}.py" in names
