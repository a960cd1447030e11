"""The browser's own game service (lazytree.server.local): the page's messages answered as
the server answers them, everything from the page checked as the server checks it."""

from __future__ import annotations

import json
import threading
from typing import Any

import pytest

from lazytree.server.local import MAX_MESSAGE, MAX_QUERY, LocalExplorer, LocalGame, open_service
from lazytree.server.runner import Runner
from lazytree.server.views import session_view
from lazytree.session import Session, SessionError


def answers(game: LocalGame, message: Any) -> list[dict[str, Any]]:
    text = message if isinstance(message, str) else json.dumps(message)
    return [json.loads(m) for m in game.receive(text)]


def ai_turns(game: LocalGame) -> list[dict[str, Any]]:
    steps: list[dict[str, Any]] = []
    while game.ai_busy:
        steps.extend(json.loads(m) for m in game.ai_step())
    return steps


def test_the_view_is_the_servers_view_of_the_same_game() -> None:
    game = LocalGame.from_query("game=dice-of-doom&size=3&seed=4")
    (update,) = answers(game, {"hello": {"ply": 0}})
    served = session_view(Runner(Session("dice-of-doom", game.session.options)))
    assert set(update["view"]) == set(served)
    assert update["view"]["board"] == served["board"]
    assert (update["type"], update["from"], update["ply"], update["moves"]) == ("update", 0, 0, [])


def test_a_whole_game_the_ai_answering_each_move() -> None:
    game = LocalGame.from_query("game=dice-of-doom&size=3&seed=4&ai=0.2")
    answers(game, {"hello": {"ply": 0}})
    for _ in range(200):
        if game.session.is_over:
            break
        if game.ai_busy:
            steps = ai_turns(game)
            assert steps[0]["view"]["thinking"] and not steps[-1]["view"]["thinking"]
            continue
        move = game.session.legal_moves()[0][1]
        confirmed, update = answers(game, {"move": move})
        assert confirmed == {"type": "confirmed", "move": move, "ply": update["ply"]}
        assert [m["text"] for m in update["moves"]][:1] == [move]
    assert game.session.is_over
    last = json.loads(game.update(0))
    assert last["view"]["over"] and last["view"]["winners"]
    assert len(last["moves"]) == len(game.session.history)


def test_undo_takes_back_the_turn_and_starts_a_new_epoch() -> None:
    game = LocalGame.from_query("game=tictactoe&seats=human,random")
    answers(game, {"move": "b2"})
    ai_turns(game)
    assert game.request("undo", "{}")[0] == 200
    (update,) = answers(game, {"hello": {"ply": 0}})
    assert update["view"]["epoch"] == 1 and update["ply"] == 0
    assert game.request("redo", "{}")[0] == 200
    assert game.request("at/1") == (200, game.request("at/1")[1])
    status, text = game.request("at/9")
    assert status == 404 and "the game has" in json.loads(text)["error"]


@pytest.mark.parametrize(
    ("query", "error"),
    [
        ("game=no-such-game", "unknown game"),
        ("game=dice-of-doom&size=999", "at most 100"),
        ("game=dice-of-doom&max_dice=100000", "at most"),
        ("game=checkers&weights=/etc/passwd", "give them as JSON"),
        ("game=dice-of-doom&seats=human,default:book=/etc/passwd", "seat 1"),
        ("game=dice-of-doom&ai=100000", "ai"),
        ("game=dice-of-doom&speed=-1", "speed"),
        ("game=dice-of-doom&" + "x" * MAX_QUERY, "too long"),
    ],
)
def test_a_link_the_server_would_refuse_is_refused(query: str, error: str) -> None:
    with pytest.raises(SessionError, match=error):
        LocalGame.from_query(query)


def test_the_worker_keeps_the_server_s_cap_of_cells() -> None:
    """The worker checks a board against the same cap as the server (one check, in
    :mod:`lazytree.server.views`)."""
    from unittest import mock

    with (
        mock.patch("lazytree.server.views.MAX_CELLS", 1600),
        pytest.raises(SessionError, match="up to 1,600 cells"),
    ):
        LocalGame.from_query("game=dice-of-doom&size=50")


@pytest.mark.parametrize(
    ("message", "error"),
    [
        ("[]", "expected a JSON object"),
        ("{", ""),
        ("x" * (MAX_MESSAGE + 1), "too large"),
        ('{"move": 3}', "the move as text"),
        (json.dumps({"move": "x" * 201}), "the move as text"),
        ('{"hello": {"ply": -1}}', "hello"),
        ('{"hello": []}', "hello"),
        ('{"what": 1}', "unknown message"),
        ('{"move": "9->9"}', "illegal move"),
        ("[" * 10_000 + "]" * 10_000, ""),
    ],
)
def test_a_hostile_message_is_one_error_and_changes_nothing(message: str, error: str) -> None:
    game = LocalGame.from_query("game=dice-of-doom&size=3&seed=4")
    before = game.session.save()
    (answer,) = answers(game, message)
    assert answer["type"] == "error" and error in answer["error"]
    assert game.session.save() == before and game.version == 0


