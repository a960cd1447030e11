"""A page reloaded while the AI thinks: the old page's leaving cancels the turn, and the
new page starts it again, even when it says hello before the cancelled turn has ended."""

from __future__ import annotations

import threading
import time
from typing import Any

import pytest
from starlette.testclient import TestClient

from lazytree.server import create_app
from lazytree.server.runner import Runner, Sessions
from tests.server.test_app import TOKENS, new_game, seated


def test_a_page_that_opens_while_a_cancelled_turn_ends_gets_the_ai_thinking_again(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    ending, end = threading.Event(), threading.Event()
    play_turns = Runner._play_turns

    def slow_to_end(self: Runner) -> None:
        """A cancelled turn that ends only when the test says (as a worker's job being
        called back, or a search reaching its next check, takes a while)."""
        play_turns(self)
        if self._cancel.is_set():
            ending.set()
            end.wait(30)

    monkeypatch.setattr(Runner, "_play_turns", slow_to_end)
    store = Sessions(limit=8)
    with seated(TestClient(create_app(store, hosts=["testserver"]))) as c:
        sid = new_game(c, "game=dice-of-doom&size=6&seed=2&seats=ai,human&ai=600")
        runner = store.get(sid)
        assert runner is not None

        def hello(ws: Any) -> None:  # the host's page (a watcher's starts no AI)
            ws.send_json({"hello": {"ply": 0, "seat": TOKENS[sid]}})
            assert "view" in ws.receive_json()

        with c.websocket_connect(f"/ws/{sid}") as ws:  # the page starts the AI's turn
            hello(ws)
            deadline = time.monotonic() + 30
            while not runner.thinking and time.monotonic() < deadline:
                time.sleep(0.05)
            assert runner.thinking
            first = runner._thread
        # the reload: the old page leaves (nobody watches: the turn is cancelled) ...
        assert ending.wait(30)
        assert runner.thinking  # (the cancelled turn has not ended yet)
        with c.websocket_connect(f"/ws/{sid}") as ws:  # ... when the new page says hello
            hello(ws)
            end.set()  # now the cancelled turn ends
            deadline = time.monotonic() + 30
            while (runner._thread is first or not runner.thinking) and (
                time.monotonic() < deadline
            ):
                time.sleep(0.05)
            thinking_again = runner._thread is not first and runner.thinking
        assert thinking_again, "the AI did not think again"
