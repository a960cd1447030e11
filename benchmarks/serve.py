"""The load benchmark of ``lazytree serve``: many games, two people each, over WebSockets.

:func:`bench_serve` starts the server in this process (uvicorn on a free port of
127.0.0.1, in a thread, its games database a file in a temporary directory), creates
``games`` two-human games of Dice of Doom on a 3x3 board (the racket rules; each game
its own seed) and connects two WebSocket clients to each (the ``websockets`` library, in
one asyncio loop), one per seat. Each client plays a random legal move (a seeded
``random.Random``) whenever its seat is to move, over its socket, and waits until the
server confirms it and pushes it back before its next decision.

It counts, per client, every move pushed: a ply that comes twice is *duplicated*, a ply
skipped is *lost*; a move sent and never confirmed is *unconfirmed*; and at the end
every client's list of moves must equal the moves in the database. The latency is from
the moment a client sends a move to the moment the *other* client of its game receives
the push carrying it (both clocks are this process's), reported as p50, p95 and max
milliseconds. Throughput is the moves confirmed per second of the whole run.
"""

from __future__ import annotations

import asyncio
import contextlib
import itertools
import json
import random
import statistics
import tempfile
import threading
import time
from collections.abc import Callable
from dataclasses import asdict, dataclass, field
from functools import partial
from pathlib import Path
from typing import Any
from urllib.parse import parse_qs, urlsplit

from lazytree.boards import apply_delta
from lazytree.session import Session

__all__ = [
    "BoardLoad",
    "ServeBench",
    "ServeFair",
    "ServeLoad",
    "bench_board",
    "bench_serve",
    "bench_serve_ai",
    "bench_serve_fair",
]

GAME_QUERY = "game=dice-of-doom&size=3&seats=human,human"
"""The games of the benchmark (with ``&seed=K`` for game ``K``)."""

SERVE_CHILD = (
    f"import sys; sys.path.append({str(Path(__file__).resolve().parents[1])!r}); "
    "from benchmarks.serve import serve_for_bench as s; s()"
)
"""The code of the child process that serves (the benchmarks are found in the checkout
that holds them: they are never installed)."""


@dataclass
class ServeBench:
    """What :func:`bench_serve` measured."""

    games: int
    clients: int
    moves: int
    """Moves confirmed to their mover."""
    pushes: int
    """Moves pushed to the other client of their game (each counted once)."""
    lost: int
    duplicated: int
    unconfirmed: int
    mismatched: int
    """Clients whose moves differ from the database's at the end."""
    p50_ms: float
    p95_ms: float
    max_ms: float
    seconds: float
    moves_per_second: float
    game: str = GAME_QUERY
    finished: int = 0
    """Games played to their end (the others stopped at ``max_moves``)."""
    errors: list[str] = field(default_factory=list)

    @property
    def ok(self) -> bool:
        """Nothing lost, doubled, unconfirmed or different from the database."""
        return not (
            self.lost or self.duplicated or self.unconfirmed or self.mismatched or self.errors
        )

    def as_json(self) -> dict[str, Any]:
        return {**asdict(self), "ok": self.ok}


@dataclass
class _Game:
    """One game of the benchmark: its id and the time each ply was sent."""

    id: str
    sent: dict[int, float] = field(default_factory=dict)
    latencies: list[float] = field(default_factory=list)


@dataclass
class _Tally:
    moves: int = 0
    pushes: int = 0
    lost: int = 0
    duplicated: int = 0
    unconfirmed: int = 0
    finished: int = 0
    errors: list[str] = field(default_factory=list)


def with_delta(board: dict[str, Any], delta: dict[str, Any]) -> dict[str, Any]:
    """``board`` with an update's ``delta`` applied (see :mod:`lazytree.server.live`)."""
    return apply_delta(board, delta)


async def _client(
    url: str,
    game: _Game,
    token: str,
    seat: int,
    rng: random.Random,
    max_moves: int,
    tally: _Tally,
) -> list[str]:
    """One person: play random moves for ``seat`` until the game ends (or ``max_moves``
    plies), checking every push; the moves it was sent, in order."""
    import websockets

    moves: list[str] = []
    board: dict[str, Any] = {}
    waiting: int | None = None  # the ply a sent move will make, until it is pushed back
    async with websockets.connect(f"ws{url[4:]}/ws/{game.id}", max_size=1 << 24) as ws:
        await ws.send(json.dumps({"hello": {"ply": 0, "seat": token}}))
        async for raw in ws:
            message = json.loads(raw)
            kind = message.get("type")
            if kind == "error":
                tally.errors.append(f"game {game.id} seat {seat}: {message['error']}")
                break
            if kind == "confirmed":
                tally.moves += 1
                continue
            if kind != "update":
                continue
            now = time.perf_counter()
            start = message["from"]
            if start < len(moves):  # plies this client had already
                tally.duplicated += len(moves) - start
                del moves[start:]
            elif start > len(moves):
                tally.lost += start - len(moves)
                moves.extend("?" * (start - len(moves)))
            for m in message["moves"]:
                ply = m["ply"]
                moves.append(m["text"])
                sent = game.sent.get(ply)
                if sent is not None and m["player"] != seat:  # the other's move, pushed
                    game.latencies.append(now - sent)
                    tally.pushes += 1
            if waiting is not None and len(moves) > waiting:
                waiting = None
            view = message["view"]
            board = with_delta(board, message["delta"]) if "delta" in message else view["board"]
            if view["over"] or len(moves) >= max_moves:
                tally.finished += view["over"] and seat == 0
                break
            if waiting is None and view["to_move"] == seat and view["moves_made"] == len(moves):
                choice = rng.choice(board["moves"])["move"]
                waiting = len(moves)
                game.sent[waiting] = time.perf_counter()
                await ws.send(json.dumps({"move": choice}))
    if waiting is not None:
        tally.unconfirmed += 1
    return moves


