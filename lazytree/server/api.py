"""The JSON API of ``lazytree serve``, ``/api/sessions/ID/...``: a handler reads the request within
limits, changes the game under its runner's lock, stores the change before it answers and pokes the
live pages; a client's mistake is a 4xx ``{"error": message}``
(:class:`~lazytree.server.views.BadRequest`)."""

from __future__ import annotations

import logging
import sqlite3

from starlette.concurrency import run_in_threadpool
from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import Route

from lazytree.game import IllegalMoveError
from lazytree.server.runner import Runner
from lazytree.server.state import (
    SEAT_HEADER,
    address_of,
    read_json,
    seat_url,
    state_of,
)
from lazytree.server.store import StoreError
from lazytree.server.views import (
    BadRequest,
    check_board,
    check_delay,
    check_saved,
    replay_view,
    session_view,
)
from lazytree.session import Session, SessionError

__all__ = ["apply_move", "routes", "take_back"]

log = logging.getLogger("lazytree.server")


def apply_move(runner: Runner, role: str, seat: int | None, text: str) -> int:
    """A human's move made by ``role`` (``seat``, or the host), stored before it is announced
    (the WebSocket's moves too); the moves played after it. :class:`BadRequest` (nothing
    changed) for a move out of turn, another person's seat or an illegal move."""
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


def take_back(runner: Runner, action: str, role: str, seat: int | None) -> Response:
    """Undo or redo (the AI's turn cancelled and awaited first), the moves table cut or extended
    to match; refused in a game where another person plays a human seat."""
    if runner.others_play(role, seat):
        raise BadRequest(
            f"no {action} in a game of several people: it could take back another person's move",
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
        store = runner.store
        assert store is not None
        try:
            if action == "undo":
                store.truncate(runner.id, len(s.history), runner.state)
            else:
                store.append(runner.id, before, s.history[before:], runner.state)
        except StoreError as exc:
            runner.broken = True
            raise BadRequest(str(exc), 503) from None
        runner.epoch += 1
        runner.changed()
    return JSONResponse(session_view(runner))


async def get_session(request: Request) -> Response:
    runner = await state_of(request).runner(request.path_params["sid"])
    view = await run_in_threadpool(session_view, runner)
    token = request.headers.get(SEAT_HEADER) or request.query_params.get("seat")
    role, seat = runner.role(token)
    view["you"] = {"role": role, "seat": seat}
    return JSONResponse(view)


async def position_at(request: Request) -> Response:
    runner = await state_of(request).runner(request.path_params["sid"])
    try:
        ply = int(request.path_params["ply"])
    except ValueError:
        raise BadRequest("expected a move number") from None
    return JSONResponse(await run_in_threadpool(replay_view, runner, ply))


async def move(request: Request) -> Response:
    runner, role, seat = await state_of(request).controller(request)
    data = await read_json(request)
    text = data.get("move") if isinstance(data, dict) else None
    if not isinstance(text, str):
        raise BadRequest('expected {"move": "..."}: the move in the game\'s notation')
    await run_in_threadpool(apply_move, runner, role, seat, text)
    return JSONResponse(await run_in_threadpool(session_view, runner))


async def start_ai(request: Request) -> Response:
    runner, _, _ = await state_of(request).controller(request)
    s = runner.session
    if not runner.thinking and (s.is_over or s.seat().is_human):
        raise BadRequest("no AI is to move", 409)
    await run_in_threadpool(runner.start_ai)
    return JSONResponse(await run_in_threadpool(session_view, runner))


async def stop(request: Request) -> Response:
    runner, _, _ = await state_of(request).controller(request)
    return JSONResponse({"stopped": runner.stop_search()})


async def undo(request: Request) -> Response:
    runner = await state_of(request).host_only(request, "undo")
    return await run_in_threadpool(take_back, runner, "undo", "host", None)


async def redo(request: Request) -> Response:
    runner = await state_of(request).host_only(request, "redo")
    return await run_in_threadpool(take_back, runner, "redo", "host", None)


async def speed(request: Request) -> Response:
    state = state_of(request)
    runner = await state.host_only(request, "change the AI's speed")
    data = await read_json(request)
    try:
        runner.delay = check_delay(data.get("delay") if isinstance(data, dict) else None)
    except SessionError as exc:
        raise BadRequest(str(exc)) from None
    await run_in_threadpool(state.sessions.store.update, runner.id, delay=runner.delay)
    runner.changed()
    return JSONResponse({"delay": runner.delay})


async def close(request: Request) -> Response:
    runner = await state_of(request).host_only(request, "close the AI")
    runner.cancel(wait=0)
    return JSONResponse({"closed": True})


async def save(request: Request) -> Response:
    runner = await state_of(request).runner(request.path_params["sid"])
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
    """A saved game posted (rate-limited as new games are), checked before its agents
    are made (they may open files), stored as a new game: its id and host's link."""
    state = state_of(request)
    refused = state.rate_limited(address_of(request))
    if refused:
        raise BadRequest(refused, 429)
    data = await read_json(request)
    try:
        saved = check_saved(data)
        session = await run_in_threadpool(Session.load, saved)
        check_board(session)
        await run_in_threadpool(state.expire)
        runner = await run_in_threadpool(state.sessions.add, session, 0.0, address_of(request))
    except SessionError as exc:
        raise BadRequest(str(exc)) from None
    except (StoreError, sqlite3.Error) as exc:
        log.error("a loaded game could not be stored: %s", exc)
        raise BadRequest("the game could not be stored: try again later", 503) from None
    assert runner.host is not None
    return JSONResponse({"id": runner.id, "url": seat_url(runner.id, runner.host)}, 201)


def routes() -> list[Route]:
    """The JSON API's routes (each finds the app's state with
    :func:`~lazytree.server.state.state_of`)."""
    api = "/api/sessions/{sid}"
    return [
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
    ]
