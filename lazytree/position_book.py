"""A persistent position book (Samuel's rote learning) in a SQLite file.

The AI looks its root position up before it searches and stores what it searched afterwards
(:func:`booked_search`). Rows are keyed by :func:`state_key`; a book belongs to one game, its
options and its evaluation's version. Many processes may share one file; past ``cap`` rows the least
useful go; a file that goes bad switches the book off (:attr:`PositionBook.broken`) and the search
goes on.

Examples
--------
>>> import tempfile, os
>>> from lazytree.tree import Tree
>>> from lazytree.games.tictactoe import TicTacToe
>>> from lazytree.search import alphabeta
>>> path = os.path.join(tempfile.mkdtemp(), "ttt.book")
>>> game = TicTacToe()
>>> position_book = PositionBook(path, game)
>>> tree = Tree(game)
>>> first = booked_search(position_book, tree, lambda: alphabeta(tree.root, 2), depth=2)
>>> first.position_book.status, len(position_book)
('miss', 1)
>>> again = booked_search(position_book, Tree(game), lambda: alphabeta(tree.root, 2), depth=2)
>>> again.position_book.status, again.best_moves == first.best_moves, again.stats.nodes_created
('hit', True, 0)
>>> position_book.close()
"""

from __future__ import annotations

import contextlib
import hashlib
import re
import sqlite3
import time
from collections.abc import Callable, Hashable
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any, Final, Literal

from lazytree.game import IllegalMoveError
from lazytree.search.result import PositionBookUse, SearchResult
from lazytree.tree import Bound, StatsSnapshot, Tree
from lazytree.weights import evaluation_id

__all__ = [
    "COMPLETE",
    "DEFAULT_CAP",
    "POSITION_BOOK_FORMAT",
    "PositionBook",
    "PositionBookEntry",
    "PositionBookError",
    "booked_search",
    "game_identity",
    "read_identity",
    "state_key",
]

POSITION_BOOK_FORMAT: Final = "lazytree-book"
POSITION_BOOK_VERSION: Final = 1
DEFAULT_CAP: Final = 1_000_000
"""Rows a position book keeps by default."""
COMPLETE: Final = 1_000_000
"""The depth stored for a search that saw the end of the game everywhere (it answers a
search of any depth)."""
BUSY_MS: Final = 30_000
_ADDRESS = re.compile(r" at 0x[0-9a-fA-F]+")
_BOUNDS = {Bound.EXACT: 0, Bound.LOWER: 1, Bound.UPPER: 2}
_BOUND_OF = {v: k for k, v in _BOUNDS.items()}
_SCHEMA = """
CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS positions (
    key BLOB PRIMARY KEY,
    depth INTEGER NOT NULL,
    value REAL NOT NULL,
    bound INTEGER NOT NULL,
    player INTEGER NOT NULL,
    move TEXT NOT NULL,
    uses INTEGER NOT NULL DEFAULT 0,
    stored REAL NOT NULL
);
"""


class PositionBookError(ValueError):
    """A file that is not a position book, or a position book of another game or evaluation."""


def state_key(state: Hashable) -> bytes:
    """The canonical key of ``state``: 16 bytes of SHA-256 of its ``repr``.

    ``ValueError`` for a state whose ``repr`` shows a memory address (it would differ
    between processes).

    >>> state_key((1, 2, "x")) == state_key((1, 2, "x")), len(state_key(()))
    (True, 16)
    """
    text = repr(state)
    if _ADDRESS.search(text):
        raise ValueError(f"state {text[:60]} has no stable text form for a position book key")
    return hashlib.sha256(text.encode("utf-8")).digest()[:16]


def game_identity(game: Any) -> dict[str, str]:
    """What a position book belongs to: the game's name, its options (``repr``), its evaluation
    and the evaluation's version."""
    name, version = evaluation_id(game)
    options = _ADDRESS.sub("", repr(game))
    return {"game": str(game.name), "options": options, "evaluation": name, "version": version}


def _check_format(path: object, meta: dict[str, Any]) -> None:
    """A :class:`PositionBookError` unless ``meta`` is a position book's of this format."""
    if meta.get("format") != POSITION_BOOK_FORMAT:
        raise PositionBookError(f"{path}: not a lazytree position book")
    if meta.get("format_version") != str(POSITION_BOOK_VERSION):
        version = meta.get("format_version")
        raise PositionBookError(f"{path}: position book format {version} is unknown")


