"""The live explorer in ``lazytree serve``: ``GET /explore`` (a position searched, its explorer
page), ``POST /api/explore/ID/force`` (:meth:`LiveExplorer.force`) and ``GET /explore/ai/SESSION``
(the AI's last search), every search in an explorer worker (:mod:`lazytree.server.workers`)."""

from __future__ import annotations

import asyncio
import base64
import hashlib
import html
import re
import secrets
from collections.abc import Callable
from typing import Any

from starlette.requests import Request
from starlette.responses import HTMLResponse, JSONResponse, Response
from starlette.routing import Route

from lazytree.explorer.html import page
from lazytree.explorer.live import force_status
from lazytree.explorer.model import ExplorerModel
from lazytree.server import jobs
from lazytree.server.guard import content_policy
from lazytree.server.recent import Recent
from lazytree.server.state import read_json
from lazytree.server.workers import Executor, WorkerLost, WorkGone

__all__ = ["MAX_FORCE_BODY", "explore_routes", "explorer_page", "page_policy"]

MAX_FORCE_BODY = 64 * 1024
"""Largest body of a force request, in bytes (a request names one node and a depth)."""

LastSearch = Callable[[str], Any]
"""Finds the worker of a game's last AI search (its ``where``: see
:class:`~lazytree.server.scheduler.Job`; None when the game is unknown or the AI has not
moved)."""

EXPLORE_SECONDS = 60.0
"""The wall clock of one explorer search in a worker (the explorer's workers are its
own: see :mod:`lazytree.server.workers`)."""


_SCRIPT = re.compile(r"<script(?![^>]*\bsrc=)([^>]*)>(.*?)</script>", re.S)


def page_policy(text: str) -> str:
    """The Content Security Policy of an explorer page: its inline scripts and styles
    allowed by their SHA-256 hashes (no other inline script runs), no framing."""

    def digest(body: str) -> str:
        return "'sha256-" + base64.b64encode(hashlib.sha256(body.encode()).digest()).decode() + "'"

    scripts = [
        digest(body) for attrs, body in _SCRIPT.findall(text) if "application/json" not in attrs
    ]
    return content_policy(scripts, inline_styles=True)


def explorer_page(text: str) -> HTMLResponse:
    """An explorer page with its own policy (:func:`page_policy`)."""
    return HTMLResponse(text, headers={"Content-Security-Policy": page_policy(text)})


def explore_routes(executor: Executor, last_search: LastSearch | None = None) -> list[Route]:
    """The explorer's routes, their searches run by ``executor``; ``last_search`` finds a game's
    last AI search for ``/explore/ai/SESSION`` (404 without it)."""

    # explorer key -> its worker
    where: Recent[str, Any] = Recent(jobs.KEEP_TREES * max(1, executor.slots))

    async def run(
        key: str, fn: Callable[..., Any], *args: Any, pin: Any = None, owner: str = ""
    ) -> Any:
        job = executor.submit(
            key, fn, *args, seconds=EXPLORE_SECONDS, pin=pin, owner=owner, explore=True
        )
        try:
            value = await asyncio.wrap_future(job.future)
        except (WorkerLost, WorkGone) as exc:
            return f"the explored tree is gone: {exc}" if pin is not None else str(exc)
        except RuntimeError as exc:
            return f"the search failed: {exc}"
        if isinstance(value, tuple) and fn is jobs.explore:
            where[value[0]] = job.where
        return value

    def error_page(message: str, status: int) -> HTMLResponse:
        text = (
            "<!doctype html><meta charset=utf-8><title>lazytree explore</title>"
            f"<p data-role=error>{html.escape(message)}</p><p><a href=/>back to the games</a></p>"
        )
        return HTMLResponse(text, status_code=status)

    async def explore(request: Request) -> Response:
        params = dict(request.query_params)
        address = request.client.host if request.client else "?"
        key = f"explore-{secrets.token_hex(4)}"
        answer = await run(key, jobs.explore, params, owner=f"explore {address}")
        if isinstance(answer, str):
            return error_page(answer, 400)
        key, data = answer
        model = ExplorerModel(data, [])
        return explorer_page(page(model, force_url=f"/api/explore/{key}/force"))

    async def force(request: Request) -> Response:
        key = request.path_params["key"]
        pin = where.get(key)
        if pin is None:
            return JSONResponse({"error": "unknown tree (the server may have restarted)"}, 404)
        body = await read_json(request, MAX_FORCE_BODY)
        if not isinstance(body, dict):
            return JSONResponse({"error": "expected a JSON object"}, 400)
        answer = await run(f"explore-{key}", jobs.force, key, body, pin=pin)
        if isinstance(answer, str):
            return JSONResponse({"error": answer}, 404 if answer.startswith("unknown") else 400)
        report, data = answer
        return JSONResponse({"data": data, "status": force_status(report), "report": report})

    async def ai_search(request: Request) -> Response:
        sid = request.path_params["sid"]
        found = None if last_search is None else last_search(sid)
        if found is None:
            return error_page("no AI move to explore in this game (yet)", 404)
        data = await run(sid, jobs.ai_model, sid, pin=found)
        if isinstance(data, str) or data is None:
            return error_page(data or "the AI's last search is no longer kept", 404)
        return explorer_page(page(ExplorerModel(data, [])))

    return [
        Route("/explore", explore),
        Route("/api/explore/{key}/force", force, methods=["POST"]),
        Route("/explore/ai/{sid}", ai_search),
    ]
