"""A table match for 3 to 8 players: every game seats all the agents, rotated over the
same boards.

A :class:`TableSpec` names one agent per seat (a name may come more than once: one
lazytree AI against three copies of another). Board ``k`` (the start position of seed
``seed + k``) is played once per rotation of the seats, so each agent moves first,
second, ... on every board, as the arena's pairs swap two seats. An agent's score in a
game is its share of the win (1 for the winner, 1/k each in a k-way draw, else 0);
:meth:`TableResult.summary` gives each distinct agent's mean score per game with a 95%
interval over the boards (the games of one board are not independent: they share it),
against its fair share ``1 / players``.

>>> spec = TableSpec("dice-of-doom", {"rules": "chance", "size": 3, "players": 3},
...                  ("random:seed=1", "random:seed=2", "random:seed=2"), boards=2)
>>> result = run_table(spec)
>>> result.games, [a["name"] for a in result.summary()["agents"]]
(6, ['random:seed=1', 'random:seed=2'])
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterator, Mapping
from concurrent.futures import Future
from dataclasses import dataclass, field
from typing import Any

from lazytree.agents import make_ai
from lazytree.arena.play import (
    MAX_PLIES,
    GameRecord,
    GameStopped,
    check_agents,
    play_game,
    run_windowed,
)
from lazytree.games import load_game
from lazytree.gcpause import gc_paused

__all__ = ["TableResult", "TableSpec", "TableTask", "play_table_game", "run_table"]


@dataclass(frozen=True)
class TableTask:
    """One game of a table match: ``seats`` (one agent name a seat) on board ``board``
    (the start position of ``seed``), rotation ``rotation`` of the match's seating."""

    game: str
    options: Mapping[str, Any]
    seats: tuple[str, ...]
    board: int
    rotation: int
    seed: int
    max_plies: int = MAX_PLIES


@dataclass(frozen=True)
class TableSpec:
    """What to play: the game and its options (3 to 8 players), one agent name per seat
    in the first rotation, the boards, the first seed."""

    game: str
    options: Mapping[str, Any]
    agents: tuple[str, ...]
    boards: int = 25
    seed: int = 0
    max_plies: int = MAX_PLIES

    def check(self) -> None:
        """Raise ``ValueError`` (a one-line message) for a match that cannot be played."""
        if isinstance(self.boards, bool) or not isinstance(self.boards, int) or self.boards < 1:
            raise ValueError(f"boards must be a whole number >= 1, got {self.boards!r}")
        position = load_game(self.game, **self.options)
        players = position.game.num_players
        if len(self.agents) != players:
            raise ValueError(
                f"this {self.game} has {players} players: name {players} agents, one a seat "
                f"(got {len(self.agents)})"
            )
        check_agents(set(self.agents), *position)

    def tasks(self) -> Iterator[TableTask]:
        """Every game: board 0 in each rotation, then board 1, ..."""
        n = len(self.agents)
        for k in range(self.boards):
            for r in range(n):
                seats = self.agents[r:] + self.agents[:r]
                yield TableTask(
                    self.game, dict(self.options), seats, k, r, self.seed + k, self.max_plies
                )


def play_table_game(task: TableTask) -> tuple[TableTask, GameRecord]:
    """The game of ``task`` (fresh agents), inside :func:`~lazytree.gcpause.gc_paused`."""
    with gc_paused():
        agents = tuple(make_ai(name) for name in task.seats)
        record = play_game(
            task.game,
            task.options,
            agents,
            pair=task.board,
            seed=task.seed,
            max_plies=task.max_plies,
        )
    return task, record


@dataclass
class TableResult:
    """The games of a table match so far, each with its task."""

    spec: TableSpec
    games_played: list[tuple[TableTask, GameRecord]] = field(default_factory=list)
    stopped: str | None = None

    @property
    def games(self) -> int:
        return len(self.games_played)

    def summary(self) -> dict[str, Any]:
        """Each distinct agent's games, wins, mean score with its 95% interval over the
        complete boards, fair share and seconds per move: a JSON-ready dict."""
        names = list(dict.fromkeys(self.spec.agents))
        rotations = len(self.spec.agents)
        by_board: dict[int, list[tuple[TableTask, GameRecord]]] = {}
        for task, record in self.games_played:
            by_board.setdefault(task.board, []).append((task, record))
        complete = {k: v for k, v in by_board.items() if len(v) == rotations}
        agents = []
        for name in names:
            held = [  # (record, seat) of each seat the agent held
                (r, s)
                for task, r in self.games_played
                for s, n in enumerate(task.seats)
                if n == name
            ]
            games = len(held)
            wins = sum(1 for r, s in held if r.scores[s] == 1.0)
            seconds = sum(r.seconds[s] for r, s in held)
            moves = sum(r.turns[s] for r, s in held)
            per_board = []
            for played in complete.values():
                scores = [
                    r.scores[s] for t, r in played for s, n in enumerate(t.seats) if n == name
                ]
                per_board.append(sum(scores) / len(scores))
            mean, lo, hi = _interval(per_board)
            agents.append(
                {
                    "name": name,
                    "seats": self.spec.agents.count(name),
                    "games": games,
                    "wins": wins,
                    "score": round(mean, 4),
                    "score_ci": [round(lo, 4), round(hi, 4)],
                    "fair_share": round(self.spec.agents.count(name) / rotations, 4),
                    "seconds_per_move": round(seconds / moves, 4) if moves else None,
                }
            )
        data: dict[str, Any] = {
            "game": self.spec.game,
            "options": dict(self.spec.options),
            "format": "table",
            "games": self.games,
            "boards": len(complete),
            "agents": agents,
        }
        if self.stopped is not None:
            data["stopped"] = self.stopped
        return data


def _interval(values: list[float]) -> tuple[float, float, float]:
    """The mean of ``values`` and its 95% normal interval (clipped to [0, 1])."""
    if not values:
        return 0.0, 0.0, 1.0
    n = len(values)
    mean = sum(values) / n
    if n < 2:
        return mean, 0.0, 1.0
    var = sum((v - mean) ** 2 for v in values) / (n - 1)
    half = 1.96 * math.sqrt(var / n)
    return mean, max(0.0, mean - half), min(1.0, mean + half)


def run_table(
    spec: TableSpec,
    *,
    jobs: int = 1,
    on_game: Callable[[TableResult, GameRecord], None] | None = None,
) -> TableResult:
    """Play every game of ``spec`` here (``jobs=1``) or in ``jobs`` worker processes
    (joblib's loky executor), calling ``on_game`` after each."""
    spec.check()
    result = TableResult(spec)

    def take(future: Future[tuple[TableTask, GameRecord]]) -> bool:
        try:
            done = future.result()
        except GameStopped as exc:
            result.stopped = str(exc)
            return True
        result.games_played.append(done)
        if on_game is not None:
            on_game(result, done[1])
        return False

    run_windowed(play_table_game, spec.tasks(), jobs, take)
    return result
