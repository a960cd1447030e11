"""The jobs of the server's workers and the queue that says which runs next.

Fair between owners (the address that created a game), not games: a free worker goes to the owner
who used least worker time lately (:data:`USAGE_HALF_LIFE`), an owner runs at most
:attr:`Scheduler.share` jobs, long jobs never take the worker kept for short ones
(:data:`SHORT_SECONDS`), and explorer jobs run in workers of their own.
"""

from __future__ import annotations

import itertools
import threading
import time
from collections import Counter, OrderedDict, deque
from collections.abc import Callable
from concurrent.futures import Future
from dataclasses import dataclass, field
from typing import Any

from lazytree.server.recent import Recent

__all__ = ["SHORT_SECONDS", "Job", "Scheduler"]

SHORT_SECONDS = 5.0
"""A job with a clock of at most this many seconds is short (it may use every worker)."""

GRACE = 30.0
"""Seconds a job may run past its clock before its worker is killed."""

LONGEST = 600.0
"""The wall clock of a job that gives none (a search bounded by depth or nodes)."""

USAGE_HALF_LIFE = 10.0
"""Seconds after which the worker time an owner used counts half in its turn."""

MAX_OWNERS = 10_000
"""Owners whose figures (recent worker time, time charged, longest wait) are remembered."""


_ids = itertools.count()


@dataclass(eq=False)
class Job:
    """One job: its game (``key``), function and arguments, whether it is short, its wall clock
    and the ``future`` of its result; ``where`` names its worker (a later ``pin``)."""

    key: str
    fn: Callable[..., Any]
    args: tuple[Any, ...]
    short: bool = False
    seconds: float | None = None
    pin: Any = None
    owner: str = ""
    """Who the job's worker time is charged to (the game's creator's address)."""
    explore: bool = False
    """An explorer search: it runs in the explorer's workers only."""
    future: Future[Any] = field(default_factory=Future)
    where: Any = None
    queued: float = field(default_factory=time.monotonic)
    started: float | None = None
    id: int = field(default_factory=lambda: next(_ids))
    _stopped: bool = False
    _on_stop: Callable[[], None] | None = None
    _progress: Callable[[], tuple[int | None, int, float | None]] | None = None
    _lock: threading.Lock = field(default_factory=threading.Lock)

    @property
    def running(self) -> bool:
        """Sent to a worker and not finished."""
        return self.started is not None and not self.future.done()

    @property
    def wall(self) -> float:
        """Seconds the job may run before its worker is killed."""
        return LONGEST if self.seconds is None else self.seconds + GRACE

    def stop(self) -> None:
        """Ask the job's search to stop (now if it runs, at once when it starts)."""
        with self._lock:
            self._stopped = True
            on_stop = self._on_stop
        if on_stop is not None:
            on_stop()

    def progress(self) -> tuple[int | None, int, float | None]:
        """Depth, nodes and value the running job reported last (None, 0, None before)."""
        read = self._progress
        return (None, 0, None) if read is None or not self.running else read()

    def _attach(self, on_stop: Callable[[], None]) -> None:
        with self._lock:
            self._on_stop = on_stop
            stopped = self._stopped
        if stopped:
            on_stop()


