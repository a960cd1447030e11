"""A game session: one game being played, shared by the terminal and the web server.

A :class:`Session` holds the game, its start position, the lazy tree of the position now, an agent
per seat (:mod:`lazytree.agents`) and the history of moves: :meth:`Session.play` a human's move,
:meth:`Session.ai_turn` an agent's turn, :meth:`Session.undo` / :meth:`Session.redo` whole turns,
:meth:`Session.save` / :meth:`Session.load` the JSON of :class:`SavedGame`. Chance outcomes are
drawn from the session's seeded ``random.Random``.

Examples
--------
>>> s = Session("dice-of-doom", {"size": 2, "board": "0:2 1:1 0:3 1:2"})
>>> s.to_move, [text for _, text in s.legal_moves()]
(0, ['0->1', '2->3'])
>>> [p.text for p in s.play("2->3")]
['2->3']
>>> s.play("1->0")
Traceback (most recent call last):
...
lazytree.game.IllegalMoveError: 1->0: territory 1 is not yours
>>> _ = s.play("pass"); s.to_move
1
>>> s.undo(), s.to_move, len(s.history)
(True, 0, 0)
>>> Session.load(s.save()).state == s.state
True
>>> ai = Session("tictactoe", seats=["human", "default:time=none:rater=alphabeta:depth=9"])
>>> _ = ai.play("b2"); [step.played[0].text for step in ai.ai_turn()]
['a1']
>>> ai.save()["seats"]
['human', 'default:time=none:rater=alphabeta:depth=9']
"""

from __future__ import annotations

import contextlib
import json
import random
import threading
from collections.abc import Callable, Hashable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Final

from lazytree.agents import (
    Agent,
    AgentError,
    Choice,
    DefaultAgent,
    DefaultOptions,
    Progress,
    is_human,
    make_agent,
)
from lazytree.catalog import GAMES, GameSpec, OptionError, load_game
from lazytree.game import (
    CHANCE,
    Game,
    IllegalMoveError,
    NamedEvaluations,
    PlayDefaults,
    Player,
    RollingGame,
    StartOptions,
)
from lazytree.position_book import PositionBook
from lazytree.safejson import JSONLimitError, parse_json
from lazytree.search import Limit, SearchResult
from lazytree.search.limit import Clock
from lazytree.search.spelling import parse_quiescence, parse_width
from lazytree.tree import Node, Tree

__all__ = [
    "FORMAT",
    "FORMAT_VERSION",
    "HUMAN",
    "PLAY_DEFAULTS",
    "AIStep",
    "Played",
    "SavedGame",
    "Seat",
    "Session",
    "SessionError",
    "default_seat",
    "options_from_text",
]

FORMAT: Final = "lazytree-session"
"""The ``format`` field of a saved session."""

FORMAT_VERSION: Final = 2
"""The ``version`` field of a saved session this module writes (it reads 1 too)."""


class _PlayDefaults(Mapping[str, Mapping[str, Any]]):
    """Every game's play options by name, each asked of the game (built with its default
    options) when first looked up: :class:`~lazytree.game.PlayDefaults`, else none."""

    def __init__(self) -> None:
        self._known: dict[str, Mapping[str, Any]] = {}

    def __getitem__(self, name: str) -> Mapping[str, Any]:
        if name not in GAMES:
            raise KeyError(name)
        if name not in self._known:
            try:
                game = load_game(name).game
            except OptionError:  # a game that cannot start on its defaults: none
                game = None
            found: dict[str, Any] = {}
            if isinstance(game, PlayDefaults):
                found = dict(game.play_options())
            self._known[name] = found
        return self._known[name]

    def __iter__(self) -> Iterator[str]:
        return iter(GAMES)

    def __len__(self) -> int:
        return len(GAMES)


PLAY_DEFAULTS: Final[Mapping[str, Mapping[str, Any]]] = _PlayDefaults()
"""Game options a game is played with unless given, by game name, as the game says
(:class:`~lazytree.game.PlayDefaults`): ``play`` and ``serve`` use them."""

