"""The book's AI against the book's own program: Python's lazy tree against Racket's.

*Realm of Racket*'s Dice of Doom AI (``the-ai-plays``) rates the moves with minimax to
depth 4 (``rate-moves``), makes the first best one, and again until its turn ends. Both
programs do the same work on the same boards (made as the book's ``territory-build``
makes them, :func:`book_boards`), measured two ways:

* the **first decision**: rating every move of the root to depth 4 on a fresh tree
  (lazytree: :func:`~lazytree.search.minimax` on a new :class:`~lazytree.tree.Tree`;
  Racket: ``(rate-moves (game-tree ...) 4)``). Checked equal: the nodes of the tree to
  depth 4 (lazytree's nodes created, the book's tree counted by its driver), every
  move's value, and the best move;
* the **whole turn**: the AI's turn of 4-5 moves, the tree reused on both sides
  (lazytree: :meth:`~lazytree.tree.Tree.play` keeps the forced subtree; Racket's
  promises keep theirs). Checked equal: the moves played.

The book's program is the installed one (the Racket package ``realm``,
``realm/chapter12/source.rkt``), compiled as its users compile it: :func:`book_program`
copies it into a fresh directory, unchanged but for one line (its ``require`` of
``2htdp/universe``, which starts ``racket/gui`` and needs a display, names a headless
stand-in with the same names; only ``roll-the-dice``, never called, uses them), beside
the timing driver ``book_timer.rkt`` (batch queries ``time_first`` and ``time_ai``), and
compiles both with ``raco make`` at Racket's defaults (``compile-enforce-module-constants``
``#t``). The driver runs in one Racket process that stays up. (The test oracle,
``tests/oracle/book_oracle.rkt``, compiles the book from source with the module constants
not enforced, which makes it about 1.7 times slower: fine for checking answers, not for
timing.) Each side is timed by its own processor clock (this
process's :func:`time.process_time`; Racket's, Chez Scheme's process clock in
nanoseconds: ``current-process-milliseconds`` counts whole milliseconds), interleaved
board by board: for each board, ``repeat`` rounds of (lazytree, Racket) or
(Racket, lazytree) alternately, the median of the rounds per side. A measurement is
``inner`` runs (the same number on both sides, chosen from a first untimed run so that
they last at least :data:`MIN_SAMPLE` seconds), each on a fresh tree and timed alone,
the same way on both sides: a full garbage collection first (lazytree:
:func:`gc.collect`; Racket: ``(collect-garbage)``), then before each run the previous
run's tree is dropped and a young collection runs (``gc.collect(0)``; ``(collect-garbage
'minor)``), outside the clock, which then counts the run alone: building and rating the
tree, with the collections that happen while it grows. lazytree frees a dropped tree at
once (reference counting), outside its clock; Racket's collector reclaims a dead tree
later, in a collection that may fall inside a later run's clock, where a copying
collector's cost is that of what is still live. The JSON gives the time lazytree took to
free its trees beside, as ``python_free_seconds``. (A full collection per run would take
longer than the runs: Racket's heap holds the book's picture libraries.) lazytree's runs
are inside :func:`~lazytree.gcpause.gc_paused`, as the command line runs its searches.

The ratio is lazytree's time over Racket's (below 1: lazytree is faster), per board,
then the median and the range over the boards.
"""

from __future__ import annotations

import gc
import json
import math
import random
import shutil
import statistics
import subprocess
import tempfile
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from fractions import Fraction
from pathlib import Path
from typing import IO, Any

from lazytree._core import core_kind
from lazytree.game import Game
from lazytree.games.dice_of_doom import DiceOfDoom
from lazytree.gcpause import gc_paused
from lazytree.search import minimax
from lazytree.tree import Tree

__all__ = [
    "BOARDS",
    "DRIVER",
    "BoardRun",
    "RacketUnavailable",
    "book_boards",
    "book_program",
    "compare_with_racket",
    "ratio_summary",
]

DRIVER = Path(__file__).resolve().with_name("book_timer.rkt")
"""The Racket module that times the book's AI (copied beside the compiled book)."""

BOOK_COLLECTION = ("realm", "chapter12", "source.rkt")
"""Where the Racket package ``realm`` (*Realm of Racket*) keeps the lazy Dice of Doom."""

UNIVERSE_REQUIRE = "(except-in 2htdp/universe left right)"
"""The book's one ``require`` of ``2htdp/universe``, the line the copy changes."""

