"""``lazytree serve --position-book/--weights``: the server's AI looks positions up, stores
them, and says so; bad files stop the server before it starts; a position book that goes
bad ends no game."""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from starlette.testclient import TestClient

from lazytree.games import load_game
from lazytree.position_book import PositionBook
from lazytree.server import create_app
from lazytree.server.learning import Learning, LearningError, check_learning
from lazytree.server.runner import Sessions
from lazytree.weights import evaluation_id, get_weights, save_weights, with_weights
from tests.cli.helpers import run
from tests.explorer.test_page import page_data
from tests.server.test_app import new_game, seated, wait_idle

TICTACTOE_AI_FIRST = "game=tictactoe&seats=ai,human&ai=book"


def client_with(learning: Learning) -> TestClient:
    return seated(
        TestClient(create_app(Sessions(limit=8), learning=learning, hosts=["testserver"]))
    )


def ai_moves(client: TestClient, sid: str) -> dict[str, Any]:
    assert client.post(f"/api/sessions/{sid}/ai").status_code == 200
    return wait_idle(client, sid)


@pytest.fixture
def booked(tmp_path: Path) -> Iterator[tuple[TestClient, Path]]:
    path = tmp_path / "serve.book"
    with client_with(check_learning(position_book=path)) as client:
        yield client, path


def test_the_ai_stores_what_it_searched_then_answers_from_the_position_book(
    booked: tuple[TestClient, Path],
) -> None:
    client, path = booked
    first = ai_moves(client, new_game(client, TICTACTOE_AI_FIRST))
    assert first["last_search"]["position_book_hits"] == 0 and first["last_search"]["nodes"] > 0
    assert (
        first["position_book"]["on"]
        and first["position_book"]["stores"] == 1
        and first["position_book"]["hits"] == 0
    )
    with PositionBook(path, load_game("tictactoe").game) as position_book:
        assert len(position_book) == 1  # the file holds the root the AI searched
    sid = new_game(client, TICTACTOE_AI_FIRST)  # another game, same start
    again = ai_moves(client, sid)
    assert (
        again["last_search"]["position_book_hits"] == 1
        and again["last_search"]["position_book"] == "hit"
    )
    assert again["last_search"]["nodes"] == 0  # nothing searched
    assert again["position_book"]["hits"] == 1
    assert again["log"][0]["text"] == first["log"][0]["text"]  # the same move
    assert "position book hit" in client.get("/static/app.js").text  # the status line says so
    explored = page_data(client.get(f"/explore/ai/{sid}").text)  # the explorer marks it
    assert explored["positionBook"][0] == "h" and set(explored["positionBook"][1:]) <= {
        "-"
    }  # (the move played)
    assert explored["summary"]["positionBookHits"] == 1
    assert (
        explored["title"]
        == "the AI's last move: from the position book (searched to depth 4 before)"
    )


def test_a_game_the_position_book_is_not_for_plays_without_it(
    booked: tuple[TestClient, Path],
) -> None:
    client, _ = booked
    ai_moves(client, new_game(client, TICTACTOE_AI_FIRST))  # the new file is tictactoe's
    sid = new_game(client, "game=dice-of-doom&size=2&seed=3&seats=ai,human&ai=book")
    view = ai_moves(client, sid)
    assert view["error"] is None and view["moves_made"] > 0  # the AI played on
    assert view["position_book"]["on"] is False
    assert view["position_book"]["note"].startswith("no position book for this game: ")
    assert view["position_book"]["note"].endswith(
        "serve.book is a position book of TicTacToe(rows=3, columns=3, k=3) (evaluation evaluate 1)"
    )
    assert "position_book_hits" in view["last_search"]
    assert "position_book" not in view["last_search"] and "book" not in view["last_search"]


def test_human_games_and_a_server_without_position_book_show_none(tmp_path: Path) -> None:
    with client_with(check_learning(position_book=tmp_path / "b")) as client:
        sid = new_game(client, "game=tictactoe&seats=human,human")
        assert client.get(f"/api/sessions/{sid}").json()["position_book"] == {
            "on": False,
            "note": None,
        }
    assert not (tmp_path / "b").exists()  # no AI: the book was never opened
    with seated(TestClient(create_app(Sessions(limit=8), hosts=["testserver"]))) as client:
        sid = new_game(client, TICTACTOE_AI_FIRST)
        assert ai_moves(client, sid)["position_book"] is None