MAX_MOVES: Final = 100_000
"""Most moves a saved session may hold (a budget on what a file can make us replay)."""


class SessionError(ValueError):
    """A session that cannot be made or loaded, or a request that does not fit its
    state (e.g. a human move when the AI is to play); the message is for the user."""


@dataclass(frozen=True)
class Seat:
    """Who plays one side: an agent by its name in :data:`lazytree.agents.AGENTS`
    with its parameters (``human``, ``lol2``, ``mcts:time=0.5``)."""

    name: str = "human"

    @property
    def is_human(self) -> bool:
        return is_human(self.name)

    def to_json(self) -> str:
        return self.name


HUMAN: Final = Seat()


def default_seat(
    game: Game[Any, Any], seconds: float | None = 1.0, *, clock: Clock = "wall", **options: Any
) -> str:
    """The play AI's seat name: the ``default`` agent with a ``seconds`` clock counted by
    ``clock`` (None: no clock) and ``options``, rating with the game's own evaluation when it
    names several.

    >>> from lazytree.games.tictactoe import TicTacToe
    >>> default_seat(TicTacToe(), 0.5, depth=3, nodes=None)
    'default:time=0.5:clock=wall:depth=3'
    """
    named = game if isinstance(game, NamedEvaluations) else None
    if (
        named is not None
        and options.get("eval") is None
        and named.eval != named.evaluation_names()[0]
    ):
        options["eval"] = named.eval
    return DefaultOptions(time=seconds, clock=clock, **options).text()


@dataclass(frozen=True)
class Played:
    """One move of the history: who made it (:data:`~lazytree.game.CHANCE` for a dice
    roll), the move, its notation, and for a roll what was rolled."""

    player: Player
    move: Hashable
    text: str
    note: str = ""


@dataclass(frozen=True)
class AIStep:
    """One move of an AI turn: the move (and the chance outcomes that followed it) and
    the agent's :class:`~lazytree.agents.Choice` of it."""

    played: tuple[Played, ...]
    choice: Choice

    @property
    def search(self) -> SearchResult[Any] | None:
        """The search that chose the move (None for an agent that does not search)."""
        return self.choice.search


