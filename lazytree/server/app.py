"""The web app of ``lazytree serve``: Starlette routes over :class:`~lazytree.session.Session`.

Pages
-----
``GET /``                        the new-game form
``POST /play?game=G&OPTION=V...`` a new game (options spelled as on the command line; also
                                 ``seats=human,mcts:time=0.5``: one agent per player, named
                                 as in ``lazytree play --seats`` and ``arena --players``,
                                 ``ai`` for the AI of ``ai=book`` (the book's agent for the
                                 rules) or ``ai=SECONDS`` (the play AI), ``speed`` = seconds
                                 between AI moves; in the query or the form body): stored,
                                 then a redirect to the host's link (rate-limited per client
                                 address and in total). ``GET`` on that link changes
                                 nothing: it shows a page with one button that POSTs it.
``GET /play?session=ID&seat=T``  the game as the seat (or the host) of token ``T``; without
                                 ``seat`` the game watched; a wrong token is a 403 page
``POST /join?session=ID``        the first free human seat, to whoever comes first (``GET``:
                                 the page with the button)
``GET /lobby``                   games with free seats, in progress, finished (``/api/lobby``:
                                 the same as JSON; never a token)
``WS  /ws/ID``                   live updates and moves (:mod:`lazytree.server.live`)
``GET /healthz``                 200 ``ok``
``GET /lib/boards.js``           the board renderer shared with the explorer (and
                                 ``boards.css``, ``board.schema.json``)

JSON API (``/api/sessions/ID/...``; errors are 4xx with ``{"error": message}``)
-------------------------------------------------------------------------------
The POSTs take a seat's or the host's token in the header ``X-Lazytree-Seat`` (403
without; see :class:`~lazytree.server.runner.Runner` for who may do what). The AI's
speed, closing it, undo and redo are the host's alone (403 for a seat).

Every request is checked by :mod:`lazytree.server.guard` first (the Host allowlist; no
state change from another site; security headers on every response), every JSON body
and socket message is parsed within limits (:func:`lazytree.safejson.parse_json`),
and a client's mistake is a 4xx with one JSON ``{"error": message}``.

``GET  ID``       the game now: ``board`` (a ``lazytree-board/1`` document, see
                  :mod:`lazytree.boards`), whose turn, the last turn (each move with
                  the ``path`` of cells it went through), AI progress
``GET  ID/at/K``  the board after the first ``K`` moves (the replay)
``POST ID/move``  ``{"move": "3->4"}``: a human's move (stored before it is answered)
``POST ID/ai``    let the AI to move start thinking (in a worker thread)
``POST ID/stop``  the AI moves now with its best move so far
``POST ID/undo``, ``ID/redo``: whole turns (the AI stops first); refused when another
                  person plays a human seat of the game
``POST ID/speed`` ``{"delay": seconds}`` between AI moves (watching AI against AI)
``POST ID/close`` the AI stops thinking
``GET  ID/save``  the saved session (a JSON download); ``POST /api/sessions/load`` loads one

Every game lives in the games database (:mod:`lazytree.server.store`): a server started
again on the same file has every game and move, and every link works again.
"""

from __future__ import annotations

import asyncio
import contextlib
import html
import json
import logging
import socket
import sqlite3
import struct
import weakref
from collections import Counter
from collections.abc import AsyncIterator, Mapping, Sequence
from functools import partial
from importlib import resources
from pathlib import Path
from typing import Any
from urllib.parse import parse_qsl, urlencode

from starlette.applications import Starlette
from starlette.concurrency import run_in_threadpool
from starlette.middleware import Middleware
from starlette.middleware.trustedhost import TrustedHostMiddleware
from starlette.requests import Request
from starlette.responses import (
    HTMLResponse,
    JSONResponse,
    PlainTextResponse,
    RedirectResponse,
    Response,
)
from starlette.routing import Mount, Route, WebSocketRoute
from starlette.staticfiles import StaticFiles
from starlette.websockets import WebSocket, WebSocketDisconnect
from uvicorn import Config
from uvicorn.protocols.websockets.websockets_sansio_impl import WebSocketsSansIOProtocol

from lazytree.game import IllegalMoveError
from lazytree.games import GAMES
from lazytree.safejson import JSONLimitError, parse_json
from lazytree.server.connections import (
    BODY_SECONDS,
    CountedSocket,
    Doorman,
    GuardedH11,
    descriptor_budget,
    uvicorn_limits,
)
from lazytree.server.explore import explore_routes
from lazytree.server.guard import LOOPBACK, SiteGuard
from lazytree.server.learning import Learning
from lazytree.server.limits import Quotas, RateLimit
from lazytree.server.live import Channel, Channels, Client, Snapshot
from lazytree.server.runner import Runner, Sessions
from lazytree.server.store import GameRecord, StoreError
from lazytree.server.views import (
    MAX_MESSAGE,
    BadRequest,
    _delay,
    book_agent,
    check_board,
    check_saved,
    game_forms,
    message_object,
    new_session,
    replay_view,
    seats_from_text,
    session_view,
)
from lazytree.session import (
    Played,
    Session,
    SessionError,
)

