"""The typed options of each kind of agent, parsed once from its name and spelled back
by :meth:`text`."""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from typing import Any, ClassVar, TypeAlias

from lazytree.agent import HUMAN
from lazytree.search.limit import Clock
from lazytree.search.raters import DEFAULT_PLAYOUTS
from lazytree.search.spelling import Quiescence, Width, spell


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
    ``clock``, or with ``time=None`` a ``rater`` to ``depth`` or a node budget; see
    :class:`DefaultAgent` and the ``default`` entry of :data:`AGENTS` for each."""

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
    """``head``, then ``:key=value`` for each field of ``options`` (a dataclass) that is
    not its default and not in ``skip``, in field order, widths and quiescences spelled
    by :func:`~lazytree.search.spelling.spell`."""
    parts = [head]
    for f in dataclasses.fields(options):
        value = getattr(options, f.name)
        if f.name in skip or value == f.default:
            continue
        parts.append(f"{f.name}={spell(value) if f.name in _SPELLED else value}")
    return ":".join(parts)


_SPELLED = frozenset({"width", "quiescence"})


@dataclass(frozen=True)
class MCTSOptions:
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

    def text(self) -> str:
        """The agent's name with every option that is not its default."""
        return _spelling(self, self.kind)


@dataclass(frozen=True)
class RandomOptions:
    """The options of ``random``: the seed of its moves (with the game's)."""

    seed: int = 0

    kind: ClassVar[str] = "random"

    def text(self) -> str:
        """The agent's name with every option that is not its default."""
        return _spelling(self, self.kind)


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
