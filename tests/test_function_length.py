"""No function of the package is over 100 lines: the phases of a long one become named
helpers."""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]

MAX_LINES = 100


def long_functions(root: Path = ROOT) -> set[tuple[str, str]]:
    """The (path, name) of every function of ``lazytree/`` and ``games/`` under ``root``
    longer than :data:`MAX_LINES`, from its ``def`` line to its last line."""
    found = set()
    for path in sorted([*root.glob("lazytree/**/*.py"), *root.glob("games/**/*.py")]):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
                assert node.end_lineno is not None
                if node.end_lineno - node.lineno + 1 > MAX_LINES:
                    found.add((path.relative_to(root).as_posix(), node.name))
    return found


def test_no_function_is_over_100_lines() -> None:
    assert long_functions() == set()
