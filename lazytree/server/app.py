"""The web app of ``lazytree serve``: Starlette routes over :class:`~lazytree.session.Session`.

Pages
-----
``GET /``                        the new-game form
``GET /play?game=G&OPTION=V...`` a new game (options spelled as on the command line; also
                                 ``seats=human,mcts:time=0.5``: one agent per player, named
                                 as in ``lazytree play --seats`` and ``arena --players``,
                                 ``ai`` for the AI of ``ai=book`` (the book's agent for the
                                 rules) or ``ai=SECONDS`` (the play AI), ``speed`` = seconds
                                 between AI moves); ``/play?session=ID`` reopens a game held
                                 by the server
``GET /healthz``                 200 ``ok``

JSON API (``/api/sessions/ID/...``; errors are 4xx with ``{"error": message}``)
-------------------------------------------------------------------------------
``GET  ID``       the game now (board, whose turn, last turn, AI progress)
``POST ID/move``  ``{"move": "3->4"}``: a human's move
``POST ID/ai``    let the AI to move start thinking (in a worker thread)
``POST ID/stop``  the AI moves now with its best move so far
``POST ID/undo``, ``ID/redo``: whole turns (the AI stops first)
``POST ID/speed`` ``{"delay": seconds}`` between AI moves (watching AI against AI)
``POST ID/close`` the tab was closed: the AI stops thinking
``GET  ID/save``  the saved session (a JSON download); ``POST /api/sessions/load`` loads one
"""

from __future__ import annotations

import contextlib
import html
import json
import threading
import weakref
from collections.abc import AsyncIterator, Mapping, Sequence
from importlib import resources
from pathlib import Path
from typing import Any

from starlette.applications import Starlette
from starlette.concurrency import run_in_threadpool
from starlette.requests import Request
from starlette.responses import HTMLResponse, JSONResponse, PlainTextResponse, Response
from starlette.routing import Mount, Route
from starlette.staticfiles import StaticFiles

from lazytree.agents import AGENTS, PlayerError
from lazytree.boards import board_document, move_path
from lazytree.explorer.routes import explore_routes
from lazytree.game import Game, IllegalMoveError
from lazytree.games import GAMES, load_game
from lazytree.games.dice_of_doom import ChanceDiceOfDoom, DiceOfDoom, LispDiceOfDoom
from lazytree.server.learning import Learning
from lazytree.server.runner import MAX_DELAY, Runner, Sessions
from lazytree.session import (
    PLAY_DEFAULTS,
    Played,
    Seat,
    Session,
    SessionError,
    default_seat,
    options_from_text,
)

__all__ = ["MAX_BODY", "book_agent", "create_app", "seats_from_text"]

MAX_BODY = 1 << 20
"""Largest request body accepted (a saved 40x40 game is far smaller), in bytes."""

MAX_CELLS = 1600
"""Most cells a board the page plays may have (a 40x40 Dice of Doom board)."""

MAX_LOG = 40
"""History entries sent with each view (the page shows the latest)."""

MAX_SECONDS = 600.0
"""Longest clock per move a page may give an agent (``time=``), in seconds."""

FILE_PARAMS = ("weights", "book")
"""Agents' parameters that name a file: a page must not make the server open its files
(they are given to ``lazytree serve --weights/--book``)."""

RESERVED = ("game", "seats", "ai", "speed", "session")
"""Query parameters of ``/play`` that are not game options."""

UNKNOWN_SESSION = "unknown session (the server may have restarted: load a saved game)"

STATIC = Path(str(resources.files("lazytree.server") / "static"))
LIB = Path(str(resources.files("lazytree") / "static"))
"""The front-end shared with the explorer (``boards.js``, ``boards.css``), served at
``/lib``."""


class BadRequest(Exception):
    """A client's mistake: answered with ``status`` and the message."""

    def __init__(self, message: str, status: int = 400) -> None:
        super().__init__(message)
        self.status = status


