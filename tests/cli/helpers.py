"""Running the command line for the safety tests: in this process (fast, through
typer's runner) or as a real ``python -m lazytree`` process whose peak memory is read
from the kernel (for the memory budgets)."""

from __future__ import annotations

import os
import resource
import signal
import subprocess
import sys
import tempfile
import threading
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from tests.helpers import cli

ROOT = Path(__file__).resolve().parents[2]
OK_CODES = {0, 2, 3, 130}
"""Every exit code a command may end with: done, user mistake, budget reached
(partial result), interrupted."""


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
    result = cli(args, input=input)
    if result.exception is not None and not isinstance(result.exception, SystemExit):
        raise result.exception  # a traceback: fail the test with it
    return Ran(result.exit_code, result.stdout, result.stderr)


_LAUNCH = """
import atexit, os, runpy, sys

def peak():
    with open("/proc/self/status") as status:
        for line in status:
            if line.startswith("VmHWM:"):
                with open(os.environ["LAZYTREE_PEAK_FILE"], "w") as out:
                    out.write(line.split()[1])

atexit.register(peak)
sys.argv = ["lazytree", *sys.argv[1:]]
runpy.run_module("lazytree", run_name="__main__", alter_sys=True)
"""
"""``python -m lazytree`` that writes its peak resident memory (kB, ``VmHWM``) to the
file named by ``LAZYTREE_PEAK_FILE`` as it exits. (The kernel's ``ru_maxrss`` of a child
keeps the peak of the forked test process across ``exec``, so it cannot be used.)"""


def _data_limit(limit: int | None) -> Callable[[], None] | None:
    """A ``preexec_fn`` that caps the child's data segment at ``limit`` bytes."""
    if limit is None:
        return None

    def cap() -> None:
        resource.setrlimit(resource.RLIMIT_DATA, (limit, limit))

    return cap


def run_process(*args: str, timeout: float = 300, data_limit: int | None = None) -> Ran:
    """Run ``python -m lazytree ARGS`` in a child process (the real script, so its
    memory ceiling applies) and read the child's peak resident memory.

    ``timeout`` is a safety net against a hung command (it fails the test), not a
    measure of speed. ``data_limit``: a lower memory ceiling (bytes) for the child, so
    a command that would fill the machine's memory fails small and fast."""
    handle, peak_name = tempfile.mkstemp()
    os.close(handle)
    env = dict(os.environ, COLUMNS="200", PYTHONPATH=str(ROOT), LAZYTREE_PEAK_FILE=peak_name)
    with tempfile.TemporaryFile("w+") as out, tempfile.TemporaryFile("w+") as err:
        proc = subprocess.Popen(
            [sys.executable, "-c", _LAUNCH, *args],
            stdin=subprocess.DEVNULL,
            stdout=out,
            stderr=err,
            text=True,
            env=env,
            cwd=ROOT,
            preexec_fn=_data_limit(data_limit),
        )
        timer = threading.Timer(timeout, proc.send_signal, (signal.SIGABRT,))
        timer.start()
        try:
            _, status, _ = os.wait4(proc.pid, 0)
        finally:
            timer.cancel()
        code = os.waitstatus_to_exitcode(status)
        proc.returncode = code  # reaped here: Popen must not wait for it again
        assert code != -signal.SIGKILL, f"lazytree {' '.join(args)} hung for {timeout} s"
        out.seek(0)
        err.seek(0)
        with open(peak_name) as f:
            peak = int(f.read() or 0) * 1024
        os.unlink(peak_name)
        return Ran(code, out.read(), err.read(), peak)


def interrupt_after(*args: str, waiting_for: str, timeout: float = 120) -> Ran:
    """Run ``python -m lazytree ARGS`` in a child process, send it Ctrl-C (SIGINT) once
    a line of its stderr contains ``waiting_for``, and return what it did.

    ``timeout`` is a safety net: a command that never prints that line, or never ends
    after Ctrl-C, is aborted and fails the test with its threads' stacks (faulthandler)."""
    env = dict(os.environ, COLUMNS="200", PYTHONPATH=str(ROOT), PYTHONFAULTHANDLER="1")
    proc = subprocess.Popen(
        [sys.executable, "-m", "lazytree", *args],
        stdin=subprocess.DEVNULL,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env=env,
        cwd=ROOT,
    )
    assert proc.stderr is not None and proc.stdout is not None
    timer = threading.Timer(timeout, proc.send_signal, (signal.SIGABRT,))
    timer.start()
    err: list[str] = []
    try:
        for line in proc.stderr:
            err.append(line)
            if waiting_for in line:
                proc.send_signal(signal.SIGINT)
                break
        out, rest = proc.communicate()
    finally:
        timer.cancel()
    assert proc.returncode != -signal.SIGABRT, f"not done in {timeout} s: {err} {rest}"
    return Ran(proc.returncode, out, "".join(err) + rest)
