"""Exact dice-sum distributions and attack odds for the chance rules."""

from __future__ import annotations

import itertools
from fractions import Fraction

import pytest

from lazytree.games.dice_of_doom.dice import attack_win_probability, sum_counts, sum_distribution

# Land of Lisp, chapter 20: *dice-odds*, rows = defender's dice 1..5, columns = attacker's
# dice 2..5, rounded by the book to two decimals.
LAND_OF_LISP_ODDS = (
    (0.84, 0.97, 1.0, 1.0),
    (0.44, 0.78, 0.94, 0.99),
    (0.15, 0.45, 0.74, 0.91),
    (0.04, 0.19, 0.46, 0.72),
    (0.01, 0.06, 0.22, 0.46),
)


@pytest.mark.parametrize("k", range(0, 9))
def test_distribution_sums_to_one(k: int) -> None:
    dist = sum_distribution(k)
    assert sum(dist.values()) == 1
    assert min(dist) == k and max(dist) == 6 * k
    assert sum(sum_counts(k)) == 6**k


@pytest.mark.parametrize("k", range(1, 5))
def test_distribution_matches_enumeration(k: int) -> None:
    counts = [0] * (6 * k + 1)
    for faces in itertools.product(range(1, 7), repeat=k):
        counts[sum(faces)] += 1
    assert sum_counts(k) == tuple(counts)


def test_two_dice_against_one() -> None:
    # P(2d6 > 1d6): for a defender roll d the attacker loses when 2d6 <= d, which happens
    # in 0, 1, 3, 6, 10, 15 of 36 ways for d = 1..6: 35 of 216 rolls lose, 181 win.
    assert attack_win_probability(2, 1) == Fraction(181, 216)
    # one die against one: 15 of the 36 pairs have the first strictly higher
    assert attack_win_probability(1, 1) == Fraction(15, 36)


def test_two_dice_known_values() -> None:
    # 2d6 sums: 7 in 6 ways, 2 and 12 in one way each
    dist = sum_distribution(2)
    assert dist[7] == Fraction(6, 36)
    assert dist[2] == dist[12] == Fraction(1, 36)


@pytest.mark.parametrize(("a", "d"), [(a, d) for a in range(0, 5) for d in range(0, 4)])
def test_win_probability_matches_enumeration(a: int, d: int) -> None:
    wins = sum(
        1
        for x in itertools.product(range(1, 7), repeat=a)
        for y in itertools.product(range(1, 7), repeat=d)
        if sum(x) > sum(y)
    )
    assert attack_win_probability(a, d) == Fraction(wins, 6 ** (a + d))


def test_symmetric_fights_and_ties() -> None:
    for k in range(1, 9):
        tie = sum(Fraction(c * c, 6 ** (2 * k)) for c in sum_counts(k))
        assert attack_win_probability(k, k) == (1 - tie) / 2


def test_agrees_with_land_of_lisp_rounded_table() -> None:
    for defender, row in enumerate(LAND_OF_LISP_ODDS, start=1):
        for attacker, rounded in enumerate(row, start=2):
            exact = float(attack_win_probability(attacker, defender))
            assert abs(exact - rounded) <= 0.005 + 1e-12, (attacker, defender)


def test_more_dice_never_hurt() -> None:
    # (2 to 6 dice against 1 to 6: every one of these fights can go either way)
    for a in range(2, 6):
        for d in range(1, 6):
            assert attack_win_probability(a + 1, d) > attack_win_probability(a, d)
            assert attack_win_probability(a, d + 1) < attack_win_probability(a, d)


def test_negative_dice_rejected() -> None:
    with pytest.raises(ValueError):
        sum_counts(-1)
    with pytest.raises(ValueError):
        attack_win_probability(-1, 2)
