"""Sessions held by the server, each with the thread that plays its AI's turns.

A :class:`Runner` plays a game's AI turns in a thread that sends each search to a worker
(:mod:`lazytree.server.workers`), publishes progress and stops when asked; :meth:`Runner.role` tells
who a token is. :class:`Sessions` holds the games in use (at most ``limit``), loads the others from
the games database and sweeps idle ones.
"""

from __future__ import annotations

import ctypes
import ctypes.util
import dataclasses
import gc
import logging
import secrets
import threading
import time
import weakref
from collections import OrderedDict
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from lazytree.agents import Choice
from lazytree.search.limit import SearchStopped
from lazytree.server.jobs import SearchSummary
from lazytree.server.recent import Recent
from lazytree.server.remote import RemoteAgent
from lazytree.server.store import GameRecord, GameStore, StoreError
from lazytree.server.workers import Executor, JobFailed, ProcessWorkers, WorkerLost
from lazytree.session import Played, Session, SessionError

if TYPE_CHECKING:
    from lazytree.server.learning import Learning

__all__ = [
    "FINISHED_SECONDS",
    "IDLE_SECONDS",
    "MAX_SESSIONS",
    "TOKEN_BYTES",
    "Runner",
    "Sessions",
    "default_executor",
]

log = logging.getLogger("lazytree.server")

TOKEN_BYTES = 24
"""Random bytes of a seat token (192 bits; 32 characters in a link)."""

MAX_SESSIONS = 64
"""Sessions kept in memory at once; the least recently used idle one is dropped first."""

IDLE_SECONDS = 600.0
"""A game with no page open and no AI thinking leaves memory this long after its last
use (it stays in the database)."""

FINISHED_SECONDS = 60.0
"""A game that has ended, with no page open, leaves memory this long after it was last
asked for (a script polling for the end still sees the AI's last search)."""

KEEP_WHERE = 1024
"""Games whose AI's last worker is remembered after they left memory (the explorer asks
for it)."""

KEEP_TIMES = 64
"""Moves whose storing time a game keeps (see :attr:`Runner.stored_at`)."""


@dataclass
class Progress:
    """What the AI's search has reached so far in the move it is thinking about (as of
    its last progress report)."""

    player: int
    started: float
    depth: int | None = None
    value: float | None = None
    nodes: int = 0

    def as_json(self) -> dict[str, Any]:
        """Progress now."""
        return {
            "player": self.player,
            "seconds": round(time.monotonic() - self.started, 2),
            "depth": self.depth,
            "nodes": self.nodes,
            "value": self.value,
        }


