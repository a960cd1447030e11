"""Agents: who sits at a seat, one interface and one registry for every driver.

An agent is named like ``human``, ``ror``, ``default:time=0.5`` or
``mcts:playouts=2000:c=1.4``: the registry name, then ``:key=value`` parameters
(:mod:`lazytree.spec`). The same names seat the players of ``lazytree play --seats``,
``lazytree serve`` (``seats=`` in its URLs), the saved sessions and ``lazytree arena
--players``. :data:`AGENTS` lists every agent with its parameters; :func:`make_agent`
turns a name into an :class:`Agent`, or raises :class:`PlayerError` (a ``ValueError``)
with a one-line message.

An agent plays on its own lazy tree of the game: :meth:`Agent.start` with the start
position and a seed, :meth:`Agent.choose` for each of its moves (stoppable from another
thread, with progress reports), :meth:`Agent.observe` for every move made (its own, the
opponents', the dice), so the part of its tree below the moves played is kept from move
to move. The AIs are in :mod:`lazytree.players`; the agents a game offers itself
(``lol2``, ``lol4``) are registered here by name and made by the game when they start
on it (:class:`~lazytree.game.GameAgents`), and ``eval=`` names one of a game's
evaluations (:class:`~lazytree.game.NamedEvaluations`).

=========== ====================================================================
``human``   A person: the driver (terminal, page) brings the moves; it cannot
            :meth:`~Agent.choose` (the arena and tune refuse it, :func:`make_ai`).
``ror``     *Realm of Racket*'s AI: minimax to depth 4 over the book's rating
            (a game's evaluation named ``book``, else its own), the first best move.
``lol2``    *Land of Lisp* ch. 17-18, offered by Dice of Doom's lisp rules
            (:class:`~lazytree.game.GameAgents`): alpha-beta to depth 4 over
            ``score-board``, the first best move.
``lol4``    *Land of Lisp* ch. 20, offered by Dice of Doom's chance rules: depth 2
            over the book's rounded odds and ``score-board``, the first best move.
``default`` The play AI (the ``deepening`` rater): a clock per move
            (``time``); with ``time=none`` a ``rater`` to ``depth``, or a node
            budget (``nodes``).
``mcts``    UCT on the lazy tree (:mod:`lazytree.search.mcts`).
``random``  A uniformly random legal move (seeded).
=========== ====================================================================

Examples
--------
>>> AGENTS.parse("mcts:playouts=200:c=1.2")
('mcts', {'playouts': 200, 'c': 1.2})
>>> make_agent("ror:depth=3").name
'ror:depth=3'
>>> is_human(" human"), is_human("lol2")
(True, False)
>>> make_agent("alphazero")  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
lazytree.agents.PlayerError: unknown player 'alphazero' (known: ror, lol2, lol4, default, ...
>>> make_agent("ror:width=3")
Traceback (most recent call last):
...
lazytree.agents.PlayerError: ror has no parameter 'width' (parameters: depth)
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Hashable
from dataclasses import dataclass
from typing import Any, Protocol, cast

from lazytree.game import Game
from lazytree.search import SearchResult
from lazytree.search.limit import CLOCKS, Clock
from lazytree.spec import Param, Registry, Spec, SpecError
from lazytree.tree import Node

__all__ = [
    "AGENTS",
    "HUMAN",
    "Agent",
    "Choice",
    "HumanAgent",
    "PlayerError",
    "Progress",
    "check_agent",
    "is_human",
    "make_agent",
    "make_ai",
]


class PlayerError(SpecError):
    """A name that names no agent, a bad parameter, or an agent that cannot play a game
    (message for the user)."""


Progress = Callable[[SearchResult[Any]], None]
"""Called with a search's result so far (after each completed depth of a deepening
search, once at the end of the others)."""


@dataclass(frozen=True)
class Choice:
    """One move an agent chose, the seconds and new tree nodes it took, the search (None
    for agents that do not search) and the node of the agent's tree it searched from."""

    move: Hashable
    seconds: float
    nodes: int
    search: SearchResult[Any] | None = None
    node: Node[Any, Any] | None = None


