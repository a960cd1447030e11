"""One JSON description of a position's board (``lazytree-board/1``), for the play page and the
explorer.

:func:`board_document` asks a game that implements :class:`~lazytree.game.BoardView` for its cells;
any other game gets the generic view (kind ``text``: its ``render()`` and a button per move). The
schema: ``lazytree/static/board.schema.json`` (``docs/reference/board-schema.md``). The explorer
sends the layout once (:func:`board_layout`), the root :func:`pack`\\ ed and every other position as
a :data:`CellDelta` (:class:`BoardDeltas`).

Examples
--------
>>> from lazytree.games import load_game
>>> game, state = load_game("tictactoe")
>>> doc = board_document(game, game.result(state, 4))
>>> doc["schema"], doc["kind"], doc["cells"][4]["label"], doc["moves"][0]
('lazytree-board/1', 'grid', 'X', {'move': 'a1', 'path': [0]})
>>> pack(doc)
'....A....:    X    '
>>> after = game.result(state, 4)
>>> BoardDeltas(game).delta("x", after, "xo", game.result(after, 0))[0]  # O takes a1
[0, 1, 'O']
>>> from lazytree.games.tree_game import TreeGame
>>> generic = board_document(TreeGame([[1, 2], 3]), ())
>>> generic["kind"], [m["move"] for m in generic["moves"]]
('text', ['0', '1'])
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Hashable, Sequence
from importlib import resources
from typing import Any, Final, TypeAlias

from lazytree.game import BoardCells, BoardChanges, BoardView, Game

__all__ = [
    "MAX_BOARD_MOVES",
    "MAX_LABEL",
    "MAX_MOVES",
    "SCHEMA",
    "SCHEMA_FILE",
    "BoardDeltas",
    "CellDelta",
    "apply_cell_delta",
    "apply_delta",
    "board_document",
    "board_functions",
    "board_layout",
    "load_schema",
    "move_path",
    "pack",
    "pack_cells",
    "pack_moves",
    "player_colours",
    "player_names",
    "position_packer",
    "position_view",
    "unpack_cells",
    "unpack_moves",
]


def player_colours() -> tuple[tuple[str, str], ...]:
    """(light tint, colour) of each player in the one palette, ``static/boards.css``
    (the pages' colours), for pictures drawn outside a page: a player looks the same in
    the explorer, a Graphviz picture and a printed lab sheet."""
    css = resources.files("lazytree").joinpath("static", "boards.css").read_text("utf-8")
    found = dict(re.findall(r"--player-(\d(?:-light)?):\s*(#[0-9a-fA-F]{6})", css))
    players = sorted(int(k) for k in found if k.isdigit())
    return tuple((found[f"{p}-light"], found[str(p)]) for p in players)


SCHEMA: Final = "lazytree-board/1"
"""The ``schema`` value of every document this module writes."""

SCHEMA_FILE: Final = "static/board.schema.json"
"""The JSON Schema of the documents, inside the ``lazytree`` package."""

MAX_MOVES: Final = 500
"""Most moves made by a button a document lists (a position with more says how many it
left out)."""

MAX_BOARD_MOVES: Final = 30_000
"""Most moves made by clicks a document lists: every attack of a 100x100 Dice of Doom board (a
move left out cannot be clicked)."""

MAX_LABEL: Final = 64
"""The longest cell label a packed position or a delta read back may hold (a board's
labels are a few characters: dice, a piece)."""

CellDelta: TypeAlias = list[int | str]
"""The cells of a position that differ from its parent's, flat:
``[cell, owner, label, cell, owner, label, ...]`` (``owner`` -1 for nobody), cells
ascending."""

_OWNERS = "." + "".join(chr(65 + p) for p in range(59))
"""A cell's owner packed: ``.`` for nobody (-1), ``A`` for player 0, ..."""

_NUMBER = re.compile(r"[0-9]+")

_LAYOUT_KEYS = ("kind", "rows", "cols", "offsets", "coords", "colours", "players")


def load_schema() -> dict[str, Any]:
    """The JSON Schema of ``lazytree-board/1`` documents (a dict)."""
    text = resources.files("lazytree").joinpath(SCHEMA_FILE).read_text("utf-8")
    schema: dict[str, Any] = json.loads(text)
    return schema


def player_names(game: Game[Any, Any], view: dict[str, Any] | None = None) -> list[str]:
    """What the pages call each player: the board view's ``players`` or ``player 0``,
    ``player 1``, ...

    >>> from lazytree.games import load_game
    >>> player_names(load_game("knights").game)
    ['player 0', 'player 1']
    """
    names = None if view is None else view.get("players")
    if isinstance(names, list) and len(names) == game.num_players:
        return [str(n) for n in names]
    return [f"player {p}" for p in range(game.num_players)]


def board_functions(
    game: Game[Any, Any],
) -> tuple[Callable[[Any], dict[str, Any]], Callable[[Any, Any], list[int]]]:
    """:func:`position_view` and :func:`move_path` for ``game``, asking once whether it is a
    :class:`~lazytree.game.BoardView` (a slow test)."""
    if isinstance(game, BoardView):
        viewer = game

        def view(state: Any) -> dict[str, Any]:
            return viewer.board_view(state)

        def path(state: Any, move: Any) -> list[int]:
            return [int(c) for c in viewer.move_cells(state, move)]

        return view, path

    def text(state: Any) -> dict[str, Any]:
        return {"kind": "text", "text": game.render(state)}

    return text, lambda state, move: []


def position_view(game: Game[Any, Any], state: Any) -> dict[str, Any]:
    """What a position looks like, without its moves: the game's board view (kind
    ``hex`` or ``grid``), or ``{"kind": "text", "text": render(state)}`` for a game
    without one. :func:`pack` shortens it; :func:`board_document` completes it."""
    return board_functions(game)[0](state)


def move_path(game: Game[Any, Any], state: Any, move: Any) -> list[int]:
    """The cells a click goes through to make ``move`` in ``state`` (none for a game
    without a board view, or a move made by a button)."""
    return board_functions(game)[1](state, move)


def board_document(
    game: Game[Any, Any],
    state: Any,
    *,
    max_moves: int = MAX_MOVES,
    max_board_moves: int = MAX_BOARD_MOVES,
) -> dict[str, Any]:
    """The board of ``state`` as a ``lazytree-board/1`` document (see the module): at
    most ``max_moves`` moves made by a button and ``max_board_moves`` made by clicks.

    Raises ``ValueError`` when a board view names a cell that does not exist.

    >>> from lazytree.games import load_game
    >>> game, state = load_game("dice-of-doom", size=10, seed=1)
    >>> doc = board_document(game, state, max_moves=0)
    >>> len(doc["moves"]) > 0, "more" in doc  # no button, every attack listed
    (True, False)
    >>> short = board_document(game, state, max_board_moves=2)
    >>> len(short["moves"]), short["more"] == len(doc["moves"]) - 2
    (2, True)
    """
    view_of, path_of = board_functions(game)
    view = view_of(state)
    doc: dict[str, Any] = {"schema": SCHEMA, **view}
    doc["players"] = player_names(game, view)
    cells = len(view.get("cells", ()))
    moves: list[dict[str, Any]] = []
    more = 0
    room = {False: max_moves, True: max_board_moves}  # by button, by clicks
    for move in game.legal_moves(state):
        path = path_of(state, move)
        if room[bool(path)] <= 0:
            more += 1
            continue
        room[bool(path)] -= 1
        if any(not 0 <= c < cells for c in path):
            raise ValueError(f"{game.name}: move {move!r} names a cell outside the board")
        moves.append({"move": game.move_to_str(state, move), "path": path})
    doc["toMove"] = game.to_move(state)
    doc["moves"] = moves
    if more:
        doc["more"] = more
    doc["text"] = game.render(state)
    return doc


def board_layout(doc: dict[str, Any]) -> dict[str, Any]:
    """What does not change from one position of a game to the next: the document's
    shape (kind, rows, offsets, coordinates, colours, players) and each cell's place
    (``row``, ``col``, ``shade``, ``name``), without owners, labels or moves."""
    out = {k: doc[k] for k in _LAYOUT_KEYS if k in doc}
    out["schema"] = SCHEMA
    if "cells" in doc:
        out["cells"] = [
            {k: cell[k] for k in ("row", "col", "shade", "name") if k in cell}
            for cell in doc["cells"]
        ]
    return out


def pack(view: dict[str, Any]) -> str | list[Any]:
    """A position's owners and labels, short (the explorer stores one per node): a letter per
    cell (``A`` player 0, ``.`` nobody), then ``:`` and a character per label when every label
    is one character at most, else ``|`` before each label; ``[owners, [labels]]`` when a label
    holds a ``|``; the ``text`` of a generic view.

    >>> pack({"kind": "grid", "cells": [{"owner": 1, "label": "10"}, {"owner": -1, "label": ""}]})
    'B.|10|'
    """
    if view["kind"] == "text":
        text: str = view["text"]
        return text
    cells = view["cells"]
    return pack_cells([c["owner"] for c in cells], [c["label"] for c in cells])


def pack_cells(owners: Sequence[int], labels: Sequence[str]) -> str | list[Any]:
    """:func:`pack` of a board whose cells have these owners and labels.

    >>> pack_cells([0, -1, 1], ["3", "", "2"])
    'A.B:3 2'
    """
    owner_letters = "".join([_OWNERS[o + 1] for o in owners])
    chars = "".join([label or " " for label in labels])
    if len(chars) == len(labels) and " " not in labels:
        return owner_letters + ":" + chars
    labels = list(labels)
    if any("|" in label for label in labels):
        return [owner_letters, labels]
    return "|".join([owner_letters, *labels])


def position_packer(
    game: Game[Any, Any],
) -> Callable[[Any], tuple[str | list[Any], Sequence[str]]]:
    """A function of a state: its :func:`pack`\\ ed position and its board view's notes, from the
    game's :class:`~lazytree.game.BoardCells` when it has them, else from its board view.

    >>> from lazytree.games import load_game
    >>> game, state = load_game("dice-of-doom", size=2, seed=1)
    >>> packed, notes = position_packer(game)(state)
    >>> packed == pack(position_view(game, state)), notes
    (True, ['Spare dice: 10'])
    """
    if isinstance(game, BoardCells):
        cells = game

        def packed(state: Any) -> tuple[str | list[Any], Sequence[str]]:
            owners, labels, notes = cells.board_cells(state)
            return pack_cells(owners, labels), notes

        return packed
    view_of = board_functions(game)[0]

    def from_view(state: Any) -> tuple[str | list[Any], Sequence[str]]:
        view = view_of(state)
        return pack(view), view.get("notes", ())

    return from_view


def _template(text: str, path: Sequence[int]) -> str:
    """``text`` with each number that is one of ``path``'s cells written ``{k}`` (its
    place in the path), and braces doubled: ``"12->13"``, ``[12, 13]`` -> ``"{0}->{1}"``."""
    where = {str(c): k for k, c in reversed(list(enumerate(path)))}

    def named(found: re.Match[str]) -> str:
        k = where.get(found.group())
        return found.group() if k is None else f"{{{k}}}"

    parts = re.split(r"([{}])", text)
    return "".join(p * 2 if p in "{}" and p else _NUMBER.sub(named, p) for p in parts)


def _fill(template: str, path: Sequence[int]) -> str:
    return template.format(*path)


def pack_moves(moves: Sequence[dict[str, Any]]) -> list[list[Any]]:
    """A document's ``moves`` short, for the live page's updates: runs of moves spelled alike,
    each ``[template, length, numbers]`` (the notation with the path's cells as ``{0}``,
    ``{1}``...; per move its first cell as a difference from the move before's, the others from
    its first; a run of buttons has ``length`` 0 and its count). :func:`unpack_moves` reads it
    back.

    >>> moves = [{"move": "12->13", "path": [12, 13]}, {"move": "12->2", "path": [12, 2]},
    ...          {"move": "pass", "path": []}]
    >>> pack_moves(moves)
    [['{0}->{1}', 2, [12, 1, 0, -10]], ['pass', 0, [1]]]
    >>> unpack_moves(pack_moves(moves)) == moves
    True
    """
    runs: list[list[Any]] = []
    key: tuple[str, int] | None = None
    first = 0
    for m in moves:
        path: list[int] = m["path"]
        text: str = m["move"]
        template = _template(text, path) if path else text
        here = (template, len(path))
        if here != key:
            runs.append([template, len(path), [] if path else [0]])
            key = here
        numbers = runs[-1][2]
        if not path:
            numbers[0] += 1
            continue
        numbers.append(path[0] - first)
        numbers.extend(c - path[0] for c in path[1:])
        first = path[0]
    return runs


def unpack_moves(runs: Sequence[Sequence[Any]]) -> list[dict[str, Any]]:
    """The moves :func:`pack_moves` packed."""
    moves: list[dict[str, Any]] = []
    first = 0
    for template, length, numbers in runs:
        if length == 0:
            moves.extend({"move": template, "path": []} for _ in range(numbers[0]))
            continue
        for at in range(0, len(numbers), length):
            first += numbers[at]
            path = [first, *(first + d for d in numbers[at + 1 : at + length])]
            moves.append({"move": _fill(template, path), "path": path})
    return moves


def apply_delta(board: dict[str, Any], delta: dict[str, Any]) -> dict[str, Any]:
    """``board`` (a document) with a live update's ``delta`` applied (a new document:
    the changed cells, fields, lines of text and packed moves; see
    ``docs/reference/board-schema.md``), as the play page applies it.

    >>> board = {"kind": "text", "text": "a\\nb", "moves": [], "toMove": 0}
    >>> apply_delta(board, {"cells": [], "set": {"toMove": 1}, "unset": [],
    ...                     "lines": [2, [[0, "A"]]], "moves": [["pass", 0, [1]]]})
    {'kind': 'text', 'text': 'A\\nb', 'moves': [{'move': 'pass', 'path': []}], 'toMove': 1}
    """
    new = {**board, **delta["set"]}
    for key in delta["unset"]:
        new.pop(key, None)
    if "cells" in board:
        cells = list(board["cells"])
        for i, cell in delta["cells"]:
            cells[i] = cell
        new["cells"] = cells
    if "lines" in delta:
        count, lines = delta["lines"]
        text = str(board.get("text", "")).split("\n")[:count]
        text += [""] * (count - len(text))
        for i, line in lines:
            text[i] = line
        new["text"] = "\n".join(text)
    if "moves" in delta:
        new["moves"] = unpack_moves(delta["moves"])
    return new


def unpack_cells(packed: Any, cells: int) -> tuple[list[int], list[str]]:
    """The owners and labels of a board of ``cells`` cells that :func:`pack` packed
    (the explorer's ``pos``): the inverse of :func:`pack_cells`, for a document read
    from outside. Raises ``ValueError`` for anything else.

    >>> unpack_cells("A.B:3 2", 3), unpack_cells("B.|10|", 2), unpack_cells(["A", ["a|b"]], 1)
    (([0, -1, 1], ['3', '', '2']), ([1, -1], ['10', '']), ([0], ['a|b']))
    """
    if isinstance(packed, list) and len(packed) == 2:
        letters, labels = packed
        if not isinstance(labels, list) or not all(isinstance(x, str) for x in labels):
            raise ValueError("a packed position's labels are not a list of strings")
    elif isinstance(packed, str):
        letters = packed[:cells]
        rest = packed[cells:]
        if rest[:1] == ":":
            labels = [c if c != " " else "" for c in rest[1:]]
        elif rest[:1] == "|":
            labels = rest[1:].split("|")
        else:
            raise ValueError("a packed position has no labels")
    else:
        raise ValueError("a packed position is neither text nor [owners, labels]")
    if not isinstance(letters, str) or len(letters) != cells or len(labels) != cells:
        raise ValueError(f"a packed position does not have the board's {cells:,} cells")
    owners = [_OWNERS.find(c) - 1 for c in letters]
    if -2 in owners:
        raise ValueError("a packed position names an owner that is not a letter")
    if any(len(label) > MAX_LABEL for label in labels):
        raise ValueError(f"a packed position has a label longer than {MAX_LABEL} characters")
    return owners, labels


def apply_cell_delta(
    owners: list[int], labels: list[str], delta: Any, players: int = len(_OWNERS) - 1
) -> None:
    """Make a :data:`CellDelta`'s changes to ``owners`` and ``labels`` in place, checked as data
    from outside (``ValueError``).

    >>> owners, labels = [0, -1, 1], ["3", "", "2"]
    >>> apply_cell_delta(owners, labels, [1, 0, "2", 0, 0, "1"])
    >>> owners, labels
    ([0, 0, 1], ['1', '2', '2'])
    >>> apply_cell_delta(owners, labels, [3, 0, "1"])
    Traceback (most recent call last):
    ...
    ValueError: a delta changes cell 3 of a board of 3
    """
    if not isinstance(delta, list) or len(delta) % 3:
        raise ValueError("a delta is not a list of [cell, owner, label] triples")
    n = len(owners)
    for k in range(0, len(delta), 3):
        cell, owner, label = delta[k], delta[k + 1], delta[k + 2]
        if type(cell) is not int or not 0 <= cell < n:
            raise ValueError(f"a delta changes cell {cell!r} of a board of {n:,}")
        if type(owner) is not int or not -1 <= owner < players:
            raise ValueError(f"a delta gives cell {cell} the owner {owner!r}")
        if not isinstance(label, str) or len(label) > MAX_LABEL:
            raise ValueError(f"a delta gives cell {cell} a label that is not short text")
        owners[cell] = owner
        labels[cell] = label


def _cell_delta(cells: Sequence[int], owners: Sequence[int], labels: Sequence[str]) -> CellDelta:
    out: CellDelta = []
    for k in range(len(cells)):
        out += (int(cells[k]), int(owners[k]), labels[k])
    return out


class BoardDeltas:
    """Positions described by the cells each changed against its parent's (:data:`CellDelta`):
    said by a :class:`~lazytree.game.BoardChanges` game itself, else compared cell by cell,
    keeping the boards of the current line of a depth-first walk."""

    def __init__(self, game: Game[Any, Any]) -> None:
        self._changes = game.board_changes if isinstance(game, BoardChanges) else None
        if isinstance(game, BoardCells):
            self._cells: Callable[[Any], tuple[Sequence[int], Sequence[str], Sequence[str]]] = (
                game.board_cells
            )
        else:
            view_of = board_functions(game)[0]

            def cells_of(state: Any) -> tuple[Sequence[int], Sequence[str], Sequence[str]]:
                view = view_of(state)
                cells = view.get("cells", ())
                notes: Sequence[str] = view.get("notes", ())
                return [c["owner"] for c in cells], [c["label"] for c in cells], notes

            self._cells = cells_of
        self._line: list[tuple[Hashable, Sequence[int], Sequence[str]]] = []

    def delta(
        self, parent: Hashable, parent_state: Any, key: Hashable, state: Any
    ) -> tuple[CellDelta, Sequence[str]]:
        """The cells of ``state`` that differ from ``parent_state``'s, and ``state``'s
        notes; ``parent`` and ``key`` name the two positions (the board of ``key`` is kept
        for its children)."""
        if self._changes is not None:
            cells, owners, labels, notes = self._changes(parent_state, state)
            return _cell_delta(cells, owners, labels), notes
        line = self._line
        while line and line[-1][0] != parent:
            line.pop()
        if not line:
            owners_a, labels_a, _ = self._cells(parent_state)
            line.append((parent, owners_a, labels_a))
        _, owners_a, labels_a = line[-1]
        owners_b, labels_b, notes = self._cells(state)
        changed = [
            i
            for i in range(len(owners_b))
            if owners_a[i] != owners_b[i] or labels_a[i] != labels_b[i]
        ]
        line.append((key, owners_b, labels_b))
        return (
            _cell_delta(changed, [owners_b[i] for i in changed], [labels_b[i] for i in changed]),
            notes,
        )
