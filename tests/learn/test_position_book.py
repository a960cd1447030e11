"""The position book: round trip, the depth rule, many writers, the cap, wrong and bad files."""

from __future__ import annotations

import json
import multiprocessing
import random
import sqlite3
from pathlib import Path
from typing import Any

import pytest

from lazytree.games.checkers import Checkers
from lazytree.games.dice_of_doom import DiceOfDoom, LispDiceOfDoom
from lazytree.games.tictactoe import TicTacToe
from lazytree.position_book import (
    COMPLETE,
    PositionBook,
    PositionBookError,
    booked_search,
    state_key,
)
from lazytree.search import SearchResult, alphabeta
from lazytree.search.result import PositionBookUse
from lazytree.tree import Bound, Tree
from lazytree.weights import get_weights, with_weights


def booked_alphabeta(position_book: PositionBook, tree: Tree[Any, Any]) -> SearchResult[Any]:
    """Alpha-beta to depth 2 at ``tree.root``, answered from ``position_book`` when it can."""
    return booked_search(position_book, tree, lambda: alphabeta(tree.root, 2), depth=2)


def dice() -> DiceOfDoom:
    return LispDiceOfDoom(size=3, eval="heuristic")


def test_round_trip_keeps_every_field(tmp_path: Path) -> None:
    game = dice()
    state = game.initial_state(random.Random(3))
    with PositionBook(tmp_path / "b", game) as position_book:
        position_book.store(state, 3, 0.625, state.player, "pass", Bound.LOWER)
    with PositionBook(
        tmp_path / "b", game
    ) as position_book:  # a new connection reads what was written
        entry = position_book.lookup(state, 3)
        assert entry is not None
        assert (entry.depth, entry.value, entry.bound, entry.player, entry.move) == (
            3,
            0.625,
            Bound.LOWER,
            state.player,
            "pass",
        )
        assert entry.uses == 1
        assert position_book.lookup(state, 3).uses == 2  # type: ignore[union-attr]


def test_the_key_is_canonical_and_refuses_addresses() -> None:
    game = dice()
    a = game.initial_state(random.Random(1))
    b = game.initial_state(random.Random(1))
    assert a is not b and state_key(a) == state_key(b)
    assert state_key(a) != state_key(a._replace(player=1 - a.player))
    with pytest.raises(ValueError, match="stable"):
        state_key(object())


def test_depth_rule_only_a_deep_enough_entry_answers(tmp_path: Path) -> None:
    game = TicTacToe()
    position_book = PositionBook(tmp_path / "t", game)
    tree = Tree(game)
    shallow = booked_search(position_book, tree, lambda: alphabeta(tree.root, 2), depth=2)
    assert shallow.position_book == PositionBookUse("miss")
    assert position_book.lookup(tree.root.state, 3) is None  # depth 2 cannot answer a depth-3 need
    deeper = Tree(game)
    result = booked_search(position_book, deeper, lambda: alphabeta(deeper.root, 3), depth=3)
    assert result.position_book == PositionBookUse("miss") and deeper.stats.nodes_created > 1
    # now stored at depth 3, which answers depth 2 and 3 without building a node
    for need in (2, 3):
        fresh = Tree(game)
        hit = booked_search(position_book, fresh, lambda: alphabeta(Tree(game).root, 9), depth=need)
        assert hit.position_book is not None and (
            hit.position_book.status,
            hit.position_book.depth,
        ) == ("hit", 3)
        assert hit.best_moves == result.best_moves[:1] and hit.value == result.value
        assert fresh.stats.nodes_created == 1
    # a shallower search never overwrites a deeper entry
    position_book.store(tree.root.state, 1, -5.0, 0, "a1")
    assert position_book.lookup(tree.root.state, 3).value == result.value  # type: ignore[union-attr]


def test_a_solved_position_answers_any_depth(tmp_path: Path) -> None:
    game = TicTacToe()
    position_book = PositionBook(tmp_path / "t", game)
    tree = Tree(game)
    solved = booked_search(position_book, tree, lambda: alphabeta(tree.root, None), depth=1)
    entry = position_book.lookup(tree.root.state, 50)
    assert entry is not None and entry.depth == COMPLETE and entry.value == solved.value


def test_the_ai_uses_the_position_book_and_shows_hits(tmp_path: Path) -> None:
    game = dice()
    state = game.initial_state(random.Random(5))
    position_book = PositionBook(tmp_path / "ai", game)
    first = booked_alphabeta(position_book, Tree(game, state))
    tree = Tree(game, state)
    second = booked_alphabeta(position_book, tree)
    assert (first.position_book, second.position_book_hit) == (PositionBookUse("miss"), True)
    assert second.best_moves[0] == first.best_moves[0] and second.value == first.value
    assert second.stats.nodes_created == 0 and tree.stats.nodes_created == 1
    assert position_book.stats()["hits"] == 1 and position_book.stats()["hit_rate"] == 0.5


def _writer(path: str, worker: int, count: int) -> None:
    game = LispDiceOfDoom(size=3, eval="heuristic")
    with PositionBook(path, game) as position_book:
        for k in range(count):
            position_book.store((worker, k), 1 + k % 3, float(k), 0, "pass")
        assert position_book.broken is None, position_book.broken


