"""Play one arena game, and one pair of games (the same start, seats swapped).

A :class:`PairTask` is plain data (game name and options, agent names, seed), so it
can be sent to a worker process or a Dask worker; :func:`play_pair` builds the game
and the agents there and returns two :class:`GameRecord` objects. The same task gives
the same games wherever it runs, as long as the agents are limited by nodes or
playouts rather than by a clock.

Examples
--------
>>> task = PairTask("dice-of-doom", {"rules": "lisp", "size": 2}, ("ror", "random"), 0, 7)
>>> first, second = play_pair(task)
>>> first.seats, second.seats
(('ror', 'random'), ('random', 'ror'))
>>> first.record()["session"]["start"] == second.record()["session"]["start"]
True
"""

from __future__ import annotations

import itertools
import random
from collections.abc import Callable, Hashable, Iterable, Mapping, Sequence
from concurrent.futures import Future, as_completed
from dataclasses import dataclass, field
from typing import Any, Final

from lazytree.agents import Agent, AgentError, make_ai
from lazytree.game import CHANCE, Game, RollingGame
from lazytree.games import GAMES, load_game
from lazytree.search.limit import SearchStopped
from lazytree.session import FORMAT, FORMAT_VERSION, start_options

__all__ = [
    "MAX_PLIES",
    "GameRecord",
    "GameStopped",
    "PairTask",
    "check_agents",
    "play_game",
    "play_pair",
    "run_windowed",
    "session_document",
]


class GameStopped(RuntimeError):
    """An agent could not choose a move within its budget (a fixed-depth search that
    ran out of memory has no shallower answer): the game cannot be finished."""


MAX_PLIES: Final = 10_000
"""Moves after which an unfinished game is stopped and scored as a draw."""


@dataclass(frozen=True)
class PairTask:
    """Two games to play: ``agents`` (two names) from the start position of ``seed``,
    once in this seat order and once swapped. ``index`` numbers the pair in its match."""

    game: str
    options: Mapping[str, Any]
    agents: tuple[str, str]
    index: int
    seed: int
    max_plies: int = MAX_PLIES


@dataclass
class GameRecord:
    """One finished game: who sat where, the moves in notation, the result and the cost;
    ``scores[k]`` is seat ``k``'s score (1 win, 1/2 draw, 0 loss),
    ``seconds``/``moves``/``nodes`` per seat."""

    game: str
    options: dict[str, Any]
    start: dict[str, Any]
    seats: tuple[str, ...]
    pair: int
    seed: int
    moves: list[str] = field(default_factory=list)
    scores: tuple[float, ...] = ()
    seconds: list[float] = field(default_factory=list)
    turns: list[int] = field(default_factory=list)
    nodes: list[int] = field(default_factory=list)
    adjudicated: bool = False

    def score_of(self, name: str) -> float:
        """The score of the agent called ``name`` in this game."""
        return self.scores[self.seats.index(name)]

    def record(self) -> dict[str, Any]:
        """The JSONL line: the arena's facts and, under ``session``, a saved session
        :meth:`lazytree.session.Session.load` replays."""
        return {
            "pair": self.pair,
            "seed": self.seed,
            "agents": list(self.seats),
            "scores": list(self.scores),
            "adjudicated": self.adjudicated,
            "seconds": [round(s, 6) for s in self.seconds],
            "moves": self.turns,
            "nodes": self.nodes,
            "session": session_document(self.game, self.options, self.start, self.moves),
        }

    @classmethod
    def from_record(cls, data: Mapping[str, Any]) -> GameRecord:
        """The game of a JSONL line :meth:`record` wrote (to sum up a file again; older
        files name the agents under ``players``)."""
        session = data["session"]
        return cls(
            game=session["game"],
            options=dict(session["options"]),
            start=dict(session["start"]),
            seats=tuple(data["agents"] if "agents" in data else data["players"]),
            pair=data["pair"],
            seed=data["seed"],
            moves=list(session["moves"]),
            scores=tuple(data["scores"]),
            seconds=list(data["seconds"]),
            turns=list(data["moves"]),
            nodes=list(data["nodes"]),
            adjudicated=data["adjudicated"],
        )


def session_document(
    game: str, options: Mapping[str, Any], start: Mapping[str, Any], moves: list[str]
) -> dict[str, Any]:
    """A saved session of a replay: every seat a human, the moves as played."""
    players = load_game(game, **{**options, **start}).game.num_players
    return {
        "format": FORMAT,
        "version": FORMAT_VERSION,
        "game": game,
        "options": dict(options),
        "start": dict(start),
        "seats": ["human"] * players,
        "seed": None,
        "moves": list(moves),
    }


def match_scores(returns: Sequence[float]) -> tuple[float, ...]:
    """Each seat's match score from a game's ``returns``: the best return shares 1
    (1 alone, 1/k in a k-way tie), the others 0 (checkers returns -1/0/1).

    >>> match_scores((-1.0, 1.0)), match_scores((0.0, 0.0)), match_scores((0.5, 0.5))
    ((0.0, 1.0), (0.5, 0.5), (0.5, 0.5))
    """
    top = max(returns)
    k = sum(1 for r in returns if r == top)
    return tuple(1.0 / k if r == top else 0.0 for r in returns)


