"""The play page's game service and the explorer's in one process, without a server or threads, for
the static site's Pyodide worker (``frontend/src/play/worker.ts``).

:class:`LocalGame` answers the messages and requests a page sends the server, with the JSON text the
server would send (its views from :mod:`lazytree.server.views`), and plays an AI's turn a move at a
time when the worker asks (:meth:`LocalGame.ai_step`); :class:`LocalExplorer` answers the explorer
page. Everything from the page is checked as the server checks it. :func:`open_service` makes the
one a page asks for.

Examples
--------
>>> game = LocalGame.from_query("game=tictactoe&seats=human,random")
>>> [json.loads(m)["type"] for m in game.receive('{"hello": {"ply": 0}}')]
['update']
>>> [json.loads(m)["type"] for m in game.receive('{"move": "b2"}')]
['confirmed', 'update']
>>> game.ai_to_move
True
>>> steps = []
>>> while game.ai_busy:
...     steps.append(json.loads(game.ai_step()[-1]))
>>> [(step["ply"], step["view"]["thinking"]) for step in steps]
[(1, True), (2, True), (2, False)]
>>> json.loads(game.receive('{"move": "b2"}')[0])["error"]
"illegal move 'b2': b2 is already taken"
>>> explorer = open_service("explore", "game=tree&depth=3&rater=alphabeta:textbook&steps=1")
>>> status, text = explorer.request("")
>>> status, json.loads(text)["title"]
(200, 'tree: alphabeta:textbook to depth 3')
"""

from __future__ import annotations

import json
import signal
import threading
from collections.abc import Iterator
from typing import Any
from urllib.parse import parse_qsl

from lazytree.explorer.html import page
from lazytree.explorer.live import LiveExplorer, force_status
from lazytree.explorer.model import last_search_model
from lazytree.explorer.query import ExploreError, explore_tree
from lazytree.safejson import JSONLimitError, parse_json
from lazytree.search.limit import SearchStopped
from lazytree.server.views import (
    MAX_DELAY,
    MAX_MESSAGE,
    BadRequest,
    check_saved,
    message_object,
    new_session,
    replay_view,
    session_view,
)
from lazytree.session import AIStep, Session, SessionError
from lazytree.tree import Node

__all__ = ["MAX_MESSAGE", "MAX_QUERY", "LocalExplorer", "LocalGame", "open_service"]

MAX_QUERY = 2048
"""Longest query string a game is made from, in characters."""

MAX_SAVED = 1 << 20
"""Largest saved game loaded, in bytes (as the server's request bodies)."""


def _params(query: str) -> dict[str, str]:
    """A page's query string as parameters, within :data:`MAX_QUERY` characters."""
    if len(query) > MAX_QUERY:
        raise SessionError(f"the link is too long (more than {MAX_QUERY:,} characters)")
    params = dict(parse_qsl(query.lstrip("?"), max_num_fields=100))
    params.pop("session", None)
    return params


def open_service(kind: str, query: str) -> LocalGame | LocalExplorer:
    """The service a page of the site asks for: ``game`` (the play page) or
    ``explore`` (the explorer page), made from the page's query string."""
    if kind == "game":
        return LocalGame.from_query(query)
    if kind == "explore":
        return LocalExplorer.from_query(query)
    raise SessionError(f"unknown service {kind[:20]!r}: expected game or explore")


