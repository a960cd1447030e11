"""See a search: the explored part of a lazy tree in the browser, in notebooks, offline.

The layer above :mod:`lazytree.export`: :func:`explorer_model` describes the nodes that
exist as compact JSON (never forcing anything; :func:`positions` rebuilds each
position's board from it, :func:`load_model` reads one from outside), :func:`page` and
:func:`write_html` put it into one self-contained HTML page, and
:class:`~lazytree.explorer.widget.TreeExplorer` shows a live tree in Jupyter (it needs
the ``explorer`` extra: ``anywidget``).
"""

from lazytree.explorer.model import DEFAULT_MAX_POSITIONS, ExplorerModel, explorer_model
from lazytree.explorer.positions import board_of, load_model, positions

__all__ = [
    "DEFAULT_MAX_POSITIONS",
    "ExplorerModel",
    "board_of",
    "explorer_model",
    "load_model",
    "positions",
]
