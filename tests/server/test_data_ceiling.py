"""The web process holds a thread per AI thinking: the command line's data ceiling for
in-process searches (``RLIMIT_DATA``, which every thread's stack counts against) must not
cap it. The check runs in a child process, so this process's limits stay as they are."""

from __future__ import annotations

import subprocess
import sys
import textwrap

import pytest

THREADS = 400

CHILD = textwrap.dedent(
    f"""
    import threading

    from lazytree.cli.common import set_memory_ceiling
    from lazytree.server.workers import lift_data_ceiling

    threading.stack_size(16 * 1024 * 1024)  # the same stacks whatever RLIMIT_STACK says
    set_memory_ceiling()  # what the lazytree script does first
    if LIFT:
        lift_data_ceiling()  # what lazytree serve does
    done = threading.Event()
    started = 0
    try:
        for _ in range({THREADS}):
            threading.Thread(target=done.wait, daemon=True).start()
            started += 1
    except RuntimeError:
        pass
    done.set()
    print(started)
    """
)


def threads_started(lift: bool) -> int:
    code = f"LIFT = {lift}\n{CHILD}"
    ran = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    return int(ran.stdout.strip())


@pytest.mark.slow
def test_the_web_process_lifts_the_ceiling_its_threads_would_hit() -> None:
    assert threads_started(lift=False) < THREADS  # the failure the server met under load
    assert threads_started(lift=True) == THREADS