def read_identity(path: str | Path) -> dict[str, str]:
    """What the position book at ``path`` belongs to (as :func:`game_identity` gives it), read
    without changing the file; :class:`PositionBookError` for a missing file or not a position
    book.

    >>> import tempfile, os
    >>> from lazytree.games.tictactoe import TicTacToe
    >>> path = os.path.join(tempfile.mkdtemp(), "ttt.book")
    >>> PositionBook(path, TicTacToe()).close()
    >>> read_identity(path)["game"]
    'tictactoe'
    """
    where = Path(path)
    if not where.is_file():
        raise PositionBookError(f"{path}: no such file")
    try:
        db = sqlite3.connect(f"{where.resolve().as_uri()}?mode=ro", uri=True)
    except sqlite3.Error as exc:
        raise PositionBookError(f"{path}: cannot open as a position book ({exc})") from None
    try:
        meta = dict(db.execute("SELECT key, value FROM meta").fetchall())
    except sqlite3.DatabaseError as exc:
        raise PositionBookError(f"{path}: not a lazytree position book ({exc})") from None
    finally:
        db.close()
    _check_format(path, meta)
    return {field: str(meta.get(field)) for field in ("game", "options", "evaluation", "version")}


@dataclass(frozen=True)
class PositionBookEntry:
    """One stored search: ``depth`` (:data:`COMPLETE`: solved), the ``value`` for ``player`` (to
    move) with its ``bound``, the best ``move`` in notation and its ``uses``."""

    depth: int
    value: float
    bound: Bound
    player: int
    move: str
    uses: int


