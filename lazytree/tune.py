"""Samuel-style learning of evaluation weights from self-play (``lazytree tune``).

Play (:func:`play_for_samples`: the learner against a pool of opponents, recording each search's
leaf features and the final score), fit (:func:`fit_logistic`: Texel-style logistic regression
toward the current weights), accept (:func:`accept`: an SPRT match, only ``H1`` accepts). How:
``docs/how-to/tuning.md``.

Examples
--------
>>> import random
>>> rng = random.Random(1)
>>> xs = [[rng.uniform(-1, 1), rng.uniform(-1, 1)] for _ in range(4000)]
>>> ys = [1.0 if rng.random() < sigmoid(3 * a - 1 * b) else 0.0 for a, b in xs]
>>> b = fit_logistic(xs, ys, [0.0, 0.0], lam=0.0)
>>> abs(b[0] - 3) < 0.3 and abs(b[1] + 1) < 0.3
True
"""

from __future__ import annotations

import math
import random
import threading
from collections.abc import Callable, Hashable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from lazytree.agents import Agent, Choice, Progress, make_ai
from lazytree.arena import MatchSpec, run_match
from lazytree.arena.match import MatchResult
from lazytree.arena.play import play_game
from lazytree.arena.stats import SPRT
from lazytree.game import CHANCE, Game
from lazytree.games import load_game
from lazytree.gcpause import gc_paused
from lazytree.weights import apply_weights_file, get_weights, tunable, with_weights

__all__ = [
    "Sample",
    "SelfPlayTask",
    "TuneSpec",
    "accept",
    "coefficients_to_weights",
    "feature_names",
    "features",
    "fit_logistic",
    "play_for_samples",
    "sigmoid",
    "weights_to_coefficients",
]


def sigmoid(x: float) -> float:
    if x >= 0:
        return 1.0 / (1.0 + math.exp(-x))
    e = math.exp(x)
    return e / (1.0 + e)


# -- features and weights ------------------------------------------------------------------
def feature_names(game: Any) -> list[str]:
    """The names of the features of ``game``'s weighted evaluation, in order."""
    return list(tunable(game).feature_names())


def features(game: Any, state: Any, player: int) -> list[float]:
    """The weighted evaluation's features of ``state`` from ``player``'s side
    (:meth:`~lazytree.game.WeightedEvaluation.evaluation_features`)."""
    return tunable(game).evaluation_features(state, player)


def weights_to_coefficients(game: Any, weights: Mapping[str, float]) -> list[float]:
    """The logistic coefficients ``b`` the evaluation with ``weights`` stands for."""
    return tunable(game).weights_to_coefficients(weights)


def coefficients_to_weights(game: Any, b: Sequence[float]) -> dict[str, float]:
    """Weights from fitted coefficients, the scale weight held (a ``ValueError`` when no weights
    fit)."""
    return tunable(game).coefficients_to_weights(b)


# -- the fit -------------------------------------------------------------------------------
def _solve(a: list[list[float]], rhs: list[float]) -> list[float]:
    n = len(rhs)
    m = [[*row, r] for row, r in zip(a, rhs, strict=True)]
    for col in range(n):
        pivot = max(range(col, n), key=lambda r: abs(m[r][col]))
        if abs(m[pivot][col]) < 1e-12:
            raise ValueError("the features do not vary enough to fit (singular system)")
        m[col], m[pivot] = m[pivot], m[col]
        for r in range(n):
            if r != col:
                f = m[r][col] / m[col][col]
                m[r] = [x - f * y for x, y in zip(m[r], m[col], strict=True)]
    return [m[i][n] / m[i][i] for i in range(n)]


def _loss(
    xs: Sequence[Sequence[float]],
    ys: Sequence[float],
    b: Sequence[float],
    b0: Sequence[float],
    lam: float,
) -> float:
    total = 0.0
    for x, y in zip(xs, ys, strict=True):
        z = sum(c * v for c, v in zip(b, x, strict=True))
        p = min(max(sigmoid(z), 1e-12), 1 - 1e-12)
        total -= y * math.log(p) + (1 - y) * math.log(1 - p)
    return total / len(xs) + lam * sum((c - c0) ** 2 for c, c0 in zip(b, b0, strict=True))


