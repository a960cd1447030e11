"""The live explorer in ``lazytree serve``: Starlette routes over :class:`LiveExplorer`.

``GET /explore?game=G&OPTION=V...&depth=D&rater=R``
    Search a position (options spelled as on the command line, e.g.
    ``/explore?game=dice-of-doom&size=5&seed=1&depth=4&rater=alphabeta``; ``share=1``
    shares positions; ``moves=6->11,pass`` plays moves first) and answer the explorer
    page of the tree it forced. ``rater`` is spelled as for
    :func:`lazytree.search.search` (``rater=alphabeta-tt:width=4``); ``rater=mcts`` runs
    UCT instead (``rater=mcts:playouts=2000:seed=1``: playouts default 1,000, at most
    :data:`MAX_PLAYOUTS`; no depth) and the page shows its visits. The page is live:
    clicking a move never forced searches below it in the server (with the rater, or
    alphabeta after mcts), and the new nodes appear.
``POST /api/explore/ID/force``
    A request of the page (see :meth:`LiveExplorer.force`); answers ``{"data": model,
    "status": "..."}`` or ``{"error": "..."}`` with a 4xx status.
``GET /explore/ai/SESSION``
    The tree the AI forced for its last move in a game of the server, as the search
    left it (read-only: the game's tree is the AI's).

The server keeps at most :data:`MAX_TREES` explored trees (the least recently used is
dropped) and each search within :data:`MAX_SEARCH_NODES` new nodes. A query's game
options are bounded by :data:`EXPLORE_CAPS` (a search forces hundreds of thousands of
positions: their size is what the server's memory holds), an option that could name a
file is refused, and a force request's body is at most :data:`MAX_FORCE_BODY` bytes of
JSON parsed within limits (:func:`lazytree.safejson.parse_json`).
"""

from __future__ import annotations

import base64
import hashlib
import html
import re
import secrets
import threading
from collections import OrderedDict
from collections.abc import Callable, Mapping
from typing import Any

from starlette.requests import Request
from starlette.responses import HTMLResponse, JSONResponse, Response
from starlette.routing import Route

from lazytree.explorer.html import page
from lazytree.explorer.live import MAX_FORCE_DEPTH, LiveExplorer
from lazytree.explorer.model import explorer_model
from lazytree.game import IllegalMoveError, SizedBoard
from lazytree.games import GAMES, load_game
from lazytree.games.registry import OptionError
from lazytree.safejson import JSONLimitError, parse_json
from lazytree.search import Limit, SearchResult, make_rater, search
from lazytree.search.limit import SearchStopped
from lazytree.search.raters import MCTSRater, Rater
from lazytree.session import SessionError, options_from_text
from lazytree.tree import Node, Tree

__all__ = ["MAX_SEARCH_NODES", "MAX_TREES", "ExploredTrees", "explore_routes", "explore_tree"]

MAX_TREES = 16
"""Explored trees kept in memory at once."""

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

MAX_FORCE_BODY = 64 * 1024
"""Largest body of a force request, in bytes (a request names one node and a depth)."""

RESERVED = ("game", "depth", "rater", "share", "moves")
"""Query parameters of ``/explore`` that are not game options."""

LastSearch = Callable[[str], tuple[Node[Any, Any], SearchResult[Any], int] | None]
"""Finds a game's last AI search: its root node, its result and the tree's node count
when it ended (None when the game is unknown or the AI has not moved)."""


class ExploreError(ValueError):
    """A bad ``/explore`` request (the message is meant for the user)."""


class ExploredTrees:
    """The live explorers of the server, by id (at most ``limit``, least recent dropped)."""

    def __init__(self, limit: int = MAX_TREES) -> None:
        self.limit = limit
        self._trees: OrderedDict[str, LiveExplorer] = OrderedDict()
        self._lock = threading.Lock()

    def add(self, live: LiveExplorer) -> str:
        key = secrets.token_urlsafe(9)
        with self._lock:
            while len(self._trees) >= self.limit:
                self._trees.popitem(last=False)
            self._trees[key] = live
        return key

    def get(self, key: str) -> LiveExplorer | None:
        with self._lock:
            live = self._trees.get(key)
            if live is not None:
                self._trees.move_to_end(key)
            return live


def _whole(params: Mapping[str, str], name: str, default: int, low: int, high: int) -> int:
    text = params.get(name)
    if text is None:
        return default
    if not text.strip().isdigit() or not low <= int(text) <= high:
        raise ExploreError(f"{name} {text!r}: expected a whole number from {low} to {high}")
    return int(text)


