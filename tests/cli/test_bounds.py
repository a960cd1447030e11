"""Files, sizes and interruptions a user can throw at a command.

Every file a command reads is a regular file of bounded size; every file it writes is
checked before the work starts, and a write that still fails at the end keeps the result
elsewhere; every count of work (sizes, seeds, games, pairs) is bounded up front; an
out-of-memory error names what made the work large; Ctrl-C says what was done.

The commands that could fill the machine's memory on a regression run in a child
process under a low memory ceiling (``data_limit``), so a regression fails small.
"""

from __future__ import annotations

import json
import os
import socket
from pathlib import Path
from typing import Any

import pytest

from lazytree.cli.common import MIN_MEMORY
from lazytree.cli.files import MAX_SAVED_GAME_BYTES
from tests.cli.helpers import interrupt_after, run, run_process

MIB = 1024**2
CEILING = 600 * MIB
"""The child's memory ceiling in the tests of unbounded work."""

ARENA = ["arena", "dice-of-doom", "--size", "2", "--players", "default,random", "--pairs", "1"]
TUNE = ["tune", "dice-of-doom", "--size", "2", "--games", "4", "--pairs", "2", "--nodes", "20"]


def one_error(code: int, err: str, message: str) -> str:
    """The single ``error:`` line of a refused command, which must contain ``message``."""
    assert code == 2, err
    lines = [line for line in err.splitlines() if line.strip()]
    assert len(lines) == 1 and lines[0].startswith("error: "), lines
    assert message in lines[0], lines[0]
    return lines[0]


# -- files read -----------------------------------------------------------------------


def test_a_saved_game_nested_too_deeply_is_one_line(tmp_path: Path) -> None:
    deep = tmp_path / "deep.json"
    deep.write_text("[" * 100_000 + "]" * 100_000)
    ran = run("play", "tictactoe", "--load", str(deep))
    one_error(ran.code, ran.err, f"--load {deep}: not a saved session: JSON nested too deeply")


def test_a_saved_game_with_a_huge_integer_is_one_line(tmp_path: Path) -> None:
    big = tmp_path / "big.json"
    big.write_text('{"format": ' + "9" * 5000 + "}")
    ran = run("play", "tictactoe", "--load", str(big))
    one_error(ran.code, ran.err, "not a saved session: malformed JSON")


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["play", "tictactoe", "--load", "/dev/zero"], "--load /dev/zero: not a regular file"),
        (
            ["play", "dice-of-doom", "--size", "2", "--weights", "/dev/zero"],
            "--weights /dev/zero: not a regular file",
        ),
        (
            ["analyse", "dice-of-doom", "--size", "2", "--weights", "/dev/zero"],
            "--weights /dev/zero: not a regular file",
        ),
        (
            ["analyse", "checkers", "--depth", "1", "--weights", "/dev/zero"],
            "--weights /dev/zero: not a regular file",
        ),
        (
            [*ARENA, "--weights", "/dev/zero"],
            "/dev/zero: not a regular file",
        ),
        (["arena", "report", "/dev/zero"], "/dev/zero: not a regular file"),
    ],
)
def test_a_file_that_never_ends_is_refused_unread(args: list[str], message: str) -> None:
    ran = run_process(*args, data_limit=CEILING)
    one_error(ran.code, ran.err, message)


@pytest.mark.slow
def test_a_fifo_is_refused_without_waiting_for_a_writer(tmp_path: Path) -> None:
    fifo = tmp_path / "game.json"
    os.mkfifo(fifo)
    for args in (
        ["play", "tictactoe", "--load", str(fifo)],
        ["analyse", "dice-of-doom", "--size", "2", "--weights", str(fifo)],
        ["arena", "report", str(fifo)],
    ):
        ran = run_process(*args, timeout=60)
        one_error(ran.code, ran.err, f"{fifo}: not a regular file")


def test_a_file_too_large_to_be_a_saved_game_is_refused(tmp_path: Path) -> None:
    huge = tmp_path / "huge.json"
    with huge.open("wb") as f:
        f.truncate(MAX_SAVED_GAME_BYTES + 1)  # sparse: costs no disk
    ran = run("play", "tictactoe", "--load", str(huge))
    one_error(ran.code, ran.err, "is more than the 4 MiB a saved game may be")


