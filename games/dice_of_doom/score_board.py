"""*Land of Lisp*'s ``score-board`` (chapter 18): the rating of its alpha-beta AI.

Each territory of the rating player counts 2, or 1 when an enemy neighbour holds more
dice (it is *threatened*); each territory of another player counts -1. The book rates
every leaf of its depth-4 search with it, the end of the game included.

:func:`score_board` is the book's integer; :func:`score_board_value` maps it into
``[0, 1]`` (``(score + n) / 3n`` on ``n`` territories: every comparison and tie is the
book's), and rates a finished game by the winner share (``at_end="returns"``) or the
book's rating (``"book"``, the ``lol2``/``lol4`` players).

Examples
--------
>>> from lazytree.games.dice_of_doom import LispDiceOfDoom
>>> game = LispDiceOfDoom(size=2)
>>> s = game.parse_board("0:3 1:1 0:1 1:2")    # 2, 1 and 3 are threatened
>>> score_board(game, s, 0), score_board(game, s, 1)
(1, 0)
>>> score_board_value(game, s, 0)
0.4166666666666667
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Literal

if TYPE_CHECKING:
    from lazytree.games.dice_of_doom.rules import DiceOfDoom, DiceState

__all__ = ["score_board", "score_board_value", "threatened"]


def threatened(game: DiceOfDoom, state: DiceState, pos: int) -> bool:
    """True when an enemy neighbour of territory ``pos`` holds more dice (the book's
    ``threatened``)."""
    owners, dice = state.owners, state.dice
    owner, d = owners[pos], dice[pos]
    return any(owners[n] != owner and dice[n] > d for n in game.neighbors[pos])


def score_board(game: DiceOfDoom, state: DiceState, player: int) -> int:
    """The book's ``score-board`` of ``state`` for ``player`` (an integer in ``[-n, 2n]``)."""
    total = 0
    for pos, owner in enumerate(state.owners):
        if owner == player:
            total += 1 if threatened(game, state, pos) else 2
        else:
            total -= 1
    return total


def score_board_value(
    game: DiceOfDoom,
    state: DiceState,
    player: int,
    at_end: Literal["book", "returns"] = "returns",
) -> float:
    """:func:`score_board` mapped into ``[0, 1]``; at the end of the game the winner
    share (``at_end="returns"``) or still the book's score (``"book"``)."""
    if at_end == "returns" and game.is_terminal(state):
        return game.returns(state)[player]
    n = len(state.owners)
    return (score_board(game, state, player) + n) / (3 * n)
