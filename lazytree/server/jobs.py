"""The server's searches as jobs for its workers (:mod:`lazytree.server.workers`).

What crosses to a worker is small and plain: a game's saved session without its moves,
the moves as text, the agent's seat and the server's position book and weights
(:class:`MoveJob`); never a tree. The worker rebuilds the position (keeping the last few
games it played, :data:`KEEP_GAMES`, so the AI of a game whose moves come back to the
same worker goes on with its tree) and answers with the move as text and a summary of
the search (:class:`MoveAnswer`). The explorer's trees live in the worker that searched
them: the web process sends later requests about them to that worker.

The functions here run in the worker; :class:`RemoteAgent` is the web process's side:
an agent whose :meth:`~RemoteAgent.choose` sends a job and waits for its answer.
"""

from __future__ import annotations

import secrets
import threading
from collections import OrderedDict
from collections.abc import Hashable, Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from lazytree.agents import AGENTS, AgentError, Choice, Progress
from lazytree.explorer.model import last_search_model
from lazytree.explorer.query import ExploreError, explore_tree
from lazytree.search.limit import SearchStopped
from lazytree.server.workers import SHORT_SECONDS, Executor, Job, WorkerLost, current
from lazytree.session import Session, _parse_text

if TYPE_CHECKING:
    from lazytree.explorer.live import LiveExplorer
    from lazytree.game import Game
    from lazytree.server.learning import Learning
    from lazytree.tree import Node

__all__ = ["KEEP_GAMES", "MoveAnswer", "MoveJob", "RemoteAgent", "SearchSummary", "ai_move"]

KEEP_GAMES = 8
"""Games a worker keeps in memory (their trees), the least recently used dropped first."""

KEEP_TREES = 16
"""Explorer trees a worker keeps, the least recently used dropped first."""

LOOK_EVERY = 0.25
"""Seconds between two looks of a game's thread at its waiting or running job (has it
started? was the turn cancelled, or Stop pressed?); its answer wakes the thread at
once. With a thread per thinking AI, a shorter look costs the web process its time."""


@dataclass(frozen=True)
class MoveJob:
    """One AI move to choose: the game (``id``; its saved session ``doc`` without moves),
    the ``moves`` played so far (as text, dice rolls included), the ``player`` to move
    and the server's ``learning`` (position book and weights; ``position_book``: whether
    it fits the game)."""

    id: str
    doc: dict[str, Any]
    moves: tuple[str, ...]
    player: int
    learning: Learning | None = None
    position_book: bool = False
    """The web process opened the server's position book for this game (the worker should too)."""


@dataclass(frozen=True)
class SearchSummary:
    """What the page shows of the search that chose a move (picklable, no tree)."""

    depth: int | None
    value: float | None
    rater: str
    position_book_hit: bool = False
    position_book_status: str | None = None
    stopped: str | None = None


@dataclass(frozen=True)
class MoveAnswer:
    """The chosen ``move`` as text, the seconds and new nodes it took, its search (None
    for an agent that does not search), the position book's hits/misses/stores during it, or the
    ``stopped`` reason and message of a search that had no move (:class:`SearchStopped`)."""

    move: str | None
    seconds: float = 0.0
    nodes: int = 0
    search: SearchSummary | None = None
    position_book: dict[str, Any] | None = None
    stopped: tuple[str, str] | None = None


# -- in the worker ------------------------------------------------------------------------
@dataclass
class _Kept:
    session: Session
    doc: dict[str, Any]
    last: tuple[Node[Any, Any], Any, int] | None = None
    """The node the AI last searched from, its result and the tree's node count after."""
    position_book_note: str | None = None
    """Why the server's position book could not be opened here (None: it was, or there is none)."""


_games: OrderedDict[str, _Kept] = OrderedDict()
_trees: OrderedDict[str, LiveExplorer] = OrderedDict()
_lock = threading.Lock()  # (a Dask worker runs jobs in threads)


def _forget(kept: _Kept) -> None:
    position_book = kept.session.position_book
    if position_book is not None:
        position_book.close()