def test_inline_weights_nested_too_deeply_are_one_line() -> None:
    ran = run("analyse", "checkers", "--depth", "1", "--weights", "[" * 50_000)
    one_error(ran.code, ran.err, "--weights is not a JSON object: JSON nested too deeply")


# -- files written --------------------------------------------------------------------


@pytest.mark.parametrize(
    ("args", "message"),
    [
        ([*TUNE, "--out", "/proc/x"], "--out /proc/x: cannot create a file in /proc"),
        ([*TUNE, "--out", "{tmp}"], "--out {tmp}: is a directory"),
        ([*TUNE, "--out", "{tmp}/no/w.json"], "--out {tmp}/no/w.json: no directory {tmp}/no"),
        (
            [
                "arena",
                "tictactoe",
                "--players",
                "random,random:seed=1",
                "--pairs",
                "2",
                "--out",
                "/proc/x",
            ],
            "--out /proc/x: cannot create a file in /proc",
        ),
        (["play", "tictactoe", "--save", "/proc/x"], "--save /proc/x: cannot create a file"),
        (
            ["compare", "tictactoe", "--depth", "2", "--no-memory", "--plot", "{tmp}"],
            "--plot {tmp}: is a directory",
        ),
        (["explore", "tictactoe", "--out", "/proc/x.json"], "--out /proc/x.json: cannot create"),
        (["explore", "tictactoe", "--out", "{tmp}/no/x.json"], "no directory {tmp}/no"),
    ],
)
def test_an_output_that_cannot_be_written_fails_before_the_work(
    args: list[str], message: str, tmp_path: Path
) -> None:
    args = [a.replace("{tmp}", str(tmp_path)) for a in args]
    ran = run(*args, input="1\n2\n3\n4\n5\nquit\n")
    one_error(ran.code, ran.err, message.replace("{tmp}", str(tmp_path)))
    assert ran.out == ""  # no game, no round, no table: nothing ran


def test_tune_keeps_its_weights_when_writing_them_fails_at_the_end(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    import lazytree.cli.tune as tune_module
    from lazytree.weights import save_weights as real

    def full_disk(path: Any, *args: Any, **kwargs: Any) -> Any:
        if Path(path).parent == tmp_path:  # --out's folder, after the check passed
            raise OSError(28, "No space left on device")
        return real(path, *args, **kwargs)

    monkeypatch.setattr(tune_module, "save_weights", full_disk)
    ran = run(*TUNE, "--depth", "1", "--out", str(tmp_path / "w.json"))
    line = one_error(ran.code, ran.err, "No space left on device; written to ")
    kept = Path(line.rsplit("written to ", 1)[1].removesuffix(" instead"))
    try:
        assert json.loads(kept.read_text())["format"] == "lazytree-weights"
    finally:
        kept.unlink()


def test_play_keeps_the_game_when_saving_fails_at_the_end(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    real = Path.write_text

    def full_disk(self: Path, *args: Any, **kwargs: Any) -> int:
        if self.parent == tmp_path:
            raise OSError(28, "No space left on device")
        return real(self, *args, **kwargs)

    monkeypatch.setattr(Path, "write_text", full_disk)
    ran = run("play", "tictactoe", "--save", str(tmp_path / "g.json"), input="5\nquit\n")
    line = one_error(ran.code, ran.err, "--save")
    kept = Path(line.rsplit("written to ", 1)[1].removesuffix(" instead"))
    try:
        assert json.loads(kept.read_text())["moves"][0] == "b2"
    finally:
        kept.unlink()


# -- work bounded up front ------------------------------------------------------------


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (
            ["compare", "dice-of-doom", "--seeds", "1000000000"],
            "--seeds ask for 1,000,000,000 cases; at most 1,000",
        ),
        (["compare", "dice-of-doom", "--sizes", "2-1000000000"], "sizes; at most 1,000"),
        (["tune", "dice-of-doom", "--games", "1000000000"], "--games 1,000,000,000: at most"),
        (["tune", "dice-of-doom", "--pairs", "1000000000"], "--pairs 1,000,000,000: at most"),
        (
            ["arena", "dice-of-doom", "--players", "random,random:seed=1", "--pairs", "1000000000"],
            "--pairs 1,000,000,000: 1,000,000,000 pairs; at most 100,000",
        ),
        (
            [
                "arena",
                "tictactoe",
                "--players",
                "random,random:seed=1,random:seed=2",
                "--pairs",
                "40000",
            ],
            "120,000 pairs (3 meetings of 40,000); at most 100,000",
        ),
    ],
)
def test_too_much_work_is_refused_before_it_starts(args: list[str], message: str) -> None:
    ran = run_process(*args, data_limit=CEILING)
    one_error(ran.code, ran.err, message)


