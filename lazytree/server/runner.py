"""Sessions held by the server, each with the thread that plays its AI's turns.

The web process never searches: a :class:`Runner` plays the AI's turns in a thread of
its own that sends each move's search to a worker process (or a Dask cluster: see
:mod:`lazytree.server.workers`; the seat's agent is a
:class:`~lazytree.server.jobs.RemoteAgent`) and waits for the move, publishes the
search's progress (depth reached, nodes forced) for the page to poll, and stops when
asked (the Stop button: move now with the best move so far) or cancelled (the tab was
closed, the game was undone or replaced). Human moves, undo and redo are refused while
the AI thinks. A worker that dies or runs out of memory fails that move only: the page
says so in one line and the game can go on.

Every game is kept in the games database (:class:`~lazytree.server.store.GameStore`):
:class:`Sessions` holds at most ``limit`` of them in memory (the least recently used
idle one, with no page open on it, is dropped from memory, never from the database)
and loads a game it does not hold from the database by replaying its moves. The workers
take the games' searches in turn: an AI whose search waits for a free worker says so on
the page.

Each game has one secret token per human seat (:data:`TOKEN_BYTES` random bytes, in
the seat's link) and a host token (in the link its creator is sent to);
:meth:`Runner.role` tells who a token is, comparing in constant time. A seat's token
moves for that seat only. The host starts, stops and paces the AIs and moves for every
human seat nobody else has taken (so one person plays a game of one human seat, or
several people share one screen); once someone opens a seat's link, that seat is theirs
(:meth:`Runner.claim`). A game of one human seat gives it to the host at once, so the
lobby never offers it to a stranger.
"""

from __future__ import annotations

import dataclasses
import secrets
import threading
import time
from collections import OrderedDict
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from lazytree.agents import Choice
from lazytree.search.limit import SearchStopped
from lazytree.server.jobs import RemoteAgent, SearchSummary
from lazytree.server.store import GameRecord, GameStore, StoreError
from lazytree.server.workers import Executor, ProcessWorkers, WorkerLost
from lazytree.session import Played, Session, SessionError

if TYPE_CHECKING:
    from lazytree.server.learning import Learning

__all__ = ["MAX_SESSIONS", "TOKEN_BYTES", "Runner", "Sessions", "default_executor"]

TOKEN_BYTES = 24
"""Random bytes of a seat token (192 bits; 32 characters in a link)."""

MAX_SESSIONS = 64
"""Sessions kept in memory at once; the least recently used idle one is dropped first."""

KEEP_TIMES = 64
"""Moves whose storing time a game keeps (see :attr:`Runner.stored_at`)."""