def explore_tree(params: Mapping[str, str]) -> LiveExplorer:
    """Build the position of ``/explore``'s query, search it, and return its explorer.

    Raises :class:`ExploreError` for a bad query (unknown game or rater, bad options,
    illegal moves).
    """
    name = params.get("game", "dice-of-doom")
    spec = GAMES.get(name)
    if spec is None:
        raise ExploreError(f"unknown game {name!r} (known: {', '.join(GAMES)})")
    depth = _whole(params, "depth", 3, 1, MAX_FORCE_DEPTH)
    rater_name = params.get("rater", "alphabeta")
    try:
        rater = make_rater(rater_name)
        options = options_from_text(spec, {k: v for k, v in params.items() if k not in RESERVED})
        _check_options(options)
        game, state = load_game(name, **options)
        for text in filter(None, (t.strip() for t in params.get("moves", "").split(","))):
            state = game.result(state, game.parse_move(state, text))
    except (SessionError, OptionError, IllegalMoveError, ValueError) as exc:
        raise ExploreError(str(exc)) from None
    share = params.get("share", "0").lower() in ("1", "true", "yes", "on")
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


_SCRIPT = re.compile(r"<script(?![^>]*\bsrc=)([^>]*)>(.*?)</script>", re.S)


def page_policy(text: str) -> str:
    """The Content Security Policy of an explorer page: its inline scripts and styles
    allowed by their SHA-256 hashes (no other inline script runs), no framing."""

    def digest(body: str) -> str:
        return "'sha256-" + base64.b64encode(hashlib.sha256(body.encode()).digest()).decode() + "'"

    scripts = [
        digest(body) for attrs, body in _SCRIPT.findall(text) if "application/json" not in attrs
    ]
    return (
        f"default-src 'self'; script-src 'self' {' '.join(scripts)}; "
        "style-src 'self' 'unsafe-inline'; img-src 'self' data:; connect-src 'self'; "
        "object-src 'none'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'"
    )


def explorer_page(text: str) -> HTMLResponse:
    """An explorer page with its own policy (:func:`page_policy`)."""
    return HTMLResponse(text, headers={"Content-Security-Policy": page_policy(text)})


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


def explore_routes(
    last_search: LastSearch | None = None, trees: ExploredTrees | None = None
) -> list[Route]:
    """The explorer's routes, to add to the server's; ``last_search`` finds a game's
    last AI search for ``/explore/ai/SESSION`` (without it, that route answers 404)."""
    store = trees if trees is not None else ExploredTrees()
    lock = threading.Lock()  # one search at a time: the server has few cores

    def error_page(message: str, status: int) -> HTMLResponse:
        text = (
            "<!doctype html><meta charset=utf-8><title>lazytree explore</title>"
            f"<p data-role=error>{html.escape(message)}</p><p><a href=/>back to the games</a></p>"
        )
        return HTMLResponse(text, status_code=status)

    async def explore(request: Request) -> Response:
        try:
            with lock:
                live = explore_tree(dict(request.query_params))
        except ExploreError as exc:
            return error_page(str(exc), 400)
        key = store.add(live)
        return explorer_page(page(live.model, force_url=f"/api/explore/{key}/force"))

    async def force(request: Request) -> Response:
        live = store.get(request.path_params["key"])
        if live is None:
            return JSONResponse({"error": "unknown tree (the server may have restarted)"}, 404)
        length = request.headers.get("content-length", "")
        too_large = {"error": f"request body too large (more than {MAX_FORCE_BODY:,} bytes)"}
        if length.isdigit() and (len(length) > 12 or int(length) > MAX_FORCE_BODY):
            return JSONResponse(too_large, 413)
        raw = b""
        async for chunk in request.stream():
            raw += chunk
            if len(raw) > MAX_FORCE_BODY:
                return JSONResponse(too_large, 413)
        try:
            body = parse_json(raw or b"{}")
        except JSONLimitError as exc:
            return JSONResponse({"error": str(exc)}, 400)
        if not isinstance(body, dict):
            return JSONResponse({"error": "expected a JSON object"}, 400)
        try:
            with lock:
                report = live.force(body)
        except ValueError as exc:
            return JSONResponse({"error": str(exc)}, 400)
        stopped = f" (stopped: {report['stopped']} budget)" if report["stopped"] else ""
        status = (
            f"forced {report['forced']:,} nodes, generated {report['generated']:,} moves"
            f"{stopped}; {report['positions']:,} positions"
        )
        return JSONResponse({"data": live.model.data, "status": status, "report": report})

    async def ai_search(request: Request) -> Response:
        found = None if last_search is None else last_search(request.path_params["sid"])
        if found is None:
            return error_page("no AI move to explore in this game (yet)", 404)
        root, result, until = found
        depth = "the end" if result.depth is None else f"depth {result.depth}"
        title = f"the AI's last move: {result.rater} to {depth}"
        if result.book_hit:  # serve --book: nothing was searched
            title = f"the AI's last move: from the position book (searched to {depth} before)"
        model = explorer_model(root, result=result, until=until, title=title)
        return explorer_page(page(model))

    return [
        Route("/explore", explore),
        Route("/api/explore/{key}/force", force, methods=["POST"]),
        Route("/explore/ai/{sid}", ai_search),
    ]
