"""Games leave the web process's memory when they end or lie idle, and come back from the
database when a page asks for them."""

from __future__ import annotations

import gc
import platform
import time
import weakref

from starlette.testclient import TestClient

from lazytree.server import create_app
from lazytree.server.runner import FINISHED_SECONDS, Runner, Sessions, trim_memory
from tests.server.test_app import new_game, seated, wait_idle


def held(store: Sessions, sid: str) -> weakref.ref[Runner]:
    runner = store.get(sid)
    assert runner is not None
    return weakref.ref(runner)


def test_finished_games_leave_memory_and_their_pages_load_them_again() -> None:
    store = Sessions(limit=8)
    with seated(TestClient(create_app(store, hosts=["testserver"]))) as c:
        query = "game=dice-of-doom&size=3&seats=random,random&seed="
        ids = [new_game(c, f"{query}{k}") for k in range(4)]
        refs = [held(store, sid) for sid in ids]
        assert len(store) == 4
        for sid in ids:
            assert c.post(f"/api/sessions/{sid}/ai").status_code == 200
        views = [wait_idle(c, sid) for sid in ids]
        assert all(v["over"] and v["error"] is None for v in views)
        # ended, no page open: held a minute more (a script polling for the end still
        # sees the last search), then none is held, and none is in memory at all
        wheres = [store.last_where(sid) for sid in ids]
        assert store.sweep() == 0 and len(store) == 4
        assert store.sweep(now=time.monotonic() + FINISHED_SECONDS + 1) == 4
        assert len(store) == 0
        gc.collect()
        assert [r() for r in refs] == [None] * 4
        # the explorer still finds the worker of each game's last search
        assert [store.last_where(sid) for sid in ids] == wheres and all(wheres)
        # a page of a finished game loads it from the database, moves and all
        for sid, before in zip(ids, views, strict=True):
            page = c.get(f"/play?session={sid}")
            assert page.status_code == 200 and f'data-session="{sid}"' in page.text
            view = c.get(f"/api/sessions/{sid}").json()
            assert view["over"] and view["moves_made"] == before["moves_made"]
            assert view["log"] == before["log"] and view["winners"] == before["winners"]
        assert len(store) == 0  # and lets it go again


def test_a_finished_game_stays_while_its_page_is_open_then_leaves() -> None:
    store = Sessions(limit=8)
    with seated(TestClient(create_app(store, hosts=["testserver"]))) as c:
        sid = new_game(c, "game=dice-of-doom&size=3&seats=random,random&seed=3")
        c.post(f"/api/sessions/{sid}/ai")
        assert wait_idle(c, sid)["over"]
        with c.websocket_connect(f"/ws/{sid}") as ws:
            ws.send_json({"hello": {"ply": 0}})
            assert ws.receive_json()["view"]["over"]
            ref = held(store, sid)
            store.sweep(now=time.monotonic() + FINISHED_SECONDS + 1)  # a page is open
            gc.collect()
            # the page's copy is the one every request gets: never a second one
            assert ref() is not None and store.get(sid) is ref()
        for _ in range(200):  # the server sees the page leave: the game leaves at once
            gc.collect()
            if ref() is None:
                break
            time.sleep(0.05)
        assert ref() is None


def test_an_idle_game_leaves_memory_and_comes_back_with_its_moves() -> None:
    store = Sessions(limit=8, idle=600)
    with seated(TestClient(create_app(store, hosts=["testserver"]))) as c:
        sid = new_game(c, "game=tictactoe&seats=human,human")
        assert c.post(f"/api/sessions/{sid}/move", json={"move": "b2"}).status_code == 200
        ref = held(store, sid)
        assert store.sweep() == 0 and sid in store  # used just now
        assert store.sweep(now=time.monotonic() + 601) == 1 and sid not in store
        gc.collect()
        assert ref() is None
        view = c.get(f"/api/sessions/{sid}").json()
        assert view["moves_made"] == 1 and view["log"][0]["text"] == "b2"
        assert sid in store  # a game going on is held again


def test_the_freed_memory_is_given_back_on_glibc() -> None:
    assert trim_memory() == (platform.libc_ver()[0] == "glibc")
