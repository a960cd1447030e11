"""The Dice Wars framework's AIs as agents, and the table format for 3 to 8 players.

The framework is loaded from ``../shared/anchors/dicewars`` (beside the project; GPL,
never copied) through ``--dicewars`` or ``LAZYTREE_DICEWARS``.
"""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

import pytest

from lazytree.agents import AgentError, check_agent, make_ai
from lazytree.arena import MatchSpec, run_match
from lazytree.arena.play import GameRecord
from lazytree.arena.table import TableSpec, run_table
from lazytree.games import load_game
from lazytree.games.dice_of_doom import PASS, Attack
from lazytree.games.dice_of_doom.framework import ENVIRONMENT
from tests.helpers import run as run_cli

FRAMEWORK = Path(__file__).resolve().parents[2].parent / "shared" / "anchors" / "dicewars"
needs_framework = pytest.mark.skipif(
    not (FRAMEWORK / "dicewars" / "ai" / "dt").is_dir(),
    reason=f"the Dice Wars framework is not at {FRAMEWORK}",
)
DICEWARS4 = {"rules": "dicewars", "size": 4}


@pytest.fixture
def framework(monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv(ENVIRONMENT, str(FRAMEWORK))
    return FRAMEWORK


@needs_framework
def test_framework_ais_play_a_paired_match(framework: Path) -> None:
    spec = MatchSpec("dice-of-doom", DICEWARS4, ("dt.stei", "dt.wpm_c"), pairs=2, seed=3)
    result = run_match(spec)
    assert result.games == 4
    for record in result.records:
        assert sorted(record.scores) == [0.0, 1.0] or record.scores == (0.5, 0.5)
        assert record.moves and not record.adjudicated
    again = run_match(spec)  # the framework's AIs are deterministic: the same games

    def games(records: list[GameRecord]) -> list[tuple[int, tuple[str, ...], list[str]]]:
        return sorted((r.pair, r.seats, r.moves) for r in records)

    assert games(again.records) == games(result.records)


@needs_framework
def test_framework_ai_moves_are_legal_and_follow_its_rule(framework: Path) -> None:
    position = load_game("dice-of-doom", rules="dicewars", size=2, board="0:8 1:1 1:8 0:1")
    agent = make_ai("dt.stei")
    agent.start(position.game, position.state, 0)
    # 8 dice on 1 die: stei attacks; the 8 against 8 only because it holds 8 dice too
    assert agent.choose().move == Attack(0, 1)
    position = load_game("dice-of-doom", rules="dicewars", size=2, board="0:2 1:8 1:8 0:1")
    agent.start(position.game, position.state, 0)
    assert agent.choose().move is PASS


def test_without_a_checkout_the_agent_refuses_in_one_line(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv(ENVIRONMENT, raising=False)
    position = load_game("dice-of-doom", **DICEWARS4)
    with pytest.raises(AgentError, match="--dicewars PATH"):
        make_ai("dt.stei").start(position.game, position.state, 0)
    monkeypatch.setenv(ENVIRONMENT, "/nonexistent")
    with pytest.raises(AgentError, match="not a checkout"):
        make_ai("dt.wpm_c").start(position.game, position.state, 0)


def test_framework_ais_play_only_the_dicewars_rules(framework: Path) -> None:
    position = load_game("dice-of-doom", rules="chance", size=3)
    with pytest.raises(AgentError, match="dicewars rules"):
        make_ai("dt.stei").start(position.game, position.state, 0)


def test_a_request_cannot_name_a_folder() -> None:
    # the agent takes no parameter: nothing in a page, URL or saved file names a path
    with pytest.raises(AgentError, match="no parameter"):
        check_agent("dt.stei:path=x")
    with pytest.raises(AgentError):
        check_agent("dt.stei:path=/etc")


def test_cli_refuses_a_folder_that_is_not_the_framework(tmp_path: Path) -> None:
    before = os.environ.get(ENVIRONMENT)
    code, _, err = run_cli(
        "arena", "dice-of-doom", "--rules", "dicewars", "--agents", "dt.stei,random",
        "--dicewars", str(tmp_path),
    )  # fmt: skip
    assert code == 2 and "not a checkout" in err and "Traceback" not in err
    assert os.environ.get(ENVIRONMENT) == before


@needs_framework
def test_cli_arena_with_dicewars_option(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv(ENVIRONMENT, raising=False)
    code, out, err = run_cli(
        "arena", "dice-of-doom", "--rules", "dicewars", "--size", "3",
        "--agents", "dt.stei,dt.rand", "--pairs", "2", "--json", "--dicewars", str(FRAMEWORK),
    )  # fmt: skip
    monkeypatch.delenv(ENVIRONMENT, raising=False)  # (the option set it for the workers)
    assert code == 0, err
    assert json.loads(out)["games"] == 4


# -- the table format ---------------------------------------------------------------------
def test_table_rotates_the_seats_over_the_same_boards() -> None:
    spec = TableSpec(
        "dice-of-doom",
        {"rules": "chance", "size": 3, "players": 3},
        ("random:seed=1", "random:seed=2", "random:seed=3"),
        boards=2,
        seed=5,
    )
    tasks = list(spec.tasks())
    assert [t.seats[0] for t in tasks[:3]] == list(spec.agents)
    assert {t.seed for t in tasks[:3]} == {5} and {t.seed for t in tasks[3:]} == {6}
    result = run_table(spec)
    summary = result.summary()
    assert summary["games"] == 6 and summary["boards"] == 2
    assert sum(a["wins"] for a in summary["agents"]) <= 6
    starts = {
        json.dumps(r.record()["session"]["start"]) for t, r in result.games_played if t.board == 0
    }
    assert len(starts) == 1  # one board, every rotation


def test_table_counts_a_repeated_agent_once_per_seat() -> None:
    spec = TableSpec(
        "dice-of-doom",
        {"rules": "chance", "size": 3, "players": 3},
        ("mcts:playouts=20", "random", "random"),
        boards=2,
    )
    summary = run_table(spec).summary()
    by_name = {a["name"]: a for a in summary["agents"]}
    assert by_name["random"]["seats"] == 2 and by_name["random"]["games"] == 12
    assert by_name["mcts:playouts=20"]["fair_share"] == pytest.approx(1 / 3, abs=1e-4)
    total = sum(a["score"] * a["seats"] for a in summary["agents"])
    assert total == pytest.approx(1.0, abs=1e-3)  # the shares of each game sum to one


def test_table_needs_one_agent_a_seat() -> None:
    spec = TableSpec("dice-of-doom", {"rules": "chance", "players": 3}, ("random", "random"))
    with pytest.raises(ValueError, match="3 players"):
        spec.check()


def test_cli_plays_the_table_for_more_than_two_players() -> None:
    code, out, err = run_cli(
        "arena", "dice-of-doom", "--rules", "chance", "--size", "3", "--table",
        "--agents", "random,random,mcts:playouts=10", "--pairs", "1", "--json",
    )  # fmt: skip
    assert code == 0, err
    data = json.loads(out)
    assert data["format"] == "table" and data["games"] == 3
    assert data["options"]["players"] == 3
    code, _, err = run_cli("arena", "tictactoe", "--table", "--agents", "random,random,random")
    assert code == 2 and "2 players" in err and "Traceback" not in err


# -- serve ------------------------------------------------------------------------------
def _client() -> Any:
    from starlette.testclient import TestClient

    from lazytree.server import create_app
    from lazytree.server.runner import Sessions

    return TestClient(create_app(Sessions(limit=4), hosts=["testserver"]))


def _error(text: str) -> str:
    return text.split('data-error="', 1)[1].split('"', 1)[0]


def test_serve_refuses_the_framework_unless_the_operator_gave_it(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.delenv(ENVIRONMENT, raising=False)
    with _client() as client:
        r = client.post("/play?game=dice-of-doom&rules=dicewars&seats=human,dt.stei")
        assert r.status_code == 400 and "--dicewars PATH" in _error(r.text)
        r = client.post("/play?game=dice-of-doom&rules=dicewars&seats=human,dt.stei:path=/etc")
        assert r.status_code == 400 and "no parameter" in _error(r.text)


@needs_framework
def test_serve_plays_the_framework_ais_the_operator_gave(framework: Path) -> None:
    with _client() as client:
        r = client.post(
            "/play?game=dice-of-doom&rules=dicewars&size=3&seed=2&seats=dt.stei,dt.rand"
        )
        assert r.status_code == 200, _error(r.text)
        sid = r.text.split('data-session="', 1)[1].split('"', 1)[0]
        view = client.get(f"/api/sessions/{sid}").json()
        assert [seat["name"] for seat in view["seats"]] == ["dt.stei", "dt.rand"]