def book_agent(game: Game[Any, Any]) -> str:
    """The book's AI of ``game`` as an agent: ``ror`` (*Realm of Racket*) under the
    racket rules, ``lol2`` under the lisp rules, ``lol4`` under the chance rules (*Land
    of Lisp*); other games, which no book plays, have four plies of the rater ``auto``
    (alpha-beta, expectiminimax with chance).

    >>> from lazytree.games import load_game
    >>> from lazytree.games.dice_of_doom import RULE_SETS
    >>> [book_agent(load_game("dice-of-doom", rules=r).game) for r in RULE_SETS]
    ['ror', 'lol2', 'lol4']
    >>> book_agent(load_game("tictactoe").game)
    'default:time=none:rater=auto:depth=4'
    """
    if isinstance(game, ChanceDiceOfDoom):
        return "lol4"
    if isinstance(game, LispDiceOfDoom):
        return "lol2"
    if isinstance(game, DiceOfDoom):
        return "ror"
    return "default:time=none:rater=auto:depth=4"


def ai_seat(text: str, game: Game[Any, Any]) -> str:
    """The agent of ``ai=``: ``book`` (:func:`book_agent`) or seconds per move (``1``,
    ``0.5``: the play AI with that wall clock)."""
    t = text.strip().lower()
    if t == "book":
        return book_agent(game)
    try:
        seconds = float(t)
    except ValueError:
        seconds = -1.0
    if not 0 < seconds <= MAX_SECONDS:
        raise SessionError(f"ai {text!r}: expected 'book' or seconds per move (0 to 600)")
    return default_seat(game, seconds)


def seats_from_text(text: str | None, players: int, ai: str) -> list[str]:
    """``human,lol2,mcts:time=0.5``: one agent per player, ``ai`` standing for the agent
    ``ai`` (default: player 0 human, the others ``ai``). A :class:`SessionError` for a
    wrong count, an unknown agent or parameter, a file named by a parameter, or a clock
    over :data:`MAX_SECONDS`."""
    if not text:
        return ["human"] + [ai] * (players - 1)
    words = [w.strip() for w in text.split(",")]
    if len(words) != players or not all(words):
        raise SessionError(
            f"seats {text!r}: expected {players} agents separated by commas, e.g. "
            f"human,{ai} ('ai' is the AI of the ai option)"
        )
    seats = [ai if w.lower() == "ai" else w for w in words]
    for i, seat in enumerate(seats):
        check_seat(i, seat)
    return seats


def check_seat(i: int, seat: str) -> None:
    """A :class:`SessionError` for a seat a page may not ask for: an unknown agent or
    parameter, a parameter naming a file (:data:`FILE_PARAMS`), or a clock over
    :data:`MAX_SECONDS`."""
    try:
        _, params = AGENTS.parse(seat)
    except PlayerError as exc:
        raise SessionError(f"seat {i}: {exc}") from None
    for key in FILE_PARAMS:
        if params.get(key) is not None:
            raise SessionError(
                f"seat {i}: {key}= names a file on the server; give it to lazytree "
                f"serve --{key} instead"
            )
    if (params.get("time") or 0) > MAX_SECONDS:
        raise SessionError(f"seat {i}: time is at most {MAX_SECONDS:g} seconds a move here")


def new_session(params: Mapping[str, str]) -> tuple[Session, float]:
    """A session (and the watch delay) from ``/play``'s query parameters."""
    name = params.get("game", "dice-of-doom")
    spec = GAMES.get(name)
    if spec is None:
        raise SessionError(f"unknown game {name!r} (known: {', '.join(GAMES)})")
    given = options_from_text(spec, {k: v for k, v in params.items() if k not in RESERVED})
    for key, value in given.items():
        # an option that may name a file (checkers' weights) takes JSON only here: a page
        # must not make the server open its files (they are given to lazytree serve)
        if isinstance(value, str) and key == "weights" and not value.lstrip().startswith("{"):
            raise SessionError(
                'weights: give them as JSON here, e.g. {"king": 150}; '
                "a weights file is given to lazytree serve --weights"
            )
    options = {**PLAY_DEFAULTS.get(name, {}), **given}
    seed = options.get("seed")
    probe = Session(name, options, seed=seed)
    ai = ai_seat(params.get("ai", "1"), probe.game)
    seats = seats_from_text(params.get("seats"), probe.game.num_players, ai)
    session = Session(name, options, seats, seed=seed)
    check_board(session)
    return session, _delay(params.get("speed", "0"))


