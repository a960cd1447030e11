"""The command line's Ctrl-C is never lost: one that lands inside a garbage-collector
callback of the pause (where Python drops any exception) is delivered again after it."""

from __future__ import annotations

import signal
import sys
import time
from collections.abc import Iterator
from typing import Any

import pytest

from lazytree.cli.common import keep_ctrl_c


@pytest.fixture
def handler() -> Iterator[Any]:
    before = signal.getsignal(signal.SIGINT)
    keep_ctrl_c()
    try:
        yield signal.getsignal(signal.SIGINT)
    finally:
        signal.signal(signal.SIGINT, before)


def test_a_ctrl_c_outside_the_pause_raises_at_once(handler: Any) -> None:
    with pytest.raises(KeyboardInterrupt):
        handler(signal.SIGINT, sys._getframe())


def test_a_ctrl_c_inside_the_pauses_callback_comes_again_after_it(handler: Any) -> None:
    # a frame of the pause's module, as the collector's callback runs it
    scope = {"__name__": "lazytree.gcpause", "handler": handler, "sys": sys}
    exec("def callback():\n    handler(2, sys._getframe())\n", scope)
    scope["callback"]()  # returns: nothing raised inside the callback
    with pytest.raises(KeyboardInterrupt):
        deadline = time.monotonic() + 5
        while time.monotonic() < deadline:
            time.sleep(0.01)
    assert time.monotonic() < deadline  # delivered again, not after the wait ran out
