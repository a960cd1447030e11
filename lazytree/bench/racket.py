"""The book's AI against the book's own program: Python's lazy tree against Racket's.

*Realm of Racket*'s Dice of Doom AI (``the-ai-plays``) plays a whole turn by rating the
moves with minimax to depth 4 (``rate-moves``), making the first best one, and again
until its turn ends. Here the same turn is played on the same boards twice:

* by lazytree: :func:`~lazytree.search.minimax` to depth 4 on a fresh
  :class:`~lazytree.tree.Tree` of the book's rules, the first best move made with
  :meth:`~lazytree.tree.Tree.play` (so the forced subtree is reused, as the book's
  promises are), inside :func:`~lazytree.gcpause.gc_paused` as the command line runs its searches;
* by the book's program, loaded by the test oracle (``tests/oracle/book_oracle.rkt``,
  batch queries with ``time_ai``) exactly as the oracle tests load it.

Both sides report processor time (this process's and Racket's), the fastest of
``repeat`` runs of each board, so a busy machine disturbs the ratio less. Both sides
must play the same moves; the comparison says so when they do not.
"""

from __future__ import annotations

import json
import random
import shutil
import subprocess
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from lazytree.game import Game
from lazytree.gcpause import gc_paused
from lazytree.search import minimax
from lazytree.tree import Tree

__all__ = ["ORACLE", "BoardRun", "RacketUnavailable", "book_boards", "compare_with_racket"]

ORACLE = Path(__file__).resolve().parents[2] / "tests" / "oracle" / "book_oracle.rkt"
"""The book's program driver in a checkout of the repository."""

BOOK_AI = 1
"""The book's AI is player 1."""


class RacketUnavailable(RuntimeError):
    """Racket or the oracle script is missing, or the oracle failed."""


@dataclass(frozen=True)
class BoardRun:
    """One board: the AI's turn and its processor seconds on each side."""

    size: int
    board: str
    python_moves: tuple[str, ...]
    racket_moves: tuple[str, ...]
    python_seconds: float
    racket_seconds: float
    nodes: int


def book_boards(size: int, count: int, seed: int = 0, spare: int = 10) -> list[str]:
    """``count`` boards like the book's ``territory-build`` (owner ``n mod 2``, 1 to 3
    dice), each one where the AI (player 1) can attack, as ``owner:dice`` specs.

    >>> book_boards(2, 1, seed=3)
    ['0:1 1:3 0:3 1:2']
    """
    from lazytree.games.dice_of_doom import DiceOfDoom

    game = DiceOfDoom(size=size, spare_dice=spare)
    rng = random.Random(seed * 1000 + size)
    out: list[str] = []
    while len(out) < count:
        owners = tuple(n % 2 for n in range(size * size))
        dice = tuple(rng.randint(1, 3) for _ in range(size * size))
        if not game.is_terminal(game.make_state(owners, dice, BOOK_AI)):
            out.append(game.board_spec(game.make_state(owners, dice, BOOK_AI)))
    return out


def _python_turn(game: Game[Any, Any], state: Any, depth: int) -> tuple[tuple[str, ...], int]:
    tree: Tree[Any, Any] = Tree(game, state)
    moves: list[str] = []
    with gc_paused():
        while tree.root.player == BOOK_AI and tree.root.children:
            best = minimax(tree.root, depth).best_moves[0]
            moves.append(game.move_to_str(tree.root.state, best))
            tree.play(best)
    return tuple(moves), tree.stats.nodes_created


def compare_with_racket(
    sizes: Sequence[int] = (5, 6),
    boards: int = 3,
    *,
    depth: int = 4,
    repeat: int = 1,
    spare: int = 10,
    oracle: Path = ORACLE,
    progress: Callable[[str], None] = lambda _: None,
) -> dict[str, Any]:
    """Play the AI's turn on ``boards`` boards of each size with both programs.

    Returns the JSON document of ``lazytree bench dice-of-doom --against-racket``: per
    board and per size the seconds of each side and ``ratio`` = Python / Racket (below
    1: Python is faster), and whether both played the same moves.
    Raises :class:`RacketUnavailable` when Racket or ``oracle`` is missing.
    """
    from lazytree.games.dice_of_doom import DiceOfDoom

    racket = shutil.which("racket")
    if racket is None:
        raise RacketUnavailable("racket is not installed (Debian package racket)")
    if not oracle.is_file():
        raise RacketUnavailable(f"the book's program driver {oracle} is missing")
    plan = [(size, board) for size in sizes for board in book_boards(size, boards, spare=spare)]
    queries = [
        {
            "time_ai": True,
            "size": size,
            "board": board,
            "player": BOOK_AI,
            "spare": spare,
            "ai_depth": depth,
            "repeat": repeat,
        }
        for size, board in plan
    ]
    progress(f"the book's program: {len(plan)} boards, {repeat} run(s) each")
    proc = subprocess.run(
        [racket, str(oracle), "--batch"],
        input="".join(json.dumps(q) + "\n" for q in queries),
        capture_output=True,
        text=True,
        check=False,
    )
    lines = proc.stdout.splitlines()
    if proc.returncode != 0 or len(lines) != len(plan):
        last = (proc.stderr.strip().splitlines() or ["no output"])[-1]
        raise RacketUnavailable(f"the book's program failed: {last}")
    runs: list[BoardRun] = []
    for i, ((size, board), line) in enumerate(zip(plan, lines, strict=True)):
        progress(f"lazytree: board {i + 1} of {len(plan)} ({size}x{size})")
        answer = json.loads(line)
        game = DiceOfDoom(size=size, spare_dice=spare)
        state = game.parse_board(board, player=BOOK_AI, spare=spare)
        best = float("inf")
        moves: tuple[str, ...] = ()
        nodes = 0
        for _ in range(repeat):
            start = time.process_time()
            moves, nodes = _python_turn(game, state, depth)
            best = min(best, time.process_time() - start)
        runs.append(
            BoardRun(
                size,
                board,
                moves,
                tuple(answer["ai_turn"]),
                best,
                min(answer["ms"]) / 1000,
                nodes,
            )
        )
    rows = []
    for size in sizes:
        mine = [r for r in runs if r.size == size]
        py = sum(r.python_seconds for r in mine)
        rk = sum(r.racket_seconds for r in mine)
        rows.append(
            {
                "size": size,
                "boards": len(mine),
                "python_seconds": round(py, 4),
                "racket_seconds": round(rk, 4),
                "ratio": round(py / rk, 3) if rk > 0 else None,
                "ratio_per_board": [
                    round(r.python_seconds / r.racket_seconds, 3) if r.racket_seconds else None
                    for r in mine
                ],
                "same_moves": all(r.python_moves == r.racket_moves for r in mine),
                "nodes": sum(r.nodes for r in mine),
            }
        )
    return {
        "benchmark": "dice-of-doom against the book's Racket program",
        "depth": depth,
        "repeat": repeat,
        "spare": spare,
        "clock": "processor time of each process",
        "sizes": rows,
        "boards": [
            {
                "size": r.size,
                "board": r.board,
                "moves": list(r.python_moves),
                "racket_moves": list(r.racket_moves),
                "python_seconds": round(r.python_seconds, 4),
                "racket_seconds": round(r.racket_seconds, 4),
            }
            for r in runs
        ],
    }
