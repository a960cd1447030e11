"""What the routers of ``lazytree serve`` share: one :class:`AppState` per app (found with
:func:`state_of`), and how a router reads a request (its body within limits, who asks, which game).
"""

from __future__ import annotations

import asyncio
import html
import json
from collections.abc import Sequence
from functools import cached_property
from importlib import resources
from pathlib import Path
from typing import Any
from urllib.parse import parse_qsl

from starlette.concurrency import run_in_threadpool
from starlette.requests import HTTPConnection, Request

from lazytree.safejson import JSONLimitError, parse_json
from lazytree.server.connections import BODY_SECONDS
from lazytree.server.guard import LOOPBACK
from lazytree.server.learning import Learning
from lazytree.server.limits import Quotas
from lazytree.server.runner import Runner, Sessions
from lazytree.server.store import StoreError
from lazytree.server.views import BadRequest, game_forms
from lazytree.session import SessionError

__all__ = [
    "LIB",
    "MAX_BODY",
    "MAX_FORM",
    "SEAT_HEADER",
    "STATIC",
    "AppState",
    "address_of",
    "read_body",
    "read_json",
    "read_params",
    "seat_url",
    "state_of",
]

MAX_BODY = 1 << 20
"""Largest request body accepted (a saved 40x40 game is far smaller), in bytes."""

MAX_FORM = 100
"""Most fields of a form a page posts."""

UNKNOWN_SESSION = "unknown session (no such game in this server's database)"

SEAT_HEADER = "X-Lazytree-Seat"
"""The request header of the JSON API that carries a seat's (or the host's) token."""

STATIC = Path(str(resources.files("lazytree.server") / "static"))
"""The play page's files (``play.html``, the lobby's, its script), served at ``/static``."""

LIB = Path(str(resources.files("lazytree") / "static"))
"""The front-end shared with the explorer (``boards.js``, ``boards.css``), served at
``/lib``."""


class AppState:
    """One app's shared state: ``sessions``, ``learning``, ``quotas`` and ``hosts`` (the names
    it answers)."""

    def __init__(
        self,
        sessions: Sessions,
        learning: Learning,
        quotas: Quotas,
        hosts: Sequence[str] = (),
    ) -> None:
        self.sessions = sessions
        self.learning = learning
        self.quotas = quotas
        self.hosts = list(dict.fromkeys([*LOOPBACK, *(h.lower() for h in hosts)]))

    @cached_property
    def forms(self) -> str:
        """What the new-game form offers (:func:`~lazytree.server.views.game_forms`), as
        JSON escaped for the page's markup."""
        return html.escape(json.dumps(game_forms()))

    def prepare(self, runner: Runner) -> None:
        """The position book and weights that fit a game made or loaded; an AI to move of
        a game loaded from the database goes on thinking."""
        learned = self.learning
        runner.has_position_book = learned.position_book is not None
        runner.position_book_note = learned.apply(runner.session)
        runner.learning = learned  # (sent with the AI's searches to the workers)
        runner.remote()
        if runner.session.history:
            runner.start_ai()

    async def runner(self, sid: str) -> Runner:
        """The game ``sid`` (loaded from the database when not in memory): a 404
        :class:`BadRequest` for an unknown game, 503 while memory is full."""
        runner = await run_in_threadpool(self._load, sid)
        if runner is None:
            raise BadRequest(UNKNOWN_SESSION, 404)
        return runner

    def _load(self, sid: str) -> Runner | None:
        sessions = self.sessions
        try:
            return sessions.get(sid)
        except (SessionError, StoreError) as exc:
            if len(sessions) >= sessions.limit:  # every game in memory is in use: for now
                raise BadRequest(str(exc), 503) from None
            raise BadRequest(f"game {sid} cannot be loaded: {exc}", 500) from None

    async def controller(self, request: Request) -> tuple[Runner, str, int | None]:
        """The game of the request's path and who asks: a seat's or the host's token (a
        watcher may not: 403)."""
        runner = await self.runner(request.path_params["sid"])
        token = request.headers.get(SEAT_HEADER) or request.query_params.get("seat")
        role, seat = runner.role(token)
        if role == "watcher":
            raise BadRequest(
                "a wrong seat token"
                if token
                else "watchers cannot change the game: "
                f"give the seat's token (header {SEAT_HEADER})",
                403,
            )
        return runner, role, seat

    async def host_only(self, request: Request, action: str) -> Runner:
        """The game, when the host (its creator) asks: 403 for a seat or a watcher."""
        runner, role, _ = await self.controller(request)
        if role != "host":
            raise BadRequest(f"only the game's host (its creator) may {action}", 403)
        return runner

    def rate_limited(self, address: str) -> str | None:
        """Why ``address`` may not create (or load) a game now, or None (a token is
        taken from its bucket and from everyone's)."""
        creations = self.quotas.create_per_address
        if not creations.allow(address):
            return (
                f"too many new games from {address}: at most {creations.burst} at once, "
                f"then one every {1 / creations.per_second:g} s"
            )
        total = self.quotas.create_total
        if not total.allow("*"):
            return (
                f"too many new games on this server: at most {total.burst} at once, then "
                f"one every {1 / total.per_second:g} s; try again later"
            )
        return None

    def expire(self) -> None:
        """Archive and delete the old games of the database, as :attr:`quotas` says."""
        caps = self.quotas
        self.sessions.store.expire(
            caps.idle_days * 86400.0,
            caps.keep_finished,
            forget=caps.forget_days * 86400.0,
            forget_empty=caps.forget_empty_days * 86400.0,
        )


