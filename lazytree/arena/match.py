"""A match: every two named agents meet in pairs of games, on local cores or Dask.

:func:`run_match` plays the pairs of a :class:`MatchSpec` (pair ``k`` of every
meeting starts from the position of seed ``seed + k``, so all meetings see the same
boards), in this process (``jobs=1``), in worker processes (joblib's loky executor)
or on a Dask cluster (``dask=ADDRESS`` or a ``distributed.Client``), calls
``on_pair`` with each finished pair, and stops early when the SPRT decides.
:class:`MatchResult` sums it up per agent and per meeting.

Examples
--------
>>> spec = MatchSpec("dice-of-doom", {"rules": "lisp", "size": 2}, ("lol2", "random"), pairs=3)
>>> result = run_match(spec)
>>> result.games, [a.name for a in result.agents()]
(6, ['lol2', 'random'])
"""

from __future__ import annotations

import itertools
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Literal

from lazytree.arena.play import (
    MAX_PLIES,
    GameRecord,
    GameStopped,
    PairTask,
    check_agents,
    play_pair,
    run_windowed,
)
from lazytree.arena.stats import (
    SPRT,
    bradley_terry,
    elo_from_score,
    elo_interval,
    mean_score,
    pentanomial,
    score_interval,
)
from lazytree.games import load_game
from lazytree.gcpause import gc_paused

__all__ = ["AgentSummary", "MatchResult", "MatchSpec", "run_match"]


@dataclass(frozen=True)
class MatchSpec:
    """What to play: the game and its options, two or more agent names, pairs per
    meeting, the first seed, an optional SPRT (two agents only)."""

    game: str
    options: Mapping[str, Any]
    agents: tuple[str, ...]
    pairs: int = 50
    seed: int = 0
    sprt: SPRT | None = None
    max_plies: int = MAX_PLIES

    def check(self) -> None:
        """Raise ``ValueError`` (a one-line message) for a match that cannot be played."""
        if len(self.agents) < 2:
            raise ValueError("a match needs at least 2 agents")
        if isinstance(self.pairs, bool) or not isinstance(self.pairs, int) or self.pairs < 1:
            raise ValueError(f"pairs must be a whole number >= 1, got {self.pairs!r}")
        if len(set(self.agents)) != len(self.agents):
            raise ValueError(
                "each agent must be named once (two alike can differ in a parameter "
                "written differently, e.g. default:time=1 and default:time=1.0)"
            )
        if self.sprt is not None and len(self.agents) != 2:
            raise ValueError("the SPRT compares exactly 2 agents")
        position = load_game(self.game, **self.options)
        if position.game.num_players != 2:
            raise ValueError(
                f"the arena plays two-player games; this {self.game} has "
                f"{position.game.num_players} players"
            )
        check_agents(self.agents, *position)

    def meetings(self) -> list[tuple[int, int]]:
        """Every two agents (by index), in order."""
        return list(itertools.combinations(range(len(self.agents)), 2))

    def tasks(self) -> Iterator[PairTask]:
        """The pairs to play: pair 0 of every meeting, then pair 1, ..."""
        for k in range(self.pairs):
            for i, j in self.meetings():
                yield PairTask(
                    self.game,
                    dict(self.options),
                    (self.agents[i], self.agents[j]),
                    k,
                    self.seed + k,
                    self.max_plies,
                )


@dataclass
class AgentSummary:
    """One agent's results over the match (against everybody)."""

    name: str
    wins: int = 0
    draws: int = 0
    losses: int = 0
    pair_scores: list[float] = field(default_factory=list)
    seconds: float = 0.0
    moves: int = 0
    nodes: int = 0
    elo: float = 0.0
    elo_se: float = 0.0

    @property
    def games(self) -> int:
        return self.wins + self.draws + self.losses

    @property
    def pentanomial(self) -> tuple[int, int, int, int, int]:
        return pentanomial(self.pair_scores)

    @property
    def score(self) -> float:
        return mean_score(self.pentanomial)

    def as_dict(self, two: bool) -> dict[str, Any]:
        lo, hi = score_interval(self.pentanomial)
        if two:
            elo = elo_from_score(self.score)
            elo_lo, elo_hi = elo_interval(self.pentanomial)
        else:
            elo = self.elo
            elo_lo, elo_hi = self.elo - 1.96 * self.elo_se, self.elo + 1.96 * self.elo_se
        return {
            "name": self.name,
            "games": self.games,
            "wins": self.wins,
            "draws": self.draws,
            "losses": self.losses,
            "score": round(self.score, 4),
            "score_ci": [round(lo, 4), round(hi, 4)],
            "elo": round(elo, 1),
            "elo_ci": [round(elo_lo, 1), round(elo_hi, 1)],
            "pentanomial": list(self.pentanomial),
            "seconds_per_move": round(self.seconds / self.moves, 4) if self.moves else None,
            "nodes_per_move": round(self.nodes / self.moves, 1) if self.moves else None,
        }


