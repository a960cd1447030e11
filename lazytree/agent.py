"""The agent interface: who sits at a seat, as every driver sees it.

An :class:`Agent` plays whole games on its own lazy tree: :meth:`Agent.start` with the
start position and a seed, :meth:`Agent.choose` for each of its moves (stoppable from
another thread, with progress reports), :meth:`Agent.observe` for every move made. A
:class:`Choice` is one move it chose. The AIs, and the registry that names every agent
(:data:`lazytree.agents.AGENTS`), are in :mod:`lazytree.agents`.

>>> HumanAgent("human").stoppable
False
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Hashable
from dataclasses import dataclass
from typing import Any, Protocol

from lazytree.game import Game
from lazytree.search import SearchResult
from lazytree.spec import SpecError
from lazytree.tree import Node

__all__ = ["HUMAN", "Agent", "AgentError", "Choice", "HumanAgent", "Progress"]

HUMAN = "human"
"""The name of the one agent whose moves come from a person."""


class AgentError(SpecError):
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
        raise AgentError("human: the moves of a human seat come from a person")

    def observe(self, move: Hashable) -> None:
        return None