def test_concurrent_writers_from_several_processes(tmp_path: Path) -> None:
    path = str(tmp_path / "shared")
    PositionBook(path, dice()).close()
    ctx = multiprocessing.get_context("spawn")
    procs = [ctx.Process(target=_writer, args=(path, w, 150)) for w in range(4)]
    for p in procs:
        p.start()
    for p in procs:
        p.join(120)
    assert [p.exitcode for p in procs] == [0, 0, 0, 0]
    with PositionBook(path, dice()) as position_book:
        assert len(position_book) == 600
        assert position_book.lookup((3, 149), 1).value == 149.0  # type: ignore[union-attr]


def test_the_cap_evicts_the_least_useful_rows(tmp_path: Path) -> None:
    position_book = PositionBook(tmp_path / "cap", dice(), cap=20)
    position_book.store(("kept",), 1, 0.0, 0, "pass")
    for _ in range(3):
        position_book.lookup(("kept",), 1)  # used: worth keeping
    position_book.store(("deep",), 9, 0.0, 0, "pass")
    for k in range(60):
        position_book.store(("filler", k), 1, 0.0, 0, "pass")
    position_book.trim()
    assert len(position_book) <= 20
    assert position_book.lookup(("kept",), 1) is not None
    assert position_book.lookup(("deep",), 9) is not None
    assert position_book.lookup(("filler", 0), 1) is None  # the oldest unused shallow rows go first


def test_a_file_that_is_not_a_position_book_is_one_clear_error(tmp_path: Path) -> None:
    text = tmp_path / "notes.txt"
    text.write_text("hello, this is no database at all " * 200)
    with pytest.raises(PositionBookError, match="not a lazytree position book"):
        PositionBook(text, dice())
    other = tmp_path / "other.sqlite"
    db = sqlite3.connect(other)
    db.execute("CREATE TABLE t (x)")
    db.commit()
    db.close()
    with pytest.raises(PositionBookError, match="not a lazytree position book"):
        PositionBook(other, dice())


def test_a_position_book_of_another_game_or_evaluation_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "b"
    PositionBook(path, dice()).close()
    with pytest.raises(PositionBookError, match="a position book of dice-of-doom"):
        PositionBook(path, Checkers())
    with pytest.raises(PositionBookError, match="evaluation"):
        PositionBook(path, LispDiceOfDoom(size=3, eval="score-board"))
    tuned = with_weights(dice(), {**get_weights(dice()), "die": 0.4})
    with pytest.raises(PositionBookError, match="evaluation heuristic"):
        PositionBook(path, tuned)
    with pytest.raises(PositionBookError, match="size=4"):
        PositionBook(path, LispDiceOfDoom(size=4, eval="heuristic"))


def test_a_position_book_corrupted_during_a_game_never_stops_it(tmp_path: Path) -> None:
    path = tmp_path / "bad"
    game = dice()
    position_book = PositionBook(path, game)
    tree = Tree(game, game.initial_state(random.Random(8)))
    booked_alphabeta(position_book, tree)
    # the file is overwritten with garbage while the game goes on; a big position book is mostly
    # not in SQLite's page cache, which a cache of one page stands for here
    position_book._db.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    position_book._db.execute("PRAGMA cache_size = 1")
    size = path.stat().st_size
    path.write_bytes(b"\xde\xad\xbe\xef" * (size // 4 + 1024))
    moves = 0
    while not game.is_terminal(tree.root.state) and moves < 40:
        result = booked_alphabeta(position_book, tree)
        assert result.best_moves
        tree.play(result.best_moves[0])
        moves += 1
    assert moves > 0
    assert position_book.broken is not None
    assert result.position_book == PositionBookUse("off")


def test_arena_and_play_use_the_position_book(tmp_path: Path) -> None:
    from typer.testing import CliRunner

    from lazytree.cli import app

    runner = CliRunner()
    position_book = tmp_path / "arena.book"
    args = ["arena", "dice-of-doom", "--rules", "lisp", "--size", "3", "--pairs", "2"]
    args += [
        "--players",
        "default:time=none:nodes=50:depth=2,ror:depth=2",
        "--position-book",
        str(position_book),
    ]
    args += ["--json"]
    first = runner.invoke(app, args)
    assert first.exit_code == 0, first.stderr
    with PositionBook(position_book, LispDiceOfDoom(size=3, eval="heuristic")) as opened:
        rows = len(opened)
    assert rows > 0
    again = runner.invoke(app, args)
    assert again.exit_code == 0, again.stderr
    cold, warm = (json.loads(r.stdout)["agents"][0] for r in (first, again))
    assert warm["score"] == cold["score"]  # the same answers ...
    assert warm["nodes_per_move"] < cold["nodes_per_move"] / 4  # ... from the position book
    play = ["play", "dice-of-doom", "--size", "2", "--seed", "3", "--human", "none"]
    play += ["--time", "0", "--depth", "2", "--book", str(tmp_path / "play.book")]
    assert "from the position book" not in runner.invoke(app, play).stdout
    assert "from the position book" in runner.invoke(app, play).stdout
    wrong = runner.invoke(app, [*play[:-1], str(position_book)])
    assert wrong.exit_code == 2 and "a position book of dice-of-doom" in wrong.stderr
