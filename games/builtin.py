"""The built-in games' specs, named by lazytree's own ``lazytree.games`` entry points
(``pyproject.toml``): their short names, options and set-up. Each set-up imports its
game's module when it runs, so reading a spec imports no rules."""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any

from lazytree.catalog import GameOption, GameSpec, OptionError, Position
from lazytree.weights import WeightsError, read_weights_option


def _tree(o: Mapping[str, Any]) -> Position:
    from lazytree.games.tree_game import tree_game
    from lazytree.games.tree_text import TreeTextError, looks_like_text, parse_tree

    if looks_like_text(o["spec"]):  # the text format: labels, MAX or MIN at the root
        try:
            tree = parse_tree(o["spec"])
        except TreeTextError as exc:
            raise OptionError(f"--spec {exc}") from None
        if o["root_player"]:
            raise OptionError("--root-player: a tree's text says MAX or MIN at its root")
        game = tree_game(tree.spec, tree.root_player, values_for=0, labels=tree.labels)
        return Position(game, game.initial_state())
    try:
        spec = json.loads(o["spec"])
    except json.JSONDecodeError as exc:
        raise OptionError(f"--spec is not a JSON nested list: {exc.msg}") from None
    except RecursionError:
        raise OptionError("--spec is nested too deeply to read") from None
    game = tree_game(spec, root_player=o["root_player"], values_for=0)  # values are MAX's
    return Position(game, game.initial_state())


TREE_FILE_BYTES = 200_000
"""The largest file ``--spec @FILE`` reads (the text format's own bound, in characters:
:data:`lazytree.games.tree_text.MAX_TEXT`)."""

LECTURE_TREE = "[[[7,8,2],[2,4,1],[1,3,5]],[[3,2,1],[2,3,16],[4,7,1]],[[10,1,8],[10,2,8],[8,1,3]]]"

TREE = GameSpec(
    name="tree",
    summary="A hand-built tree of leaf values (nested lists), players alternating",
    options=(
        GameOption(
            "spec",
            str,
            LECTURE_TREE,
            "The tree: lines 'MAX A: B C' / 'B: 3 12 8' (labels; MAX or MIN at the "
            "root; 'CHANCE C: 1/2 D 1/2 E'; 'B(4):' an evaluation; see Teaching in the "
            'docs), or a JSON nested list of numbers ({"chance": [[p, subtree], ...]} '
            'a chance node, {"eval": v, "children": [...]} an inner node a depth '
            "cut-off rates v). Values are MAX's (player 0's).",
            file_bytes=TREE_FILE_BYTES,
        ),
        GameOption(
            "root_player",
            int,
            0,
            "With a JSON --spec: who moves at the root, 0 (MAX) or 1 (MIN).",
        ),
    ),
    setup=_tree,
    notation="child number",
    analysis_depth=None,
)


def _checkers(o: Mapping[str, Any]) -> Position:
    from lazytree.games.checkers import Checkers

    game = Checkers(o["width"], o["height"], o["draw_moves"])
    if o["weights"]:  # a JSON object of weights, or a weights file (lazytree tune)
        try:
            game = read_weights_option(game, o["weights"])
        except WeightsError as exc:
            raise OptionError(str(exc)) from None
    if o["red"] is not None or o["white"] is not None:
        state = game.make_state(o["red"] or "", o["white"] or "", o["player"])
    else:
        state = game.initial_state()
        if o["player"]:
            state = state._replace(player=o["player"])
    if o["player"] not in (0, 1):
        raise OptionError(f"player must be 0 (red) or 1 (white), got {o['player']}")
    return Position(game, state)


CHECKERS = GameSpec(
    name="checkers",
    summary="Checkers (English draughts) on a W x H board, red (player 0) first",
    options=(
        GameOption("width", int, 8, "Board width (2 to 26).", 2, 26),
        GameOption("height", int, 8, "Board height (4 to 26).", 4, 26),
        GameOption(
            "draw_moves",
            int,
            40,
            "Draw after this many moves by each side with no capture or crowning (0: off).",
        ),
        GameOption("red", str, None, "Explicit position: red's squares, e.g. '1 2 K14'."),
        GameOption("white", str, None, "Explicit position: white's squares, e.g. '30 K7'."),
        GameOption("player", int, 0, "Player to move at the start (0 red, 1 white)."),
        GameOption(
            "weights",
            str,
            None,
            "Evaluation weights as JSON, e.g. '{\"king\": 150}', or a weights file "
            "(lazytree tune).",
        ),
    ),
    setup=_checkers,
    notation="squares 1..N: 11-15, captures 11x18x25 (or 11x25)",
    analysis_depth=6,
)


def _knights(o: Mapping[str, Any]) -> Position:
    from lazytree.games.knights import Knights

    size = o["size"]
    if o["grid"]:
        grid_size = Knights.grid_size(o["grid"])
        if grid_size < 3:
            raise OptionError(
                f"the grid has {grid_size} rows; the board must be at least 3 x 3 "
                "(rows separated by /)"
            )
        if size is not None and size != grid_size:
            raise OptionError(f"--size {size} does not match the {grid_size}-row grid")
        game = Knights(grid_size)
        return Position(game, game.parse_grid(o["grid"]))
    game = Knights(4 if size is None else size)
    return Position(game, game.initial_state())


KNIGHTS = GameSpec(
    name="knights",
    summary="Knight isolation on an N x N board: visited squares are blocked",
    options=(
        GameOption("size", int, None, "Board side, 3 to 26 (default 4, or the grid's).", 3, 26),
        GameOption(
            "grid",
            str,
            None,
            "Start grid, rows top to bottom: 0 unvisited, k = visited on move k "
            "(odd: player 0, even: player 1), e.g. 0100/0400/0030/0020.",
        ),
    ),
    setup=_knights,
    notation="destination square, e.g. b3",
    analysis_depth=None,
)


def _tictactoe(o: Mapping[str, Any]) -> Position:
    from lazytree.games.tictactoe import TicTacToe

    game = TicTacToe(o["rows"], o["columns"], o["k"])
    return Position(game, game.initial_state())


TICTACTOE = GameSpec(
    name="tictactoe",
    summary="Tic-tac-toe on an m x n board, k in a row wins (X = player 0 first)",
    options=(
        GameOption("rows", int, 3, "Rows m (1 to 26).", 1, 26),
        GameOption("columns", int, 3, "Columns n (1 to 26).", 1, 26),
        GameOption("k", int, 3, "Marks in a row needed to win."),
    ),
    setup=_tictactoe,
    notation="cell, e.g. b2 (column letter, row from the top)",
    analysis_depth=None,
)
