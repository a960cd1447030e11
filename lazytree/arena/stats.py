"""The statistics of a match: scores with intervals, Elo, Bradley-Terry, SPRT, counted by pairs of
games (the pentanomial).

Examples
--------
>>> round(elo_from_score(0.75), 1)
190.8
>>> round(score_from_elo(190.84850188786498), 6)
0.75
>>> penta = pentanomial([1.0, 0.75, 0.5, 0.5, 1.0])
>>> penta
(0, 0, 2, 1, 2)
>>> lo, hi = score_interval(penta)
>>> round(mean_score(penta), 2), round(lo, 3), round(hi, 3)
(0.75, 0.489, 1.0)
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Literal

__all__ = [
    "PAIR_SCORES",
    "SPRT",
    "Z95",
    "bradley_terry",
    "elo_from_score",
    "elo_interval",
    "mean_score",
    "pentanomial",
    "score_from_elo",
    "score_interval",
    "sprt_llr",
    "with_pseudo_pair",
]

Z95 = 1.959963984540054
"""The two-sided 95% quantile of the normal distribution."""

PAIR_SCORES = (0.0, 0.25, 0.5, 0.75, 1.0)
"""A pair's possible scores (the pentanomial's categories)."""

MAX_ELO = 1000.0
"""Elo differences are clamped to this size (a score of 0 or 1 has no finite Elo)."""


def score_from_elo(elo: float) -> float:
    """The expected score of a player ``elo`` points stronger (logistic, 400 a decade)."""
    return 1.0 / (1.0 + math.pow(10.0, -elo / 400.0))


def elo_from_score(score: float) -> float:
    """The Elo difference that gives expected ``score`` (clamped to ``+-MAX_ELO``)."""
    if score <= 0.0:
        return -MAX_ELO
    if score >= 1.0:
        return MAX_ELO
    return max(-MAX_ELO, min(MAX_ELO, -400.0 * math.log10(1.0 / score - 1.0)))


def pentanomial(pair_scores: Sequence[float]) -> tuple[int, int, int, int, int]:
    """Counts of pair scores 0, 1/4, 1/2, 3/4 and 1."""
    counts = [0] * 5
    for s in pair_scores:
        k = round(s * 4)
        if not 0 <= k <= 4 or abs(s * 4 - k) > 1e-9:
            raise ValueError(f"a pair scores 0, 1/4, 1/2, 3/4 or 1, not {s}")
        counts[k] += 1
    return (counts[0], counts[1], counts[2], counts[3], counts[4])


def _moments(penta: Sequence[float]) -> tuple[float, float, float]:
    n = float(sum(penta))
    if n <= 0:
        return 0.0, 0.5, 0.0
    mean = sum(c * s for c, s in zip(penta, PAIR_SCORES, strict=True)) / n
    var = sum(c * (s - mean) ** 2 for c, s in zip(penta, PAIR_SCORES, strict=True)) / n
    return n, mean, var


def with_pseudo_pair(penta: Sequence[float]) -> list[float]:
    """``penta`` with one pseudo-pair spread evenly over the five results (a prior with
    mean 1/2, used by the interval's spread and the SPRT).

    >>> with_pseudo_pair((0, 0, 3, 0, 1))
    [0.2, 0.2, 3.2, 0.2, 1.2]
    """
    return [c + 0.2 for c in penta]


def mean_score(penta: Sequence[float]) -> float:
    """The match score (the mean pair score; 0.5 for no pairs)."""
    return _moments(penta)[1]


def score_interval(penta: Sequence[float], z: float = Z95) -> tuple[float, float]:
    """The score's 95% interval over pairs, clamped to ``[0, 1]`` (all of it for fewer than 2
    pairs), its spread taken with :func:`with_pseudo_pair`.

    >>> lo, hi = score_interval((0, 0, 0, 0, 3))
    >>> round(lo, 3), hi
    (0.613, 1.0)
    """
    n = float(sum(penta))
    if n < 2:
        return 0.0, 1.0
    mean = mean_score(penta)
    var = _moments(with_pseudo_pair(penta))[2]
    half = z * math.sqrt(var / (n - 1))
    return max(0.0, mean - half), min(1.0, mean + half)


def elo_interval(penta: Sequence[float], z: float = Z95) -> tuple[float, float]:
    """The Elo difference's interval: the score interval's ends in Elo."""
    lo, hi = score_interval(penta, z)
    return elo_from_score(lo), elo_from_score(hi)


def bradley_terry(
    results: Sequence[tuple[int, int, float]],
    players: int,
    iterations: int = 10_000,
    prior: float = 1.0,
) -> tuple[list[float], list[float]]:
    """Elo ratings and their standard errors from game results ``(i, j, s)`` (``i`` scored ``s``
    against ``j``) by the Bradley-Terry model (MM algorithm, Hunter 2004), player 0 at 0;
    ``prior`` virtual draws between every two players who met keep every rating finite.

    >>> elo, se = bradley_terry([(0, 1, 1.0)] * 3 + [(0, 1, 0.0)], 2, prior=0)
    >>> round(elo[1], 1), round(-elo_from_score(0.75), 1)
    (-190.8, -190.8)
    >>> elo, se = bradley_terry([(0, 1, 1.0)] * 6, 2)  # 6.5 of 7 with the virtual draw
    >>> round(elo[1], 1), round(-elo_from_score(6.5 / 7), 1), se[1] < 500
    (-445.6, -445.6, True)
    """
    wins = [0.0] * players
    games = [[0.0] * players for _ in range(players)]
    for i, j, s in results:
        wins[i] += s
        wins[j] += 1.0 - s
        games[i][j] += 1
        games[j][i] += 1
    for i in range(players):
        for j in range(i + 1, players):
            if games[i][j]:
                games[i][j] += prior
                games[j][i] += prior
                wins[i] += prior / 2
                wins[j] += prior / 2
    eps = 1e-9
    gamma = [1.0] * players
    for _ in range(iterations):
        new = []
        for i in range(players):
            denom = sum(games[i][j] / (gamma[i] + gamma[j]) for j in range(players) if j != i)
            w = min(max(wins[i], eps), sum(games[i]) - eps) if sum(games[i]) else 0.0
            new.append(gamma[i] if denom == 0 else max(w, eps) / denom)
        norm = new[0]
        new = [g / norm for g in new]
        change = max(abs(math.log(a) - math.log(b)) for a, b in zip(new, gamma, strict=True))
        gamma = new
        if change < 1e-12:
            break
    scale = 400.0 / math.log(10.0)
    elo = [max(-MAX_ELO, min(MAX_ELO, scale * math.log(g))) for g in gamma]
    # observed information of the log-strengths, player 0 fixed
    info = [[0.0] * players for _ in range(players)]
    for i in range(players):
        for j in range(players):
            if i != j and games[i][j]:
                p = gamma[i] / (gamma[i] + gamma[j])
                v = games[i][j] * p * (1 - p)
                info[i][i] += v
                info[i][j] -= v
    se = [0.0] * players
    if players > 1:
        sub = [row[1:] for row in info[1:]]
        inverse = _invert(sub)
        for k in range(1, players):
            var = inverse[k - 1][k - 1] if inverse is not None else math.inf
            se[k] = scale * math.sqrt(var) if math.isfinite(var) and var > 0 else math.inf
    return elo, se


def _invert(matrix: list[list[float]]) -> list[list[float]] | None:
    """Gauss-Jordan inverse of a small matrix; None when it is singular."""
    n = len(matrix)
    a = [[*row, *(1.0 if i == j else 0.0 for j in range(n))] for i, row in enumerate(matrix)]
    for col in range(n):
        pivot = max(range(col, n), key=lambda r: abs(a[r][col]))
        if abs(a[pivot][col]) < 1e-12:
            return None
        a[col], a[pivot] = a[pivot], a[col]
        p = a[col][col]
        a[col] = [x / p for x in a[col]]
        for r in range(n):
            if r != col and a[r][col]:
                f = a[r][col]
                a[r] = [x - f * y for x, y in zip(a[r], a[col], strict=True)]
    return [row[n:] for row in a]


def sprt_llr(penta: Sequence[float], elo0: float, elo1: float) -> float:
    """The log-likelihood ratio of H1 (``elo1``) against H0 (``elo0``) for the pair results
    ``penta``: the normal approximation of the generalised SPRT over the pentanomial (as
    Fishtest computes it), with :func:`with_pseudo_pair` so that the first pairs cannot decide
    the test."""
    if sum(penta) == 0:
        return 0.0
    n, mean, var = _moments(with_pseudo_pair(penta))
    s0, s1 = score_from_elo(elo0), score_from_elo(elo1)
    return n * (s1 - s0) * (2 * mean - s0 - s1) / (2 * var)


@dataclass(frozen=True)
class SPRT:
    """A sequential probability ratio test of ``elo1`` against ``elo0`` (Elo differences of
    the first player over the second), with error rates ``alpha`` and ``beta``.

    >>> test = SPRT(0, 10)
    >>> test.decide((0, 0, 0, 0, 0))
    'continue'
    >>> test.decide((0, 0, 10, 200, 10))
    'H1'
    >>> test.decide((10, 200, 10, 0, 0))
    'H0'
    """

    elo0: float
    elo1: float
    alpha: float = 0.05
    beta: float = 0.05

    def __post_init__(self) -> None:
        if not self.elo0 < self.elo1:
            raise ValueError(f"SPRT needs elo0 < elo1, got {self.elo0:g}, {self.elo1:g}")
        for name, rate in (("alpha", self.alpha), ("beta", self.beta)):
            if not 0 < rate < 0.5:
                raise ValueError(f"{name} must be between 0 and 0.5, got {rate}")

    @property
    def lower(self) -> float:
        """Accept H0 at or below this LLR."""
        return math.log(self.beta / (1 - self.alpha))

    @property
    def upper(self) -> float:
        """Accept H1 at or above this LLR."""
        return math.log((1 - self.beta) / self.alpha)

    def llr(self, penta: Sequence[float]) -> float:
        return sprt_llr(penta, self.elo0, self.elo1)

    def decide(self, penta: Sequence[float]) -> Literal["H0", "H1", "continue"]:
        """``"H1"`` (the first player is ``elo1`` stronger), ``"H0"`` or ``"continue"``."""
        llr = self.llr(penta)
        if llr >= self.upper:
            return "H1"
        if llr <= self.lower:
            return "H0"
        return "continue"
