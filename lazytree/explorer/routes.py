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

Every search runs in one of the server's workers (:mod:`lazytree.server.workers`), never
in the web process: the explored tree stays in the worker that searched it, and each
click is sent there (a worker that was restarted has lost its trees: the page says so).
Each worker keeps at most :data:`MAX_TREES` explored trees (the least recently used is
dropped) and each search within :data:`MAX_SEARCH_NODES` new nodes.
"""

from __future__ import annotations

import asyncio
import html
import json
import secrets
import threading
from collections import OrderedDict
from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, Any

from starlette.requests import Request
from starlette.responses import HTMLResponse, JSONResponse, Response
from starlette.routing import Route

from lazytree.explorer.html import page
from lazytree.explorer.live import MAX_FORCE_DEPTH, LiveExplorer
from lazytree.explorer.model import ExplorerModel
from lazytree.game import IllegalMoveError, SizedBoard
from lazytree.games import GAMES, load_game
from lazytree.games.registry import OptionError
from lazytree.search import Limit, make_rater, search
from lazytree.search.limit import SearchStopped
from lazytree.search.raters import MCTSRater, Rater
from lazytree.session import SessionError, options_from_text
from lazytree.tree import Tree

if TYPE_CHECKING:
    from lazytree.server.workers import Executor

__all__ = ["MAX_SEARCH_NODES", "MAX_TREES", "ExploredTrees", "explore_routes", "explore_tree"]

MAX_TREES = 16
"""Explored trees kept in memory at once."""

MAX_SEARCH_NODES = 300_000
"""Most new nodes the search of ``/explore`` (or one click) may build."""

MAX_PLAYOUTS = 100_000
"""Most iterations of ``/explore?rater=mcts``."""

RESERVED = ("game", "depth", "rater", "share", "moves")
"""Query parameters of ``/explore`` that are not game options."""

LastSearch = Callable[[str], Any]
"""Finds the worker of a game's last AI search (its ``where``: see
:class:`~lazytree.server.workers.Job`; None when the game is unknown or the AI has not
moved)."""

EXPLORE_SECONDS = 300.0
"""The wall clock of one explorer search in a worker."""


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


def explore_routes(executor: Executor, last_search: LastSearch | None = None) -> list[Route]:
    """The explorer's routes, to add to the server's, their searches run by ``executor``;
    ``last_search`` finds the worker of a game's last AI search for
    ``/explore/ai/SESSION`` (without it, that route answers 404)."""
    from lazytree.server import jobs
    from lazytree.server.workers import WorkerLost, WorkGone

    where: OrderedDict[str, Any] = OrderedDict()  # explorer key -> its worker
    limit = MAX_TREES * max(1, executor.slots)

    async def run(key: str, fn: Callable[..., Any], *args: Any, pin: Any = None) -> Any:
        job = executor.submit(key, fn, *args, seconds=EXPLORE_SECONDS, pin=pin)
        try:
            value = await asyncio.wrap_future(job.future)
        except (WorkerLost, WorkGone) as exc:
            return f"the explored tree is gone: {exc}" if pin is not None else str(exc)
        except RuntimeError as exc:
            return f"the search failed: {exc}"
        if isinstance(value, tuple) and fn is jobs.explore:
            where[value[0]] = job.where
            while len(where) > limit:
                where.popitem(last=False)
        return value

    def error_page(message: str, status: int) -> HTMLResponse:
        text = (
            "<!doctype html><meta charset=utf-8><title>lazytree explore</title>"
            f"<p data-role=error>{html.escape(message)}</p><p><a href=/>back to the games</a></p>"
        )
        return HTMLResponse(text, status_code=status)

    async def explore(request: Request) -> Response:
        params = dict(request.query_params)
        answer = await run(f"explore-{secrets.token_hex(4)}", jobs.explore, params)
        if isinstance(answer, str):
            return error_page(answer, 400)
        key, data = answer
        model = ExplorerModel(data, [])
        return HTMLResponse(page(model, force_url=f"/api/explore/{key}/force"))

    async def force(request: Request) -> Response:
        key = request.path_params["key"]
        pin = where.get(key)
        if pin is None:
            return JSONResponse({"error": "unknown tree (the server may have restarted)"}, 404)
        try:
            body = json.loads(await request.body() or b"{}")
        except (json.JSONDecodeError, UnicodeDecodeError) as exc:
            return JSONResponse({"error": f"malformed JSON: {exc}"}, 400)
        if not isinstance(body, dict):
            return JSONResponse({"error": "expected a JSON object"}, 400)
        answer = await run(f"explore-{key}", jobs.force, key, body, pin=pin)
        if isinstance(answer, str):
            return JSONResponse({"error": answer}, 404 if answer.startswith("unknown") else 400)
        report, data = answer
        stopped = f" (stopped: {report['stopped']} budget)" if report["stopped"] else ""
        status = (
            f"forced {report['forced']:,} nodes, generated {report['generated']:,} moves"
            f"{stopped}; {report['positions']:,} positions"
        )
        return JSONResponse({"data": data, "status": status, "report": report})

    async def ai_search(request: Request) -> Response:
        sid = request.path_params["sid"]
        found = None if last_search is None else last_search(sid)
        if found is None:
            return error_page("no AI move to explore in this game (yet)", 404)
        data = await run(sid, jobs.ai_model, sid, pin=found)
        if isinstance(data, str) or data is None:
            return error_page(data or "the AI's last search is no longer kept", 404)
        return HTMLResponse(page(ExplorerModel(data, [])))

    return [
        Route("/explore", explore),
        Route("/api/explore/{key}/force", force, methods=["POST"]),
        Route("/explore/ai/{sid}", ai_search),
    ]