class Scheduler:
    """The jobs waiting for a worker, queued per owner and per game; the owner that used least
    worker time lately goes first, at most :attr:`share` jobs at once. Slots below ``regular``
    take any job, up to ``games`` short jobs, the rest explorer jobs."""

    def __init__(self, regular: int, games: int | None = None, slots: int | None = None) -> None:
        self.regular = regular
        self.games = regular if games is None else games
        self.slots = self.games if slots is None else slots
        self.share = max(1, self.games - 1)
        """Jobs one owner may run at once: every game worker but one (at least one)."""
        self._owners: OrderedDict[str, OrderedDict[str, deque[Job]]] = OrderedDict()
        self._pinned: deque[Job] = deque()
        self._running: Counter[str] = Counter()
        self._exploring = 0
        self._cond = threading.Condition()
        self._closed = False
        self.charged: Recent[str, float] = Recent(MAX_OWNERS)
        """Seconds of worker time each owner's finished jobs took."""
        self._usage: Recent[str, tuple[float, float]] = Recent(MAX_OWNERS)
        self.waited: Recent[str, float] = Recent(MAX_OWNERS)
        """The longest time a job of each owner waited for a worker, in seconds."""

    def put(self, job: Job) -> None:
        with self._cond:
            if job.pin is not None:
                self._pinned.append(job)
            else:
                games = self._owners.setdefault(job.owner, OrderedDict())
                games.setdefault(job.key, deque()).append(job)
            self._cond.notify_all()

    def withdraw(self, job: Job) -> bool:
        """Take ``job`` out of its queue before it started (False: it has started)."""
        with self._cond:
            games = self._owners.get(job.owner)
            queue = None if games is None else games.get(job.key)
            if games is not None and queue is not None and job in queue:
                queue.remove(job)
                if not queue:
                    del games[job.key]
                if not games:
                    del self._owners[job.owner]
                return True
            if job in self._pinned:
                self._pinned.remove(job)
                return True
            return False

    def waiting(self) -> int:
        with self._cond:
            queued = sum(len(q) for games in self._owners.values() for q in games.values())
            return len(self._pinned) + queued

    def _fits(self, slot: int, job: Job) -> bool:
        """Whether slot ``slot`` may run ``job`` now."""
        if job.explore:
            if self.slots > self.games:
                return slot >= self.games
            return slot < self.regular and self._exploring == 0
        if slot >= self.games:
            return False
        return (slot < self.regular or job.short) and self._running[job.owner] < self.share

    def take(self, slot: int, pins: Callable[[Any], bool]) -> Job | None:
        """The next job for ``slot`` (blocking; ``pins(pin)``: whether a pinned job is its),
        None once closed; :meth:`done` it when it has ended."""
        with self._cond:
            while not self._closed:
                for job in self._pinned:
                    if pins(job.pin):
                        self._pinned.remove(job)
                        self._started(job)
                        return job
                chosen = self._choose(slot)
                if chosen is not None:
                    return chosen
                self._cond.wait(0.5)
            return None

    def _choose(self, slot: int) -> Job | None:
        """The job slot ``slot`` runs next: of the owners with a job that fits it, the one
        running fewest, then the one that used least worker time lately, then the one served
        longest ago; of its games, the one served longest ago. Hold :attr:`_cond`."""
        now = time.monotonic()
        best: tuple[tuple[int, float, int], str, str] | None = None
        for turn, (owner, games) in enumerate(self._owners.items()):
            key = next((k for k, q in games.items() if self._fits(slot, q[0])), None)
            if key is None:
                continue
            rank = (self._running[owner], self.used(owner, now), turn)
            if best is None or rank < best[0]:
                best = (rank, owner, key)
        if best is None:
            return None
        _, owner, key = best
        games = self._owners.pop(owner)
        queue = games.pop(key)
        job = queue.popleft()
        if queue:  # the game's next job waits for its turn again
            games[key] = queue
        if games:  # the owner's next job waits for its turn again
            self._owners[owner] = games
        self._started(job)
        return job

    def used(self, owner: str, now: float | None = None) -> float:
        """The worker seconds ``owner``'s jobs took lately: each job's seconds, halved
        every :data:`USAGE_HALF_LIFE` seconds since it ended."""
        seconds, when = self._usage.get(owner, (0.0, 0.0))
        t = time.monotonic() if now is None else now
        return float(seconds * 0.5 ** ((t - when) / USAGE_HALF_LIFE))

    def _started(self, job: Job) -> None:
        if job.pin is not None:
            return
        if job.explore:
            self._exploring += 1
        else:
            self._running[job.owner] += 1

    def done(self, job: Job, seconds: float) -> None:
        """``job`` (taken with :meth:`take`) ended after ``seconds`` in its worker."""
        with self._cond:
            self.charged[job.owner] = self.charged.get(job.owner, 0.0) + seconds
            now = time.monotonic()
            self._usage[job.owner] = (self.used(job.owner, now) + seconds, now)
            if job.started is not None:
                wait = job.started - job.queued
                self.waited[job.owner] = max(self.waited.get(job.owner, 0.0), wait)
            if job.pin is None:
                if job.explore:
                    self._exploring -= 1
                else:
                    self._running[job.owner] -= 1
                    if self._running[job.owner] <= 0:
                        del self._running[job.owner]
            self._cond.notify_all()

    def close(self) -> list[Job]:
        """Stop handing out jobs; the jobs still waiting."""
        with self._cond:
            self._closed = True
            left = list(self._pinned) + [
                j for games in self._owners.values() for q in games.values() for j in q
            ]
            self._pinned.clear()
            self._owners.clear()
            self._cond.notify_all()
        return left
