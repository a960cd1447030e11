"""The optional dependencies: which extra of the package brings which module.

Installing ``lazytree`` brings what the library needs (the game protocol, the tree,
search, the agents and sessions, the exports). The surfaces need more, each from an
extra of ``pyproject.toml``: the ``lazytree`` command (``cli``), the web app
(``server``), plots (``plot``), the arena's and tuning's worker processes (``arena``),
a Dask cluster (``dask``) and the Jupyter widget (``explorer``). A surface that finds
its module missing says which extra to install (:func:`missing_extra`) instead of
showing a traceback.

Examples
--------
>>> missing_extra(ModuleNotFoundError("No module named 'starlette'", name="starlette"))
"this needs the starlette package: pip install 'lazytree[server]'"
>>> missing_extra(ModuleNotFoundError("No module named 'json5'", name="json5")) is None
True
"""

from __future__ import annotations

__all__ = ["EXTRAS", "missing_extra"]

EXTRAS: dict[str, str] = {
    "typer": "cli",
    "rich": "cli",
    "starlette": "server",
    "uvicorn": "server",
    "websockets": "server",
    "platformdirs": "server",
    "matplotlib": "plot",
    "joblib": "arena",
    "distributed": "dask",
    "anywidget": "explorer",
}
"""Top-level module -> the extra of ``pyproject.toml`` that installs it (a test checks
each extra lists its module's distribution)."""


def missing_extra(error: ImportError) -> str | None:
    """The one line that says which extra brings the module ``error`` found missing, or
    ``None`` when that module is no optional dependency of the package."""
    name = (error.name or "").split(".")[0]
    extra = EXTRAS.get(name)
    if extra is None:
        return None
    return f"this needs the {name} package: pip install 'lazytree[{extra}]'"
