"""Ask Land of Lisp's own Dice of Doom AI (chapter 18) for its moves and record them.

    python tests/oracle/lol_oracle.py BOOK-DIR [--out tests/oracle/lol2_answers.json]

BOOK-DIR holds the book's ``lazy.lisp``, ``dice_of_doom_v1.lisp`` and
``dice_of_doom_v2.lisp`` (they are not in any package: see tests/oracle/README.md).
Runs ``lol_oracle.lisp`` under Debian's ``sbcl`` once per board size on the positions
of :func:`queries` and writes the book's answers; ``tests/arena/test_lol_oracle.py``
checks the ``lol2`` player against them.
"""

from __future__ import annotations

import argparse
import json
import random
import subprocess
import sys
from pathlib import Path
from typing import Any

HERE = Path(__file__).parent
DRIVER = HERE / "lol_oracle.lisp"
ANSWERS = HERE / "lol2_answers.json"


def queries() -> list[dict[str, Any]]:
    """Start-of-turn positions like the book's ``gen-board`` (random owners, 1-3 dice):
    2x2 and 3x3, either player to move, only positions with a move."""
    from lazytree.games.dice_of_doom import LispDiceOfDoom

    rng = random.Random(20261122)
    out: list[dict[str, Any]] = []
    for size, count in ((2, 40), (3, 40)):
        game = LispDiceOfDoom(size=size)
        while sum(q["size"] == size for q in out) < count:
            cells = [(rng.randrange(2), rng.randint(1, 3)) for _ in range(size * size)]
            player = rng.randrange(2)
            board = " ".join(f"{o}:{d}" for o, d in cells)
            if game.is_terminal(game.parse_board(board, player=player)):
                continue
            out.append({"size": size, "player": player, "board": board})
    return out


def ask(book: Path, size: int, items: list[dict[str, Any]]) -> list[str]:
    lines = []
    for q in items:
        cells = " ".join(f"({c.replace(':', ' ')})" for c in q["board"].split())
        lines.append(f"({size} {q['player']} ({cells}))")
    return run_sbcl(DRIVER, book, lines)


def run_sbcl(driver: Path, book: Path, lines: list[str]) -> list[str]:
    """The answer lines of ``driver`` run under ``sbcl`` on the book's files in
    ``book`` for the query ``lines`` (one Lisp form a line)."""
    run = subprocess.run(
        ["sbcl", "--script", str(driver), str(book)],
        input="\n".join(lines) + "\n",
        capture_output=True,
        text=True,
        check=True,
        timeout=1800,
    )
    return run.stdout.splitlines()


def command_line(doc: str, out: Path) -> argparse.Namespace:
    """The recording script's arguments: the book's directory and ``--out``."""
    parser = argparse.ArgumentParser(description=doc.splitlines()[0])
    parser.add_argument("book", type=Path)
    parser.add_argument("--out", type=Path, default=out)
    return parser.parse_args()


def write_answers(out: Path, answers: list[dict[str, Any]]) -> None:
    """Write the record (the sbcl version and the answers) to ``out``."""
    version = subprocess.run(["sbcl", "--version"], capture_output=True, text=True).stdout
    out.write_text(json.dumps({"sbcl": version.strip(), "answers": answers}, indent=1) + "\n")
    print(f"{len(answers)} answers written to {out}", file=sys.stderr)


def main() -> None:
    args = command_line(__doc__ or "", ANSWERS)
    answers = []
    qs = queries()
    for size in sorted({q["size"] for q in qs}):
        items = [q for q in qs if q["size"] == size]
        for q, line in zip(items, ask(args.book, size, items), strict=True):
            move, *ratings = line.split()
            answers.append({**q, "move": move, "ratings": [int(r) for r in ratings]})
    write_answers(args.out, answers)


if __name__ == "__main__":
    main()
