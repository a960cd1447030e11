"""``lazytree serve``: play in the browser. :func:`create_app` (Starlette, the ``server`` extra) is
loaded when first asked for, so :mod:`~lazytree.server.views` and :mod:`~lazytree.server.local`
import without a web framework (the browser's Pyodide worker)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from lazytree.server.app import create_app

__all__ = ["create_app"]


def __getattr__(name: str) -> Any:
    if name == "create_app":
        from lazytree.server.app import create_app

        return create_app
    raise AttributeError(f"module 'lazytree.server' has no attribute {name!r}")
