"""What a node pulls its moves from besides the game's own generator: a chance node's
outcomes with their probabilities, a generator in an order of its own, one that failed."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any, Generic, TypeVar

M = TypeVar("M")

__all__ = ["Failed", "Outcomes", "Reordered"]


class Failed:
    """Put in place of a move generator that raised: each ``next`` raises a RuntimeError
    caused by the first error, instead of pretending there are no more moves."""

    __slots__ = ("error",)

    def __init__(self, error: BaseException) -> None:
        self.error = error

    def __iter__(self) -> Failed:
        return self

    def __next__(self) -> Any:
        err = RuntimeError("the move generator of this node failed earlier")
        err.__cause__ = self.error
        raise err


class Outcomes:
    """The move source of a chance node: the outcomes (from the game's or a reordered
    generator) and, as each is pulled, its probability (the game's
    ``outcome_probability``), kept once the outcomes are exhausted (``moves`` None)."""

    __slots__ = ("game", "moves", "probs", "state")

    def __init__(self, moves: Iterator[Any], game: Any, state: Any) -> None:
        self.moves: Iterator[Any] | None = moves
        self.game: Any = game  # (not the node: a node's tree has no cycles)
        self.state: Any = state
        self.probs: list[float] = []

    def __iter__(self) -> Outcomes:
        return self

    def __next__(self) -> Any:
        moves = self.moves
        if moves is None:
            raise StopIteration
        try:
            move = next(moves)
            p = self.game.outcome_probability(self.state, move)
        except StopIteration:
            self.moves = None
            raise
        except BaseException as exc:
            if not isinstance(moves, Failed):
                self.moves = Failed(exc)
            raise
        self.probs.append(p)
        return move


class Reordered(Generic[M]):
    """The move generator of a node started in an order of its own
    (:func:`~lazytree.tree.start_moves`), with the way to make a fresh one."""

    __slots__ = ("again", "moves")

    def __init__(self, moves: Iterator[M], again: Callable[[], Iterator[M] | None]) -> None:
        self.moves = moves
        self.again = again

    def __iter__(self) -> Reordered[M]:
        return self

    def __next__(self) -> M:
        return next(self.moves)
