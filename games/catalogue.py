"""The registrations: every game's short name, options and set-up."""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any

from games.dice_of_doom import DiceOfDoom
from games.registry import GameOption, GameSpec, OptionError, Position, register, seeded
from games.tree_game import TreeGame


def _dice_of_doom(o: Mapping[str, Any]) -> Position:
    game = DiceOfDoom(
        size=o["size"],
        players=o["players"],
        max_dice=o["max_dice"],
        spare_dice=o["spare_dice"],
        eval=o["eval"],
    )
    if o["board"]:
        state = game.parse_board(o["board"], player=o["player"], spare=o["spare_dice"])
    else:
        state = game.initial_state(seeded(o["seed"]))
        if o["player"]:
            state = game.make_state(state.owners, state.dice, o["player"], state.spare)
    return Position(game, state)


register(
    GameSpec(
        name="dice-of-doom",
        summary="Dice of Doom on an N x N hex board (Realm of Racket rules)",
        options=(
            GameOption("size", int, 3, "Territories per row and column (>= 2)."),
            GameOption("players", int, 2, "Number of players (2 to 8)."),
            GameOption("max_dice", int, 3, "Most dice a territory can hold."),
            GameOption("spare_dice", int, 10, "Reinforcement dice in the shared pool."),
            GameOption("seed", int, None, "Seed for the random start board."),
            GameOption("board", str, None, "Explicit board: owner:dice pairs in territory order."),
            GameOption("player", int, 0, "Player to move at the start."),
            GameOption(
                "eval",
                str,
                "book",
                "Position rating: 'book' (winner by territory count, as the book) or "
                "'heuristic' (score-board, dice, largest group; the stronger, and "
                "the default of `play`).",
            ),
        ),
        setup=_dice_of_doom,
        notation="src->dst (e.g. 3->4) or pass",
    )
)


def _tree(o: Mapping[str, Any]) -> Position:
    try:
        spec = json.loads(o["spec"])
    except json.JSONDecodeError as exc:
        raise OptionError(f"--spec is not a JSON nested list: {exc.msg}") from None
    game = TreeGame(spec, root_player=o["root_player"])
    return Position(game, game.initial_state())


LECTURE_TREE = "[[[7,8,2],[2,4,1],[1,3,5]],[[3,2,1],[2,3,16],[4,7,1]],[[10,1,8],[10,2,8],[8,1,3]]]"

register(
    GameSpec(
        name="tree",
        summary="A hand-built tree of leaf values (nested lists), players alternating",
        options=(
            GameOption("spec", str, LECTURE_TREE, "The tree as a JSON nested list of numbers."),
            GameOption("root_player", int, 0, "Player to move at the root (0 or 1)."),
        ),
        setup=_tree,
        notation="child number",
    )
)