def fit_logistic(
    xs: Sequence[Sequence[float]],
    ys: Sequence[float],
    b0: Sequence[float],
    *,
    lam: float = 1e-6,
    iterations: int = 50,
) -> list[float]:
    """The coefficients ``b`` minimising the mean log loss of ``sigmoid(b . x)`` against ``ys``
    plus ``lam * |b - b0|^2`` (Newton's method with step halving)."""
    if not xs:
        raise ValueError("no positions to fit")
    n = len(b0)
    b = list(b0)
    loss = _loss(xs, ys, b, b0, lam)
    count = len(xs)
    for _ in range(iterations):
        grad = [2 * lam * (c - c0) for c, c0 in zip(b, b0, strict=True)]
        hess = [[2 * lam if i == j else 0.0 for j in range(n)] for i in range(n)]
        for x, y in zip(xs, ys, strict=True):
            p = sigmoid(sum(c * v for c, v in zip(b, x, strict=True)))
            g, h = (p - y) / count, p * (1 - p) / count
            for i in range(n):
                grad[i] += g * x[i]
                hi = h * x[i]
                row = hess[i]
                for j in range(n):
                    row[j] += hi * x[j]
        for i in range(n):
            hess[i][i] += 1e-9
        step = _solve(hess, grad)
        t = 1.0
        while True:
            trial = [c - t * s for c, s in zip(b, step, strict=True)]
            new = _loss(xs, ys, trial, b0, lam)
            if new <= loss or t < 1e-6:
                break
            t /= 2
        moved = max(abs(t * s) for s in step)
        b, loss = trial, min(new, loss)
        if moved < 1e-9:
            break
    return b


# -- self-play -----------------------------------------------------------------------------
@dataclass(frozen=True)
class Sample:
    """One searched position: its features (searching player's side) and that player's
    final score."""

    x: tuple[float, ...]
    y: float


@dataclass(frozen=True)
class SelfPlayTask:
    """One seeded game (plain data for a worker): the agents by seat, the learner's
    weights file (the features are the learner's), the chance of a random move in the
    first ``random_plies`` plies."""

    game: str
    options: Mapping[str, Any]
    seats: tuple[str, str]
    seed: int
    weights: str | None
    epsilon: float = 0.1
    random_plies: int = 12
    max_plies: int = 2000


class _Recorder:
    """An agent that plays as ``agent`` and notes, at each of its searches, the features
    of the principal variation's leaf, or of its last position before a chance node (by
    ``learner``'s weights); in the first
    ``random_plies`` plies it sometimes plays a random move instead (from ``rng``)."""

    def __init__(
        self, agent: Agent, task: SelfPlayTask, rng: random.Random, seen: list[Any]
    ) -> None:
        self.agent, self.task, self.rng, self.seen = agent, task, rng, seen
        self.name = agent.name
        self.stoppable = agent.stoppable
        self.game: Any = None
        self.learner: Any = None
        self.state: Any = None
        self.plies = 0

    def start(self, game: Game[Any, Any], state: Hashable, seed: int) -> None:
        self.agent.start(game, state, seed)
        self.game, self.state = game, state
        if self.task.weights is not None:
            self.learner = apply_weights_file(game, self.task.weights)
        else:
            self.learner = with_weights(game, get_weights(game))

    def choose(
        self, *, stop: threading.Event | None = None, progress: Progress | None = None
    ) -> Choice:
        game, state = self.game, self.state
        mover = game.to_move(state)
        choice = self.agent.choose(stop=stop, progress=progress)
        result = choice.search
        if result is not None and result.pv:
            leaf = state
            for m in result.pv:
                after = game.result(leaf, m)
                if game.to_move(after) == CHANCE:  # the position the dice are rolled from
                    break
                leaf = after
            if not game.is_terminal(leaf):
                self.seen.append((tuple(features(self.learner, leaf, mover)), mover))
        task = self.task
        if self.plies < task.random_plies and self.rng.random() < task.epsilon:
            move = self.rng.choice(list(game.legal_moves(state)))
            return replace(choice, move=move)
        return choice

    def observe(self, move: Hashable) -> None:
        self.agent.observe(move)
        self.state = self.game.result(self.state, move)
        self.plies += 1


def play_for_samples(task: SelfPlayTask) -> list[Sample]:
    """Play ``task``'s game (the arena's :func:`~lazytree.arena.play.play_game`); the
    features at the end of every search's principal variation with the searching
    player's final score (nothing from a game stopped unfinished)."""
    rng = random.Random(f"tune/{task.seed}")
    seen: list[tuple[tuple[float, ...], int]] = []
    agents = tuple(_Recorder(make_ai(name), task, rng, seen) for name in task.seats)
    record = play_game(
        task.game, task.options, agents, pair=0, seed=task.seed, max_plies=task.max_plies
    )
    if record.adjudicated:
        return []
    return [Sample(x, record.scores[p]) for x, p in seen]


