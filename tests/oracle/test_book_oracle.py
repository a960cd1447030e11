"""Dice of Doom against the book's own program.

``tests/oracle/book_oracle.rkt`` loads *Realm of Racket*'s chapter-12 Dice of Doom from
Debian's ``racket`` package (``make test`` installs it) and answers, for a position:
the size of its game tree (whole, or to a depth), the root's moves in the book's order,
and for player 1 (the book's AI) the book's ``rate-moves`` ratings and the moves of
``the-ai-plays``. Every figure must equal ours, on seeded random positions.
"""

from __future__ import annotations

import json
import random
import shutil
import subprocess
from fractions import Fraction
from pathlib import Path
from typing import Any

import pytest

from lazytree import Tree, minimax
from lazytree.ai import ai_turn
from lazytree.games import load_game
from lazytree.games.dice_of_doom import DiceOfDoom, DiceState
from lazytree.traverse import count_tree

ORACLE = Path(__file__).parent / "book_oracle.rkt"


def random_board(rng: random.Random, size: int, mixed: bool = False) -> str:
    """A board like the book's ``territory-build`` (owner n mod 2), or random owners."""
    owners = [rng.randrange(2) if mixed else n % 2 for n in range(size * size)]
    return " ".join(f"{o}:{rng.randint(1, 3)}" for o in owners)


def queries() -> list[dict[str, Any]]:
    rng = random.Random(20261122)
    out: list[dict[str, Any]] = []
    for i in range(24):  # 2x2: whole trees
        out.append(
            {
                "size": 2,
                "board": random_board(rng, 2, mixed=i % 4 == 0),
                "player": rng.randrange(2),
                "spare": rng.choice([0, 1, 2, 10]),
                "depth": None,
            }
        )
    for i in range(16):  # 3x3: to a depth
        out.append(
            {
                "size": 3,
                "board": random_board(rng, 3, mixed=i % 4 == 0),
                "player": rng.randrange(2),
                "spare": rng.choice([0, 3, 10]),
                "depth": rng.randint(4, 7),
            }
        )
    for size, depth in [(2, 4)] * 8 + [(3, 3)] * 6 + [(3, 4)] * 4:  # the AI (player 1)
        out.append(
            {
                "size": size,
                "board": random_board(rng, size),
                "player": 1,
                "spare": rng.choice([0, 2, 10]),
                "depth": 2,
                "ai": True,
                "ai_depth": depth,
            }
        )
    for size in (2, 3, 3, 4, 4, 5):  # random lines of play with several passes
        board, spare = random_board(rng, size), rng.choice([3, 10])
        game = DiceOfDoom(size=size)
        state = game.parse_board(board, spare=spare)
        path = []
        for _ in range(40):
            moves = list(game.legal_moves(state))
            if not moves:
                break
            move = rng.choice(moves)
            path.append(game.move_to_str(state, move))
            state = game.result(state, move)
        out.append(
            {
                "size": size,
                "board": board,
                "player": 0,
                "spare": spare,
                "depth": 1,
                "path": " ".join(path),
            }
        )
    return out


@pytest.fixture(scope="module")
def answers() -> list[tuple[dict[str, Any], dict[str, Any]]]:
    racket = shutil.which("racket")
    if racket is None:
        pytest.fail("racket is not installed: run `make system-deps` (Debian package racket)")
    qs = queries()
    proc = subprocess.run(
        [racket, str(ORACLE), "--batch"],
        input="".join(json.dumps(q) + "\n" for q in qs),
        capture_output=True,
        text=True,
        timeout=600,
        check=False,
    )
    assert proc.returncode == 0, proc.stderr
    lines = proc.stdout.splitlines()
    assert len(lines) == len(qs)
    return [(q, json.loads(line)) for q, line in zip(qs, lines, strict=True)]


def position(q: dict[str, Any]) -> tuple[DiceOfDoom, DiceState]:
    """The query's position through the registry, so its default rules are checked."""
    game, state = load_game(
        "dice-of-doom", size=q["size"], board=q["board"], player=q["player"], spare_dice=q["spare"]
    )
    assert type(game) is DiceOfDoom and isinstance(state, DiceState)
    return game, state


def test_tree_sizes_and_move_order_match_the_book(
    answers: list[tuple[dict[str, Any], dict[str, Any]]],
) -> None:
    for q, book in answers:
        game, state = position(q)
        counted = count_tree(game, state, q["depth"])
        assert (counted.nodes, counted.leaves) == (book["nodes"], book["leaves"]), q
        moves = [game.move_to_str(state, m) for m in game.legal_moves(state)]
        assert moves == book["root_moves"], q


def test_lines_of_play_match_the_book(
    answers: list[tuple[dict[str, Any], dict[str, Any]]],
) -> None:
    """Along random lines with several passes: every board, player and move list (in the
    book's order, which flips with the board list on every pass) is the book's."""
    passes = 0
    for q, book in answers:
        if not q.get("path"):
            continue
        game, state = position(q)
        steps = q["path"].split()
        assert len(book["path"]) == len(steps) + 1
        for i, node in enumerate(book["path"]):
            by_index = sorted(cell.split("=") for cell in node["board"])
            spec = " ".join(cell for _, cell in sorted(by_index, key=lambda c: int(c[0])))
            assert game.board_spec(state) == spec, (q, i)
            assert state.player == node["player"], (q, i)
            assert [game.move_to_str(state, m) for m in game.legal_moves(state)] == node["moves"]
            if i < len(steps):
                passes += steps[i] == "pass"
                state = game.result(state, game.parse_move(state, steps[i]))
    assert passes >= 10


def test_ai_ratings_and_turns_match_the_book(
    answers: list[tuple[dict[str, Any], dict[str, Any]]],
) -> None:
    checked = 0
    for q, book in answers:
        if not q.get("ai"):
            continue
        game, state = position(q)
        result = minimax(Tree(game, state).root, q["ai_depth"])
        ours = [
            [game.move_to_str(state, m), str(Fraction(v).limit_denominator(8))]
            for m, v in result.move_values
        ]
        assert ours == book["ratings"], q
        tree = Tree(game, state)
        played = []
        before = state
        for made in ai_turn(tree, depth=q["ai_depth"], rater=minimax):
            played.append(game.move_to_str(before, made.move))
            before = tree.root.state
        end = tree.root.state
        assert played == book["ai_turn"], q
        assert game.board_spec(end) == book["ai_board"], q
        assert end.player == book["ai_next_player"], q
        checked += 1
    assert checked == 18