class Agent(Protocol):
    """A player of whole games: see the module docstring.

    ``stoppable`` says what setting ``stop`` during :meth:`choose` does: True, the agent
    answers at once with its best move so far; False, it has no such move and either
    finishes its search or raises :class:`~lazytree.search.limit.SearchStopped`."""

    name: str
    stoppable: bool

    def start(self, game: Game[Any, Any], state: Hashable, seed: int) -> None:
        """A new game from ``state``; ``seed`` is the game's (randomness comes from it)."""
        ...

    def choose(
        self, *, stop: threading.Event | None = None, progress: Progress | None = None
    ) -> Choice:
        """The move to play at the current position (the agent is to move). ``stop`` set
        from another thread ends the search (see ``stoppable``); ``progress`` is called
        with the search's result so far."""
        ...

    def observe(self, move: Hashable) -> None:
        """``move`` was played at the current position (by anybody, chance included)."""
        ...


class HumanAgent:
    """A seat whose moves come from the driver (a person at the terminal or the page):
    it keeps no tree and cannot :meth:`choose`."""

    stoppable = False

    def __init__(self, name: str) -> None:
        self.name = name

    def start(self, game: Game[Any, Any], state: Hashable, seed: int) -> None:
        return None

    def choose(
        self, *, stop: threading.Event | None = None, progress: Progress | None = None
    ) -> Choice:
        raise PlayerError("human: the moves of a human seat come from a person")

    def observe(self, move: Hashable) -> None:
        return None


# -- the registry ------------------------------------------------------------------------
AGENTS: Registry[Agent] = Registry("player", PlayerError)
"""Every agent by name, in registration order."""

HUMAN = "human"
"""The name of the one agent whose moves come from a person."""


def make_agent(text: str) -> Agent:
    """The :class:`Agent` named ``text`` (:class:`PlayerError` for a bad name)."""
    return AGENTS.make(text)


def is_human(text: str) -> bool:
    """Whether the agent named ``text`` is a person (:class:`PlayerError` for a bad name)."""
    return AGENTS.spec(text).name == HUMAN


def make_ai(text: str) -> Agent:
    """:func:`make_agent` for a driver without a person (the arena, tune): a
    :class:`PlayerError` for ``human``."""
    if is_human(text):
        raise PlayerError("human plays in lazytree play and serve, not without a person")
    return make_agent(text)


AGENT_CHARACTERS = frozenset("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_.:=+-")
"""The characters of an agent's name (``mcts:time=0.5:eval=heuristic``): no markup, no
spaces, no path separators."""


def check_agent(
    text: str, game: Game[Any, Any] | None = None, *, files: bool = True
) -> dict[str, Any]:
    """The parameters of the agent ``text`` if it can play ``game``: its name and keys
    from :data:`AGENTS`, only the characters of :data:`AGENT_CHARACTERS`, an ``eval``
    that the game names (:class:`~lazytree.game.NamedEvaluations`; without a game, any
    evaluation of the registry's spelling), a ``rater`` of the
    search registry, a ``clock`` of cpu or wall; with ``files=False`` no parameter that
    names a file (``weights``, ``book``). A :class:`PlayerError` otherwise; nothing is
    made or opened.

    >>> from lazytree.games import load_game
    >>> dice = load_game("dice-of-doom").game
    >>> check_agent("mcts:time=0.5:eval=heuristic", dice)
    {'time': 0.5, 'eval': 'heuristic'}
    >>> check_agent("mcts:eval=<img>", dice)
    Traceback (most recent call last):
    ...
    lazytree.agents.PlayerError: agent 'mcts:eval=<img>': only letters, digits and _.:=+- allowed
    >>> check_agent("default:eval=sharp", dice)  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    lazytree.agents.PlayerError: default: eval 'sharp' is not an evaluation of ... (known: ...)
    """
    from lazytree.game import NamedEvaluations
    from lazytree.search.raters import make_rater

    if len(text) > 200:
        raise PlayerError(f"agent {text[:60]!r}...: at most 200 characters")
    name, params = AGENTS.parse(text)
    if not files:
        for key in ("weights", "book"):
            if params.get(key) is not None:
                raise PlayerError(
                    f"{name}: {key}= names a file on the server; give it to lazytree "
                    f"serve --{key} instead"
                )
    if not set(text.strip()) <= AGENT_CHARACTERS:
        raise PlayerError(f"agent {text[:60]!r}: only letters, digits and _.:=+- allowed")
    evaluation = params.get("eval")
    if evaluation is not None and game is not None:
        names = game.evaluation_names() if isinstance(game, NamedEvaluations) else ()
        if evaluation not in names:
            known = ", ".join(names) or "none: it has one evaluation"
            raise PlayerError(
                f"{name}: eval {evaluation!r} is not an evaluation of {type(game).__name__}"
                f" (known: {known})"
            )
    rater = params.get("rater")
    if rater is not None:
        try:
            make_rater(rater)
        except ValueError as exc:
            raise PlayerError(f"{name}: rater {rater!r}: {exc}") from None
    clock = params.get("clock")
    if clock is not None:
        _clock(name, clock)
    return params