class LocalGame:
    """One game played in this process: the server's :class:`~lazytree.server.runner.Runner` for
    a single host page, the AI's turns run when asked."""

    def __init__(self, session: Session, delay: float = 0.0) -> None:
        self.session = session
        self.id = "local"
        self.delay = delay
        self.lock = threading.Lock()  # (one thread: taken only as the views expect)
        self.version = 0
        self.epoch = 0
        self.claimed = ["host"] * session.game.num_players
        self.thinking = False
        self.interruptible = False
        self.stop = threading.Event()
        self.last_search: dict[str, Any] | None = None
        self.error: str | None = None
        self.waiting = False
        self.progress = None
        self._sent = 0
        self._turn: Iterator[AIStep] | None = None
        self._searched: tuple[Node[Any, Any], Any, int] | None = None
        """The node the AI last searched from, its result and the tree's node count after."""

    @classmethod
    def from_query(cls, query: str) -> LocalGame:
        """A game from the page's query string, as ``/play?game=...`` makes one
        (:class:`~lazytree.session.SessionError` for anything a page may not ask)."""
        session, delay = new_session(_params(query))
        return cls(session, delay)

    @classmethod
    def from_saved(cls, text: str) -> LocalGame:
        """A game from a saved session's JSON text, checked as the server's ``load``."""
        if len(text) > MAX_SAVED:
            raise SessionError(f"the file is too large (more than {MAX_SAVED:,} bytes)")
        try:
            data = parse_json(text)
        except JSONLimitError as exc:
            raise SessionError(str(exc)) from None
        check_saved(data)
        return cls(Session.load(data))

    # -- what the views read (lazytree.server.views.GameView) --------------------------

    @property
    def can_stop(self) -> bool:
        """True while a stoppable agent thinks and the page can interrupt it
        (:meth:`listen_for_stop`)."""
        s = self.session
        if not (self.interruptible and self.thinking) or s.is_over:
            return False
        return s.agents[s.to_move].stoppable

    def listen_for_stop(self) -> None:
        """Make an interrupt (SIGINT: the page wrote the worker's interrupt buffer) stop the
        AI's search, which answers with its best move so far."""
        signal.signal(signal.SIGINT, lambda signum, frame: self.stop.set())
        self.interruptible = True

    def others_play(self, role: str, seat: int | None) -> bool:
        """Nobody else plays: the page is the only one."""
        return False

    def position_book_status(self) -> dict[str, Any] | None:
        """No position book in the browser."""
        return None

    # -- the live connection -------------------------------------------------------------

    @property
    def ai_to_move(self) -> bool:
        """Whether an AI is to move (the worker then calls :meth:`ai_turn`)."""
        s = self.session
        return not s.is_over and not s.seat().is_human

    def receive(self, text: str) -> list[str]:
        """The answers to one message of the live connection (JSON texts)."""
        try:
            data = message_object(text)
            if "hello" in data:
                return [self.update(_hello_ply(data["hello"]))]
            if "move" in data:
                move = data["move"]
                if not isinstance(move, str) or len(move) > 200:
                    raise BadRequest('expected {"move": "..."}: the move as text')
                ply = self._play(move)
                confirmed = {"type": "confirmed", "move": move, "ply": ply}
                return [json.dumps(confirmed), self.update()]
            raise BadRequest(f"unknown message {sorted(data)[:3]}: expected hello or move")
        except BadRequest as exc:
            return [json.dumps({"type": "error", "error": str(exc)})]

    def update(self, start: int | None = None) -> str:
        """The update message of the game now, with the moves from ply ``start`` (the
        moves not sent yet when ``None``), its board whole."""
        s = self.session
        view = session_view(self)
        moves = []
        for ply, p in enumerate(s.history):
            move: dict[str, Any] = {"ply": ply, "player": p.player, "text": p.text}
            if p.note:
                move["note"] = p.note
            moves.append(move)
        first = self._sent if start is None else start
        first = 0 if first > len(moves) else first
        self._sent = len(moves)
        message = {
            "type": "update",
            "from": first,
            "ply": len(moves),
            "moves": moves[first:],
            "you": {"role": "host", "seat": None},
            "links": None,
            "view": view,
        }
        return json.dumps(message)

    def _play(self, text: str) -> int:
        s = self.session
        if s.is_over:
            raise BadRequest("the game is over", 409)
        if not s.seat().is_human:
            raise BadRequest("it is the AI's turn: wait for its move", 409)
        try:
            s.play(text)
        except (ValueError, SessionError) as exc:  # IllegalMoveError is a ValueError
            raise BadRequest(f"illegal move {text!r}: {exc}") from None
        self._changed()
        return len(s.history)

    def _changed(self) -> None:
        self.version += 1

    @property
    def ai_busy(self) -> bool:
        """Whether :meth:`ai_step` has more to do: an AI is to move, or its turn has
        not been closed yet."""
        return self.ai_to_move or self._turn is not None

    def ai_step(self) -> list[str]:
        """One step of the AI's turn and the update after it (the turn's start, each move,
        the turn's end); the worker calls it while :attr:`ai_busy`."""
        s = self.session
        if self._turn is None:
            if not self.ai_to_move:
                return []
            self._turn = s.ai_turn(stop=self.stop)
            self.thinking = True
            self.last_search = {"player": s.to_move, "moves": 0, "depth": 0, "nodes": 0}
            self._changed()
            return [self.update()]
        self.stop.clear()  # (Stop is for the move being searched, as on the server)
        try:
            step = next(self._turn)
        except StopIteration:
            self._end_turn(None)
        except SearchStopped:
            self._end_turn("the AI stopped: its search ran out of its budget")
        except SessionError as exc:
            self._end_turn(str(exc))
        else:
            turn = self.last_search if self.last_search is not None else {}
            turn["moves"] = turn.get("moves", 0) + 1
            turn["nodes"] = turn.get("nodes", 0) + step.choice.nodes
            result = step.choice.search
            node = step.choice.node
            if result is not None and node is not None:
                self._searched = (node, result, node.context.stats.nodes_created)
            if result is not None:
                depth = result.depth
                turn["depth"] = None if depth is None else max(depth, turn.get("depth") or 0)
                stopped = turn.get("stopped") == "stop"  # (Stop is said for the whole turn)
                turn["stopped"] = "stop" if stopped else result.stopped
            self.last_search = turn
            self.error = None
        self._changed()
        return [self.update()]

    def _end_turn(self, error: str | None) -> None:
        self._turn = None
        self.thinking = False
        self.error = error

    # -- the JSON API ----------------------------------------------------------------------

    def request(self, path: str, body: str | None = None) -> tuple[int, str]:
        """The status and JSON text of the answer to a request of the JSON API
        (``path`` after ``/api/sessions/ID/``; ``body`` the POSTed JSON text)."""
        try:
            if body is not None:
                message_object(body)
            return 200, json.dumps(self._answer(path, body))
        except BadRequest as exc:
            return exc.status, json.dumps({"error": str(exc)})

    def _answer(self, path: str, body: str | None) -> Any:
        s = self.session
        if path == "":
            return session_view(self)
        if path.startswith("at/"):
            ply = path.removeprefix("at/")
            if not ply.isdigit() or len(ply) > 9:
                raise BadRequest(f"move {ply!r}: expected a number of moves", 404)
            return replay_view(self, int(ply))
        if path == "save":
            return s.save()
        if path == "explore/ai":
            if self._searched is None:
                raise BadRequest("no AI move to explore in this game (yet)", 404)
            return {"html": page(last_search_model(*self._searched))}
        if body is None:
            raise BadRequest(f"unknown request {path[:40]!r}", 404)
        if path == "ai":
            if s.is_over or s.seat().is_human:
                raise BadRequest("no AI is to move", 409)
            return {"ok": True}
        if path == "stop":
            if not self.interruptible:
                raise BadRequest("the AI in this page stops by its own clock", 409)
            return {"ok": True}  # (the page's interrupt has stopped the search already)
        if path in ("undo", "redo"):
            self._end_turn(None)  # (a turn in progress is dropped: the AI plays again)
            done = s.undo() if path == "undo" else s.redo()
            if not done:
                raise BadRequest(f"nothing to {path}", 409)
            self.epoch += 1
            self._sent = 0
            self._changed()
            return {"ok": True}
        if path == "speed":
            delay = parse_json(body).get("delay") if body else None
            if isinstance(delay, bool) or not isinstance(delay, int | float):
                raise BadRequest('expected {"delay": seconds}')
            if not 0 <= delay <= MAX_DELAY:
                raise BadRequest(f"delay: 0 to {MAX_DELAY:g} seconds")
            self.delay = float(delay)
            return {"ok": True}
        raise BadRequest(f"unknown request {path[:40]!r}", 404)


