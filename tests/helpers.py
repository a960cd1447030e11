"""Shared test helpers (import them: ``from tests.helpers import cli``): the one
command-line runner, random hand-built trees, small Dice of Doom positions and the
independent searches the traced ones are checked against (:func:`textbook`,
:func:`expectiminimax_of`). The
shared fixtures are in ``tests/conftest.py``."""

from __future__ import annotations

import math
import random
from collections.abc import Sequence
from typing import Any

import pytest
from typer.testing import CliRunner, Result

from lazytree.cli import app, common
from lazytree.games.dice_of_doom import DiceOfDoom, DiceState

_RUNNER = CliRunner()


def cli(args: Sequence[str], input: str | None = None) -> Result:
    """Run ``lazytree ARGS`` in this process (typer's CliRunner): the result has
    ``exit_code``, ``stdout``, ``stderr`` and ``output`` (both). The plain progress lines
    a long command writes to a stderr that is not a terminal are held back, so what a
    test reads does not depend on the machine's load (a subprocess run still gets them)."""
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(common, "PROGRESS_EVERY", math.inf)
        return _RUNNER.invoke(app, list(args), input=input)


def run(*args: str, input: str | None = None) -> tuple[int, str, str]:
    """:func:`cli` with the arguments spread: ``(exit code, stdout, stderr)``."""
    result = cli(args, input=input)
    return result.exit_code, result.stdout, result.stderr


def random_tree(rng: random.Random, depth: int, branching: tuple[int, int] = (1, 4)) -> Any:
    """A nested-list tree with ragged depth and small integer leaves (many ties)."""
    if depth == 0 or rng.random() < 0.15:
        return rng.randint(-5, 5)
    return [random_tree(rng, depth - 1, branching) for _ in range(rng.randint(*branching))]


def random_dice_position(
    rng: random.Random, size: int = 3, players: int = 2
) -> tuple[DiceOfDoom, DiceState]:
    """A random start-of-turn Dice of Doom position with random owners."""
    game = DiceOfDoom(size=size, players=players)
    n = size * size
    while True:
        owners = tuple(rng.randrange(players) for _ in range(n))
        dice = tuple(rng.randint(1, 3) for _ in range(n))
        state = game.make_state(owners, dice, rng.randrange(players), rng.choice([0, 2, 10]))
        if not game.is_terminal(state):
            return game, state


def textbook(
    spec: Any, depth: int, path: tuple[int, ...], alpha: float, beta: float, maximizing: bool,
    steps: list[tuple[Any, ...]], order: str = "update-first",
) -> float:  # fmt: skip
    """The lectures' alpha-beta over nested lists, recording the same steps: a leaf (the
    depth limit or the end of the tree) is one step; at a cut-off the window shown is the
    raised one (``update-first``) or the one the child was searched with (``test-first``)."""
    if depth == 0 or not isinstance(spec, list):
        value = float(spec) if not isinstance(spec, list) else 0.0
        steps.append((path, "leaf", alpha, beta, value))
        return value
    steps.append((path, "enter", alpha, beta, None))
    value = -math.inf if maximizing else math.inf
    for i, child in enumerate(spec):
        v = textbook(child, depth - 1, (*path, i), alpha, beta, not maximizing, steps, order)
        value = max(value, v) if maximizing else min(value, v)
        raised = (max(alpha, value), beta) if maximizing else (alpha, min(beta, value))
        if raised[0] >= raised[1]:
            if order == "update-first":
                alpha, beta = raised
            steps.append((path, "update", alpha, beta, value))
            steps.append((path, "cutoff", alpha, beta, value))
            break
        alpha, beta = raised
        steps.append((path, "update", alpha, beta, value))
    steps.append((path, "exit", alpha, beta, value))
    return value


def expectiminimax_of(spec: Any, depth: int, maximizing: bool = True) -> tuple[float, int]:
    """Plain expectiminimax over a hand-built tree's spec (nested lists, ``{"chance":
    [[p, subtree], ...]}``, ``{"eval": v, "children": [...]}``), values for MAX, a chance
    node a ply: its value and how many positions it evaluated (every one within
    ``depth``: it prunes nothing)."""
    if isinstance(spec, dict) and "chance" in spec:
        if depth == 0:
            return 0.0, 1
        rated = [
            (p, *expectiminimax_of(child, depth - 1, maximizing)) for p, child in spec["chance"]
        ]
        return sum(p * v for p, v, _ in rated), sum(n for _, _, n in rated)
    children = spec["children"] if isinstance(spec, dict) else spec
    if not isinstance(children, list):
        return float(children), 1
    if depth == 0:
        return float(spec["eval"]) if isinstance(spec, dict) else 0.0, 1
    rated_children = [expectiminimax_of(child, depth - 1, not maximizing) for child in children]
    values = [v for v, _ in rated_children]
    return (max if maximizing else min)(values), sum(n for _, n in rated_children)


def quiescence_alphabeta(
    game: Any, state: Any, depth: int, plies: int, alpha: float, beta: float, player: int,
    steps: list[tuple[Any, ...]],
) -> float:  # fmt: skip
    """Textbook alpha-beta over a game's own moves with ``plies`` of quiescence past
    ``depth`` (the noisy moves only, each node there standing pat on its own evaluation
    first), recording ``(state, event, alpha, beta, value, past the depth)`` steps."""
    moves = list(game.legal_moves(state))
    past = depth <= 0
    if past and depth > -plies:
        moves = [m for m in moves if game.is_noisy(state, m)]
    if depth <= -plies or not moves:
        value = float(game.evaluate(state, player))
        steps.append((state, "leaf", alpha, beta, value, depth < 0))
        return value
    steps.append((state, "enter", alpha, beta, None, past))
    maximizing = game.to_move(state) == player
    value = -math.inf if maximizing else math.inf

    def rated() -> Any:  # late binding: each child is searched with the window of then
        if past:
            yield float(game.evaluate(state, player))  # standing pat
        for m in moves:
            child = game.result(state, m)
            yield quiescence_alphabeta(game, child, depth - 1, plies, alpha, beta, player, steps)

    for v in rated():
        value = max(value, v) if maximizing else min(value, v)
        alpha, beta = (max(alpha, value), beta) if maximizing else (alpha, min(beta, value))
        steps.append((state, "update", alpha, beta, value, past))
        if alpha >= beta:
            steps.append((state, "cutoff", alpha, beta, value, past))
            break
    steps.append((state, "exit", alpha, beta, value, past))
    return value
