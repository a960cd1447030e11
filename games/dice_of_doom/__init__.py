"""Dice of Doom (*Land of Lisp* / *Realm of Racket*)."""

from lazytree.games.dice_of_doom.board import (
    lisp_neighbor_table,
    lisp_neighbors,
    neighbor_table,
    neighbors,
)
from lazytree.games.dice_of_doom.dicewars import DiceWars, Place
from lazytree.games.dice_of_doom.rule_sets import RULE_SETS, make_dice_of_doom
from lazytree.games.dice_of_doom.rules import (
    PASS,
    Attack,
    DiceMove,
    DiceOfDoom,
    DiceState,
    Outcome,
    Pass,
)
from lazytree.games.dice_of_doom.variants import ChanceDiceOfDoom, LispDiceOfDoom

__all__ = [
    "PASS",
    "RULE_SETS",
    "Attack",
    "ChanceDiceOfDoom",
    "DiceMove",
    "DiceOfDoom",
    "DiceState",
    "DiceWars",
    "LispDiceOfDoom",
    "Outcome",
    "Pass",
    "Place",
    "lisp_neighbor_table",
    "lisp_neighbors",
    "make_dice_of_doom",
    "neighbor_table",
    "neighbors",
]