def state_of(connection: HTTPConnection) -> AppState:
    """The :class:`AppState` of the app a request or a socket came to."""
    state: AppState = connection.app.state.lazytree
    return state


def address_of(connection: HTTPConnection) -> str:
    """The client's address (``?`` when the server does not say)."""
    return connection.client.host if connection.client else "?"


def seat_url(game_id: str, token: str) -> str:
    """The private link of a seat (or of the host): the game and the token."""
    return f"/play?session={game_id}&seat={token}"


async def read_body(
    request: Request, limit: int = MAX_BODY, seconds: float = BODY_SECONDS
) -> bytes:
    """The request's body: :class:`BadRequest` 413 past ``limit`` bytes (read no
    further), 408 when it takes longer than ``seconds`` to come."""
    too_large = BadRequest(f"request body too large (more than {limit:,} bytes)", 413)
    length = request.headers.get("content-length", "")
    if length.isdigit() and (len(length) > 12 or int(length) > limit):
        raise too_large
    chunks, size = [], 0
    try:
        async with asyncio.timeout(seconds):
            async for chunk in request.stream():
                size += len(chunk)
                if size > limit:
                    raise too_large
                chunks.append(chunk)
    except TimeoutError:
        raise BadRequest(f"the request's body took more than {seconds:g} s to come", 408) from None
    return b"".join(chunks)


async def read_json(request: Request, limit: int = MAX_BODY) -> Any:
    """The request's JSON body (at most ``limit`` bytes, parsed within the limits of
    :func:`~lazytree.safejson.parse_json`; an empty body is ``{}``)."""
    body = await read_body(request, limit)
    if not body.strip():
        return {}
    try:
        return parse_json(body)
    except JSONLimitError as exc:
        raise BadRequest(str(exc)) from None


async def read_params(request: Request) -> dict[str, str]:
    """The query's parameters and a posted form's (``application/x-www-form-urlencoded``;
    at most :data:`MAX_FORM` fields), the form's winning."""
    params = dict(request.query_params)
    if request.method == "POST":
        body = await read_body(request)
        try:
            form = parse_qsl(body.decode("utf-8"), max_num_fields=MAX_FORM)
        except (UnicodeDecodeError, ValueError) as exc:
            raise BadRequest(f"malformed form: {exc}") from None
        params.update(form)
    if len(params) > MAX_FORM:
        raise BadRequest(f"more than {MAX_FORM} parameters")
    return params
