"""``lazytree serve`` as a person runs it: the URL printed, /healthz, Ctrl-C, bad hosts/ports."""

from __future__ import annotations

import os
import re
import signal
import socket
import subprocess
import sys
import tempfile
import urllib.request
from pathlib import Path

import pytest


def serve(*args: str, data: str | None = None) -> subprocess.Popen[str]:
    """``lazytree serve --no-open ARGS``; ``data``: its user data directory (where the
    games database goes without --db; a temporary one, so tests never touch the user's)."""
    env = {**os.environ, "XDG_DATA_HOME": data or tempfile.mkdtemp(prefix="lazytree-data-")}
    return subprocess.Popen(
        [sys.executable, "-m", "lazytree", "serve", "--no-open", *args],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env=env,
    )


def test_serve_prints_its_url_answers_and_stops_on_ctrl_c() -> None:
    proc = serve("--port", "0")
    try:
        assert proc.stdout is not None
        line = proc.stdout.readline()  # printed once the server answers
        match = re.search(r"open (http://127\.0\.0\.1:\d+/)", line)
        assert match, line
        with urllib.request.urlopen(match[1] + "healthz", timeout=10) as r:
            assert r.status == 200 and r.read() == b"ok"
        new_game = urllib.request.Request(match[1] + "play?game=tictactoe", data=b"")
        with urllib.request.urlopen(new_game, timeout=10) as r:  # (a POST)
            assert b'data-session="' in r.read()
    finally:
        proc.send_signal(signal.SIGINT)
        _, err = proc.communicate(timeout=30)
    assert proc.returncode == 130  # Ctrl-C's usual exit code, as lazytree play's
    assert "Traceback" not in err


def test_a_busy_port_is_one_line_and_exit_2() -> None:
    with socket.socket() as busy:
        busy.bind(("127.0.0.1", 0))
        busy.listen()
        port = busy.getsockname()[1]
        proc = serve("--port", str(port))
        _, err = proc.communicate(timeout=30)
    assert proc.returncode == 2
    assert err.strip() == f"error: cannot listen on 127.0.0.1:{port}: Address already in use " + (
        "(try another --port)"
    )


def test_another_host_is_warned_about() -> None:
    # 192.0.2.1 is a documentation address no machine here has: the bind fails at once
    proc = serve("--host", "192.0.2.1", "--port", "0")
    _, err = proc.communicate(timeout=30)
    assert proc.returncode == 2
    lines = err.strip().splitlines()
    assert lines[0].startswith("warning: listening on 192.0.2.1: anyone who can reach")
    assert lines[1].startswith("error: cannot listen on 192.0.2.1:0") and len(lines) == 2


def test_games_go_to_the_data_directory_or_to_db(tmp_path: Path) -> None:
    proc = serve("--port", "0", data=str(tmp_path))
    try:
        assert proc.stdout is not None
        url = re.search(r"open (http://\S+/)", proc.stdout.readline())
        assert url
        kept = proc.stdout.readline()
        db = tmp_path / "lazytree" / "games.sqlite"
        assert kept.startswith(f"games kept in {db};") and db.exists()
        assert db.stat().st_mode & 0o077 == 0  # it holds the seat tokens: the owner's only
    finally:
        proc.send_signal(signal.SIGINT)
        proc.communicate(timeout=30)


@pytest.mark.slow
def test_a_bad_db_is_one_line_and_exit_2(tmp_path: Path) -> None:
    (tmp_path / "not-a-db").write_text("hello, this is not SQLite" * 100)
    for path, message in (
        (tmp_path, "is a directory"),
        (tmp_path / "not-a-db", "file is not a database"),
        (tmp_path / "missing" / "games.sqlite", f"no folder {tmp_path / 'missing'}"),
    ):
        proc = serve("--port", "0", "--db", str(path))
        _, err = proc.communicate(timeout=30)
        assert proc.returncode == 2 and err.count("\n") == 1, err
        assert not (tmp_path / "missing").exists()  # a mistyped --db makes no folder
        assert err.startswith(f"error: --db {path}: ") and message in err


def test_another_host_says_how_to_reach_it() -> None:
    proc = serve("--host", "0.0.0.0", "--port", "0", "--db", ":memory:")
    try:
        assert proc.stdout is not None
        lines = [proc.stdout.readline() for _ in range(3)]
        assert lines[1].startswith("games kept in nowhere (--db :memory:)")
        assert re.match(r"others reach it at http://\S+:\d+/ \(anyone who can reach", lines[2])
    finally:
        proc.send_signal(signal.SIGINT)
        _, err = proc.communicate(timeout=30)
    assert err.startswith("warning: listening on 0.0.0.0: anyone who can reach this machine")


@pytest.mark.slow
def test_an_unreachable_dask_scheduler_is_one_line_and_exit_2() -> None:
    proc = serve("--port", "0", "--dask", "tcp://127.0.0.1:1")
    _, err = proc.communicate(timeout=60)
    assert proc.returncode == 2, err
    assert "--dask tcp://127.0.0.1:1: cannot reach the Dask scheduler" in err
    assert "Traceback" not in err and len(err.strip().splitlines()) == 1
