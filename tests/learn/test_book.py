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
from lazytree.position_book import COMPLETE, Book, BookError, booked_search, state_key
from lazytree.search import SearchResult, alphabeta
from lazytree.search.result import BookUse
from lazytree.tree import Bound, Tree
from lazytree.weights import get_weights, with_weights


def booked_alphabeta(book: Book, tree: Tree[Any, Any]) -> SearchResult[Any]:
    """Alpha-beta to depth 2 at ``tree.root``, answered from ``book`` when it can."""
    return booked_search(book, tree, lambda: alphabeta(tree.root, 2), depth=2)


def dice() -> DiceOfDoom:
    return LispDiceOfDoom(size=3, eval="heuristic")


def test_round_trip_keeps_every_field(tmp_path: Path) -> None:
    game = dice()
    state = game.initial_state(random.Random(3))
    with Book(tmp_path / "b", game) as book:
        book.store(state, 3, 0.625, state.player, "pass", Bound.LOWER)
    with Book(tmp_path / "b", game) as book:  # a new connection reads what was written
        entry = book.lookup(state, 3)
        assert entry is not None
        assert (entry.depth, entry.value, entry.bound, entry.player, entry.move) == (
            3,
            0.625,
            Bound.LOWER,
            state.player,
            "pass",
        )
        assert entry.uses == 1
        assert book.lookup(state, 3).uses == 2  # type: ignore[union-attr]


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
    book = Book(tmp_path / "t", game)
    tree = Tree(game)
    shallow = booked_search(book, tree, lambda: alphabeta(tree.root, 2), depth=2)
    assert shallow.book == BookUse("miss")
    assert book.lookup(tree.root.state, 3) is None  # depth 2 cannot answer a depth-3 need
    deeper = Tree(game)
    result = booked_search(book, deeper, lambda: alphabeta(deeper.root, 3), depth=3)
    assert result.book == BookUse("miss") and deeper.stats.nodes_created > 1
    # now stored at depth 3, which answers depth 2 and 3 without building a node
    for need in (2, 3):
        fresh = Tree(game)
        hit = booked_search(book, fresh, lambda: alphabeta(Tree(game).root, 9), depth=need)
        assert hit.book is not None and (hit.book.status, hit.book.depth) == ("hit", 3)
        assert hit.best_moves == result.best_moves[:1] and hit.value == result.value
        assert fresh.stats.nodes_created == 1
    # a shallower search never overwrites a deeper entry
    book.store(tree.root.state, 1, -5.0, 0, "a1")
    assert book.lookup(tree.root.state, 3).value == result.value  # type: ignore[union-attr]


def test_a_solved_position_answers_any_depth(tmp_path: Path) -> None:
    game = TicTacToe()
    book = Book(tmp_path / "t", game)
    tree = Tree(game)
    solved = booked_search(book, tree, lambda: alphabeta(tree.root, None), depth=1)
    entry = book.lookup(tree.root.state, 50)
    assert entry is not None and entry.depth == COMPLETE and entry.value == solved.value


def test_the_ai_uses_the_book_and_shows_hits(tmp_path: Path) -> None:
    game = dice()
    state = game.initial_state(random.Random(5))
    book = Book(tmp_path / "ai", game)
    first = booked_alphabeta(book, Tree(game, state))
    tree = Tree(game, state)
    second = booked_alphabeta(book, tree)
    assert (first.book, second.position_book_hit) == (BookUse("miss"), True)
    assert second.best_moves[0] == first.best_moves[0] and second.value == first.value
    assert second.stats.nodes_created == 0 and tree.stats.nodes_created == 1
    assert book.stats()["hits"] == 1 and book.stats()["hit_rate"] == 0.5


def _writer(path: str, worker: int, count: int) -> None:
    game = LispDiceOfDoom(size=3, eval="heuristic")
    with Book(path, game) as book:
        for k in range(count):
            book.store((worker, k), 1 + k % 3, float(k), 0, "pass")
        assert book.broken is None, book.broken


def test_concurrent_writers_from_several_processes(tmp_path: Path) -> None:
    path = str(tmp_path / "shared")
    Book(path, dice()).close()
    ctx = multiprocessing.get_context("spawn")
    procs = [ctx.Process(target=_writer, args=(path, w, 150)) for w in range(4)]
    for p in procs:
        p.start()
    for p in procs:
        p.join(120)
    assert [p.exitcode for p in procs] == [0, 0, 0, 0]
    with Book(path, dice()) as book:
        assert len(book) == 600
        assert book.lookup((3, 149), 1).value == 149.0  # type: ignore[union-attr]


