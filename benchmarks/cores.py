"""The other core in a child process: benchmarks report the compiled and the pure
Python core side by side, each measured in its own process."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from typing import Any

from lazytree._core import PURE_ENV, compiled_available, core_kind

__all__ = ["other_core_json"]


def other_core_json(arguments: list[str]) -> dict[str, Any] | None:
    """``lazytree ARGUMENTS`` (a command that prints one JSON document) on the other
    core in a child process: pure Python when this process runs the compiled core, the
    compiled one when it is built and this process runs the pure one; None when the
    other core is the compiled one and it is not built. ``RuntimeError`` when the child
    fails."""
    env = dict(os.environ)
    if core_kind() == "compiled":
        env[PURE_ENV] = "1"
    elif compiled_available():
        env.pop(PURE_ENV, None)
    else:
        return None
    done = subprocess.run(
        [sys.executable, "-m", "lazytree", *arguments],
        env=env,
        capture_output=True,
        text=True,
        check=False,
    )
    if done.returncode != 0:
        raise RuntimeError(f"the benchmark on the other core failed:\n{done.stderr}")
    doc: dict[str, Any] = json.loads(done.stdout)
    return doc