def _session(job: MoveJob) -> _Kept:
    """The game of ``job`` at its position: the one kept, brought up to date when its
    moves are a beginning of the job's, else loaded anew."""
    with _lock:
        kept = _games.pop(job.id, None)
    if kept is not None:
        played = [p.text for p in kept.session.history]
        if kept.doc != job.doc or played != list(job.moves[: len(played)]):
            _forget(kept)
            kept = None
        else:  # the moves since: played as Session.load plays saved moves
            s = kept.session
            for text in job.moves[len(played) :]:
                state = s.state
                move = _parse_text(s.game, state, text)
                s._append(state, move)
                s._advance(move)
    if kept is None:
        session = Session.load({**job.doc, "moves": list(job.moves)})
        note = None
        if job.learning is not None:
            note = job.learning.apply(session)
            if job.position_book and session.position_book is None:  # the file went bad since
                note = note or "the position book could not be opened"
            else:
                note = None
        kept = _Kept(session, job.doc, position_book_note=note)
    with _lock:
        _games[job.id] = kept
        while len(_games) > KEEP_GAMES:
            _forget(_games.popitem(last=False)[1])
    return kept


def ai_move(job: MoveJob) -> MoveAnswer:
    """Choose the AI's move of ``job`` (in a worker): its agent searches the position,
    stopped by the worker's stop event and reporting its progress."""
    kept = _session(job)
    s = kept.session
    if s.is_over or s.to_move != job.player or s.seat().is_human:
        raise ValueError(f"player {job.player} has no AI move to make in game {job.id}")
    context = current()

    def progress(result: Any) -> None:
        context.report(result.depth, result.stats.nodes_created, result.value)

    position_book = s.position_book
    before = None if position_book is None else position_book.stats()
    try:
        choice = s.agents[job.player].choose(stop=context.stop, progress=progress)
    except SearchStopped as exc:
        return MoveAnswer(None, stopped=(exc.reason, str(exc)))
    result = choice.search
    summary = None
    if result is not None:
        summary = SearchSummary(
            result.depth,
            result.value,
            str(result.rater),
            bool(result.position_book_hit),
            "off" if result.position_book is None and kept.position_book_note else _status(result),
            result.stopped,
        )
        if choice.node is not None:
            kept.last = (choice.node, result, choice.node.context.stats.nodes_created)
    counts: dict[str, Any] | None = None
    if position_book is not None and before is not None:
        after = position_book.stats()
        counts = {k: after[k] - before[k] for k in ("hits", "misses", "stores")}
        counts["broken"] = after["broken"]
    elif (
        kept.position_book_note is not None
    ):  # the position book was there for the web process, not here
        counts = {"hits": 0, "misses": 0, "stores": 0, "broken": kept.position_book_note}
    text = s.game.move_to_str(s.state, choice.move)
    return MoveAnswer(text, choice.seconds, choice.nodes, summary, counts)


def _status(result: Any) -> str | None:
    return None if result.position_book is None else str(result.position_book.status)


def ai_model(game_id: str) -> dict[str, Any] | None:
    """The explorer model (its data) of the AI's last search in game ``game_id``, if this
    worker made it and still keeps it."""
    with _lock:
        kept = _games.get(game_id)
    if kept is None or kept.last is None:
        return None
    return last_search_model(*kept.last).data


def explore(params: Mapping[str, str]) -> tuple[str, dict[str, Any]] | str:
    """``/explore``'s search (in a worker): the key of the live explorer kept here and
    its model's data, or the error message for the page."""
    try:
        live = explore_tree(params)
    except ExploreError as exc:
        return str(exc)
    key = secrets.token_urlsafe(9)
    with _lock:
        _trees[key] = live
        while len(_trees) > KEEP_TREES:
            _trees.popitem(last=False)
    return key, live.model.data


def force(key: str, request: dict[str, Any]) -> tuple[dict[str, Any], dict[str, Any]] | str:
    """A click of the explorer ``key`` kept in this worker (see
    :meth:`~lazytree.explorer.live.LiveExplorer.force`): the report and the new model's
    data, or an error message."""
    with _lock:
        live = _trees.get(key)
        if live is not None:
            _trees.move_to_end(key)
    if live is None:
        return "unknown tree (the server may have restarted)"
    try:
        report = live.force(request)
    except ValueError as exc:
        return str(exc)
    return report, live.model.data


# -- in the web process -------------------------------------------------------------------
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
    """An AI seat of a game the web process holds: :meth:`choose` sends the position to
    a worker (:func:`ai_move`) and waits, passing on Stop; the last search's summary,
    position book counts and worker are kept for the page."""

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
