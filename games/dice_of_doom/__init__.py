"""Dice of Doom (*Land of Lisp* / *Realm of Racket*)."""

from lazytree.games.dice_of_doom.board import (
    lisp_neighbor_table,
    lisp_neighbors,
    neighbor_table,
    neighbors,
)
from lazytree.games.dice_of_doom.rules import (
    PASS,
    Attack,
    DiceMove,
    DiceOfDoom,
    DiceState,
    Outcome,
    Pass,
)
from lazytree.games.dice_of_doom.variants import (
    RULE_SETS,
    ChanceDiceOfDoom,
    LispDiceOfDoom,
    make_dice_of_doom,
)

__all__ = [
    "PASS",
    "RULE_SETS",
    "Attack",
    "ChanceDiceOfDoom",
    "DiceMove",
    "DiceOfDoom",
    "DiceState",
    "LispDiceOfDoom",
    "Outcome",
    "Pass",
    "lisp_neighbor_table",
    "lisp_neighbors",
    "make_dice_of_doom",
    "neighbor_table",
    "neighbors",
]
