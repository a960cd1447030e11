"""The example plugins of ``examples/`` as installed games.

``make`` installs them (``pip install -e examples/NAME``), so they are found through their
``lazytree.games`` entry points like any installed game. Where one is not installed (an
interpreter of another checkout), :func:`example_game` declares the same entry point,
read from the example's own ``pyproject.toml``, with the example's folder on ``sys.path``.
"""

from __future__ import annotations

import sys
import tomllib
from collections.abc import Iterator
from importlib.metadata import EntryPoint
from pathlib import Path

from lazytree.catalog import GAMES, GROUP, Entry

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"


def example_game(folder: str, name: str) -> Iterator[str]:
    """For a fixture: game ``name`` of ``examples/FOLDER`` is in the catalog while it runs."""
    if name in GAMES.names():  # installed
        yield name
        return
    where = EXAMPLES / folder
    declared = tomllib.loads((where / "pyproject.toml").read_text(encoding="utf-8"))
    value = declared["project"]["entry-points"][GROUP][name]
    sys.path.insert(0, str(where))
    GAMES.declare(Entry(name, f"examples/{folder}", value, EntryPoint(name, value, GROUP).load))
    try:
        yield name
    finally:
        GAMES.unregister(name)
        sys.path.remove(str(where))