def check_board(session: Session) -> None:
    """A :class:`SessionError` for a board of more cells than the page draws well
    (:data:`MAX_CELLS`)."""
    cells = len(board_document(session.game, session.state, max_moves=0).get("cells", ()))
    if cells > MAX_CELLS:
        raise SessionError(
            f"a board of {cells:,} cells: the browser plays boards up to 40x40 "
            f"({MAX_CELLS:,} cells; lazytree play has no such limit)"
        )


def _delay(value: Any) -> float:
    try:
        delay = float(value)
    except (TypeError, ValueError):
        delay = -1.0
    if not 0 <= delay <= MAX_DELAY:
        raise SessionError(f"speed {value!r}: expected seconds between AI moves, 0 to {MAX_DELAY}")
    return delay


# -- views --------------------------------------------------------------------------------
def game_forms() -> dict[str, dict[str, Any]]:
    """What the new-game form offers, for every registered game: its ``summary``,
    ``notation``, number of ``players`` (with the default options) and its ``options``
    (``name``, ``type`` ``int`` or ``str``, the ``default`` a new game starts with,
    ``help``), each a form field."""
    forms: dict[str, dict[str, Any]] = {}
    for name, spec in GAMES.items():
        defaults = {**spec.defaults(), **PLAY_DEFAULTS.get(name, {})}
        try:
            players = load_game(name, **PLAY_DEFAULTS.get(name, {})).game.num_players
        except Exception:  # a game that cannot start with its defaults: 2 seats to begin
            players = 2
        options = [
            {
                "name": opt.name,
                "type": "int" if opt.type is int else "str",
                "default": defaults.get(opt.name),
                "help": opt.help,
            }
            for opt in spec.options
        ]
        forms[name] = {
            "summary": spec.summary,
            "notation": spec.notation,
            "players": players,
            "options": options,
        }
    return forms


def _played_json(played: Played, path: Sequence[int] = ()) -> dict[str, Any]:
    """A move of the history; ``path``: the board cells it went through (drawn as
    arrows)."""
    out: dict[str, Any] = {"player": played.player, "text": played.text}
    if played.note:
        out["note"] = played.note
    if path:
        out["path"] = list(path)
    return out


_replays: weakref.WeakKeyDictionary[Session, tuple[list[Played], list[Any]]]
_replays = weakref.WeakKeyDictionary()
_replays_lock = threading.Lock()


def _paths(session: Session, history: list[Played], moves: list[Played]) -> list[list[int]]:
    """The cells each of ``moves`` (a stretch of ``history``) went through on the board,
    from the position it was made in: the history is replayed from the start once per
    session and extended as it grows."""
    with _replays_lock:
        known, states = _replays.get(session, ([], [session.start]))
        same = 0
        while same < min(len(known), len(history)) and known[same] is history[same]:
            same += 1
        states = states[: same + 1]
        game = session.game
        for played in history[same:]:
            states.append(game.result(states[-1], played.move))
        _replays[session] = (list(history), states)
    first = next((i for i, p in enumerate(history) if p is moves[0]), None) if moves else None
    if first is None or first + len(moves) > len(history):
        return [[] for _ in moves]
    return [move_path(game, states[first + k], p.move) for k, p in enumerate(moves)]


def session_view(runner: Runner) -> dict[str, Any]:
    """Everything the page shows about a session."""
    s = runner.session
    state = s.state  # one snapshot: the AI thread may move on meanwhile
    history = list(s.history)
    game = s.game
    over = game.is_terminal(state)
    board = board_document(game, state)
    last_turn = s.last_turn()
    view: dict[str, Any] = {
        "id": runner.id,
        "version": runner.version,
        "game": s.spec.name,
        "options": s.options,
        "players": game.num_players,
        "seats": [
            {"kind": "human"}
            if seat.is_human
            else {"kind": "ai", "name": seat.name, "label": _ai_label(seat, game)}
            for seat in s.seats
        ],
        "to_move": game.to_move(state),
        "over": over,
        "board": board,
        "moves_made": len(history),
        "turn": s.turn_number(),
        "last_turn": [
            _played_json(p, path)
            for p, path in zip(last_turn, _paths(s, history, last_turn), strict=True)
        ],
        "log": [_played_json(p) for p in history[-MAX_LOG:]],
        "thinking": runner.thinking,
        "can_stop": runner.can_stop,
        "progress": None,
        "last_search": runner.last_search,
        "error": runner.error,
        "can_undo": bool(history) and not runner.thinking,
        "can_redo": s.can_redo and not runner.thinking,
        "delay": runner.delay,
        "book": runner.book_status(),
    }
    progress = runner.progress
    if progress is not None:
        view["progress"] = progress.as_json()
    if over:
        scores = list(game.returns(state))
        best = max(scores)
        view["scores"] = scores
        view["winners"] = [p for p, v in enumerate(scores) if v == best]
    return view


