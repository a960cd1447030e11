"""The games database of ``lazytree serve``: every game and every move, in SQLite.

A move is committed before any client is told of it; undo deletes the rows past its ply, redo
appends them again. One server writes a file (an exclusive lock); a newer schema is refused. The
tables and the guarantees: ``docs/reference/internals.md``.

Examples
--------
>>> db = GameStore(":memory:")
>>> db.create(GameRecord("g1", "tictactoe", {"format": "lazytree-session"}, ["t0", None], "h"))
>>> from lazytree.session import Played
>>> db.append("g1", 0, [Played(0, 4, "b2")])
>>> db.moves("g1")
[('b2', 0, '')]
>>> db.truncate("g1", 0); db.moves("g1")
[]
"""

from __future__ import annotations

import contextlib
import json
import os
import sqlite3
import threading
import time
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Final

from lazytree.session import Played

__all__ = ["SCHEMA_VERSION", "GameRecord", "GameStore", "StoreError"]

SCHEMA_VERSION: Final = 2
"""``PRAGMA user_version`` of the databases this module writes."""

_SCHEMA: Final = """
CREATE TABLE IF NOT EXISTS games (
    id TEXT PRIMARY KEY,
    game TEXT NOT NULL,
    doc TEXT NOT NULL,
    tokens TEXT NOT NULL,
    host TEXT,
    claimed TEXT NOT NULL,
    delay REAL NOT NULL DEFAULT 0,
    state TEXT NOT NULL DEFAULT 'waiting',
    plies INTEGER NOT NULL DEFAULT 0,
    created REAL NOT NULL,
    updated REAL NOT NULL,
    creator TEXT NOT NULL DEFAULT ''
);
CREATE TABLE IF NOT EXISTS moves (
    game TEXT NOT NULL REFERENCES games(id) ON DELETE CASCADE,
    ply INTEGER NOT NULL,
    text TEXT NOT NULL,
    player INTEGER NOT NULL,
    note TEXT NOT NULL DEFAULT '',
    PRIMARY KEY (game, ply)
) WITHOUT ROWID;
CREATE INDEX IF NOT EXISTS games_by_update ON games (updated);
"""


class StoreError(Exception):
    """A database the server cannot use (one line for the user)."""


@contextlib.contextmanager
def _stored(game_id: str) -> Iterator[None]:
    """Turn a database failure (a full disk) into a :class:`StoreError`."""
    try:
        yield
    except sqlite3.DatabaseError as exc:
        raise StoreError(f"game {game_id} could not be stored: {exc}") from None


@dataclass
class GameRecord:
    """A game's row: its id, game, save document (without moves) and seats' tokens."""

    id: str
    game: str
    doc: dict[str, Any]
    tokens: list[str | None]
    host: str | None = None
    claimed: list[str] = field(default_factory=list)
    delay: float = 0.0
    state: str = "waiting"
    plies: int = 0
    created: float = 0.0
    updated: float = 0.0
    creator: str = ""

    def __post_init__(self) -> None:
        if not self.claimed:
            self.claimed = [""] * len(self.tokens)


