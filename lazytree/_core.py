"""Which core runs: the compiled one (mypyc extension modules) or the pure Python one.

The modules of :data:`COMPILED_MODULES` may be installed twice over: the ``.py`` source
and, built by ``setup.py``, an extension module of the same name beside it, which
Python's import system finds first. With ``LAZYTREE_PURE=1`` in the environment when
``lazytree`` is first imported, :func:`select_core` puts a finder in front that loads
those modules from their ``.py`` sources instead. Either way each module has one name
(``lazytree.tree`` is the compiled or the pure module, never both in one process), so
the rest of the package and the tests do not know which core they run on.

The compiled modules call each other natively and form one unit: either all of them
are compiled or none is (:func:`core_kind` checks).
"""

from __future__ import annotations

import importlib.abc
import importlib.machinery
import importlib.util
import os
import sys
from collections.abc import Sequence
from types import ModuleType
from typing import Any, Literal

__all__ = [
    "COMPILED_MODULES",
    "PURE_ENV",
    "CoreKind",
    "compiled_available",
    "core_kind",
    "mypyc_attr",
    "select_core",
]

try:
    from mypy_extensions import mypyc_attr
except ImportError:  # mypy is not installed: the pure core does not need the hint

    def mypyc_attr(*attrs: str, **kwattrs: object) -> Any:  # type: ignore[misc]
        """What ``mypy_extensions.mypyc_attr`` is without mypy: nothing."""
        return lambda cls: cls


CoreKind = Literal["compiled", "pure"]

PURE_ENV = "LAZYTREE_PURE"
"""The environment variable that, set to ``1``, forces the pure Python core."""

COMPILED_MODULES = (
    "lazytree.tree",
    "lazytree.counters",
    "lazytree.sources",
    "lazytree.rating",
    "lazytree.search.budget",
    "lazytree.search.core",
    "lazytree.games.tictactoe",
    "lazytree.games.dice_of_doom.chunks",
    "lazytree.games.dice_of_doom.incremental",
    "lazytree.games.dice_of_doom.kernel",
    "lazytree.games.dice_of_doom.position",
    "lazytree.games.dice_of_doom.rules",
)
"""The modules ``setup.py`` compiles (its ``COMPILED`` lists the same, as paths)."""


class _SourceFirst(importlib.abc.MetaPathFinder):
    """Finds the modules of the compiled core in their ``.py`` sources, skipping any
    extension module of the same name."""

    def find_spec(
        self,
        fullname: str,
        path: Sequence[str] | None,
        target: ModuleType | None = None,
    ) -> importlib.machinery.ModuleSpec | None:
        if fullname not in COMPILED_MODULES:
            return None
        base = fullname.rpartition(".")[2] + ".py"
        for entry in sys.path if path is None else path:
            source = os.path.join(entry, base)
            if os.path.isfile(source):
                return importlib.util.spec_from_file_location(fullname, source)
        return None


def select_core() -> None:
    """Load the pure modules when ``LAZYTREE_PURE=1``: done when this module is first
    imported, which ``lazytree/__init__.py`` does before importing any of them."""
    if os.environ.get(PURE_ENV) == "1" and not any(
        isinstance(f, _SourceFirst) for f in sys.meta_path
    ):
        sys.meta_path.insert(0, _SourceFirst())


select_core()


def _is_compiled(name: str) -> bool:
    module = sys.modules.get(name)
    if module is None:
        module = importlib.import_module(name)
    spec = module.__spec__
    return spec is not None and isinstance(spec.loader, importlib.machinery.ExtensionFileLoader)


def core_kind() -> CoreKind:
    """``"compiled"`` when the core's modules are mypyc extension modules, ``"pure"``
    when they are Python sources. ``RuntimeError`` for a mixture (a partial build).

    >>> core_kind() in ("compiled", "pure")
    True
    """
    compiled = [_is_compiled(name) for name in COMPILED_MODULES]
    if all(compiled):
        return "compiled"
    if not any(compiled):
        return "pure"
    mixed = [n for n, c in zip(COMPILED_MODULES, compiled, strict=True) if c]
    raise RuntimeError(f"only part of the core is compiled ({', '.join(mixed)}): rebuild it")


def compiled_available() -> bool:
    """True when every module of the core has a compiled extension module installed
    (whether or not this process loaded it: ``LAZYTREE_PURE=1`` may have skipped it)."""
    for name in COMPILED_MODULES:
        parent, _, _ = name.rpartition(".")
        path = importlib.import_module(parent).__path__
        spec = importlib.machinery.PathFinder.find_spec(name, path)
        if spec is None or not isinstance(spec.loader, importlib.machinery.ExtensionFileLoader):
            return False
    return True
