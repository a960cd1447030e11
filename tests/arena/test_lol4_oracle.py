"""The ``lol4`` player against Land of Lisp's own chance AI (chapter 20, run under sbcl).

The book's answers were recorded by ``tests/oracle/lol4_oracle.py`` (the book's source
is in no package, so it cannot be fetched at test time: see tests/oracle/README.md).
Here, on every recorded position, our ``lol4`` must rate the root moves exactly as the
book does (its single floats, bit for bit) and play the book's move.
"""

from __future__ import annotations

import json
from typing import Any

import pytest

from lazytree.agents import make_agent
from lazytree.agents import single_float as _single
from lazytree.games.dice_of_doom import ChanceDiceOfDoom
from tests.oracle.lol4_oracle import ANSWERS, queries

RECORDED: dict[str, Any] = json.loads(ANSWERS.read_text())
ANSWER_KEYS = ("kind", "size", "players", "max_dice", "depth", "player", "first_move", "board")


def test_the_recorded_positions_are_the_ones_the_script_asks() -> None:
    asked = [{k: a[k] for k in ANSWER_KEYS} for a in RECORDED["answers"]]
    assert asked == queries()
    kinds = {a["kind"] for a in RECORDED["answers"]}
    assert kinds == {"random", "odds", "mid-turn", "depth 3", "4 players"}


def _label(answer: dict[str, Any]) -> str:
    return f"{answer['kind']}:{answer['player']}:{answer['board']}"


@pytest.mark.parametrize("answer", RECORDED["answers"], ids=_label)
def test_lol4_rates_and_plays_like_the_book(answer: dict[str, Any]) -> None:
    game = ChanceDiceOfDoom(
        size=answer["size"], players=answer["players"], max_dice=answer["max_dice"]
    )
    state = game.parse_board(answer["board"], player=answer["player"])
    if not answer["first_move"]:
        state = state._replace(first_move=False)
    agent = make_agent(f"lol4:depth={answer['depth']}")
    agent.start(game, state, 0)
    choice = agent.choose()
    assert choice.search is not None
    # the book prints each single float by its shortest decimal: read back, it is that float
    assert [v for _, v in choice.search.move_values] == [_single(r) for r in answer["ratings"]]
    assert game.move_to_str(state, choice.move) == answer["move"]  # type: ignore[arg-type]