@dataclass
class MatchResult:
    """The games of a match so far, and their sums."""

    spec: MatchSpec
    records: list[GameRecord] = field(default_factory=list)
    sprt_result: Literal["H0", "H1", "continue"] | None = None
    stopped: str | None = None
    """Why the match ended before its last pair (a game no agent could finish)."""

    @property
    def games(self) -> int:
        return len(self.records)

    def add_pair(self, first: GameRecord, second: GameRecord) -> None:
        self.records += [first, second]
        if self.spec.sprt is not None:
            self.sprt_result = self.spec.sprt.decide(self.meeting_pentanomial(0, 1))

    def _pairs(self) -> dict[tuple[int, int, str, str], list[GameRecord]]:
        return _by_pair(self.records)

    @classmethod
    def from_records(cls, records: Sequence[GameRecord]) -> MatchResult:
        """The match that ``records`` (games of ``--out`` files) come from: their game and
        options, the agents in order of appearance, the complete pairs only. ``ValueError``
        for games of different games or options, and for a pair given twice.

        >>> from lazytree.arena.play import play_pair
        >>> spec = MatchSpec("tictactoe", {}, ("random:seed=1", "random:seed=2"), pairs=2)
        >>> games = [g for task in spec.tasks() for g in play_pair(task)]
        >>> again = MatchResult.from_records(games[:3])  # the last pair unfinished
        >>> again.spec.agents, again.games
        (('random:seed=1', 'random:seed=2'), 2)
        """
        if not records:
            raise ValueError("no games to sum up")
        first = records[0]
        for r in records:
            if (r.game, r.options) != (first.game, first.options):
                raise ValueError(
                    f"games of different matches: {first.game} {first.options} and "
                    f"{r.game} {r.options}"
                )
        kept: list[GameRecord] = []
        pairs = _by_pair(records)
        # the first game of a pair seats the agents in the match's order: sort by that
        before: dict[str, set[str]] = {}
        for games in pairs.values():
            a, b = games[0].seats
            before.setdefault(a, set())
            before.setdefault(b, set()).add(a)
        names: list[str] = []
        while before:
            ready = [n for n, after in before.items() if not after - set(names)]
            name = ready[0] if ready else next(iter(before))
            names.append(name)
            del before[name]
        for (pair, seed, a, b), games in pairs.items():
            if len(games) > 2:
                raise ValueError(f"pair {pair} (seed {seed}) of {a} and {b} is given twice")
            if len(games) == 2:
                kept += games
        spec = MatchSpec(first.game, first.options, tuple(names), pairs=max(1, len(pairs)))
        return cls(spec, kept)

    def meeting_pentanomial(self, i: int, j: int) -> tuple[int, int, int, int, int]:
        """The pair results of agent ``i`` against agent ``j``."""
        return pentanomial(self._pair_scores(i, j))

    def _pair_scores(self, i: int, j: int) -> list[float]:
        a, b = self.spec.agents[i], self.spec.agents[j]
        scores = []
        for pair in self._pairs().values():
            if len(pair) == 2 and set(pair[0].seats) == {a, b}:
                scores.append((pair[0].score_of(a) + pair[1].score_of(a)) / 2)
        return scores

    def agents(self) -> list[AgentSummary]:
        """Each agent's sums, with Bradley-Terry ratings (the first agent at 0)."""
        names = self.spec.agents
        out = [AgentSummary(n) for n in names]
        index = {n: k for k, n in enumerate(names)}
        results: list[tuple[int, int, float]] = []
        for r in self.records:
            ks = [index[n] for n in r.seats]
            for seat, k in enumerate(ks):
                s = r.scores[seat]
                p = out[k]
                if s == 1:
                    p.wins += 1
                elif s == 0:
                    p.losses += 1
                else:
                    p.draws += 1
                p.seconds += r.seconds[seat]
                p.moves += r.turns[seat]
                p.nodes += r.nodes[seat]
            results.append((ks[0], ks[1], r.scores[0]))
        for i, j in self.spec.meetings():
            scores = self._pair_scores(i, j)
            out[i].pair_scores += scores
            out[j].pair_scores += [1 - s for s in scores]
        if results:
            elo, se = bradley_terry(results, len(names))
            for p, e, s in zip(out, elo, se, strict=True):
                p.elo, p.elo_se = e, s
        return out

    def meetings(self) -> list[dict[str, Any]]:
        """Each meeting's complete pairs: the first agent's pentanomial and score with
        its 95% interval."""
        out = []
        for i, j in self.spec.meetings():
            pent = self.meeting_pentanomial(i, j)
            lo, hi = score_interval(pent)
            out.append(
                {
                    "agents": [self.spec.agents[i], self.spec.agents[j]],
                    "pairs": sum(pent),
                    "pentanomial": list(pent),
                    "score": round(mean_score(pent), 4) if sum(pent) else None,
                    "score_ci": [round(lo, 4), round(hi, 4)],
                }
            )
        return out

    def summary(self) -> dict[str, Any]:
        """The match as a JSON-ready dict (the ``--json`` output)."""
        two = len(self.spec.agents) == 2
        data: dict[str, Any] = {
            "game": self.spec.game,
            "options": dict(self.spec.options),
            "games": self.games,
            "pairs": self.games // 2,
            "agents": [a.as_dict(two) for a in self.agents()],
            "elo_reference": None if two else self.spec.agents[0],
            "meetings": self.meetings(),
        }
        if self.stopped is not None:
            data["stopped"] = self.stopped
        if self.spec.sprt is not None:
            t = self.spec.sprt
            data["sprt"] = {
                "elo0": t.elo0,
                "elo1": t.elo1,
                "alpha": t.alpha,
                "beta": t.beta,
                "llr": round(t.llr(self.meeting_pentanomial(0, 1)), 4),
                "bounds": [round(t.lower, 4), round(t.upper, 4)],
                "result": self.sprt_result or "continue",
            }
        return data