def _ai_label(seat: Seat, game: Game[Any, Any]) -> str:
    """How the page names an AI seat: the book's AI, the play AI's clock, or the name."""
    if seat.name == book_agent(game):
        return f"book AI ({seat.name})"
    name, params = AGENTS.parse(seat.name)
    if name == "default" and params.get("time") and set(params) <= {"time", "clock", "eval"}:
        return f"AI, {params['time']:g} s a move"
    return seat.name


# -- requests -----------------------------------------------------------------------------
async def read_json(request: Request) -> Any:
    """The request's JSON body (at most :data:`MAX_BODY` bytes)."""
    length = request.headers.get("content-length")
    if length is not None and length.isdigit() and int(length) > MAX_BODY:
        raise BadRequest(f"request body too large (more than {MAX_BODY:,} bytes)", 413)
    body = b""
    async for chunk in request.stream():
        body += chunk
        if len(body) > MAX_BODY:
            raise BadRequest(f"request body too large (more than {MAX_BODY:,} bytes)", 413)
    if not body:
        return {}
    try:
        return json.loads(body)
    except (json.JSONDecodeError, UnicodeDecodeError) as exc:
        raise BadRequest(f"malformed JSON: {exc}") from None


def create_app(sessions: Sessions | None = None, learning: Learning | None = None) -> Starlette:
    """The web app; ``sessions`` holds the games (a fresh store by default);
    ``learning``: the book and weights (``serve --book/--weights``) the AI of every game
    uses where they fit."""
    store = sessions if sessions is not None else Sessions()
    learned = learning if learning is not None else Learning()

    def add(session: Session) -> Runner:
        """Keep ``session`` in the store, with the book and weights that fit it."""
        runner = store.add(session)  # first: a full store opens no book
        runner.has_book = learned.book is not None
        runner.book_note = learned.apply(session)
        return runner

    template = (STATIC / "play.html").read_text(encoding="utf-8")

    games_json = html.escape(json.dumps(game_forms()))

    def page(session_id: str = "", error: str = "", status: int = 200) -> HTMLResponse:
        text = (
            template.replace("__SESSION__", html.escape(session_id))
            .replace("__ERROR__", html.escape(error))
            .replace("__GAMES__", games_json)
        )
        return HTMLResponse(text, status_code=status)

    def runner_of(request: Request) -> Runner:
        runner = store.get(request.path_params["sid"])
        if runner is None:
            raise BadRequest(
                "unknown session (the server may have restarted: load a saved game)", 404
            )
        return runner

    async def home(request: Request) -> Response:
        return page()

    async def play(request: Request) -> Response:
        params = dict(request.query_params)
        if "session" in params:
            if store.get(params["session"]) is None:
                return page(error=UNKNOWN_SESSION, status=404)
            return page(params["session"])
        if "game" not in params and not params:
            return page()
        try:
            session, delay = new_session(params)
            runner = add(session)
        except SessionError as exc:
            return page(error=str(exc), status=400)
        runner.delay = delay
        return page(runner.id)

    async def healthz(request: Request) -> Response:
        return PlainTextResponse("ok")

    async def get_session(request: Request) -> Response:
        return JSONResponse(session_view(runner_of(request)))

    async def move(request: Request) -> Response:
        runner = runner_of(request)
        data = await read_json(request)
        text = data.get("move") if isinstance(data, dict) else None
        if not isinstance(text, str):
            raise BadRequest('expected {"move": "..."}: the move in the game\'s notation')
        with runner.lock:
            if runner.thinking:
                raise BadRequest("the AI is thinking: wait for its move, or press Stop", 409)
            try:
                runner.session.play(text)
            except IllegalMoveError as exc:
                raise BadRequest(f"illegal move {text!r}: {exc}") from None
            except SessionError as exc:
                raise BadRequest(str(exc), 409) from None
            runner.changed()
        await run_in_threadpool(runner.start_ai)  # may wait for a cancelled turn to end
        return JSONResponse(session_view(runner))

    async def start_ai(request: Request) -> Response:
        runner = runner_of(request)
        s = runner.session
        if not runner.thinking and (s.is_over or s.seat().is_human):
            raise BadRequest("no AI is to move", 409)
        await run_in_threadpool(runner.start_ai)
        return JSONResponse(session_view(runner))

    async def stop(request: Request) -> Response:
        runner = runner_of(request)
        return JSONResponse({"stopped": runner.stop_search()})

    async def undo(request: Request) -> Response:
        return await run_in_threadpool(take_back, request, "undo")

    async def redo(request: Request) -> Response:
        return await run_in_threadpool(take_back, request, "redo")

    def take_back(request: Request, action: str) -> Response:
        """Undo or redo (in a worker thread: the AI's turn is cancelled and awaited)."""
        runner = runner_of(request)
        runner.cancel()
        with runner.lock:
            if runner.thinking:
                raise BadRequest("the AI is still finishing its move: try again", 409)
            s = runner.session
            done = s.undo() if action == "undo" else s.redo()
            if not done:
                raise BadRequest(f"nothing to {action}", 409)
            runner.changed()
        return JSONResponse(session_view(runner))

    async def speed(request: Request) -> Response:
        runner = runner_of(request)
        data = await read_json(request)
        try:
            runner.delay = _delay(data.get("delay") if isinstance(data, dict) else None)
        except SessionError as exc:
            raise BadRequest(str(exc)) from None
        return JSONResponse({"delay": runner.delay})

    async def close(request: Request) -> Response:
        runner = runner_of(request)
        runner.cancel(wait=0)
        return JSONResponse({"closed": True})

    async def save(request: Request) -> Response:
        runner = runner_of(request)
        s = runner.session
        name = f"{s.spec.name}-{len(s.history)}-moves.json"
        return Response(
            s.dumps(),
            media_type="application/json",
            headers={"Content-Disposition": f'attachment; filename="{name}"'},
        )

    async def load(request: Request) -> Response:
        data = await read_json(request)
        try:
            seats = data.get("seats") if isinstance(data, dict) else None
            if isinstance(seats, list):  # before the agents are made: they may open files
                for i, seat in enumerate(seats):
                    if isinstance(seat, str):
                        check_seat(i, seat)
            session = Session.load(data)
            check_board(session)
            runner = add(session)
        except SessionError as exc:
            raise BadRequest(str(exc)) from None
        return JSONResponse({"id": runner.id, "url": f"/play?session={runner.id}"}, 201)

    async def bad_request(request: Request, exc: Exception) -> Response:
        assert isinstance(exc, BadRequest)
        return JSONResponse({"error": str(exc)}, exc.status)

    @contextlib.asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[None]:
        yield
        store.close_all()  # the AI threads stop with the server

    api = "/api/sessions/{sid}"
    app = Starlette(
        routes=[
            Route("/", home),
            Route("/play", play),
            Route("/healthz", healthz),
            Route("/api/sessions/load", load, methods=["POST"]),
            Route(api, get_session),
            Route(api + "/move", move, methods=["POST"]),
            Route(api + "/ai", start_ai, methods=["POST"]),
            Route(api + "/stop", stop, methods=["POST"]),
            Route(api + "/undo", undo, methods=["POST"]),
            Route(api + "/redo", redo, methods=["POST"]),
            Route(api + "/speed", speed, methods=["POST"]),
            Route(api + "/close", close, methods=["POST"]),
            Route(api + "/save", save),
            *explore_routes(lambda sid: None if (r := store.get(sid)) is None else r.last_tree),
            Mount("/static", StaticFiles(directory=STATIC), name="static"),
            Mount("/lib", StaticFiles(directory=LIB), name="lib"),
        ],
        exception_handlers={BadRequest: bad_request},
        lifespan=lifespan,
    )
    app.state.sessions = store
    return app