class Session:
    """A game being played: game, start position, tree, seats and history.

    Parameters
    ----------
    game:
        Registry name of the game (see :data:`lazytree.games.GAMES`).
    options:
        The game's options (Python names, e.g. ``spare_dice``); bad ones raise
        :class:`SessionError` with the same message as the command line.
    seats:
        One seat per player: a :class:`Seat` or an agent's name (default: everyone
        human); a bad name raises :class:`SessionError`.
    seed:
        Seed of the generator that draws chance outcomes and of the agents (None:
        fresh entropy).
    """

    def __init__(
        self,
        game: str,
        options: Mapping[str, Any] | None = None,
        seats: Sequence[Seat | str] | None = None,
        *,
        seed: int | None = None,
    ) -> None:
        spec = GAMES.get(game)
        if spec is None:
            raise SessionError(f"unknown game {game!r} (known: {', '.join(GAMES)})")
        self.spec: GameSpec = spec
        self.options: dict[str, Any] = dict(options or {})
        try:
            position = load_game(game, **self.options)
        except OptionError as exc:
            raise SessionError(f"{game}: {exc}") from None
        self.game: Game[Any, Any] = position.game
        self.start: Any = position.state
        self.seed = seed
        self.rng = random.Random(seed)
        """Draws the chance outcomes of a session without a seed (a seeded session draws
        each from the seed and the ply, :meth:`_chance_rng`)."""
        self.agent_seed = seed if seed is not None else random.randrange(1 << 31)
        """The seed every agent is started with (the same after an undo)."""
        self.history: list[Played] = []
        self._turns: list[int] = []  # index in history where each turn starts
        self._redo: list[list[Played]] = []
        self._position_book: PositionBook | None = None
        self.tree: Tree[Any, Any] = Tree(self.game, self.start, share=True)
        self.seats: tuple[Seat, ...] = ()
        self.agents: tuple[Agent, ...] = ()
        """The agent of each seat, at the position now."""
        self.set_seats([HUMAN] * self.game.num_players if seats is None else seats)
        self._resolve_chance()

    # -- seats and their agents --------------------------------------------------------
    def set_seats(self, seats: Sequence[Seat | str]) -> None:
        """Seat these agents (by :class:`Seat` or name), started and shown the history;
        :class:`SessionError` (seats unchanged) for a bad name or an agent that cannot play."""
        players = self.game.num_players
        if len(seats) != players:
            raise SessionError(f"{len(seats)} seats for a game of {players} players")
        new = tuple(Seat(s.strip()) if isinstance(s, str) else s for s in seats)
        agents = []
        for i, seat in enumerate(new):
            try:
                agents.append(make_agent(seat.name))
            except AgentError as exc:
                raise SessionError(f"seat {i}: {exc}") from None
        self._start(agents)
        self.seats, self.agents = new, tuple(agents)

    def _start(self, agents: Sequence[Agent]) -> None:
        """Start ``agents`` (one per seat) at the start position and show them the
        history."""
        for i, agent in enumerate(agents):
            try:
                agent.start(self.game, self.start, self.agent_seed)
            except (TypeError, ValueError) as exc:
                raise SessionError(f"seat {i}: {exc}") from None
            if isinstance(agent, DefaultAgent) and agent.position_book_path is None:
                agent.position_book = self._position_book
            for played in self.history:
                agent.observe(played.move)

    @property
    def position_book(self) -> PositionBook | None:
        """A position book (:mod:`lazytree.position_book`) the ``default`` seats look positions up
        in and fill (those not given a position book of their own)."""
        return self._position_book

    @position_book.setter
    def position_book(self, position_book: PositionBook | None) -> None:
        self._position_book = position_book
        for agent in self.agents:
            if isinstance(agent, DefaultAgent) and agent.position_book_path is None:
                agent.position_book = position_book

    def use_game(self, game: Game[Any, Any]) -> None:
        """Play on with ``game`` (the same rules, e.g. learned weights) in place of the
        session's: the tree and the agents start again from the history."""
        self.game = game
        self._replay()
        self._start(self.agents)

    # -- the position now --------------------------------------------------------------
    @property
    def state(self) -> Any:
        """The position now."""
        return self.tree.root.state

    @property
    def to_move(self) -> Player:
        """The player to move now (never :data:`~lazytree.game.CHANCE`: dice are rolled at
        once)."""
        return self.game.to_move(self.state)

    @property
    def is_over(self) -> bool:
        return self.game.is_terminal(self.state)

    def seat(self, player: Player | None = None) -> Seat:
        """The seat of ``player`` (default: the player to move)."""
        return self.seats[self.to_move if player is None else player]

    def legal_moves(self) -> list[tuple[Hashable, str]]:
        """The legal moves now, each with its notation, in the game's order."""
        state = self.state
        return [(m, self.game.move_to_str(state, m)) for m in self.game.legal_moves(state)]

    def scores(self) -> tuple[float, ...] | None:
        """The final score of every player once the game is over, else None."""
        return tuple(self.game.returns(self.state)) if self.is_over else None

    def winners(self) -> tuple[Player, ...]:
        """The players with the best final score (empty while the game goes on)."""
        scores = self.scores()
        if scores is None:
            return ()
        best = max(scores)
        return tuple(p for p, s in enumerate(scores) if s == best)

    def turn_number(self) -> int:
        """The number of the turn now (1 for the first)."""
        started = len(self._turns)
        if started and self.history[self._turns[-1]].player == self.to_move:
            return started
        return started + 1

    def last_turn(self) -> list[Played]:
        """The moves of the last turn made by someone other than the player to move
        (what a person wants to see after the AI played), chance outcomes included."""
        for t in range(len(self._turns) - 1, -1, -1):
            start = self._turns[t]
            if self.history[start].player != self.to_move or self.is_over:
                end = self._turns[t + 1] if t + 1 < len(self._turns) else len(self.history)
                return self.history[start:end]
        return []

    # -- moves -------------------------------------------------------------------------
    def parse(self, move: Hashable | str) -> Hashable:
        """``move`` as a legal move of the position now (text in the game's notation is
        parsed); :class:`~lazytree.game.IllegalMoveError` otherwise."""
        state = self.state
        if self.game.is_terminal(state):
            raise IllegalMoveError("the game is over")
        if isinstance(move, str):
            return _parse_text(self.game, state, move)
        self.game.result(state, move)  # raises IllegalMoveError with the reason
        return move

    def play(self, move: Hashable | str) -> list[Played]:
        """Make a human's move and draw the chance outcomes after it;
        :class:`~lazytree.game.IllegalMoveError` (nothing changed) for an illegal move,
        :class:`SessionError` when an AI is to move."""
        if not self.seat().is_human and not self.is_over:
            raise SessionError(
                f"player {self.to_move} is played by {self.seat().name}, not by a human"
            )
        made = self._make(self.parse(move))
        self._redo.clear()
        return made

    def ai_turn(
        self,
        *,
        stop: threading.Event | None = None,
        progress: Progress | None = None,
        cancel: threading.Event | None = None,
        lock: threading.Lock | None = None,
        record: Callable[[int, Sequence[Played]], None] | None = None,
    ) -> Iterator[AIStep]:
        """Let the agent to move play its whole turn, one :class:`AIStep` at a time (the
        session is updated before each is yielded). Raises :class:`SessionError` when the
        seat to move is human.

        ``stop`` makes a stoppable agent answer at once (another's search raises
        :class:`~lazytree.search.limit.SearchStopped`, the session as before); ``cancel``
        ends the turn without playing. Each move is played holding ``lock``, and
        ``record(ply, played)`` is called under it before the move is yielded.
        """
        if self.is_over:
            return
        player = self.to_move
        seat = self.seat(player)
        if seat.is_human:
            raise SessionError(f"player {player} is a human, not an AI")
        agent = self.agents[player]
        for _ in range(MAX_MOVES):
            if self.is_over or self.to_move != player:
                return
            choice = agent.choose(stop=stop, progress=progress)
            with lock if lock is not None else contextlib.nullcontext():
                if cancel is not None and cancel.is_set():
                    return
                made = self._make(choice.move)
                self._redo.clear()
                if record is not None:
                    record(len(self.history) - len(made), made)
            yield AIStep(tuple(made), choice)
            # the next search must not keep this one's tree (the part the move left)
            del choice
        raise SessionError(f"{seat.name} made {MAX_MOVES:,} moves in one turn; it never passes")

    def _make(self, move: Hashable) -> list[Played]:
        """Play a legal ``move`` and the chance outcomes after it, recording them."""
        played = self._append(self.state, move)
        self._advance(move)
        return [played, *self._resolve_chance()]

    def _advance(self, move: Hashable) -> None:
        """Play ``move`` (recorded already) on the tree and show it to every agent."""
        self.tree.play(move)
        for agent in self.agents:
            agent.observe(move)

    def _append(self, state: Any, move: Hashable, note: str = "") -> Played:
        """Record ``move`` made in ``state`` in the history (a new turn when the player
        changes; chance outcomes belong to the turn they follow)."""
        player = self.game.to_move(state)
        turns = self._turns
        new_turn = player != CHANCE and (not turns or self.history[turns[-1]].player != player)
        played = Played(player, move, self.game.move_to_str(state, move), note)
        self.history.append(played)  # before the turn index: readers in other threads
        if new_turn:  # (the server's views) never see a turn that has no move yet
            turns.append(len(self.history) - 1)
        return played

    def _resolve_chance(self) -> list[Played]:
        rolled = []
        while self.tree.root.player == CHANCE:
            move, note = _draw_outcome(self.tree.root, self._chance_rng())
            played = self._append(self.state, move, note)
            self._advance(move)
            rolled.append(played)
        return rolled

    def _chance_rng(self) -> random.Random:
        """The generator of the next chance outcome: with a seed, one made from the seed and
        the number of moves played, so a game reloaded after a restart rolls the same dice."""
        if self.seed is None:
            return self.rng
        return random.Random(f"{self.seed}/{len(self.history)}")

    # -- undo / redo --------------------------------------------------------------------
    def undo(self) -> bool:
        """Take back the last whole turn, and more turns until a human is to move (when
        some seat is human). False when there is nothing to take back."""
        if not self.history:
            return False
        any_human = any(seat.is_human for seat in self.seats)
        removed: list[Played] = []
        while self._turns:
            start = self._turns.pop()
            removed[:0] = self.history[start:]
            del self.history[start:]
            self._replay()
            if not any_human or self.seat().is_human:
                break
        self._start(self.agents)
        self._redo.append(removed)
        return True

    def redo(self) -> bool:
        """Replay the turns the last :meth:`undo` took back. False when there are none."""
        if not self._redo:
            return False
        for played in self._redo.pop():
            self._append(self.state, played.move, played.note)
            self._advance(played.move)
        return True

    @property
    def can_redo(self) -> bool:
        return bool(self._redo)

    def _replay(self) -> None:
        """Rebuild the tree from the start position through the history."""
        tree: Tree[Any, Any] = Tree(self.game, self.start, share=True)
        for played in self.history:
            tree.play(played.move)
        self.tree = tree

    # -- save / load --------------------------------------------------------------------
    def save(self) -> dict[str, Any]:
        """The session as a JSON-ready dict (see :meth:`load`)."""
        return {
            "format": FORMAT,
            "version": FORMAT_VERSION,
            "game": self.spec.name,
            "options": self.options,
            "start": start_options(self.game, self.start),
            "seats": [seat.to_json() for seat in self.seats],
            "seed": self.seed,
            "moves": [played.text for played in self.history],
        }

    def dumps(self) -> str:
        """:meth:`save` as JSON text."""
        return json.dumps(self.save(), indent=1)

    @classmethod
    def loads(cls, text: str | bytes) -> Session:
        """:meth:`load` from JSON text; malformed JSON is a :class:`SessionError` too."""
        try:
            data = parse_json(text)
        except JSONLimitError as exc:
            raise SessionError(f"not a saved session: {exc}") from None
        return cls.load(data)

    @classmethod
    def load(cls, data: Any) -> Session:
        """A session from what :meth:`save` wrote (or a parsed :class:`SavedGame`), every
        field checked and every move replayed; :class:`SessionError` names the first
        problem."""
        saved = data if isinstance(data, SavedGame) else SavedGame.parse(data)
        session = cls(saved.game, {**saved.options, **saved.start}, seed=saved.seed)
        session.options = dict(saved.options)
        if start_options(session.game, session.start) != saved.start:
            raise SessionError(f"start: does not describe a start position of {saved.game}")
        session.set_seats(saved.seat_names(session.game))
        session.catch_up(saved.moves)
        session._resolve_chance()
        return session

    def catch_up(self, moves: Sequence[str]) -> None:
        """Play ``moves`` as :meth:`save` wrote them (chance outcomes included) after the
        history; :class:`SessionError` names the first illegal one."""
        for text in moves:
            state = self.state
            try:
                if self.game.is_terminal(state):
                    raise IllegalMoveError("the game is already over")
                move = _parse_text(self.game, state, text)
            except IllegalMoveError as exc:
                number = len(self.history) + 1
                raise SessionError(f"move {number} ({text!r}) is illegal: {exc}") from None
            self._append(state, move)
            self._advance(move)


