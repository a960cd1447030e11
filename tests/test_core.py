"""Which core runs: compiled (mypyc extension modules beside the sources) or pure Python,
and ``LAZYTREE_PURE=1`` forcing the pure one (the same tests run on both: ``make test``)."""

from __future__ import annotations

import ast
import importlib.machinery
import os
import subprocess
import sys
from pathlib import Path

from typer.testing import CliRunner

import lazytree
from lazytree._core import COMPILED_MODULES, core_kind
from lazytree.cli import app

ROOT = Path(lazytree.__file__).parent


def _extension_built(name: str) -> bool:
    """True when an extension module for ``name`` sits beside its source."""
    parts = name.split(".")[1:]
    folder = ROOT.joinpath(*parts[:-1])
    return any(
        (folder / (parts[-1] + suffix)).exists()
        for suffix in importlib.machinery.EXTENSION_SUFFIXES
    )


def _expected() -> str:
    if os.environ.get("LAZYTREE_PURE") == "1":
        return "pure"
    return "compiled" if all(map(_extension_built, COMPILED_MODULES)) else "pure"


def test_the_core_loaded_is_the_one_built_unless_pure_is_asked_for() -> None:
    assert core_kind() == lazytree.core_kind() == _expected()
    suffix = ".py" if _expected() == "pure" else tuple(importlib.machinery.EXTENSION_SUFFIXES)
    for name in COMPILED_MODULES:
        file = sys.modules[name].__file__
        assert file is not None
        assert file.endswith(suffix), name


def _run(code: str, **env: str) -> str:
    environ = {k: v for k, v in os.environ.items() if k != "LAZYTREE_PURE"}
    environ["PYTHONPATH"] = os.pathsep.join([str(ROOT.parent), environ.get("PYTHONPATH", "")])
    done = subprocess.run(
        [sys.executable, "-c", code], env={**environ, **env}, capture_output=True, text=True
    )
    assert done.returncode == 0, done.stderr
    return done.stdout.strip()


SHOW = (
    "import sys, lazytree, lazytree.search; from lazytree._core import COMPILED_MODULES;"
    "print(lazytree.core_kind(), *(sys.modules[m].__file__.endswith('.py') "
    "for m in COMPILED_MODULES))"
)


def test_pure_at_run_time_loads_every_module_from_its_source() -> None:
    kind, *sources = _run(SHOW, LAZYTREE_PURE="1").split()
    assert kind == "pure"
    assert sources == ["True"] * len(COMPILED_MODULES)


def test_without_pure_the_built_core_loads() -> None:
    built = all(map(_extension_built, COMPILED_MODULES))
    kind, *sources = _run(SHOW).split()
    assert kind == ("compiled" if built else "pure")
    assert sources == [str(not built)] * len(COMPILED_MODULES)


def test_version_says_which_core() -> None:
    out = CliRunner().invoke(app, ["--version"])
    assert out.exit_code == 0
    core = "compiled core" if core_kind() == "compiled" else "pure Python core"
    assert out.output.strip() == f"lazytree {lazytree.__version__} ({core})"


def test_setup_compiles_the_modules_the_core_lists() -> None:
    setup_py = Path(__file__).parents[1] / "setup.py"
    tree = ast.parse(setup_py.read_text())
    listed = next(
        ast.literal_eval(node.value)
        for node in tree.body
        if isinstance(node, ast.Assign)
        and any(isinstance(t, ast.Name) and t.id == "COMPILED" for t in node.targets)
    )
    assert tuple(p.removesuffix(".py").replace("/", ".") for p in listed) == COMPILED_MODULES


def test_the_makefile_rebuilds_the_core_when_a_compiled_module_changes() -> None:
    """``CORE_SOURCES`` (what ``make`` watches) is ``setup.py`` and the compiled modules'
    sources: a module compiled but not listed would leave a stale core in the tests."""
    makefile = (Path(__file__).parents[1] / "Makefile").read_text()
    start = makefile.index("CORE_SOURCES :=") + len("CORE_SOURCES :=")
    end = makefile.index("\n", start)
    while makefile[end - 1] == "\\":
        end = makefile.index("\n", end + 1)
    sources = makefile[start:end].replace("\\", " ").split()
    modules = [s.removesuffix(".py").replace("/", ".") for s in sources if s != "setup.py"]
    assert sources[0] == "setup.py"
    assert sorted(f"lazytree.{m}" if m.startswith("games.") else m for m in modules) == sorted(
        COMPILED_MODULES
    )


FREED_DEEP = """
import random
from lazytree.games import GAMES, load_game
for name in sorted(GAMES):
    game, state = load_game(name)
    rng = random.Random(0)
    steps = []  # (a position, a move there), the first moves of a game at random
    for _ in range(6):
        moves = list(game.legal_moves(state))
        if not moves:
            break
        move = rng.choice(moves)
        steps.append((state, move))
        state = game.result(state, move)
    for depth in range(40, 60):  # one of them frees a position where the trashcan starts
        for _ in range(20):
            kept, dropped = [], []
            for s, m in steps:
                kept.append(game.result(s, m))  # a neighbour in memory of the next
                held = [game.result(s, m)]  # held by nothing but the nested lists
                for _ in range(depth):
                    held = [held]
                dropped.append(held)
            del dropped, held
            for k, (s, m) in zip(kept, steps):
                assert k == game.result(s, m), (name, depth)
print("ok")
"""


def test_a_state_freed_deep_inside_a_chain_of_deallocations_leaves_the_heap_intact() -> None:
    # Every game's positions freed at the depth where CPython's trashcan defers a
    # deallocation (50 nested ones): a native class marked *acyclic* for mypyc has no
    # collector header, and the trashcan writes into it (round one's tic-tac-toe
    # state: a segmentation fault here). In a child process: a crash must not take the
    # test run with it.
    done = subprocess.run(
        [sys.executable, "-c", FREED_DEEP], capture_output=True, text=True, timeout=600
    )
    assert (done.returncode, done.stdout.strip()) == (0, "ok"), done.stderr[-2000:]