__all__ = [
    "MAX_BODY",
    "PING_SECONDS",
    "book_agent",
    "create_app",
    "seats_from_text",
    "server_config",
]

MAX_BODY = 1 << 20
"""Largest request body accepted (a saved 40x40 game is far smaller), in bytes."""

"""Most cells a board the page plays may have: a 100x100 Dice of Doom board, the largest
board any built-in game's rules allow (its updates carry only what changed)."""

"""History entries sent with each view (the page shows the latest)."""

"""Longest clock per move a page may give an agent (``time=``), in seconds."""

"""The largest value a page may give each game option (checked before a game is made,
so a huge one never reaches the rules)."""

MAX_FORM = 100
"""Most fields of a form a page posts."""

MAX_TYPED = 2000
"""Most characters of a refused form's field given back to the page."""
"""Longest text a page may give a game option (a tree game's ``spec``, checkers'
``weights``), in characters: the options are stored with the game and listed in the
lobby. Text that is JSON is parsed within :func:`~lazytree.safejson.parse_json`'s limits
too."""

MAX_LOBBY_PAGE = 1000
"""The last page of the lobby a request may ask for."""

log = logging.getLogger("lazytree.server")

"""Query parameters of ``/play`` that are not game options."""

UNKNOWN_SESSION = "unknown session (no such game in this server's database)"

WRONG_SEAT = "this seat link is wrong: its token is no seat's of this game"

SEAT_HEADER = "X-Lazytree-Seat"
"""The request header of the JSON API that carries a seat's (or the host's) token."""

SWEEP_EVERY = 5.0
"""Seconds between two sweeps of the games in memory (:meth:`Sessions.sweep`)."""

PING_SECONDS = 5.0
"""How often the server pings each page's socket, and how long it waits for the answer.
A page that stops reading (a phone whose network dropped) answers no ping, since the
ping waits behind the updates it has not read: it is dropped within twice this, however
large the kernel's buffers, and catches up when it reconnects."""

STATIC = Path(str(resources.files("lazytree.server") / "static"))
LIB = Path(str(resources.files("lazytree") / "static"))
"""The front-end shared with the explorer (``boards.js``, ``boards.css``), served at
``/lib``."""


class PageSocket(CountedSocket, WebSocketsSansIOProtocol):
    """uvicorn's WebSocket protocol, except that a page which misses its ping is reset at
    once: a close would wait behind the updates it never read (up to megabytes in the
    kernel's buffers, held as long as the peer does not read), a reset frees them and
    tells the peer at once; and the page counts against its address's connections
    (:class:`~lazytree.server.connections.CountedSocket`)."""

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
    """The ``uvicorn.Config`` every server of ``app`` runs with (``lazytree serve`` and the
    benchmarks): WebSocket messages of at most four :data:`MAX_MESSAGE`, a ping every
    ``ping_seconds`` answered within as long (:class:`PageSocket`), the connections
    bounded (:mod:`lazytree.server.connections`: ``doorman``, by default one with the
    app's ``connections_per_address`` and as many connections in all as the process
    has descriptors for); ``options`` are uvicorn's (host, port...)."""
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


"""The seats the new-game form offers for every game (agent spellings of
:data:`lazytree.agents.AGENTS`, ``ai`` standing for the ``ai`` option's agent)."""


def typed_form(params: Mapping[str, str]) -> dict[str, str]:
    """What a person typed in the new-game form, given back with the page that refuses it
    so that nothing typed is lost: the fields of the form and the chosen game's options,
    each value cut to :data:`MAX_TYPED` characters.

    >>> typed_form({"game": "dice-of-doom", "size": "101", "session": "x", "colour": "r"})
    {'game': 'dice-of-doom', 'size': '101'}
    """
    spec = GAMES.get(params.get("game", ""))
    names = {"game", "seats", "ai", "speed"}
    if spec is not None:
        names |= {o.name for o in spec.options}
    return {k: v[:MAX_TYPED] for k, v in params.items() if k in names}


_replays: weakref.WeakKeyDictionary[Session, tuple[list[Played], list[Any]]]


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


async def read_json(request: Request) -> Any:
    """The request's JSON body (at most :data:`MAX_BODY` bytes, parsed within the limits
    of :func:`~lazytree.safejson.parse_json`)."""
    body = await read_body(request)
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


def links_for(runner: Runner, role: str, seat: int | None) -> dict[str, Any] | None:
    """The links a page shows: a seat's page the watch link and its own seat's link; the
    host's page (the game's creator) also the invite links, those of the human seats
    nobody has taken yet and of those it plays itself; None for a watcher (who never
    sees a token). A seat's page never receives another seat's link."""
    if role == "watcher":
        return None
    seats = []
    for k, token in enumerate(runner.tokens):
        taken = runner.claimed[k]
        shown = k == seat or (role == "host" and taken in ("", "host"))
        if token is not None and shown:
            seats.append({"seat": k, "url": seat_url(runner.id, token), "mine": k == seat})
    out: dict[str, Any] = {"watch": f"/play?session={runner.id}", "seats": seats}
    if role == "host" and runner.host is not None:
        out["host"] = seat_url(runner.id, runner.host)
    return out