class GameStore:
    """The games database at ``path`` (``:memory:``: in this process only). Safe to use
    from several threads (one connection, one lock)."""

    def __init__(
        self, path: str | Path, *, make_folder: bool = False, writer: bool = False
    ) -> None:
        """``make_folder``: create a missing folder (else a :class:`StoreError`);
        ``writer``: hold the file's exclusive lock."""
        self.path = str(path)
        self._lock = threading.Lock()
        self._db: sqlite3.Connection
        try:
            if self.path != ":memory:":
                p = Path(self.path)
                if p.is_dir():
                    raise StoreError(f"--db {p}: is a directory, not a database file")
                if make_folder:
                    p.parent.mkdir(parents=True, exist_ok=True)
                elif not p.parent.is_dir():
                    raise StoreError(f"--db {p}: no folder {p.parent}")
                if not p.exists():  # the tokens are secrets: the owner reads the file only
                    os.close(os.open(p, os.O_CREAT | os.O_WRONLY, 0o600))
            # a writer waits for no one: another's lock is a refusal at once
            self._db = db = sqlite3.connect(
                self.path, check_same_thread=False, timeout=0.0 if writer else 5.0
            )
            exclusive = writer and self.path != ":memory:"
            if exclusive:
                db.execute("PRAGMA locking_mode=EXCLUSIVE")
            try:
                version = db.execute("PRAGMA user_version").fetchone()[0]
            except sqlite3.OperationalError as exc:
                if "locked" not in str(exc):
                    raise
                raise StoreError(
                    f"--db {self.path}: another lazytree serve uses this database; stop it "
                    "or give another --db"
                ) from None
            if version > SCHEMA_VERSION:
                raise StoreError(
                    f"--db {self.path}: written by a newer lazytree (schema {version}; this "
                    f"one reads up to {SCHEMA_VERSION})"
                )
            db.execute("PRAGMA journal_mode=WAL")
            db.execute("PRAGMA synchronous=FULL")
            db.execute("PRAGMA foreign_keys=ON")
            db.executescript(_SCHEMA)
            columns = {row[1] for row in db.execute("PRAGMA table_info(games)")}
            if "creator" not in columns:  # a file of schema 1
                db.execute("ALTER TABLE games ADD COLUMN creator TEXT NOT NULL DEFAULT ''")
            db.execute(f"PRAGMA user_version={SCHEMA_VERSION}")
            if exclusive:
                db.execute("BEGIN EXCLUSIVE")  # the lock taken now, held until closed
                db.execute("COMMIT")
        except sqlite3.DatabaseError as exc:
            self._release()
            raise StoreError(f"--db {self.path}: {exc}") from None
        except OSError as exc:
            self._release()
            raise StoreError(f"--db {self.path}: {exc.strerror or exc}") from None
        except StoreError:
            self._release()
            raise

    def _release(self) -> None:
        db: sqlite3.Connection | None = getattr(self, "_db", None)
        if db is not None:
            with contextlib.suppress(sqlite3.Error):
                db.close()  # (closing it lets go of the lock)

    def close(self) -> None:
        with self._lock:
            self._release()

    # -- games --------------------------------------------------------------------------
    def create(self, record: GameRecord) -> None:
        """Store a new game (no moves yet)."""
        now = time.time()
        record.created = record.updated = now
        with self._lock, _stored(record.id), self._db:
            self._db.execute(
                "INSERT INTO games (id, game, doc, tokens, host, claimed, delay, state, plies,"
                " created, updated, creator) VALUES (?, ?, ?, ?, ?, ?, ?, ?, 0, ?, ?, ?)",
                (
                    record.id,
                    record.game,
                    json.dumps(record.doc),
                    json.dumps(record.tokens),
                    record.host,
                    json.dumps(record.claimed),
                    record.delay,
                    record.state,
                    now,
                    now,
                    record.creator,
                ),
            )

    def get(self, game_id: str) -> GameRecord | None:
        """The game's row, or None."""
        with self._lock:
            row = self._db.execute(
                "SELECT id, game, doc, tokens, host, claimed, delay, state, plies, created,"
                " updated, creator FROM games WHERE id = ?",
                (game_id,),
            ).fetchone()
        if row is None:
            return None
        return GameRecord(
            row[0],
            row[1],
            json.loads(row[2]),
            json.loads(row[3]),
            row[4],
            json.loads(row[5]),
            row[6],
            row[7],
            row[8],
            row[9],
            row[10],
            row[11],
        )

    def update(
        self,
        game_id: str,
        *,
        claimed: Sequence[str] | None = None,
        delay: float | None = None,
        state: str | None = None,
    ) -> None:
        """Change a game's claimed seats, AI delay or state."""
        sets, args = ["updated = ?"], [time.time()]
        if claimed is not None:
            sets.append("claimed = ?")
            args.append(json.dumps(list(claimed)))  # type: ignore[arg-type]
        if delay is not None:
            sets.append("delay = ?")
            args.append(delay)
        if state is not None:
            sets.append("state = ?")
            args.append(state)  # type: ignore[arg-type]
        with self._lock, self._db:
            self._db.execute(f"UPDATE games SET {', '.join(sets)} WHERE id = ?", (*args, game_id))

    # -- moves --------------------------------------------------------------------------
    def append(
        self, game_id: str, first: int, played: Sequence[Played], state: str | None = None
    ) -> None:
        """Append ``played`` as plies ``first``, ``first + 1``... with the game's new
        ``state``, and commit; a :class:`StoreError` (nothing written) when ``first`` is not
        the count stored."""
        now = time.time()
        with self._lock:
            try:
                with self._db:
                    plies = self._db.execute(
                        "SELECT plies FROM games WHERE id = ?", (game_id,)
                    ).fetchone()
                    if plies is None or plies[0] != first:
                        raise StoreError(
                            f"game {game_id}: move {first} does not follow the "
                            f"{None if plies is None else plies[0]} stored"
                        )
                    self._db.executemany(
                        "INSERT INTO moves (game, ply, text, player, note) VALUES (?, ?, ?, ?, ?)",
                        [
                            (game_id, first + i, p.text, p.player, p.note)
                            for i, p in enumerate(played)
                        ],
                    )
                    self._db.execute(
                        "UPDATE games SET plies = ?, updated = ?, state = coalesce(?, state)"
                        " WHERE id = ?",
                        (first + len(played), now, state, game_id),
                    )
            except sqlite3.DatabaseError as exc:
                raise StoreError(f"game {game_id}: the move could not be stored: {exc}") from None

    def truncate(self, game_id: str, plies: int, state: str | None = None) -> None:
        """Delete the moves from ply ``plies`` on (an undo) and commit."""
        with self._lock, self._db:
            self._db.execute("DELETE FROM moves WHERE game = ? AND ply >= ?", (game_id, plies))
            self._db.execute(
                "UPDATE games SET plies = ?, updated = ?, state = coalesce(?, state) WHERE id = ?",
                (plies, time.time(), state, game_id),
            )

    def moves(self, game_id: str) -> list[tuple[str, int, str]]:
        """The game's moves in order: (text, player, note)."""
        with self._lock:
            rows = self._db.execute(
                "SELECT text, player, note FROM moves WHERE game = ? ORDER BY ply", (game_id,)
            ).fetchall()
        return [(r[0], r[1], r[2]) for r in rows]

    # -- the lobby ----------------------------------------------------------------------
    def lobby(self, limit: int = 200, page: int = 0) -> tuple[list[GameRecord], bool]:
        """Page ``page`` of the games not archived: of each state, the ``limit`` most
        recently updated after the ``page * limit`` before them, newest first; and whether
        any state has more."""
        with self._lock:
            rows = []
            more = False
            for state in ("waiting", "playing", "over"):
                found = self._db.execute(
                    "SELECT id, updated FROM games WHERE state = ? ORDER BY updated DESC"
                    " LIMIT ? OFFSET ?",
                    (state, limit + 1, page * limit),
                ).fetchall()
                more = more or len(found) > limit
                rows += found[:limit]
        ids = [r[0] for r in sorted(rows, key=lambda r: r[1], reverse=True)]
        return [r for r in map(self.get, ids) if r is not None], more

    def expire(
        self,
        idle: float,
        keep_finished: int,
        now: float | None = None,
        *,
        forget: float | None = None,
        forget_empty: float | None = None,
    ) -> int:
        """Archive the unfinished games untouched for ``idle`` seconds, delete those
        untouched for ``forget`` (or without a move for ``forget_empty``) and the finished
        games past the newest ``keep_finished``; how many."""
        t = time.time() if now is None else now
        unfinished = "state IN ('waiting', 'playing', 'archived')"
        with self._lock, self._db:
            archived = self._db.execute(
                "UPDATE games SET state = 'archived' WHERE state IN ('waiting', 'playing')"
                " AND updated < ?",
                (t - idle,),
            ).rowcount
            deleted = self._db.execute(
                "DELETE FROM games WHERE id IN (SELECT id FROM games WHERE state = 'over'"
                " ORDER BY updated DESC LIMIT -1 OFFSET ?)",
                (max(0, keep_finished),),
            ).rowcount
            if forget is not None:
                deleted += self._db.execute(
                    f"DELETE FROM games WHERE {unfinished} AND updated < ?", (t - forget,)
                ).rowcount
            if forget_empty is not None:
                deleted += self._db.execute(
                    f"DELETE FROM games WHERE {unfinished} AND plies = 0 AND updated < ?",
                    (t - forget_empty,),
                ).rowcount
        return int(archived) + int(deleted)

    def __len__(self) -> int:
        with self._lock:
            count: int = self._db.execute("SELECT count(*) FROM games").fetchone()[0]
        return count
