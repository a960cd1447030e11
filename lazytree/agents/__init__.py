"""Agents: who sits at a seat, one interface and one registry for every driver.

An agent is named like ``human``, ``ror``, ``default:time=0.5`` or
``mcts:playouts=2000:c=1.4``: the registry name, then ``:key=value`` parameters
(:mod:`lazytree.spec`). The same names take the seats of ``lazytree play --seats``,
``lazytree serve`` (``seats=`` in its URLs), the saved sessions and ``lazytree arena
--players``. :data:`AGENTS` lists every agent with its parameters; :func:`make_agent`
turns a name into an :class:`Agent`, or raises :class:`AgentError` (a ``ValueError``)
with a one-line message.

An agent plays on its own lazy tree of the game: :meth:`Agent.start` with the start
position and a seed, :meth:`Agent.choose` for each of its moves (stoppable from another
thread, with progress reports), :meth:`Agent.observe` for every move made (its own, the
opponents', the dice), so the part of its tree below the moves played is kept from move
to move. The interface is in :mod:`lazytree.agent`; the AIs and the registry are here.
The agents a game offers itself (``lol2``, ``lol4``) are registered by name and made
by the game when they start on it (:class:`~lazytree.game.GameAgents`), and ``eval=``
names one of a game's evaluations (:class:`~lazytree.game.NamedEvaluations`).

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
lazytree.agent.AgentError: unknown agent 'alphazero' (known: ror, lol2, lol4, default, ...
>>> make_agent("ror:width=3")
Traceback (most recent call last):
...
lazytree.agent.AgentError: ror has no parameter 'width' (parameters: depth)
"""

from __future__ import annotations

from lazytree.agent import HUMAN, Agent, AgentError, Choice, HumanAgent, Progress
from lazytree.agents.players import (
    DefaultAgent,
    DepthAgent,
    ForeignAgent,
    MCTSAgent,
    OfferedAgent,
    RandomAgent,
    RorAgent,
    TreeAgent,
    book_rating,
    rated_by,
    reported,
    single_float,
    with_evaluation,
)
from lazytree.agents.registry import (
    AGENTS,
    AgentOptions,
    DefaultOptions,
    DepthOptions,
    ForeignOptions,
    HumanOptions,
    MCTSOptions,
    RandomOptions,
    agent_options,
    build_agent,
    check_agent,
    is_human,
    make_agent,
    make_ai,
)

__all__ = [
    "AGENTS",
    "HUMAN",
    "Agent",
    "AgentError",
    "AgentOptions",
    "Choice",
    "DefaultAgent",
    "DefaultOptions",
    "DepthAgent",
    "DepthOptions",
    "ForeignAgent",
    "ForeignOptions",
    "HumanAgent",
    "HumanOptions",
    "MCTSAgent",
    "MCTSOptions",
    "OfferedAgent",
    "Progress",
    "RandomAgent",
    "RandomOptions",
    "RorAgent",
    "TreeAgent",
    "agent_options",
    "book_rating",
    "build_agent",
    "check_agent",
    "is_human",
    "make_agent",
    "make_ai",
    "rated_by",
    "reported",
    "single_float",
    "with_evaluation",
]
