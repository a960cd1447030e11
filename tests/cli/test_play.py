"""``lazytree play`` on the session: --seats, --save (at the end and on quit), --load, their
errors."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from lazytree.session import Session
from tests.cli.helpers import run_process
from tests.conftest import run


def test_quit_saves_and_load_goes_on(tmp_path: Path) -> None:
    first = tmp_path / "game.json"
    code, out, _ = run(
        "play", "tictactoe", "--human", "all", "--save", str(first), input="b2\nquit\n"
    )
    assert code == 0 and "game abandoned" in out and f"saved the game to {first}" in out
    assert json.loads(first.read_text())["moves"] == ["b2"]
    second = tmp_path / "more.json"
    code, out, _ = run(
        "play", "tictactoe", "--human", "all", "--load", str(first), "--save", str(second),
        input="a1\nc3\nquit\n",
    )  # fmt: skip
    assert code == 0 and "loaded" in out and "1 moves played" in out
    assert json.loads(second.read_text())["moves"] == ["b2", "a1", "c3"]
    assert Session.loads(second.read_text()).to_move == 1


def test_a_finished_game_is_saved_and_replays(tmp_path: Path) -> None:
    path = tmp_path / "dice.json"
    code, out, _ = run(
        "play", "dice-of-doom", "--size", "3", "--seed", "2", "--rules", "chance",
        "--human", "none", "--depth", "1", "--dice-seed", "4", "--save", str(path), "-v",
    )  # fmt: skip
    assert code == 0 and "game over" in out and " rolls " in out
    saved = Session.loads(path.read_text())
    assert saved.is_over
    assert len(saved.history) == out.count("plays") + out.count("chance: ")


def test_load_errors_are_one_line(tmp_path: Path) -> None:
    missing = tmp_path / "none.json"
    code, _, err = run("play", "tictactoe", "--load", str(missing))
    assert code == 2 and "--load" in err and "Traceback" not in err
    bad = tmp_path / "bad.json"
    bad.write_text("{oops")
    code, _, err = run("play", "tictactoe", "--load", str(bad))
    assert code == 2 and "malformed JSON" in err
    other = tmp_path / "checkers.json"
    other.write_text(Session("checkers").dumps())
    code, _, err = run("play", "tictactoe", "--load", str(other))
    assert code == 2 and "a game of checkers, not tictactoe" in err
    data = json.loads(Session("tictactoe").dumps())
    data["moves"] = ["b2", "b2"]
    bad.write_text(json.dumps(data))
    code, _, err = run("play", "tictactoe", "--load", str(bad))
    assert code == 2 and "move 2 ('b2') is illegal" in err


def test_two_agents_of_the_registry_play_to_the_end(tmp_path: Path) -> None:
    path = tmp_path / "agents.json"
    code, out, err = run(
        "play", "dice-of-doom", "--rules", "lisp", "--size", "3",
        "--seats", "lol2,mcts:time=0.05", "--save", str(path),
    )  # fmt: skip
    assert code == 0 and "game over" in out and err == ""
    assert "(you)" not in out  # nobody human
    saved = json.loads(path.read_text())
    assert saved["version"] == 2 and saved["seats"] == ["lol2", "mcts:time=0.05"]
    assert Session.loads(path.read_text()).is_over


def test_seats_seat_a_human_and_an_agent() -> None:
    code, out, _ = run("play", "tictactoe", "--seats", "human,random:seed=3", input="b2\nquit\n")
    assert code == 0 and "player 1 (AI) played" in out and "game abandoned" in out


def test_human_is_a_deprecated_spelling_of_seats() -> None:
    code, out, _ = run("play", "tictactoe", "--human", "all", input="b2\nquit\n")
    assert code == 0 and out.startswith("--human is deprecated; use --seats human,human\n")
    args = ("--human", "1", "--time", "0", "--depth", "1")
    code, out, _ = run("play", "tictactoe", *args, input="quit\n")
    assert code == 0 and "player 0 (AI) played" in out
    first = out.splitlines()[0]
    seat = "default:time=none:rater=auto:depth=1"
    assert first.startswith(f"--human is deprecated; use --seats {seat}")
    assert first.endswith(",human")


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--seats", "lol2"], "--seats 'lol2': expected 2 agents separated by commas"),
        (["--seats", "human,alphazero"], "seat 1: unknown agent 'alphazero' (known: ror,"),
        (["--seats", "human,ror:speed=2"], "ror has no parameter 'speed'"),
        (["--rules", "chance", "--seats", "lol2,human"], "seat 0: lol2 is the AI of the lisp"),
        (["--seats", "human,lol2", "--human", "0"], "--seats and --human cannot be used"),
        (["--seats", "human,lol2", "--time", "2"], "--time and --seats cannot be used"),
        (["--seats", "human,lol2", "--search-width", "2"], "--search-width and --seats"),
    ],
)
def test_bad_seats_are_one_line_errors(args: list[str], message: str) -> None:
    code, _, err = run("play", "dice-of-doom", "--size", "3", *args)
    assert code == 2 and message in err and "Traceback" not in err
    assert err.count("\n") == 1


def test_a_board_too_wide_for_the_terminal_is_explained_once() -> None:
    """A board wider than the terminal is replaced by a note every turn: the whole
    explanation the first time, a few words after."""
    code, out, _ = run(
        "play", "dice-of-doom", "--size", "20", "--seed", "1", "--seats", "human,random",
        input="1\npass\n1\npass\nquit\n",
    )  # fmt: skip
    assert code == 0 and "game abandoned" in out
    assert out.count("widen it") == 1
    assert out.count("(board not shown:") >= 2


def test_load_refuses_an_oversized_file_before_reading_it(tmp_path: Path) -> None:
    """A 45 MB "saved game" (replaying it took the process to 512 MB) is refused in one
    line, by its size, with the memory of a command that did nothing."""
    big = tmp_path / "big.json"
    data = json.loads(Session("tictactoe").dumps())
    size = 45 * 1024**2
    data["moves"] = ["b2"] * (size // 6 - 1000)  # '"b2", ' each
    text = json.dumps(data)
    big.write_text(text + " " * (size - len(text)))
    assert big.stat().st_size == size
    ran = run_process("play", "tictactoe", "--seats", "human,human", "--load", str(big))
    assert ran.code == 2
    assert ran.error_line() == (
        f"error: --load {big}: 45 MiB is more than the 4 MiB a saved game may be"
    )
    small = run_process("play", "tictactoe", "--seats", "human,random", "--max-memory", "x")
    assert ran.peak < small.peak + 20 * 1024**2  # nothing of the file was held
