"""The play page's views of a game and the checks of what a page asks for, the same JSON from the
server and from the browser's worker (:mod:`lazytree.server.local`); no web framework, no thread."""

from __future__ import annotations

import threading
import weakref
from collections.abc import Mapping, Sequence
from contextlib import AbstractContextManager
from typing import Any, Protocol

from lazytree.agents import AGENTS, AgentError, check_agent
from lazytree.boards import board_document, move_path
from lazytree.catalog import GameOption
from lazytree.game import Game, GameAgents
from lazytree.games import GAMES, load_game
from lazytree.safejson import JSONLimitError, parse_json
from lazytree.session import (
    PLAY_DEFAULTS,
    Played,
    SavedGame,
    Seat,
    Session,
    SessionError,
    default_seat,
    options_from_text,
)

__all__ = [
    "MAX_CELLS",
    "MAX_DELAY",
    "MAX_LOG",
    "MAX_MESSAGE",
    "MAX_SECONDS",
    "OPTION_CAPS",
    "RESERVED",
    "BadRequest",
    "GameView",
    "book_agent",
    "check_delay",
    "check_saved",
    "game_forms",
    "message_object",
    "new_session",
    "replay_view",
    "seats_from_text",
    "session_view",
]

MAX_DELAY = 10.0
"""Longest pause between two AI moves (the watch speed), in seconds."""

MAX_MESSAGE = 4096
"""Largest message a page may send (a WebSocket message, or a request body to the
browser's worker), in bytes: a move or a hello is tiny."""

MAX_CELLS = 10_000
"""Most cells a board the page plays may have (a 40x40 Dice of Doom board)."""

MAX_LOG = 40
"""History entries sent with each view (the page shows the latest)."""

MAX_SECONDS = 600.0
"""Longest clock per move a page may give an agent (``time=``), in seconds."""

OPTION_CAPS = {"max_dice": 20, "spare_dice": 1000}
MAX_OPTION_TEXT = 2048
"""The largest value a page may give each game option (checked before a game is made,
so a huge one never reaches the rules)."""

RESERVED = ("game", "seats", "ai", "speed", "session")
"""Query parameters of ``/play`` that are not game options."""


class BadRequest(Exception):
    """A client's mistake: answered with ``status`` and the message."""

    def __init__(self, message: str, status: int = 400) -> None:
        super().__init__(message)
        self.status = status


def book_agent(game: Game[Any, Any]) -> str:
    """The book's AI of ``game``: ``ror``, ``lol2`` or ``lol4`` by its rules; four plies of
    ``auto`` for games no book plays.

    >>> from lazytree.games import load_game
    >>> [book_agent(load_game("dice-of-doom", rules=r).game) for r in ("racket", "lisp", "chance")]
    ['ror', 'lol2', 'lol4']
    >>> book_agent(load_game("tictactoe").game)
    'default:time=none:rater=auto:depth=4'
    """
    if isinstance(game, GameAgents):  # the game says (Dice of Doom: by its rule set)
        return game.book_agent()
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


def seats_from_text(
    text: str | None, players: int, ai: str, game: Game[Any, Any] | None = None
) -> list[str]:
    """``human,lol2,mcts:time=0.5``: an agent per player, ``ai`` standing for ``ai`` (default:
    player 0 human, the others ``ai``); a :class:`SessionError` for a wrong count or a seat
    :func:`check_seat` refuses."""
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
        check_seat(i, seat, game)
    return seats


def check_seat(i: int, seat: str, game: Game[Any, Any] | None = None) -> None:
    """A :class:`SessionError` for a seat a page may not ask for: what
    :func:`lazytree.agents.check_agent` refuses without files, or a clock over
    :data:`MAX_SECONDS`."""
    try:
        params = check_agent(seat, game, files=False)
        if (params.get("time") or 0) > MAX_SECONDS:
            raise SessionError(f"seat {i}: time is at most {MAX_SECONDS:g} seconds a move here")
        AGENTS.check_high(seat)
    except AgentError as exc:
        raise SessionError(f"seat {i}: {exc}") from None


def new_session(params: Mapping[str, str]) -> tuple[Session, float]:
    """A session (and the watch delay) from ``/play``'s query parameters."""
    name = params.get("game", "dice-of-doom")
    spec = GAMES.get(name)
    if spec is None:
        raise SessionError(f"unknown game {name!r} (known: {', '.join(GAMES)})")
    given = options_from_text(spec, {k: v for k, v in params.items() if k not in RESERVED})
    check_options(given)
    options = {**PLAY_DEFAULTS.get(name, {}), **given}
    seed = options.get("seed")
    probe = Session(name, options, seed=seed)
    ai = ai_seat(params.get("ai", "1"), probe.game)
    seats = seats_from_text(params.get("seats"), probe.game.num_players, ai, probe.game)
    session = Session(name, options, seats, seed=seed)
    check_board(session)
    return session, check_delay(params.get("speed", "0"))


