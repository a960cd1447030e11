"""MkDocs hooks of the lazytree site (``hooks:`` in mkdocs.yml): what is generated from
the code at build time, so it cannot go stale.

* ``reference/commands.md``: the help of every command, walked from the Typer app
  (:mod:`lazytree.cli.helptext`) and rendered as an 80-column terminal shows it.
* ``assets/javascripts/iframe-worker-shim.js``: the theme's Web Worker shim for pages
  opened as files (``extra.polyfills`` in mkdocs.yml), copied from the npm package
  ``iframe-worker`` (``package.json``; ``make docs`` installs it), so the site searches
  from disk without asking the network for it.
* ``<!-- quote PATH NAME -->`` on a line of its own: replaced by the source of the
  function, class, method or assignment ``NAME`` (``Edge.child``) of the file ``PATH``,
  found with :mod:`ast`; the build fails when ``NAME`` is no longer there.
"""

from __future__ import annotations

import ast
import re
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
SHIM = ROOT / "node_modules" / "iframe-worker" / "shim" / "index.js"
SHIM_URL = "assets/javascripts/iframe-worker-shim.js"
QUOTE = re.compile(r"^<!-- quote (\S+) (\S+) -->$", re.M)


def _definition(tree: ast.Module, name: str) -> ast.stmt:
    """The statement defining the dotted ``name`` (``Class.method``) in ``tree``."""
    body: list[ast.stmt] = tree.body
    found: ast.stmt | None = None
    for part in name.split("."):
        found = None
        for stmt in body:
            names: list[str] = []
            if isinstance(stmt, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef):
                names = [stmt.name]
            elif isinstance(stmt, ast.Assign):
                names = [t.id for t in stmt.targets if isinstance(t, ast.Name)]
            elif isinstance(stmt, ast.AnnAssign) and isinstance(stmt.target, ast.Name):
                names = [stmt.target.id]
            if part in names:
                found = stmt  # the last definition wins (a property's setter, ...)
                if isinstance(stmt, ast.FunctionDef) and stmt.decorator_list:
                    if any(
                        isinstance(d, ast.Attribute) and d.attr == "setter"
                        for d in stmt.decorator_list
                    ):
                        continue
                    break
        if found is None:
            raise KeyError(name)
        body = getattr(found, "body", [])
    assert found is not None
    return found


def quote(path: str, name: str) -> str:
    """The source lines of ``name`` in ``path`` (decorators included), as a fenced block."""
    source = (ROOT / path).read_text(encoding="utf-8")
    try:
        stmt = _definition(ast.parse(source), name)
    except KeyError:
        raise ValueError(f"docs: {path} has no {name} to quote") from None
    first = min([stmt.lineno] + [d.lineno for d in getattr(stmt, "decorator_list", [])])
    lines = source.splitlines()[first - 1 : stmt.end_lineno]
    indent = min(len(line) - len(line.lstrip()) for line in lines if line.strip())
    text = "\n".join(line[indent:] for line in lines)
    return f'```python title="{path}: {name}"\n{text}\n```'


def commands_page() -> str:
    """The command reference: every command's ``--help`` at 80 columns."""
    from lazytree.cli.common import GameCommands
    from lazytree.cli.helptext import help_text, walk
    from lazytree.games import GAMES

    out = [
        "# Commands",
        "",
        "Generated when the site is built, from the command line itself: each block is",
        "what `lazytree ... --help` prints in an 80-column terminal. The conventions",
        "every command shares (budgets, exit codes, errors) are in",
        "[Command-line conventions](cli.md).",
        "",
        "Every action takes the game as a sub-command and the game's own options first:",
        "`lazytree ACTION GAME [game options] [action options]`. Below, each action shows",
        "its Dice of Doom command in full; the other built-in games take the same action",
        "options after their own (folded blocks).",
        "",
    ]
    builtin = {name for name in GAMES if GAMES.origin(name).startswith("lazytree ")}
    walked = dict(walk())
    for path in walked:
        depth = len(path)
        if depth == 1:
            out += ["## `lazytree`", "", "```text", help_text(path).rstrip(), "```", ""]
            continue
        name = " ".join(path)
        parent = walked[path[:-1]] if depth == 3 else None
        per_game = isinstance(parent, GameCommands) and path[-1] in GAMES
        game = path[-1] if per_game else None
        if game is not None and game not in builtin:
            continue  # an installed plugin: not part of lazytree's reference
        if depth == 2:
            out += [f"## `{name}`", "", "```text", help_text(path).rstrip(), "```", ""]
        elif game is None or game == "dice-of-doom":
            out += [f"### `{name}`", "", "```text", help_text(path).rstrip(), "```", ""]
        else:
            body = help_text(path).rstrip().replace("\n", "\n    ")
            out += [f'??? note "`{name}`"', "", "    ```text", f"    {body}", "    ```", ""]
    return "\n".join(out)


def on_files(files: Any, config: Any) -> Any:
    from mkdocs.structure.files import File

    files.append(File.generated(config, "reference/commands.md", content=commands_page()))
    if not SHIM.is_file():
        raise SystemExit(f"{SHIM.relative_to(ROOT)} is missing: run `npm ci` (make docs does)")
    files.append(File.generated(config, SHIM_URL, abs_src_path=str(SHIM)))
    return files


def on_page_markdown(markdown: str, page: Any, config: Any, files: Any) -> str:
    return QUOTE.sub(lambda m: quote(m.group(1), m.group(2)), markdown)