@dataclass(frozen=True)
class SavedGame:
    """A saved session, its fields checked by :meth:`parse` before any game, agent or move is
    made (by :meth:`Session.load` and the server)."""

    game: str
    options: Mapping[str, Any]
    start: Mapping[str, Any]
    seats: Any
    """As saved: agents' names, or version 1's seat objects (:meth:`seat_names`)."""
    seed: int | None
    moves: Sequence[str]
    version: int = FORMAT_VERSION

    @classmethod
    def parse(cls, data: Any) -> SavedGame:
        """``data`` checked: format and version, no unknown field, a registered game, its
        options and start options of their types, a whole seed, at most :data:`MAX_MOVES`
        moves; :class:`SessionError` names the first problem."""
        if not isinstance(data, dict):
            raise SessionError("not a saved session: expected a JSON object")
        if data.get("format") != FORMAT:
            raise SessionError(f"not a saved session: 'format' must be {FORMAT!r}")
        version = data.get("version")
        if version not in (1, FORMAT_VERSION) or isinstance(version, bool):
            raise SessionError(
                f"unknown session format version {version!r} (this lazytree reads "
                f"versions 1 to {FORMAT_VERSION})"
            )
        known = {"format", "version", "game", "options", "start", "seats", "seed", "moves"}
        extra = sorted(set(data) - known)
        if extra:
            raise SessionError(f"unknown field {extra[0]!r} in the saved session")
        name = data.get("game")
        if not isinstance(name, str) or name not in GAMES:
            raise SessionError(f"unknown game {name!r} (known: {', '.join(GAMES)})")
        spec = GAMES[name]
        options = _check_options(spec, data.get("options", {}), "options")
        start = _check_options(spec, data.get("start", {}), "start")
        seed = data.get("seed")
        if seed is not None and (isinstance(seed, bool) or not isinstance(seed, int)):
            raise SessionError(f"seed must be a whole number or null, got {seed!r}")
        moves = data.get("moves", [])
        if not isinstance(moves, list) or not all(isinstance(m, str) for m in moves):
            raise SessionError("moves must be a list of moves written as text")
        if len(moves) > MAX_MOVES:
            raise SessionError(f"{len(moves)} moves is more than the limit of {MAX_MOVES:,}")
        return cls(name, options, start, data.get("seats"), seed, tuple(moves), version)

    def seat_names(self, game: Game[Any, Any]) -> list[str]:
        """The seats as agents' names for ``game`` (made from the options), version 1's
        converted (:data:`V1_AI`); :class:`SessionError` for a wrong count or kind."""
        players = game.num_players
        given = self.seats
        if not isinstance(given, list) or len(given) != players:
            raise SessionError(f"seats must be a list of {players} seats, one per player")
        if self.version == 1:
            return [_v1_seat(i, seat, game) for i, seat in enumerate(given)]
        if not all(isinstance(seat, str) for seat in given):
            raise SessionError("seats must be agents' names such as 'human' or 'lol2'")
        return list(given)


