"""The pages of ``lazytree serve``: the new-game form, a game's page, joining and the lobby, each a
template of :data:`~lazytree.server.state.STATIC` with escaped text. A ``GET`` never changes
anything: it answers a page whose button POSTs."""

from __future__ import annotations

import html
import json
import logging
import sqlite3
from collections.abc import Mapping
from functools import cache, partial
from typing import Any
from urllib.parse import urlencode

from starlette.concurrency import run_in_threadpool
from starlette.requests import Request
from starlette.responses import HTMLResponse, JSONResponse, RedirectResponse, Response
from starlette.routing import Route

from lazytree.games import GAMES
from lazytree.server.runner import Runner
from lazytree.server.state import (
    STATIC,
    AppState,
    address_of,
    read_params,
    seat_url,
    state_of,
)
from lazytree.server.store import GameRecord, StoreError
from lazytree.server.views import BadRequest, new_session
from lazytree.session import SessionError

__all__ = ["MAX_LOBBY_PAGE", "MAX_TYPED", "WRONG_SEAT", "lobby_entry", "routes", "typed_form"]

MAX_TYPED = 2000
"""Most characters of a refused form's field given back to the page."""

MAX_LOBBY_PAGE = 1000
"""The last page of the lobby a request may ask for."""

WRONG_SEAT = "this seat link is wrong: its token is no seat's of this game"

log = logging.getLogger("lazytree.server")


@cache
def template(name: str) -> str:
    """The text of the page template ``name`` (``play.html``, ``lobby.html``...)."""
    return (STATIC / name).read_text(encoding="utf-8")


def fill(name: str, status: int = 200, **fields: str) -> HTMLResponse:
    """The template ``name`` with each ``__FIELD__`` replaced by ``fields[field]``,
    escaped (a field already markup is given with :class:`Markup`)."""
    text = template(name)
    for key, value in fields.items():
        text = text.replace(
            f"__{key.upper()}__", value if isinstance(value, Markup) else html.escape(value)
        )
    return HTMLResponse(text, status_code=status)


class Markup(str):
    """Text made here as markup (every request's text in it escaped already)."""


def game_page(
    state: AppState,
    session_id: str = "",
    error: str = "",
    status: int = 200,
    seat: str = "",
    typed: Mapping[str, str] | None = None,
) -> HTMLResponse:
    """The play page: the new-game form, or the game ``session_id`` as ``seat``'s token
    would see it."""
    return fill(
        "play.html",
        status,
        session=session_id,
        seat=seat,
        error=error,
        typed=json.dumps(typed or {}),
        games=Markup(state.forms),
    )


def confirm(title: str, text: str, action: str, button: str, status: int = 200) -> Response:
    """A page whose one button POSTs ``action`` (a link never changes anything)."""
    return fill("confirm.html", status, title=title, text=text, action=action, button=button)


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


async def home(request: Request) -> Response:
    return game_page(state_of(request))


async def play(request: Request) -> Response:
    """``/play``: a game's page (``session``), or a new game (a POST of the form)."""
    params = await read_params(request)
    if request.method != "POST" and "session" not in params and params:
        what = " ".join(f"{k}={v}" for k, v in params.items())
        action = f"/play?{urlencode(params)}"
        return confirm("new game", f"Start a new game: {what}", action, "Start the game")
    state = state_of(request)
    if "session" in params:
        sid = params["session"]
        try:
            runner = await state.runner(sid)
        except BadRequest as exc:
            return game_page(state, error=str(exc), status=exc.status)
        token = params.get("seat", "")
        if token and runner.role(token)[0] == "watcher":
            return game_page(state, error=WRONG_SEAT, status=403)
        return game_page(state, sid, seat=token)
    if "game" not in params and not params:
        return game_page(state)
    return await new_game(state, params, address_of(request))


async def new_game(state: AppState, params: dict[str, str], address: str) -> Response:
    """A new game from the form's ``params``, stored, then a redirect to the host's link; the
    form again, with what was typed, when refused."""
    typed = typed_form(params)
    refused = state.rate_limited(address)
    if refused:
        return game_page(state, error=refused, status=429, typed=typed)
    try:
        session, delay = new_session(params)
        await run_in_threadpool(state.expire)
        runner = await run_in_threadpool(state.sessions.add, session, delay, address)
    except SessionError as exc:
        return game_page(state, error=str(exc), status=400, typed=typed)
    except (StoreError, sqlite3.Error) as exc:
        log.error("a new game could not be stored: %s", exc)
        message = "the game could not be stored: try again later"
        return game_page(state, error=message, status=503, typed=typed)
    runner.delay = delay
    assert runner.host is not None
    return RedirectResponse(seat_url(runner.id, runner.host), 303)