async def _play(
    url: str,
    games: int,
    max_moves: int,
    seed: int,
    tally: _Tally,
    on_game: Callable[[], None],
) -> tuple[list[_Game], list[tuple[str, list[str]]]]:
    """Create the games and play them all at once: the games and each client's moves."""
    import websockets

    made: list[_Game] = []
    seats: list[list[str]] = []
    loop = asyncio.get_running_loop()
    for k in range(games):
        location = await loop.run_in_executor(None, _create, url, f"{GAME_QUERY}&seed={seed + k}")
        query = parse_qs(urlsplit(location).query)
        gid, host = query["session"][0], query["seat"][0]
        async with websockets.connect(f"ws{url[4:]}/ws/{gid}", max_size=1 << 24) as ws:
            await ws.send(json.dumps({"hello": {"ply": 0, "seat": host}}))
            first = json.loads(await ws.recv())
        tokens = [parse_qs(urlsplit(s["url"]).query)["seat"][0] for s in first["links"]["seats"]]
        made.append(_Game(gid))
        seats.append(tokens)

    async def one(k: int, seat: int) -> tuple[str, list[str]]:
        game = made[k]
        rng = random.Random(seed * 1000 + k * 2 + seat)
        moves = await _client(url, game, seats[k][seat], seat, rng, max_moves, tally)
        if seat == 0:
            on_game()
        return game.id, moves

    results = await asyncio.gather(
        *(one(k, s) for k in range(games) for s in (0, 1)), return_exceptions=True
    )
    out: list[tuple[str, list[str]]] = []
    for r in results:
        if isinstance(r, BaseException):
            tally.errors.append(f"{type(r).__name__}: {r}")
        else:
            out.append(r)
    return made, out


def _create(url: str, query: str) -> str:
    """POST /play?QUERY without following the redirect: the host's link."""
    import http.client

    parts = urlsplit(url)
    conn = http.client.HTTPConnection(parts.hostname or "127.0.0.1", parts.port, timeout=30)
    try:
        conn.request("POST", f"/play?{query}")
        response = conn.getresponse()
        response.read()
        location = response.getheader("location")
        if response.status != 303 or not location:
            raise RuntimeError(f"creating a game answered {response.status}")
        return location
    finally:
        conn.close()


def _percentile(values: list[float], q: float) -> float:
    if not values:
        return 0.0
    if len(values) == 1:
        return values[0]
    return statistics.quantiles(values, n=100, method="inclusive")[round(q) - 1]


def bench_serve(
    games: int = 50,
    max_moves: int = 200,
    seed: int = 1,
    on_game: Callable[[], None] = lambda: None,
) -> ServeBench:
    """Run the benchmark (see the module): ``games`` games, two clients each, each game
    at most ``max_moves`` plies; ``on_game`` is called as each game ends."""
    # the server is imported when a benchmark of it runs: `lazytree bench` loads this module
    import uvicorn

    from lazytree.server.app import server_config
    from lazytree.server.runner import Sessions
    from lazytree.server.store import GameStore

    with tempfile.TemporaryDirectory(prefix="lazytree-bench-serve-") as tmp:
        store = GameStore(Path(tmp) / "games.sqlite")
        app = _one_address_app(Sessions(limit=games + 16, store=store), games, 100.0)
        server = uvicorn.Server(server_config(app, host="127.0.0.1", port=0, lifespan="on"))
        thread = threading.Thread(target=server.run, daemon=True)
        thread.start()
        try:
            for _ in range(800):
                if server.started or not thread.is_alive():
                    break
                time.sleep(0.025)
            if not server.started:
                raise RuntimeError("the benchmark's server did not start")
            port = server.servers[0].sockets[0].getsockname()[1]
            url = f"http://127.0.0.1:{port}"
            tally = _Tally()
            started = time.perf_counter()
            made, played = asyncio.run(_play(url, games, max_moves, seed, tally, on_game))
            seconds = time.perf_counter() - started
            mismatched = sum(
                moves != [text for text, _, _ in store.moves(gid)][: len(moves)]
                for gid, moves in played
            )
        finally:
            server.should_exit = True
            thread.join(30)
            store.close()
    latencies = [s * 1000 for g in made for s in g.latencies]
    return ServeBench(
        games=games,
        clients=2 * games,
        moves=tally.moves,
        pushes=tally.pushes,
        lost=tally.lost,
        duplicated=tally.duplicated,
        unconfirmed=tally.unconfirmed,
        mismatched=mismatched,
        p50_ms=round(_percentile(latencies, 50), 2),
        p95_ms=round(_percentile(latencies, 95), 2),
        max_ms=round(max(latencies, default=0.0), 2),
        seconds=round(seconds, 3),
        moves_per_second=round(tally.moves / seconds, 1) if seconds else 0.0,
        finished=tally.finished,
        errors=tally.errors[:10],
    )


# -- AI games, many pages, some that never read -------------------------------------------
AI_QUERY = "game=dice-of-doom&size=3&seats=ai,ai&ai={seconds:g}"
"""The games of :func:`bench_serve_ai` (with ``&seed=K`` for game ``K``)."""


@dataclass
class ServeLoad:
    """What :func:`bench_serve_ai` measured."""

    games: int
    sockets: int
    slow: int
    """Sockets that never read (on games ``0`` to ``slow - 1``, one each)."""
    seconds: float
    """The load period: every game was started at its beginning."""
    ai_seconds: float
    executor: str
    """Where the searches ran: ``processes`` or ``dask``."""
    moves: int
    """Moves stored by the server (the database at the end)."""
    pushed: int
    """Moves pushed to the reading sockets (each socket's moves counted)."""
    lost: int
    duplicated: int
    mismatched: int
    """Reading sockets whose moves differ from the database's."""
    started: int
    """Games started (all of them at the beginning of the load period)."""
    finished: int
    """Games played to their end (in the load period or the wait after it)."""
    drain_seconds: float
    """How long the benchmark waited after the load period for the games still going."""
    p50_ms: float
    p95_ms: float
    max_ms: float
    """From a move stored to its push reaching a page of a game without a slow socket."""
    slow_games_p50_ms: float
    slow_games_p95_ms: float
    slow_games_max_ms: float
    """The same for the reading pages of the games that have a slow socket."""
    healthz_p50_ms: float
    healthz_p99_ms: float
    healthz_max_ms: float
    rss_start_mb: float
    """The web process's resident memory once it answers, before any game."""
    rss_warm_mb: float
    """The same after one game was played and left memory (the code of a game, its
    pages and its searches' workers loaded): the baseline the end is compared with."""
    rss_peak_mb: float
    rss_end_mb: float
    """The web process's resident memory once every game had ended or stopped and every
    page had left (:data:`SETTLE` seconds later)."""
    slow_dropped: int
    """Sockets that never read which the server disconnected."""
    slow_dropped_at: list[float] = field(default_factory=list)
    """When each of them was disconnected, in seconds from the start of the load."""
    unfinished: list[dict[str, Any]] = field(default_factory=list)
    """The games not played to their end: what the server says of each (moves, the AI
    thinking or waiting for a worker, its error)."""
    errors: list[str] = field(default_factory=list)

    @property
    def ok(self) -> bool:
        """Nothing lost, doubled or different from the database, no error."""
        return not (self.lost or self.duplicated or self.mismatched or self.errors)

    def as_json(self) -> dict[str, Any]:
        return {**asdict(self), "ok": self.ok}


