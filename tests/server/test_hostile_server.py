"""The hostile suite against real processes and sockets: one address trying to take the
workers, the explorer trying to hold them, half-sent requests holding the descriptors,
and a server killed with ``kill -9`` leaving its workers searching. Every connection is
to 127.0.0.0/8, every loop bounded in count and time."""

from __future__ import annotations

import json
import os
import re
import signal
import socket
import subprocess
import sys
import tempfile
import threading
import time
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import uvicorn

from lazytree.server import create_app
from lazytree.server.app import server_config
from lazytree.server.connections import Doorman
from lazytree.server.runner import Sessions
from lazytree.server.scheduler import Job, Scheduler
from lazytree.server.workers import ProcessWorkers


def wait_for(check: Any, seconds: float = 60) -> None:
    deadline = time.monotonic() + seconds
    while not check():
        assert time.monotonic() < deadline, "never happened"
        time.sleep(0.05)


def job(owner: str, key: str, short: bool = True, explore: bool = False) -> Job:
    return Job(key, print, (), short=short, owner=owner, explore=explore)


# -- fair AI time -------------------------------------------------------------------------
def test_one_owner_never_holds_every_worker() -> None:
    scheduler = Scheduler(regular=1, games=2)
    attacker = [job("10.0.0.1", f"g{k}") for k in range(20)]  # twenty games, short clocks
    for j in attacker:
        scheduler.put(j)
    victim = job("10.0.0.2", "mine")
    first = scheduler.take(0, lambda pin: False)
    assert first is attacker[0]
    scheduler.put(victim)
    assert scheduler.take(1, lambda pin: False) is victim  # the other worker is the victim's
    scheduler.done(first, 5.0)
    assert scheduler.take(0, lambda pin: False) is attacker[1]  # then the attacker again
    scheduler.done(victim, 0.2)
    assert scheduler.charged == {"10.0.0.1": 5.0, "10.0.0.2": 0.2}


def test_owners_take_turns_whatever_their_number_of_games() -> None:
    scheduler = Scheduler(regular=3, games=3)
    for k in range(10):
        scheduler.put(job("a", f"a{k}"))
    scheduler.put(job("b", "b0"))
    taken = [scheduler.take(k, lambda pin: False) for k in range(2)]
    assert [j.owner for j in taken if j is not None] == ["a", "b"]


def test_a_free_worker_goes_to_whoever_used_least_worker_time_lately() -> None:
    scheduler = Scheduler(regular=2, games=2)
    for owner, seconds in (("heavy", 5.0), ("light", 0.2)):  # one job each, done
        scheduler.put(job(owner, "g"))
        taken = scheduler.take(0, lambda pin: False)
        assert taken is not None
        scheduler.done(taken, seconds)
    heavy, light = job("heavy", "g"), job("light", "g")
    scheduler.put(heavy)  # the heavy one asks first
    scheduler.put(light)
    assert scheduler.take(0, lambda pin: False) is light
    assert scheduler.used("heavy") > scheduler.used("light") > 0


def test_explorer_jobs_run_in_the_explorers_workers_only() -> None:
    scheduler = Scheduler(regular=1, games=2, slots=3)
    search = job("explore 10.0.0.1", "explore-x", short=False, explore=True)
    scheduler.put(search)
    game = job("10.0.0.2", "g")
    scheduler.put(game)
    assert scheduler.take(0, lambda pin: False) is game  # a game's worker skips the search
    assert scheduler.take(2, lambda pin: False) is search
    scheduler.put(job("10.0.0.2", "h"))
    assert scheduler.waiting() == 1
    # without explorer workers (a Dask cluster): one search at a time, in a regular one
    shared = Scheduler(regular=2, games=3)
    one, two = (job(f"explore {k}", f"e{k}", explore=True) for k in range(2))
    shared.put(one)
    shared.put(two)
    assert shared.take(0, lambda pin: False) is one
    assert shared.waiting() == 1
    shared.done(one, 1.0)
    assert shared.take(1, lambda pin: False) is two


def test_a_victims_ai_moves_while_one_address_keeps_every_worker_asked() -> None:
    pool = ProcessWorkers(workers=1, reserve=1, explore=0)
    try:
        pool.submit("warm", sum, [1]).future.result(60)
        hogs = [pool.submit(f"g{k}", time.sleep, 3.0, owner="attacker") for k in range(6)]
        wait_for(lambda: any(h.running for h in hogs))
        victim = pool.submit("mine", sum, [1, 2], short=True, owner="victim")
        assert victim.future.result(60) == 3
        running = [h for h in hogs if h.started is not None]
        assert len(running) == 1  # the attacker never had the second worker
        assert victim.started is not None and running[0].future.done() is False
    finally:
        pool.close()


def test_explorer_searches_never_hold_the_workers_games_need() -> None:
    pool = ProcessWorkers(workers=1, reserve=1, explore=1)
    try:
        pool.submit("warm", sum, [1]).future.result(60)
        searches = [
            pool.submit(f"explore-{k}", time.sleep, 3.0, owner=f"explore 10.0.0.{k}", explore=True)
            for k in range(4)
        ]
        wait_for(lambda: searches[0].running)
        games = [pool.submit(f"g{k}", sum, [k], owner=f"10.0.1.{k}") for k in range(4)]
        assert [g.future.result(60) for g in games] == [0, 1, 2, 3]
        assert sum(s.started is not None for s in searches) == 1
        assert all(g.where[0] < 2 for g in games) and searches[0].where[0] == 2
    finally:
        pool.close()


