"""The server's searches run in worker processes: fair between games, a dead or
out-of-memory worker replaced with only its game told, the web process answering while
every worker is busy."""

from __future__ import annotations

import os
import signal
import time
from collections.abc import Iterator
from typing import Any

import pytest
from starlette.testclient import TestClient

from lazytree.server import create_app
from lazytree.server.runner import Sessions
from lazytree.server.workers import Executor, ProcessWorkers, WorkerLost
from tests.server.test_app import new_game, seated, wait_idle


def allocate(size: int) -> int:
    """A job that needs ``size`` bytes at once (in a worker)."""
    return len(bytearray(size))


def add(a: int, b: int) -> int:
    return a + b


@pytest.fixture
def one_worker() -> Iterator[ProcessWorkers]:
    """One regular worker and one kept for short jobs."""
    pool = ProcessWorkers(workers=1, reserve=1)
    yield pool
    pool.close()


def client_of(pool: Executor) -> TestClient:
    return seated(TestClient(create_app(Sessions(limit=16, executor=pool), hosts=["testserver"])))


def wait_for(check: Any, seconds: float = 60) -> None:
    deadline = time.monotonic() + seconds
    while not check():
        assert time.monotonic() < deadline, "never happened"
        time.sleep(0.05)


def view(client: TestClient, sid: str) -> dict[str, Any]:
    data: dict[str, Any] = client.get(f"/api/sessions/{sid}").json()
    return data


def test_long_thinkers_never_keep_a_short_ai_from_moving(one_worker: ProcessWorkers) -> None:
    # four games whose AI thinks ten minutes a move, then another person's game of
    # 0.05 s AIs: it is played to its end while the long ones still think about their
    # first move
    with client_of(one_worker) as client:
        slow = []
        for seed in range(4):
            sid = new_game(client, f"game=dice-of-doom&size=4&seed={seed}&seats=ai,human&ai=600")
            assert client.post(f"/api/sessions/{sid}/ai").json()["thinking"]
            slow.append(sid)
        other = seated(TestClient(client.app, client=("127.0.0.2", 5000)))
        quick = new_game(other, "game=tictactoe&seats=ai,ai&ai=0.05")
        other.post(f"/api/sessions/{quick}/ai")
        done = wait_idle(client, quick, 120)
        assert done["over"] and done["error"] is None and done["moves_made"] >= 5
        for sid in slow:
            still = view(client, sid)
            assert still["thinking"] and still["moves_made"] == 0
        # one worker for long thinkers: the other three wait (a game's thread says so at
        # its first look, LOOK_EVERY after it asked, later on a loaded machine)
        deadline = time.monotonic() + 10
        while sum(view(client, sid)["waiting"] for sid in slow) != 3:
            assert time.monotonic() < deadline, [view(client, sid) for sid in slow]
            time.sleep(0.1)
        for sid in slow:
            client.post(f"/api/sessions/{sid}/close")


def test_the_web_process_answers_while_every_worker_searches() -> None:
    pool = ProcessWorkers(workers=1, reserve=0)
    try:
        with client_of(pool) as client:
            sid = new_game(client, "game=dice-of-doom&size=10&seed=1&seats=ai,human&ai=600")
            client.post(f"/api/sessions/{sid}/ai")
            wait_for(lambda: (view(client, sid)["progress"] or {}).get("nodes", 0) > 0)
            # the worker searches (its progress grows): the web process answers at once
            for _ in range(20):
                assert client.get("/healthz").text == "ok"
            assert client.get("/api/lobby").status_code == 200
            other = new_game(client, "game=tictactoe&seats=human,human")
            assert (
                client.post(f"/api/sessions/{other}/move", json={"move": "b2"}).status_code == 200
            )
            assert view(client, sid)["thinking"]
            client.post(f"/api/sessions/{sid}/close")
            # the explorer's search runs in the worker too
            explore = client.get("/explore?game=tictactoe&depth=2")
            assert explore.status_code == 200 and "explorer-data" in explore.text
    finally:
        pool.close()


@pytest.mark.slow
def test_a_worker_that_dies_is_replaced_and_only_its_game_is_told() -> None:
    pool = ProcessWorkers(workers=1, reserve=0)
    try:
        with client_of(pool) as client:
            sid = new_game(client, "game=dice-of-doom&size=6&seed=2&seats=ai,human&ai=600")
            client.post(f"/api/sessions/{sid}/ai")
            wait_for(lambda: (view(client, sid)["progress"] or {}).get("nodes", 0) > 0)
            (pid,) = pool.pids()
            os.kill(pid, signal.SIGKILL)
            after = wait_idle(client, sid, 60)
            assert not after["thinking"] and after["moves_made"] == 0
            assert after["error"].startswith("the search's worker process was lost: it was killed")
            assert "\n" not in after["error"]
            assert client.get("/healthz").text == "ok"
            # a new worker plays on: this game, and another
            other = new_game(client, "game=tictactoe&seats=ai,ai&ai=0.05")
            client.post(f"/api/sessions/{other}/ai")
            assert wait_idle(client, other, 120)["over"]
            assert pool.replaced == 1 and pool.pids() != [pid]
    finally:
        pool.close()