def seat_url(game_id: str, token: str) -> str:
    """The private link of a seat (or of the host): the game and the token."""
    return f"/play?session={game_id}&seat={token}"


def snapshot(runner: Runner) -> Snapshot:
    """What :mod:`lazytree.server.live` sends pages: the view as JSON text and the moves."""
    view = session_view(runner)
    with runner.lock:
        history = list(runner.session.history)
        epoch = runner.epoch
        stored_at = dict(runner.stored_at)
    moves = []
    for ply, p in enumerate(history[: view["moves_made"]]):
        move: dict[str, Any] = {"ply": ply, "player": p.player, "text": p.text}
        if p.note:
            move["note"] = p.note
        moves.append(move)
    board = view.pop("board")  # sent whole or as its changes (lazytree.server.live)
    return Snapshot(
        json.dumps(view), moves, epoch, bool(view["thinking"]), view["version"], board, stored_at
    )


def apply_move(runner: Runner, role: str, seat: int | None, text: str) -> int:
    """A human's move made by ``role`` (``seat`` ``seat``, or the ``host``: see
    :class:`~lazytree.server.runner.Runner`), stored before it is announced; the number
    of moves played after it. :class:`BadRequest` (nothing changed) for a move out of
    turn, for another person's seat, or an illegal move."""
    with runner.lock:
        if runner.thinking:
            raise BadRequest("the AI is thinking: wait for its move, or press Stop", 409)
        s = runner.session
        player = s.to_move
        if not s.is_over and s.seat().is_human and not runner.may_move(role, seat, player):
            who = "the host" if role == "host" else f"player {seat}"
            raise BadRequest(f"it is player {player}'s turn: {who} may not move for them", 409)
        first = len(s.history)
        try:
            made = s.play(text)
        except IllegalMoveError as exc:
            raise BadRequest(f"illegal move {text!r}: {exc}") from None
        except SessionError as exc:
            raise BadRequest(str(exc), 409) from None
        try:
            runner.record(first, made)
        except StoreError as exc:  # not stored: the game is reloaded from the database
            runner.broken = True
            raise BadRequest(str(exc), 503) from None
        ply = len(s.history)
        if role == "host" and runner.tokens[player] is not None:
            runner.claim(player, "host")  # the lobby no longer offers it
        runner.changed()
    runner.start_ai()  # may wait for a cancelled turn to end
    return ply