def check_options(options: Mapping[str, Any], caps: Mapping[str, int] = OPTION_CAPS) -> None:
    """A :class:`SessionError` for game options a page may not give: numbers over
    :data:`OPTION_CAPS`, long text, JSON beyond limits, and options that could name a file (the
    same answer whatever the file)."""
    for key, value in options.items():
        if isinstance(value, str):
            if len(value) > MAX_OPTION_TEXT:
                raise SessionError(
                    f"{key}: {len(value):,} characters, at most {MAX_OPTION_TEXT:,} on this server"
                )
            if value.lstrip()[:1] in ("[", "{"):
                try:
                    parse_json(value)
                except JSONLimitError as exc:
                    raise SessionError(f"{key}: {exc}") from None
        cap = caps.get(key)
        if cap is not None and isinstance(value, int) and not -cap <= value <= cap:
            raise SessionError(f"{key} {value}: at most {cap} on this server")
        named_file = not isinstance(value, str) or not value.lstrip().startswith("{")
        if key == "weights" and value is not None and named_file:
            raise SessionError(
                'weights: give them as JSON here, e.g. {"king": 150}; '
                "a weights file is given to lazytree serve --weights"
            )
        if isinstance(value, int) and not isinstance(value, bool) and abs(value) >= 1 << 64:
            raise SessionError(f"{key}: a number of at most 64 bits")


def check_saved(data: Any) -> SavedGame:
    """A saved game from the network, checked before :meth:`Session.load` makes its agents: its
    fields (:meth:`SavedGame.parse`), then this server's caps on its options and seats; a
    :class:`SessionError` for the first problem."""
    saved = SavedGame.parse(data)
    check_options(saved.options)
    check_options(saved.start)
    try:
        game = load_game(saved.game, **{**saved.options, **saved.start}).game
    except (TypeError, ValueError) as exc:
        raise SessionError(f"options: {exc}") from None
    for i, seat in enumerate(saved.seat_names(game)):
        check_seat(i, seat, game)
    return saved


def check_board(session: Session) -> None:
    """A :class:`SessionError` for a board of more cells than the page draws well
    (:data:`MAX_CELLS`)."""
    cells = len(board_document(session.game, session.state, max_moves=0).get("cells", ()))
    if cells > MAX_CELLS:
        raise SessionError(
            f"a board of {cells:,} cells: the browser plays boards of up to "
            f"{MAX_CELLS:,} cells (lazytree play has no such limit)"
        )


def check_delay(value: Any) -> float:
    """The pause between two AI moves a page asks for, in seconds (0 to :data:`MAX_DELAY`);
    a :class:`SessionError` otherwise."""
    try:
        delay = float(value)
    except (TypeError, ValueError):
        delay = -1.0
    if not 0 <= delay <= MAX_DELAY:
        raise SessionError(f"speed {value!r}: expected seconds between AI moves, 0 to {MAX_DELAY}")
    return delay


# -- views --------------------------------------------------------------------------------
SEAT_CHOICES = (
    ("human", "human"),
    ("ai", "AI (its strength below)"),
    ("mcts:time=1:clock=wall", "mcts: Monte Carlo, 1 s a move"),
    ("ror", "ror: Realm of Racket's minimax, 4 plies (slow on big boards)"),
    ("random", "random moves"),
)
"""The seats the new-game form offers for every game (agent spellings of
:data:`lazytree.agents.AGENTS`, ``ai`` standing for the ``ai`` option's agent)."""


def seat_choices(game: Game[Any, Any] | None) -> list[dict[str, str]]:
    """The new-game form's seat choices for ``game``: :data:`SEAT_CHOICES`, then the agents the
    game offers, each with its summary.

    >>> from lazytree.games import load_game
    >>> [c["value"] for c in seat_choices(load_game("dice-of-doom").game)][-2:]
    ['lol2', 'lol4']
    >>> [c["value"] for c in seat_choices(load_game("tictactoe").game)][-1]
    'random'
    """
    choices = [{"value": value, "label": label} for value, label in SEAT_CHOICES]
    if isinstance(game, GameAgents):
        listed = {value for value, _ in SEAT_CHOICES}
        for key in AGENTS:
            if key in listed:
                continue
            try:
                offered = game.offered_agent(key, key, {}) is not None
            except (ValueError, TypeError):  # offered under other rules (or options)
                offered = True
            if offered:
                choices.append({"value": key, "label": f"{key}: {AGENTS[key].summary}"})
    return choices


def option_limits(option: GameOption) -> dict[str, int]:
    """The ``min`` and ``max`` the new-game form gives a whole-number option: the rules'
    (:class:`~lazytree.catalog.GameOption`) within this server's caps
    (:data:`OPTION_CAPS`), so that the form never offers what the server refuses.

    >>> from lazytree.games import GAMES
    >>> [option_limits(o) for o in GAMES["dice-of-doom"].options if o.name == "size"]
    [{'min': 2, 'max': 100}]
    """
    if option.type is not int:
        return {}
    low, high = option.minimum, option.maximum
    cap = OPTION_CAPS.get(option.name)
    if cap is not None:
        low = -cap if low is None else max(low, -cap)
        high = cap if high is None else min(high, cap)
    limits = {}
    if low is not None:
        limits["min"] = low
    if high is not None:
        limits["max"] = high
    return limits