@dataclass
class Runner:
    """One session and its AI worker."""

    session: Session
    id: str = field(default_factory=lambda: secrets.token_urlsafe(9))
    delay: float = 0.0
    """Pause after each AI move, so AI-vs-AI games can be watched."""
    lock: threading.Lock = field(default_factory=threading.Lock)
    version: int = 0
    """Bumped at every change of the position (the page polls for it)."""
    epoch: int = 0
    """Bumped at every undo and redo: the moves the pages were sent are no longer all
    the game's."""
    error: str | None = None
    """The last AI failure, shown on the page."""
    has_position_book: bool = False
    """The server was given a position book (``serve --position-book``)."""
    position_book_note: str | None = None
    """Why this game plays without the server's position book (another game's position
    book), or None."""
    last_search: dict[str, Any] | None = None
    broken: bool = False
    """A move made in memory could not be stored: the game is reloaded from the database."""
    last_where: Any = None
    """The worker of the AI's last search (the explorer asks it for the tree)."""
    tokens: list[str | None] = field(default_factory=list)
    """The secret token of each human seat (None for an AI seat)."""
    host: str | None = None
    """The token of the game's creator (it controls the AIs and plays the free seats)."""
    claimed: list[str] = field(default_factory=list)
    """Who plays each seat: ``""`` nobody yet, ``"host"``, or ``"seat"`` (whoever opened
    its link; it is no longer shown to others)."""
    store: GameStore | None = None
    """The games database every move is written to before it is announced."""
    executor: Executor | None = None
    """Where the AI's searches run (shared by the games of a server)."""
    learning: Learning | None = None
    """The server's position book and weights, sent with every search."""
    waiting: bool = False
    """The AI is to move but its search waits for a free worker."""
    stored_at: dict[int, float] = field(default_factory=dict)
    """When the latest moves were stored (ply: seconds since the epoch; pushed with them)."""
    listeners: list[Callable[[], None]] = field(default_factory=list)
    """Called (in any thread) after every change."""
    creator: str = ""
    """The address that created the game: its AI's worker time is charged to it (see
    :mod:`lazytree.server.workers`)."""
    seated: int = 0
    """Pages of a seat or of the host open on the game: they keep it in memory (pages
    of watchers do not)."""
    touched: float = field(default_factory=time.monotonic)
    """When the game was last asked for (:meth:`Sessions.get`)."""
    _thread: threading.Thread | None = None
    _active: bool = False
    _stop: threading.Event = field(default_factory=threading.Event)
    _cancel: threading.Event = field(default_factory=threading.Event)
    _progress: Progress | None = None

    @property
    def thinking(self) -> bool:
        """True while the AI worker runs."""
        t = self._thread
        return self._active and t is not None and t.is_alive()

    @property
    def cancelled(self) -> bool:
        """True while a cancelled turn is still ending (:attr:`thinking` until it has):
        :meth:`start_ai` waits for it, then starts the turn anew."""
        return self.thinking and self._cancel.is_set()

    @property
    def progress(self) -> Progress | None:
        p = self._progress
        if p is None or not self.thinking:
            return None
        s = self.session
        agent = s.agents[p.player] if p.player < len(s.agents) else None
        if isinstance(agent, RemoteAgent):
            depth, nodes, value = agent.progress()
            p.depth, p.nodes, p.value = depth, nodes, value
        return p

    def remote(self) -> None:
        """Make the AI seats' agents :class:`~lazytree.server.remote.RemoteAgent`: their
        searches run in :attr:`executor`'s workers, with :attr:`learning`."""
        s = self.session
        if self.executor is None:
            return
        agents = list(s.agents)
        for k, seat in enumerate(s.seats):
            agent = agents[k]
            if isinstance(agent, RemoteAgent):
                agent.learning = self.learning
                agent.owner = self.creator
            if seat.is_human or isinstance(agent, RemoteAgent):
                continue
            agents[k] = RemoteAgent(
                seat.name,
                agent.stoppable,
                self.executor,
                s,
                self.id,
                learning=self.learning,
                cancel=self._cancel,
                on_wait=self._on_wait,
                owner=self.creator,
            )
        s.agents = tuple(agents)

    def _on_wait(self, waiting: bool) -> None:
        self.waiting = waiting
        self.changed()

    def changed(self) -> None:
        self.version += 1
        for listener in list(self.listeners):
            listener()

    def role(self, token: str | None) -> tuple[str, int | None]:
        """Who holds ``token``: ``("seat", k)``, ``("host", None)`` or ``("watcher",
        None)`` (no token, or a wrong one whatever its characters)."""
        if token:
            given = token.encode("utf-8", "surrogatepass")  # (any text: compared as bytes)
            for k, known in enumerate(self.tokens):
                if known is not None and secrets.compare_digest(known.encode(), given):
                    return "seat", k
            if self.host is not None and secrets.compare_digest(self.host.encode(), given):
                return "host", None
        return "watcher", None

    @property
    def state(self) -> str:
        """``waiting`` (a human seat nobody took), ``playing`` or ``over``."""
        if self.session.is_over:
            return "over"
        return "waiting" if self.free_seats() else "playing"

    def free_seats(self) -> list[int]:
        """The human seats nobody plays yet."""
        return [k for k, t in enumerate(self.tokens) if t is not None and not self.claimed[k]]

    def may_move(self, role: str, seat: int | None, player: int) -> bool:
        """Whether ``role`` (``seat`` ``seat`` or ``host``) may move for ``player``."""
        if self.tokens[player] is None:
            return False
        if role == "seat":
            return seat == player
        return role == "host" and self.claimed[player] != "seat"

    def others_play(self, role: str, seat: int | None) -> bool:
        """Whether a person other than ``role`` plays a human seat of the game (undo
        could then take back their move)."""
        mine = {seat} if role == "seat" else set()
        for k, token in enumerate(self.tokens):
            if token is None or k in mine:
                continue
            if role == "seat" or self.claimed[k] == "seat":
                return True
        return False

    def record(self, first: int, played: Sequence[Played]) -> None:
        """Store moves just played (from ply ``first``) before anyone is told: call it
        holding :attr:`lock`. Without a store, nothing."""
        if self.store is not None:
            self.store.append(self.id, first, played, self.state)
        now = time.time()
        for ply in range(first, first + len(played)):
            self.stored_at[ply] = now
        while len(self.stored_at) > KEEP_TIMES:
            del self.stored_at[next(iter(self.stored_at))]

    def claim(self, seat: int, by: str = "seat") -> None:
        """``seat`` is played by ``by`` (``seat``: whoever opened its link, ``host``)."""
        if self.claimed[seat] != by:
            self.claimed[seat] = by
            if self.store is not None:
                self.store.update(self.id, claimed=self.claimed, state=self.state)
            self.changed()

    def position_book_status(self) -> dict[str, Any] | None:
        """The game's position book for the page: ``on``, its ``hits``/``misses``/``stores``
        and a ``note`` (why there is none or it stopped); None without one."""
        if not self.has_position_book:
            return None
        position_book = self.session.position_book
        if position_book is None:
            return {"on": False, "note": self.position_book_note}
        stats = position_book.stats()
        counts = [
            a.position_book
            for a in self.session.agents
            if isinstance(a, RemoteAgent) and a.position_book
        ]
        if counts:  # the position books of the workers: the lookups and stores of this game's AI
            stats = {**stats, "hit_rate": None, "broken": None}
            for key in ("hits", "misses", "stores"):
                stats[key] = sum(c.get(key, 0) for c in counts)
            stats["broken"] = next((c["broken"] for c in counts if c.get("broken")), None)
            asked = stats["hits"] + stats["misses"]
            stats["hit_rate"] = round(stats["hits"] / asked, 4) if asked else None
        broken = stats.pop("broken")
        note = None
        if broken is not None:
            note = f"the position book was switched off ({broken}): the AI searches on"
        return {"on": broken is None, "note": note, **stats}

    def close(self) -> None:
        """Stop the AI and let go of the game's position book (the game is dropped)."""
        self.cancel(wait=1.0)
        if self.session.position_book is not None:
            self.session.position_book.close()

    # -- the AI worker -------------------------------------------------------------------
    def start_ai(self) -> bool:
        """Start the AI worker if an AI seat is to move and it is not running yet."""
        t = self._thread
        if t is not None and t.is_alive() and self._cancel.is_set():
            t.join(5.0)  # a cancelled turn ends at once (its move dropped): then start anew
        with self.lock:
            s = self.session
            if self.thinking or s.is_over or s.seat().is_human:
                return False
            self._stop.clear()
            self._cancel.clear()
            self.error = None
            self._active = True  # until the worker's last change: pages see it end
            thread = threading.Thread(target=self._work, name=f"ai-{self.id}", daemon=True)
            try:
                thread.start()
            except RuntimeError as exc:  # no thread to be had: the page says so
                self._active = False
                self.error = f"the AI cannot start now ({exc}): try again"
            else:
                self._thread = thread
        self.changed()
        return self._active

    @property
    def can_stop(self) -> bool:
        """True while a stoppable agent thinks (a clock, MCTS): it can answer at once with
        its best move so far."""
        if not self.thinking:
            return False
        s = self.session
        return not s.is_over and s.agents[s.to_move].stoppable

    def stop_search(self) -> bool:
        """Make the clocked AI move now with its best move so far (it goes on thinking
        about the next moves of its turn). False when it cannot (see :attr:`can_stop`)."""
        if not self.can_stop:
            return False
        self._stop.set()
        return True

    def cancel(self, wait: float = 5.0) -> None:
        """Stop the AI's turn altogether (the move it is searching is not played) and
        wait for the worker to end."""
        self._cancel.set()
        self._stop.set()
        t = self._thread
        if t is not None and t is not threading.current_thread():
            t.join(wait)

    def _work(self) -> None:
        try:
            self._play_turns()
        finally:
            if self._thread is threading.current_thread():  # (not a cancelled older one)
                self._active = False
            self.waiting = False
            self.changed()  # the turn is over: the pages are told

    def _play_turns(self) -> None:
        s = self.session
        try:
            while not self._cancel.is_set() and not s.is_over and not s.seat().is_human:
                self._progress = self._new_progress(s)
                self.last_search = {"player": s.to_move, "moves": 0, "depth": 0, "nodes": 0}
                turn = s.ai_turn(
                    stop=self._stop,
                    progress=self._on_progress,
                    cancel=self._cancel,
                    lock=self.lock,
                    record=self.record,
                )
                for step in turn:
                    agent = s.agents[step.played[0].player]
                    summary = None
                    if isinstance(agent, RemoteAgent):
                        summary, self.last_where = agent.summary, agent.where
                    self._after_move(step.played, step.choice, summary)
                    self._stop.clear()  # a Stop was for that move only
                    if self._cancel.is_set():
                        self._stop.set()  # (cancel may have come just now: keep it)
                        break
                    if self.delay and self._cancel.wait(self.delay):
                        break
                    self._progress = self._new_progress(s)
        except SearchStopped:
            if not self._cancel.is_set():  # a budget of the AI's settings ran out
                self.error = "the AI stopped: its search ran out of its budget"
                self.changed()
        except WorkerLost as exc:  # that move failed; the game (and the server) go on
            if not self._cancel.is_set():
                self.error = str(exc)
                self.changed()
        except StoreError as exc:  # the move is not stored: the game is reloaded from the db
            self.error = f"the AI's move could not be stored: {exc}"
            self.broken = True
            self.changed()
        except JobFailed as exc:  # the search failed in its worker: one line, no traceback
            log.warning("game %s: the AI's search failed: %s", self.id, exc)
            self.error = f"the AI failed: {exc}"
            self.changed()
        except Exception as exc:  # shown on the page; the server and the game go on
            log.error("game %s: the AI failed", self.id, exc_info=exc)
            self.error = f"the AI failed: {type(exc).__name__}: {exc}"
            self.changed()

    def _new_progress(self, s: Session) -> Progress:
        return Progress(s.to_move, time.monotonic())

    def _on_progress(self, result: Any) -> None:
        p = self._progress
        if p is not None:
            p.depth = result.depth
            p.value = result.value
            p.nodes = result.stats.nodes_created

    def _after_move(
        self, played: tuple[Played, ...], choice: Choice, summary: SearchSummary | None
    ) -> None:
        """Sum up the AI's turn so far: moves, deepest search, nodes forced, why a
        search stopped early (the clock, the Stop button, a budget)."""
        turn = self.last_search if self.last_search is not None else {}
        turn["moves"] = turn.get("moves", 0) + 1
        turn["nodes"] = turn.get("nodes", 0) + choice.nodes
        turn.setdefault("position_book_hits", 0)
        search = summary
        if search is None and choice.search is not None:
            result = choice.search
            search = SearchSummary(
                result.depth,
                result.value,
                str(result.rater),
                bool(result.position_book_hit),
                None if result.position_book is None else result.position_book.status,
                result.stopped,
            )
        if search is None:  # an agent that does not search (random)
            self.last_search = turn
            self.changed()
            return
        depth = search.depth
        turn["depth"] = None if depth is None else max(depth, turn.get("depth") or 0)
        turn["value"] = search.value
        # --position-book: the moves answered from it, and whether it is still in use
        turn["position_book_hits"] += search.position_book_hit
        if search.position_book_status is not None:
            turn["position_book"] = search.position_book_status
        stopped = search.stopped
        if stopped == "stop" or "stopped" not in turn:
            turn["stopped"] = stopped
        self.last_search = turn
        self.changed()