def start_options(game: Game[Any, Any], state: Any) -> dict[str, Any]:
    """The game options that rebuild the start position ``state`` whatever the seed
    (:class:`~lazytree.game.StartOptions`), else an empty dict."""
    if isinstance(game, StartOptions):
        return game.start_options(state)
    return {}


def options_from_text(spec: GameSpec, params: Mapping[str, str]) -> dict[str, Any]:
    """Game options from text (a URL's query), named as on the command line;
    :class:`SessionError` for an unknown option or a value of the wrong type."""
    by_name = {o.name: o for o in spec.options}
    out: dict[str, Any] = {}
    for key, text in params.items():
        name = key.removeprefix("--").replace("-", "_")
        opt = by_name.get(name)
        if opt is None:
            known = ", ".join(o.flag for o in spec.options)
            raise SessionError(f"{spec.name} has no option {key!r} (options: {known})")
        if opt.type is int:
            try:
                out[name] = int(text)
            except ValueError:
                raise SessionError(
                    f"{spec.name}: {opt.flag} {text!r} is not a whole number"
                ) from None
        else:
            out[name] = text
    return out


def _check_options(spec: GameSpec, given: Any, field: str) -> dict[str, Any]:
    if not isinstance(given, dict):
        raise SessionError(f"{field} must be a JSON object of {spec.name}'s options")
    by_name = {o.name: o for o in spec.options}
    for key, value in given.items():
        opt = by_name.get(key)
        if opt is None:
            known = ", ".join(by_name)
            raise SessionError(f"{field}: {spec.name} has no option {key!r} (options: {known})")
        ok = value is None or (
            isinstance(value, opt.type) and not (opt.type is int and isinstance(value, bool))
        )
        if not ok:
            raise SessionError(
                f"{field}: {key} must be {'a whole number' if opt.type is int else 'text'}, "
                f"got {value!r}"
            )
    return dict(given)