def _by_pair(records: Iterable[GameRecord]) -> dict[tuple[int, int, str, str], list[GameRecord]]:
    """The games of each pair: the same pair number and seed, the same two agents."""
    out: dict[tuple[int, int, str, str], list[GameRecord]] = {}
    for r in records:
        low, high = sorted(r.seats)
        out.setdefault((r.pair, r.seed, low, high), []).append(r)
    return out


def play_paused_pair(task: PairTask) -> tuple[GameRecord, GameRecord]:
    """:func:`~lazytree.arena.play.play_pair` inside :func:`~lazytree.gcpause.gc_paused` (a
    worker is a driver)."""
    with gc_paused():
        return play_pair(task)


def run_match(
    spec: MatchSpec,
    *,
    jobs: int = 1,
    dask: Any = None,
    on_pair: Callable[[MatchResult, tuple[GameRecord, GameRecord]], None] | None = None,
) -> MatchResult:
    """Play ``spec``'s pairs and return the results, in the order they finished: in ``jobs``
    worker processes or on the ``dask`` cluster (a ``distributed.Client`` or an address),
    ``on_pair(result, pair)`` after each pair; an SPRT stops the match once it decides."""
    spec.check()
    result = MatchResult(spec)
    tasks = list(spec.tasks())
    if dask is not None:
        _run_dask(tasks, result, dask, on_pair)
        return result
    run_windowed(play_paused_pair, tasks, jobs, lambda done: _take(result, done, on_pair))
    return result


def _take(
    result: MatchResult,
    done: Any,
    on_pair: Callable[[MatchResult, tuple[GameRecord, GameRecord]], None] | None,
) -> bool:
    """Add a finished pair (a future); True when the match ends: the SPRT has decided,
    or a game could not be finished (``result.stopped`` says why)."""
    try:
        pair = done.result()
    except GameStopped as exc:
        result.stopped = str(exc)
        return True
    result.add_pair(*pair)
    if on_pair is not None:
        on_pair(result, pair)
    return result.sprt_result in ("H0", "H1")


def _run_dask(
    tasks: list[PairTask],
    result: MatchResult,
    dask: Any,
    on_pair: Callable[[MatchResult, tuple[GameRecord, GameRecord]], None] | None,
) -> None:
    try:
        from distributed import Client
        from distributed import as_completed as dask_completed
    except ImportError:
        raise RuntimeError(
            "--dask needs the distributed package: pip install 'lazytree[dask]'"
        ) from None
    client = dask if isinstance(dask, Client) else Client(dask)
    try:
        futures = client.map(play_paused_pair, tasks, pure=False)
        stream = dask_completed(futures)
        for future in stream:
            if _take(result, future, on_pair):
                client.cancel(futures)
                break
    finally:
        if client is not dask:
            client.close()
