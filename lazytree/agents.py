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
to move. The interface is in :mod:`lazytree.agent`, the AIs and the registry in
:mod:`lazytree.players`; this module is the public face of both. The agents a game
offers itself (``lol2``, ``lol4``) are registered by name and made by the game when they
start on it (:class:`~lazytree.game.GameAgents`), and ``eval=`` names one of a game's
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
lazytree.agent.PlayerError: unknown player 'alphazero' (known: ror, lol2, lol4, default, ...
>>> make_agent("ror:width=3")
Traceback (most recent call last):
...
lazytree.agent.PlayerError: ror has no parameter 'width' (parameters: depth)
"""

from typing import Any

from lazytree.agent import HUMAN, Agent, Choice, HumanAgent, PlayerError, Progress
from lazytree.game import Game, NamedEvaluations
from lazytree.players import AGENTS, is_human, make_agent, make_ai
from lazytree.search import make_rater
from lazytree.search.limit import CLOCKS

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
    lazytree.agent.PlayerError: agent 'mcts:eval=<img>': only letters, digits and _.:=+- allowed
    >>> check_agent("default:eval=sharp", dice)  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    lazytree.agent.PlayerError: default: eval 'sharp' is not an evaluation of ... (known: ...)
    """
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
    if clock is not None and clock not in CLOCKS:
        raise PlayerError(f"{name}: clock must be cpu or wall, got {clock!r}")
    return params