def create_app(
    sessions: Sessions | None = None,
    learning: Learning | None = None,
    *,
    create_rate: RateLimit | None = None,
    hosts: Sequence[str] = (),
    quotas: Quotas | None = None,
    public_urls: Sequence[str] = (),
) -> Starlette:
    """The web app; ``sessions`` holds the games (a fresh store, in a database in
    memory, by default); ``learning``: the position book and weights (``serve
    --position-book/--weights``)
    the AI of every game uses where they fit; ``create_rate``: how fast one client
    address may create games (default :class:`~lazytree.server.limits.RateLimit`());
    ``hosts``: the host names it answers besides the loopback ones
    (:func:`lazytree.server.guard.allowed_hosts`); ``quotas``: what clients may hold
    (:class:`~lazytree.server.limits.Quotas`); ``public_urls``: the addresses people
    open (``serve --public-url``), whose origins may change games."""
    store = sessions if sessions is not None else Sessions()
    learned = learning if learning is not None else Learning()
    caps = quotas if quotas is not None else Quotas()
    if create_rate is not None:
        caps.create_per_address = create_rate
    creations = caps.create_per_address
    allowed = list(dict.fromkeys([*LOOPBACK, *(h.lower() for h in hosts)]))
    channels = Channels(snapshot)
    watchers: Counter[str] = Counter()  # watchers' pages by game
    addresses: Counter[str] = Counter()  # watchers' pages by client address
    seat_pages: Counter[tuple[str, str]] = Counter()  # pages by game and token
    holding: dict[str, Counter[str]] = {}  # seats' and hosts' pages by address, by game
    open_channels: dict[int, Channel] = {}  # by id(runner): the games with pages open

    def prepare(runner: Runner) -> None:
        """The position book and weights that fit a game made or loaded; an AI to move of a game
        loaded from the database goes on thinking."""
        runner.has_position_book = learned.position_book is not None
        runner.position_book_note = learned.apply(runner.session)
        runner.learning = learned  # (sent with the AI's searches to the workers)
        runner.remote()
        if runner.session.history:
            runner.start_ai()

    store.prepare = prepare

    def dropped(runner: Runner) -> None:
        """A game only watched left memory: its watchers' pages reconnect (and load it
        again), so watchers never keep a game in memory."""
        channel = open_channels.get(id(runner))
        if channel is not None and channel.runner is runner:
            with contextlib.suppress(RuntimeError):  # the loop has closed
                channel.loop.call_soon_threadsafe(close_pages, channel)

    def close_pages(channel: Channel) -> None:
        for client in list(channel.clients):  # 1012: the page reconnects at once
            channel.loop.create_task(close_quietly(client.socket, 1012))

    store.dropped = dropped

    template = (STATIC / "play.html").read_text(encoding="utf-8")
    lobby_template = (STATIC / "lobby.html").read_text(encoding="utf-8")
    confirm_template = (STATIC / "confirm.html").read_text(encoding="utf-8")

    games_json = html.escape(json.dumps(game_forms()))

    def page(
        session_id: str = "",
        error: str = "",
        status: int = 200,
        seat: str = "",
        typed: Mapping[str, str] | None = None,
    ) -> HTMLResponse:
        text = (
            template.replace("__SESSION__", html.escape(session_id))
            .replace("__SEAT__", html.escape(seat))
            .replace("__ERROR__", html.escape(error))
            .replace("__TYPED__", html.escape(json.dumps(typed or {})))
            .replace("__GAMES__", games_json)
        )
        return HTMLResponse(text, status_code=status)

    async def runner_by_id(sid: str) -> Runner:
        runner = await run_in_threadpool(load_runner, sid)
        if runner is None:
            raise BadRequest(UNKNOWN_SESSION, 404)
        return runner

    def load_runner(sid: str) -> Runner | None:
        try:
            return store.get(sid)
        except (SessionError, StoreError) as exc:
            if len(store) >= store.limit:  # every game in memory is in use: for now
                raise BadRequest(str(exc), 503) from None
            raise BadRequest(f"game {sid} cannot be loaded: {exc}", 500) from None

    async def runner_of(request: Request) -> Runner:
        return await runner_by_id(request.path_params["sid"])

    def token_of(request: Request) -> str | None:
        return request.headers.get(SEAT_HEADER) or request.query_params.get("seat")

    async def host_only(request: Request, action: str) -> Runner:
        """The game, when the host (its creator) asks: 403 for a seat or a watcher."""
        runner, role, _ = await controller(request)
        if role != "host":
            raise BadRequest(f"only the game's host (its creator) may {action}", 403)
        return runner

    async def controller(request: Request) -> tuple[Runner, str, int | None]:
        """The game and who asks: a seat's or the host's token (a watcher may not)."""
        runner = await runner_of(request)
        token = token_of(request)
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

    def created(runner: Runner) -> Response:
        """Send the creator to the host's link (its page shows the seats' links)."""
        assert runner.host is not None
        return RedirectResponse(seat_url(runner.id, runner.host), 303)

    def rate_limited(request: Request) -> str | None:
        address = request.client.host if request.client else "?"
        if not creations.allow(address):
            return (
                f"too many new games from {address}: at most {creations.burst} at once, "
                f"then one every {1 / creations.per_second:g} s"
            )
        total = caps.create_total
        if not total.allow("*"):
            return (
                f"too many new games on this server: at most {total.burst} at once, then "
                f"one every {1 / total.per_second:g} s; try again later"
            )
        return None

    def confirm(title: str, text: str, action: str, button: str, status: int = 200) -> Response:
        """A page whose one button POSTs ``action`` (a link never changes anything)."""
        body = (
            confirm_template.replace("__TITLE__", html.escape(title))
            .replace("__TEXT__", html.escape(text))
            .replace("__ACTION__", html.escape(action))
            .replace("__BUTTON__", html.escape(button))
        )
        return HTMLResponse(body, status_code=status)

    def expire() -> None:
        store.store.expire(
            caps.idle_days * 86400.0,
            caps.keep_finished,
            forget=caps.forget_days * 86400.0,
            forget_empty=caps.forget_empty_days * 86400.0,
        )

    def address_of(request: Request) -> str:
        return request.client.host if request.client else "?"

    async def home(request: Request) -> Response:
        return page()

    async def play(request: Request) -> Response:
        params = await read_params(request)
        if request.method != "POST" and "session" not in params and params:
            query = urlencode(params)
            what = " ".join(f"{k}={v}" for k, v in params.items())
            return confirm(
                "new game", f"Start a new game: {what}", f"/play?{query}", "Start the game"
            )
        if "session" in params:
            sid = params["session"]
            try:
                runner = await runner_by_id(sid)
            except BadRequest as exc:
                return page(error=str(exc), status=exc.status)
            token = params.get("seat", "")
            if token and runner.role(token)[0] == "watcher":
                return page(error=WRONG_SEAT, status=403)
            return page(sid, seat=token)
        if "game" not in params and not params:
            return page()
        typed = typed_form(params)
        refused = rate_limited(request)
        if refused:
            return page(error=refused, status=429, typed=typed)
        try:
            session, delay = new_session(params)
            await run_in_threadpool(expire)
            runner = await run_in_threadpool(store.add, session, delay, address_of(request))
        except SessionError as exc:
            return page(error=str(exc), status=400, typed=typed)
        except (StoreError, sqlite3.Error) as exc:
            log.error("a new game could not be stored: %s", exc)
            message = "the game could not be stored: try again later"
            return page(error=message, status=503, typed=typed)
        runner.delay = delay
        return created(runner)

    async def join(request: Request) -> Response:
        """Hand the first human seat nobody plays to whoever asks (from the lobby): a
        POST; a GET (a link) shows the page with the button."""
        sid = request.query_params.get("session", "")
        if request.method != "POST":
            return confirm(
                "join a game",
                f"Take the first free seat of game {sid}.",
                f"/join?{urlencode({'session': sid})}",
                "Take a seat",
            )
        runner = await runner_by_id(sid)
        seat = await run_in_threadpool(take_free_seat, runner)
        token = None if seat is None else runner.tokens[seat]
        if token is None:
            return lobby_page("every seat of that game is taken: watch it instead", 409)
        return RedirectResponse(seat_url(runner.id, token), 303)

    def take_free_seat(runner: Runner) -> int | None:
        with runner.lock:  # one seat, one comer
            free = runner.free_seats()
            if not free or runner.session.is_over:
                return None
            runner.claim(free[0])
            return free[0]

    def lobby_games(page: int) -> tuple[list[dict[str, Any]], bool]:
        expire()
        records, more = store.store.lobby(caps.lobby_page, page)
        return [lobby_entry(r) for r in records], more

    def lobby_page(error: str = "", status: int = 200, page: int = 0) -> HTMLResponse:
        games, more = lobby_games(page)
        text = lobby_template.replace("__ERROR__", html.escape(error)).replace(
            "__LOBBY__", lobby_markup(games) + lobby_pages(page, more)
        )
        return HTMLResponse(text, status_code=status)

    async def lobby(request: Request) -> Response:
        return await run_in_threadpool(partial(lobby_page, page=page_of(request)))

    async def lobby_json(request: Request) -> Response:
        page = page_of(request)
        games, more = await run_in_threadpool(lobby_games, page)
        return JSONResponse({"games": games, "page": page, "more": more})

    def page_of(request: Request) -> int:
        text = request.query_params.get("page", "0")
        if not text.isdigit() or len(text) > 6 or int(text) > MAX_LOBBY_PAGE:
            raise BadRequest(f"page: a whole number from 0 to {MAX_LOBBY_PAGE}")
        return int(text)

    async def healthz(request: Request) -> Response:
        return PlainTextResponse("ok")

    async def get_session(request: Request) -> Response:
        runner = await runner_of(request)
        view = await run_in_threadpool(session_view, runner)
        role, seat = runner.role(token_of(request))
        view["you"] = {"role": role, "seat": seat}
        return JSONResponse(view)

    async def position_at(request: Request) -> Response:
        runner = await runner_of(request)
        try:
            ply = int(request.path_params["ply"])
        except ValueError:
            raise BadRequest("expected a move number") from None
        return JSONResponse(await run_in_threadpool(replay_view, runner, ply))

    async def move(request: Request) -> Response:
        runner, role, seat = await controller(request)
        data = await read_json(request)
        text = data.get("move") if isinstance(data, dict) else None
        if not isinstance(text, str):
            raise BadRequest('expected {"move": "..."}: the move in the game\'s notation')
        await run_in_threadpool(apply_move, runner, role, seat, text)
        return JSONResponse(await run_in_threadpool(session_view, runner))

    async def start_ai(request: Request) -> Response:
        runner, _, _ = await controller(request)
        s = runner.session
        if not runner.thinking and (s.is_over or s.seat().is_human):
            raise BadRequest("no AI is to move", 409)
        await run_in_threadpool(runner.start_ai)
        return JSONResponse(await run_in_threadpool(session_view, runner))

    async def stop(request: Request) -> Response:
        runner, _, _ = await controller(request)
        return JSONResponse({"stopped": runner.stop_search()})

    async def undo(request: Request) -> Response:
        runner = await host_only(request, "undo")
        return await run_in_threadpool(take_back, runner, "undo", "host", None)

    async def redo(request: Request) -> Response:
        runner = await host_only(request, "redo")
        return await run_in_threadpool(take_back, runner, "redo", "host", None)

    def take_back(runner: Runner, action: str, role: str, seat: int | None) -> Response:
        """Undo or redo (in a worker thread: the AI's turn is cancelled and awaited),
        the moves table cut or extended to match. Refused when another person plays a
        human seat of the game: it could take back their move."""
        if runner.others_play(role, seat):
            raise BadRequest(
                f"no {action} in a game of several people: it could take back another "
                "person's move",
                409,
            )
        runner.cancel()
        with runner.lock:
            if runner.thinking:
                raise BadRequest("the AI is still finishing its move: try again", 409)
            s = runner.session
            before = len(s.history)
            done = s.undo() if action == "undo" else s.redo()
            if not done:
                raise BadRequest(f"nothing to {action}", 409)
            try:
                if action == "undo":
                    store.store.truncate(runner.id, len(s.history), runner.state)
                else:
                    store.store.append(runner.id, before, s.history[before:], runner.state)
            except StoreError as exc:
                runner.broken = True
                raise BadRequest(str(exc), 503) from None
            runner.epoch += 1
            runner.changed()
        return JSONResponse(session_view(runner))

    async def speed(request: Request) -> Response:
        runner = await host_only(request, "change the AI's speed")
        data = await read_json(request)
        try:
            runner.delay = _delay(data.get("delay") if isinstance(data, dict) else None)
        except SessionError as exc:
            raise BadRequest(str(exc)) from None
        await run_in_threadpool(store.store.update, runner.id, delay=runner.delay)
        runner.changed()
        return JSONResponse({"delay": runner.delay})

    async def close(request: Request) -> Response:
        runner = await host_only(request, "close the AI")
        runner.cancel(wait=0)
        return JSONResponse({"closed": True})

    async def save(request: Request) -> Response:
        runner = await runner_of(request)
        s = runner.session
        with runner.lock:
            text = s.dumps()
            plies = len(s.history)
        name = f"{s.spec.name}-{plies}-moves.json"
        return Response(
            text,
            media_type="application/json",
            headers={"Content-Disposition": f'attachment; filename="{name}"'},
        )

    async def load(request: Request) -> Response:
        refused = rate_limited(request)
        if refused:
            raise BadRequest(refused, 429)
        data = await read_json(request)
        try:
            check_saved(data)  # before the agents are made: they may open files
            session = await run_in_threadpool(Session.load, data)
            check_board(session)
            await run_in_threadpool(expire)
            runner = await run_in_threadpool(store.add, session, 0.0, address_of(request))
        except SessionError as exc:
            raise BadRequest(str(exc)) from None
        except (StoreError, sqlite3.Error) as exc:
            log.error("a loaded game could not be stored: %s", exc)
            raise BadRequest("the game could not be stored: try again later", 503) from None
        assert runner.host is not None
        return JSONResponse({"id": runner.id, "url": seat_url(runner.id, runner.host)}, 201)

    async def live(socket: WebSocket) -> None:
        """A page's WebSocket (see :mod:`lazytree.server.live`; another site's was refused
        by :class:`~lazytree.server.guard.SiteGuard`). A watcher's page counts against
        the watchers' caps of :class:`~lazytree.server.limits.Quotas`, a seat's or the
        host's only against the pages of its token."""
        await socket.accept()
        channel: Channel | None = None
        client: Client | None = None
        counted: Runner | None = None  # the game this page counts against
        page_key: tuple[str, str] | None = None  # (game, token) of a seat's or host's page
        address = socket.client.host if socket.client else "?"
        sid = socket.path_params["sid"]
        try:
            try:
                runner = await runner_by_id(socket.path_params["sid"])
            except BadRequest as exc:
                await socket.send_text(json.dumps({"type": "error", "error": str(exc)}))
                # 1013: try again later (the page reconnects); 4404: no such game
                await socket.close(code=1013 if exc.status == 503 else 4404)
                return
            while True:
                message = await socket.receive()
                if message["type"] == "websocket.disconnect":
                    return
                try:
                    data = parse_message(message)
                    if "hello" in data:
                        if client is not None:
                            raise BadRequest("hello was said already")
                        ply, token, epoch = parse_hello(data["hello"])
                        role, seat = runner.role(token)
                        if token and role == "watcher":
                            await socket.send_text(
                                json.dumps({"type": "error", "error": WRONG_SEAT})
                            )
                            await socket.close(code=4403)
                            return
                        full = page_refused(sid, address, role, token)
                        if full is not None:
                            await socket.send_text(json.dumps({"type": "error", "error": full}))
                            await socket.close(code=4429)
                            return
                        if role == "watcher":
                            watchers[sid] += 1
                            addresses[address] += 1
                        else:
                            page_key = (sid, token or "")
                            seat_pages[page_key] += 1
                            holding.setdefault(address, Counter())[sid] += 1
                            runner.seated += 1
                        counted = runner
                        if role == "seat" and seat is not None:
                            await run_in_threadpool(runner.claim, seat)
                        client = Client(
                            socket,
                            role,
                            seat,
                            ply,
                            epoch,
                            links=partial(links_for, runner, role, seat),
                        )
                        channel = channels.of(runner)
                        open_channels[id(runner)] = channel
                        await channel.join(client)
                        s = runner.session
                        # the AI's turn, or a turn a reloaded page's leaving cancelled: a
                        # seat's or the host's page resumes it, a watcher's never does
                        ai_to_move = not s.is_over and not s.seat().is_human
                        resume = not runner.thinking or runner.cancelled
                        if role != "watcher" and ai_to_move and resume:
                            await run_in_threadpool(runner.start_ai)
                    elif "move" in data:
                        if client is None:
                            raise BadRequest("say hello first")
                        text = data["move"]
                        if not isinstance(text, str) or len(text) > 200:
                            raise BadRequest('expected {"move": "..."}: the move as text')
                        if client.role == "watcher":
                            raise BadRequest("a watcher cannot move", 403)
                        ply = await run_in_threadpool(
                            apply_move, runner, client.role, client.seat, text
                        )
                        await socket.send_text(
                            json.dumps({"type": "confirmed", "move": text, "ply": ply})
                        )
                    else:
                        raise BadRequest(
                            f"unknown message {sorted(data)[:3]}: expected hello or move"
                        )
                except BadRequest as exc:
                    await socket.send_text(json.dumps({"type": "error", "error": str(exc)}))
        except WebSocketDisconnect:
            return
        finally:
            if counted is not None:
                if page_key is None:
                    uncount(watchers, sid)
                    uncount(addresses, address)
                else:
                    uncount(seat_pages, page_key)
                    held = holding.get(address)
                    if held is not None:
                        uncount(held, sid)
                        if not held:
                            del holding[address]
                    counted.seated -= 1
            if channel is not None and client is not None:
                channel.leave(client)
                if not channel.clients:
                    channels.release(channel)
                    if open_channels.get(id(channel.runner)) is channel:
                        del open_channels[id(channel.runner)]
                    if channel.runner.thinking:  # nobody watches: the AI stops
                        channel.runner.cancel(wait=0)
                    store.release(channel.runner)  # a game over leaves memory

    def page_refused(sid: str, address: str, role: str, token: str | None) -> str | None:
        """Why one more page may not open on game ``sid``, or None: the watchers' caps
        (per game, per address), the pages of one seat's token, or the games one
        address holds in memory with seats' and hosts' pages (a page on a game it holds
        already is never refused for that)."""
        if role != "watcher":
            if seat_pages[(sid, token or "")] >= caps.pages_per_seat:
                return f"this seat has {caps.pages_per_seat} pages open already: close one"
            held = holding.get(address, Counter())
            if sid not in held and len(held) >= caps.games_per_address:
                return (
                    f"{address} has pages open on {caps.games_per_address} games already: close one"
                )
            return None
        if watchers[sid] >= caps.watchers_per_game:
            return f"this game has {caps.watchers_per_game} watchers: try to watch later"
        if addresses[address] >= caps.sockets_per_address:
            return f"{address} watches {caps.sockets_per_address} pages already: close one"
        return None

    async def bad_request(request: Request, exc: Exception) -> Response:
        assert isinstance(exc, BadRequest)
        return JSONResponse({"error": str(exc)}, exc.status)

    async def server_error(request: Request, exc: Exception) -> Response:
        """The last resort: logged, and one line of JSON without the traceback."""
        log.error("%s %s failed", request.method, request.url.path, exc_info=exc)
        return JSONResponse({"error": "the server failed on this request"}, 500)

    async def sweep() -> None:
        """Every :data:`SWEEP_EVERY` seconds, the games unused for a while leave memory
        and the memory of those gone is given back (:meth:`Sessions.sweep`)."""
        while True:
            await asyncio.sleep(SWEEP_EVERY)
            try:
                await run_in_threadpool(store.sweep)
            except Exception:  # logged; the server goes on
                log.exception("sweeping the games in memory failed")

    @contextlib.asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[None]:
        sweeper = asyncio.get_running_loop().create_task(sweep())
        try:
            yield
        finally:
            sweeper.cancel()
            store.close_all()  # the AI threads stop with the server

    api = "/api/sessions/{sid}"
    app = Starlette(
        routes=[
            Route("/", home),
            Route("/play", play, methods=["GET", "POST"]),
            Route("/join", join, methods=["GET", "POST"]),
            Route("/lobby", lobby),
            Route("/api/lobby", lobby_json),
            Route("/healthz", healthz),
            Route("/api/sessions/load", load, methods=["POST"]),
            Route(api, get_session),
            Route(api + "/at/{ply}", position_at),
            Route(api + "/move", move, methods=["POST"]),
            Route(api + "/ai", start_ai, methods=["POST"]),
            Route(api + "/stop", stop, methods=["POST"]),
            Route(api + "/undo", undo, methods=["POST"]),
            Route(api + "/redo", redo, methods=["POST"]),
            Route(api + "/speed", speed, methods=["POST"]),
            Route(api + "/close", close, methods=["POST"]),
            Route(api + "/save", save),
            WebSocketRoute("/ws/{sid}", live),
            *explore_routes(store.executor, store.last_where),
            Mount("/static", StaticFiles(directory=STATIC), name="static"),
            Mount("/lib", StaticFiles(directory=LIB), name="lib"),
        ],
        exception_handlers={BadRequest: bad_request, Exception: server_error},
        middleware=[
            Middleware(TrustedHostMiddleware, allowed_hosts=allowed, www_redirect=False),
            Middleware(SiteGuard, hosts=allowed, public_urls=public_urls),
        ],
        lifespan=lifespan,
    )
    app.state.sessions = store
    app.state.quotas = caps
    return app


