"""The one registry :data:`AGENTS` naming every agent, the typed options of each kind,
and the parse of a name into its options and its agent (:func:`make_agent`,
:func:`check_agent`)."""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, ClassVar, TypeAlias, cast

from lazytree.agent import HUMAN, Agent, AgentError, HumanAgent
from lazytree.agents.players import (
    DefaultAgent,
    ForeignAgent,
    MCTSAgent,
    OfferedAgent,
    RandomAgent,
    RorAgent,
)
from lazytree.game import Game, NamedEvaluations
from lazytree.search import make_rater
from lazytree.search.limit import CLOCKS, Clock
from lazytree.search.raters import DEFAULT_PLAYOUTS
from lazytree.search.spelling import Quiescence, Width, parse_quiescence, parse_width, spell
from lazytree.spec import Param, Registry, Spec


# -- the options: one typed value per kind of agent --------------------------------------
@dataclass(frozen=True)
class DepthOptions:
    """The options of a book's AI (``ror``, ``lol2``, ``lol4``): its search depth."""

    kind: str
    depth: int

    def text(self) -> str:
        """The agent's name with these options (the depth always written)."""
        return f"{self.kind}:depth={self.depth}"


@dataclass(frozen=True)
class DefaultOptions:
    """The options of the play AI (``default``): a clock of ``time`` seconds counted by
    ``clock``, or with ``time=None`` a ``rater`` to ``depth`` or a node budget."""

    time: float | None = 1.0
    clock: Clock = "cpu"
    rater: str | None = None
    depth: int | None = None
    nodes: int | None = None
    width: Width = "auto"
    quiescence: Quiescence = "auto"
    memory: int | None = None
    tie: int | None = None
    weights: str | None = None
    position_book: str | None = None
    eval: str | None = None

    kind: ClassVar[str] = "default"

    def text(self) -> str:
        """The agent's one spelling: ``default:time=...``, then every option that is not
        its default, in field order (``clock`` only with a clock)."""
        skip = ("time", "clock") if self.time is None else ("time",)
        time = "time=none" if self.time is None else f"time={self.time:g}"
        return _spelling(self, f"default:{time}", skip)


def _spelling(options: Any, head: str, skip: tuple[str, ...] = ()) -> str:
    """``head``, then ``:key=value`` for each field of ``options`` not at its default nor in
    ``skip``, in field order."""
    parts = [head]
    for f in dataclasses.fields(options):
        value = getattr(options, f.name)
        if f.name in skip or value == f.default:
            continue
        parts.append(f"{f.name}={spell(value) if f.name in _SPELLED else value}")
    return ":".join(parts)


_SPELLED = frozenset({"width", "quiescence"})


class _Spelled:
    kind: ClassVar[str]

    def text(self) -> str:
        """The agent's name with every option that is not its default."""
        return _spelling(self, self.kind)


@dataclass(frozen=True)
class MCTSOptions(_Spelled):
    """The options of ``mcts``: ``playouts`` per move (None: until ``time`` or ``nodes``
    runs out), the UCT constant ``c``, the playouts' ``cutoff`` and ``seed``."""

    playouts: int | None = DEFAULT_PLAYOUTS
    time: float | None = None
    nodes: int | None = None
    c: float = 1.4
    cutoff: int = 8
    seed: int = 0
    eval: str | None = None
    clock: Clock = "cpu"

    kind: ClassVar[str] = "mcts"


@dataclass(frozen=True)
class RandomOptions(_Spelled):
    """The options of ``random``: the seed of its moves (with the game's)."""

    seed: int = 0

    kind: ClassVar[str] = "random"


@dataclass(frozen=True)
class ForeignOptions:
    """The options of an agent a game offers that plays without a lazy tree (the Dice
    Wars framework's AIs, ``dt.stei``, ...): none but its name."""

    kind: str

    def text(self) -> str:
        """The agent's name."""
        return self.kind


@dataclass(frozen=True)
class HumanOptions:
    """``human`` has no options."""

    kind: ClassVar[str] = HUMAN

    def text(self) -> str:
        """``human``."""
        return HUMAN


AgentOptions: TypeAlias = (
    DepthOptions | DefaultOptions | MCTSOptions | RandomOptions | ForeignOptions | HumanOptions
)
"""The typed options of any agent, parsed once from its name by :func:`agent_options`."""


# -- the registry ------------------------------------------------------------------------
AGENTS: Registry[AgentOptions] = Registry("agent", AgentError)
"""Every agent by name, in registration order: its parameters and the maker of its
typed options (:func:`agent_options`)."""


