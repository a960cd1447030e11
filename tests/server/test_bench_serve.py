"""``lazytree bench serve``: games played over WebSockets, nothing lost or doubled."""

from __future__ import annotations

import json

from lazytree.bench.serve import bench_serve
from tests.cli.helpers import run


def test_the_load_benchmark_loses_and_doubles_nothing() -> None:
    ended: list[int] = []
    result = bench_serve(games=3, seed=5, on_game=lambda: ended.append(1))
    assert result.ok and not result.errors, result
    assert result.clients == 6 and len(ended) == 3 and result.finished == 3
    # every move confirmed to its mover was pushed to the other client of its game
    assert result.moves > 3 and result.pushes == result.moves
    assert 0 < result.p50_ms <= result.p95_ms <= result.max_ms


def test_the_command_prints_json_and_stops_games_at_max_moves() -> None:
    r = run("bench", "serve", "--games", "2", "--max-moves", "4", "--json")
    assert r.code == 0, r.err
    data = json.loads(r.out)
    assert data["ok"] and data["games"] == 2 and data["clients"] == 4
    assert data["lost"] == data["duplicated"] == data["unconfirmed"] == 0
    assert 2 <= data["moves"] <= 2 * 4  # each game stops once 4 plies were pushed