SLOW_RCVBUF = 1024
"""The receive buffer asked for the sockets that never read (the kernel's smallest is a
few KB): so a few updates fill it, the server's send buffers after it, and the server
sees the page stop reading as it would a phone whose network dropped."""

SETTLE = 8.0
"""Seconds between the last page leaving and the web process's last resident memory."""

DRAIN = 300.0
"""Longest wait after the load period for the games still going, in seconds."""


def _one_address_app(sessions: Any, games: int, per_second: float) -> Any:
    """The play server's app for a benchmark whose every client is this machine: room for
    ``games`` new games at once (then ``per_second`` more a second), from one address and
    in total, and no cap on that address's pages."""
    from lazytree.server import create_app  # (when it runs, as in bench_serve)
    from lazytree.server.limits import Quotas, RateLimit

    rate = RateLimit(burst=games + 16, per_second=per_second)
    total = RateLimit(burst=games + 16, per_second=per_second)
    return create_app(
        sessions,
        create_rate=rate,
        quotas=Quotas(create_total=total, sockets_per_address=100_000),
    )


def serve_for_bench() -> None:
    """The server of :func:`bench_serve_ai` and :func:`bench_serve_fair`, in a process of
    its own (``python -c``): its settings are JSON in the environment variable
    ``LAZYTREE_BENCH`` (``"caps": "default"``: the caps of ``lazytree serve``, else
    :func:`_one_address_app`'s); it prints ``PORT N`` once it answers, stops when its
    standard input closes, then prints ``STATS {json}``: the seconds of worker time
    charged to each creator address, the connections refused."""
    import os
    import sys

    import uvicorn  # (when it runs, as in bench_serve)

    from lazytree.server.app import PING_SECONDS, server_config
    from lazytree.server.runner import Sessions
    from lazytree.server.store import GameStore
    from lazytree.server.workers import DaskWorkers, Executor, ProcessWorkers, lift_data_ceiling

    lift_data_ceiling()  # as lazytree serve does (this process inherits the command's)

    settings = json.loads(os.environ["LAZYTREE_BENCH"])
    games = int(settings["games"])
    cluster: Any = None
    client: Any = None
    executor: Executor
    if settings.get("dask"):
        from distributed import Client, LocalCluster

        cluster = LocalCluster(  # type: ignore[no-untyped-call]
            n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None
        )
        client = Client(cluster)  # type: ignore[no-untyped-call]
        executor = DaskWorkers(client)
    else:
        executor = ProcessWorkers(settings.get("workers"))
    store = GameStore(settings["db"])
    if settings.get("caps") == "default":  # as lazytree serve runs
        from lazytree.server import create_app

        app = create_app(Sessions(store=store, executor=executor))
    else:
        app = _one_address_app(
            Sessions(limit=games + 16, store=store, executor=executor), games, 1000.0
        )
    config = server_config(
        app,
        ping_seconds=settings.get("ping") or PING_SECONDS,
        host="127.0.0.1",
        port=0,
        lifespan="on",
    )
    server = uvicorn.Server(config)
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    while not server.started:
        if not thread.is_alive():
            raise SystemExit(1)
        time.sleep(0.02)
    print(f"PORT {server.servers[0].sockets[0].getsockname()[1]}", flush=True)
    sys.stdin.read()  # until the benchmark closes it
    server.should_exit = True
    thread.join(30)
    door = config.doorman  # type: ignore[attr-defined]
    stats = {
        "charged": executor.charged(),
        "waited": executor.waited(),
        "connections_refused": door.refused,
    }
    print(f"STATS {json.dumps(stats)}", flush=True)
    executor.close()
    if client is not None:
        client.close()
        cluster.close()
    store.close()


def _rss_mb(pid: int) -> float:
    """The resident memory of process ``pid`` in MiB (0 when it is gone)."""
    try:
        with open(f"/proc/{pid}/status", encoding="ascii") as f:
            for line in f:
                if line.startswith("VmRSS:"):
                    return int(line.split()[1]) / 1024
    except OSError:
        pass
    return 0.0


@dataclass
class _Load:
    """The running tally of :func:`bench_serve_ai`."""

    latencies: list[float] = field(default_factory=list)
    slow_games: list[float] = field(default_factory=list)
    """Latencies of the reading pages of games with a slow socket."""
    healthz: list[float] = field(default_factory=list)
    rss: list[float] = field(default_factory=list)
    pushed: int = 0
    lost: int = 0
    duplicated: int = 0
    over: set[str] = field(default_factory=set)
    errors: list[str] = field(default_factory=list)
    done: bool = False