def game_forms() -> dict[str, dict[str, Any]]:
    """What the new-game form offers for every game: ``summary``, ``notation``, ``players``, its
    ``options`` (``name``, ``type``, ``default``, ``help``) and its seat choices (``agents``)."""
    forms: dict[str, dict[str, Any]] = {}
    for name, spec in GAMES.items():
        defaults = {**spec.defaults(), **PLAY_DEFAULTS.get(name, {})}
        game: Game[Any, Any] | None
        try:
            game = load_game(name, **PLAY_DEFAULTS.get(name, {})).game
            players = game.num_players
        except Exception:  # a game that cannot start with its defaults: 2 seats to begin
            game, players = None, 2
        options = [
            {
                "name": opt.name,
                "type": "int" if opt.type is int else "str",
                "default": defaults.get(opt.name),
                "help": opt.help,
                **option_limits(opt),
            }
            for opt in spec.options
        ]
        forms[name] = {
            "summary": spec.summary,
            "notation": spec.notation,
            "players": players,
            "options": options,
            "agents": seat_choices(game),
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
    """The cells each of ``moves`` (a stretch of ``history``) went through, the history replayed
    once per session and extended as it grows."""
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


def session_view(runner: GameView) -> dict[str, Any]:
    """Everything the page shows about a session."""
    s = runner.session
    with runner.lock:  # one snapshot of whole moves: the AI's moves are made under it
        state = s.state
        history = list(s.history)
        last_turn = s.last_turn()
        turn = s.turn_number()
        version, epoch = runner.version, runner.epoch
        claimed = list(runner.claimed)
    game = s.game
    over = game.is_terminal(state)
    board = board_document(game, state)
    solo = not runner.others_play("host", None)  # undo: see take_back
    view: dict[str, Any] = {
        "id": runner.id,
        "version": version,
        "epoch": epoch,
        "game": s.spec.name,
        "options": s.options,
        "players": game.num_players,
        "seats": [
            {"kind": "human"}
            if seat.is_human
            else {"kind": "ai", "name": seat.name, "label": _ai_label(seat, game)}
            for seat in s.seats
        ],
        "taken": claimed,
        "to_move": game.to_move(state),
        "over": over,
        "board": board,
        "moves_made": len(history),
        "turn": turn,
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
        "waiting": runner.waiting,
        "can_undo": bool(history) and not runner.thinking and solo,
        "can_redo": s.can_redo and not runner.thinking and solo,
        "delay": runner.delay,
        "position_book": runner.position_book_status(),
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
def replay_view(runner: GameView, ply: int) -> dict[str, Any]:
    """The board after the first ``ply`` moves of the game (a replay), with that move."""
    s = runner.session
    with runner.lock:
        history = list(s.history)
    if not 0 <= ply <= len(history):
        raise BadRequest(f"move {ply}: the game has {len(history)} moves", 404)
    _paths(s, history, [])  # the replay's positions, cached per session
    with _replays_lock:
        states = _replays[s][1]
        state = states[ply]
    played = history[ply - 1] if ply else None
    return {
        "ply": ply,
        "moves_made": len(history),
        "board": board_document(s.game, state, max_moves=0),
        "move": None if played is None else _played_json(played),
    }


class _Progress(Protocol):
    def as_json(self) -> dict[str, Any]: ...


class GameView(Protocol):
    """What a view reads of a game being played (the server's
    :class:`~lazytree.server.runner.Runner` is one)."""

    @property
    def id(self) -> str: ...
    @property
    def session(self) -> Session: ...
    @property
    def lock(self) -> AbstractContextManager[Any]: ...
    @property
    def version(self) -> int: ...
    @property
    def epoch(self) -> int: ...
    @property
    def claimed(self) -> list[str]: ...
    @property
    def thinking(self) -> bool: ...
    @property
    def can_stop(self) -> bool: ...
    @property
    def last_search(self) -> dict[str, Any] | None: ...
    @property
    def error(self) -> str | None: ...
    @property
    def waiting(self) -> bool: ...
    @property
    def delay(self) -> float: ...
    @property
    def progress(self) -> _Progress | None: ...

    def others_play(self, role: str, seat: int | None) -> bool: ...

    def position_book_status(self) -> dict[str, Any] | None: ...


def message_object(text: str) -> dict[str, Any]:
    """A page's message as a JSON object within :data:`MAX_MESSAGE` bytes and the parser's
    limits; :class:`BadRequest` otherwise."""
    if len(text) > MAX_MESSAGE:
        raise BadRequest(f"message too large (more than {MAX_MESSAGE:,} bytes)", 413)
    try:
        data = parse_json(text)
    except JSONLimitError as exc:
        raise BadRequest(str(exc)) from None
    if not isinstance(data, dict):
        raise BadRequest('expected a JSON object such as {"hello": {"ply": 0}}')
    return data