def test_the_cap_evicts_the_least_useful_rows(tmp_path: Path) -> None:
    book = Book(tmp_path / "cap", dice(), cap=20)
    book.store(("kept",), 1, 0.0, 0, "pass")
    for _ in range(3):
        book.lookup(("kept",), 1)  # used: worth keeping
    book.store(("deep",), 9, 0.0, 0, "pass")
    for k in range(60):
        book.store(("filler", k), 1, 0.0, 0, "pass")
    book.trim()
    assert len(book) <= 20
    assert book.lookup(("kept",), 1) is not None
    assert book.lookup(("deep",), 9) is not None
    assert book.lookup(("filler", 0), 1) is None  # the oldest unused shallow rows go first


def test_a_file_that_is_not_a_book_is_one_clear_error(tmp_path: Path) -> None:
    text = tmp_path / "notes.txt"
    text.write_text("hello, this is no database at all " * 200)
    with pytest.raises(BookError, match="not a lazytree book"):
        Book(text, dice())
    other = tmp_path / "other.sqlite"
    db = sqlite3.connect(other)
    db.execute("CREATE TABLE t (x)")
    db.commit()
    db.close()
    with pytest.raises(BookError, match="not a lazytree book"):
        Book(other, dice())


def test_a_book_of_another_game_or_evaluation_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "b"
    Book(path, dice()).close()
    with pytest.raises(BookError, match="a book of dice-of-doom"):
        Book(path, Checkers())
    with pytest.raises(BookError, match="evaluation"):
        Book(path, LispDiceOfDoom(size=3, eval="score-board"))
    tuned = with_weights(dice(), {**get_weights(dice()), "die": 0.4})
    with pytest.raises(BookError, match="evaluation heuristic"):
        Book(path, tuned)
    with pytest.raises(BookError, match="size=4"):
        Book(path, LispDiceOfDoom(size=4, eval="heuristic"))


def test_a_book_corrupted_during_a_game_never_stops_it(tmp_path: Path) -> None:
    path = tmp_path / "bad"
    game = dice()
    book = Book(path, game)
    tree = Tree(game, game.initial_state(random.Random(8)))
    booked_alphabeta(book, tree)
    # the file is overwritten with garbage while the game goes on; a big book is mostly
    # not in SQLite's page cache, which a cache of one page stands for here
    book._db.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    book._db.execute("PRAGMA cache_size = 1")
    size = path.stat().st_size
    path.write_bytes(b"\xde\xad\xbe\xef" * (size // 4 + 1024))
    moves = 0
    while not game.is_terminal(tree.root.state) and moves < 40:
        result = booked_alphabeta(book, tree)
        assert result.best_moves
        tree.play(result.best_moves[0])
        moves += 1
    assert moves > 0
    assert book.broken is not None
    assert result.book == BookUse("off")


def test_arena_and_play_use_the_book(tmp_path: Path) -> None:
    from typer.testing import CliRunner

    from lazytree.cli import app

    runner = CliRunner()
    book = tmp_path / "arena.book"
    args = ["arena", "dice-of-doom", "--rules", "lisp", "--size", "3", "--pairs", "2"]
    args += ["--players", "default:time=none:nodes=50:depth=2,ror:depth=2", "--book", str(book)]
    args += ["--json"]
    first = runner.invoke(app, args)
    assert first.exit_code == 0, first.stderr
    with Book(book, LispDiceOfDoom(size=3, eval="heuristic")) as opened:
        rows = len(opened)
    assert rows > 0
    again = runner.invoke(app, args)
    assert again.exit_code == 0, again.stderr
    cold, warm = (json.loads(r.stdout)["agents"][0] for r in (first, again))
    assert warm["score"] == cold["score"]  # the same answers ...
    assert warm["nodes_per_move"] < cold["nodes_per_move"] / 4  # ... from the book
    play = ["play", "dice-of-doom", "--size", "2", "--seed", "3", "--human", "none"]
    play += ["--time", "0", "--depth", "2", "--book", str(tmp_path / "play.book")]
    assert "from the position book" not in runner.invoke(app, play).stdout
    assert "from the position book" in runner.invoke(app, play).stdout
    wrong = runner.invoke(app, [*play[:-1], str(book)])
    assert wrong.exit_code == 2 and "a book of dice-of-doom" in wrong.stderr
