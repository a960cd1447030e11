"""Whole matches: pairing, sums, SPRT stopping, JSONL records, processes and Dask."""

from __future__ import annotations

import json
import re
from typing import Any

import pytest

from lazytree.agents import AgentError
from lazytree.arena import SPRT, MatchSpec, run_match
from lazytree.arena.match import MatchResult
from lazytree.arena.play import GameRecord, PairTask, play_pair
from lazytree.games import load_game
from lazytree.session import Session
from tests.helpers import run

LISP3 = {"rules": "lisp", "size": 3}


def test_a_tiny_match_pairs_seats_and_sums_up() -> None:
    spec = MatchSpec("dice-of-doom", LISP3, ("lol2", "ror", "random"), pairs=3, seed=10)
    result = run_match(spec)
    assert result.games == 3 * 3 * 2
    by_pair: dict[tuple[int, frozenset[str]], list[GameRecord]] = {}
    for r in result.records:
        by_pair.setdefault((r.pair, frozenset(r.seats)), []).append(r)
    for (pair, _), games in by_pair.items():
        first, second = games
        assert first.seats == tuple(reversed(second.seats))  # seats swapped
        assert first.start == second.start  # the same board
        assert first.seed == second.seed == 10 + pair
        assert sum(first.scores) == sum(second.scores) == 1
    summary = result.summary()
    assert summary["games"] == 18 and summary["pairs"] == 9
    players = {p["name"]: p for p in summary["agents"]}
    for name, p in players.items():
        assert p["games"] == 12
        assert p["wins"] + p["draws"] + p["losses"] == 12
        own = [r.score_of(name) for r in result.records if name in r.seats]
        assert p["score"] == pytest.approx(sum(own) / len(own), abs=1e-4)
        lo, hi = p["score_ci"]
        assert lo <= p["score"] <= hi
        assert p["elo_ci"][0] <= p["elo"] <= p["elo_ci"][1]
        assert p["seconds_per_move"] is not None
    assert players["lol2"]["elo"] == 0 and summary["elo_reference"] == "lol2"
    # the three boards of the pairs differ (seeded by pair)
    assert len({r.start["board"] for r in result.records}) == 3


def test_two_players_rate_by_the_pair_score() -> None:
    result = run_match(MatchSpec("dice-of-doom", LISP3, ("lol2", "random"), pairs=4))
    p = result.summary()["agents"]
    assert p[0]["score"] + p[1]["score"] == pytest.approx(1)
    assert p[0]["elo"] == pytest.approx(-p[1]["elo"], abs=0.1)


def test_the_sprt_stops_a_clear_match_early() -> None:
    spec = MatchSpec("dice-of-doom", LISP3, ("lol2", "random"), pairs=200, sprt=SPRT(0, 100))
    seen: list[int] = []
    result = run_match(spec, on_pair=lambda r, pair: seen.append(r.games))
    assert result.sprt_result == "H1"
    assert result.games < 400 and seen[-1] == result.games
    summary = result.summary()["sprt"]
    assert summary["result"] == "H1" and summary["llr"] >= summary["bounds"][1]


@pytest.mark.parametrize(
    ("players", "message"),
    [
        (("lol2",), "at least 2 agents"),
        (("lol2", "lol2"), "each agent must be named once"),
        (("lol2", "nobody"), "unknown agent 'nobody'"),
        (("lol4", "random"), "lol4 is the AI of the chance rules"),
    ],
)
def test_bad_matches_say_why(players: tuple[str, ...], message: str) -> None:
    with pytest.raises((ValueError, AgentError), match=message):
        run_match(MatchSpec("dice-of-doom", LISP3, players, pairs=1))


def replay(record: dict[str, Any]) -> tuple[float, ...]:
    """Replay a JSONL record's session through the rules; the final scores."""
    doc = record["session"]
    pos = load_game(doc["game"], **{**doc["options"], **doc["start"]})
    game, state = pos.game, pos.state
    for text in doc["moves"]:
        legal = {game.move_to_str(state, m): m for m in game.legal_moves(state)}
        state = game.result(state, legal[text])
    assert game.is_terminal(state)
    return tuple(game.returns(state))


