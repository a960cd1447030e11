"""Dice of Doom's spec (named by the ``dice-of-doom`` entry point): its options and set-up."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from lazytree.catalog import GameOption, GameSpec, OptionError, Position, seeded
from lazytree.games.dice_of_doom.dicewars import DiceWars
from lazytree.games.dice_of_doom.rule_sets import RULE_SETS, make_dice_of_doom
from lazytree.games.dice_of_doom.rules import MAX_DICE, MAX_SIZE, MAX_SPARE_DICE


def _dice_of_doom(o: Mapping[str, Any]) -> Position:
    game = make_dice_of_doom(
        o["rules"],
        size=o["size"],
        players=o["players"],
        max_dice=o["max_dice"],
        spare_dice=o["spare_dice"],
        eval=o["eval"],
    )
    if o["board"] is not None and not o["board"].strip():
        raise OptionError("--board is empty: give owner:dice pairs, e.g. '0:2 1:1 0:3 1:2'")
    if o["board"]:
        state = game.parse_board(o["board"], player=o["player"], spare=o["spare_dice"])
    else:
        state = game.initial_state(seeded(o["seed"]))
        if o["player"]:
            state = game.make_state(state.owners, state.dice, o["player"], state.spare)
    if o["reserves"] is not None:
        if not isinstance(game, DiceWars):
            raise OptionError("--reserves is for --rules dicewars (each player's reserve)")
        try:
            values = [int(v) for v in o["reserves"].split(",")]
        except ValueError:
            raise OptionError(
                f"--reserves {o['reserves']!r}: whole numbers, one per player, e.g. 0,3"
            ) from None
        state = game.with_reserves(state, values)
    return Position(game, state)


SPEC = GameSpec(
    name="dice-of-doom",
    summary="Dice of Doom on an N x N hex board (Realm of Racket, Land of Lisp or Dice Wars rules)",
    options=(
        GameOption(
            "rules",
            str,
            "racket",
            f"Rule set: {', '.join(RULE_SETS)} (Realm of Racket; Land of Lisp; "
            "Land of Lisp with dice rolls; the Dice Wars framework's).",
        ),
        GameOption(
            "size", int, 3, f"Territories per row and column (2 to {MAX_SIZE}).", 2, MAX_SIZE
        ),
        GameOption("players", int, 2, "Number of players (2 to 8).", 2, 8),
        GameOption(
            "max_dice",
            int,
            None,
            f"Most dice a territory can hold, 2 to {MAX_DICE} (default 3; 5 with chance).",
            2,
            MAX_DICE,
        ),
        GameOption(
            "spare_dice",
            int,
            10,
            f"Reinforcement dice in the shared pool, 0 to {MAX_SPARE_DICE:,} (racket rules).",
            0,
            MAX_SPARE_DICE,
        ),
        GameOption(
            "reserves",
            str,
            None,
            "Dice Wars rules: each player's reserve at the start, comma-separated.",
        ),
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