async def close_quietly(socket: WebSocket, code: int) -> None:
    """Close a page's socket; a page that has gone already is no error (nothing is
    logged: its leaving is expected)."""
    with contextlib.suppress(RuntimeError, OSError, WebSocketDisconnect):
        await socket.close(code=code)


def uncount(counter: Counter[Any], key: Any) -> None:
    """One less of ``key`` (forgotten at zero, so the counter stays small)."""
    counter[key] -= 1
    if counter[key] <= 0:
        del counter[key]


def parse_message(message: Mapping[str, Any]) -> dict[str, Any]:
    """A page's WebSocket message as a JSON object; :class:`BadRequest` for binary,
    oversized (over :data:`MAX_MESSAGE` bytes) or malformed ones."""
    text = message.get("text")
    if text is None:
        raise BadRequest("expected a text message of JSON")
    return message_object(text)


def parse_hello(hello: Any) -> tuple[int, str | None, int]:
    """``{"ply": N, "seat": TOKEN, "epoch": E}`` (all optional): the plies the page has,
    its seat's token and the epoch of its moves (-1: unknown)."""
    if not isinstance(hello, dict):
        raise BadRequest('expected {"hello": {"ply": N, "seat": TOKEN}}')
    ply, token, epoch = hello.get("ply", 0), hello.get("seat"), hello.get("epoch", -1)
    if isinstance(ply, bool) or not isinstance(ply, int) or ply < 0:
        raise BadRequest("hello: ply must be the number of moves the page has (0 or more)")
    if token is not None and (not isinstance(token, str) or len(token) > 200):
        raise BadRequest("hello: seat must be the seat's token")
    if isinstance(epoch, bool) or not isinstance(epoch, int):
        raise BadRequest("hello: epoch must be a whole number")
    return ply, token or None, epoch


