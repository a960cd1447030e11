"""A saved game from the network is checked as :meth:`Session.load` checks a file (one
schema, :class:`~lazytree.session.SavedGame`), then against the server's caps."""

from __future__ import annotations

from typing import Any

import pytest

from lazytree.server.views import check_saved
from lazytree.session import SavedGame, Session, SessionError


def saved() -> dict[str, Any]:
    s = Session("tictactoe")
    s.play("b2")
    return s.save()


@pytest.mark.parametrize(
    "change",
    [
        {"format": "other"},
        {"version": 7},
        {"extra": 1},
        {"seed": "x"},
        {"moves": "b2"},
        {"seats": ["human"]},
        {"options": [1]},
    ],
)
def test_the_server_refuses_what_load_refuses_with_the_same_message(
    change: dict[str, Any],
) -> None:
    data = {**saved(), **change}
    with pytest.raises(SessionError) as by_load:
        Session.load(data)
    with pytest.raises(SessionError) as by_server:
        check_saved(data)
    assert str(by_server.value) == str(by_load.value)


def test_the_server_adds_its_caps_and_loads_what_it_checked() -> None:
    data = saved()
    data["seats"] = ["human", "default:time=3600"]
    with pytest.raises(SessionError, match="seat 1: time is at most 600 seconds"):
        check_saved(data)
    data["seats"] = ["human", "random"]
    checked = check_saved(data)
    assert isinstance(checked, SavedGame)
    assert Session.load(checked).save() == Session.load(data).save()
