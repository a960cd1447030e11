"""No module of lazytree or its games imports another inside a function, except where
that import is deliberately lazy (listed here with the reason). An import placed in a
function to dodge an import cycle hides the cycle from import-linter's contracts."""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

LAZY = {
    ("lazytree/cli/framework.py", "lazytree.games"): (
        "Dice of Doom's module is loaded only when --dicewars is given: the command imports no "
        "game's rules until it uses them, as the catalog does"
    ),
    ("lazytree/server/__init__.py", "lazytree.server"): (
        "create_app (Starlette: the server extra) is loaded when asked for, so the views and "
        "the browser's game service (lazytree.server.local) import without a web framework"
    ),
    ("lazytree/__main__.py", "lazytree.cli"): (
        "the command (typer and rich: the cli extra) is imported when it runs, so a missing "
        "extra is one line, not a traceback"
    ),
    ("lazytree/cli/serve.py", "lazytree.server"): (
        "the server (Starlette, uvicorn) is imported when `serve` runs: `serve --help` stays quick"
    ),
    ("benchmarks/serve.py", "lazytree.server"): (
        "`lazytree bench` imports this module; the server only when its benchmark runs"
    ),
    ("games/builtin.py", "lazytree.games"): (
        "reading a built-in game's spec imports no rules: each set-up imports its game when it runs"
    ),
}
"""(file, package) -> why that file imports modules of that package inside functions."""


def own_module(name: str) -> bool:
    return name.split(".")[0] in ("lazytree", "games")


def imports_in_functions(path: Path) -> list[tuple[int, str]]:
    """``(line, module)`` of each import of a lazytree or games module made inside a
    function of ``path`` (imports under ``if TYPE_CHECKING:`` are not run)."""
    found: list[tuple[int, str]] = []

    def walk(node: ast.AST, in_function: bool) -> None:
        for child in ast.iter_child_nodes(node):
            if isinstance(child, ast.If) and "TYPE_CHECKING" in ast.unparse(child.test):
                continue
            if in_function and isinstance(child, ast.ImportFrom) and child.level == 0:
                if child.module and own_module(child.module):
                    found.append((child.lineno, child.module))
            elif in_function and isinstance(child, ast.Import):
                found.extend((child.lineno, a.name) for a in child.names if own_module(a.name))
            inside = in_function or isinstance(child, ast.FunctionDef | ast.AsyncFunctionDef)
            walk(child, inside)

    walk(ast.parse(path.read_text(encoding="utf-8")), False)
    return found


def sources() -> list[Path]:
    return sorted(
        p
        for base in ("lazytree", "games", "benchmarks")
        for p in (ROOT / base).rglob("*.py")
        if "static" not in p.parts and not p.is_symlink()
    )


def test_the_walker_finds_an_import_in_a_function(tmp_path: Path) -> None:
    source = tmp_path / "m.py"
    source.write_text(
        "from typing import TYPE_CHECKING\n"
        "if TYPE_CHECKING:\n    from lazytree.tree import Node\n"
        "import lazytree.game\n"
        "def f():\n    import json\n    from lazytree.search import core\n"
        "class C:\n    def g(self):\n        import games.nim\n",
        encoding="utf-8",
    )
    assert imports_in_functions(source) == [(7, "lazytree.search"), (10, "games.nim")]


def test_no_import_inside_a_function_but_the_deliberately_lazy_ones() -> None:
    unlisted = []
    used = set()
    for path in sources():
        name = path.relative_to(ROOT).as_posix()
        for line, module in imports_in_functions(path):
            key = next((k for k in LAZY if k[0] == name and module.startswith(k[1])), None)
            if key is None:
                unlisted.append(f"{name}:{line}: {module}")
            else:
                used.add(key)
    assert not unlisted, (
        "imports inside functions (make them top-level imports, or list them in LAZY "
        f"with the reason): {unlisted}"
    )
    assert used == set(LAZY), f"LAZY lists imports that are gone: {set(LAZY) - used}"
