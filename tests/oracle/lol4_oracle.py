"""Ask Land of Lisp's own chance AI (chapter 20) for its ratings and moves, and record them.

    python -m tests.oracle.lol4_oracle BOOK-DIR [--out tests/oracle/lol4_answers.json]

BOOK-DIR holds the book's ``dice_of_doom_v4.lisp`` and the files it loads (``v3``,
``v2``, ``v1``, ``lazy.lisp``, ``webserver.lisp``, ``svg.lisp``; they are in no package:
see tests/oracle/README.md). Runs ``lol4_oracle.lisp`` under Debian's ``sbcl`` once per
board size, player count and dice maximum on the positions of :func:`queries` and writes
the book's answers; ``tests/arena/test_lol4_oracle.py`` checks the ``lol4`` player
against them.
"""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

from tests.oracle.lol_oracle import command_line, run_sbcl, write_answers

HERE = Path(__file__).parent
DRIVER = HERE / "lol4_oracle.lisp"
ANSWERS = HERE / "lol4_answers.json"

ODDS = ((2, 1, 2), (3, 2, 1), (3, 2, 3), (2, 2, 1), (3, 3, 2), (4, 3, 4), (5, 4, 5), (5, 5, 3))
"""``(a, d, e)``: the 2x2 board ``0:a 1:d 0:1 1:e``, where ``a`` dice may attack ``d``
(``0->1``) or ``e`` (``0->3``): the book's odds table decides between them."""


def _random(
    rng: random.Random, size: int, count: int, kind: str, **options: Any
) -> list[dict[str, Any]]:
    """``count`` positions like the book's ``gen-board`` (random owners, 1-5 dice) with a move."""
    from lazytree.games.dice_of_doom import ChanceDiceOfDoom

    players = options.get("players", 2)
    game = ChanceDiceOfDoom(size=size, players=players)
    out: list[dict[str, Any]] = []
    while len(out) < count:
        cells = [(rng.randrange(players), rng.randint(1, 5)) for _ in range(size * size)]
        if len({o for o, _ in cells}) < players:
            continue
        board = " ".join(f"{o}:{d}" for o, d in cells)
        player = rng.randrange(players)
        if game.is_terminal(game.parse_board(board, player=player)):
            continue
        out.append(_query(kind, size, board, player, **options))
    return out


def _query(
    kind: str,
    size: int,
    board: str,
    player: int,
    players: int = 2,
    depth: int = 2,
    first_move: bool = True,
) -> dict[str, Any]:
    return {
        "kind": kind,
        "size": size,
        "players": players,
        "max_dice": 5,
        "depth": depth,
        "player": player,
        "first_move": first_move,
        "board": board,
    }


def queries() -> list[dict[str, Any]]:
    """The recorded positions: 20 random 2x2 and 20 random 3x3 starts of a turn at the
    book's depth 2 for 2 players; the odds positions of :data:`ODDS`; 4 positions in the
    middle of a turn (the pass is a root move); 6 at depth 3 (the opponent's replies are
    rated too); 4 on 3x3 with the book's own 4 players."""
    rng = random.Random(20261122)
    out = _random(rng, 2, 20, "random")
    out += _random(rng, 3, 20, "random")
    out += [_query("odds", 2, f"0:{a} 1:{d} 0:1 1:{e}", 0) for a, d, e in ODDS]
    out += _random(rng, 2, 2, "mid-turn", first_move=False)
    out += _random(rng, 3, 2, "mid-turn", first_move=False)
    out += _random(rng, 2, 4, "depth 3", depth=3)
    out += _random(rng, 3, 2, "depth 3", depth=3)
    out += _random(rng, 3, 4, "4 players", players=4)
    return out


def ask(book: Path, items: list[dict[str, Any]]) -> list[str]:
    """The driver's answer lines for ``items`` (one board size, player count and dice maximum)."""
    lines = []
    for q in items:
        cells = " ".join(f"({c.replace(':', ' ')})" for c in q["board"].split())
        head = (q["size"], q["players"], q["max_dice"], q["depth"], q["player"])
        first = "t" if q["first_move"] else "nil"
        lines.append(f"({' '.join(map(str, head))} {first} ({cells}))")
    return run_sbcl(DRIVER, book, lines)


def main() -> None:
    args = command_line(__doc__ or "", ANSWERS)
    qs = queries()
    answered: dict[int, dict[str, Any]] = {}
    for key in sorted({(q["size"], q["players"], q["max_dice"]) for q in qs}):
        group = [i for i, q in enumerate(qs) if (q["size"], q["players"], q["max_dice"]) == key]
        for i, line in zip(group, ask(args.book, [qs[i] for i in group]), strict=True):
            move, *ratings = line.split()
            answered[i] = {**qs[i], "move": move, "ratings": [float(r) for r in ratings]}
    write_answers(args.out, [answered[i] for i in range(len(qs))])


if __name__ == "__main__":
    main()
