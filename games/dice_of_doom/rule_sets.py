"""Every rule set of Dice of Doom by its ``--rules`` name, and :func:`make_dice_of_doom`.

``racket`` (*Realm of Racket*, :class:`~lazytree.games.dice_of_doom.rules.DiceOfDoom`),
``lisp`` and ``chance`` (*Land of Lisp*, :mod:`~lazytree.games.dice_of_doom.variants`),
``dicewars`` (the Dice Wars framework's, :mod:`~lazytree.games.dice_of_doom.dicewars`).
"""

from __future__ import annotations

from lazytree.games.dice_of_doom.dicewars import DiceWars
from lazytree.games.dice_of_doom.evaluation import Evaluation
from lazytree.games.dice_of_doom.rules import DiceOfDoom
from lazytree.games.dice_of_doom.variants import ChanceDiceOfDoom, LispDiceOfDoom

__all__ = ["DEFAULT_MAX_DICE", "RULE_SETS", "make_dice_of_doom"]

RULE_SETS: dict[str, type[DiceOfDoom]] = {
    "racket": DiceOfDoom,
    "lisp": LispDiceOfDoom,
    "chance": ChanceDiceOfDoom,
    "dicewars": DiceWars,
}
"""The rule sets by their ``--rules`` name."""

DEFAULT_MAX_DICE = {"racket": 3, "lisp": 3, "chance": 5, "dicewars": 8}


def make_dice_of_doom(
    rules: str = "racket",
    *,
    size: int = 3,
    players: int = 2,
    max_dice: int | None = None,
    spare_dice: int = 10,
    eval: str | Evaluation = "book",
) -> DiceOfDoom:
    """Dice of Doom under rule set ``rules`` (``racket``, ``lisp``, ``chance`` or
    ``dicewars``).

    ``max_dice`` defaults to the rule set's own (3, 5 for ``chance``, 8 for
    ``dicewars``); ``spare_dice`` (the shared pool) exists only in the ``racket`` rules
    and is ignored by the others.

    >>> make_dice_of_doom("chance", size=4, players=3)
    ChanceDiceOfDoom(size=4, players=3, max_dice=5)
    >>> make_dice_of_doom("dicewars", size=5)
    DiceWars(size=5, players=2, max_dice=8)
    >>> make_dice_of_doom("go")
    Traceback (most recent call last):
    ...
    ValueError: unknown rules 'go' (known: racket, lisp, chance, dicewars)
    """
    if rules not in RULE_SETS:
        raise ValueError(f"unknown rules {rules!r} (known: {', '.join(RULE_SETS)})")
    top = DEFAULT_MAX_DICE[rules] if max_dice is None else max_dice
    if rules == "racket":
        return DiceOfDoom(size, players, top, spare_dice, eval)
    cls = RULE_SETS[rules]
    assert issubclass(cls, LispDiceOfDoom)
    return cls(size, players, top, eval)
