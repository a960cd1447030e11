"""The one board document (``lazytree-board/1``): valid against its JSON Schema for every
built-in game in many positions, its moves playable by their notation and drawn on real
cells, the generic view for a game without a board view, and no switch on game classes
in the code that builds or draws boards."""

from __future__ import annotations

import random
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import jsonschema
import pytest

from lazytree.boards import (
    SCHEMA,
    apply_delta,
    board_document,
    board_layout,
    load_schema,
    move_path,
    pack,
    pack_cells,
    pack_moves,
    position_packer,
    position_view,
    unpack_moves,
)
from lazytree.game import BoardCells, BoardView, IllegalMoveError
from lazytree.games import GAMES, load_game

ROOT = Path(__file__).resolve().parent.parent

# every built-in game, and every rule set and a few sizes of the ones that have them
SETUPS: list[tuple[str, dict[str, Any]]] = [
    ("dice-of-doom", {"size": 3, "seed": 1}),
    ("dice-of-doom", {"size": 5, "seed": 2, "players": 3}),
    ("dice-of-doom", {"size": 4, "seed": 3, "rules": "lisp"}),
    ("dice-of-doom", {"size": 3, "seed": 4, "rules": "chance"}),
    ("tictactoe", {}),
    ("tictactoe", {"rows": 4, "columns": 5, "k": 4}),
    ("knights", {"size": 5}),
    ("checkers", {}),
    ("checkers", {"width": 6, "height": 6}),
    ("tree", {}),
]


@pytest.fixture(scope="module")
def validator() -> jsonschema.Draft202012Validator:
    schema = load_schema()
    jsonschema.Draft202012Validator.check_schema(schema)
    return jsonschema.Draft202012Validator(schema)


def positions(name: str, options: dict[str, Any], plies: int = 14) -> Iterator[tuple[Any, Any]]:
    """The start of a seeded random game and each position after it, to the end or
    ``plies`` moves."""
    game, state = load_game(name, **options)
    rng = random.Random(7)
    for _ in range(plies):
        yield game, state
        moves = list(game.legal_moves(state))
        if not moves:
            return
        state = game.result(state, rng.choice(moves))
    yield game, state


def test_every_built_in_game_is_covered() -> None:
    """(Installed plugins, the examples among them, are checked in tests/examples.)"""
    built_in = {name for name in GAMES.names() if GAMES.origin(name).startswith("lazytree ")}
    assert {name for name, _ in SETUPS} == built_in


@pytest.mark.parametrize(("name", "options"), SETUPS)
def test_documents_are_valid_and_their_moves_play(
    validator: jsonschema.Draft202012Validator, name: str, options: dict[str, Any]
) -> None:
    seen = 0
    for game, state in positions(name, options):
        players = game.num_players
        doc = board_document(game, state)
        errors = [e.message for e in validator.iter_errors(doc)]
        assert not errors, errors
        assert doc["schema"] == SCHEMA and doc["text"] == game.render(state)
        assert doc["toMove"] == game.to_move(state)
        legal = list(game.legal_moves(state))
        assert len(doc["moves"]) == len(legal)
        for entry, move in zip(doc["moves"], legal, strict=True):
            if doc["toMove"] >= 0:  # chance outcomes are drawn, never typed
                assert game.parse_move(state, entry["move"]) == move
            assert entry["move"] == game.move_to_str(state, move)
        if isinstance(game, BoardView):
            assert doc["kind"] in ("hex", "grid")
            cells = doc["cells"]
            assert len(cells) == doc["rows"] * doc["cols"]
            assert len({(c["row"], c["col"]) for c in cells}) == len(cells)  # one per place
            assert all(0 <= c["row"] < doc["rows"] and 0 <= c["col"] < doc["cols"] for c in cells)
            assert all(-1 <= c["owner"] < players for c in cells)
            if doc["kind"] == "hex":
                assert len(doc["offsets"]) == doc["rows"]
            # two clicks never make two different moves (a chance node is not clicked)
            paths = [tuple(m["path"]) for m in doc["moves"] if m["path"]]
            if doc["toMove"] >= 0:
                assert len(paths) == len(set(paths))
        else:
            assert doc["kind"] == "text" and all(m["path"] == [] for m in doc["moves"])
        seen += 1
    assert seen >= 3


def test_dice_of_doom_documents_say_what_the_rules_show() -> None:
    game, state = load_game("dice-of-doom", size=2, board="0:2 1:1 0:3 1:2")
    doc = board_document(game, state)
    assert [c["owner"] for c in doc["cells"]] == [0, 1, 0, 1]
    assert [c["label"] for c in doc["cells"]] == ["2", "1", "3", "2"]
    assert doc["offsets"] == [1, 0] and doc["players"] == ["A", "B"]
    assert doc["score"] == {"name": "territories", "values": [2, 2]}
    assert doc["notes"] == ["Spare dice: 10"]
    attacks = {m["move"]: m["path"] for m in doc["moves"]}
    assert attacks == {"0->1": [0, 1], "2->3": [2, 3]}  # 2 and 1 do not touch
    after = game.result(state, game.parse_move(state, "2->3"))
    assert {"move": "pass", "path": []} in board_document(game, after)["moves"]
    lisp, start = load_game("dice-of-doom", size=3, seed=1, rules="lisp")
    assert board_document(lisp, start)["offsets"] == [2, 1, 0]  # Land of Lisp's rhombus