async def _reader(
    url: str, gid: str, healthy: bool, load: _Load, stop: asyncio.Event
) -> tuple[str, list[str]]:
    """A page that reads every update of game ``gid`` until ``stop`` (or the game's end),
    checking the plies; the moves it was sent. ``healthy``: the game has no slow socket
    (its latencies are kept apart from those of the games that have one)."""
    import websockets

    moves: list[str] = []
    async with websockets.connect(f"ws{url[4:]}/ws/{gid}", max_size=1 << 24) as ws:
        await ws.send(json.dumps({"hello": {"ply": 0}}))
        while not stop.is_set():
            try:
                raw = await asyncio.wait_for(ws.recv(), 0.5)
            except TimeoutError:
                continue
            now = time.time()
            message = json.loads(raw)
            if message.get("type") == "error":
                load.errors.append(f"game {gid}: {message['error']}")
                break
            if message.get("type") != "update":
                continue
            start = message["from"]
            if start < len(moves):
                load.duplicated += len(moves) - start
                del moves[start:]
            elif start > len(moves):
                load.lost += start - len(moves)
                moves.extend("?" * (start - len(moves)))
            at = message.get("at", {})
            for m in message["moves"]:
                moves.append(m["text"])
                load.pushed += 1
                stored = at.get(str(m["ply"]))
                if stored is not None and start > 0:
                    (load.latencies if healthy else load.slow_games).append(now - stored)
            if message["view"]["over"]:
                load.over.add(gid)
                break
    return gid, moves


async def _never_reads(url: str, gid: str, stop: asyncio.Event, t0: float) -> float | None:
    """A page that says hello and never reads again (a phone whose network dropped), on a
    socket with a receive buffer of :data:`SLOW_RCVBUF` bytes: when the server
    disconnected it (seconds after ``t0``, by its TCP connection leaving the established
    state), or None when it never did."""
    import socket

    import websockets

    parts = urlsplit(url)
    sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, SLOW_RCVBUF)  # before the handshake
    sock.setblocking(False)
    await asyncio.get_running_loop().sock_connect(sock, (parts.hostname, parts.port))
    async with (
        websockets.connect(  # no compression: the worst case for the server
            f"ws{url[4:]}/ws/{gid}",
            sock=sock,
            max_size=1 << 24,
            max_queue=1,
            write_limit=1024,
            compression=None,
        ) as ws
    ):
        await ws.send(json.dumps({"hello": {"ply": 0}}))
        ws.transport.pause_reading()  # the kernel's buffer fills up, then the server's
        while not stop.is_set():
            if ws.transport.is_closing() or _tcp_state(sock) != _ESTABLISHED:
                return time.perf_counter() - t0
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(stop.wait(), 0.25)
        ws.transport.resume_reading()
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(ws.wait_closed(), 0.5)
        return None


_ESTABLISHED = 1
"""``tcpi_state`` of an open TCP connection (Linux's ``TCP_ESTABLISHED``)."""


def _tcp_state(sock: Any) -> int:
    """The state of ``sock``'s TCP connection (``tcpi_state``; -1: its socket is closed)."""
    import socket

    try:
        return int(sock.getsockopt(socket.IPPROTO_TCP, socket.TCP_INFO, 1)[0])
    except OSError:  # closed by the library once the server reset the connection
        return -1


async def _healthz(url: str, load: _Load, stop: asyncio.Event) -> None:
    parts = urlsplit(url)
    reader, writer = await asyncio.open_connection(parts.hostname, parts.port)
    request = f"GET /healthz HTTP/1.1\r\nHost: {parts.hostname}:{parts.port}\r\n\r\n".encode()
    try:
        while not stop.is_set():
            t0 = time.perf_counter()
            writer.write(request)
            await reader.readuntil(b"\r\n\r\n")
            await reader.readexactly(2)  # "ok"
            load.healthz.append(time.perf_counter() - t0)
            await asyncio.sleep(0.1)
    finally:
        writer.close()


def _request(url: str, method: str, path: str, headers: dict[str, str] | None = None) -> Any:
    import http.client

    parts = urlsplit(url)
    conn = http.client.HTTPConnection(parts.hostname or "127.0.0.1", parts.port, timeout=60)
    try:
        conn.request(method, path, headers=headers or {})
        response = conn.getresponse()
        response.read()
        return response
    finally:
        conn.close()


async def _load(
    url: str,
    pid: int,
    games: int,
    sockets: int,
    slow: int,
    seconds: float,
    drain: float,
    ai_seconds: float,
    seed: int,
    load: _Load,
    on_progress: Callable[[str], None],
    slow_grace: float,
) -> tuple[
    list[str], list[tuple[str, list[str]]], list[float], list[dict[str, Any]], tuple[float, float]
]:
    """Create the games, open the pages, start the AIs, measure for ``seconds`` (or until
    every game ended), then wait up to ``drain`` seconds more for the games still going:
    the games, each reading page's moves, when each slow page was dropped, what the
    server says of the games not played to their end, and the seconds of load (from the
    first page's hello) and of waiting after it. The slow pages are watched for at least
    ``slow_grace`` seconds from their hello, though every game ended sooner."""
    loop = asyncio.get_running_loop()
    ids: list[str] = []
    hosts: list[str] = []
    slow_games = set(range(min(slow, games)))
    query = AI_QUERY.format(seconds=ai_seconds)
    for k in range(games):
        location = await loop.run_in_executor(None, _create, url, f"{query}&seed={seed + k}")
        q = parse_qs(urlsplit(location).query)
        ids.append(q["session"][0])
        hosts.append(q["seat"][0])
    stop = asyncio.Event()
    t0 = time.perf_counter()
    slow_tasks = [loop.create_task(_never_reads(url, ids[k], stop, t0)) for k in sorted(slow_games)]
    readers = [
        loop.create_task(_reader(url, ids[i % games], i % games not in slow_games, load, stop))
        for i in range(max(0, sockets - len(slow_tasks)))
    ]
    await asyncio.sleep(0.5)  # the pages said hello: now the AIs
    for gid, host in zip(ids, hosts, strict=True):
        await loop.run_in_executor(
            None,
            partial(_request, url, "POST", f"/api/sessions/{gid}/ai", {"X-Lazytree-Seat": host}),
        )
    health = loop.create_task(_healthz(url, load, stop))
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline and len(load.over) < games:
        load.rss.append(_rss_mb(pid))
        await asyncio.sleep(0.25)
    loaded = time.perf_counter() - t0
    # no game is started after the load period: wait (bounded) for those still going
    waited = time.monotonic()
    last = -1
    while len(load.over) < games and time.monotonic() < waited + drain:
        if len(load.over) != last:
            last = len(load.over)
            on_progress(f"load period over: {last} of {games} games ended, waiting for the rest")
        load.rss.append(_rss_mb(pid))
        await asyncio.sleep(0.25)
    waited = time.monotonic() - waited
    unfinished = []
    for gid in ids:
        if gid not in load.over:  # what the server says of it (its pages are still open)
            view = await loop.run_in_executor(None, _view, url, gid)
            unfinished.append(view)
    if slow_tasks:  # the server drops a page within two pings of its last read
        await asyncio.wait(slow_tasks, timeout=max(0.0, t0 + slow_grace - time.perf_counter()))
    stop.set()
    results = await asyncio.gather(*readers, return_exceptions=True)
    dropped = await asyncio.gather(*slow_tasks, return_exceptions=True)
    await asyncio.gather(health, return_exceptions=True)
    played: list[tuple[str, list[str]]] = []
    for r in results:
        if isinstance(r, BaseException):
            load.errors.append(f"{type(r).__name__}: {r}")
        else:
            played.append(r)
    when = sorted(round(d, 1) for d in dropped if isinstance(d, float))
    for d in dropped:
        if isinstance(d, BaseException):
            load.errors.append(f"a slow page: {type(d).__name__}: {d}")
    return ids, played, when, unfinished, (loaded, waited)


