"""The example plugin ``examples/connect-four`` in a real browser: its board view draws,
a click on a square drops a disc, the AI answers."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from tests.examples.conftest import example_game

pytestmark = pytest.mark.filterwarnings("ignore::DeprecationWarning")


@pytest.fixture(scope="module", autouse=True)
def connect_four() -> Iterator[str]:
    yield from example_game("connect-four", "connect-four")


def test_played_in_the_browser(driver: Any) -> None:

    from lazytree.server import create_app
    from tests.browser.conftest import serve_app, start_game
    from tests.browser.test_play import click_cell, view, wait_for

    with serve_app(create_app()) as url:
        start_game(driver, f"{url}/play?game=connect-four&seats=human,ai&ai=book")
        wait_for(driver, "window.lazytree.ready")
        board = view(driver)["board"]
        assert board["kind"] == "grid" and len(board["cells"]) == 42  # the board draws
        move = next(m for m in board["moves"] if m["move"] == "d")
        click_cell(driver, move["path"][0])
        wait_for(driver, "window.lazytree.view.moves_made === 2")  # a click moves, the AI answers
        log = view(driver)["log"]
        assert log[0]["text"] == "d" and log[1]["player"] == 1
        assert view(driver)["board"]["cells"][38]["label"] == "X"  # bottom row, column d
