"""Running the command line for the safety tests: in this process (fast, through
typer's runner) or as a real ``python -m lazytree`` process whose peak memory is read
from the kernel (for the memory budgets)."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import tempfile
import threading
from dataclasses import dataclass
from pathlib import Path

from typer.testing import CliRunner

from lazytree.cli import app

ROOT = Path(__file__).resolve().parents[2]
OK_CODES = {0, 2, 3, 130}
"""Every exit code a command may end with: done, user mistake, budget reached
(partial result), interrupted."""

_runner = CliRunner()


@dataclass
class Ran:
    """What a command did: exit code, standard output and error, peak memory (bytes;
    0 when run in this process)."""

    code: int
    out: str
    err: str
    peak: int = 0

    def error_line(self) -> str:
        """The one line a user mistake prints (asserts there is exactly one)."""
        lines = [line for line in self.err.splitlines() if line.strip()]
        assert len(lines) == 1, f"expected one line on stderr, got {lines!r}"
        return lines[0]


def run(*args: str, input: str | None = None) -> Ran:
    """Run ``lazytree ARGS`` in this process."""
    result = _runner.invoke(app, list(args), input=input)
    if result.exception is not None and not isinstance(result.exception, SystemExit):
        raise result.exception  # a traceback: fail the test with it
    return Ran(result.exit_code, result.stdout, result.stderr)


def run_process(*args: str, timeout: float = 300) -> Ran:
    """Run ``python -m lazytree ARGS`` in a child process (the real script, so its
    memory ceiling applies) and read the child's peak resident memory from ``wait4``.

    ``timeout`` is a safety net against a hung command (it fails the test), not a
    measure of speed."""
    env = dict(os.environ, COLUMNS="200", PYTHONPATH=str(ROOT))
    with tempfile.TemporaryFile("w+") as out, tempfile.TemporaryFile("w+") as err:
        proc = subprocess.Popen(
            [sys.executable, "-m", "lazytree", *args],
            stdin=subprocess.DEVNULL,
            stdout=out,
            stderr=err,
            text=True,
            env=env,
            cwd=ROOT,
        )
        timer = threading.Timer(timeout, proc.kill)
        timer.start()
        try:
            _, status, usage = os.wait4(proc.pid, 0)
        finally:
            timer.cancel()
        code = os.waitstatus_to_exitcode(status)
        proc.returncode = code  # reaped here: Popen must not wait for it again
        assert code != -signal.SIGKILL, f"lazytree {' '.join(args)} hung for {timeout} s"
        out.seek(0)
        err.seek(0)
        return Ran(code, out.read(), err.read(), usage.ru_maxrss * 1024)