def _warm_up(url: str, ai_seconds: float) -> None:
    """Play one game of two AIs to its end, watched by a page that then closes (so the
    game leaves memory at once); not one of the benchmark's games."""
    import websockets

    location = _create(url, f"{AI_QUERY.format(seconds=ai_seconds)}&seed=0")
    query = parse_qs(urlsplit(location).query)
    gid, host = query["session"][0], query["seat"][0]

    async def watch() -> None:  # the host's page: its hello starts the AI
        async with websockets.connect(f"ws{url[4:]}/ws/{gid}", max_size=1 << 24) as ws:
            await ws.send(json.dumps({"hello": {"ply": 0, "seat": host}}))
            async for raw in ws:
                message = json.loads(raw)
                if message.get("type") == "update" and message["view"]["over"]:
                    return

    asyncio.run(asyncio.wait_for(watch(), 120))


def _view(url: str, gid: str) -> dict[str, Any]:
    """What the server says of game ``gid``: its moves, whether its AI thinks or waits
    for a worker, its last error."""
    import http.client

    parts = urlsplit(url)
    conn = http.client.HTTPConnection(parts.hostname or "127.0.0.1", parts.port, timeout=60)
    try:
        conn.request("GET", f"/api/sessions/{gid}")
        response = conn.getresponse()
        data = json.loads(response.read() or b"{}")
    except (OSError, ValueError) as exc:
        return {"id": gid, "error": f"{type(exc).__name__}: {exc}"}
    finally:
        conn.close()
    keys = ("moves_made", "over", "thinking", "waiting", "error")
    return {"id": gid, **{k: data.get(k) for k in keys}}


def bench_serve_ai(
    games: int = 200,
    sockets: int = 400,
    slow: int = 20,
    seconds: float = 60.0,
    ai_seconds: float = 0.1,
    dask: bool = False,
    workers: int | None = None,
    seed: int = 1,
    drain: float = DRAIN,
    ping_seconds: float | None = None,
    on_progress: Callable[[str], None] = lambda text: None,
) -> ServeLoad:
    """The server under load with AI seats: ``games`` games of two AIs of
    ``ai_seconds`` a move (Dice of Doom 3x3), all started at once, ``sockets`` pages
    watching them (spread over the games), ``slow`` of them never reading (one each on
    the first games, on a tiny receive buffer: :func:`_never_reads`), for ``seconds``
    (the load period), then up to ``drain`` seconds more until every game ended
    (``on_progress`` is told how many have). The server runs in a process of its own
    (so its resident memory is its own), its searches in worker processes
    (``workers``) or on a two-worker Dask ``LocalCluster`` (``dask``); it pings each page
    every ``ping_seconds`` (the server's keepalive, which drops the pages that stopped
    reading; None: ``lazytree serve``'s)."""
    import os
    import sqlite3
    import subprocess
    import sys

    from lazytree.server.app import PING_SECONDS

    ping = PING_SECONDS if ping_seconds is None else ping_seconds
    with tempfile.TemporaryDirectory(prefix="lazytree-bench-serve-") as tmp:
        db = str(Path(tmp) / "games.sqlite")
        env = {
            **os.environ,
            "LAZYTREE_BENCH": json.dumps(
                {
                    "games": games,
                    "db": db,
                    "dask": dask,
                    "workers": workers,
                    "ping": ping_seconds,
                }
            ),
        }
        proc = subprocess.Popen(
            [sys.executable, "-c", SERVE_CHILD],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            text=True,
            env=env,
        )
        load = _Load()
        try:
            assert proc.stdout is not None and proc.stdin is not None
            line = proc.stdout.readline()
            if not line.startswith("PORT "):
                raise RuntimeError("the benchmark's server did not start")
            url = f"http://127.0.0.1:{int(line.split()[1])}"
            time.sleep(1.0)
            rss_start = _rss_mb(proc.pid)
            on_progress("a first game, to load the server's code")
            _warm_up(url, ai_seconds)
            time.sleep(SETTLE)
            rss_warm = _rss_mb(proc.pid)
            ids, played, dropped, unfinished, (elapsed, waited) = asyncio.run(
                _load(
                    url, proc.pid, games, sockets, slow, seconds, drain, ai_seconds, seed,
                    load, on_progress, 2 * ping + 2,
                )
            )  # fmt: skip
            on_progress("every page left: the web process settles")
            time.sleep(SETTLE)
            rss_end = _rss_mb(proc.pid)
        finally:
            if proc.stdin is not None:
                proc.stdin.close()
            try:
                proc.wait(60)
            except subprocess.TimeoutExpired:
                proc.kill()
        with contextlib.closing(sqlite3.connect(db)) as conn:
            stored: dict[str, list[str]] = {gid: [] for gid in ids}
            for gid, text in conn.execute("SELECT game, text FROM moves ORDER BY game, ply"):
                stored.setdefault(gid, []).append(text)
            states = dict(conn.execute("SELECT id, state FROM games").fetchall())
    finished = sum(states.get(gid) == "over" for gid in ids)
    mismatched = sum(moves != stored.get(gid, [])[: len(moves)] for gid, moves in played)
    latencies = [s * 1000 for s in load.latencies]
    beside = [s * 1000 for s in load.slow_games]
    health = [s * 1000 for s in load.healthz]
    return ServeLoad(
        games=games,
        sockets=sockets,
        slow=min(slow, games),
        seconds=round(elapsed, 1),
        ai_seconds=ai_seconds,
        executor="dask" if dask else "processes",
        moves=sum(len(v) for v in stored.values()),
        pushed=load.pushed,
        lost=load.lost,
        duplicated=load.duplicated,
        mismatched=mismatched,
        started=len(ids),
        finished=finished,
        drain_seconds=round(waited, 1),
        p50_ms=round(_percentile(latencies, 50), 1),
        p95_ms=round(_percentile(latencies, 95), 1),
        max_ms=round(max(latencies, default=0.0), 1),
        slow_games_p50_ms=round(_percentile(beside, 50), 1),
        slow_games_p95_ms=round(_percentile(beside, 95), 1),
        slow_games_max_ms=round(max(beside, default=0.0), 1),
        healthz_p50_ms=round(_percentile(health, 50), 1),
        healthz_p99_ms=round(_percentile(health, 99), 1),
        healthz_max_ms=round(max(health, default=0.0), 1),
        rss_start_mb=round(rss_start, 1),
        rss_warm_mb=round(rss_warm, 1),
        rss_peak_mb=round(max(load.rss, default=rss_start), 1),
        rss_end_mb=round(rss_end, 1),
        slow_dropped=len(dropped),
        slow_dropped_at=dropped,
        unfinished=unfinished,
        errors=load.errors[:10],
    )