def agent_options(text: str) -> AgentOptions:
    """The typed options of the agent named ``text``, every value checked
    (:class:`AgentError` with one line otherwise): the one parse of an agent's name.

    >>> agent_options("default:time=0.5:width=none")
    DefaultOptions(time=0.5, clock='cpu', rater=None, depth=None, nodes=None, width=None, \
quiescence='auto', memory=None, tie=None, weights=None, position_book=None, eval=None)
    >>> agent_options("default:time=0.5:width=none").text()
    'default:time=0.5:width=all'
    """
    return AGENTS.make(text)


def build_agent(options: AgentOptions, name: str | None = None) -> Agent:
    """The agent of ``options``, called ``name`` (by default the options' spelling)."""
    if isinstance(options, DepthOptions):
        name = name or options.text()
        if options.kind == "ror":
            return RorAgent(name, options.depth)
        return OfferedAgent(options.kind, name, {"depth": options.depth}, "Dice of Doom")
    if isinstance(options, DefaultOptions):
        return DefaultAgent(name or options.text(), options)
    if isinstance(options, MCTSOptions):
        name = name or options.text()
        try:
            return MCTSAgent(name, options)
        except (TypeError, ValueError) as exc:
            raise AgentError(f"{name}: {exc}") from None
    if isinstance(options, RandomOptions):
        return RandomAgent(name or options.text(), options.seed)
    if isinstance(options, ForeignOptions):
        return ForeignAgent(options.kind, name or options.text(), "Dice of Doom's dicewars rules")
    return HumanAgent(name or options.text())


def make_agent(text: str) -> Agent:
    """The :class:`Agent` named ``text`` (:class:`AgentError` for a bad name)."""
    return build_agent(agent_options(text), text.strip())


def is_human(text: str) -> bool:
    """Whether the agent named ``text`` is a person (:class:`AgentError` for a bad name)."""
    return AGENTS.spec(text).name == HUMAN


def make_ai(text: str) -> Agent:
    """:func:`make_agent` for a driver without a person (the arena, tune): a
    :class:`AgentError` for ``human``."""
    if is_human(text):
        raise AgentError("human plays in lazytree play and serve, not without a person")
    return make_agent(text)


def _positive(name: str, key: str, value: int | None) -> int | None:
    if value is not None and value < 1:
        raise AgentError(f"{name}: {key} must be >= 1, got {value}")
    return value


SERVED_DEPTH = 12
"""The deepest search a server takes from the network (a book AI's ``depth``)."""

SERVED_SECONDS = 600.0
"""The longest clock per move a server takes from the network (``time``)."""

SERVED_NODES = 10_000_000
"""The most new nodes per move (``nodes``) a server takes from the network."""

SERVED_PLAYOUTS = 1_000_000
"""The most playouts per move (``playouts``) a server takes from the network."""

SEED_HIGH = 2**63 - 1
"""The largest seed (and tie-break) a server takes from the network."""


def _depth(default: int) -> Param:
    return Param("depth", int, default, "Search depth in moves.", high=SERVED_DEPTH)


def _book_ai(kind: str, default_depth: int) -> Callable[..., AgentOptions]:
    """The maker of the options of the book's AI ``kind`` (``lol2`` and ``lol4`` are made by
    Dice of Doom when they start on it)."""

    def make(name: str, depth: int) -> AgentOptions:
        return DepthOptions(kind, _positive(name, "depth", depth) or default_depth)

    return make


def _clock(name: str, clock: str) -> Clock:
    if clock not in CLOCKS:
        raise AgentError(f"{name}: clock must be cpu or wall, got {clock!r}")
    return cast(Clock, clock)


def _spelled(name: str, parse: Callable[[object], Any], text: object) -> Any:
    """``text`` read by ``parse`` (a width or a quiescence), its error an :class:`AgentError`."""
    try:
        return parse(text)
    except ValueError as exc:
        raise AgentError(f"{name}: {exc}") from None


def _make_default(
    name: str,
    *,
    time: float | None,
    clock: str,
    width: str | None,
    quiescence: str,
    nodes: int | None,
    memory: int | None,
    **values: Any,
) -> AgentOptions:
    return DefaultOptions(
        time=None if time == 0 else time,
        clock=_clock(name, clock),
        width=_spelled(name, parse_width, width),
        quiescence=_spelled(name, parse_quiescence, quiescence),
        nodes=_positive(name, "nodes", nodes),
        memory=_positive(name, "memory", memory),
        **values,
    )


