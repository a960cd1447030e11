"""Conformance checks a game author can run on their own game.

:func:`check_game` plays seeded random games to their end (or a move cap) and checks,
at every position on the way, what lazytree relies on from a
:class:`~lazytree.game.Game`:

* the state is hashable, equal to a deep copy of itself, and survives pickling;
* ``is_terminal`` is true exactly when there are no legal moves; move generation is
  repeatable and yields no move twice; every move is hashable;
* ``to_move`` is :data:`~lazytree.game.CHANCE` or a player ``0 <= p < num_players``;
* ``evaluate`` is a finite number for every player and, at a terminal state, equals
  ``returns`` (which has one value per player);
* ``result`` accepts every legal move, gives equal (and equally hashed) states when
  asked twice, never changes the state it is given, and refuses a made-up move with
  :class:`~lazytree.game.IllegalMoveError`;
* ``move_to_str`` gives non-empty text that ``parse_move`` turns back into the same
  move, and ``parse_move`` refuses text that names no move with ``IllegalMoveError``;
* at a chance node every outcome has a probability in (0, 1] and they sum to 1;
* ``render`` gives text, and the game object itself pickles (a worker process gets a
  copy that generates the same moves and renders the same pictures).

A failed check raises :class:`ConformanceError` (an ``AssertionError``, so pytest shows
it as a failure) saying what went wrong, at which position.

Examples
--------
>>> from lazytree.games.tree_game import TreeGame
>>> check_game(TreeGame([[3, 12], [2, [4, 6]]]))  # positions checked on one playout
4
"""

from __future__ import annotations

import copy
import math
import pickle
import random
from collections.abc import Hashable, Iterable
from typing import Any

from lazytree.game import CHANCE, Game, IllegalMoveError

__all__ = ["ConformanceError", "check_game", "check_position"]


class ConformanceError(AssertionError):
    """A game broke a rule of the :class:`~lazytree.game.Game` protocol."""


class _MadeUp:
    """A move no game knows."""

    def __repr__(self) -> str:
        return "MadeUp()"


def _require(condition: bool, what: str, state: object) -> None:
    if not condition:
        raise ConformanceError(f"{what} (at state {state!r})")


def _refuses(call: Any, what: str, state: object) -> None:
    try:
        call()
    except IllegalMoveError:
        return
    except Exception as exc:
        raise ConformanceError(
            f"{what}: raised {type(exc).__name__} instead of IllegalMoveError (at state {state!r})"
        ) from exc
    raise ConformanceError(f"{what}: no IllegalMoveError (at state {state!r})")


def check_position(game: Game[Any, Any], state: Any) -> list[Hashable]:
    """Every check of one position (see the module's list); returns its legal moves."""
    snapshot = copy.deepcopy(state)
    moves = list(game.legal_moves(state))
    _require(game.is_terminal(state) == (not moves), "is_terminal disagrees with the moves", state)
    _require(list(game.legal_moves(state)) == moves, "move generation is not repeatable", state)
    for move in moves:
        _require(isinstance(move, Hashable), f"move {move!r} is not hashable", state)
    _require(len(set(moves)) == len(moves), "duplicate moves", state)

    _require(hash(state) == hash(snapshot) and state == snapshot, "state != its deep copy", state)
    again = pickle.loads(pickle.dumps(state))
    _require(again == state and hash(again) == hash(state), "state changes when pickled", state)

    player = game.to_move(state)
    _require(player == CHANCE or 0 <= player < game.num_players, f"to_move is {player}", state)
    for p in range(game.num_players):
        value = game.evaluate(state, p)
        _require(
            isinstance(value, float | int) and math.isfinite(value),
            f"evaluate(state, {p}) = {value!r} is not a finite number",
            state,
        )
    if not moves:
        returns = list(game.returns(state))
        _require(len(returns) == game.num_players, "returns has not one value a player", state)
        for p in range(game.num_players):
            _require(
                game.evaluate(state, p) == returns[p],
                f"evaluate(state, {p}) != returns[{p}] at a terminal state",
                state,
            )

    if player == CHANCE and moves:
        probability = getattr(game, "outcome_probability", None)
        _require(callable(probability), "a chance node, but no outcome_probability", state)
        assert probability is not None
        chances = [probability(state, m) for m in moves]
        _require(all(0 < c <= 1 for c in chances), f"outcome probabilities {chances}", state)
        _require(math.isclose(sum(chances), 1.0), f"probabilities sum to {sum(chances)}", state)

    for move in moves:
        child = game.result(state, move)
        _require(game.result(state, move) == child, f"result of {move!r} is not repeatable", state)
        _require(hash(game.result(state, move)) == hash(child), f"result of {move!r} hashes", state)
        text = game.move_to_str(state, move)
        _require(isinstance(text, str) and bool(text), f"move_to_str of {move!r} is empty", state)
        _require(
            game.parse_move(state, text) == move, f"notation round trip of {text!r} fails", state
        )
    _require(state == snapshot, "result or parse_move changed the state", state)

    _refuses(lambda: game.result(state, _MadeUp()), "result of a made-up move", state)
    _refuses(lambda: game.parse_move(state, "no such move"), "parse_move('no such move')", state)
    _require(isinstance(game.render(state), str), "render did not give a str", state)
    return moves


def check_game(
    game: Game[Any, Any],
    *,
    seed: int = 0,
    positions: Iterable[Any] | None = None,
    playouts: int = 1,
    move_cap: int = 150,
) -> int:
    """Check ``game`` against the protocol (see the module's list); the number of
    positions checked. Raises :class:`ConformanceError` at the first failure.

    Parameters
    ----------
    game
        The game to check.
    seed
        Seed of the random playouts: playout ``i`` draws its moves from
        ``random.Random(seed + i)``; the start position (when ``positions`` is not
        given) from ``random.Random(seed)``.
    positions
        Start positions of the playouts (default: ``game.initial_state(...)``).
    playouts
        Random games played from each start position.
    move_cap
        Moves after which a playout stops if the game has not ended.
    """
    starts = [game.initial_state(random.Random(seed))] if positions is None else list(positions)
    checked = 0
    for start in starts:
        try:
            clone = pickle.loads(pickle.dumps(game))
        except Exception as exc:
            raise ConformanceError(f"the game object does not pickle: {exc}") from exc
        _require(
            list(clone.legal_moves(start)) == list(game.legal_moves(start)),
            "the unpickled game generates other moves",
            start,
        )
        _require(clone.render(start) == game.render(start), "the unpickled game renders", start)
        for i in range(playouts):
            rng = random.Random(seed + i)
            state = start
            for _ in range(move_cap):
                moves = check_position(game, state)
                checked += 1
                if not moves:
                    break
                state = game.result(state, rng.choice(moves))
    return checked
