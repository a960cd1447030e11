"""Dice of Doom (*Land of Lisp* / *Realm of Racket*)."""

from games.dice_of_doom.board import neighbor_table, neighbors
from games.dice_of_doom.rules import PASS, Attack, DiceMove, DiceOfDoom, DiceState, Pass

__all__ = [
    "PASS",
    "Attack",
    "DiceMove",
    "DiceOfDoom",
    "DiceState",
    "Pass",
    "neighbor_table",
    "neighbors",
]