@pytest.mark.slow
def test_a_worker_out_of_memory_fails_its_job_only() -> None:
    pool = ProcessWorkers(workers=1, reserve=0, memory=512 << 20)
    try:
        job = pool.submit("a", allocate, 1 << 30)
        with pytest.raises(WorkerLost, match="ran out of memory"):
            job.future.result(60)
        assert pool.submit("b", allocate, 1 << 20).future.result(60) == 1 << 20
        assert pool.submit("b", add, 2, 3).future.result(60) == 5
    finally:
        pool.close()


def test_jobs_of_one_game_wait_for_their_turn_behind_other_games() -> None:
    pool = ProcessWorkers(workers=1, reserve=0)
    try:
        pool.submit("warm", add, 0, 0).future.result(60)
        first = pool.submit("a", time.sleep, 1.0)  # holds the worker meanwhile
        wait_for(lambda: first.running)
        a = [pool.submit("a", add, 1, k) for k in range(3)]
        b = pool.submit("b", add, 2, 0)
        order: list[str] = []

        def done(name: str) -> Any:
            return lambda _: order.append(name)

        for name, job in [*(("a", j) for j in a), ("b", b)]:
            job.future.add_done_callback(done(name))
        for job in [*a, b]:
            job.future.result(60)
        assert order.index("b") <= 1  # game b's one job came before a's second
    finally:
        pool.close()


@pytest.mark.slow
def test_an_ai_plays_through_a_dask_cluster_of_two_workers() -> None:
    from distributed import Client, LocalCluster

    from lazytree.server.workers import DaskWorkers

    # worker processes, as a cluster is run: a search's memory budget counts its own
    # worker, not this test process, and Stop does not wait on this process's lock
    with (
        LocalCluster(  # type: ignore[no-untyped-call]
            n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None
        ) as cluster,
        Client(cluster) as dask,  # type: ignore[no-untyped-call]
    ):
        pool = DaskWorkers(dask)
        assert (pool.slots, pool.regular) == (2, 1)
        with client_of(pool) as client:
            sid = new_game(client, "game=tictactoe&seats=ai,ai&ai=0.05")
            client.post(f"/api/sessions/{sid}/ai")
            done = wait_idle(client, sid, 120)
            assert done["over"] and done["error"] is None and done["moves_made"] >= 5
            # Stop reaches the search on the cluster: a 600 s AI moves at once
            slow = new_game(client, "game=dice-of-doom&size=5&seed=1&seats=ai,human&ai=600")
            client.post(f"/api/sessions/{slow}/ai")
            wait_for(lambda: view(client, slow)["thinking"])
            wait_for(lambda: view(client, slow)["can_stop"])
            deadline = time.monotonic() + 60
            while view(client, slow)["moves_made"] == 0:
                assert time.monotonic() < deadline
                client.post(f"/api/sessions/{slow}/stop")
                time.sleep(0.2)
            client.post(f"/api/sessions/{slow}/close")
            stopped = wait_idle(client, slow, 60)
            assert stopped["error"] is None and stopped["last_search"]["stopped"] == "stop"
        pool.close()


def test_a_dask_result_is_fetched_once_the_job_is_done_without_a_timeout(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # distributed's Future.result(timeout) can fail with UnboundLocalError when the
    # timeout falls as the result arrives (its sync() lets the cancellation through and
    # returns a result never set): under load, polling with short timeouts lost games
    from distributed import Client, Future, LocalCluster

    from lazytree.server.workers import DaskWorkers

    real = Future.result

    def racing(self: Any, timeout: float | None = None) -> Any:
        if timeout is not None:
            raise UnboundLocalError("cannot access local variable 'result'")
        return real(self)

    monkeypatch.setattr(Future, "result", racing)
    with (
        LocalCluster(  # type: ignore[no-untyped-call]
            n_workers=1, threads_per_worker=2, processes=False, dashboard_address=None
        ) as cluster,
        Client(cluster) as dask,  # type: ignore[no-untyped-call]
    ):
        pool = DaskWorkers(dask)
        jobs = [pool.submit(f"game{k}", add, k, 1, short=True, seconds=1.0) for k in range(4)]
        assert [job.future.result(timeout=60) for job in jobs] == [1, 2, 3, 4]
        pool.close()
