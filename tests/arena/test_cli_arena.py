"""``lazytree arena``: the table, --json, --out, --sprt and one-line errors."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from lazytree.session import Session
from tests.helpers import run as run_cli

LISP3 = ("dice-of-doom", "--rules", "lisp", "--size", "3")


def run(*args: str) -> tuple[int, str, str]:
    return run_cli("arena", *args)


def test_json_summary_and_jsonl_records(tmp_path: Path) -> None:
    out = tmp_path / "games.jsonl"
    code, stdout, _ = run(
        *LISP3,
        "--players",
        "lol2,ror:depth=2",
        "--pairs",
        "3",
        "--seed",
        "4",
        "--json",
        "--out",
        str(out),
    )
    assert code == 0
    data = json.loads(stdout)
    assert data["games"] == 6 and data["pairs"] == 3
    names = [p["name"] for p in data["agents"]]
    assert names == ["lol2", "ror:depth=2"]
    for p in data["agents"]:
        assert set(p) >= {"name", "score", "elo", "elo_ci", "score_ci", "wins", "draws", "losses"}
        assert len(p["elo_ci"]) == 2
    lines = [json.loads(line) for line in out.read_text().splitlines()]
    assert len(lines) == 6
    assert {line["seed"] for line in lines} == {4, 5, 6}
    assert all(line["session"]["options"]["rules"] == "lisp" for line in lines)
    for line in lines:  # what the command wrote loads as a browser session
        session = Session.load(line["session"])
        assert tuple(session.game.returns(session.state)) == tuple(line["scores"])


def test_table_and_sprt() -> None:
    code, stdout, _ = run(
        *LISP3,
        "--players",
        "lol2,random",
        "--pairs",
        "200",
        "--sprt",
        "0,100",
    )
    assert code == 0
    assert "lol2" in stdout and "random" in stdout and "Elo" in stdout
    assert "SPRT [0, 100]" in stdout and "H1 accepted" in stdout


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--players", "lol2"], "at least 2 agents"),
        (["--players", "lol2,stockfish"], "unknown agent 'stockfish'"),
        (["--players", "lol2,ror:depth=deep"], "is not a whole number"),
        (["--players", "lol2,ror:speed=1"], "ror has no parameter 'speed'"),
        (["--players", "lol2,ror", "--pairs", "0"], "--pairs must be at least 1"),
        (["--players", "lol2,ror", "--sprt", "10"], "write two Elo numbers"),
        (["--players", "lol2,ror", "--sprt", "10,0"], "elo0 < elo1"),
        (["--players", "lol2,ror,random", "--sprt", "0,10"], "exactly 2 agents"),
        (["--players", "lol2,ror", "--size", "1"], "size must be at least 2"),
        (["--players", "lol2,ror", "--out", "/no/such/dir/g.jsonl"], "--out"),
    ],
)
def test_bad_input_is_one_line_and_exit_2(args: list[str], message: str) -> None:
    code, stdout, stderr = run("dice-of-doom", "--rules", "lisp", *args)
    assert code == 2
    assert message in stderr
    assert len(stderr.strip().splitlines()) == 1 and not stdout


def test_report_sums_up_out_files_again_and_joins_runs(tmp_path: Path) -> None:
    players = ("--players", "random:seed=1,random:seed=2,ror:depth=1", "--pairs", "2")
    first, second = tmp_path / "a.jsonl", tmp_path / "b.jsonl"
    code, one, _ = run(*LISP3, *players, "--json", "--out", str(first))
    assert code == 0
    code, again, _ = run("report", str(first), "--json")
    assert code == 0
    for key in ("games", "agents", "meetings"):  # the same table from the file
        assert json.loads(again)[key] == json.loads(one)[key]
    meetings = json.loads(one)["meetings"]
    assert [m["agents"] for m in meetings] == [
        ["random:seed=1", "random:seed=2"],
        ["random:seed=1", "ror:depth=1"],
        ["random:seed=2", "ror:depth=1"],
    ]
    assert all(m["pairs"] == 2 and sum(m["pentanomial"]) == 2 for m in meetings)

    # a second run from other boards, and a stopped run's unpaired last game
    assert run(*LISP3, *players, "--seed", "10", "--out", str(second))[0] == 0
    lines = second.read_text().splitlines()
    second.write_text("\n".join(lines[:-1]) + "\n")
    code, both, _ = run("report", str(first), str(second), "--json")
    assert code == 0
    data = json.loads(both)
    assert data["games"] == 12 + 10 and data["pairs"] == 11
    code, table, err = run("report", str(first), str(second))
    assert "1 game(s) without the other game of their pair left out" in err
    assert "meetings" in table


@pytest.mark.parametrize(
    ("content", "message"),
    [
        ("not json\n", "games.jsonl:1: not a game of lazytree arena --out"),
        ('{"pair": 0}\n', "games.jsonl:1: not a game of lazytree arena --out"),
        ("", "no games to sum up"),
    ],
)
def test_report_of_a_bad_file_is_one_line(tmp_path: Path, content: str, message: str) -> None:
    path = tmp_path / "games.jsonl"
    path.write_text(content)
    code, _, err = run("report", str(path))
    assert code == 2
    assert message in err and len(err.strip().splitlines()) == 1
    code, _, err = run("report", str(tmp_path / "missing.jsonl"))
    assert code == 2 and "missing.jsonl" in err


def test_report_refuses_a_pair_given_twice(tmp_path: Path) -> None:
    path = tmp_path / "games.jsonl"
    assert (
        run(*LISP3, "--players", "random,ror:depth=1", "--pairs", "1", "--out", str(path))[0] == 0
    )
    code, _, err = run("report", str(path), str(path))
    assert code == 2 and "is given twice" in err