def _positive(name: str, key: str, value: int | None) -> int | None:
    if value is not None and value < 1:
        raise PlayerError(f"{name}: {key} must be >= 1, got {value}")
    return value


def _depth(default: int) -> Param:
    return Param("depth", int, default, "Search depth in moves.")


def _make_ror(name: str, depth: int) -> Agent:
    from lazytree.players import RorAgent

    return RorAgent(name, _positive(name, "depth", depth) or 4)


def _offered(key: str, offered_by: str, default_depth: int) -> Callable[..., Agent]:
    """The maker of agent ``key``, which the games of ``offered_by`` offer
    (:class:`~lazytree.game.GameAgents`): checks the depth, and the game makes the agent
    when it starts (:class:`~lazytree.players.OfferedAgent`)."""

    def make(name: str, depth: int) -> Agent:
        from lazytree.players import OfferedAgent

        depth = _positive(name, "depth", depth) or default_depth
        return OfferedAgent(key, name, {"depth": depth}, offered_by)

    return make


def _clock(name: str, clock: str) -> Clock:
    if clock not in CLOCKS:
        raise PlayerError(f"{name}: clock must be cpu or wall, got {clock!r}")
    return cast(Clock, clock)


def _width(name: str, text: str | None) -> int | str | None:
    """``width``: a number >= 1, ``all`` or none (every move), or ``auto``."""
    t = "all" if text is None else text.strip().lower()
    if t in ("auto", "all"):
        return None if t == "all" else t
    if not t.isdigit() or int(t) < 1:
        raise PlayerError(f"{name}: width must be a number >= 1, all or auto, got {text!r}")
    return int(t)


def _quiescence(name: str, text: str) -> int | str:
    """``quiescence``: a number >= 0 or ``auto``."""
    t = str(text).strip().lower()
    if t == "auto":
        return t
    if not t.isdigit():
        raise PlayerError(f"{name}: quiescence must be a number >= 0 or auto, got {text!r}")
    return int(t)


def _make_default(
    name: str,
    time: float | None,
    nodes: int | None,
    depth: int | None,
    eval: str | None,
    weights: str | None = None,
    book: str | None = None,
    clock: str = "cpu",
    width: str | None = "auto",
    quiescence: str = "auto",
    rater: str | None = None,
    memory: int | None = None,
    tie: int | None = None,
) -> Agent:
    from lazytree.players import DefaultAgent

    if time == 0:
        time = None
    return DefaultAgent(
        name,
        time,
        _positive(name, "nodes", nodes),
        depth,
        eval,
        weights,
        book,
        _clock(name, clock),
        width=_width(name, width),
        quiescence=_quiescence(name, quiescence),
        rater=rater,
        memory=_positive(name, "memory", memory),
        tie=tie,
    )