def _hello_ply(hello: Any) -> int:
    """The moves the page has, from its hello."""
    ply = hello.get("ply", 0) if isinstance(hello, dict) else None
    if isinstance(ply, bool) or not isinstance(ply, int) or ply < 0:
        raise BadRequest('expected {"hello": {"ply": N}}')
    return ply


class LocalExplorer:
    """The explorer page's service: the tree ``/explore`` searches for the page's query,
    kept in this process, its force requests answered as the server's."""

    ai_busy = False  # (the worker asks every service: an explorer never plays)

    def __init__(self, live: LiveExplorer) -> None:
        self.live = live

    @classmethod
    def from_query(cls, query: str) -> LocalExplorer:
        """The explorer of the page's query string
        (:func:`~lazytree.explorer.query.explore_tree`);
        :class:`~lazytree.session.SessionError` for one it refuses."""
        try:
            return cls(explore_tree(_params(query)))
        except ExploreError as exc:
            raise SessionError(str(exc)) from None

    def receive(self, text: str) -> list[str]:
        """Nothing is live but the requests."""
        return []

    def request(self, path: str, body: str | None = None) -> tuple[int, str]:
        """The status and JSON text of the answer: ``""`` the model's data, ``force``
        (``body`` the page's request) ``{"data", "status", "report"}`` or an error."""
        try:
            if path == "":
                return 200, self.live.model.to_json()
            if path != "force" or body is None:
                raise BadRequest(f"unknown request {path[:40]!r}", 404)
            request = message_object(body)
            try:
                report = self.live.force(request)
            except ValueError as exc:
                raise BadRequest(str(exc)) from None
            data = self.live.model.data
            return 200, json.dumps({"data": data, "status": force_status(report), "report": report})
        except BadRequest as exc:
            return exc.status, json.dumps({"error": str(exc)})
