"""The server's searches as jobs, on the web process's side: :class:`RemoteAgent`, an AI seat whose
search runs in a worker (:func:`lazytree.server.jobs.ai_move`), passing on Stop and a cancelled
turn."""

from __future__ import annotations

import threading
from collections.abc import Hashable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from lazytree.agents import AGENTS, AgentError, Choice, Progress
from lazytree.search.limit import SearchStopped
from lazytree.server.jobs import MoveAnswer, MoveJob, SearchSummary, ai_move
from lazytree.server.scheduler import SHORT_SECONDS, Job
from lazytree.server.workers import Executor, WorkerLost
from lazytree.session import Session

if TYPE_CHECKING:
    from lazytree.game import Game
    from lazytree.server.learning import Learning

__all__ = ["LOOK_EVERY", "RemoteAgent", "is_short"]

LOOK_EVERY = 0.25
"""Seconds between two looks of a game's thread at its job (started? cancelled? Stop pressed?);
its answer wakes the thread at once."""


def is_short(name: str) -> tuple[bool, float | None]:
    """Whether the agent ``name`` makes short jobs (a clock of at most
    :data:`SHORT_SECONDS`, or random moves) and its clock in seconds (None: none)."""
    try:
        key, params = AGENTS.parse(name)
    except AgentError:
        return False, None
    seconds = params.get("time")
    if key == "random":
        return True, 1.0
    if isinstance(seconds, int | float) and seconds > 0:
        return seconds <= SHORT_SECONDS and params.get("depth") is None, float(seconds)
    return False, None


@dataclass(eq=False)
class RemoteAgent:
    """An AI seat of a game the web process holds: :meth:`choose` sends the position to a worker
    and waits, passing on Stop; the last search's summary and worker are kept."""

    name: str
    stoppable: bool
    executor: Executor
    session: Session
    game_id: str
    learning: Learning | None = None
    cancel: threading.Event | None = None
    on_wait: Any = None
    """Called with True while the job waits for a worker, False once it runs."""
    owner: str = ""
    """Who the search's worker time is charged to (the game's creator's address)."""
    job: Job | None = None
    summary: SearchSummary | None = None
    position_book: dict[str, Any] = field(default_factory=dict)
    where: Any = None

    def start(self, game: Game[Any, Any], state: Hashable, seed: int) -> None:
        """Nothing: the worker starts the real agent."""

    def observe(self, move: Hashable) -> None:
        """Nothing: the worker's agent is shown the moves with the next job."""

    def progress(self) -> tuple[int | None, int, float | None]:
        job = self.job
        return (None, 0, None) if job is None else job.progress()

    def choose(
        self, *, stop: threading.Event | None = None, progress: Progress | None = None
    ) -> Choice:
        s = self.session
        doc = s.save()
        doc.pop("moves")
        short, seconds = is_short(self.name)
        spec = MoveJob(
            self.game_id,
            doc,
            tuple(p.text for p in s.history),
            s.to_move,
            self.learning,
            s.position_book is not None,
        )
        job = self.executor.submit(
            self.game_id, ai_move, spec, short=short, seconds=seconds, owner=self.owner
        )
        self.job = job
        waiting = False
        try:
            while True:
                try:
                    answer: MoveAnswer = job.future.result(timeout=LOOK_EVERY)
                    break
                except TimeoutError:
                    pass
                if job.started is None:
                    if not waiting and self.on_wait is not None:
                        waiting = True
                        self.on_wait(True)
                    cancelled = self.cancel is not None and self.cancel.is_set()
                    if cancelled and self.executor.withdraw(job):
                        raise SearchStopped("stop", "the AI's turn was cancelled")
                elif waiting:
                    waiting = False
                    self.on_wait(False)
                if stop is not None and stop.is_set():
                    job.stop()
        finally:
            if waiting:
                self.on_wait(False)
        self.where = job.where
        if answer.stopped is not None:
            reason, message = answer.stopped
            raise SearchStopped(reason, message)  # type: ignore[arg-type]
        if answer.move is None:
            raise WorkerLost("the worker answered no move")
        self.summary = answer.search
        if answer.position_book is not None:
            for k in ("hits", "misses", "stores"):
                self.position_book[k] = self.position_book.get(k, 0) + answer.position_book[k]
            self.position_book["broken"] = answer.position_book["broken"]
        move = s.parse(answer.move)
        return Choice(move, answer.seconds, answer.nodes)
