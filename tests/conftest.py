"""Shared fixtures (name them as arguments): ``tictactoe``, ``lecture_tree``,
``dice_3x3`` (each a fresh ``Position``) and ``rng``. The shared helpers (the command
line runner, random trees and positions) are in :mod:`tests.helpers`."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from lazytree.games import Position, load_game


@pytest.fixture
def tictactoe() -> Position:
    """Tic-tac-toe and its empty board."""
    return load_game("tictactoe")


@pytest.fixture
def lecture_tree() -> Position:
    """The lecture's three-ply tree game (``lazytree.games.tree_game``) and its root."""
    return load_game("tree")


@pytest.fixture
def dice_3x3() -> Position:
    """A 3x3 Dice of Doom board (Realm of Racket rules, seed 1)."""
    return load_game("dice-of-doom", size=3, seed=1)


@pytest.fixture
def rng() -> random.Random:
    """A seeded ``random.Random`` (the same draws in every run)."""
    return random.Random(0)


SLOW_FOLDERS = ("browser",)
"""Folders of ``tests/`` whose every test is ``slow``: each drives a real Chromium
against a served page (seconds apiece), so ``make check`` leaves them to ``make test``."""

ANY_CORE = ("browser", "test_pyodide.py", "test_wheel.py")
"""Folders and files of ``tests/`` whose every test is ``any_core``: what they check does
not change with the core the suite runs on (the front end in a browser, Python inside
Pyodide, the wheel they build themselves), so ``make test`` runs them once, on the
compiled core. (A test elsewhere that runs both cores itself, a benchmark's, is marked
``any_core`` where it stands.)"""


@pytest.hookimpl(tryfirst=True)  # before pytest's own hook deselects by -m
def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Mark every test in :data:`SLOW_FOLDERS` ``slow``, in :data:`ANY_CORE` ``any_core``."""
    root = Path(__file__).parent
    for item in items:
        parts = item.path.relative_to(root).parts if item.path.is_relative_to(root) else ()
        if parts and parts[0] in SLOW_FOLDERS:
            item.add_marker(pytest.mark.slow)
        if parts and parts[0] in ANY_CORE:
            item.add_marker(pytest.mark.any_core)