UNIVERSE_STUB = """#lang racket/base
;; A headless stand-in for 2htdp/universe: the names the book imports, none usable.
(provide big-bang on-key to-draw stop-when key=? left right)
(define (no-gui . _) (error 'universe-stub "2htdp/universe is not available (headless)"))
(define-syntax-rule (big-bang e clause ...) (no-gui))
(define on-key no-gui)
(define to-draw no-gui)
(define stop-when no-gui)
(define key=? equal?)
(define left no-gui)
(define right no-gui)
"""

BOOK_AI = 1
"""The book's AI is player 1."""

BOARDS = {5: 20, 6: 10}
"""Boards per size by default: 20 boards 5x5 and 10 boards 6x6."""

MIN_SAMPLE = 0.05
"""A measurement lasts at least this many seconds (``inner`` runs in a row)."""


class RacketUnavailable(RuntimeError):
    """Racket, the book's program or its driver is missing, or the program failed."""


@dataclass(frozen=True)
class BoardRun:
    """One board: both measurements on each side (median seconds of one run) and what
    each side found."""

    size: int
    board: str
    inner_first: int
    inner_turn: int
    first_python: float
    first_racket: float
    first_free: float
    """Seconds lazytree took to free the first decision's tree (outside its clock)."""
    first_nodes: tuple[int, int]
    """Nodes of the tree to the depth: lazytree's created, the book's counted."""
    first_ratings: tuple[tuple[tuple[str, str], ...], tuple[tuple[str, str], ...]]
    """Every root move's value (lazytree's, the book's), as the book's driver writes them."""
    turn_python: float
    turn_racket: float
    turn_free: float
    """Seconds lazytree took to free the whole turn's tree (outside its clock)."""
    python_moves: tuple[str, ...]
    racket_moves: tuple[str, ...]
    nodes: int
    """Nodes lazytree created in the whole turn."""

    @property
    def first_same(self) -> bool:
        """Same nodes, values and best move in the first decision."""
        ours, book = self.first_ratings
        return self.first_nodes[0] == self.first_nodes[1] and ours == book and bool(ours)

    @property
    def same_moves(self) -> bool:
        return self.python_moves == self.racket_moves

    @property
    def first_ratio(self) -> float:
        return self.first_python / self.first_racket if self.first_racket else math.inf

    @property
    def turn_ratio(self) -> float:
        return self.turn_python / self.turn_racket if self.turn_racket else math.inf


def book_boards(size: int, count: int, seed: int = 0, spare: int = 10) -> list[str]:
    """``count`` boards like the book's ``territory-build`` (owner ``n mod 2``, 1 to 3
    dice), each one where the AI (player 1) can attack, as ``owner:dice`` specs.

    >>> book_boards(2, 1, seed=3)
    ['0:1 1:3 0:3 1:2']
    """
    game = DiceOfDoom(size=size, spare_dice=spare)
    rng = random.Random(seed * 1000 + size)
    out: list[str] = []
    while len(out) < count:
        owners = tuple(n % 2 for n in range(size * size))
        dice = tuple(rng.randint(1, 3) for _ in range(size * size))
        if not game.is_terminal(game.make_state(owners, dice, BOOK_AI)):
            out.append(game.board_spec(game.make_state(owners, dice, BOOK_AI)))
    return out


def _python_first(game: Game[Any, Any], state: Any, depth: int) -> tuple[Any, Tree[Any, Any]]:
    """The first decision: minimax to ``depth`` on a fresh tree; (result, the tree)."""
    tree: Tree[Any, Any] = Tree(game, state)
    with gc_paused():
        result = minimax(tree.root, depth)
    return result, tree


def _python_turn(
    game: Game[Any, Any], state: Any, depth: int
) -> tuple[tuple[str, ...], Tree[Any, Any]]:
    """The whole turn, the tree reused from move to move; (moves, the tree)."""
    tree: Tree[Any, Any] = Tree(game, state)
    moves: list[str] = []
    with gc_paused():
        while tree.root.player == BOOK_AI and tree.root.children:
            best = minimax(tree.root, depth).best_moves[0]
            moves.append(game.move_to_str(tree.root.state, best))
            tree.play(best)
    return tuple(moves), tree


def _timed(
    fn: Callable[[], tuple[Any, Tree[Any, Any]]], inner: int
) -> tuple[float, float, tuple[Any, int]]:
    """``inner`` runs of ``fn``, each timed alone, as the book's driver times the book's:
    a full garbage collection first, then before each run a young one, outside the
    clock; after each run its tree is dropped (freed by reference counting), outside
    the clock too. Returns the processor seconds of the runs, the processor seconds of
    freeing their trees, and the last run's answer with its tree's nodes created."""
    spent = freed = 0.0
    kept: tuple[Any, int] = (None, 0)
    gc.collect()
    for _ in range(inner):
        gc.collect(0)
        start = time.process_time()
        out: Any = fn()
        spent += time.process_time() - start
        kept = (out[0], out[1].stats.nodes_created)
        start = time.process_time()
        out = None  # the last reference to the run's tree: freed here
        freed += time.process_time() - start
    return spent, freed, kept