async def join(request: Request) -> Response:
    """Hand the first human seat nobody plays to whoever asks (from the lobby): a POST; a
    GET (a link) shows the page with the button."""
    sid = request.query_params.get("session", "")
    if request.method != "POST":
        return confirm(
            "join a game",
            f"Take the first free seat of game {sid}.",
            f"/join?{urlencode({'session': sid})}",
            "Take a seat",
        )
    state = state_of(request)
    runner = await state.runner(sid)
    seat = await run_in_threadpool(take_free_seat, runner)
    token = None if seat is None else runner.tokens[seat]
    if token is None:
        message = "every seat of that game is taken: watch it instead"
        return await run_in_threadpool(lobby_page, state, message, 409)
    return RedirectResponse(seat_url(runner.id, token), 303)


def take_free_seat(runner: Runner) -> int | None:
    """Claim the first free human seat of a game not over (one seat, one comer)."""
    with runner.lock:
        free = runner.free_seats()
        if not free or runner.session.is_over:
            return None
        runner.claim(free[0])
        return free[0]


def lobby_games(state: AppState, page: int) -> tuple[list[dict[str, Any]], bool]:
    """The lobby's page ``page`` (:func:`lobby_entry` each) and whether older games follow."""
    state.expire()
    records, more = state.sessions.store.lobby(state.quotas.lobby_page, page)
    return [lobby_entry(r) for r in records], more


def lobby_page(state: AppState, error: str = "", status: int = 200, page: int = 0) -> HTMLResponse:
    games, more = lobby_games(state, page)
    lobby = Markup(lobby_markup(games) + lobby_pages(page, more))
    return fill("lobby.html", status, error=error, lobby=lobby)


async def lobby(request: Request) -> Response:
    page = page_of(request)
    return await run_in_threadpool(partial(lobby_page, state_of(request), page=page))


async def lobby_json(request: Request) -> Response:
    page = page_of(request)
    games, more = await run_in_threadpool(lobby_games, state_of(request), page)
    return JSONResponse({"games": games, "page": page, "more": more})


def page_of(request: Request) -> int:
    text = request.query_params.get("page", "0")
    if not text.isdigit() or len(text) > 6 or int(text) > MAX_LOBBY_PAGE:
        raise BadRequest(f"page: a whole number from 0 to {MAX_LOBBY_PAGE}")
    return int(text)


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
    """The lobby's three lists: games with free seats, in progress, over (every text
    from a game escaped)."""
    groups: dict[str, tuple[str, list[dict[str, Any]]]] = {
        "waiting": ("Games with free seats", []),
        "playing": ("Games in progress", []),
        "over": ("Finished games", []),
    }
    for g in games:
        groups.get(g["state"], groups["playing"])[1].append(g)
    out = []
    for state, (title, items) in groups.items():
        body = "".join(lobby_row(state, g) for g in items) or '<li class="note">none</li>'
        out.append(f'<section data-list="{state}"><h2>{title}</h2><ul>{body}</ul></section>')
    return "".join(out)


def lobby_row(state: str, g: dict[str, Any]) -> str:
    """One game of the lobby's list ``state``, its links: join, watch (or replay),
    download."""
    options = " ".join(f"{k}={v}" for k, v in g["options"].items() if v is not None)
    seats = ", ".join(str(seat) for seat in g["seats"])
    links = [
        f'<a href="{html.escape(g["watch"])}" data-action="watch">'
        f"{'replay' if state == 'over' else 'watch'}</a>"
    ]
    if g["join"]:
        links.insert(
            0,
            f'<a href="{html.escape(g["join"])}" data-action="join">join ({g["free"]} free)</a>',
        )
    if state == "over":
        links.append(f'<a href="{html.escape(g["save"])}" download>download</a>')
    return (
        f'<li data-game-id="{html.escape(g["id"])}" data-state="{state}">'
        f"<b>{html.escape(g['game'])}</b> {html.escape(options)} · seats: "
        f"{html.escape(seats)} · {g['plies']} moves · {' · '.join(links)}</li>"
    )


def routes() -> list[Route]:
    """The pages' routes (each finds the app's state with
    :func:`~lazytree.server.state.state_of`)."""
    return [
        Route("/", home),
        Route("/play", play, methods=["GET", "POST"]),
        Route("/join", join, methods=["GET", "POST"]),
        Route("/lobby", lobby),
        Route("/api/lobby", lobby_json),
    ]
