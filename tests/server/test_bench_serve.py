"""``lazytree bench serve``: games played over WebSockets, nothing lost or doubled."""

from __future__ import annotations

import json

import pytest

from benchmarks.serve import bench_serve
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
    r = run("bench", "serve", "--lift-caps", "--games", "2", "--max-moves", "4", "--json")
    assert r.code == 0, r.err
    data = json.loads(r.out)
    assert data["ok"] and data["games"] == 2 and data["clients"] == 4
    assert data["lost"] == data["duplicated"] == data["unconfirmed"] == 0
    assert 2 <= data["moves"] <= 2 * 4  # each game stops once 4 plies were pushed


@pytest.mark.slow
def test_the_ai_load_loses_and_doubles_nothing_and_measures_the_web_process() -> None:
    from benchmarks.serve import bench_serve_ai

    told: list[str] = []
    result = bench_serve_ai(
        games=3,
        sockets=6,
        slow=1,
        seconds=5,
        ai_seconds=0.05,
        ping_seconds=0.5,
        on_progress=told.append,
    )
    assert result.ok, result
    # the load period ends, then every game started is waited for, to its end
    assert result.started == result.finished == 3 and not result.unfinished
    assert result.moves > 0 and result.pushed > 0 and told
    assert result.executor == "processes" and result.slow == 1
    assert 0 < result.p50_ms <= result.p95_ms <= result.max_ms
    # the game with the slow page has two reading pages too: their latencies apart
    assert 0 < result.slow_games_p50_ms <= result.slow_games_p95_ms <= result.slow_games_max_ms
    assert 0 < result.healthz_p50_ms <= result.healthz_p99_ms
    assert 0 < result.rss_start_mb <= result.rss_warm_mb <= result.rss_peak_mb
    # the page that never reads answers no ping: dropped within two pings of the hello,
    # though its kernel's buffers never filled (the games' updates are small)
    assert len(result.slow_dropped_at) == result.slow_dropped == 1
    assert result.slow_dropped_at[0] < 5


@pytest.mark.slow
def test_the_ai_load_command_prints_json() -> None:
    r = run(
        "bench", "serve", "--ai-games", "2", "--sockets", "3", "--slow", "1",
        "--seconds", "5", "--ai-time", "0.05", "--json",
    )  # fmt: skip
    assert r.code == 0, r.err
    data = json.loads(r.out)
    assert data["ok"] and data["games"] == 2 and data["sockets"] == 3
    assert data["lost"] == data["duplicated"] == data["mismatched"] == 0
    assert set(data) >= {"rss_start_mb", "rss_peak_mb", "rss_end_mb", "healthz_p99_ms"}
    assert data["started"] == 2 and {"finished", "unfinished", "slow_dropped_at"} <= set(data)
    r = run("bench", "serve", "--ai-games", "2", "--sockets", "1", "--slow", "2")
    assert r.code == 2 and "--slow 2 is more than --sockets 1" in r.err


def test_the_board_size_command_measures_memory_and_a_move_s_update() -> None:
    """Four 20x20 games held with a page open: memory per game, and a move's update far
    smaller than the whole board the page is sent first."""
    r = run("bench", "serve", "--board-size", "20", "--json")
    assert r.code == 0, r.err
    board = json.loads(r.out)
    assert board["size"] == 20 and board["games"] == 4 and board["plies"] == 12
    assert board["mb_per_game"] < 50
    assert 0 < board["move_update_deflated_kb"] < board["move_update_kb"]
    assert board["move_update_kb"] * 4 < board["first_update_kb"]


def test_the_default_caps_benchmark_evicts_no_player_and_reports_the_shares() -> None:
    from benchmarks.serve import bench_serve_fair

    told: list[str] = []
    result = bench_serve_fair(games=4, addresses=2, attacker_games=3, on_progress=told.append)
    assert result.ok, result
    assert result.finished == 4 and result.evicted == 0 and result.attacker_created == 3
    assert result.victim_moves > 0 and 0 < result.victim_p50_ms <= result.victim_max_ms
    # every creator is charged its own worker time; the attacker never more than its turn
    assert {"127.0.0.2", "127.0.0.3", "127.0.0.250", "127.0.0.251"} <= set(result.share)
    assert abs(sum(result.share.values()) - 1) < 0.01 and told
