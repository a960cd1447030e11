"""The optional dependencies: each surface's extra, and the one line the command says
when the extra it needs is missing."""

from __future__ import annotations

import os
import re
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest

from lazytree.extras import EXTRAS, missing_extra

ROOT = Path(__file__).resolve().parent.parent
PROJECT = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]


def names(requirements: list[str]) -> set[str]:
    return {re.split(r"[<>=\[ ;]", r, maxsplit=1)[0].lower() for r in requirements}


def test_each_optional_module_is_in_the_extra_named_for_it_and_not_required() -> None:
    extras = PROJECT["optional-dependencies"]
    required = names(PROJECT["dependencies"])
    for module, extra in EXTRAS.items():
        assert module in names(extras[extra]), (module, extra)
        assert module not in required
    (everything,) = extras["all"]  # "lazytree[cli,server,...]": every surface's extra
    assert set(everything.removeprefix("lazytree[").removesuffix("]").split(",")) == set(
        EXTRAS.values()
    )
    assert "lazytree[all]" in extras["dev"]


def test_the_library_imports_with_only_its_own_dependencies() -> None:
    """Every module of the library but the surfaces that need an extra imports with
    the optional modules all missing (blocked in a fresh interpreter)."""
    blocked = ", ".join(repr(m) for m in EXTRAS)
    code = f"""
import sys
for name in ({blocked},):
    sys.modules[name] = None
import lazytree, lazytree.session, lazytree.export, lazytree.explorer.html, lazytree.teach
import lazytree.server.local  # the browser worker's game service: no web framework
from lazytree.catalog import load_game
from lazytree.session import Session
seats = ["default:time=none:rater=alphabeta:depth=2"] * 2
s = Session("dice-of-doom", {{"size": 2, "seed": 1}}, seats=seats)
while not s.is_over:
    for _ in s.ai_turn():
        pass
print("ok", load_game("checkers")[0] is not None)
"""
    done = subprocess.run(
        [sys.executable, "-c", code],
        capture_output=True,
        text=True,
        cwd=ROOT,
        env={**os.environ, "PYTHONPATH": str(ROOT)},
        timeout=120,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.split() == ["ok", "True"]


@pytest.mark.parametrize(
    ("blocked", "argv", "extra"),
    [
        ("typer", ["play", "dice-of-doom"], "cli"),
        ("starlette", ["serve", "--no-open", "--port", "0"], "server"),
    ],
)
def test_the_command_says_which_extra_it_misses_in_one_line(
    blocked: str, argv: list[str], extra: str
) -> None:
    code = (
        f"import sys; sys.modules[{blocked!r}] = None; sys.argv = ['lazytree', *{argv!r}]\n"
        "from lazytree.__main__ import main\nmain()\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", code],
        capture_output=True,
        text=True,
        cwd=ROOT,
        env={**os.environ, "PYTHONPATH": str(ROOT)},
        stdin=subprocess.DEVNULL,
        timeout=60,
        check=False,
    )
    assert done.returncode == 2
    assert done.stderr == (
        f"lazytree: this needs the {blocked} package: pip install 'lazytree[{extra}]'\n"
    )


def test_a_missing_module_that_is_no_extra_is_not_explained_away() -> None:
    assert missing_extra(ModuleNotFoundError("No module named 'lazytree.nope'", name="x")) is None
