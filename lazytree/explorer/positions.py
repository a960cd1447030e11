"""An explorer document's positions read back: :func:`positions` rebuilds each node's packed board
from ``pos`` and ``delta``; :func:`load_model` reads a document from outside within limits.

Examples
--------
>>> from lazytree.tree import Tree
>>> from lazytree.search import minimax
>>> from lazytree.games import load_game
>>> from lazytree.explorer import explorer_model
>>> game, state = load_game("tictactoe")
>>> tree = Tree(game, state)
>>> data = explorer_model(tree, result=minimax(tree.root, 2)).data
>>> data["pos"][0], data["pos"][1], data["delta"][1]
('.........:         ', None, [0, 0, 'X'])
>>> boards = list(positions(data))
>>> boards[1] == explorer_model(tree, whole_boards=True).data["pos"][1] == 'A........:X        '
True
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from typing import Any, Final

from lazytree.boards import apply_cell_delta, pack_cells, unpack_cells
from lazytree.explorer.model import FORMAT, VERSION
from lazytree.safejson import parse_json

__all__ = ["MAX_DOCUMENT", "board_of", "load_model", "positions"]

MAX_DOCUMENT: Final = 200_000_000
"""The largest explorer document :func:`load_model` reads, in characters."""

_LINE: Final = 64
"""The most boards :func:`positions` keeps (the deepest of the current line)."""

_COLUMNS = ("serial", "player", "parent", "pos", "edges", "hl", "never")


def load_model(text: str | bytes) -> dict[str, Any]:
    """An explorer document from JSON text from outside, checked (parsed within limits, its
    format, columns and parents, every position rebuilt); ``ValueError`` saying what is wrong.

    >>> load_model('{"format": "lazytree-explorer", "version": 2, "parent": [5]}')
    Traceback (most recent call last):
    ...
    ValueError: not an explorer document: no 'serial' column
    """
    if len(text) > MAX_DOCUMENT:
        raise ValueError(f"an explorer document of more than {MAX_DOCUMENT:,} characters")
    data = parse_json(text)
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise ValueError(f"not an explorer document (format {FORMAT!r})")
    if data.get("version") not in (1, VERSION):
        raise ValueError(f"an explorer document of version {data.get('version')!r}")
    for _ in positions(data):
        pass
    return data


def positions(data: Mapping[str, Any]) -> Iterator[Any]:
    """Each node's position in node order, whole (``render()`` text, or
    :func:`lazytree.boards.pack`\\ ed), ``pos[i]`` or its parent's rebuilt with ``delta[i]``;
    ``ValueError`` for a document that does not hold together."""
    n = _node_count(data)
    pos = data["pos"]
    layout = data.get("board")
    if not isinstance(layout, dict):
        raise ValueError("an explorer document without its board's layout")
    cells = layout.get("cells")
    if cells is None:  # the generic view: a text a position
        for i in range(n):
            if not isinstance(pos[i], str):
                raise ValueError(f"node {i}'s position is not text")
            yield pos[i]
        return
    if not isinstance(cells, list):
        raise ValueError("an explorer document whose board's cells are not a list")
    players = data.get("players")
    if not isinstance(players, list) or not 1 <= len(players) <= 59:
        raise ValueError("an explorer document without its players")
    delta = data.get("delta")
    if delta is not None and (not isinstance(delta, list) or len(delta) != n):
        raise ValueError(f"the column 'delta' does not have {n:,} entries")
    line: list[tuple[int, list[int], list[str]]] = []  # (node, owners, labels)
    for i in range(n):
        owners, labels = _board(data, i, len(cells), len(players), line)
        line.append((i, owners, labels))
        if len(line) > _LINE:  # the shallowest goes: a node below it climbs the deltas
            del line[0]
        yield pack_cells(owners, labels)


def board_of(data: Mapping[str, Any], i: int) -> Any:
    """Node ``i``'s position, whole and packed (see :func:`positions`), rebuilt from the
    nearest ancestor whose whole board the document holds."""
    n = _node_count(data)
    if not 0 <= i < n:
        raise ValueError(f"no node {i} in a document of {n:,}")
    layout = data["board"]
    if "cells" not in layout:
        return data["pos"][i]
    owners, labels = _board(data, i, len(layout["cells"]), len(data["players"]), [])
    return pack_cells(owners, labels)


def _node_count(data: Mapping[str, Any]) -> int:
    for name in _COLUMNS:
        if not isinstance(data.get(name), list):
            raise ValueError(f"not an explorer document: no {name!r} column")
    n = len(data["serial"])
    short = next((c for c in _COLUMNS if len(data[c]) != n), None)
    if short is not None:
        raise ValueError(f"the column {short!r} does not have {n:,} entries")
    return n


def _board(
    data: Mapping[str, Any],
    i: int,
    cells: int,
    players: int,
    line: list[tuple[int, list[int], list[str]]],
) -> tuple[list[int], list[str]]:
    """Node ``i``'s owners and labels (new lists): from the boards of ``line`` (the walk's
    current line, popped down to ``i``'s parent) or its ancestors' deltas."""
    pos, parent, delta = data["pos"], data["parent"], data.get("delta")
    chain: list[int] = []  # i and its ancestors up to one whose board is known
    j = i
    while True:
        if pos[j] is not None:
            owners, labels = unpack_cells(pos[j], cells)
            if any(o >= players for o in owners):
                raise ValueError(f"node {j}'s position names an owner who is not a player")
            break
        while line and line[-1][0] > j:
            line.pop()
        if line and line[-1][0] == j:
            owners, labels = list(line[-1][1]), list(line[-1][2])
            break
        up = parent[j]
        if type(up) is not int or not 0 <= up < j:
            raise ValueError(f"node {j}'s parent {up!r} does not come before it")
        if delta is None:
            raise ValueError(f"node {j} has neither a position nor a delta")
        chain.append(j)
        j = up
    for k in reversed(chain):
        assert delta is not None
        apply_cell_delta(owners, labels, delta[k], players)
    return owners, labels
