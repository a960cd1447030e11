"""A tree explored from a query of ``/explore`` (``game=G&OPTION=V...&depth=D&rater=R``; ``steps=1``
traces it): :func:`explore_tree` bounds it (:data:`EXPLORE_CAPS`, no option naming a file,
:data:`MAX_SEARCH_NODES`), searches and answers a :class:`~lazytree.explorer.live.LiveExplorer`. Run
in a server worker or in the browser's."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from lazytree.catalog import OptionError
from lazytree.explorer.live import MAX_FORCE_DEPTH, LiveExplorer
from lazytree.game import IllegalMoveError, SizedBoard
from lazytree.games import GAMES, load_game
from lazytree.search import Limit, make_rater, search
from lazytree.search.limit import SearchStopped
from lazytree.search.raters import MCTSRater, Rater
from lazytree.session import SessionError, options_from_text
from lazytree.teach import traced_rater
from lazytree.tree import Tree

__all__ = ["EXPLORE_CAPS", "MAX_SEARCH_NODES", "ExploreError", "explore_tree"]

MAX_SEARCH_NODES = 300_000
"""Most new nodes the search of ``/explore`` (or one click) may build."""

MAX_PLAYOUTS = 100_000
"""Most iterations of ``/explore?rater=mcts``."""

EXPLORE_CAPS = {
    "size": 8,
    "width": 10,
    "height": 10,
    "rows": 8,
    "columns": 8,
    "players": 4,
    "max_dice": 10,
    "spare_dice": 100,
}
"""The largest value ``/explore`` takes for each game option: its positions are what a
search of :data:`MAX_SEARCH_NODES` nodes holds in memory."""

RESERVED = ("game", "depth", "rater", "share", "moves", "steps")
"""Query parameters of ``/explore`` that are not game options."""


class ExploreError(ValueError):
    """A bad ``/explore`` request (the message is meant for the user)."""


def _whole(params: Mapping[str, str], name: str, default: int, low: int, high: int) -> int:
    text = params.get(name)
    if text is None:
        return default
    if not text.strip().isdigit() or not low <= int(text) <= high:
        raise ExploreError(f"{name} {text!r}: expected a whole number from {low} to {high}")
    return int(text)


def explore_tree(params: Mapping[str, str]) -> LiveExplorer:
    """Build the position of ``/explore``'s query, search it and return its explorer;
    :class:`ExploreError` for a bad query."""
    name = params.get("game", "dice-of-doom")
    spec = GAMES.get(name)
    if spec is None:
        raise ExploreError(f"unknown game {name!r} (known: {', '.join(GAMES)})")
    depth = _whole(params, "depth", 3, 1, MAX_FORCE_DEPTH)
    rater_name = params.get("rater", "alphabeta")
    steps = params.get("steps", "0").lower() in ("1", "true", "yes", "on")
    try:
        traced = traced_rater(rater_name) if steps else None
        rater = make_rater(rater_name) if traced is None else traced
        options = options_from_text(spec, {k: v for k, v in params.items() if k not in RESERVED})
        _check_options(options)
        game, state = load_game(name, **options)
        for text in filter(None, (t.strip() for t in params.get("moves", "").split(","))):
            state = game.result(state, game.parse_move(state, text))
    except (SessionError, OptionError, IllegalMoveError, ValueError) as exc:
        raise ExploreError(str(exc)) from None
    share = params.get("share", "0").lower() in ("1", "true", "yes", "on")
    if steps and traced is None:
        traceable = "minimax, alphabeta, expectiminimax"
        raise ExploreError(f"steps: {rater_name!r} is not traced ({traceable})")
    tree: Tree[Any, Any] = Tree(game, state, share=share)
    if not rater.has_depth:
        return _explore_visits(tree, name, rater)
    try:
        result = search(tree.root, Limit(depth=depth, nodes=MAX_SEARCH_NODES), rater)
    except SearchStopped as exc:
        raise ExploreError(f"the search was too big: {exc}; ask for less depth") from None
    except ValueError as exc:
        raise ExploreError(str(exc)) from None
    title = f"{name}{_size(game)}: {result.rater} to depth {depth}"
    return LiveExplorer(
        tree,
        result=result,
        rater=rater_name,
        depth=min(2, depth),
        max_nodes=MAX_SEARCH_NODES,
        title=title,
        trace=None if traced is None else traced.trace,
    )


def _check_options(options: Mapping[str, Any]) -> None:
    """:class:`ExploreError` for an option over its cap (:data:`EXPLORE_CAPS`) or one
    that could name a file on the server (checkers' ``weights``: JSON only here)."""
    for key, value in options.items():
        cap = EXPLORE_CAPS.get(key)
        if cap is not None and isinstance(value, int) and not -cap <= value <= cap:
            raise ExploreError(f"{key} {value}: the explorer takes at most {cap}")
        if key == "weights" and not str(value).lstrip().startswith("{"):
            raise ExploreError(
                'weights: give them as JSON here, e.g. {"king": 150}; a weights file is '
                "given to lazytree serve --weights"
            )


def _explore_visits(tree: Tree[Any, Any], name: str, rater: Rater) -> LiveExplorer:
    """A rater without a depth (UCT) from ``tree.root`` and its live explorer showing
    its visits (a click searches with alphabeta)."""
    if isinstance(rater, MCTSRater) and (rater.playouts or 0) > MAX_PLAYOUTS:
        raise ExploreError(f"playouts {rater.playouts}: at most {MAX_PLAYOUTS:,} here")
    try:
        result = search(tree.root, Limit(nodes=MAX_SEARCH_NODES), rater)
    except ValueError as exc:  # e.g. a chance node at the root
        raise ExploreError(str(exc)) from None
    done = 0 if result.mcts is None else result.mcts.playouts
    title = f"{name}{_size(tree.game)}: {rater.name} ({done:,} playouts)"
    return LiveExplorer(
        tree,
        result=result,
        rater="alphabeta",
        max_nodes=MAX_SEARCH_NODES,
        title=title,
        visits=rater.visits,
    )


def _size(game: Any) -> str:
    """The board's size for a title (:class:`~lazytree.game.SizedBoard`), or nothing."""
    return f" {game.board_size()}" if isinstance(game, SizedBoard) else ""
