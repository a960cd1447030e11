"""The game people play: ``lazytree play dice-of-doom --size N --human none --time T``.

:func:`play_command_game` plays exactly that game: the play command's seat at every
player (the command works it out from its defaults, :func:`lazytree.cli.play.command_seat`:
the play AI on a ``T``-second clock, each agent with its own shared tree), the
:class:`~lazytree.session.Session` the command opens, its turns through
:meth:`Session.ai_turn <lazytree.session.Session.ai_turn>` inside the command's
:func:`~lazytree.gcpause.gc_paused`. Per move it records the wall-clock and processor
seconds from asking the seat to the move played and seen by every seat (what a player
waits), and the search's own seconds and depth; at the end the process's peak resident
memory. :func:`play_command_game_in_child` runs it in a fresh process, so the peak is
the game's own. ``max_search_over_budget`` is the longest search alone over the clock,
``cpu_share`` the processor seconds the game got per wall-clock second: on a machine
shared with other work a move waits for the processor too, which no clock inside the
program can shorten.

The targets: the whole game's peak at most :data:`MEMORY_TARGET_MB`, no move over
:data:`CLOCK_SLACK` times its budget.
"""

from __future__ import annotations

import multiprocessing
import statistics
import time
from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor
from typing import Any

from benchmarks.dice import _peak_rss_mb
from lazytree.games import load_game
from lazytree.gcpause import gc_paused
from lazytree.session import Session

__all__ = [
    "CLOCK_SLACK",
    "MEMORY_TARGET_MB",
    "play_command_game",
    "play_command_game_in_child",
]

MEMORY_TARGET_MB = 300
"""The whole 20x20 game's peak resident memory: the target (MB)."""

CLOCK_SLACK = 1.1
"""No move may take more than this many times its budget."""


def play_command_game(
    ai: str,
    size: int = 20,
    seconds: float = 1.0,
    *,
    max_moves: int | None = None,
    seed: int | None = None,
    cpu_clock: bool = False,
    progress: Callable[[str], None] | None = None,
) -> dict[str, Any]:
    """Play ``lazytree play dice-of-doom --size SIZE --human none --time SECONDS`` with
    the command's seat ``ai`` at every player (see the module docstring) to the end, or
    for ``max_moves`` moves; the figures as a
    JSON-ready dict. ``seed`` is the session's (the command's ``--dice-seed`` /
    ``--tie-seed``; ``None``, the command's default, draws one). With ``cpu_clock`` the
    seats' clock counts this process's processor seconds instead of the command's wall
    clock, and each move is measured by that clock too: what the program keeps itself
    on a machine shared with other work."""
    options = {"size": size}
    position = load_game("dice-of-doom", **options)
    if cpu_clock:
        ai = ai.replace(":clock=wall", ":clock=cpu")
    start_wall, start_cpu = time.perf_counter(), time.process_time()
    moves: list[dict[str, Any]] = []
    with gc_paused():  # the play command runs inside the driver's pause
        session = Session("dice-of-doom", options, [ai] * position.game.num_players, seed=seed)
        while not session.is_over and (max_moves is None or len(moves) < max_moves):
            wall, cpu = time.perf_counter(), time.process_time()
            for step in session.ai_turn():
                now_wall, now_cpu = time.perf_counter(), time.process_time()
                search = step.choice.search
                moves.append(
                    {
                        "wall": now_wall - wall,
                        "cpu": now_cpu - cpu,
                        "search": step.choice.seconds,
                        "depth": None if search is None else search.depth,
                        "nodes": step.choice.nodes,
                    }
                )
                wall, cpu = now_wall, now_cpu
                # as the command: the next search keeps no old tree (freeing it counts
                # in the next move's time)
                del step, search
                if progress is not None and len(moves) % 10 == 0:
                    progress(f"{len(moves)} moves played")
                if max_moves is not None and len(moves) >= max_moves:
                    break
    return _figures(size, seconds, ai, session, moves, start_wall, start_cpu, cpu_clock)


def _figures(
    size: int,
    seconds: float,
    ai: str,
    session: Any,
    moves: list[dict[str, Any]],
    start_wall: float,
    start_cpu: float,
    cpu_clock: bool = False,
) -> dict[str, Any]:
    walls = [m["wall"] for m in moves] or [0.0]
    cpus = [m["cpu"] for m in moves] or [0.0]
    clocked = "cpu" if cpu_clock else "wall"
    worst = max(range(len(moves)), key=lambda i: moves[i][clocked], default=None)
    longest = max(cpus if cpu_clock else walls)
    peak = _peak_rss_mb()
    return {
        "benchmark": "lazytree play dice-of-doom --human none",
        "command": f"lazytree play dice-of-doom --size {size} --human none --time {seconds:g}",
        "seat": ai,
        "size": size,
        "seconds_per_move": seconds,
        "moves": len(moves),
        "finished": bool(session.is_over),
        "winners": list(session.winners()) if session.is_over else [],
        "game_seconds": round(time.perf_counter() - start_wall, 3),
        "game_cpu_seconds": round(time.process_time() - start_cpu, 3),
        "peak_memory_mb": peak,
        "memory_target_mb": MEMORY_TARGET_MB,
        "max_move_wall": round(max(walls), 3),
        "max_move_cpu": round(max(cpus), 3),
        "clock": clocked,
        "max_move_over_budget": round(longest / seconds, 3),
        "median_move_wall": round(statistics.median(walls), 3),
        "max_search_over_budget": round(max((m["search"] for m in moves), default=0) / seconds, 3),
        "cpu_share": round(sum(cpus) / max(sum(walls), 1e-9), 3),
        "moves_over_slack": sum(w > CLOCK_SLACK * seconds for w in (cpus if cpu_clock else walls)),
        "worst_move": None if worst is None else {"index": worst, **_rounded(moves[worst])},
        "min_depth": min((m["depth"] for m in moves if m["depth"] is not None), default=None),
        "targets": {
            f"peak memory <= {MEMORY_TARGET_MB} MB": peak <= MEMORY_TARGET_MB,
            f"no move over {CLOCK_SLACK:g}x its budget ({clocked} clock)": (
                longest <= CLOCK_SLACK * seconds
            ),
        },
        "move_seconds": [round(w, 3) for w in (cpus if cpu_clock else walls)],
    }


def _rounded(move: dict[str, Any]) -> dict[str, Any]:
    return {k: round(v, 3) if isinstance(v, float) else v for k, v in move.items()}


def play_command_game_in_child(
    ai: str,
    size: int = 20,
    seconds: float = 1.0,
    *,
    max_moves: int | None = None,
    seed: int | None = None,
    cpu_clock: bool = False,
) -> dict[str, Any]:
    """:func:`play_command_game` in a fresh process (started, not forked, with this
    process's core), so its peak resident memory is the game's own."""
    context = multiprocessing.get_context("spawn")
    with ProcessPoolExecutor(max_workers=1, mp_context=context) as pool:
        future = pool.submit(
            play_command_game,
            ai,
            size,
            seconds,
            max_moves=max_moves,
            seed=seed,
            cpu_clock=cpu_clock,
        )
        return future.result()