V1_AI: Final[Mapping[str, Any]] = {
    "seconds": 1.0,
    "depth": None,
    "rater": "auto",
    "width": "auto",
    "quiescence": "auto",
    "nodes": None,
    "memory": None,
    "tie_seed": None,
    "clock": "wall",
}
"""The AI settings a version-1 file may give a seat, with their defaults."""


def _v1_seat(i: int, seat: Any, game: Game[Any, Any]) -> str:
    """A version-1 seat (``{"kind": "human"}`` or ``{"kind": "ai", "settings": {...}}``) by
    name: the same AI as a ``default`` agent."""
    kind = seat.get("kind") if isinstance(seat, dict) else None
    if kind == "human":
        return "human"
    if kind != "ai":
        raise SessionError(f"seat {i}: kind must be 'human' or 'ai'")
    given = seat.get("settings", {})
    if not isinstance(given, dict) or set(given) - set(V1_AI):
        raise SessionError(
            f"seat {i}: AI settings must be an object with keys among {sorted(V1_AI)}"
        )
    settings = {**V1_AI, **given}
    seconds = settings["seconds"]
    try:  # the clock is checked as every search's is; the rest when the agent is made
        Limit(seconds=seconds)
    except (TypeError, ValueError) as exc:
        raise SessionError(f"seat {i}: bad AI settings: {exc}") from None
    params = {
        "depth": settings["depth"],
        "width": settings["width"],
        "quiescence": settings["quiescence"],
        "nodes": settings["nodes"],
        "memory": settings["memory"],
        "tie": settings["tie_seed"],
        "rater": None if seconds is not None else settings["rater"],
    }
    try:
        params["width"] = parse_width(params["width"])
        params["quiescence"] = parse_quiescence(params["quiescence"])
    except ValueError as exc:
        raise SessionError(f"seat {i}: bad AI settings: {exc}") from None
    return default_seat(game, seconds, clock=settings["clock"], **params)


def _parse_text(game: Game[Any, Any], state: Any, text: str) -> Hashable:
    """A move from the game's notation: the game's own parser, or the exact text
    ``move_to_str`` writes (chance outcomes such as ``0->2 wins`` are saved that way)."""
    try:
        move: Hashable = game.parse_move(state, text)
        return move
    except IllegalMoveError as exc:
        for legal in game.legal_moves(state):
            if game.move_to_str(state, legal) == text.strip():
                found: Hashable = legal
                return found
        raise exc from None


def _draw_outcome(node: Node[Any, Any], rng: random.Random) -> tuple[Hashable, str]:
    """Draw a chance node's outcome with ``rng`` and say what happened (a
    :class:`~lazytree.game.RollingGame` rolls its dice)."""
    game, state = node.context.game, node.state
    if isinstance(game, RollingGame):
        move, text = game.roll_outcome(state, rng)
        return move, text
    edges = list(node.children)
    edge = rng.choices(edges, weights=[e.probability or 0 for e in edges])[0]
    return edge.move, f"{game.move_to_str(state, edge.move)} (probability {edge.probability:.4g})"
