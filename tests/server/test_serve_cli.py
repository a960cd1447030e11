"""``lazytree serve`` as a person runs it: the URL printed, /healthz, Ctrl-C, bad hosts/ports."""

from __future__ import annotations

import re
import signal
import socket
import subprocess
import sys
import urllib.request


def serve(*args: str) -> subprocess.Popen[str]:
    return subprocess.Popen(
        [sys.executable, "-m", "lazytree", "serve", "--no-open", *args],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
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
        with urllib.request.urlopen(match[1] + "play?game=tictactoe", timeout=10) as r:
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
