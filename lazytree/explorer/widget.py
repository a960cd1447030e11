"""The explorer as a Jupyter widget over a live tree: ``TreeExplorer(tree)``.

It needs ``anywidget`` (``pip install 'lazytree[explorer]'``), imported only when the
class is first used, so the rest of the library never depends on it. The widget shows
the same front-end as the HTML page; clicking a move that was generated but never
forced (or "search below this position", or "N moves never generated") sends a request
to the kernel, where :class:`~lazytree.explorer.live.LiveExplorer` forces it, searches
below it, and the widget's ``data`` is replaced by the new model.

In a notebook::

    from lazytree.explorer.widget import TreeExplorer
    TreeExplorer(tree, result=result, depth=2)   # the last line of a cell shows it

Without a browser, the same requests can be made from Python with
:meth:`TreeExplorer.force` (or sent as the front-end does, as a custom message).
"""

from __future__ import annotations

import functools
import json
from typing import Any

from lazytree.explorer.html import boards_script, explorer_css, explorer_script
from lazytree.explorer.live import LiveExplorer

__all__ = ["TreeExplorer", "widget_module"]  # noqa: F822 (TreeExplorer: made on first use)

INSTALL_HINT = (
    "the Jupyter explorer needs anywidget: pip install 'lazytree[explorer]' "
    "(or pip install anywidget)"
)


def widget_module() -> str:
    """The widget's front end: one self-contained ES module whose default export
    anywidget renders, made of the explorer page's scripts (the board renderer, then the
    explorer, which without an ``#explorer`` element starts no page and sets the global
    ``lazytreeExplorerWidget``, ``frontend/src/explorer/widget.ts``) and the line that
    exports it. It imports nothing."""
    return (
        f"{boards_script()}\n{explorer_script()}\n"
        "const widget = globalThis.lazytreeExplorerWidget;\nexport { widget as default };\n"
    )


@functools.cache
def _widget_class() -> type[Any]:
    try:
        import anywidget
        import traitlets
    except ImportError as exc:
        raise ImportError(INSTALL_HINT) from exc

    class TreeExplorer(anywidget.AnyWidget):
        """An explorer of ``source`` (a tree or a node) in a notebook.

        Parameters are those of :class:`~lazytree.explorer.live.LiveExplorer`: the
        ``result`` of the search that built the tree, the ``rater`` and ``depth`` a click
        searches with, ``max_nodes`` per click, a ``title``, and the ``trace`` of a
        traced search (:func:`lazytree.teach.traced_search`) to step through.
        """

        _esm = widget_module()
        _css = explorer_css()
        data = traitlets.Unicode("").tag(sync=True)
        """The explorer model as JSON text (replaced after every force)."""
        status = traitlets.Unicode("").tag(sync=True)
        """One line about the last request (what it forced, or why it failed)."""

        def __init__(self, source: Any, **options: Any) -> None:
            live_options = {
                k: options.pop(k)
                for k in (
                    "result",
                    "rater",
                    "depth",
                    "max_nodes",
                    "max_positions",
                    "title",
                    "trace",
                )
                if k in options
            }
            self.live = LiveExplorer(source, **live_options)
            super().__init__(data=self.live.model.to_json(), **options)
            self.on_msg(self._on_message)

        @property
        def model(self) -> Any:
            """The current :class:`~lazytree.explorer.model.ExplorerModel`."""
            return self.live.model

        def force(self, request: dict[str, Any]) -> dict[str, Any]:
            """Carry out a request as a click would (see
            :meth:`~lazytree.explorer.live.LiveExplorer.force`) and update the page."""
            report = self.live.force(request)
            self.data = self.live.model.to_json()
            stopped = f" (stopped: {report['stopped']} budget)" if report["stopped"] else ""
            self.status = (
                f"forced {report['forced']:,} nodes, generated {report['generated']:,} "
                f"moves{stopped}; {report['positions']:,} positions"
            )
            return report

        def _on_message(self, _widget: Any, content: Any, _buffers: Any) -> None:
            if not isinstance(content, dict) or content.get("type") != "force":
                return
            try:
                self.force(content)
            except ValueError as exc:
                self.status = f"not done: {exc}"

        def __repr__(self) -> str:
            data = self.live.model.data
            return f"TreeExplorer({data['summary']['positions']:,} positions of {data['game']})"

        def summary(self) -> dict[str, Any]:
            """The model's summary (positions, forced, never generated, ...)."""
            return dict(json.loads(self.data)["summary"])

    TreeExplorer.__module__ = __name__
    TreeExplorer.__qualname__ = "TreeExplorer"
    return TreeExplorer


def __getattr__(name: str) -> Any:
    if name == "TreeExplorer":
        return _widget_class()
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