def lobby_entry(record: GameRecord) -> dict[str, Any]:
    """A game as the lobby lists it (never a token)."""
    seats = record.doc.get("seats", [])
    free = sum(t is not None and not c for t, c in zip(record.tokens, record.claimed, strict=True))
    return {
        "id": record.id,
        "game": record.game,
        "options": record.doc.get("options", {}),
        "seats": seats,
        "free": free,
        "state": record.state,
        "plies": record.plies,
        "updated": record.updated,
        "watch": f"/play?session={record.id}",
        "join": f"/join?session={record.id}" if free and record.state != "over" else None,
        "save": f"/api/sessions/{record.id}/save",
    }


def lobby_pages(page: int, more: bool) -> str:
    """The links to the lobby's newer and older pages."""
    links = []
    if page > 0:
        links.append(f'<a href="/lobby?page={page - 1}" data-action="newer">newer games</a>')
    if more:
        links.append(f'<a href="/lobby?page={page + 1}" data-action="older">older games</a>')
    return f'<nav data-list="pages">{" · ".join(links)}</nav>' if links else ""


def lobby_markup(games: list[dict[str, Any]]) -> str:
    """The lobby's three lists: games with free seats, in progress, over."""
    groups: dict[str, tuple[str, list[dict[str, Any]]]] = {
        "waiting": ("Games with free seats", []),
        "playing": ("Games in progress", []),
        "over": ("Finished games", []),
    }
    for g in games:
        groups.get(g["state"], groups["playing"])[1].append(g)
    out = []
    for state, (title, items) in groups.items():
        rows = []
        for g in items:
            options = " ".join(f"{k}={v}" for k, v in g["options"].items() if v is not None)
            seats = ", ".join(str(seat) for seat in g["seats"])
            links = [
                f'<a href="{html.escape(g["watch"])}" data-action="watch">'
                f"{'replay' if state == 'over' else 'watch'}</a>"
            ]
            if g["join"]:
                links.insert(
                    0,
                    f'<a href="{html.escape(g["join"])}" data-action="join">'
                    f"join ({g['free']} free)</a>",
                )
            if state == "over":
                links.append(f'<a href="{html.escape(g["save"])}" download>download</a>')
            rows.append(
                f'<li data-game-id="{html.escape(g["id"])}" data-state="{state}">'
                f"<b>{html.escape(g['game'])}</b> {html.escape(options)} · seats: "
                f"{html.escape(seats)} · {g['plies']} moves · {' · '.join(links)}</li>"
            )
        body = "".join(rows) or '<li class="note">none</li>'
        out.append(f'<section data-list="{state}"><h2>{title}</h2><ul>{body}</ul></section>')
    return "".join(out)