@pytest.mark.slow
def test_out_of_memory_names_the_option_that_made_the_work_large() -> None:
    # the lisp rules keep each position's board whole (160 KB on 100x100), so the count's
    # line outgrows the ceiling in seconds; the racket rules' big positions share their
    # board with the position before, and the same count only takes time
    ran = run_process(
        "count", "dice-of-doom", "--size", "100", "--rules", "lisp", data_limit=CEILING
    )
    assert ran.code == 3, ran.err
    assert ran.err.strip().splitlines() == [
        "error: out of memory: the work asked for (--size 100, no --depth) needs more "
        "memory than this command may use; ask for less"
    ]


@pytest.mark.parametrize(
    "args",
    [
        ["count", "tictactoe"],
        ["analyse", "tictactoe", "--depth", "1"],
        ["play", "tictactoe", "--time", "0"],
        ["compare", "tictactoe", "--depth", "1"],
    ],
)
@pytest.mark.parametrize("size", ["1", "63M", "1M"])
def test_a_memory_budget_too_small_to_run_anything_is_refused(args: list[str], size: str) -> None:
    ran = run(*args, "--max-memory", size, input="quit\n")
    one_error(ran.code, ran.err, f"--max-memory {size}: at least {MIN_MEMORY // MIB} MiB")


def test_the_smallest_memory_budget_is_accepted() -> None:
    ran = run("count", "tictactoe", "--depth", "1", "--max-memory", f"{MIN_MEMORY // MIB}M")
    assert ran.code in (0, 3), ran.err  # this test process may already hold more


# -- a scheduler that does not answer -------------------------------------------------


def test_an_unreachable_dask_scheduler_is_one_line() -> None:
    with socket.socket() as s:  # a port nobody listens on
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    args = ["arena", "tictactoe", "--players", "random,random:seed=1", "--pairs", "1"]
    ran = run(*args, "--dask", f"tcp://127.0.0.1:{port}")
    one_error(ran.code, ran.err, f"--dask tcp://127.0.0.1:{port}: cannot reach the scheduler")
    ran = run(*args, "--dask", "tcp://127.0.0.1:x")
    one_error(ran.code, ran.err, "expected a scheduler address such as tcp://HOST:8786")


# -- long work: progress, and Ctrl-C --------------------------------------------------


@pytest.mark.slow
def test_a_long_compare_shows_progress_and_ctrl_c_says_what_was_done() -> None:
    ran = interrupt_after(
        "compare", "dice-of-doom", "--sizes", "2-100", "--no-memory", waiting_for="/495"
    )
    assert ran.code == 130, ran.err
    assert "Traceback" not in ran.err
    last = ran.err.strip().splitlines()[-1]
    assert last.startswith("error: interrupted: "), ran.err
    assert " of 99 cases done" in last
    done = int(last.removeprefix("error: interrupted: ").split()[0])
    if done:  # the cases finished before Ctrl-C are printed, not lost
        assert "(shown above)" in last and f"{done} case(s) in" in ran.out


@pytest.mark.slow
def test_an_interrupted_arena_keeps_the_games_it_played(tmp_path: Path) -> None:
    out = tmp_path / "games.jsonl"
    args = ["arena", "dice-of-doom", "--size", "3", "--players", "lol2,random"]
    ran = interrupt_after(*args, "--pairs", "5000", "--out", str(out), waiting_for="/5000")
    assert ran.code == 130, ran.err
    last = ran.err.strip().splitlines()[-1]
    assert last.startswith("error: interrupted: ") and " of 5,000 pairs played" in last, last
    played = int(last.removeprefix("error: interrupted: ").split()[0].replace(",", ""))
    assert played >= 1 and f"(their games are in {out})" in last
    games = out.read_text().splitlines()
    assert len(games) >= 2 * played  # every pair counted is in the file