# -- connections -----------------------------------------------------------------------------
@pytest.fixture
def served() -> Iterator[tuple[str, Doorman]]:
    """A server on a free port of 127.0.0.1: at most 8 connections per address, headers
    within one second."""
    door = Doorman(per_address=8, total=200, header_seconds=1.0)
    app = create_app(Sessions(limit=8))
    server = uvicorn.Server(server_config(app, doorman=door, host="127.0.0.1", port=0))
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    wait_for(lambda: server.started or not thread.is_alive(), 30)
    port = server.servers[0].sockets[0].getsockname()[1]
    try:
        yield f"http://127.0.0.1:{port}", door
    finally:
        server.should_exit = True
        thread.join(30)


def half_request(url: str, source: str) -> socket.socket:
    """A connection from ``source`` (an address of 127.0.0.0/8) that sends half a
    request's headers and then nothing."""
    host, port = url.removeprefix("http://").split(":")
    sock = socket.socket()
    sock.bind((source, 0))
    sock.settimeout(5)
    sock.connect((host, int(port)))
    sock.sendall(b"GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: ")
    return sock


def closed(sock: socket.socket) -> bool:
    try:
        return sock.recv(1) == b""
    except (ConnectionResetError, BrokenPipeError):
        return True
    except TimeoutError:
        return False


def test_half_sent_headers_neither_pile_up_nor_lock_anyone_out(
    served: tuple[str, Doorman],
) -> None:
    url, door = served
    slow = [half_request(url, "127.0.0.2") for _ in range(30)]
    try:
        wait_for(lambda: door.refused >= 22, 10)
        for sock in slow:
            sock.settimeout(0.2)
        assert sum(not closed(s) for s in slow) <= 8  # the rest were refused at once
        assert door.open("127.0.0.2") <= 8
        with urllib.request.urlopen(f"{url}/healthz", timeout=10) as r:  # others get in
            assert r.read() == b"ok"
        wait_for(lambda: door.open("127.0.0.2") == 0, 10)  # headers too slow: closed
        assert door.timed_out >= 1
        for sock in slow:
            sock.settimeout(5)
            assert closed(sock)
    finally:
        for sock in slow:
            sock.close()


def test_a_page_socket_counts_against_its_address(served: tuple[str, Doorman]) -> None:
    import asyncio

    import websockets

    url, door = served
    ws_url = url.replace("http://", "ws://")
    request = urllib.request.Request(f"{url}/play?game=tictactoe", method="POST")
    with urllib.request.urlopen(request, timeout=30) as r:  # (the redirect followed)
        sid = re.findall(r'data-session="([\w-]+)"', r.read().decode())[0]

    async def pages() -> tuple[int, int]:
        opened = []
        try:
            for _ in range(5):
                ws = await websockets.connect(f"{ws_url}/ws/{sid}")
                await ws.send(json.dumps({"hello": {}}))
                await ws.recv()
                opened.append(ws)
            return door.open("127.0.0.1"), len(opened)
        finally:
            for ws in opened:
                await ws.close()

    during, n = asyncio.run(pages())
    assert during == n == 5
    wait_for(lambda: door.open("127.0.0.1") == 0, 10)


# -- workers die with the server -------------------------------------------------------------
def children(pid: int) -> list[int]:
    out = []
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            fields = stat.read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        if int(fields[1]) == pid:
            out.append(int(stat.parent.name))
    return out


def alive(pid: int) -> bool:
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except OSError:
        return False
    return state not in ("Z", "X")


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="reads /proc")
def test_workers_die_when_the_server_is_killed(tmp_path: Path) -> None:
    env = {**os.environ, "XDG_DATA_HOME": tempfile.mkdtemp(prefix="lazytree-data-")}
    cmd = [sys.executable, "-m", "lazytree", "serve", "--no-open", "--port", "0"]
    server = subprocess.Popen(
        [*cmd, "--db", str(tmp_path / "g.db")],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env=env,
    )
    try:
        assert server.stdout is not None
        line = server.stdout.readline()
        url = re.search(r"http://[\d.]+:\d+", line)
        assert url is not None, line
        request = urllib.request.Request(
            f"{url[0]}/play?game=dice-of-doom&size=8&seed=1&seats=ai,human&ai=600",
            method="POST",
        )

        class NoRedirect(urllib.request.HTTPRedirectHandler):
            def redirect_request(self, *args: Any, **kw: Any) -> None:
                return None

        opener = urllib.request.build_opener(NoRedirect)
        try:
            opener.open(request, timeout=30)
        except urllib.error.HTTPError as exc:
            location = exc.headers["location"]
        sid, host = re.findall(r"session=([\w-]+)&seat=([\w-]+)", location)[0]
        start = urllib.request.Request(
            f"{url[0]}/api/sessions/{sid}/ai", method="POST", headers={"X-Lazytree-Seat": host}
        )
        with urllib.request.urlopen(start, timeout=30) as r:
            assert json.load(r)["thinking"]
        wait_for(lambda: len(children(server.pid)) >= 2, 60)  # the workers are searching
        workers = [pid for pid in children(server.pid) if alive(pid)]
        server.send_signal(signal.SIGKILL)
        server.wait(30)
        wait_for(lambda: not any(alive(pid) for pid in workers), 30)
    finally:
        if server.poll() is None:
            server.kill()
        server.communicate(timeout=30)
