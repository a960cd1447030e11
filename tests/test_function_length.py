"""No function of the package is over 100 lines (the phases of a long one become named
helpers), and no module over 800 (a module that long holds two things)."""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]

MAX_LINES = 100

MAX_MODULE_LINES = 800


def sources(root: Path = ROOT) -> list[Path]:
    """Every Python module of ``lazytree/`` and ``games/`` under ``root``."""
    return sorted([*root.glob("lazytree/**/*.py"), *root.glob("games/**/*.py")])


def long_functions(root: Path = ROOT) -> set[tuple[str, str]]:
    """The (path, name) of every function of ``lazytree/`` and ``games/`` under ``root``
    longer than :data:`MAX_LINES`, from its ``def`` line to its last line."""
    found = set()
    for path in sources(root):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
                assert node.end_lineno is not None
                if node.end_lineno - node.lineno + 1 > MAX_LINES:
                    found.add((path.relative_to(root).as_posix(), node.name))
    return found


def test_no_function_is_over_100_lines() -> None:
    assert long_functions() == set()


def long_modules(root: Path = ROOT) -> set[str]:
    """The path of every module of ``lazytree/`` and ``games/`` under ``root`` longer
    than :data:`MAX_MODULE_LINES`."""
    return {
        path.relative_to(root).as_posix()
        for path in sources(root)
        if len(path.read_text(encoding="utf-8").splitlines()) > MAX_MODULE_LINES
    }


def test_no_module_is_over_800_lines() -> None:
    assert long_modules() == set()


def test_a_long_module_is_found(tmp_path: Path) -> None:
    (tmp_path / "lazytree").mkdir()
    (tmp_path / "lazytree" / "short.py").write_text("x = 1\n" * MAX_MODULE_LINES)
    (tmp_path / "lazytree" / "long.py").write_text("x = 1\n" * (MAX_MODULE_LINES + 1))
    assert long_modules(tmp_path) == {"lazytree/long.py"}