# -- one big board: the web process's memory per game, a move's update ---------------------
@dataclass
class BoardLoad:
    """What :func:`bench_board` measured: the web process's memory per game of a big
    board and the size of what its pages are sent."""

    size: int
    games: int
    plies: int
    """Moves made in each game (attacks, and a pass every third move)."""
    mb_per_game: float
    """The web process's resident memory per game held (MiB): the session, its history,
    the view its pages were last sent (the whole board as a document and as JSON)."""
    first_update_kb: float
    """A page's first update: the whole board (KiB)."""
    move_update_kb: float
    """The largest update a move sent a page (KiB)."""
    move_update_deflated_kb: float
    """The same deflated, as the WebSocket's per-message compression sends it (KiB)."""

    def as_json(self) -> dict[str, Any]:
        return asdict(self)


class _Collect:
    """A page's socket that keeps what it is sent."""

    def __init__(self) -> None:
        self.texts: list[str] = []

    async def send_text(self, text: str) -> None:
        self.texts.append(text)

    async def close(self, code: int = 1000) -> None:
        pass


def bench_board(size: int = 100, games: int = 4, plies: int = 12, seed: int = 1) -> BoardLoad:
    """Hold ``games`` two-human games of Dice of Doom ``size`` x ``size`` in this process's
    server objects (no network), each with a page open that is sent every move's update,
    ``plies`` moves each: the resident memory they add, per game, and the updates' sizes.
    One game is played first and dropped, so the code and caches it brings are not
    counted."""
    import gc
    import os
    import zlib

    from lazytree.server.app import apply_move, snapshot
    from lazytree.server.live import Channel, Client
    from lazytree.server.runner import Sessions

    store = Sessions(limit=games + 2)
    sizes: list[tuple[int, int]] = []
    first: list[int] = []

    pages: list[tuple[Channel, Client]] = []

    async def play(k: int) -> Channel:
        runner = store.add(Session("dice-of-doom", {"size": size, "seed": k}, ["human", "human"]))
        channel = Channel(runner, asyncio.get_running_loop(), snapshot)
        page = _Collect()
        client = Client(page, "watcher", None, 0)  # type: ignore[arg-type]
        pages.append((channel, client))
        await channel.join(client)
        for ply in range(plies):
            moves = runner.session.legal_moves()
            attacks = [t for _, t in moves if t != "pass"]
            text = attacks[0] if attacks and ply % 3 != 2 else moves[-1][1]
            apply_move(runner, "host", None, text)
            for _ in range(6000):  # the page has the move's update before the next move
                if len(page.texts) >= ply + 2:
                    break
                await asyncio.sleep(0.005)
            else:
                raise RuntimeError(f"move {ply + 1} never reached the page")
        texts = page.texts
        first.append(len(texts[0].encode()))
        for text in texts[1:]:
            raw = text.encode()
            deflate = zlib.compressobj(6, zlib.DEFLATED, -15)
            sizes.append((len(raw), len(deflate.compress(raw) + deflate.flush())))
        return channel

    async def run() -> float:
        await play(seed + games)  # warm
        gc.collect()
        before = _rss_mb(os.getpid())
        held = [await play(seed + k) for k in range(games)]
        gc.collect()
        after = _rss_mb(os.getpid())
        for channel, client in pages:
            channel.leave(client)
            channel.close()
        del held
        return (after - before) / games

    mb = asyncio.run(run())
    return BoardLoad(
        size=size,
        games=games,
        plies=plies,
        mb_per_game=round(mb, 1),
        first_update_kb=round(max(first) / 1024, 1),
        move_update_kb=round(max(raw for raw, _ in sizes) / 1024, 1),
        move_update_deflated_kb=round(max(d for _, d in sizes) / 1024, 1),
    )


# -- the default caps: many addresses, one taking the workers, a victim -------------------
FAIR_QUERY = "game=dice-of-doom&size=3&seats=ai,ai&ai={seconds:g}"
"""The games of the crowd and of the victim in :func:`bench_serve_fair` (``&seed=K``)."""

ATTACK_QUERY = "game=dice-of-doom&size=5&seats=ai,ai&ai={seconds:g}"
"""The attacker's games in :func:`bench_serve_fair`: AIs that use their whole clock."""

EVICTED = 1012
"""The close code of a page whose game was put out of memory (1013, a game the server
has no room to load now, is a refusal: the page asks again)."""


