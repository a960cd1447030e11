"""The server's searches as jobs, on the worker's side (:mod:`lazytree.server.remote` sends them).

A job carries a game's saved session, its moves as text, the seat and the server's learning
(:class:`MoveJob`), never a tree; the worker keeps its last games (:data:`KEEP_GAMES`) and explorer
trees (:data:`KEEP_TREES`) and answers a :class:`MoveAnswer`. Nothing here imports the web process's
modules (an import-linter contract).
"""

from __future__ import annotations

import secrets
import threading
from collections.abc import Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from lazytree.explorer.model import last_search_model
from lazytree.explorer.query import ExploreError, explore_tree
from lazytree.search.limit import SearchStopped
from lazytree.server.recent import Recent
from lazytree.server.workers import current
from lazytree.session import Session

if TYPE_CHECKING:
    from lazytree.explorer.live import LiveExplorer
    from lazytree.server.learning import Learning
    from lazytree.tree import Node

__all__ = [
    "KEEP_GAMES",
    "KEEP_TREES",
    "MoveAnswer",
    "MoveJob",
    "SearchSummary",
    "ai_model",
    "ai_move",
    "explore",
    "force",
]

KEEP_GAMES = 8
"""Games a worker keeps in memory (their trees), the least recently used dropped first."""

KEEP_TREES = 16
"""Explorer trees a worker keeps, the least recently used dropped first."""


@dataclass(frozen=True)
class MoveJob:
    """One AI move to choose: the game (``id``, its saved session ``doc`` without moves), the
    ``moves`` so far as text, the ``player`` to move and the server's ``learning``."""

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
    """The chosen ``move`` as text, its seconds and new nodes, its search summary (None: no
    search), the position book's counts, or the ``stopped`` reason of a search with no move."""

    move: str | None
    seconds: float = 0.0
    nodes: int = 0
    search: SearchSummary | None = None
    position_book: dict[str, Any] | None = None
    stopped: tuple[str, str] | None = None


@dataclass
class _Kept:
    session: Session
    doc: dict[str, Any]
    last: tuple[Node[Any, Any], Any, int] | None = None
    """The node the AI last searched from, its result and the tree's node count after."""
    position_book_note: str | None = None
    """Why the server's position book could not be opened here (None: it was, or there is none)."""


def _forget(kept: _Kept) -> None:
    position_book = kept.session.position_book
    if position_book is not None:
        position_book.close()


_games: Recent[str, _Kept] = Recent(KEEP_GAMES, on_drop=_forget)
_trees: Recent[str, LiveExplorer] = Recent(KEEP_TREES)
_lock = threading.Lock()  # (a Dask worker runs jobs in threads)


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
        else:  # the moves since
            kept.session.catch_up(job.moves[len(played) :])
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
    return key, live.model.data


def force(key: str, request: dict[str, Any]) -> tuple[dict[str, Any], dict[str, Any]] | str:
    """A click on the explorer ``key`` kept in this worker
    (:meth:`~lazytree.explorer.live.LiveExplorer.force`): the report and the model's data, or an
    error."""
    with _lock:
        live = _trees.get(key)
        if live is not None:
            _trees[key] = live  # (now the most recent)
    if live is None:
        return "unknown tree (the server may have restarted)"
    try:
        report = live.force(request)
    except ValueError as exc:
        return str(exc)
    return report, live.model.data