def test_checkers_moves_go_from_a_piece_to_an_empty_dark_square() -> None:
    game, state = load_game("checkers")
    doc = board_document(game, state)
    cells = doc["cells"]
    assert sum(c["shade"] == "dark" for c in cells) == 32
    for m in doc["moves"]:
        first, last = cells[m["path"][0]], cells[m["path"][-1]]
        assert first["owner"] == 0 and last["owner"] == -1 and last["shade"] == "dark"


def test_checkers_squares_are_named_as_the_moves_are_written() -> None:
    """Every dark square carries its number (drawn small in its corner): each move's
    path spells the move, in every position of a game with captures and kings."""
    names_seen = set()
    for game, state in positions("checkers", {}, plies=80):
        doc = board_document(game, state)
        cells = doc["cells"]
        named = [c for c in cells if "name" in c]
        assert sorted(int(c["name"]) for c in named) == list(range(1, 33))
        assert all(c["shade"] == "dark" for c in named)
        for m in doc["moves"]:
            assert [cells[i]["name"] for i in m["path"]] == re.split("[-x]", m["move"])
            names_seen.add(m["move"])
        assert [c.get("name") for c in board_layout(doc)["cells"]] == [c.get("name") for c in cells]
    assert any("x" in move for move in names_seen)  # captures were checked too


class Pennies:
    """A tiny game written in this test, with no board view: two players take 1 or 2
    pennies from a pile of 5 in turn; who takes the last one wins."""

    name = "pennies"
    num_players = 2

    def initial_state(self, rng: random.Random | None = None) -> tuple[int, int]:
        return (5, 0)

    def to_move(self, state: tuple[int, int]) -> int:
        return state[1]

    def legal_moves(self, state: tuple[int, int]) -> Iterator[int]:
        return iter([n for n in (1, 2) if n <= state[0]])

    def result(self, state: tuple[int, int], move: int) -> tuple[int, int]:
        if move not in (1, 2) or move > state[0]:
            raise IllegalMoveError(f"cannot take {move}")
        return (state[0] - move, 1 - state[1])

    def is_terminal(self, state: tuple[int, int]) -> bool:
        return state[0] == 0

    def returns(self, state: tuple[int, int]) -> tuple[float, float]:
        winner = 1 - state[1]
        return (1.0, -1.0) if winner == 0 else (-1.0, 1.0)

    def evaluate(self, state: tuple[int, int], player: int) -> float:
        return self.returns(state)[player] if self.is_terminal(state) else 0.0

    def move_to_str(self, state: tuple[int, int], move: int) -> str:
        return f"take{move}"

    def parse_move(self, state: tuple[int, int], text: str) -> int:
        if not text.startswith("take") or not text[4:].isdigit():
            raise IllegalMoveError(text)
        move = int(text[4:])
        self.result(state, move)
        return move

    def render(self, state: tuple[int, int]) -> str:
        return f"pile: {'o' * state[0]}\nplayer {state[1]} to move"


def test_a_game_without_a_board_view_gets_the_generic_view(
    validator: jsonschema.Draft202012Validator,
) -> None:
    game = Pennies()
    assert not isinstance(game, BoardView)
    doc = board_document(game, game.initial_state())
    assert not list(validator.iter_errors(doc))
    assert doc["kind"] == "text" and doc["text"] == "pile: ooooo\nplayer 0 to move"
    assert doc["moves"] == [{"move": "take1", "path": []}, {"move": "take2", "path": []}]
    assert doc["players"] == ["player 0", "player 1"]
    assert pack(position_view(game, (2, 1))) == "pile: oo\nplayer 1 to move"
    assert move_path(game, (5, 0), 1) == []
    assert board_layout(doc) == {
        "kind": "text",
        "players": ["player 0", "player 1"],
        "schema": SCHEMA,
    }
    # a position with more moves than a page lists says how many it left out
    short = board_document(game, game.initial_state(), max_moves=1)
    assert len(short["moves"]) == 1 and short["more"] == 1
    assert not list(validator.iter_errors(short))


def unpack(cells: int, packed: str | list[Any]) -> tuple[list[int], list[str]]:
    """Owners and labels back from :func:`pack` (what ``unpack`` in boards.js does)."""
    if isinstance(packed, list):
        owners, labels = packed
    elif packed[cells] == ":":
        owners = packed[:cells]
        labels = ["" if c == " " else c for c in packed[cells + 1 :]]
    else:
        owners, labels = packed[:cells], packed[cells + 1 :].split("|")
    return [-1 if o == "." else ord(o) - 65 for o in owners], list(labels)