@pytest.mark.parametrize(
    ("path", "body", "status"),
    [
        ("nothing", "{}", 404),
        ("at/x", None, 404),
        ("at/" + "9" * 20, None, 404),
        ("stop", "{}", 409),
        ("ai", "{}", 409),
        ("explore/ai", None, 404),
        ("undo", "{}", 409),
        ("speed", '{"delay": 99}', 400),
        ("speed", '{"delay": true}', 400),
        ("speed", "[1]", 400),
        ("undo", None, 404),
    ],
)
def test_a_request_it_cannot_answer_is_an_error_status(
    path: str, body: str | None, status: int
) -> None:
    game = LocalGame.from_query("game=dice-of-doom&size=3&seed=4")
    got, text = game.request(path, body)
    assert got == status and json.loads(text)["error"]


def test_a_saved_game_loads_checked() -> None:
    game = LocalGame.from_query("game=tictactoe&seats=human,random")
    answers(game, {"move": "b2"})
    saved = json.dumps(game.session.save())
    assert LocalGame.from_saved(saved).session.history[0].text == "b2"
    hostile = json.loads(saved)
    hostile["seats"][1] = "default:book=/etc/passwd"
    with pytest.raises(SessionError, match="seat 1"):
        LocalGame.from_saved(json.dumps(hostile))


def test_the_ai_s_last_search_opens_in_the_explorer_page() -> None:
    game = LocalGame.from_query("game=dice-of-doom&size=3&seed=4&seats=ai,human&ai=0.2")
    ai_turns(game)
    status, text = game.request("explore/ai")
    html = json.loads(text)["html"]
    assert status == 200 and html.startswith("<!doctype html>")
    assert "the AI&#x27;s last move: " in html.split("</title>")[0]
    data = json.loads(html.split('id="explorer-data">')[1].split("</script>")[0])
    assert data["summary"]["positions"] > 1


def test_the_explorer_steps_through_the_lecture_tree_and_forces_on_request() -> None:
    explorer = open_service("explore", "?game=tree&depth=3&rater=alphabeta:textbook&steps=1")
    assert isinstance(explorer, LocalExplorer) and explorer.receive("{}") == []
    status, text = explorer.request("")
    data = json.loads(text)
    assert status == 200 and len(data["steps"]["node"]) == 73  # (docs/teaching.md)
    shallow = LocalExplorer.from_query("game=tictactoe&depth=1&rater=minimax")
    before = json.loads(shallow.request("")[1])
    child = before["pv"][1]
    status, text = shallow.request("force", json.dumps({"node": child, "depth": 2}))
    answer = json.loads(text)
    assert status == 200 and answer["report"]["forced"] == 64
    assert answer["status"].startswith("forced 64 nodes")
    assert answer["data"]["summary"]["positions"] > before["summary"]["positions"]


@pytest.mark.parametrize(
    ("query", "error"),
    [
        ("game=no-such-game", "unknown game"),
        ("game=dice-of-doom&size=99", "at most 8"),
        ("game=tree&rater=mcts&steps=1", "not traced"),
        ("game=tree&depth=99", "depth"),
        ("game=checkers&weights=/etc/passwd", "give them as JSON"),
        ("game=tree&" + "x" * MAX_QUERY, "too long"),
    ],
)
def test_an_explorer_link_the_server_would_refuse_is_refused(query: str, error: str) -> None:
    with pytest.raises(SessionError, match=error):
        open_service("explore", query)


@pytest.mark.parametrize(
    ("path", "body", "error"),
    [
        ("force", '{"node": 99999}', "no node"),
        ("force", '{"node": 0, "depth": 99}', "depth"),
        ("force", "[1]", "JSON object"),
        ("force", "x" * (MAX_MESSAGE + 1), "too large"),
        ("force", None, "unknown request"),
        ("nothing", "{}", "unknown request"),
    ],
)
def test_a_hostile_force_request_is_an_error(path: str, body: str | None, error: str) -> None:
    explorer = LocalExplorer.from_query("game=tictactoe&depth=1")
    status, text = explorer.request(path, body)
    assert status >= 400 and error in json.loads(text)["error"]


def test_an_interrupt_stops_the_search_and_the_ai_plays_its_best_move_so_far() -> None:
    """The page's Stop, where the worker has an interrupt buffer: Pyodide raises SIGINT
    in the search, which stops it as the server's Stop does (here another thread sends
    it while the AI thinks; without the handler it would be a KeyboardInterrupt)."""
    import os
    import signal

    game = LocalGame.from_query("game=dice-of-doom&size=4&seed=3&seats=ai,human&ai=20")
    assert game.request("stop", "{}")[0] == 409  # (no interrupt buffer: the clock only)
    before = signal.getsignal(signal.SIGINT)
    interrupt = threading.Timer(0.3, os.kill, (os.getpid(), signal.SIGINT))
    try:
        game.listen_for_stop()
        start = json.loads(game.ai_step()[0])
        assert start["view"]["thinking"] and start["view"]["can_stop"]
        interrupt.start()
        (update,) = game.ai_step()
    finally:
        interrupt.join()
        signal.signal(signal.SIGINT, before)
    view = json.loads(update)["view"]
    assert view["moves_made"] == 1 and view["error"] is None
    assert view["last_search"]["stopped"] == "stop"
    assert game.request("stop", "{}") == (200, '{"ok": true}')