def _inner(seconds: float) -> int:
    """Runs per measurement so that one lasts at least :data:`MIN_SAMPLE` seconds."""
    return max(1, math.ceil(MIN_SAMPLE / max(seconds, 1e-6)))


def _installed_book(racket: str) -> Path:
    """The installed book program's source (``realm/chapter12/source.rkt``)."""
    collection, chapter, name = BOOK_COLLECTION
    expr = (
        f'(display (collection-file-path "{name}" "{collection}" "{chapter}"'
        ' #:fail (lambda (_) "")))'
    )
    try:
        out = subprocess.run(
            [racket, "-e", expr], capture_output=True, text=True, timeout=120, check=False
        )
    except (OSError, subprocess.TimeoutExpired) as err:
        raise RacketUnavailable(f"racket did not answer: {err}") from err
    path = out.stdout.strip()
    if out.returncode != 0 or not path or not Path(path).is_file():
        raise RacketUnavailable(
            "the book's program (Racket package realm, realm/chapter12/source.rkt) is not "
            "installed (Debian package racket; or raco pkg install realm)"
        )
    return Path(path)


def book_program(
    directory: Path, *, book: Path | None = None, driver: Path = DRIVER, racket: str = "racket"
) -> Path:
    """Copy the book's program (``book``, default: the installed one) and the timing
    ``driver`` into ``directory``, compile both with ``raco make`` at Racket's default
    settings, and return the driver's path there (run it with ``racket``).

    The copy is the book's source with one line changed: its ``require`` of
    ``2htdp/universe`` names a headless stand-in (:data:`UNIVERSE_STUB`). Its pictures
    (``../chapter10/graphics``, read when it is instantiated) are linked from the
    installed package. Raises :class:`RacketUnavailable` when a piece is missing or
    ``raco make`` fails.
    """
    if not driver.is_file():
        raise RacketUnavailable(f"the book's program driver {driver} is missing")
    source = book if book is not None else _installed_book(racket)
    if not source.is_file():
        raise RacketUnavailable(f"the book's program {source} is missing")
    text = source.read_text(encoding="utf-8")
    if text.count(UNIVERSE_REQUIRE) != 1:
        raise RacketUnavailable(
            f"{source} does not require 2htdp/universe as the book does ({UNIVERSE_REQUIRE})"
        )
    chapter = directory / source.parent.name
    chapter.mkdir(parents=True, exist_ok=True)
    (chapter / source.name).write_text(
        text.replace(UNIVERSE_REQUIRE, '(except-in "universe-stub.rkt" left right)'),
        encoding="utf-8",
    )
    (chapter / "universe-stub.rkt").write_text(UNIVERSE_STUB, encoding="utf-8")
    pictures = source.parent.parent / "chapter10"
    if pictures.is_dir() and not (directory / "chapter10").exists():
        (directory / "chapter10").symlink_to(pictures, target_is_directory=True)
    timer = directory / "book_timer.rkt"
    shutil.copyfile(driver, timer)
    raco = shutil.which("raco") or str(Path(racket).with_name("raco"))
    try:
        made = subprocess.run(
            [raco, "make", str(chapter / source.name), str(timer)],
            capture_output=True,
            text=True,
            timeout=600,
            check=False,
        )
    except (OSError, subprocess.TimeoutExpired) as err:
        raise RacketUnavailable(f"raco make did not run: {err}") from err
    if made.returncode != 0:
        last = (made.stderr.strip().splitlines() or ["no output"])[-1]
        raise RacketUnavailable(f"raco make failed on the book's program: {last}")
    return timer


class _Racket:
    """The book's program in one Racket process, answering one batch query at a time."""

    def __init__(self, racket: str, timer: Path) -> None:
        self.proc = subprocess.Popen(
            [racket, str(timer)],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
        )

    def ask(self, query: dict[str, Any]) -> dict[str, Any]:
        stdin, stdout = self.proc.stdin, self.proc.stdout
        assert stdin is not None and stdout is not None
        try:
            stdin.write(json.dumps(query) + "\n")
            stdin.flush()
            line = stdout.readline()
        except BrokenPipeError:
            line = ""
        if not line:
            raise RacketUnavailable(f"the book's program failed: {self._last_error()}")
        answer: dict[str, Any] = json.loads(line)
        return answer

    def _last_error(self) -> str:
        self.proc.kill()
        err: IO[str] | None = self.proc.stderr
        text = err.read() if err is not None else ""
        return (text.strip().splitlines() or ["no output"])[-1]

    def close(self) -> None:
        if self.proc.stdin is not None:
            self.proc.stdin.close()
        self.proc.wait(timeout=30)
        if self.proc.stdout is not None:
            self.proc.stdout.close()
        if self.proc.stderr is not None:
            self.proc.stderr.close()


