"""Shared test helpers (import them: ``from tests.helpers import cli``): the one
command-line runner, random hand-built trees and small Dice of Doom positions. The
shared fixtures are in ``tests/conftest.py``."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from typer.testing import CliRunner, Result

from lazytree.cli import app
from lazytree.games.dice_of_doom import DiceOfDoom, DiceState

_RUNNER = CliRunner()


def cli(args: Sequence[str], input: str | None = None) -> Result:
    """Run ``lazytree ARGS`` in this process (typer's CliRunner): the result has
    ``exit_code``, ``stdout``, ``stderr`` and ``output`` (both)."""
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