class PositionBook:
    """A position book of ``game`` in the SQLite file ``path`` (created when missing).

    ``cap``: most rows kept (the least useful are evicted past it). Raises
    :class:`PositionBookError` when ``path`` is not a position book or belongs to another game,
    options or evaluation version.
    """

    def __init__(self, path: str | Path, game: Any, *, cap: int = DEFAULT_CAP) -> None:
        if isinstance(cap, bool) or not isinstance(cap, int) or cap < 1:
            raise ValueError(f"the position book's cap must be a whole number >= 1, got {cap!r}")
        self.path = Path(path)
        self.game = game
        self.cap = cap
        self.identity = game_identity(game)
        self.broken: str | None = None
        self.hits = 0
        self.misses = 0
        self.stores = 0
        self._since_trim = 0
        try:
            self._db = sqlite3.connect(
                self.path, timeout=BUSY_MS / 1000, isolation_level=None, check_same_thread=False
            )
        except sqlite3.Error as exc:
            raise PositionBookError(f"{path}: cannot open as a position book ({exc})") from None
        try:
            self._open()
        except sqlite3.DatabaseError as exc:
            self._db.close()
            raise PositionBookError(f"{path}: not a lazytree position book ({exc})") from None

    def _open(self) -> None:
        db = self._db
        db.execute(f"PRAGMA busy_timeout = {BUSY_MS}")
        db.execute("PRAGMA journal_mode = WAL")
        db.execute("PRAGMA synchronous = NORMAL")
        db.execute("BEGIN IMMEDIATE")
        try:
            tables = {r[0] for r in db.execute("SELECT name FROM sqlite_master WHERE type='table'")}
            if not tables:
                for statement in _SCHEMA.split(";"):
                    if statement.strip():
                        db.execute(statement)
                meta = {
                    "format": POSITION_BOOK_FORMAT,
                    "format_version": str(POSITION_BOOK_VERSION),
                }
                meta.update(self.identity)
                db.executemany("INSERT INTO meta VALUES (?, ?)", meta.items())
            db.execute("COMMIT")
        except BaseException:
            db.execute("ROLLBACK")
            raise
        if not {"meta", "positions"} <= tables and tables:
            raise PositionBookError(
                f"{self.path}: not a lazytree position book (tables {sorted(tables)})"
            )
        meta = dict(db.execute("SELECT key, value FROM meta").fetchall())
        _check_format(self.path, meta)
        for field in ("game", "options", "evaluation", "version"):
            if meta.get(field) != self.identity[field]:
                raise PositionBookError(
                    f"{self.path}: a position book of {meta.get('game')} {meta.get('options')} "
                    f"(evaluation {meta.get('evaluation')} {meta.get('version')}), not of "
                    f"{self.identity['game']} {self.identity['options']} (evaluation "
                    f"{self.identity['evaluation']} {self.identity['version']})"
                )

    # -- use -----------------------------------------------------------------------------
    def _fail(self, exc: Exception) -> None:
        self.broken = f"{type(exc).__name__}: {exc}"

    def lookup(self, state: Hashable, depth: int) -> PositionBookEntry | None:
        """The entry of ``state`` if it was searched at least ``depth`` deep (its use
        counted), else None; None too once the position book is broken."""
        if self.broken is not None:
            return None
        try:
            key = state_key(state)
            row = self._db.execute(
                "SELECT depth, value, bound, player, move, uses FROM positions WHERE key = ?",
                (key,),
            ).fetchone()
            if row is None or row[0] < depth:
                self.misses += 1
                return None
            self._write("UPDATE positions SET uses = uses + 1 WHERE key = ?", (key,))
        except (sqlite3.Error, ValueError, KeyError) as exc:
            self._fail(exc)
            return None
        self.hits += 1
        d, value, bound, player, move, uses = row
        return PositionBookEntry(
            int(d), float(value), _BOUND_OF[int(bound)], int(player), move, uses + 1
        )

    def store(
        self,
        state: Hashable,
        depth: int,
        value: float,
        player: int,
        move: str,
        bound: Bound = Bound.EXACT,
    ) -> None:
        """Keep a search of ``state``: a deeper entry is never replaced by a shallower one."""
        if self.broken is not None:
            return
        try:
            self._write(
                "INSERT INTO positions (key, depth, value, bound, player, move, uses, stored) "
                "VALUES (?, ?, ?, ?, ?, ?, 0, ?) ON CONFLICT(key) DO UPDATE SET "
                "depth = excluded.depth, value = excluded.value, bound = excluded.bound, "
                "player = excluded.player, move = excluded.move, stored = excluded.stored "
                "WHERE excluded.depth >= positions.depth",
                (state_key(state), depth, value, _BOUNDS[bound], player, move, time.time()),
            )
            self.stores += 1
            self._since_trim += 1
            if self._since_trim >= max(1, min(256, self.cap // 10)):
                self._since_trim = 0
                self.trim()
        except (sqlite3.Error, ValueError) as exc:
            self._fail(exc)

    def _write(self, sql: str, args: tuple[Any, ...]) -> None:
        db = self._db
        db.execute("BEGIN IMMEDIATE")
        try:
            db.execute(sql, args)
            db.execute("COMMIT")
        except BaseException:
            if db.in_transaction:
                db.execute("ROLLBACK")
            raise

    def trim(self) -> int:
        """Evict the least useful rows above the cap (fewest uses, shallowest, oldest)
        down to 90% of it; returns how many went."""
        db = self._db
        db.execute("BEGIN IMMEDIATE")
        try:
            (count,) = db.execute("SELECT count(*) FROM positions").fetchone()
            gone = 0
            if count > self.cap:
                gone = count - max(1, self.cap * 9 // 10)
                db.execute(
                    "DELETE FROM positions WHERE key IN (SELECT key FROM positions "
                    "ORDER BY uses ASC, depth ASC, stored ASC LIMIT ?)",
                    (gone,),
                )
            db.execute("COMMIT")
        except BaseException:
            if db.in_transaction:
                db.execute("ROLLBACK")
            raise
        return int(gone)

    def __len__(self) -> int:
        (count,) = self._db.execute("SELECT count(*) FROM positions").fetchone()
        return int(count)

    def stats(self) -> dict[str, Any]:
        """This process's hits, misses and stores, the hit rate, and whether it broke."""
        asked = self.hits + self.misses
        return {
            "hits": self.hits,
            "misses": self.misses,
            "stores": self.stores,
            "hit_rate": round(self.hits / asked, 4) if asked else None,
            "broken": self.broken,
        }

    def close(self) -> None:
        with contextlib.suppress(sqlite3.Error):
            self._db.close()

    def __enter__(self) -> PositionBook:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def __repr__(self) -> str:
        return f"PositionBook({str(self.path)!r}, {self.identity['game']}, cap={self.cap})"


def _zero() -> StatsSnapshot:
    return StatsSnapshot()


def booked_search(
    position_book: PositionBook | None,
    tree: Tree[Any, Any],
    search: Callable[[], SearchResult[Any]],
    *,
    depth: int,
) -> SearchResult[Any]:
    """Answer from ``position_book`` when it holds ``tree.root`` searched exactly at least
    ``depth`` deep (or to the end: :data:`COMPLETE`), else run ``search()`` and store its
    answer; the result's ``position_book`` says ``hit``, ``miss`` or ``off`` (a broken book is
    skipped)."""
    if position_book is None:
        return search()
    root = tree.root
    game = tree.game
    state = root.state
    entry = position_book.lookup(state, depth)
    if entry is not None and entry.player == root.player and entry.bound is Bound.EXACT:
        try:
            move = game.parse_move(state, entry.move)
        except (IllegalMoveError, ValueError):
            move = None
        if move is not None:
            return SearchResult(
                value=entry.value,
                player=entry.player,
                best_moves=(move,),
                pv=(move,),
                depth=None if entry.depth >= COMPLETE else entry.depth,
                rater="position-book",
                stats=_zero(),
                move_values=((move, entry.value),),
                position_book=PositionBookUse("hit", entry.depth, entry.uses),
            )
    result = search()
    status: Literal["miss", "off"] = "off" if position_book.broken is not None else "miss"
    if result.best_moves and position_book.broken is None and result.player == root.player:
        searched = result.depth
        complete = result.complete or searched is None
        stored = COMPLETE if complete else searched
        if stored is not None and stored > 0:
            position_book.store(
                state,
                stored,
                float(result.value),
                result.player,
                game.move_to_str(state, result.best_moves[0]),
            )
        if position_book.broken is not None:
            status = "off"
    return replace(result, position_book=PositionBookUse(status))