def _make_mcts(
    name: str,
    playouts: int | None,
    time: float | None,
    nodes: int | None,
    c: float,
    cutoff: int,
    seed: int,
    eval: str | None,
    clock: str = "cpu",
) -> Agent:
    from lazytree.players import MCTSAgent

    if playouts is None and time is None and nodes is None:
        raise PlayerError(f"{name}: give playouts, time or nodes")
    try:
        return MCTSAgent(
            name,
            playouts=playouts,
            seconds=time or None,
            nodes=nodes,
            c=c,
            cutoff=cutoff,
            seed=seed,
            eval=eval,
            clock=_clock(name, clock),
        )
    except (TypeError, ValueError) as exc:
        raise PlayerError(f"{name}: {exc}") from None


def _make_random(name: str, seed: int) -> Agent:
    from lazytree.players import RandomAgent

    return RandomAgent(name, seed)


def _make_human(name: str) -> Agent:
    return HumanAgent(name)


CLOCK_PARAM = Param(
    "clock", str, "cpu", "What time counts: cpu (the search's own CPU time) or wall."
)
"""The ``clock`` parameter of the clocked agents (see :data:`~lazytree.search.limit.CLOCKS`)."""

EVAL_HELP = "The game's evaluation by name, where it has several (Dice of Doom: heuristic)."
"""The ``eval`` parameter's help (:class:`~lazytree.game.NamedEvaluations`; an agent
checks the name when it starts on a game, other games ignore it)."""

AGENTS.register(Spec("ror", "Realm of Racket: minimax, book rating", (_depth(4),), _make_ror))
AGENTS.register(
    Spec(
        "lol2",
        "Land of Lisp ch. 18: alpha-beta over score-board (offered by Dice of Doom)",
        (_depth(4),),
        _offered("lol2", "Dice of Doom", 4),
    )
)
AGENTS.register(
    Spec(
        "lol4",
        "Land of Lisp ch. 20: chance, rounded odds, score-board (offered by Dice of Doom)",
        (_depth(2),),
        _offered("lol4", "Dice of Doom", 2),
    )
)
AGENTS.register(
    Spec(
        "default",
        "The play AI (clocked iterative deepening)",
        (
            Param("time", float, 1.0, "Seconds per move (none: a rater to depth, or nodes)."),
            Param("nodes", int, None, "New nodes per move."),
            Param("depth", int, None, "Deepest search (a cap); without a clock the depth."),
            Param("eval", str, None, EVAL_HELP),
            Param("weights", str, None, "Evaluation weights file (lazytree tune)."),
            Param("book", str, None, "Position book file (SQLite)."),
            CLOCK_PARAM,
            Param("width", str, "auto", "With a clock: moves per position (n, all, auto)."),
            Param("quiescence", str, "auto", "With a clock: noisy plies (n or auto)."),
            Param("rater", str, None, "Without a clock: search to depth with this rater."),
            Param("memory", int, None, "Bytes the process may hold (default budget)."),
            Param("tie", int, None, "Break ties between equal moves with this seed."),
        ),
        _make_default,
    )
)
AGENTS.register(
    Spec(
        "mcts",
        "UCT Monte Carlo tree search on the lazy tree",
        (
            Param("playouts", int, 1000, "Playouts per move (none: no cap)."),
            Param("time", float, None, "Seconds per move."),
            Param("nodes", int, None, "New nodes per move."),
            Param("c", float, 1.4, "UCT exploration constant."),
            Param("cutoff", int, 8, "Playout moves before the evaluation rates it."),
            Param("seed", int, 0, "Seed of the playouts (with the game's)."),
            Param("eval", str, None, EVAL_HELP),
            CLOCK_PARAM,
        ),
        _make_mcts,
    )
)
AGENTS.register(
    Spec("random", "A random legal move", (Param("seed", int, 0, "Seed."),), _make_random)
)
AGENTS.register(Spec(HUMAN, "A person (play and serve)", (), _make_human))
