"""Doctest collection inside the package: the modules of the compiled core are left out
when they are compiled (pytest would import their ``.py`` beside the extension module
that ``lazytree.tree`` and the others are); the run with ``LAZYTREE_PURE=1`` collects
their doctests."""

from __future__ import annotations

from pathlib import Path

import lazytree
from lazytree._core import COMPILED_MODULES

HERE = Path(__file__).parent

collect_ignore: list[str] = []
if lazytree.core_kind() == "compiled":
    for name in COMPILED_MODULES:
        parts = name.split(".")[1:]
        collect_ignore.append(str(HERE.joinpath(*parts).with_suffix(".py")))