def _roll(game: Game[Any, Any], state: Any, rng: random.Random) -> Hashable:
    if isinstance(game, RollingGame):
        return game.roll_outcome(state, rng)[0]  # type: ignore[no-any-return]
    moves = list(game.legal_moves(state))
    weights = [game.outcome_probability(state, m) for m in moves]  # type: ignore[attr-defined]
    return rng.choices(moves, weights)[0]  # type: ignore[no-any-return]


def play_game(
    game_name: str,
    options: Mapping[str, Any],
    agents: tuple[Agent, ...],
    *,
    pair: int,
    seed: int,
    max_plies: int = MAX_PLIES,
) -> GameRecord:
    """Play one game of ``agents`` (seat ``k`` is ``agents[k]``) from the start position
    of ``options`` with ``seed``; the dice (chance moves) are rolled from ``seed`` too."""
    spec = GAMES[game_name]
    opts = dict(options)
    if "seed" in {o.name for o in spec.options} and opts.get("board") is None:
        opts["seed"] = seed
    position = load_game(game_name, **opts)
    game, state = position.game, position.state
    if len(agents) != game.num_players:
        raise ValueError(f"{game_name} is for {game.num_players} players, got {len(agents)}")
    record = GameRecord(
        game=game_name,
        options={k: v for k, v in options.items() if k not in ("seed", "board", "player")},
        start=start_options(game, state),
        seats=tuple(a.name for a in agents),
        pair=pair,
        seed=seed,
        seconds=[0.0] * len(agents),
        turns=[0] * len(agents),
        nodes=[0] * len(agents),
    )
    for k, agent in enumerate(agents):
        agent.start(game, state, seed * 31 + k)
    dice = random.Random(f"dice/{seed}")
    plies = 0
    while not game.is_terminal(state):
        if plies >= max_plies:
            record.adjudicated = True
            break
        mover = game.to_move(state)
        if mover == CHANCE:
            move = _roll(game, state, dice)
        else:
            try:
                choice = agents[mover].choose()
            except SearchStopped as why:
                raise GameStopped(
                    f"{agents[mover].name} could not move at ply {plies} of the game of "
                    f"seed {seed}: {why} (lower its depth)"
                ) from None
            move = choice.move
            record.seconds[mover] += choice.seconds
            record.turns[mover] += 1
            record.nodes[mover] += choice.nodes
        record.moves.append(game.move_to_str(state, move))
        for agent in agents:
            agent.observe(move)
        state = game.result(state, move)
        plies += 1
    if record.adjudicated:
        record.scores = tuple(1.0 / len(agents) for _ in agents)
    else:
        record.scores = match_scores(game.returns(state))
    return record


def play_pair(task: PairTask) -> tuple[GameRecord, GameRecord]:
    """Both games of ``task``: its seat order, then swapped (fresh agents each game)."""
    a, b = task.agents
    out = []
    for seats in ((a, b), (b, a)):
        agents = (make_ai(seats[0]), make_ai(seats[1]))
        out.append(
            play_game(
                task.game,
                task.options,
                agents,
                pair=task.index,
                seed=task.seed,
                max_plies=task.max_plies,
            )
        )
    return out[0], out[1]


def check_agents(names: Iterable[str], game: Game[Any, Any], state: Hashable) -> None:
    """Make each agent named and start it on the position: an :class:`AgentError` (one line)
    for a bad name, ``human``, or an agent that cannot play the game."""
    for name in names:
        agent = make_ai(name)
        try:
            agent.start(game, state, 0)
        except AgentError:
            raise
        except (TypeError, ValueError) as exc:
            raise AgentError(f"{name}: {exc}") from None


class _Inline:
    """An executor that runs each task when it is submitted (``jobs=1``)."""

    def submit(self, fn: Callable[..., Any], *args: Any) -> Future[Any]:
        future: Future[Any] = Future()
        try:
            future.set_result(fn(*args))
        except BaseException as exc:
            future.set_exception(exc)
        return future


def run_windowed(
    fn: Callable[[Any], Any], tasks: Iterable[Any], jobs: int, take: Callable[[Future[Any]], bool]
) -> None:
    """``fn`` of each task here (``jobs`` 1) or in ``jobs`` worker processes (joblib's loky
    executor), at most twice ``jobs`` at once; ``take`` gets each future as it finishes and
    returns True to stop (the tasks not started are cancelled)."""
    executor: Any = _Inline()
    if jobs > 1:
        from joblib.externals.loky import get_reusable_executor

        executor = get_reusable_executor(max_workers=jobs)
    it = iter(tasks)
    pending = {executor.submit(fn, task) for task in itertools.islice(it, max(1, jobs) * 2)}
    try:
        while pending:
            done = next(as_completed(pending))
            pending.discard(done)
            if take(done):
                break
            nxt = next(it, None)
            if nxt is not None:
                pending.add(executor.submit(fn, nxt))
    finally:
        for f in pending:
            f.cancel()