@pytest.mark.parametrize(("name", "options"), [s for s in SETUPS if s[0] != "tree"])
def test_packed_positions_keep_every_owner_and_label(name: str, options: dict[str, Any]) -> None:
    for game, state in positions(name, options):
        view = position_view(game, state)
        cells = view["cells"]
        owners, labels = unpack(len(cells), pack(view))
        assert owners == [c["owner"] for c in cells] and labels == [c["label"] for c in cells]


def test_the_three_packed_forms() -> None:
    def view(*cells: tuple[int, str]) -> dict[str, Any]:
        return {"kind": "grid", "cells": [{"owner": o, "label": t} for o, t in cells]}

    assert pack(view((0, "3"), (-1, ""), (1, "\u265e"))) == "A.B:3 \u265e"
    assert pack(view((0, "10"), (-1, ""))) == "A.|10|"
    assert pack(view((0, "a|b"), (-1, ""))) == ["A.", ["a|b", ""]]
    assert unpack(3, "A.B:3 \u265e") == ([0, -1, 1], ["3", "", "\u265e"])
    assert unpack(2, "A.|10|") == ([0, -1], ["10", ""])
    assert unpack(2, ["A.", ["a|b", ""]]) == ([0, -1], ["a|b", ""])


CELL_SETUPS = [
    (name, options)
    for name, options in SETUPS
    if isinstance(load_game(name, **options).game, BoardCells)
]
"""The setups whose game offers BoardCells (the explorer's fast path)."""


def test_dice_of_doom_has_board_cells_and_the_others_pack_their_views() -> None:
    assert {name for name, _ in CELL_SETUPS} == {"dice-of-doom"}
    assert len(CELL_SETUPS) == 4  # every rule set
    game, state = load_game("tictactoe")
    assert position_packer(game)(state) == (pack(position_view(game, state)), ())


@pytest.mark.parametrize(("name", "options"), CELL_SETUPS)
def test_board_cells_say_what_the_board_view_says(name: str, options: dict[str, Any]) -> None:
    """A game's BoardCells equal its board view's owners, labels and notes, and pack the
    same, in every position of a game."""
    as_game = load_game(name, **options).game  # the same game, typed as a Game
    for game, state in positions(name, options, plies=40):
        assert isinstance(game, BoardCells)
        owners, labels, notes = game.board_cells(state)
        view = position_view(as_game, state)
        assert list(owners) == [c["owner"] for c in view["cells"]]
        assert list(labels) == [c["label"] for c in view["cells"]]
        assert list(notes) == view.get("notes", [])
        assert pack_cells(owners, labels) == pack(view)
        assert position_packer(as_game)(state) == (pack(view), notes)


BOARD_CODE = [
    "lazytree/boards.py",
    "lazytree/cli/board.py",
    "lazytree/explorer/model.py",
    "lazytree/explorer/html.py",
    "lazytree/static/boards.js",
    "lazytree/server/static/app.js",
    "lazytree/explorer/static/explorer.js",
]


@pytest.mark.parametrize("path", BOARD_CODE)
def test_no_switch_on_game_classes_or_names_in_the_board_code(path: str) -> None:
    text = (ROOT / path).read_text(encoding="utf-8")
    classes = "DiceOfDoom|LispDiceOfDoom|ChanceDiceOfDoom|TicTacToe|Knights|Checkers|TreeGame"
    assert not re.search(rf"isinstance\([^)]*\b({classes})\b", text)
    assert not re.search(r"^from lazytree\.games\.\w+", text, re.M)  # no game module imported
    names = "|".join(re.escape(n) for n in GAMES)
    assert not re.search(rf"""(==|===|!==|!=)\s*["']({names})["']""", text)


@pytest.mark.parametrize(("name", "options"), SETUPS)
def test_a_move_s_changes_rebuild_the_next_document(
    validator: jsonschema.Draft202012Validator, name: str, options: dict[str, Any]
) -> None:
    """What the live page is sent after a move (the changed cells, lines of text and the
    packed moves) applied to the document before gives the next one exactly, valid."""
    from lazytree.server.live import board_delta

    before = None
    for game, state in positions(name, options):
        doc = board_document(game, state)
        assert unpack_moves(pack_moves(doc["moves"])) == doc["moves"]
        if before is not None:
            delta = board_delta(before, doc)
            assert delta is not None
            assert "text" not in delta["set"] and "moves" not in delta["set"]
            rebuilt = apply_delta(before, delta)
            assert rebuilt == doc
            assert not [e.message for e in validator.iter_errors(rebuilt)]
        before = doc


def test_packed_moves_keep_odd_notation() -> None:
    """Numbers that are not the path's cells, braces and repeated cells survive."""
    moves: list[dict[str, Any]] = [
        {"move": "{1} 12x13 then 12 (13)", "path": [12, 13]},
        {"move": "a1", "path": [0]},
        {"move": "b1", "path": [1]},
        {"move": "7", "path": [7, 7]},
        {"move": "pass", "path": []},
        {"move": "pass", "path": []},
        {"move": "resign", "path": []},
    ]
    packed = pack_moves(moves)
    assert unpack_moves(packed) == moves
    assert packed[-2:] == [["pass", 0, [2]], ["resign", 0, [1]]]
