"""The web app of ``lazytree serve``, put together from its routers over one
:class:`~lazytree.server.state.AppState`.

The pages (:mod:`lazytree.server.pages`), the JSON API (:mod:`lazytree.server.api`), the WebSocket
(:mod:`lazytree.server.sockets`) and the explorer (:mod:`lazytree.server.explore`), behind the
guards of :mod:`lazytree.server.guard`. The routes and messages: ``docs/how-to/play-together.md``.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import socket
import struct
from collections.abc import AsyncIterator, Sequence
from typing import Any

from starlette.applications import Starlette
from starlette.concurrency import run_in_threadpool
from starlette.middleware import Middleware
from starlette.middleware.trustedhost import TrustedHostMiddleware
from starlette.requests import Request
from starlette.responses import JSONResponse, PlainTextResponse, Response
from starlette.routing import Mount, Route
from starlette.staticfiles import StaticFiles
from uvicorn import Config
from uvicorn.protocols.websockets.websockets_sansio_impl import WebSocketsSansIOProtocol

from lazytree.server import api, pages
from lazytree.server.api import apply_move
from lazytree.server.connections import (
    CountedSocket,
    Doorman,
    GuardedH11,
    descriptor_budget,
    uvicorn_limits,
)
from lazytree.server.explore import explore_routes
from lazytree.server.guard import SiteGuard
from lazytree.server.learning import Learning
from lazytree.server.limits import Quotas, RateLimit
from lazytree.server.runner import Sessions
from lazytree.server.sockets import LivePages, snapshot
from lazytree.server.state import LIB, MAX_BODY, STATIC, AppState
from lazytree.server.views import MAX_MESSAGE, BadRequest, book_agent, seats_from_text

__all__ = [
    "MAX_BODY",
    "PING_SECONDS",
    "apply_move",
    "book_agent",
    "create_app",
    "seats_from_text",
    "server_config",
    "snapshot",
]

log = logging.getLogger("lazytree.server")

SWEEP_EVERY = 5.0
"""Seconds between two sweeps of the games in memory (:meth:`Sessions.sweep`)."""

PING_SECONDS = 5.0
"""How often the server pings each page's socket, and how long it waits for the answer: a page
that stops reading is dropped within twice this and catches up when it reconnects."""


class PageSocket(CountedSocket, WebSocketsSansIOProtocol):
    """uvicorn's WebSocket protocol, except that a page which misses its ping is reset at once
    (a close would wait behind its unread updates), and the page counts against its address's
    connections."""

    def keepalive_timeout(self) -> None:
        super().keepalive_timeout()
        sock = self.transport.get_extra_info("socket")
        if sock is not None:  # no lingering: the close discards what is unsent (a reset)
            with contextlib.suppress(OSError):
                sock.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, struct.pack("ii", 1, 0))
        self.transport.abort()


def server_config(
    app: Any,
    *,
    ping_seconds: float = PING_SECONDS,
    doorman: Doorman | None = None,
    **options: Any,
) -> Config:
    """The ``uvicorn.Config`` every server of ``app`` runs with: bounded WebSocket messages, a
    ping every ``ping_seconds`` (:class:`PageSocket`), connections bounded by ``doorman``
    (:mod:`lazytree.server.connections`); ``options`` are uvicorn's."""
    if doorman is None:
        quotas = getattr(getattr(app, "state", None), "quotas", None)
        per_address = quotas.connections_per_address if quotas is not None else 256
        doorman = Doorman(per_address=per_address, total=descriptor_budget())
    config = Config(
        app,
        log_level="warning",
        http=GuardedH11,
        ws=PageSocket,
        ws_max_size=MAX_MESSAGE * 4,
        ws_ping_interval=ping_seconds,
        ws_ping_timeout=ping_seconds,
        **{**uvicorn_limits(doorman.total), **options},
    )
    config.doorman = doorman  # type: ignore[attr-defined]  # (read by the protocols)
    return config


def create_app(
    sessions: Sessions | None = None,
    learning: Learning | None = None,
    *,
    create_rate: RateLimit | None = None,
    hosts: Sequence[str] = (),
    quotas: Quotas | None = None,
    public_urls: Sequence[str] = (),
) -> Starlette:
    """The web app over ``sessions`` (default: a fresh store in memory), with the ``learning``
    the AIs use, the games' ``create_rate``, the ``hosts`` it answers besides loopback, the
    clients' ``quotas`` and the ``public_urls`` whose origins may change games."""
    caps = quotas if quotas is not None else Quotas()
    if create_rate is not None:
        caps.create_per_address = create_rate
    state = AppState(
        sessions if sessions is not None else Sessions(),
        learning if learning is not None else Learning(),
        caps,
        hosts,
    )
    store = state.sessions
    live = LivePages(state)
    store.prepare = state.prepare
    store.dropped = live.dropped

    @contextlib.asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[None]:
        sweeper = asyncio.get_running_loop().create_task(sweep(store))
        try:
            yield
        finally:
            sweeper.cancel()
            store.close_all()  # the AI threads stop with the server

    app = Starlette(
        routes=[
            *pages.routes(),
            Route("/healthz", healthz),
            *api.routes(),
            *live.routes(),
            *explore_routes(store.executor, store.last_where),
            Mount("/static", StaticFiles(directory=STATIC), name="static"),
            Mount("/lib", StaticFiles(directory=LIB), name="lib"),
        ],
        exception_handlers={BadRequest: bad_request, Exception: server_error},
        middleware=[
            Middleware(TrustedHostMiddleware, allowed_hosts=state.hosts, www_redirect=False),
            Middleware(SiteGuard, hosts=state.hosts, public_urls=public_urls),
        ],
        lifespan=lifespan,
    )
    app.state.lazytree = state
    app.state.sessions = store
    app.state.quotas = caps
    return app


async def healthz(request: Request) -> Response:
    return PlainTextResponse("ok")


async def bad_request(request: Request, exc: Exception) -> Response:
    """A client's mistake: its status and one line of JSON."""
    assert isinstance(exc, BadRequest)
    return JSONResponse({"error": str(exc)}, exc.status)


async def server_error(request: Request, exc: Exception) -> Response:
    """The last resort: logged, and one line of JSON without the traceback."""
    log.error("%s %s failed", request.method, request.url.path, exc_info=exc)
    return JSONResponse({"error": "the server failed on this request"}, 500)


async def sweep(store: Sessions) -> None:
    """Every :data:`SWEEP_EVERY` seconds, the games unused for a while leave memory and
    the memory of those gone is given back (:meth:`Sessions.sweep`)."""
    while True:
        await asyncio.sleep(SWEEP_EVERY)
        try:
            await run_in_threadpool(store.sweep)
        except Exception:  # logged; the server goes on
            log.exception("sweeping the games in memory failed")