def test_a_position_book_that_goes_bad_while_serving_ends_no_game(
    booked: tuple[TestClient, Path],
) -> None:
    client, path = booked
    sid = new_game(client, "game=tictactoe&seats=ai,ai&ai=book")
    position_book = client.app.state.sessions.get(sid).session.position_book  # type: ignore[attr-defined]
    position_book._db.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    position_book._db.execute("PRAGMA cache_size = 1")  # (a big book is mostly not in the cache)
    path.write_bytes(b"\xde\xad\xbe\xef" * (path.stat().st_size // 4 + 1024))
    view = ai_moves(client, sid)
    assert view["over"] and view["error"] is None  # the AI played the whole game
    assert view["position_book"]["on"] is False
    assert view["position_book"]["note"].startswith("the position book was switched off (")
    assert view["last_search"]["position_book"] == "off"


def test_weights_go_to_every_game_of_their_game(tmp_path: Path) -> None:
    dice = load_game("dice-of-doom", size=3, eval="heuristic").game
    tuned = {**get_weights(dice), "die": 0.4}
    path = tmp_path / "w.json"
    save_weights(path, dice, tuned)
    with client_with(check_learning(weights=path)) as client:
        sid = new_game(client, "game=dice-of-doom&size=3&seed=2&seats=human,ai")
        game = client.app.state.sessions.get(sid).session.game  # type: ignore[attr-defined]
        assert evaluation_id(game) == evaluation_id(with_weights(dice, tuned))
        assert evaluation_id(game) != evaluation_id(dice)
        other = new_game(client, "game=checkers&seats=human,ai")  # another game: untouched
        checkers = client.app.state.sessions.get(other).session.game  # type: ignore[attr-defined]
        assert evaluation_id(checkers) == evaluation_id(load_game("checkers").game)


def test_a_position_book_filled_with_other_weights_is_refused_before_serving(
    tmp_path: Path,
) -> None:
    dice = load_game("dice-of-doom", size=3, eval="heuristic").game
    tuned = {**get_weights(dice), "die": 0.4}
    weights = tmp_path / "w.json"
    save_weights(weights, dice, tuned)
    PositionBook(tmp_path / "shipped.book", dice).close()
    PositionBook(tmp_path / "tuned.book", with_weights(dice, tuned)).close()
    assert (
        check_learning(position_book=tmp_path / "shipped.book").position_book
        == tmp_path / "shipped.book"
    )
    with pytest.raises(LearningError, match=r"version \d+\+\w+ \(the shipped weights\)"):
        check_learning(position_book=tmp_path / "tuned.book")
    with pytest.raises(LearningError, match=rf"the weights of --weights {weights}"):
        check_learning(position_book=tmp_path / "shipped.book", weights=weights)
    assert check_learning(position_book=tmp_path / "tuned.book", weights=weights).weights == tuned


@pytest.mark.parametrize(
    ("option", "content", "message"),
    [
        (
            "--position-book",
            "no database here " * 100,
            "error: --position-book {path}: not a lazytree position book (file is not a database)",
        ),
        (
            "--book",
            "no database here " * 100,
            "error: --position-book {path}: not a lazytree position book (file is not a database)",
        ),
        ("--weights", "{not json", "error: --weights {path}: not a lazytree weights file"),
        (
            "--weights",
            json.dumps({"format": "lazytree-weights", "version": 1, "game": "dice-of-doom"}),
            "error: --weights {path}: weights of evaluation None, not 'heuristic'",
        ),
        ("--weights", None, "error: --weights {path}: No such file or directory"),
    ],
)
def test_serve_refuses_a_bad_file_in_one_line_before_starting(
    tmp_path: Path, option: str, content: str | None, message: str
) -> None:
    path = tmp_path / "file"
    if content is not None:
        path.write_text(content)
    ran = run("serve", "--no-open", "--port", "0", option, str(path))
    assert ran.code == 2
    assert ran.error_line() == message.format(path=path)


def test_serve_refuses_a_sqlite_file_that_is_no_position_book(tmp_path: Path) -> None:
    path = tmp_path / "other.sqlite"
    with sqlite3.connect(path) as db:
        db.execute("CREATE TABLE t (x)")
    ran = run("serve", "--no-open", "--port", "0", "--book", str(path))
    assert ran.code == 2 and ran.error_line().startswith(
        f"error: --position-book {path}: not a lazytree position book"
    )
    assert "--position-book FILE" in run("serve", "--help").out