def _make_mcts(
    name: str,
    *,
    playouts: int | None,
    time: float | None,
    nodes: int | None,
    clock: str,
    **values: Any,
) -> AgentOptions:
    if playouts is None and time is None and nodes is None:
        raise AgentError(f"{name}: give playouts, time or nodes")
    if playouts is not None and playouts < 1:
        raise AgentError(f"{name}: playouts must be >= 1, got {playouts}")
    return MCTSOptions(
        playouts=playouts, time=time, nodes=nodes, clock=_clock(name, clock), **values
    )


def _make_random(name: str, seed: int) -> AgentOptions:
    return RandomOptions(seed)


def _make_human(name: str) -> AgentOptions:
    return HumanOptions()


CLOCK_PARAM = Param(
    "clock", str, "cpu", "What time counts: cpu (the search's own CPU time) or wall."
)
"""The ``clock`` parameter of the clocked agents (see :data:`~lazytree.search.limit.CLOCKS`)."""

EVAL_HELP = "The game's evaluation by name, where it has several (Dice of Doom: heuristic)."
"""The ``eval`` parameter's help (:class:`~lazytree.game.NamedEvaluations`; an agent
checks the name when it starts on a game, other games ignore it)."""

_DEFAULT = DefaultOptions()
_MCTS = MCTSOptions()

AGENTS.register(
    Spec("ror", "Realm of Racket: minimax, book rating", (_depth(4),), _book_ai("ror", 4))
)
AGENTS.register(
    Spec(
        "lol2",
        "Land of Lisp ch. 18: alpha-beta over score-board (offered by Dice of Doom)",
        (_depth(4),),
        _book_ai("lol2", 4),
    )
)
AGENTS.register(
    Spec(
        "lol4",
        "Land of Lisp ch. 20: chance, rounded odds, score-board (offered by Dice of Doom)",
        (_depth(2),),
        _book_ai("lol4", 2),
    )
)
AGENTS.register(
    Spec(
        "default",
        "The play AI (clocked iterative deepening)",
        (
            Param(
                "time",
                float,
                _DEFAULT.time,
                "Seconds per move (none: a rater to depth, or nodes).",
                high=SERVED_SECONDS,
            ),
            Param("nodes", int, _DEFAULT.nodes, "New nodes per move.", high=SERVED_NODES),
            Param(
                "depth",
                int,
                _DEFAULT.depth,
                "Deepest search (a cap); without a clock the depth.",
                high=SERVED_DEPTH,
            ),
            Param("eval", str, _DEFAULT.eval, EVAL_HELP),
            Param("weights", str, _DEFAULT.weights, "Evaluation weights file (lazytree tune)."),
            Param(
                "position_book",
                str,
                _DEFAULT.position_book,
                "Position book file (SQLite); book= is accepted too.",
                aliases=("book",),
            ),
            CLOCK_PARAM,
            Param(
                "width",
                str,
                spell(_DEFAULT.width),
                "With a clock: moves per position (n, all, auto).",
            ),
            Param(
                "quiescence",
                str,
                spell(_DEFAULT.quiescence),
                "With a clock: noisy plies (n or auto).",
            ),
            Param(
                "rater", str, _DEFAULT.rater, "Without a clock: search to depth with this rater."
            ),
            Param(
                "memory",
                int,
                _DEFAULT.memory,
                "Bytes the process may hold (default budget).",
                high=2**31,
            ),
            Param(
                "tie",
                int,
                _DEFAULT.tie,
                "Break ties between equal moves with this seed.",
                high=SEED_HIGH,
            ),
        ),
        _make_default,
    )
)
AGENTS.register(
    Spec(
        "mcts",
        "UCT Monte Carlo tree search on the lazy tree",
        (
            Param(
                "playouts",
                int,
                _MCTS.playouts,
                "Playouts per move (none: no cap).",
                high=SERVED_PLAYOUTS,
            ),
            Param("time", float, _MCTS.time, "Seconds per move.", high=SERVED_SECONDS),
            Param("nodes", int, _MCTS.nodes, "New nodes per move.", high=SERVED_NODES),
            Param("c", float, _MCTS.c, "UCT exploration constant.", high=100.0),
            Param(
                "cutoff",
                int,
                _MCTS.cutoff,
                "Playout moves before the evaluation rates it.",
                high=10_000,
            ),
            Param(
                "seed", int, _MCTS.seed, "Seed of the playouts (with the game's).", high=SEED_HIGH
            ),
            Param("eval", str, _MCTS.eval, EVAL_HELP),
            CLOCK_PARAM,
        ),
        _make_mcts,
    )
)
AGENTS.register(
    Spec(
        "random",
        "A random legal move",
        (Param("seed", int, 0, "Seed.", high=SEED_HIGH),),
        _make_random,
    )
)
FOREIGN_AGENTS: dict[str, str] = {
    "dt.stei": "Dice Wars framework: single-turn expectiminimax, improved (dicewars rules)",
    "dt.ste": "Dice Wars framework: single-turn expectiminimax (dicewars rules)",
    "dt.wpm_c": "Dice Wars framework: win-probability maximisation (dicewars rules)",
    "dt.sdc": "Dice Wars framework: strength difference checking (dicewars rules)",
    "dt.rand": "Dice Wars framework: random attacks (dicewars rules)",
}
"""The agents a game offers that play without a lazy tree, with their summaries: the
Dice Wars framework's AIs, loaded from the operator's checkout of the framework."""


