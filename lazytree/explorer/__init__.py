"""See a search: the explored part of a lazy tree in the browser, in notebooks, offline.

The layer above :mod:`lazytree.export`: :func:`explorer_model` describes the nodes that
exist as compact JSON (never forcing anything), :func:`page` and :func:`write_html` put
it into one self-contained HTML page, and :class:`~lazytree.explorer.widget.TreeExplorer`
shows a live tree in Jupyter (it needs the ``explorer`` extra: ``anywidget``).
"""

from lazytree.explorer.model import DEFAULT_MAX_POSITIONS, ExplorerModel, explorer_model

__all__ = [
    "DEFAULT_MAX_POSITIONS",
    "ExplorerModel",
    "explorer_model",
]