MAX_DELAY = 10.0
"""Longest pause between two AI moves (the watch speed), in seconds."""


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
    has_book: bool = False
    """The server was given a position book (``serve --book``)."""
    book_note: str | None = None
    """Why this game plays without the server's book (another game's book), or None."""
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
    """The server's book and weights, sent with every search."""
    waiting: bool = False
    """The AI is to move but its search waits for a free worker."""
    stored_at: dict[int, float] = field(default_factory=dict)
    """When the latest moves were stored (ply: seconds since the epoch; pushed with them)."""
    listeners: list[Callable[[], None]] = field(default_factory=list)
    """Called (in any thread) after every change."""
    seated: int = 0
    """Pages of a seat or of the host open on the game: they keep it in memory (pages
    of watchers do not)."""
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
        """Make the AI seats' agents :class:`~lazytree.server.jobs.RemoteAgent`: their
        searches run in :attr:`executor`'s workers, with :attr:`learning`."""
        s = self.session
        if self.executor is None:
            return
        agents = list(s.agents)
        for k, seat in enumerate(s.seats):
            agent = agents[k]
            if isinstance(agent, RemoteAgent):
                agent.learning = self.learning
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
        None)`` (no token or a wrong one: see :meth:`check`)."""
        if token:
            for k, known in enumerate(self.tokens):
                if known is not None and secrets.compare_digest(known, token):
                    return "seat", k
            if self.host is not None and secrets.compare_digest(self.host, token):
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

    def book_status(self) -> dict[str, Any] | None:
        """The position book of this game for the page: ``on`` (the AI uses it), its
        ``hits``/``misses``/``stores`` so far and a ``note`` (why there is none, or why
        it was switched off); None when the server has no book."""
        if not self.has_book:
            return None
        book = self.session.book
        if book is None:
            return {"on": False, "note": self.book_note}
        stats = book.stats()
        counts = [a.book for a in self.session.agents if isinstance(a, RemoteAgent) and a.book]
        if counts:  # the books of the workers: the lookups and stores of this game's AI
            stats = {**stats, "hit_rate": None, "broken": None}
            for key in ("hits", "misses", "stores"):
                stats[key] = sum(c.get(key, 0) for c in counts)
            stats["broken"] = next((c["broken"] for c in counts if c.get("broken")), None)
            asked = stats["hits"] + stats["misses"]
            stats["hit_rate"] = round(stats["hits"] / asked, 4) if asked else None
        broken = stats.pop("broken")
        note = None
        if broken is not None:
            note = f"the book was switched off ({broken}): the AI searches on"
        return {"on": broken is None, "note": note, **stats}

    def close(self) -> None:
        """Stop the AI and let go of the game's book (the game is dropped)."""
        self.cancel(wait=1.0)
        if self.session.book is not None:
            self.session.book.close()

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
        its best move so far. The book's AI searches a fixed depth and has no shallower
        answer."""
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
        except Exception as exc:  # shown on the page; the server and the game go on
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
        turn.setdefault("book_hits", 0)
        search = summary
        if search is None and choice.search is not None:
            result = choice.search
            search = SearchSummary(
                result.depth,
                result.value,
                str(result.rater),
                bool(result.book_hit),
                None if result.book is None else result.book.status,
                result.stopped,
            )
        if search is None:  # an agent that does not search (random)
            self.last_search = turn
            self.changed()
            return
        depth = search.depth
        turn["depth"] = None if depth is None else max(depth, turn.get("depth") or 0)
        turn["value"] = search.value
        # --book: the moves answered from it, and whether it is still in use
        turn["book_hits"] += search.book_hit
        if search.book_status is not None:
            turn["book"] = search.book_status
        stopped = search.stopped
        if stopped == "stop" or "stopped" not in turn:
            turn["stopped"] = stopped
        self.last_search = turn
        self.changed()


class Sessions:
    """The games of a server: at most ``limit`` in memory (by id), all of them in the
    database ``store`` (default: an in-memory one), their AIs searching in ``executor``'s
    workers (default: :func:`default_executor`). ``prepare`` is called on every game
    made or loaded before its AI may move (the server's book and weights)."""

    def __init__(
        self,
        limit: int = MAX_SESSIONS,
        store: GameStore | None = None,
        executor: Executor | None = None,
    ) -> None:
        self.limit = limit
        self.store = store if store is not None else GameStore(":memory:")
        self.executor = executor if executor is not None else default_executor()
        self.prepare: Callable[[Runner], None] = lambda runner: None
        self.dropped: Callable[[Runner], None] = lambda runner: None
        """Called with a game only watched that left memory (its pages reconnect)."""
        self._runners: OrderedDict[str, Runner] = OrderedDict()
        self._lock = threading.Lock()

    def add(self, session: Session, delay: float = 0.0) -> Runner:
        """A new game: its seat tokens made, stored in the database and held in memory."""
        tokens = [
            secrets.token_urlsafe(TOKEN_BYTES) if seat.is_human else None for seat in session.seats
        ]
        host = secrets.token_urlsafe(TOKEN_BYTES)
        runner = self._runner(session, tokens=tokens, host=host, delay=delay)
        if sum(t is not None for t in tokens) == 1:  # the creator's own game
            runner.claimed = ["host" if t is not None else "" for t in tokens]
        with self._lock:
            self._make_room()
            doc = {**session.save(), "moves": []}
            record = GameRecord(runner.id, session.spec.name, doc, tokens, host, delay=delay)
            record.claimed = list(runner.claimed)
            record.state = runner.state
            self.store.create(record)
            if session.history:  # a loaded game
                self.store.append(runner.id, 0, session.history, runner.state)
            self._runners[runner.id] = runner
        self.prepare(runner)
        return runner

    def _runner(self, session: Session, **fields: Any) -> Runner:
        runner = Runner(session, store=self.store, executor=self.executor, **fields)
        if not runner.claimed:
            runner.claimed = [""] * len(runner.tokens)
        runner.remote()
        return runner

    def _make_room(self, ceiling: int = 0) -> None:
        """Drop the least recently used idle game (no AI thinking, no page open) while
        the memory is full: it stays in the database. Hold :attr:`_lock`. With nothing
        to drop, a game of the database is let in up to ``ceiling`` games (twice the
        limit: games made here cannot fill it, so players coming back to their game
        get in)."""
        while len(self._runners) >= self.limit:
            idle = next(
                (k for k, r in self._runners.items() if not r.thinking and not r.listeners),
                None,
            )
            if idle is None:  # watchers do not pin a game: one only watched goes (its AI
                # stops, as when its last page closes)
                idle = next((k for k, r in self._runners.items() if not r.seated), None)
            if idle is None and len(self._runners) < ceiling:
                return
            if idle is None:
                raise SessionError(
                    f"the server already holds {self.limit} games in use (an AI thinking "
                    "or a player's page open): try again later"
                )
            runner = self._runners.pop(idle)
            runner.close()
            if runner.listeners:
                self.dropped(runner)

    def get(self, session_id: str) -> Runner | None:
        """The game ``session_id``, loaded from the database when it is not in memory (its
        moves replayed), or None when there is no such game."""
        with self._lock:
            runner = self._runners.get(session_id)
            if runner is not None and runner.broken and not runner.thinking:
                self._runners.pop(session_id).close()
                runner = None
            if runner is not None:
                self._runners.move_to_end(session_id)
                return runner
        record = self.store.get(session_id)
        if record is None:
            return None
        moves = self.store.moves(session_id)
        session = Session.load({**record.doc, "moves": [text for text, _, _ in moves]})
        for i, (_, _, note) in enumerate(moves):  # the dice rolls' notes
            if note and i < len(session.history):
                session.history[i] = dataclasses.replace(session.history[i], note=note)
        with self._lock:
            runner = self._runners.get(session_id)  # another request loaded it meanwhile
            if runner is not None:
                return runner
            self._make_room(ceiling=2 * self.limit)
            runner = self._runner(
                session,
                id=record.id,
                tokens=record.tokens,
                host=record.host,
                claimed=record.claimed,
                delay=record.delay,
            )
            self._runners[runner.id] = runner
        self.prepare(runner)
        return runner

    def __len__(self) -> int:
        return len(self._runners)

    def close_all(self) -> None:
        for runner in list(self._runners.values()):
            runner.close()


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
