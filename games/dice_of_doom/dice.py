"""Exact dice arithmetic for the chance rules: sums of k six-sided dice, attack odds.

Everything is computed exactly with integer convolution and :class:`fractions.Fraction`
(no rounded tables) and cached per number of dice.

Examples
--------
>>> sum_counts(2)[7], 6**2                  # 6 of the 36 rolls of 2d6 sum to 7
(6, 36)
>>> attack_win_probability(2, 1)            # P(2d6 > 1d6)
Fraction(181, 216)
>>> attack_win_probability(1, 1)            # P(1d6 > 1d6) = 15/36
Fraction(5, 12)
"""

from __future__ import annotations

import enum
import random
from fractions import Fraction
from functools import cache

__all__ = [
    "FACES",
    "Outcome",
    "attack_win_probability",
    "roll",
    "sum_counts",
    "sum_distribution",
]

FACES = 6
"""Faces of a die."""


class Outcome(enum.Enum):
    """The two outcomes of a dice roll at a chance node (``--rules chance`` only)."""

    WIN = "wins"
    LOSE = "fails"


@cache
def sum_counts(k: int) -> tuple[int, ...]:
    """``counts[s]``: in how many of the ``6**k`` equally likely rolls ``k`` dice sum to ``s``.

    Built by convolving the counts of ``k - 1`` dice with one die; ``6k + 1`` entries,
    indexed by the sum, adding up to ``6**k``.

    >>> sum_counts(1)
    (0, 1, 1, 1, 1, 1, 1)
    >>> sum(sum_counts(4)) == 6**4
    True
    """
    if k < 0:
        raise ValueError(f"number of dice must be >= 0, got {k}")
    if k == 0:
        return (1,)
    previous = sum_counts(k - 1)
    counts = [0] * (len(previous) + FACES)
    for total, ways in enumerate(previous):
        if ways:
            for face in range(1, FACES + 1):
                counts[total + face] += ways
    return tuple(counts)


def sum_distribution(k: int) -> dict[int, Fraction]:
    """The exact distribution of the sum of ``k`` dice: ``{sum: probability}``.

    Examples
    --------
    >>> sum_distribution(2)[12]
    Fraction(1, 36)
    """
    denominator = FACES**k
    return {s: Fraction(c, denominator) for s, c in enumerate(sum_counts(k)) if c}


@cache
def attack_win_probability(attacker: int, defender: int) -> Fraction:
    """P(the sum of ``attacker`` dice is strictly greater than the sum of ``defender`` dice).

    Ties go to the defender (*Land of Lisp* ch. 20, ``roll-against`` uses ``>``).

    Examples
    --------
    >>> attack_win_probability(3, 3) == (1 - sum(
    ...     Fraction(c * c, 6**6) for c in sum_counts(3))) / 2   # symmetric, minus the ties
    True
    """
    if attacker < 0 or defender < 0:
        raise ValueError("numbers of dice must be >= 0")
    a, d = sum_counts(attacker), sum_counts(defender)
    below = 0  # ways for the defender to roll less than the current attacker sum
    wins = 0
    for total, ways in enumerate(a):
        if total > 0 and total - 1 < len(d):
            below += d[total - 1]
        wins += ways * below
    return Fraction(wins, FACES ** (attacker + defender))


def roll(k: int, rng: random.Random) -> tuple[int, ...]:
    """Roll ``k`` dice with ``rng``: the faces, in order."""
    return tuple(rng.randint(1, FACES) for _ in range(k))
