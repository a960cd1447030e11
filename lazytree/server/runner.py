"""Sessions held by the server, each with the worker thread in which its AI thinks.

The web requests never search: a :class:`Runner` plays the AI's turns in its own
thread (so another request is answered at once), publishes the search's progress
(depth reached, nodes forced) for the page to poll, and stops when asked (the Stop
button: move now with the best move so far) or cancelled (the tab was closed, the game
was undone or replaced). Human moves, undo and redo are refused while the AI thinks.
"""

from __future__ import annotations

import secrets
import threading
import time
from collections import OrderedDict
from dataclasses import dataclass, field
from typing import Any

from lazytree.agents import Choice
from lazytree.search import SearchResult
from lazytree.search.limit import SearchStopped
from lazytree.session import Played, Session, SessionError
from lazytree.tree import Node

__all__ = ["MAX_SESSIONS", "Runner", "Sessions"]

MAX_SESSIONS = 64
"""Sessions kept in memory at once; the least recently used idle one is dropped first."""

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
    error: str | None = None
    """The last AI failure, shown on the page."""
    has_book: bool = False
    """The server was given a position book (``serve --book``)."""
    book_note: str | None = None
    """Why this game plays without the server's book (another game's book), or None."""
    last_search: dict[str, Any] | None = None
    last_tree: tuple[Node[Any, Any], SearchResult[Any], int] | None = None
    """The AI's last search for the explorer: the node it searched from, its result, and
    the tree's count of nodes created when it ended."""
    _thread: threading.Thread | None = None
    _stop: threading.Event = field(default_factory=threading.Event)
    _cancel: threading.Event = field(default_factory=threading.Event)
    _progress: Progress | None = None

    @property
    def thinking(self) -> bool:
        """True while the AI worker runs."""
        t = self._thread
        return t is not None and t.is_alive()

    @property
    def progress(self) -> Progress | None:
        return self._progress if self.thinking else None

    def changed(self) -> None:
        self.version += 1

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
            self._thread = threading.Thread(target=self._work, name=f"ai-{self.id}", daemon=True)
            self._thread.start()
            return True

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
        s = self.session
        try:
            while not self._cancel.is_set() and not s.is_over and not s.seat().is_human:
                self._progress = self._new_progress(s)
                self.last_search = {"player": s.to_move, "moves": 0, "depth": 0, "nodes": 0}
                turn = s.ai_turn(stop=self._stop, progress=self._on_progress, cancel=self._cancel)
                for step in turn:
                    node, search = step.choice.node, step.search
                    if node is not None and search is not None:
                        self.last_tree = (node, search, node.tree.stats.nodes_created)
                    self._after_move(step.played, step.choice)
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
        except Exception as exc:  # shown on the page; the server and the game go on
            self.error = f"the AI failed: {type(exc).__name__}: {exc}"
            self.changed()

    def _new_progress(self, s: Session) -> Progress:
        return Progress(s.to_move, time.monotonic())

    def _on_progress(self, result: SearchResult[Any]) -> None:
        p = self._progress
        if p is not None:
            p.depth = result.depth
            p.value = result.value
            p.nodes = result.stats.nodes_created

    def _after_move(self, played: tuple[Played, ...], choice: Choice) -> None:
        """Sum up the AI's turn so far: moves, deepest search, nodes forced, why a
        search stopped early (the clock, the Stop button, a budget)."""
        turn = self.last_search if self.last_search is not None else {}
        turn["moves"] = turn.get("moves", 0) + 1
        turn["nodes"] = turn.get("nodes", 0) + choice.nodes
        turn.setdefault("book_hits", 0)
        search = choice.search
        if search is None:  # an agent that does not search (random)
            self.last_search = turn
            self.changed()
            return
        depth = search.depth
        turn["depth"] = None if depth is None else max(depth, turn.get("depth") or 0)
        turn["value"] = search.value
        # --book: the moves answered from it, and whether it is still in use
        turn["book_hits"] += search.book_hit
        if search.book is not None:
            turn["book"] = search.book.status
        stopped = search.stopped
        if stopped == "stop" or "stopped" not in turn:
            turn["stopped"] = stopped
        self.last_search = turn
        self.changed()


class Sessions:
    """The sessions in memory, by id (at most :data:`MAX_SESSIONS`)."""

    def __init__(self, limit: int = MAX_SESSIONS) -> None:
        self.limit = limit
        self._runners: OrderedDict[str, Runner] = OrderedDict()
        self._lock = threading.Lock()

    def add(self, session: Session) -> Runner:
        runner = Runner(session)
        with self._lock:
            while len(self._runners) >= self.limit:
                idle = next((k for k, r in self._runners.items() if not r.thinking), None)
                if idle is None:
                    raise SessionError(
                        f"the server already runs {self.limit} games whose AI is thinking"
                    )
                self._runners.pop(idle).close()
            self._runners[runner.id] = runner
        return runner

    def get(self, session_id: str) -> Runner | None:
        with self._lock:
            runner = self._runners.get(session_id)
            if runner is not None:
                self._runners.move_to_end(session_id)
            return runner

    def __len__(self) -> int:
        return len(self._runners)

    def close_all(self) -> None:
        for runner in list(self._runners.values()):
            runner.close()