def test_jsonl_records_replay_to_their_results(tmp_path: Any) -> None:
    out = tmp_path / "games.jsonl"
    spec = MatchSpec(
        "dice-of-doom", {"rules": "chance", "size": 3}, ("lol4", "mcts:playouts=40"), pairs=2
    )
    with out.open("w") as sink:
        run_match(
            spec,
            on_pair=lambda r, pair: sink.writelines(json.dumps(g.record()) + "\n" for g in pair),
        )
    lines = [json.loads(line) for line in out.read_text().splitlines()]
    assert len(lines) == 4
    for line in lines:
        assert line["session"]["format"] == "lazytree-session"
        assert set(line["session"]) == {
            "format",
            "version",
            "game",
            "options",
            "start",
            "seats",
            "seed",
            "moves",
        }
        assert replay(line) == tuple(line["scores"])
        session = Session.load(line["session"])  # the browser session replays it too
        assert session.game.is_terminal(session.state)
        assert tuple(session.game.returns(session.state)) == tuple(line["scores"])
        assert [p.text for p in session.history] == line["session"]["moves"]
        assert sum(line["moves"]) > 0 and len(line["seconds"]) == 2
        assert GameRecord.from_record(line).record() == line


def records(result: MatchResult) -> list[tuple[Any, ...]]:
    return sorted((r.pair, r.seats, tuple(r.moves), r.scores) for r in result.records)


NODE_LIMITED = MatchSpec(
    "dice-of-doom",
    {"rules": "lisp", "size": 3},
    ("default:time=none:nodes=200", "mcts:playouts=30", "ror"),
    pairs=2,
    seed=3,
)


@pytest.mark.slow
def test_worker_processes_play_the_same_games() -> None:
    here = run_match(NODE_LIMITED)
    assert records(run_match(NODE_LIMITED, jobs=2)) == records(here)


@pytest.mark.slow
def test_a_dask_cluster_plays_the_same_games() -> None:
    from distributed import Client, LocalCluster

    here = run_match(NODE_LIMITED)
    with (
        LocalCluster(
            n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None
        ) as cluster,
        Client(cluster) as client,
    ):
        on_dask = run_match(NODE_LIMITED, dask=client)
        by_address = run_match(NODE_LIMITED, dask=cluster.scheduler_address)
    assert records(on_dask) == records(here) == records(by_address)


def test_a_pair_task_is_plain_data() -> None:
    import pickle

    task = PairTask("dice-of-doom", LISP3, ("ror", "lol2"), 0, 5)
    assert pickle.loads(pickle.dumps(task)) == task
    first, second = play_pair(task)
    assert (first.seats, second.seats) == (("ror", "lol2"), ("lol2", "ror"))


def test_a_game_no_player_can_finish_stops_the_match_with_what_it_has(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Any
) -> None:
    import lazytree.agents.players

    # a memory budget every search exceeds: the book's AI has no shallower answer
    monkeypatch.setattr(lazytree.agents.players, "DEFAULT_MEMORY", 1)
    spec = MatchSpec("dice-of-doom", {"rules": "lisp", "size": 5}, ("ror", "random"), pairs=3)
    result = run_match(spec)
    assert result.games < 6
    assert result.stopped is not None
    assert re.match(r"ror could not move at ply \d+ of the game of seed \d+: ", result.stopped)
    assert "memory budget" in result.stopped
    assert result.summary()["stopped"] == result.stopped

    code, out, err = run(
        "arena", "dice-of-doom", "--rules", "lisp", "--size", "5",
        "--players", "random,ror", "--pairs", "2", "--json",
    )  # fmt: skip
    assert code == 3
    assert json.loads(out)["games"] < 4
    assert re.match(r"partial: the match stopped after \d pairs: ror could not move", err)
    assert len(err.strip().splitlines()) == 1