def _ratings(game: Game[Any, Any], state: Any, result: Any) -> tuple[tuple[str, str], ...]:
    """Every root move's value as the book's driver writes the book's (a fraction)."""
    return tuple(
        (game.move_to_str(state, m), str(Fraction(v).limit_denominator(8)))
        for m, v in result.move_values
    )


def _board(racket: _Racket, size: int, board: str, depth: int, repeat: int, spare: int) -> BoardRun:
    """Measure one board, the two sides interleaved round by round."""
    game = DiceOfDoom(size=size, spare_dice=spare)
    state = game.parse_board(board, player=BOOK_AI, spare=spare)
    query = {"size": size, "board": board, "player": BOOK_AI, "spare": spare, "ai_depth": depth}
    warm_first, _, _ = _timed(lambda: _python_first(game, state, depth), 1)  # untimed warm-up
    warm_turn, _, _ = _timed(lambda: _python_turn(game, state, depth), 1)
    inner_first, inner_turn = _inner(warm_first), _inner(warm_turn)
    samples: dict[str, list[float]] = {k: [] for k in ("fp", "fr", "tp", "tr", "ff", "tf")}
    first_answer: dict[str, Any] = {}
    turn_answer: dict[str, Any] = {}
    first: Any = None
    turn: Any = None
    for round_ in range(repeat):
        sides = ("python", "racket") if round_ % 2 == 0 else ("racket", "python")
        for side in sides:
            if side == "python":
                seconds, freed, first = _timed(
                    lambda: _python_first(game, state, depth), inner_first
                )
                samples["fp"].append(seconds / inner_first)
                samples["ff"].append(freed / inner_first)
                seconds, freed, turn = _timed(lambda: _python_turn(game, state, depth), inner_turn)
                samples["tp"].append(seconds / inner_turn)
                samples["tf"].append(freed / inner_turn)
            else:
                first_answer = racket.ask(
                    {**query, "time_first": True, "repeat": 1, "inner": inner_first}
                )
                samples["fr"].append(first_answer["ms"][0] / 1000 / inner_first)
                turn_answer = racket.ask(
                    {**query, "time_ai": True, "repeat": 1, "inner": inner_turn}
                )
                samples["tr"].append(turn_answer["ms"][0] / 1000 / inner_turn)
    result, first_nodes = first
    moves, turn_nodes = turn
    book_ratings = tuple((m, v) for m, v in first_answer["ratings"])
    return BoardRun(
        size=size,
        board=board,
        inner_first=inner_first,
        inner_turn=inner_turn,
        first_python=statistics.median(samples["fp"]),
        first_racket=statistics.median(samples["fr"]),
        first_free=statistics.median(samples["ff"]),
        first_nodes=(first_nodes, int(first_answer["nodes"])),
        first_ratings=(_ratings(game, state, result), book_ratings),
        turn_python=statistics.median(samples["tp"]),
        turn_racket=statistics.median(samples["tr"]),
        turn_free=statistics.median(samples["tf"]),
        python_moves=moves,
        racket_moves=tuple(turn_answer["ai_turn"]),
        nodes=turn_nodes,
    )


def ratio_summary(ratios: Sequence[float]) -> dict[str, Any]:
    """The median and the range of per-board ratios.

    >>> ratio_summary([0.5, 2.0, 1.0])
    {'median': 1.0, 'min': 0.5, 'max': 2.0, 'boards': 3}
    """
    return {
        "median": round(statistics.median(ratios), 3),
        "min": round(min(ratios), 3),
        "max": round(max(ratios), 3),
        "boards": len(ratios),
    }


