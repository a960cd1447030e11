"""The rules are installed as ``lazytree.games``: a user's own ``games`` package is no clash,
and the checkout's ``games/`` folder cannot be imported a second time as ``games``."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path


def test_runs_from_a_folder_with_its_own_games_package(tmp_path: Path) -> None:
    own = tmp_path / "games"
    own.mkdir()
    (own / "__init__.py").write_text("raise ImportError('the user\\'s own games package')\n")
    done = subprocess.run(
        [sys.executable, "-m", "lazytree", "count", "tree", "--json"],
        cwd=tmp_path,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout)["nodes"] > 1


def test_no_top_level_games_package_is_installed() -> None:
    import lazytree.games

    assert Path(lazytree.games.__file__).parent.name == "games"
    assert lazytree.games.__name__ == "lazytree.games"
    assert "tree" in lazytree.games.GAMES


def test_the_games_folder_refuses_a_second_identity() -> None:
    root = Path(__file__).resolve().parents[1]
    done = subprocess.run(
        [sys.executable, "-c", "import games"],
        cwd=root,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode == 1
    assert "ImportError: this folder is the package lazytree.games: import lazytree.games" in (
        done.stderr
    )