@dataclass(frozen=True)
class TuneSpec:
    """A tuning run: the game, the AI of the self-play games (a node budget and a depth
    cap per move), the current weights file (None: the shipped weights), earlier
    accepted ones for the pool and ``others``: more opponents by agent name (e.g. the
    book's AI, ``ror:depth=2``; none by default, see :meth:`opponents`)."""

    game: str
    options: Mapping[str, Any]
    games: int = 40
    nodes: int = 200
    depth: int | None = 3
    seed: int = 0
    weights: str | None = None
    pool: tuple[str, ...] = ()
    epsilon: float = 0.1
    lam: float = 1e-6
    others: tuple[str, ...] = field(default=())

    def agent(self, weights: str | None) -> str:
        """The self-play AI's agent name with ``weights`` (None: the game's own)."""
        name = f"default:time=none:nodes={self.nodes}"
        if self.depth is not None:
            name += f":depth={self.depth}"
        if weights is not None:
            if ":" in weights:
                raise ValueError(f"a weights file path may not contain ':' ({weights})")
            name += f":weights={weights}"
        return name

    def opponents(self) -> list[str]:
        """The pool: the current weights, earlier accepted weights, then ``others`` (none by
        default: games against a much weaker agent say who played, not what the positions
        were worth, and spoil the fit)."""
        out = [self.agent(self.weights)]
        out += [self.agent(p) for p in self.pool]
        out += list(self.others)
        return out

    def tasks(self) -> list[SelfPlayTask]:
        """Game ``k``: the current weights against opponent ``k mod len(pool)``, seats
        swapped every other round of the pool, from the board of seed ``seed + k``."""
        me = self.agent(self.weights)
        pool = self.opponents()
        out = []
        for k in range(self.games):
            other = pool[k % len(pool)]
            seats = (me, other) if (k // len(pool)) % 2 == 0 else (other, me)
            out.append(
                SelfPlayTask(
                    self.game, dict(self.options), seats, self.seed + k, self.weights, self.epsilon
                )
            )
        return out


def play_paused(task: SelfPlayTask) -> list[Sample]:
    """:func:`play_for_samples` inside :func:`~lazytree.gcpause.gc_paused`: a self-play
    worker is a driver, its searches one after another."""
    with gc_paused():
        return play_for_samples(task)


def collect(
    spec: TuneSpec, *, jobs: int = 1, on_game: Callable[[int], None] | None = None
) -> list[Sample]:
    """Play ``spec``'s games (``jobs`` worker processes) and return every sample."""
    tasks = spec.tasks()
    samples: list[Sample] = []
    if jobs <= 1:
        for task in tasks:
            samples += play_paused(task)
            if on_game is not None:
                on_game(len(samples))
        return samples
    from joblib.externals.loky import get_reusable_executor

    executor = get_reusable_executor(max_workers=jobs)
    for got in executor.map(play_paused, tasks):
        samples += got
        if on_game is not None:
            on_game(len(samples))
    return samples


def fit_weights(game: Any, samples: Sequence[Sample], *, lam: float = 1e-6) -> dict[str, float]:
    """New weights for ``game`` (whose weights are the current ones) from ``samples``."""
    current = get_weights(game)
    b0 = weights_to_coefficients(game, current)
    b = fit_logistic([s.x for s in samples], [s.y for s in samples], b0, lam=lam)
    return coefficients_to_weights(game, b)


def accept(
    spec: TuneSpec,
    candidate: str,
    *,
    pairs: int = 100,
    sprt: SPRT | None = None,
    jobs: int = 1,
    seed: int = 10_000,
    on_pair: Callable[[MatchResult, Any], None] | None = None,
) -> MatchResult:
    """The arena match of the weights in file ``candidate`` against the current ones
    (same AI, same budget): paired games with an SPRT (default ``[0, 20]`` Elo) that
    stops it as soon as it decides."""
    match = MatchSpec(
        spec.game,
        dict(spec.options),
        (spec.agent(candidate), spec.agent(spec.weights)),
        pairs=pairs,
        seed=seed,
        sprt=sprt if sprt is not None else SPRT(0.0, 20.0),
    )
    return run_match(match, jobs=jobs, on_pair=on_pair)


def current_game(spec: TuneSpec) -> Any:
    """The game of ``spec`` rating with its current weights."""
    game = load_game(spec.game, **dict(spec.options)).game
    if spec.weights is not None:
        return apply_weights_file(game, spec.weights)
    return game
