"""An AI's whole turn, like the book's ``the-ai-plays``: search, choose, play, repeat.

:func:`ai_turn` keeps choosing for the player to move while it is still its turn (a
Dice of Doom turn is several attacks), each move chosen by :func:`choose_move` from a
search through :func:`lazytree.search.search`. The seats of a game (the play AI, the
books' AIs, MCTS) are agents of :mod:`lazytree.agents`, which search the same way.

Examples
--------
>>> from lazytree.games.tree_game import TreeGame
>>> [made.move for made in ai_turn(Tree(TreeGame([[3, 12], [2, 4]])), depth=2)]
[0]
"""

from __future__ import annotations

import random
from collections.abc import Callable, Hashable, Iterator
from dataclasses import dataclass
from typing import Generic, TypeVar

from lazytree.search import Rater, SearchResult, make_rater, search
from lazytree.tree import Tree

S = TypeVar("S", bound=Hashable)
M = TypeVar("M", bound=Hashable)

__all__ = ["DEFAULT_CHANCE_DEPTH", "AIMove", "ai_turn", "choose_move"]


@dataclass(frozen=True)
class AIMove(Generic[M]):
    """One move the AI made and the search that chose it."""

    move: M
    search: SearchResult[M]


def choose_move(result: SearchResult[M], rng: random.Random | None = None) -> M:
    """Pick among the tied best moves: the first one, or a random one from ``rng``.

    Raises ``ValueError`` when the search found no move (a terminal root).
    """
    if not result.best_moves:
        raise ValueError("no move to choose: the position is terminal")
    if rng is None:
        return result.best_moves[0]
    return rng.choice(result.best_moves)


def ai_turn(
    tree: Tree[S, M],
    *,
    depth: int = 4,
    rater: str | Rater | Callable[..., SearchResult[M]] = "auto",
    rng: random.Random | None = None,
    max_moves: int = 10_000,
    searcher: Callable[[Tree[S, M]], SearchResult[M]] | None = None,
) -> Iterator[AIMove[M]]:
    """Play the AI's whole turn on ``tree``, like the book's ``the-ai-plays``.

    The player to move at the root keeps choosing (rating with ``rater``, a spelling of
    :data:`~lazytree.search.RATERS` or a rater function, to ``depth``)
    while it is still its turn and the game is not over; each chosen move is played on
    the tree (:meth:`Tree.play`, which keeps the subtree below it) and yielded, so a
    caller can show moves as they happen.

    ``searcher`` replaces the rater call entirely (e.g. an iterative-deepening search
    with a clock); it is called with the tree and must return a :class:`SearchResult`.

    Examples
    --------
    >>> from lazytree.games.tree_game import TreeGame
    >>> tree = Tree(TreeGame([[3, 12], [2, 4]]))
    >>> [m.move for m in ai_turn(tree, depth=2)]
    [0]
    """
    player = tree.root.player
    rate = make_rater(rater) if isinstance(rater, str) else rater
    for _ in range(max_moves):
        root = tree.root
        if root.player != player:
            return
        # the search itself finds out whether the game is over here, so everything it
        # expands (the root included) is counted in its result
        result = searcher(tree) if searcher is not None else search(root, depth, rate)
        if not result.best_moves:
            return
        move = choose_move(result, rng)
        tree.play(move)
        yield AIMove(move, result)
    raise RuntimeError(f"the AI made {max_moves} moves in one turn; the game never passes")


DEFAULT_CHANCE_DEPTH = 4
"""The depth a front end gives an AI without a clock when the user names no depth (the
books' depth)."""
