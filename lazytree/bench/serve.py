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
import json
import random
import statistics
import tempfile
import threading
import time
from collections.abc import Callable
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any
from urllib.parse import parse_qs, urlsplit

__all__ = ["ServeBench", "bench_serve"]

GAME_QUERY = "game=dice-of-doom&size=3&seats=human,human"
"""The games of the benchmark (with ``&seed=K`` for game ``K``)."""


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
            if view["over"] or len(moves) >= max_moves:
                tally.finished += view["over"] and seat == 0
                break
            if waiting is None and view["to_move"] == seat and view["moves_made"] == len(moves):
                choice = rng.choice(view["board"]["moves"])["move"]
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
    import uvicorn

    from lazytree.server import create_app
    from lazytree.server.limits import Quotas, RateLimit
    from lazytree.server.runner import Sessions
    from lazytree.server.store import GameStore

    with tempfile.TemporaryDirectory(prefix="lazytree-bench-serve-") as tmp:
        store = GameStore(Path(tmp) / "games.sqlite")
        app = create_app(
            Sessions(limit=games + 16, store=store),
            create_rate=RateLimit(burst=games + 16, per_second=100.0),
            quotas=Quotas(  # every page of the benchmark comes from one address
                create_total=RateLimit(burst=games + 16, per_second=100.0),
                sockets_per_address=100_000,
            ),
        )
        server = uvicorn.Server(
            uvicorn.Config(app, host="127.0.0.1", port=0, log_level="warning", lifespan="on")
        )
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