@dataclass
class ServeFair:
    """What :func:`bench_serve_fair` measured."""

    games: int
    """The crowd's games: ``addresses`` addresses, the same number each."""
    addresses: int
    finished: int
    """The crowd's games played to their end."""
    refused_games: int
    """New games the server refused (they were asked for again later)."""
    refused_pages: int
    """Pages the server refused (a cap of the address, or no room to load the game
    now: the page asks again)."""
    evicted: int
    """Pages of a player (host's pages) closed because their game was put out of
    memory (1012): 0 is the promise."""
    attacker_games: int
    attacker_created: int
    attacker_pages_refused: int
    """The attacker's host pages the server refused (each time it asked again)."""
    victim_moves: int
    """The victim's moves, played while the attacker's AIs think (before the crowd)."""
    victim_p50_ms: float
    victim_max_ms: float
    """From one move of the victim's 0.2 s AI stored to the next (its thinking included:
    a clock of CPU time, longer in wall time on a busy machine)."""
    victim_wait_max_ms: float
    """The longest a search of the victim waited for a worker."""
    attacker_wait_max_ms: float
    """The longest a search of the attacker waited for a worker."""
    crowd_victim_p50_ms: float
    crowd_victim_max_ms: float
    """The same gaps for a game of the victim played among the crowd."""
    share: dict[str, float]
    """Of the worker time, the fraction charged to each creator address."""
    attacker_share: float
    connections_refused: int
    seconds: float
    errors: list[str] = field(default_factory=list)

    @property
    def ok(self) -> bool:
        """Every game of the crowd ended, no player's page evicted, no error."""
        return self.finished == self.games and not self.evicted and not self.errors

    def as_json(self) -> dict[str, Any]:
        return {**asdict(self), "ok": self.ok}


@dataclass
class _Fair:
    refused_games: int = 0
    refused_pages: int = 0
    evicted: int = 0
    finished: int = 0
    attacker_refused: int = 0
    victim_at: dict[int, float] = field(default_factory=dict)
    crowd_victim_at: dict[int, float] = field(default_factory=dict)
    errors: list[str] = field(default_factory=list)


def _post_from(url: str, source: str, query: str) -> tuple[int, str | None]:
    """POST /play?QUERY from the address ``source`` (of 127.0.0.0/8): the status and the
    host's link."""
    import http.client

    parts = urlsplit(url)
    conn = http.client.HTTPConnection(
        parts.hostname or "127.0.0.1", parts.port, timeout=30, source_address=(source, 0)
    )
    try:
        conn.request("POST", f"/play?{query}")
        response = conn.getresponse()
        response.read()
        return response.status, response.getheader("location")
    finally:
        conn.close()


async def _create_from(
    url: str, source: str, query: str, tally: _Fair, deadline: float
) -> tuple[str, str] | None:
    """A new game from ``source``, asked for again (every second) while the server
    refuses, until ``deadline``: its id and host token, or None."""
    loop = asyncio.get_running_loop()
    while time.monotonic() < deadline:
        status, location = await loop.run_in_executor(None, _post_from, url, source, query)
        if status == 303 and location:
            q = parse_qs(urlsplit(location).query)
            return q["session"][0], q["seat"][0]
        tally.refused_games += 1
        await asyncio.sleep(1.0)
    return None


async def _host_page(
    url: str,
    source: str,
    gid: str,
    token: str,
    tally: _Fair,
    deadline: float,
    stop: asyncio.Event | None = None,
    at: dict[int, float] | None = None,
) -> bool:
    """The host's page of game ``gid`` from ``source``: says hello (its AI starts), reads
    every update until the game ends (True), ``stop`` or ``deadline``; reconnects when
    closed, counting the evictions and refusals; ``at`` collects when each move was
    stored."""
    import socket

    import websockets

    parts = urlsplit(url)
    ply = 0
    while time.monotonic() < deadline and not (stop is not None and stop.is_set()):
        sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
        sock.bind((source, 0))
        sock.setblocking(False)
        await asyncio.get_running_loop().sock_connect(sock, (parts.hostname, parts.port))
        try:
            async with websockets.connect(
                f"ws{url[4:]}/ws/{gid}", sock=sock, max_size=1 << 24
            ) as ws:
                await ws.send(json.dumps({"hello": {"ply": ply, "seat": token}}))
                while time.monotonic() < deadline:
                    if stop is not None and stop.is_set():
                        return False
                    try:
                        raw = await asyncio.wait_for(ws.recv(), 0.5)
                    except TimeoutError:
                        continue
                    message = json.loads(raw)
                    if message.get("type") == "error":
                        tally.refused_pages += 1
                        break
                    if message.get("type") != "update":
                        continue
                    ply = message["ply"]
                    if at is not None:
                        at.update({int(k): v for k, v in message.get("at", {}).items()})
                    if message["view"]["over"]:
                        return True
        except websockets.ConnectionClosed as exc:
            if exc.rcvd is not None and exc.rcvd.code == EVICTED:
                tally.evicted += 1
            elif exc.rcvd is not None and exc.rcvd.code == 1013:
                tally.refused_pages += 1
        except OSError as exc:
            tally.errors.append(f"game {gid}: {type(exc).__name__}: {exc}")
            return False
        await asyncio.sleep(1.0)
    return False