def compare_with_racket(
    sizes: Sequence[int] = (5, 6),
    boards: int | dict[int, int] | None = None,
    *,
    depth: int = 4,
    repeat: int = 3,
    spare: int = 10,
    book: Path | None = None,
    driver: Path = DRIVER,
    progress: Callable[[str], None] = lambda _: None,
) -> dict[str, Any]:
    """Measure the first decision and the whole turn on the boards of each size with
    both programs (see the module docstring).

    ``boards`` is the number of boards per size (a number, or by size; default
    :data:`BOARDS`, 3 for other sizes). Returns the JSON document of ``lazytree bench
    dice-of-doom --against-racket``: per board and per size each side's seconds and the
    ratios (lazytree / Racket), and whether both found the same nodes, values and moves.
    ``book`` is the book's program (default: the installed one), run by ``driver``
    as :func:`book_program` compiles them. Raises :class:`RacketUnavailable` when
    Racket, the book or the driver is missing.
    """
    if repeat < 1:
        raise ValueError(f"repeat must be >= 1, got {repeat}")
    racket = shutil.which("racket")
    if racket is None:
        raise RacketUnavailable("racket is not installed (Debian package racket)")

    def count(size: int) -> int:
        if isinstance(boards, int):
            return boards
        return (boards or BOARDS).get(size, 3)

    plan = [
        (size, board) for size in sizes for board in book_boards(size, count(size), spare=spare)
    ]
    runs: list[BoardRun] = []
    with tempfile.TemporaryDirectory(prefix="lazytree-book-") as tmp:
        progress("compiling the book's program (raco make)")
        timer = book_program(Path(tmp), book=book, driver=driver, racket=racket)
        progress("starting the book's program (Racket)")
        program = _Racket(racket, timer)
        try:
            for i, (size, board) in enumerate(plan):
                progress(f"board {i + 1} of {len(plan)} ({size}x{size}), {repeat} rounds each side")
                runs.append(_board(program, size, board, depth, repeat, spare))
        finally:
            program.close()
    return _document(runs, sizes, depth, repeat, spare)


def _document(
    runs: list[BoardRun], sizes: Sequence[int], depth: int, repeat: int, spare: int
) -> dict[str, Any]:
    rows = []
    for size in sizes:
        mine = [r for r in runs if r.size == size]
        if not mine:
            continue
        py = sum(r.turn_python for r in mine)
        rk = sum(r.turn_racket for r in mine)
        rows.append(
            {
                "size": size,
                "boards": len(mine),
                "python_seconds": round(py, 4),
                "racket_seconds": round(rk, 4),
                "python_free_seconds": round(sum(r.turn_free for r in mine), 4),
                "ratio": round(py / rk, 3) if rk > 0 else None,
                "ratio_per_board": [round(r.turn_ratio, 3) for r in mine],
                "same_moves": all(r.same_moves for r in mine),
                "nodes": sum(r.nodes for r in mine),
                "whole_turn": ratio_summary([r.turn_ratio for r in mine]),
                "first_decision": {
                    **ratio_summary([r.first_ratio for r in mine]),
                    "python_seconds": round(sum(r.first_python for r in mine), 4),
                    "racket_seconds": round(sum(r.first_racket for r in mine), 4),
                    "python_free_seconds": round(sum(r.first_free for r in mine), 4),
                    "ratio_per_board": [round(r.first_ratio, 3) for r in mine],
                    "same_nodes_values_best": sum(r.first_same for r in mine),
                },
            }
        )
    return {
        "benchmark": "dice-of-doom against the book's Racket program",
        "core": core_kind(),
        "depth": depth,
        "repeat": repeat,
        "spare": spare,
        "clock": "processor time of each process, median of the rounds, interleaved; "
        "each run timed alone after a young collection, its tree dropped outside the "
        "clock (python_free_seconds: lazytree's freeing)",
        "racket": "the installed book program (realm/chapter12), compiled by raco make at "
        "Racket's defaults (compile-enforce-module-constants #t), 2htdp/universe stubbed",
        "first_decision": {
            **ratio_summary([r.first_ratio for r in runs]),
            "same_nodes_values_best": sum(r.first_same for r in runs),
        },
        "whole_turn": {
            **ratio_summary([r.turn_ratio for r in runs]),
            "same_moves": sum(r.same_moves for r in runs),
        },
        "sizes": rows,
        "boards": [
            {
                "size": r.size,
                "board": r.board,
                "moves": list(r.python_moves),
                "racket_moves": list(r.racket_moves),
                "python_seconds": round(r.turn_python, 5),
                "racket_seconds": round(r.turn_racket, 5),
                "first_python_seconds": round(r.first_python, 5),
                "first_racket_seconds": round(r.first_racket, 5),
                "first_python_free_seconds": round(r.first_free, 5),
                "python_free_seconds": round(r.turn_free, 5),
                "first_nodes": list(r.first_nodes),
                "first_same": r.first_same,
                "inner": [r.inner_first, r.inner_turn],
            }
            for r in runs
        ],
    }