def _foreign(kind: str) -> Callable[..., AgentOptions]:
    def make(name: str) -> AgentOptions:
        return ForeignOptions(kind)

    return make


for _kind, _summary in FOREIGN_AGENTS.items():
    AGENTS.register(Spec(_kind, _summary, (), _foreign(_kind)))
AGENTS.register(Spec(HUMAN, "A person (play and serve)", (), _make_human))


AGENT_CHARACTERS = frozenset("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_.:=+-")
"""The characters of an agent's name (``mcts:time=0.5:eval=heuristic``): no markup, no
spaces, no path separators."""


_FILE_PARAMS = {"weights": "--weights", "position_book": "--position-book"}
"""The agents' parameters that name a file, with the option of ``lazytree serve`` that
gives the server's file instead."""


def _check_no_files(text: str, name: str) -> None:
    """An :class:`AgentError` when the agent ``text`` gives a parameter of :data:`_FILE_PARAMS`
    a value (the key named as written)."""
    params = AGENTS[name].params
    for part in text.strip().split(":")[1:]:
        key, _, value = part.partition("=")
        for param in params:
            option = _FILE_PARAMS.get(param.name)
            if option is not None and param.spelled(key) and value.lower() != "none":
                raise AgentError(
                    f"{name}: {key}= names a file on the server; give it to lazytree "
                    f"serve {option} instead"
                )


def check_agent(
    text: str, game: Game[Any, Any] | None = None, *, files: bool = True
) -> dict[str, Any]:
    """The parameters of the agent ``text`` if it can play ``game``: known name and keys, only
    :data:`AGENT_CHARACTERS`, an ``eval`` the game names, a known ``rater`` and ``clock``, and
    with ``files=False`` no parameter that names a file. An :class:`AgentError` otherwise;
    nothing is made or opened.

    >>> from lazytree.games import load_game
    >>> dice = load_game("dice-of-doom").game
    >>> check_agent("mcts:time=0.5:eval=heuristic", dice)
    {'time': 0.5, 'eval': 'heuristic'}
    >>> check_agent("mcts:eval=<img>", dice)
    Traceback (most recent call last):
    ...
    lazytree.agent.AgentError: agent 'mcts:eval=<img>': only letters, digits and _.:=+- allowed
    >>> check_agent("default:eval=sharp", dice)  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    lazytree.agent.AgentError: default: eval 'sharp' is not an evaluation of ... (known: ...)
    """
    if len(text) > 200:
        raise AgentError(f"agent {text[:60]!r}...: at most 200 characters")
    name, params = AGENTS.parse(text)
    if not files:
        _check_no_files(text, name)
    if not set(text.strip()) <= AGENT_CHARACTERS:
        raise AgentError(f"agent {text[:60]!r}: only letters, digits and _.:=+- allowed")
    agent_options(text)  # every value checked, as making the agent does
    evaluation = params.get("eval")
    if evaluation is not None and game is not None:
        names = game.evaluation_names() if isinstance(game, NamedEvaluations) else ()
        if evaluation not in names:
            known = ", ".join(names) or "none: it has one evaluation"
            raise AgentError(
                f"{name}: eval {evaluation!r} is not an evaluation of {type(game).__name__}"
                f" (known: {known})"
            )
    rater = params.get("rater")
    if rater is not None:
        try:
            make_rater(rater)
        except ValueError as exc:
            raise AgentError(f"{name}: rater {rater!r}: {exc}") from None
    return params