async def _fair_load(
    url: str,
    games: int,
    addresses: int,
    at_once: int,
    ai_seconds: float,
    attacker_games: int,
    attacker_seconds: float,
    victim_seconds: float,
    seconds: float,
    seed: int,
    tally: _Fair,
    on_progress: Callable[[str], None],
) -> int:
    """The crowd (``games`` games from ``addresses`` addresses, ``at_once`` at a time
    each), the attacker and the victim; the attacker's games created."""
    deadline = time.monotonic() + seconds
    stop = asyncio.Event()
    on_progress("a first game, to start the workers")
    warm = await _create_from(url, "127.0.0.1", FAIR_QUERY.format(seconds=0.05), _Fair(), deadline)
    if warm is not None:
        await _host_page(url, "127.0.0.1", *warm, _Fair(), deadline)
    attacker = "127.0.0.250"
    made: list[tuple[str, str]] = []
    for k in range(attacker_games):  # the attacker first: its pages start its AIs
        query = f"{ATTACK_QUERY.format(seconds=attacker_seconds)}&seed={seed + 10_000 + k}"
        game = await _create_from(url, attacker, query, tally, time.monotonic() + 5)
        if game is not None:
            made.append(game)
    pages = _Fair()
    attacking = [
        asyncio.create_task(_host_page(url, attacker, gid, token, pages, deadline, stop))
        for gid, token in made
    ]
    on_progress(f"the attacker opened {len(made)} games; the crowd and the victim play")

    async def address(n: int) -> None:
        source = f"127.0.0.{n + 2}"
        slots = asyncio.Semaphore(at_once)

        async def one(k: int) -> None:
            async with slots:
                query = f"{FAIR_QUERY.format(seconds=ai_seconds)}&seed={seed + n * 1000 + k}"
                game = await _create_from(url, source, query, tally, deadline)
                if game is not None and await _host_page(url, source, *game, tally, deadline):
                    tally.finished += 1
                    on_progress(f"{tally.finished} of {games} games ended")

        share = games // addresses + (n < games % addresses)
        await asyncio.gather(*(one(k) for k in range(share)))

    async def victim(at: dict[int, float], k: int) -> None:
        query = f"{FAIR_QUERY.format(seconds=victim_seconds)}&seed={seed + 99_999 + k}"
        game = await _create_from(url, "127.0.0.251", query, tally, deadline)
        if game is not None:
            at[-1] = time.time()
            await _host_page(url, "127.0.0.251", *game, tally, deadline, at=at)

    await asyncio.sleep(2.0)  # the attacker's AIs are thinking: the victim plays
    await victim(tally.victim_at, 0)
    on_progress("the victim's game ended; the crowd plays")
    await asyncio.gather(*(address(n) for n in range(addresses)), victim(tally.crowd_victim_at, 1))
    stop.set()
    await asyncio.gather(*attacking, return_exceptions=True)
    tally.attacker_refused = pages.refused_pages
    return len(made)


def bench_serve_fair(
    games: int = 200,
    addresses: int = 20,
    at_once: int = 3,
    ai_seconds: float = 0.05,
    attacker_games: int = 20,
    attacker_seconds: float = 5.0,
    victim_seconds: float = 0.2,
    seconds: float = 900.0,
    workers: int | None = None,
    seed: int = 1,
    on_progress: Callable[[str], None] = lambda text: None,
) -> ServeFair:
    """The server with the default caps of ``lazytree serve`` (in a process of its own,
    its searches in ``workers`` processes) against a crowd, an attacker and a victim,
    every one an address of 127.0.0.0/8: ``addresses`` addresses create ``games`` games
    of two AIs (``ai_seconds`` a move, Dice of Doom 3x3), ``at_once`` at a time each,
    each watched to its end by its host's page (asking again for a game the server
    refuses); one address opens ``attacker_games`` games of ``attacker_seconds`` AIs on
    a 5x5 board and keeps their host pages open (every AI thinking) to take the workers;
    and a victim's game of ``victim_seconds`` AIs is played meanwhile. Reports the games
    refused, the players' pages evicted, the gaps between the victim's moves and each
    creator's share of the worker time. The victim plays twice: first alone beside the
    attacker, then among the crowd. Stops after ``seconds``."""
    import os
    import subprocess
    import sys

    started = time.perf_counter()
    tally = _Fair()
    with tempfile.TemporaryDirectory(prefix="lazytree-bench-serve-") as tmp:
        settings = {"games": games, "db": str(Path(tmp) / "games.sqlite"), "caps": "default"}
        settings["workers"] = workers
        env = {**os.environ, "LAZYTREE_BENCH": json.dumps(settings)}
        proc = subprocess.Popen(
            [sys.executable, "-c", SERVE_CHILD],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            text=True,
            env=env,
        )
        stats: dict[str, Any] = {"charged": {}, "waited": {}, "connections_refused": 0}
        attacker_made = 0
        try:
            assert proc.stdout is not None and proc.stdin is not None
            line = proc.stdout.readline()
            if not line.startswith("PORT "):
                raise RuntimeError("the benchmark's server did not start")
            url = f"http://127.0.0.1:{int(line.split()[1])}"
            attacker_made = asyncio.run(
                _fair_load(
                    url, games, addresses, at_once, ai_seconds, attacker_games,
                    attacker_seconds, victim_seconds, seconds, seed, tally, on_progress,
                )
            )  # fmt: skip
        finally:
            try:  # (closes its standard input: the server stops and prints its figures)
                out, _ = proc.communicate(timeout=60)
            except subprocess.TimeoutExpired:
                proc.kill()
                out = ""
            for text in out.splitlines():
                if text.startswith("STATS "):
                    stats = json.loads(text[6:])
    charged = {k: v for k, v in stats["charged"].items() if k != "127.0.0.1"}  # (warm-up)
    total = sum(charged.values()) or 1.0
    share = {k: round(v / total, 4) for k, v in sorted(charged.items())}
    times = [t for _, t in sorted(tally.victim_at.items())]
    gaps = [(b - a) * 1000 for a, b in itertools.pairwise(times)]
    crowded = [t for _, t in sorted(tally.crowd_victim_at.items())]
    crowd_gaps = [(b - a) * 1000 for a, b in itertools.pairwise(crowded)]
    return ServeFair(
        games=games,
        addresses=addresses,
        finished=tally.finished,
        refused_games=tally.refused_games,
        refused_pages=tally.refused_pages,
        evicted=tally.evicted,
        attacker_games=attacker_games,
        attacker_created=attacker_made,
        attacker_pages_refused=tally.attacker_refused,
        victim_moves=max(0, len(times) - 1),
        victim_p50_ms=round(_percentile(gaps, 50), 1),
        victim_max_ms=round(max(gaps, default=0.0), 1),
        victim_wait_max_ms=round(1000 * stats.get("waited", {}).get("127.0.0.251", 0.0), 1),
        attacker_wait_max_ms=round(1000 * stats.get("waited", {}).get("127.0.0.250", 0.0), 1),
        crowd_victim_p50_ms=round(_percentile(crowd_gaps, 50), 1),
        crowd_victim_max_ms=round(max(crowd_gaps, default=0.0), 1),
        share=share,
        attacker_share=share.get("127.0.0.250", 0.0),
        connections_refused=int(stats["connections_refused"]),
        seconds=round(time.perf_counter() - started, 1),
        errors=tally.errors[:10],
    )
