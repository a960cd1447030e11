"""``--rater mcts`` in ``analyse`` and ``explore``: UCT (:mod:`lazytree.search.mcts`).

MCTS is not one of :data:`lazytree.search.RATERS`: a rater searches to a depth and
raises :class:`~lazytree.search.SearchStopped` when a budget runs out before it, while
UCT has no depth and answers with its most visited move whenever it stops. So the two
commands run it themselves: ``--playouts`` iterations (or until ``--time``), within the
command's node and memory budgets, its random playouts drawn from ``--search-seed``.
"""

from __future__ import annotations

import random
from typing import Annotated, Any, Optional

import typer

from lazytree.cli.common import conflict, fail, given, human_size, plural
from lazytree.search import RATERS, Limit, SearchResult
from lazytree.search.mcts import MCTS
from lazytree.tree import Tree

__all__ = [
    "DEFAULT_PLAYOUTS",
    "MCTS_NAME",
    "PlayoutsOption",
    "SearchSeedOption",
    "check_mcts",
    "mcts_stopped",
    "run_mcts",
]

MCTS_NAME = "mcts"
DEFAULT_PLAYOUTS = 1000
"""Playouts of ``--rater mcts`` without ``--playouts`` or ``--time``."""

RATER_HELP = "; mcts: UCT on the lazy tree (--playouts, --time, --search-seed; no depth)"
"""What the ``--rater`` help adds about mcts."""

PlayoutsOption = Annotated[
    Optional[int],  # noqa: UP045
    typer.Option(
        "--playouts",
        min=1,
        help=f"With --rater mcts: iterations of UCT (default {DEFAULT_PLAYOUTS}, or as "
        "many as --time allows).",
        show_default=False,
    ),
]
SearchSeedOption = Annotated[
    int,
    typer.Option(
        "--search-seed",
        help="With --rater mcts: the seed of its random playouts (the same seed, the same search).",
    ),
]


def check_mcts(rater: str | None, *, depth_flags: tuple[str, ...] = ("--depth",)) -> bool:
    """True when ``rater`` is mcts; a one-line error for an unknown rater (naming mcts
    among the known ones) and for options that do not fit."""
    if rater is not None and rater != MCTS_NAME and rater not in RATERS:
        fail(f"unknown rater {rater!r} (known: {', '.join(sorted([*RATERS, MCTS_NAME]))})")
    if rater != MCTS_NAME:
        for flag in ("--playouts", "--search-seed"):
            if given(flag.removeprefix("--").replace("-", "_")):
                conflict(flag, f"--rater {rater or '(default)'}", f"{flag} is for --rater mcts")
        return False
    for flag in depth_flags:
        if given(flag.removeprefix("--")):
            conflict(flag, "--rater mcts", "MCTS has no depth: --playouts or --time bound it")
    return True


def run_mcts(
    tree: Tree[Any, Any], limit: Limit, playouts: int | None, seed: int
) -> tuple[SearchResult[Any], MCTS]:
    """UCT from ``tree.root`` within ``limit`` (its depth ignored): ``playouts``
    iterations, or :data:`DEFAULT_PLAYOUTS` without them and without a clock. The
    result and the searcher (its visit counts)."""
    if playouts is None and not limit.seconds:
        playouts = DEFAULT_PLAYOUTS
    searcher = MCTS(rng=random.Random(seed))
    return searcher.search(tree.root, limit.replace(depth=None), playouts=playouts), searcher


def mcts_stopped(result: SearchResult[Any], limit: Limit, nodes_flag: str) -> str | None:
    """The one line saying a node or memory budget stopped UCT before its playouts or
    its clock (None when it was not)."""
    reason = result.extra.get("stopped")
    if reason not in ("nodes", "memory"):
        return None
    what, hint = (
        (f"the node budget ({plural(limit.nodes or 0, 'new node')})", nodes_flag)
        if reason == "nodes"
        else (f"the memory budget ({human_size(limit.memory or 0)})", "--max-memory")
    )
    done = plural(result.extra["playouts"], "playout")
    return f"{what} ran out after {done}: the answer is the most visited move so far (raise {hint})"