class Sessions:
    """The games of a server: all in the database ``store``, in memory only those in use (at
    most ``limit``), their AIs searching in ``executor``'s workers. A game leaves memory when it
    has ended and its last page closes, after :data:`FINISHED_SECONDS`, or after ``idle``
    seconds unused; ``prepare`` is called on every game before its AI moves. A game still
    referenced is found again by :meth:`get`, never loaded twice."""

    def __init__(
        self,
        limit: int = MAX_SESSIONS,
        store: GameStore | None = None,
        executor: Executor | None = None,
        idle: float = IDLE_SECONDS,
    ) -> None:
        self.limit = limit
        self.idle = idle
        self.store = store if store is not None else GameStore(":memory:")
        self.executor = executor if executor is not None else default_executor()
        self.prepare: Callable[[Runner], None] = lambda runner: None
        self.dropped: Callable[[Runner], None] = lambda runner: None
        """Called with a game only watched that left memory (its pages reconnect)."""
        self._runners: OrderedDict[str, Runner] = OrderedDict()
        self._alive: weakref.WeakValueDictionary[str, Runner] = weakref.WeakValueDictionary()
        self._where: Recent[str, Any] = Recent(KEEP_WHERE)
        self._released = 0
        self._lock = threading.Lock()

    def add(self, session: Session, delay: float = 0.0, creator: str = "") -> Runner:
        """A new game made by ``creator`` (its address): its seat tokens made, stored in
        the database and held in memory."""
        tokens = [
            secrets.token_urlsafe(TOKEN_BYTES) if seat.is_human else None for seat in session.seats
        ]
        host = secrets.token_urlsafe(TOKEN_BYTES)
        runner = self._runner(session, tokens=tokens, host=host, delay=delay, creator=creator)
        if sum(t is not None for t in tokens) == 1:  # the creator's own game
            runner.claimed = ["host" if t is not None else "" for t in tokens]
        gone: list[Runner] = []
        try:
            with self._lock:
                gone = self._make_room()
                doc = {**session.save(), "moves": []}
                record = GameRecord(
                    runner.id, session.spec.name, doc, tokens, host, delay=delay, creator=creator
                )
                record.claimed = list(runner.claimed)
                record.state = runner.state
                self.store.create(record)
                if session.history:  # a loaded game
                    self.store.append(runner.id, 0, session.history, runner.state)
                self._hold(runner)
        finally:
            self._close(gone)
        self.prepare(runner)
        return runner

    def _runner(self, session: Session, **fields: Any) -> Runner:
        runner = Runner(session, store=self.store, executor=self.executor, **fields)
        if not runner.claimed:
            runner.claimed = [""] * len(runner.tokens)
        runner.remote()
        return runner

    def _hold(self, runner: Runner) -> None:
        """Keep ``runner`` in memory: a game going on among those in use, one that has
        ended only as long as something refers to it. Hold :attr:`_lock`."""
        self._alive[runner.id] = runner
        if not runner.session.is_over:
            self._runners[runner.id] = runner
            self._runners.move_to_end(runner.id)

    def _make_room(self, ceiling: int = 0) -> list[Runner]:
        """Drop least recently used idle games (they stay in the database) while the memory
        is full, holding :attr:`_lock`; the games dropped, to :meth:`_close` after. With
        nothing to drop, a game from the database is let in up to ``ceiling`` games."""
        gone: list[Runner] = []
        while len(self._runners) >= self.limit:
            idle = next(
                (k for k, r in self._runners.items() if not r.thinking and not r.listeners),
                None,
            )
            if idle is None:  # watchers do not pin a game: one only watched goes (its AI
                # stops, as when its last page closes)
                idle = next((k for k, r in self._runners.items() if not r.seated), None)
            if idle is None and len(self._runners) < ceiling:
                break
            if idle is None:
                for runner in gone:  # no room to be made: nothing is dropped
                    self._runners[runner.id] = runner
                raise SessionError(
                    f"the server already holds {self.limit} games in use (an AI thinking "
                    "or a player's page open): try again later"
                )
            gone.append(self._runners.pop(idle))
        return gone

    def _close(self, gone: list[Runner]) -> None:
        """Stop the AIs of games dropped from memory (their pages reconnect)."""
        for runner in gone:
            self._let_go(runner)
            runner.close()
            if runner.listeners:
                self.dropped(runner)

    def _let_go(self, runner: Runner) -> None:
        """``runner`` is no longer held: remember where its AI searched last."""
        if runner.last_where is not None:
            self._where[runner.id] = runner.last_where
        self._released += 1

    def release(self, runner: Runner) -> None:
        """The last page of ``runner`` closed: it leaves memory if it has ended."""
        if runner.session.is_over and not runner.thinking and not runner.listeners:
            with self._lock:
                held = self._runners.get(runner.id) is runner
                if held:
                    del self._runners[runner.id]
            if held:
                self._let_go(runner)

    def sweep(self, now: float | None = None) -> int:
        """Drop the games unused for :attr:`idle` seconds, or :data:`FINISHED_SECONDS` once
        they ended, and give the memory back (:func:`trim_memory`) when any left; the games
        dropped."""
        now = time.monotonic() if now is None else now
        with self._lock:
            gone = [
                r
                for r in self._runners.values()
                if not r.thinking
                and not r.listeners
                and now - r.touched > (FINISHED_SECONDS if r.session.is_over else self.idle)
            ]
            for runner in gone:
                del self._runners[runner.id]
        self._close(gone)
        if self._released:
            self._released = 0
            trim_memory()
        return len(gone)

    def last_where(self, session_id: str) -> Any:
        """The worker of the AI's last search in game ``session_id`` (see
        :attr:`Runner.last_where`; None when unknown), never loading the game."""
        with self._lock:
            runner = self._alive.get(session_id)
            if runner is not None and runner.last_where is not None:
                return runner.last_where
            return self._where.get(session_id)

    def get(self, session_id: str) -> Runner | None:
        """The game ``session_id``, loaded from the database when it is not in memory (its
        moves replayed), or None when there is no such game."""
        gone: list[Runner] = []
        try:
            with self._lock:
                runner = self._alive.get(session_id)
                if runner is not None and runner.broken and not runner.thinking:
                    self._runners.pop(session_id, None)
                    del self._alive[session_id]
                    gone.append(runner)
                    runner = None
                if runner is not None:
                    if session_id not in self._runners and not runner.session.is_over:
                        gone = self._make_room(ceiling=2 * self.limit)
                    self._hold(runner)
                    runner.touched = time.monotonic()
                    return runner
        finally:
            self._close(gone)
        record = self.store.get(session_id)
        if record is None:
            return None
        moves = self.store.moves(session_id)
        session = Session.load({**record.doc, "moves": [text for text, _, _ in moves]})
        for i, (_, _, note) in enumerate(moves):  # the dice rolls' notes
            if note and i < len(session.history):
                session.history[i] = dataclasses.replace(session.history[i], note=note)
        try:
            with self._lock:
                runner = self._alive.get(session_id)  # another request loaded it meanwhile
                if runner is not None:
                    return runner
                if not session.is_over:
                    gone = self._make_room(ceiling=2 * self.limit)
                runner = self._runner(
                    session,
                    id=record.id,
                    tokens=record.tokens,
                    host=record.host,
                    claimed=record.claimed,
                    delay=record.delay,
                    creator=record.creator,
                )
                self._hold(runner)
        finally:
            self._close(gone)
        self.prepare(runner)
        return runner

    def __len__(self) -> int:
        """The games held in memory (those in use)."""
        return len(self._runners)

    def __contains__(self, session_id: object) -> bool:
        """Whether game ``session_id`` is held in memory."""
        return session_id in self._runners

    def close_all(self) -> None:
        for runner in list(self._runners.values()):
            runner.close()


def trim_memory() -> bool:
    """Collect the freed objects and give free memory back to the system (glibc's
    ``malloc_trim(0)``); whether it could."""
    gc.collect()
    trim = _malloc_trim()
    if trim is None:
        return False
    trim(0)
    return True


_trim: Any = False


def _malloc_trim() -> Any:
    """glibc's ``malloc_trim`` through ctypes, or None (another C library)."""
    global _trim
    if _trim is False:
        _trim = None
        name = ctypes.util.find_library("c")
        if name is not None:
            try:
                _trim = ctypes.CDLL(name).malloc_trim
                _trim.argtypes = [ctypes.c_size_t]
                _trim.restype = ctypes.c_int
            except (OSError, AttributeError):  # not glibc
                _trim = None
    return _trim


_default: Executor | None = None
_default_lock = threading.Lock()


def default_executor() -> Executor:
    """The worker processes shared by every :class:`Sessions` made without an executor
    of its own (started when first needed, stopped when the interpreter exits)."""
    global _default
    with _default_lock:
        if _default is None:
            import atexit

            _default = ProcessWorkers()
            atexit.register(_default.close)
        return _default
