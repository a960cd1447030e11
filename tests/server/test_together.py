"""Several people on one game: seat links, watchers, live pushes over the WebSocket, the
games database across a restart, the lobby, and the bounds (rate limit, origin, sizes)."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from starlette.testclient import TestClient
from starlette.websockets import WebSocketDisconnect

from lazytree.server import create_app
from lazytree.server.limits import RateLimit
from lazytree.server.runner import Sessions
from lazytree.server.store import SCHEMA_VERSION, GameStore, StoreError
from lazytree.server.views import MAX_MESSAGE
from lazytree.session import Session

TWO = "game=tictactoe&seats=human,human"


def app_on(path: Path | str, **kw: Any) -> Any:
    return create_app(Sessions(limit=8, store=GameStore(path)), hosts=["testserver"], **kw)


@pytest.fixture
def client(tmp_path: Path) -> Iterator[TestClient]:
    with TestClient(app_on(tmp_path / "games.db")) as c:
        yield c


def create(client: TestClient, query: str = TWO) -> tuple[str, str, list[str], str]:
    """A new game: its id, the host's token, the seats' tokens (from the host's view
    links) and the watch link."""
    r = client.post(f"/play?{query}")
    assert r.status_code == 200, r.text
    sid = r.text.split('data-session="', 1)[1].split('"', 1)[0]
    host = r.text.split('data-seat="', 1)[1].split('"', 1)[0]
    with client.websocket_connect(f"/ws/{sid}") as ws:
        ws.send_json({"hello": {"ply": 0, "seat": host}})
        first = ws.receive_json()
    links = first["links"]
    seats = [link["url"].split("&seat=", 1)[1] for link in links["seats"]]
    return sid, host, seats, links["watch"]


def update(ws: Any) -> dict[str, Any]:
    """The next update message (progress messages skipped)."""
    while True:
        message: dict[str, Any] = ws.receive_json()
        if message["type"] != "progress":
            return message


def until(ws: Any, kind: str, ply: int | None = None) -> dict[str, Any]:
    """The next message of type ``kind`` (an update of ``ply`` moves), skipping the others
    (the updates a seat taken by another page sends)."""
    for _ in range(50):
        message: dict[str, Any] = ws.receive_json()
        if message["type"] == kind and (ply is None or message.get("ply") == ply):
            return message
    raise AssertionError(f"no {kind} message")


def test_two_seats_and_a_watcher_see_every_move_at_once(client: TestClient) -> None:
    sid, host, (t0, t1), watch = create(client)
    assert len(t0) >= 32 and t0 != t1 and watch == f"/play?session={sid}"
    with (
        client.websocket_connect(f"/ws/{sid}") as a,
        client.websocket_connect(f"/ws/{sid}") as b,
        client.websocket_connect(f"/ws/{sid}") as w,
    ):
        a.send_json({"hello": {"ply": 0, "seat": t0}})
        b.send_json({"hello": {"ply": 0, "seat": t1}})
        w.send_json({"hello": {"ply": 0}})
        for ws in (a, b, w):
            first = update(ws)
            assert first["ply"] == 0 and first["view"]["to_move"] == 0
        assert "links" not in first  # a watcher never sees a token
        a.send_json({"move": "b2"})
        assert until(a, "confirmed") == {"type": "confirmed", "move": "b2", "ply": 1}
        for ws in (b, w):
            pushed = until(ws, "update", 1)
            assert pushed["from"] == 0 and pushed["ply"] == 1
            assert pushed["moves"] == [{"ply": 0, "player": 0, "text": "b2"}]
            assert pushed["view"]["moves_made"] == 1
        # out of turn, a watcher, an illegal move: an error, nothing changes
        a.send_json({"move": "a1"})
        assert "turn" in until(a, "error")["error"]
        w.send_json({"move": "a1"})
        assert until(w, "error")["error"] == "a watcher cannot move"
        b.send_json({"move": "b2"})
        assert "illegal move" in until(b, "error")["error"]
        b.send_json({"move": "a1"})
        assert until(b, "confirmed")["ply"] == 2
    view = client.get(f"/api/sessions/{sid}").json()
    assert [m["text"] for m in view["log"]] == ["b2", "a1"] and view["you"]["role"] == "watcher"
    # the JSON API takes the seat's token too, and refuses a watcher and a wrong token
    r = client.post(f"/api/sessions/{sid}/move", json={"move": "c3"})
    assert r.status_code == 403 and "watchers cannot change" in r.json()["error"]
    r = client.post(
        f"/api/sessions/{sid}/move", json={"move": "c3"}, headers={"X-Lazytree-Seat": "x" * 32}
    )
    assert r.status_code == 403 and "wrong seat token" in r.json()["error"]
    r = client.post(
        f"/api/sessions/{sid}/move", json={"move": "c3"}, headers={"X-Lazytree-Seat": t1}
    )
    assert r.status_code == 409  # player 0's turn: not player 1's
    # the host plays no seat someone took, and may not undo their moves
    r = client.post(
        f"/api/sessions/{sid}/move", json={"move": "c3"}, headers={"X-Lazytree-Seat": host}
    )
    assert r.status_code == 409 and "may not move for them" in r.json()["error"]
    r = client.post(f"/api/sessions/{sid}/undo", headers={"X-Lazytree-Seat": host})
    assert r.status_code == 409 and "another person's move" in r.json()["error"]
    r = client.post(f"/api/sessions/{sid}/undo", headers={"X-Lazytree-Seat": t0})
    assert r.status_code == 403 and "only the game's host" in r.json()["error"]


def test_a_wrong_seat_link_is_refused(client: TestClient) -> None:
    sid, _, _, _ = create(client)
    page = client.get(f"/play?session={sid}&seat=forged-token-forged-token-forged")
    assert page.status_code == 403 and "this seat link is wrong" in page.text
    with client.websocket_connect(f"/ws/{sid}") as ws:
        ws.send_json({"hello": {"ply": 0, "seat": "forged"}})
        assert "this seat link is wrong" in ws.receive_json()["error"]
        with pytest.raises(WebSocketDisconnect) as closed:
            ws.receive_json()
        assert closed.value.code == 4403


@pytest.mark.parametrize(
    ("message", "error"),
    [
        ("{oops", "malformed JSON"),
        ("[1, 2]", "expected a JSON object"),
        ('{"shout": 1}', "unknown message"),
        ('{"move": "b2"}', "say hello first"),
        ('{"hello": {"ply": -1}}', "ply must be"),
        ('{"hello": {"ply": 0, "seat": 7}}', "seat must be"),
        ('{"hello": []}', "expected"),
        ('{"move": "' + "x" * MAX_MESSAGE + '"}', "message too large"),
    ],
)
def test_malformed_messages_get_an_error_and_change_nothing(
    client: TestClient, message: str, error: str
) -> None:
    sid, _, _, _ = create(client)
    with client.websocket_connect(f"/ws/{sid}") as ws:
        ws.send_text(message)
        assert error in ws.receive_json()["error"]
        ws.send_bytes(b"\x00")
        assert "text message" in ws.receive_json()["error"]
        ws.send_json({"hello": {"ply": 0}})  # the socket still answers
        assert update(ws)["ply"] == 0
    assert client.get(f"/api/sessions/{sid}").json()["moves_made"] == 0


def test_a_page_that_reconnects_gets_the_moves_it_missed(client: TestClient) -> None:
    sid, _host, (t0, t1), _ = create(client)
    for token, cell in ((t0, "a1"), (t1, "b1"), (t0, "a2")):
        h = {"X-Lazytree-Seat": token}
        assert client.post(f"/api/sessions/{sid}/move", json={"move": cell}, headers=h).is_success
    with client.websocket_connect(f"/ws/{sid}") as ws:
        ws.send_json({"hello": {"ply": 1, "seat": t1}})
        caught = update(ws)
    assert caught["from"] == 1 and [m["text"] for m in caught["moves"]] == ["b1", "a2"]


def test_a_restarted_server_has_every_game_and_link(tmp_path: Path) -> None:
    path = tmp_path / "games.db"
    with TestClient(app_on(path)) as c:
        sid, _host, (t0, t1), _ = create(c)
        for token, cell in ((t0, "a1"), (t1, "b2")):
            h = {"X-Lazytree-Seat": token}
            assert c.post(f"/api/sessions/{sid}/move", json={"move": cell}, headers=h).is_success
        one = c.post("/play?game=dice-of-doom&size=3&seed=2&rules=chance&seats=human,human")
        sid2 = one.text.split('data-session="', 1)[1].split('"', 1)[0]
        tok2 = one.text.split('data-seat="', 1)[1].split('"', 1)[0]
        view2 = c.get(f"/api/sessions/{sid2}").json()
        move = next(m["move"] for m in view2["board"]["moves"] if m["move"] != "pass")
        h = {"X-Lazytree-Seat": tok2}  # the host plays the seats nobody took (one screen)
        assert c.post(f"/api/sessions/{sid2}/move", json={"move": move}, headers=h).is_success
        before2 = c.get(f"/api/sessions/{sid2}").json()
    # a new server on the same file: the games, their moves (dice notes too) and links
    with TestClient(app_on(path)) as c:
        view = c.get(f"/api/sessions/{sid}").json()
        assert [m["text"] for m in view["log"]] == ["a1", "b2"]
        assert c.get(f"/play?session={sid}&seat={t0}").status_code == 200
        h = {"X-Lazytree-Seat": t0}
        assert c.post(f"/api/sessions/{sid}/move", json={"move": "c3"}, headers=h).is_success
        after2 = c.get(f"/api/sessions/{sid2}").json()
        assert after2["log"] == before2["log"] and after2["board"] == before2["board"]
    saved = Session.loads(TestClient(app_on(path)).get(f"/api/sessions/{sid}/save").text)
    assert [p.text for p in saved.history] == ["a1", "b2", "c3"]


def test_undo_in_a_game_of_one_person_cuts_the_stored_moves(tmp_path: Path) -> None:
    path = tmp_path / "games.db"
    with TestClient(app_on(path)) as c:
        sid, host, _, _ = create(c, "game=tictactoe&seats=human,human")  # one screen
        h = {"X-Lazytree-Seat": host}
        for cell in ("a1", "b2", "c3"):
            assert c.post(f"/api/sessions/{sid}/move", json={"move": cell}, headers=h).is_success
        assert c.post(f"/api/sessions/{sid}/undo", headers=h).json()["moves_made"] == 2
    assert [m[0] for m in GameStore(path).moves(sid)] == ["a1", "b2"]


def test_the_lobby_lists_games_and_hands_out_free_seats(client: TestClient) -> None:
    sid, host, (t0, t1), _ = create(client)
    lobby = client.get("/api/lobby").json()["games"]
    entry = next(g for g in lobby if g["id"] == sid)
    assert entry["free"] == 2 and entry["state"] == "waiting"
    assert host not in json.dumps(lobby) and t0 not in json.dumps(lobby)
    page = client.get("/lobby").text
    assert f'data-game-id="{sid}"' in page and t0 not in page
    first = client.post(f"/join?session={sid}", follow_redirects=False)
    assert first.status_code == 303 and first.headers["location"].endswith(f"&seat={t0}")
    second = client.post(f"/join?session={sid}", follow_redirects=False)
    assert second.headers["location"].endswith(f"&seat={t1}")
    third = client.post(f"/join?session={sid}")
    assert third.status_code == 409 and "every seat of that game is taken" in third.text
    entry = next(g for g in client.get("/api/lobby").json()["games"] if g["id"] == sid)
    assert entry["free"] == 0 and entry["state"] == "playing" and entry["join"] is None


def test_replay_positions(client: TestClient) -> None:
    sid, host, _, _ = create(client, "game=tictactoe&seats=human,human")
    h = {"X-Lazytree-Seat": host}
    for cell in ("a1", "b2"):
        client.post(f"/api/sessions/{sid}/move", json={"move": cell}, headers=h)
    at = [client.get(f"/api/sessions/{sid}/at/{k}").json() for k in range(3)]
    assert [sum(c["label"] != "" for c in a["board"]["cells"]) for a in at] == [0, 1, 2]
    assert at[2]["move"] == {"player": 1, "text": "b2"} and at[0]["move"] is None
    assert client.get(f"/api/sessions/{sid}/at/3").status_code == 404


def test_new_games_are_rate_limited_per_address(tmp_path: Path) -> None:
    with TestClient(
        app_on(tmp_path / "g.db", create_rate=RateLimit(burst=2, per_second=0.01))
    ) as c:
        assert c.post("/play?game=tictactoe").status_code == 200
        assert c.post("/play?game=tictactoe").status_code == 200
        r = c.post("/play?game=tictactoe")
        assert r.status_code == 429 and "too many new games" in r.text


def test_a_cross_origin_websocket_is_refused(client: TestClient) -> None:
    sid, _, _, _ = create(client)
    evil = {"origin": "http://evil.example"}
    with (
        pytest.raises(WebSocketDisconnect) as refused,
        client.websocket_connect(f"/ws/{sid}", headers=evil),
    ):
        pass
    assert refused.value.code == 1008
    with client.websocket_connect(f"/ws/{sid}", headers={"origin": "http://testserver"}) as ws:
        ws.send_json({"hello": {}})
        assert update(ws)["type"] == "update"


def test_a_newer_database_is_refused(tmp_path: Path) -> None:
    import sqlite3

    path = tmp_path / "new.db"
    with sqlite3.connect(path) as db:
        db.execute(f"PRAGMA user_version={SCHEMA_VERSION + 1}")
    with pytest.raises(StoreError, match="written by a newer lazytree"):
        GameStore(path)
    with pytest.raises(StoreError, match="is a directory"):
        GameStore(tmp_path)
