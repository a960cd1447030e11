"""See a search: the explored part of a lazy tree as compact JSON (:func:`explorer_model`,
:func:`positions`, :func:`load_model`), one offline HTML page (:func:`page`, :func:`write_html`),
and a live tree in Jupyter (:class:`~lazytree.explorer.widget.TreeExplorer`, the ``explorer``
extra)."""

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
