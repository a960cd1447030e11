"""The match statistics against values computed by hand or by their definitions."""

from __future__ import annotations

import math
import random

import pytest

from lazytree.arena.stats import (
    MAX_ELO,
    SPRT,
    bradley_terry,
    elo_from_score,
    elo_interval,
    mean_score,
    pentanomial,
    score_from_elo,
    score_interval,
    sprt_llr,
)


def test_elo_and_score_are_inverse_logistic() -> None:
    assert elo_from_score(0.5) == 0
    # 10 ** (400 / 400) = 10: a 400-point edge expects 10/11
    assert score_from_elo(400) == pytest.approx(10 / 11)
    assert elo_from_score(10 / 11) == pytest.approx(400)
    assert elo_from_score(0.75) == pytest.approx(400 * math.log10(3))
    assert elo_from_score(0.0) == -1000 and elo_from_score(1.0) == 1000
    for elo in (-300.0, -20.0, 0.0, 55.5, 700.0):
        assert elo_from_score(score_from_elo(elo)) == pytest.approx(elo)


def test_pentanomial_and_its_interval() -> None:
    assert pentanomial([0, 0.25, 0.5, 0.5, 0.75, 1, 1]) == (1, 1, 2, 1, 2)
    with pytest.raises(ValueError, match="1/4"):
        pentanomial([0.3])
    penta = (1, 1, 2, 1, 2)
    scores = [0, 0.25, 0.5, 0.5, 0.75, 1, 1]
    mean = sum(scores) / 7
    # the spread with one pseudo-pair spread evenly over the five results (weight 1/5 each)
    weights = [1.0] * 7 + [0.2] * 5
    values = [*scores, 0, 0.25, 0.5, 0.75, 1]
    center = sum(w * v for w, v in zip(weights, values, strict=True)) / 8
    var = sum(w * (v - center) ** 2 for w, v in zip(weights, values, strict=True)) / 8
    sd = math.sqrt(var * 7 / 6)
    lo, hi = score_interval(penta)
    assert mean_score(penta) == pytest.approx(mean)
    assert (lo, hi) == pytest.approx(
        (mean - 1.959964 * sd / math.sqrt(7), mean + 1.959964 * sd / math.sqrt(7))
    )
    assert elo_interval(penta) == pytest.approx((elo_from_score(lo), elo_from_score(hi)))
    assert score_interval((0, 0, 1, 0, 0)) == (0.0, 1.0)  # one pair says nothing
    lo, hi = score_interval((0, 0, 0, 0, 9))  # all alike: not certain, but high
    assert 0.8 < lo < 1.0 == hi
    assert score_interval((0, 0, 0, 0, 90))[0] > lo  # more pairs, a narrower interval


def test_bradley_terry_two_players_is_the_logistic_score() -> None:
    results = [(0, 1, 1.0)] * 7 + [(0, 1, 0.5)] * 2 + [(0, 1, 0.0)] * 3
    elo, se = bradley_terry(results, 2, prior=0)
    assert elo[0] == 0
    assert elo[1] == pytest.approx(-elo_from_score(8 / 12), abs=1e-6)
    # the observed information of 12 games at p = 2/3: 12 * p * (1 - p)
    assert se[1] == pytest.approx(400 / math.log(10) / math.sqrt(12 * 2 / 9), rel=1e-6)
    # the prior: one virtual draw, 8.5 of 13
    elo, se = bradley_terry(results, 2)
    assert elo[1] == pytest.approx(-elo_from_score(8.5 / 13), abs=1e-6)


def test_a_player_who_lost_everything_has_a_finite_rating_and_error() -> None:
    elo, se = bradley_terry([(0, 1, 1.0)] * 20 + [(1, 2, 0.5)] * 10, 3)
    assert -MAX_ELO < elo[1] < 0
    assert all(math.isfinite(e) and e < 400 for e in se[1:])


def test_bradley_terry_orders_three_players_and_fits_the_likelihood() -> None:
    results = (
        [(0, 1, 1.0)] * 6
        + [(0, 1, 0.0)] * 4
        + [(1, 2, 1.0)] * 7
        + [(1, 2, 0.0)] * 3
        + [(0, 2, 1.0)] * 8
        + [(0, 2, 0.0)] * 2
    )
    elo, se = bradley_terry(results, 3, prior=0)
    assert elo[0] == 0 > elo[1] > elo[2]
    assert all(s > 0 for s in se[1:])
    # at the maximum each player's expected wins equal its wins
    gamma = [10 ** (e / 400) for e in elo]
    for i, wins in ((0, 14), (1, 11), (2, 5)):
        expected = sum(10 * gamma[i] / (gamma[i] + gamma[j]) for j in range(3) if j != i)
        assert expected == pytest.approx(wins, abs=1e-6)


def test_sprt_llr_matches_its_formula_and_sign() -> None:
    penta = (5, 10, 30, 15, 10)
    prior = [c + 0.2 for c in penta]
    n = sum(prior)
    scores = [0, 0.25, 0.5, 0.75, 1]
    mean = sum(c * s for c, s in zip(prior, scores, strict=True)) / n
    var = sum(c * (s - mean) ** 2 for c, s in zip(prior, scores, strict=True)) / n
    s0, s1 = score_from_elo(0), score_from_elo(10)
    assert sprt_llr(penta, 0, 10) == pytest.approx(n * (s1 - s0) * (2 * mean - s0 - s1) / (2 * var))
    assert sprt_llr(penta, 0, 10) > 0 > sprt_llr(tuple(reversed(penta)), 0, 10)
    with pytest.raises(ValueError, match="elo0 < elo1"):
        SPRT(10, 0)
    # one pair decides nothing, however it went
    assert SPRT(0, 10).decide((0, 0, 0, 0, 1)) == "continue"


def _simulate(elo: float, test: SPRT, rng: random.Random, limit: int = 20000) -> tuple[str, int]:
    """Pairs of games with draw chance 0.3 between players ``elo`` apart, until the
    SPRT decides."""
    p = score_from_elo(elo)
    win, draw = p - 0.15, 0.3  # expected score of one game: win + draw / 2 = p
    counts = [0] * 5
    for n in range(1, limit + 1):
        total = 0.0
        for _ in range(2):
            r = rng.random()
            total += 1.0 if r < win else 0.5 if r < win + draw else 0.0
        counts[round(total * 2)] += 1
        verdict = test.decide(counts)
        if verdict != "continue":
            return verdict, n
    return "continue", limit


def test_sprt_accepts_the_right_hypothesis_on_synthetic_matches() -> None:
    test = SPRT(0, 20)
    rng = random.Random(7)
    strong = [_simulate(60, test, rng) for _ in range(20)]
    weak = [_simulate(-40, test, rng) for _ in range(20)]
    assert all(v == "H1" for v, _ in strong)
    assert all(v == "H0" for v, _ in weak)
    # a clear difference is decided in far fewer pairs than a close one
    close = [_simulate(10, test, rng)[1] for _ in range(10)]
    assert sum(n for _, n in strong) / 20 < sum(close) / 10
