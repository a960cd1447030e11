"""The ``lol2`` player against Land of Lisp's own AI (chapter 18, run under sbcl).

The book's answers were recorded by ``tests/oracle/lol_oracle.py`` (the book's source
is in no package, so it cannot be fetched at test time: see tests/oracle/README.md);
here every recorded first best move must be ours, and our value must be the book's
best rating (``score-board`` scaled into [0, 1]).
"""

from __future__ import annotations

import json
import subprocess
from pathlib import Path
from typing import Any

import pytest

from lazytree.agents import make_agent
from lazytree.games.dice_of_doom import LispDiceOfDoom
from tests.oracle.lol4_oracle import DRIVER as LOL4_DRIVER
from tests.oracle.lol_oracle import ANSWERS, queries
from tests.oracle.lol_oracle import DRIVER as LOL2_DRIVER

RECORDED: dict[str, Any] = json.loads(ANSWERS.read_text())


def test_the_recorded_positions_are_the_ones_the_script_asks() -> None:
    asked = [{k: a[k] for k in ("size", "player", "board")} for a in RECORDED["answers"]]
    assert asked == queries()
    assert {a["size"] for a in RECORDED["answers"]} == {2, 3}


@pytest.mark.parametrize("answer", RECORDED["answers"], ids=lambda a: f"{a['size']}:{a['board']}")
def test_lol2_picks_the_books_move(answer: dict[str, Any]) -> None:
    game = LispDiceOfDoom(size=answer["size"])
    state = game.parse_board(answer["board"], player=answer["player"])
    agent = make_agent("lol2")
    agent.start(game, state, 0)
    choice = agent.choose()
    assert game.move_to_str(state, choice.move) == answer["move"]  # type: ignore[arg-type]
    n = answer["size"] ** 2
    assert choice.search is not None
    assert choice.search.value == pytest.approx((max(answer["ratings"]) + n) / (3 * n))


@pytest.mark.parametrize("driver", [LOL2_DRIVER, LOL4_DRIVER], ids=lambda d: d.name)
def test_the_drivers_run_under_sbcl(driver: Path) -> None:
    """The drivers (``lol2``'s and ``lol4``'s) load under Debian's sbcl and stop with a
    usage line (exit 2) when they are not given the book's directory."""
    run = subprocess.run(
        ["sbcl", "--script", str(driver)], capture_output=True, text=True, timeout=120
    )
    assert run.returncode == 2
    assert f"usage: sbcl --script {driver.name} BOOK-DIR" in run.stderr
