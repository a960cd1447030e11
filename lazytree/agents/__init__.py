"""Agents: who sits at a seat, one interface and one registry for every driver.

An agent is named ``NAME:key=value...`` (:mod:`lazytree.spec`), the same in ``play --seats``,
``serve`` URLs, saved sessions and ``arena --players``. :data:`AGENTS` lists every agent with its
parameters; :func:`make_agent` turns a name into an :class:`Agent` or raises :class:`AgentError`.
The AIs are in :mod:`lazytree.agents.players`, the interface in :mod:`lazytree.agent`.

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
