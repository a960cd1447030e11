"""Build the compiled core: mypyc compiles the hot modules ahead of time.

Everything else about the package (name, dependencies, packages and their directories)
is in ``pyproject.toml``; setuptools reads both. This file only adds the extension
modules of the compiled core:

* the modules in :data:`COMPILED` (``lazytree/_core.py`` lists the same names) are
  compiled by mypyc into extension modules *beside* their ``.py`` sources, which are
  kept: an extension module is found before a source file of the same name, so a normal
  import loads the compiled module, and ``LAZYTREE_PURE=1`` at run time loads the source
  instead (one module name either way);
* the build falls back to pure Python (no extension modules) when ``LAZYTREE_PURE=1``
  is set at build time, when mypyc cannot be imported, or when there is no C compiler.
  A failure of mypyc itself (a type error in a compiled module) stops the build.

The sources are compiled from a staged copy of the package (``build/mypyc-src``) in
which ``games/`` sits at ``lazytree/games``, where it is installed, so mypyc names its
modules ``lazytree.games.*`` whatever the checkout's layout.
"""

from __future__ import annotations

import os
import shutil
import sys
import sysconfig
from pathlib import Path

from setuptools import Extension, setup

ROOT = Path(__file__).resolve().parent
STAGE = Path("build") / "mypyc-src"

COMPILED = (
    "lazytree/tree.py",
    "lazytree/counters.py",
    "lazytree/sources.py",
    "lazytree/rating.py",
    "lazytree/search/budget.py",
    "lazytree/search/core.py",
    "lazytree/games/tictactoe.py",
    "lazytree/games/dice_of_doom/chunks.py",
    "lazytree/games/dice_of_doom/incremental.py",
    "lazytree/games/dice_of_doom/kernel.py",
    "lazytree/games/dice_of_doom/position.py",
    "lazytree/games/dice_of_doom/rules.py",
)
"""The modules of the compiled core, as paths inside the installed package."""


def _note(message: str) -> None:
    print(f"lazytree setup.py: {message}", file=sys.stderr)


def _have_compiler() -> bool:
    """True when the C compiler Python was built with (or ``$CC``) is on the PATH."""
    cc = os.environ.get("CC") or sysconfig.get_config_var("CC") or "cc"
    return shutil.which(cc.split()[0]) is not None


def _stage() -> Path:
    """Copy ``lazytree/`` (and ``games/`` as ``lazytree/games``) to :data:`STAGE`."""
    stage = ROOT / STAGE
    if stage.exists():
        shutil.rmtree(stage)
    ignore = shutil.ignore_patterns("__pycache__", "*.so", "*.pyd", "static")
    shutil.copytree(ROOT / "lazytree", stage / "lazytree", symlinks=False, ignore=ignore)
    games = stage / "lazytree" / "games"
    if (ROOT / "games").is_dir():
        # games/ is the source whatever lazytree/games is: a link (a checkout), a plain
        # file (a link git wrote on Windows) or a stale partial copy (an sdist made with
        # an old SOURCES.txt): the staged copy is always games/ as it is now
        if games.is_dir():
            shutil.rmtree(games)
        else:
            games.unlink(missing_ok=True)
        shutil.copytree(ROOT / "games", games, ignore=ignore)
    return stage


def compiled_core() -> list[Extension]:
    """The extension modules of the compiled core, or none (the pure-Python fallback)."""
    if os.environ.get("LAZYTREE_PURE") == "1":
        _note("LAZYTREE_PURE=1: building the pure Python core")
        return []
    try:
        from mypyc.build import mypycify
    except ImportError:
        _note("mypyc is not installed: building the pure Python core")
        return []
    if not _have_compiler():
        _note("no C compiler found: building the pure Python core")
        return []
    stage = _stage()
    paths = [str((stage / p).relative_to(ROOT)) for p in COMPILED]
    return mypycify(paths, opt_level="3", group_name="lazytree.core")


setup(ext_modules=compiled_core())
