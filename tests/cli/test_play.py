"""``lazytree play`` on the session: --seats, --save (at the end and on quit), --load, their
errors."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from lazytree.game import OrderedGame
from lazytree.session import Session
from tests.cli.helpers import run_process
from tests.helpers import run


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


def _territories(session: Session) -> str:
    """The territory count a status line shows for the session's position."""
    owners = session.state.owners
    return f"territories: A {owners.count(0)}, B {owners.count(1)}"


def test_the_territories_are_counted_every_turn_on_a_board_that_fits(tmp_path: Path) -> None:
    path = tmp_path / "game.json"
    code, out, _ = run(
        "play", "dice-of-doom", "--size", "3", "--seed", "1", "--seats", "human,random:seed=3",
        "--save", str(path), input="1\npass\nquit\n",
    )  # fmt: skip
    assert code == 0 and "player 1 (B, AI) played" in out
    assert "columns wide" not in out  # the board was drawn
    start = Session("dice-of-doom", {"size": 3, "seed": 1})
    counts = [line for line in out.splitlines() if "territories:" in line]
    assert len(counts) == 4  # before the human's two moves, the AI's turn, and the quit
    assert counts[0].endswith(_territories(start))
    assert counts[-1].endswith(_territories(Session.loads(path.read_text())))


def test_a_big_board_lists_a_few_moves_and_answers_questions(tmp_path: Path) -> None:
    """On 20x20 (about 240 legal moves) the prompt lists the first few by the game's
    hint; ``?`` lists the next few, ``N?`` the moves from and onto cell N, and a number
    picks from the list shown last."""
    path = tmp_path / "game.json"
    code, out, _ = run(
        "play", "dice-of-doom", "--size", "20", "--seed", "1", "--seats", "human,random",
        "--save", str(path), input="?\n36?\n2\nquit\n",
    )  # fmt: skip
    assert code == 0
    session = Session("dice-of-doom", {"size": 20, "seed": 1})
    game, state = session.game, session.state
    assert isinstance(game, OrderedGame)
    moves = session.legal_moves()
    label = dict(moves)
    ranked = [label[m] for m in game.order_moves(state, [m for m, _ in moves])]
    assert len(moves) > 200
    assert max(line.count("->") for line in out.splitlines()) <= 8  # never hundreds
    listed = re.findall(r"moves \d+-\d+ of .*", out)
    assert listed[0].startswith(f"moves 1-8 of {len(moves)} by the game's hint: ")
    assert listed[0].split(": ", 1)[1].split("  ")[0] == f"1 {ranked[0]}"
    assert all(f" {text}" in listed[0] for text in ranked[:8])
    assert listed[1].startswith(f"moves 9-16 of {len(moves)}")
    assert all(f" {text}" in listed[1] for text in ranked[8:16])
    of_36 = [text for _, text in moves if text.startswith("36->")]
    of_36 += [text for _, text in moves if text.endswith("->36")]
    line = out.split("(or quit): ")[2].splitlines()[0]  # the answer to the second question
    assert line.startswith(f"{len(of_36)} moves from or onto cell 36: ")
    assert line.split(": ", 1)[1] == "  ".join(f"{k} {t}" for k, t in enumerate(of_36, 1))
    assert json.loads(path.read_text())["moves"] == [of_36[1]]


@pytest.mark.parametrize(
    ("ask", "answer"),
    [
        ("x?", "no legal move written with 'x'"),
        ("9999?", "no legal move from or onto cell 9999"),
        ("[bold]?", "no legal move written with '[bold]'"),  # shown, not read as markup
    ],
)
def test_a_question_without_moves_is_answered(ask: str, answer: str) -> None:
    code, out, _ = run(
        "play", "dice-of-doom", "--size", "20", "--seed", "1", "--seats", "human,random",
        input=f"{ask}\n99\nquit\n",
    )  # fmt: skip
    assert code == 0 and answer in out
    assert "no move 99: pick a number from 1 to 8" in out  # the list shown last: the first


def test_moves_are_asked_for_by_their_notation() -> None:
    code, out, _ = run("play", "tictactoe", "--seats", "human,human", input="b?\n3\nquit\n")
    assert code == 0
    assert "3 moves written with 'b': 1 b1  2 b2  3 b3" in out
    assert "3  . X .\nO to move" in out  # 3 in the list shown last: b3
    assert "moves: a1  b1  c1  a2  b2  c2  a3  c3 " in out


@pytest.mark.slow
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
