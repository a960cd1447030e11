"""The server as an attacker meets it: with nothing but its address or one game's link.

Each test is one way in that was open (a reproducer), now refused: links that changed
things on GET, another site's requests, foreign Host headers, script in a seat string,
file paths from the network, deep JSON and huge numbers, idle sockets locking everyone
out, two servers on one database, unbounded growth.
"""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from starlette.testclient import TestClient
from starlette.websockets import WebSocketDisconnect

from lazytree.server import create_app
from lazytree.server.limits import Quotas, RateLimit
from lazytree.server.runner import Sessions
from lazytree.server.store import GameStore
from lazytree.session import Session

BASE = "http://127.0.0.1:8000"
WS = "ws://127.0.0.1:8000"
TWO = "game=tictactoe&seats=human,human"
EVIL = "https://evil.example"


def app_on(path: Path | str = ":memory:", limit: int = 8, **kw: Any) -> Any:
    return create_app(Sessions(limit=limit, store=GameStore(path)), **kw)


@pytest.fixture
def client(tmp_path: Path) -> Iterator[TestClient]:
    with TestClient(app_on(tmp_path / "games.db"), base_url=BASE) as c:
        yield c


def create(client: TestClient, query: str = TWO) -> tuple[str, str]:
    """A new game made as the page's button makes it (a POST): its id and host token."""
    r = client.post(f"/play?{query}", follow_redirects=False)
    assert r.status_code == 303, r.text
    match = re.search(r"session=([\w-]+)&seat=([\w-]+)", r.headers["location"])
    assert match is not None
    return match[1], match[2]


def seat_tokens(client: TestClient, sid: str, host: str) -> list[str]:
    """The seats' tokens, from the invite links the host's page is sent."""
    with client.websocket_connect(f"{WS}/ws/{sid}") as ws:
        ws.send_json({"hello": {"ply": 0, "seat": host}})
        links = ws.receive_json()["links"]
    return [link["url"].split("&seat=", 1)[1] for link in links["seats"]]


def games(client: TestClient) -> int:
    return len(client.get("/api/lobby").json()["games"])


# -- links that only do what they say -----------------------------------------------------
def test_get_and_head_on_a_new_game_link_create_nothing(client: TestClient) -> None:
    for method in ("GET", "HEAD"):
        r = client.request(method, f"/play?{TWO}")
        assert r.status_code == 200
    assert games(client) == 0
    page = client.get(f"/play?{TWO}").text
    assert 'method="post"' in page and 'data-action="confirm"' in page  # one button
    create(client)
    assert games(client) == 1


def test_get_and_head_on_join_take_no_seat(client: TestClient) -> None:
    sid, _ = create(client)
    for method in ("GET", "HEAD"):
        r = client.request(method, f"/join?session={sid}", follow_redirects=False)
        assert r.status_code == 200 and "seat=" not in r.headers.get("location", "")
    entry = client.get("/api/lobby").json()["games"][0]
    assert entry["free"] == 2
    assert 'method="post"' in client.get(f"/join?session={sid}").text
    r = client.post(f"/join?session={sid}", follow_redirects=False)
    assert r.status_code == 303 and "&seat=" in r.headers["location"]
    assert client.get("/api/lobby").json()["games"][0]["free"] == 1


def test_a_seat_page_never_receives_another_seats_link(client: TestClient) -> None:
    sid, host = create(client, "game=dice-of-doom&size=3&seed=1&players=3&seats=human,human,human")
    t0, t1, t2 = seat_tokens(client, sid, host)
    with client.websocket_connect(f"{WS}/ws/{sid}") as ws:
        ws.send_json({"hello": {"ply": 0, "seat": t2}})
        first = ws.receive_json()
    text = json.dumps(first)
    assert t0 not in text and t1 not in text and host not in text
    assert [link["seat"] for link in first["links"]["seats"]] == [2]
    # seat 2 cannot move with what it was sent: seat 0's token never reached it
    r = client.post(
        f"/api/sessions/{sid}/move", json={"move": "0->4"}, headers={"X-Lazytree-Seat": t2}
    )
    assert r.status_code in (400, 409)


@pytest.mark.parametrize(
    ("action", "body"), [("speed", {"delay": 1}), ("close", {}), ("undo", {}), ("redo", {})]
)
def test_host_only_actions_are_refused_to_the_other_seats(
    client: TestClient, action: str, body: dict[str, Any]
) -> None:
    sid, host = create(client)
    t0, t1 = seat_tokens(client, sid, host)
    h0 = {"X-Lazytree-Seat": t0}
    assert client.post(f"/api/sessions/{sid}/move", json={"move": "a1"}, headers=h0).is_success
    r = client.post(f"/api/sessions/{sid}/{action}", json=body, headers={"X-Lazytree-Seat": t1})
    assert r.status_code == 403 and "host" in r.json()["error"]
    if action == "speed":
        hh = {"X-Lazytree-Seat": host}
        assert client.post(f"/api/sessions/{sid}/speed", json=body, headers=hh).status_code == 200


# -- cross-site ---------------------------------------------------------------------------
def test_a_cross_site_text_plain_form_post_is_refused(client: TestClient) -> None:
    data = Session("tictactoe", seats=["human", "random"]).save()
    headers = {"Origin": EVIL, "Content-Type": "text/plain"}
    r = client.post("/api/sessions/load", content=json.dumps(data), headers=headers)
    assert r.status_code == 403 and "another site" in r.json()["error"]
    r = client.post(f"/play?{TWO}", headers={"Sec-Fetch-Site": "cross-site"})
    assert r.status_code == 403
    r = client.post(f"/play?{TWO}", headers={"Origin": "null"})
    assert r.status_code == 403
    assert games(client) == 0
    # the page's own requests pass
    ok = {"Origin": BASE, "Sec-Fetch-Site": "same-origin"}
    assert client.post(f"/play?{TWO}", headers=ok, follow_redirects=False).status_code == 303


def test_the_pages_own_form_passes_with_a_null_origin(client: TestClient) -> None:
    # Chromium sends Origin: null for a page's own POSTs under Referrer-Policy:
    # no-referrer; Sec-Fetch-Site then says where it came from
    own = {"Origin": "null", "Sec-Fetch-Site": "same-origin"}
    assert client.post(f"/play?{TWO}", headers=own, follow_redirects=False).status_code == 303
    other = {"Origin": "null", "Sec-Fetch-Site": "cross-site"}
    assert client.post(f"/play?{TWO}", headers=other).status_code == 403


def test_a_full_disk_at_creation_is_a_503_not_a_500(
    client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    import sqlite3

    store = client.app.state.sessions.store  # type: ignore[attr-defined]

    def full(*args: Any, **kw: Any) -> None:
        raise sqlite3.OperationalError("database or disk is full")

    monkeypatch.setattr(type(store), "create", lambda self, record: full())
    r = client.post(f"/play?{TWO}")
    assert r.status_code == 503 and "could not be stored" in r.text
    data = Session("tictactoe", seats=["human", "random"]).save()
    r = client.post("/api/sessions/load", json=data)
    assert r.status_code == 503 and set(r.json()) == {"error"}


def test_a_foreign_host_is_refused(client: TestClient) -> None:
    for host in ("evil.example", "evil.example:8000", "127.0.0.1.nip.io"):
        assert client.get("/api/lobby", headers={"Host": host}).status_code == 400
    for host in ("127.0.0.1:9", "localhost", "[::1]:8000"):
        assert client.get("/api/lobby", headers={"Host": host}).status_code == 200


def test_public_url_and_host_add_to_the_allowlist(tmp_path: Path) -> None:
    app = app_on(tmp_path / "g.db", hosts=["games.example.org"])
    with TestClient(app, base_url="https://games.example.org") as c:
        assert c.get("/healthz").status_code == 200
        ok = {"Origin": "https://games.example.org"}
        assert c.post(f"/play?{TWO}", headers=ok, follow_redirects=False).status_code == 303


def test_the_socket_origin_is_checked_against_the_allowlist_not_the_host(
    client: TestClient,
) -> None:
    sid, _ = create(client)
    # the rebinding shape: the attacker's name as Host and as Origin
    rebind = {"host": "evil.example", "origin": "http://evil.example"}
    for headers in (rebind, {"origin": "http://evil.example"}, {"sec-fetch-site": "cross-site"}):
        with (
            pytest.raises(WebSocketDisconnect),
            client.websocket_connect(f"{WS}/ws/{sid}", headers=headers) as ws,
        ):
            ws.send_json({"hello": {}})
            ws.receive_json()
    with client.websocket_connect(f"{WS}/ws/{sid}", headers={"origin": BASE}) as ws:
        ws.send_json({"hello": {}})
        assert ws.receive_json()["type"] == "update"


def test_every_response_has_the_security_headers(client: TestClient) -> None:
    sid, _ = create(client)
    for path in ("/", "/lobby", f"/play?session={sid}", "/api/lobby", "/static/app.js", "/nope"):
        r = client.get(path)
        csp = r.headers["content-security-policy"]
        assert "script-src 'self'" in csp and "frame-ancestors 'none'" in csp, path
        assert "unsafe-inline" not in csp.split("script-src", 1)[1].split(";")[0]
        assert r.headers["referrer-policy"] == "no-referrer"
        assert r.headers["x-content-type-options"] == "nosniff"


def test_the_pages_have_no_inline_script(client: TestClient) -> None:
    sid, host = create(client)
    for path in (
        "/",
        "/lobby",
        f"/play?session={sid}&seat={host}",
        f"/play?{TWO}",
        "/join?session=x",
    ):
        text = client.get(path).text
        for tag in re.findall(r"<script[^>]*>", text):
            assert "src=" in tag, (path, tag)
        assert not re.search(r"\son\w+=", text), path  # no event-handler attributes


# -- input ----------------------------------------------------------------------------------
MARKUP = "<img src=x onerror=alert(1)>"


@pytest.mark.parametrize(
    "seats",
    [
        f"mcts:time=0.05:eval={MARKUP},random",
        f"default:eval={MARKUP},random",
        f"default:time=none:rater={MARKUP},random",
        "mcts:time=0.05:eval=nonsense,random",
        "default:time=none:rater=nonsense:depth=2,random",
        "mcts:time=0.05:colour=red,random",
    ],
)
def test_seat_strings_are_checked_against_the_registry_and_the_game(
    client: TestClient, seats: str
) -> None:
    r = client.post("/play", params={"game": "dice-of-doom", "size": "3", "seats": seats})
    assert r.status_code == 400
    assert games(client) == 0
    data = Session("dice-of-doom", {"size": 3}, seats=["human", "random"]).save()
    data["seats"] = seats.split(",")
    assert client.post("/api/sessions/load", json=data).status_code == 400


def test_a_good_eval_is_taken(client: TestClient) -> None:
    r = client.post(
        "/play?game=dice-of-doom&size=3&seats=human,mcts:time=0.05:eval=heuristic",
        follow_redirects=False,
    )
    assert r.status_code == 303


def test_load_never_opens_a_weights_path(client: TestClient, tmp_path: Path) -> None:
    data = Session("checkers", seats=["human", "random"]).save()
    answers = set()
    for path in ("/etc/passwd", "/no/such/file", "/dev/zero", str(tmp_path)):
        data["options"] = {**data["options"], "weights": path}
        r = client.post("/api/sessions/load", json=data)
        assert r.status_code == 400
        answers.add(r.json()["error"])
    assert len(answers) == 1  # the answer tells nothing about the file


def test_explore_never_opens_a_weights_path(client: TestClient) -> None:
    for path in ("/etc/passwd", "/no/such/file"):
        r = client.get(f"/explore?game=checkers&depth=1&weights={path}")
        assert r.status_code == 400 and "file" in r.text


@pytest.mark.parametrize("key", ["position_book", "book"])
def test_a_saved_clock_naming_a_position_book_creates_no_file(
    client: TestClient, tmp_path: Path, key: str
) -> None:
    position_book = tmp_path / "made-by-the-network.sqlite"
    data = {
        "format": "lazytree-session",
        "version": 1,
        "game": "tictactoe",
        "options": {},
        "seats": [
            {"kind": "human"},
            {"kind": "ai", "settings": {"seconds": 0.1, "clock": f"wall:{key}={position_book}"}},
        ],
        "moves": [],
    }
    r = client.post("/api/sessions/load", json=data)
    assert r.status_code == 400
    assert not position_book.exists()


DEEP = b"[" * 100_000 + b"]" * 100_000
HUGE = b'{"delay": ' + b"9" * 5000 + b"}"


@pytest.mark.parametrize("body", [DEEP, HUGE, b'{"move": ' + b"1" * 5000 + b"}", b"NaN"])
@pytest.mark.parametrize("route", ["move", "speed", "load", "force"])
def test_deep_json_and_huge_numbers_are_a_400(client: TestClient, route: str, body: bytes) -> None:
    sid, host = create(client)
    if route == "load":
        url = "/api/sessions/load"
    elif route == "force":
        page = client.get("/explore?game=tictactoe&depth=1").text
        url = re.findall(r"/api/explore/[\w-]+/force", page)[0]
    else:
        url = f"/api/sessions/{sid}/{route}"
    r = client.post(url, content=body, headers={"X-Lazytree-Seat": host})
    assert r.status_code in (400, 413), r.text  # (the force body's own bound is 64 KiB)
    assert set(r.json()) == {"error"} and "Traceback" not in r.text
    assert client.get("/healthz").text == "ok"


def test_deep_json_on_the_socket_is_an_error_message(client: TestClient) -> None:
    sid, _ = create(client)
    with client.websocket_connect(f"{WS}/ws/{sid}") as ws:
        ws.send_text("[" * 2000 + "]" * 2000)
        assert "deep" in ws.receive_json()["error"]
        ws.send_text('{"hello": {"ply": ' + "9" * 4000 + "}}")
        assert "digits" in ws.receive_json()["error"]
        ws.send_json({"hello": {}})
        assert ws.receive_json()["type"] == "update"


def test_the_force_body_is_bounded(client: TestClient) -> None:
    page = client.get("/explore?game=tictactoe&depth=1").text
    url = re.findall(r"/api/explore/[\w-]+/force", page)[0]
    r = client.post(url, content=b'{"x": "' + b"x" * (3 << 20) + b'"}')
    assert r.status_code == 413 and "too large" in r.json()["error"]


@pytest.mark.parametrize(
    "query",
    [
        "game=dice-of-doom&size=100&players=8&spare_dice=10000&depth=4&share=1",
        "game=dice-of-doom&size=40&depth=2",
        "game=dice-of-doom&size=4&spare_dice=10000&depth=2",
        "game=dice-of-doom&size=4&players=8&depth=2",
        "game=dice-of-doom&size=3&depth=99",
        "game=dice-of-doom&size=3&seed=" + "9" * 5000,
    ],
)
def test_explore_parameters_are_bounded(client: TestClient, query: str) -> None:
    started = time.monotonic()
    r = client.get(f"/explore?{query}")
    assert r.status_code == 400 and "Traceback" not in r.text
    assert time.monotonic() - started < 5  # refused before any search (not a timing claim)


# -- quotas -------------------------------------------------------------------------------
def test_idle_watcher_sockets_do_not_lock_anyone_out(tmp_path: Path) -> None:
    with TestClient(app_on(tmp_path / "g.db", limit=4), base_url=BASE) as c:
        made = [create(c) for _ in range(6)]
        sockets = []
        try:
            for sid, _ in made[:4]:  # four games watched by a stranger (no token)
                ws = c.websocket_connect(f"{WS}/ws/{sid}").__enter__()
                ws.send_json({"hello": {}})
                ws.receive_json()
                sockets.append(ws)
            # new games, loads and other games' pages still work
            sid, host = create(c)
            assert c.get(f"/api/sessions/{made[5][0]}").status_code == 200
            data = Session("tictactoe", seats=["human", "random"]).save()
            assert c.post("/api/sessions/load", json=data).status_code == 201
            with c.websocket_connect(f"{WS}/ws/{sid}") as ws:
                ws.send_json({"hello": {"seat": host}})
                assert ws.receive_json()["type"] == "update"
        finally:
            for ws in sockets:
                ws.__exit__(None, None, None)


def test_watchers_of_thinking_ais_do_not_pin_games(tmp_path: Path) -> None:
    with TestClient(app_on(tmp_path / "g.db", limit=2), base_url=BASE) as c:
        made = [create(c, "game=tictactoe&seats=ai,ai&ai=600") for _ in range(2)]
        watching = []
        try:
            for sid, host in made:  # their hosts start two long AI turns, a stranger watches
                c.post(f"/api/sessions/{sid}/ai", headers={"X-Lazytree-Seat": host})
                ws = c.websocket_connect(f"{WS}/ws/{sid}").__enter__()
                ws.send_json({"hello": {}})
                ws.receive_json()
                watching.append(ws)
            assert all(c.get(f"/api/sessions/{sid}").json()["thinking"] for sid, _ in made)
            r = c.post(f"/play?{TWO}", follow_redirects=False)
            assert r.status_code == 303, r.text
        finally:
            for ws in watching:
                ws.__exit__(None, None, None)


def test_games_held_by_their_creators_never_lock_players_of_older_games_out(
    tmp_path: Path,
) -> None:
    with TestClient(app_on(tmp_path / "g.db", limit=2), base_url=BASE) as c:
        old, old_host = create(c)
        (t0, _) = seat_tokens(c, old, old_host)
        held = []
        try:
            for _ in range(2):  # two new games, their hosts' pages open: memory is full
                sid, host = create(c)
                ws = c.websocket_connect(f"{WS}/ws/{sid}").__enter__()
                ws.send_json({"hello": {"seat": host}})
                ws.receive_json()
                held.append(ws)
            assert c.post(f"/play?{TWO}", follow_redirects=False).status_code == 400
            # the older game's player comes back: the game is loaded from the database
            with c.websocket_connect(f"{WS}/ws/{old}") as ws:
                ws.send_json({"hello": {"seat": t0}})
                assert ws.receive_json()["type"] == "update"
            headers = {"X-Lazytree-Seat": t0}
            r = c.post(f"/api/sessions/{old}/move", json={"move": "a1"}, headers=headers)
            assert r.status_code == 200
        finally:
            for ws in held:
                ws.__exit__(None, None, None)


def test_a_full_server_asks_pages_to_come_back_later(tmp_path: Path) -> None:
    with TestClient(app_on(tmp_path / "g.db", limit=1), base_url=BASE) as c:
        made = [create(c) for _ in range(3)]
        held = []
        try:
            for sid, host in made[:2]:  # two hosts' pages: twice the limit, all in use
                ws = c.websocket_connect(f"{WS}/ws/{sid}").__enter__()
                ws.send_json({"hello": {"seat": host}})
                assert ws.receive_json()["type"] == "update"
                held.append(ws)
            r = c.get(f"/api/sessions/{made[2][0]}")
            assert r.status_code == 503 and set(r.json()) == {"error"}
            with c.websocket_connect(f"{WS}/ws/{made[2][0]}") as ws:
                assert ws.receive_json()["type"] == "error"
                with pytest.raises(WebSocketDisconnect) as closed:
                    ws.receive_json()
                assert closed.value.code == 1013  # try again later: the page reconnects
        finally:
            for ws in held:
                ws.__exit__(None, None, None)


def test_watcher_sockets_are_capped_but_seats_always_get_in(tmp_path: Path) -> None:
    quotas = Quotas(watchers_per_game=2, sockets_per_address=3)
    with TestClient(app_on(tmp_path / "g.db", quotas=quotas), base_url=BASE) as c:
        sid, host = create(c)
        t0, _ = seat_tokens(c, sid, host)
        opened = []
        try:
            for _ in range(2):
                ws = c.websocket_connect(f"{WS}/ws/{sid}").__enter__()
                ws.send_json({"hello": {}})
                ws.receive_json()
                opened.append(ws)
            with c.websocket_connect(f"{WS}/ws/{sid}") as ws:
                ws.send_json({"hello": {}})
                refused = ws.receive_json()
                assert refused["type"] == "error" and "watch" in refused["error"]
            with c.websocket_connect(f"{WS}/ws/{sid}") as ws:  # the seat gets in
                ws.send_json({"hello": {"seat": t0}})
                assert ws.receive_json()["type"] == "update"
        finally:
            for ws in opened:
                ws.__exit__(None, None, None)


def test_creation_is_limited_in_total_not_only_per_address(tmp_path: Path) -> None:
    quotas = Quotas(create_total=RateLimit(burst=3, per_second=0.001))
    app = app_on(tmp_path / "g.db", quotas=quotas)
    made = 0
    for k in range(6):  # six addresses, each under its own limit
        with TestClient(app, base_url=BASE, client=(f"127.0.0.{k + 2}", 5000)) as c:
            made += c.post(f"/play?{TWO}", follow_redirects=False).status_code == 303
    assert made == 3


def test_idle_unfinished_games_are_archived_and_finished_ones_trimmed(tmp_path: Path) -> None:
    path = tmp_path / "g.db"
    quotas = Quotas(idle_days=1.0, keep_finished=2)
    with TestClient(app_on(path, quotas=quotas), base_url=BASE) as c:
        old, _ = create(c)
        store = GameStore(path)
        store._db.execute("UPDATE games SET updated = updated - 2 * 86400 WHERE id = ?", (old,))
        store._db.commit()
        for _ in range(4):  # finished games
            sid, host = create(c, "game=tictactoe&seats=human,human")
            for cell in ("a1", "b1", "a2", "b2", "a3"):
                c.post(
                    f"/api/sessions/{sid}/move",
                    json={"move": cell},
                    headers={"X-Lazytree-Seat": host},
                )
        lobby = c.get("/api/lobby").json()["games"]
        assert old not in [g["id"] for g in lobby]
        assert sum(g["state"] == "over" for g in lobby) == 2
        assert c.get(f"/play?session={old}").status_code == 200  # its links still work


# -- one writer -----------------------------------------------------------------------------
def test_a_second_server_on_one_database_refuses_to_start(tmp_path: Path) -> None:
    db = str(tmp_path / "games.db")
    env = {**os.environ, "XDG_DATA_HOME": tempfile.mkdtemp(prefix="lazytree-data-")}
    cmd = [sys.executable, "-m", "lazytree", "serve", "--no-open", "--port", "0", "--db", db]
    first = subprocess.Popen(
        cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env
    )
    try:
        assert first.stdout is not None
        assert "open http://" in first.stdout.readline()
        second = subprocess.run(cmd, capture_output=True, text=True, env=env, timeout=60)
        assert second.returncode == 2
        lines = second.stderr.strip().splitlines()
        assert len(lines) == 1 and "another" in lines[0] and "Traceback" not in second.stderr
    finally:
        first.terminate()
        first.communicate(timeout=30)


def test_new_games_nobody_plays_cannot_push_games_in_progress_out_of_the_lobby() -> None:
    from lazytree.server.store import GameRecord

    store = GameStore(":memory:")
    store.create(GameRecord("real", "tictactoe", {}, ["a", "b"], "h", state="playing"))
    for k in range(5):  # spam: newer games waiting for players
        store.create(GameRecord(f"spam{k}", "tictactoe", {}, ["a", "b"], "h"))
    listed = [r.id for r in store.lobby(limit=3)[0]]
    assert "real" in listed and len(listed) == 4


# -- round 3: fair AI time, bounded agents, held games, origins, storage ---------------------
def wait_until(check: Any, seconds: float = 60) -> None:
    deadline = time.monotonic() + seconds
    while not check():
        assert time.monotonic() < deadline, "never happened"
        time.sleep(0.05)


def test_a_watcher_never_restarts_the_ai_the_host_closed(tmp_path: Path) -> None:
    store = Sessions(limit=8, store=GameStore(tmp_path / "g.db"))
    with TestClient(create_app(store), base_url=BASE) as c:
        sid, host = create(c, "game=dice-of-doom&size=6&seed=2&seats=ai,human&ai=600")
        runner = store.get(sid)
        assert runner is not None
        with c.websocket_connect(f"{WS}/ws/{sid}") as page:  # the host's page starts it
            page.send_json({"hello": {"seat": host}})
            page.receive_json()
            wait_until(lambda: runner.thinking)
            r = c.post(f"/api/sessions/{sid}/close", headers={"X-Lazytree-Seat": host})
            assert r.status_code == 200
            wait_until(lambda: not runner.thinking)
            closed = runner._thread
            with c.websocket_connect(f"{WS}/ws/{sid}") as ws:  # a stranger watches
                ws.send_json({"hello": {}})
                assert ws.receive_json()["type"] == "update"
                ws.send_json({"ping": 1})  # answered once the hello's handling has ended
                assert ws.receive_json()["type"] == "error"
                assert runner._thread is closed and not runner.thinking
            # a watcher's GET of a game loaded from the database does not start it either
            store.close_all()
        assert not runner.thinking


@pytest.mark.parametrize(
    "seat",
    [
        "mcts:time=none:playouts=1000000000000",
        "ror:depth=1000000",
        "default:time=none:rater=alphabeta:depth=1000",
        "mcts:time=nan",
        "mcts:time=1:cutoff=1000000000",
        "default:time=1:nodes=100000000000",
        "random:seed=99999999999999999999999",
    ],
)
def test_every_agent_parameter_is_bounded_on_the_network(client: TestClient, seat: str) -> None:
    r = client.post("/play", params={"game": "dice-of-doom", "size": "3", "seats": f"human,{seat}"})
    assert r.status_code == 400 and "at most" in r.text, r.text
    data = Session("dice-of-doom", {"size": 3}, seats=["human", "random"]).save()
    data["seats"] = ["human", seat]
    r = client.post("/api/sessions/load", json=data)
    assert r.status_code == 400 and "at most" in r.json()["error"]
    assert games(client) == 0


def test_every_number_an_agent_takes_declares_its_bound() -> None:
    from lazytree.agents import AGENTS

    for name in AGENTS:
        for param in AGENTS[name].params:
            if param.type in (int, float):
                assert param.high is not None, (name, param.name)


def test_an_ai_whose_search_fails_in_its_worker_says_so_in_one_line(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    # a game stored before the bounds (its seat is no longer accepted from the network)
    store = Sessions(limit=8, store=GameStore(tmp_path / "g.db"))
    with TestClient(create_app(store), base_url=BASE) as c:
        session = Session("dice-of-doom", {"size": 3}, seats=["ror:depth=1000000", "human"])
        runner = store.add(session)
        runner.start_ai()
        wait_until(lambda: not runner.thinking)
        view = c.get(f"/api/sessions/{runner.id}").json()
        assert view["error"].startswith("the AI failed") and "\n" not in view["error"]
        assert not any(record.exc_info for record in caplog.records)


@pytest.mark.parametrize("token", ["é", "\u2603" * 32, "tok\x00en"])
def test_a_seat_token_of_any_characters_is_a_wrong_token_not_a_500(
    client: TestClient, token: str
) -> None:
    sid, _ = create(client)
    r = client.get("/play", params={"session": sid, "seat": token})
    assert r.status_code == 403
    r = client.post(f"/api/sessions/{sid}/move", params={"seat": token}, json={"move": "a1"})
    assert r.status_code == 403 and set(r.json()) == {"error"}
    with client.websocket_connect(f"{WS}/ws/{sid}") as ws:
        ws.send_json({"hello": {"seat": token}})
        assert ws.receive_json()["error"].startswith("this seat link is wrong")


@pytest.mark.parametrize(
    "origin", ["http://127.0.0.1:9999", "https://127.0.0.1:8000", "http://localhost:3000"]
)
def test_a_page_on_another_port_or_scheme_of_this_machine_is_another_site(
    client: TestClient, origin: str
) -> None:
    sid, host = create(client)
    r = client.post(f"/play?{TWO}", headers={"Origin": origin})
    assert r.status_code == 403
    r = client.post(
        f"/api/sessions/{sid}/move",
        json={"move": "a1"},
        headers={"Origin": origin, "X-Lazytree-Seat": host},
    )
    assert r.status_code == 403
    with (
        pytest.raises(WebSocketDisconnect),
        client.websocket_connect(f"{WS}/ws/{sid}", headers={"origin": origin}) as ws,
    ):
        ws.send_json({"hello": {"seat": host}})
        ws.receive_json()
    for own in (BASE, "http://localhost:8000", "http://[::1]:8000"):  # this server's own
        r = client.post(f"/play?{TWO}", headers={"Origin": own}, follow_redirects=False)
        assert r.status_code == 303


def test_a_public_url_origin_is_taken_exactly(tmp_path: Path) -> None:
    app = app_on(
        tmp_path / "g.db", hosts=["games.example.org"], public_urls=["https://games.example.org"]
    )
    with TestClient(app, base_url="http://127.0.0.1:8000") as c:  # behind the TLS proxy
        ok = {"Origin": "https://games.example.org"}
        assert c.post(f"/play?{TWO}", headers=ok, follow_redirects=False).status_code == 303
        for other in ("http://games.example.org", "https://games.example.org:8443"):
            assert c.post(f"/play?{TWO}", headers={"Origin": other}).status_code == 403


BIG_TREE = "[" + ",".join(["[1,2]"] * 150_000) + "]"  # about 0.9 MB


@pytest.mark.parametrize("spec", [BIG_TREE, "[" * 100 + "1" + "]" * 100])
def test_a_tree_spec_from_the_network_goes_through_the_json_limits(
    client: TestClient, spec: str
) -> None:
    data = Session("tree", seats=["human", "human"]).save()
    data["options"] = {**data["options"], "spec": spec}
    r = client.post("/api/sessions/load", json=data)
    assert r.status_code == 400 and set(r.json()) == {"error"}
    r = client.post("/play", data={"game": "tree", "spec": spec[:60_000]})
    assert r.status_code in (400, 413)
    assert games(client) == 0


def test_the_lobby_is_paginated_and_small(tmp_path: Path) -> None:
    quotas = Quotas(lobby_page=3)
    with TestClient(app_on(tmp_path / "g.db", quotas=quotas), base_url=BASE) as c:
        made = {create(c)[0] for _ in range(5)}
        first = c.get("/api/lobby").json()
        assert len(first["games"]) == 3 and first["more"] and first["page"] == 0
        second = c.get("/api/lobby?page=1").json()
        assert len(second["games"]) == 2 and not second["more"]
        assert {g["id"] for g in first["games"] + second["games"]} == made
        assert 'href="/lobby?page=1"' in c.get("/lobby").text
        for page in ("-1", "abc", "99999999", "1e3"):
            r = c.get(f"/api/lobby?page={page}")
            assert r.status_code == 400 and set(r.json()) == {"error"}


def test_abandoned_unfinished_games_are_deleted_after_a_stated_time(tmp_path: Path) -> None:
    path = tmp_path / "g.db"
    quotas = Quotas(idle_days=1.0, forget_days=3.0, forget_empty_days=0.5)
    with TestClient(app_on(path, quotas=quotas), base_url=BASE) as c:
        empty, _ = create(c)  # nobody moved: deleted after half a day
        played, host = create(c)
        c.post(
            f"/api/sessions/{played}/move", json={"move": "a1"}, headers={"X-Lazytree-Seat": host}
        )
        recent, _ = create(c)
        store = GameStore(path)
        for sid, days in ((empty, 0.6), (played, 2.0)):
            store._db.execute(
                "UPDATE games SET updated = updated - ? WHERE id = ?", (days * 86400, sid)
            )
        store._db.commit()
        create(c)  # (retention runs as games are made)
        assert store.get(empty) is None and store.get(played) is not None
        assert store.get(played).state == "archived"  # type: ignore[union-attr]
        store._db.execute("UPDATE games SET updated = updated - 2 * 86400 WHERE id = ?", (played,))
        store._db.commit()
        c.get("/api/lobby")
        assert store.get(played) is None and store.moves(played) == []
        assert store.get(recent) is not None


def test_host_pages_on_an_attackers_own_games_are_counted(tmp_path: Path) -> None:
    quotas = Quotas(games_per_address=2)
    app = app_on(tmp_path / "g.db", limit=4, quotas=quotas)
    held = []
    with TestClient(app, base_url=BASE, client=("127.0.0.9", 5000)) as attacker:
        try:
            made = [create(attacker) for _ in range(3)]
            for sid, host in made[:2]:
                ws = attacker.websocket_connect(f"{WS}/ws/{sid}").__enter__()
                ws.send_json({"hello": {"seat": host}})
                assert ws.receive_json()["type"] == "update"
                held.append(ws)
            with attacker.websocket_connect(f"{WS}/ws/{made[0][0]}") as ws:  # its own again
                ws.send_json({"hello": {"seat": made[0][1]}})
                assert ws.receive_json()["type"] == "update"
            with attacker.websocket_connect(f"{WS}/ws/{made[2][0]}") as ws:  # a third game
                ws.send_json({"hello": {"seat": made[2][1]}})
                refused = ws.receive_json()
                assert refused["type"] == "error" and "close one" in refused["error"]
            # a player from another address creates, loads and plays
            with TestClient(app, base_url=BASE, client=("127.0.0.10", 5000)) as player:
                sid, host = create(player)
                data = Session("tictactoe", seats=["human", "random"]).save()
                assert player.post("/api/sessions/load", json=data).status_code == 201
                with player.websocket_connect(f"{WS}/ws/{sid}") as ws:
                    ws.send_json({"hello": {"seat": host}})
                    assert ws.receive_json()["type"] == "update"
                    ws.send_json({"move": "a1"})
                    assert ws.receive_json()["type"] in ("confirmed", "update")
        finally:
            for ws in held:
                ws.__exit__(None, None, None)


# -- one writer, for real -------------------------------------------------------------------
def test_no_path_trick_gives_two_writers(tmp_path: Path) -> None:
    from lazytree.server.store import GameRecord, StoreError

    db = tmp_path / "games.db"
    first = GameStore(db, writer=True)
    try:
        first.create(GameRecord("g", "tictactoe", {}, ["a", "b"], "h"))
        (tmp_path / "link.db").symlink_to(db)
        (tmp_path / "sub").mkdir()
        for other in (tmp_path / "link.db", tmp_path / "sub" / ".." / "games.db"):
            with pytest.raises(StoreError, match="another lazytree serve"):
                GameStore(other, writer=True)
        for leftover in tmp_path.glob("*.lock"):  # no lock file whose deletion matters
            leftover.unlink()
        with pytest.raises(StoreError, match="another lazytree serve"):
            GameStore(db, writer=True)
        from lazytree.session import Played

        first.append("g", 0, [Played(0, 0, "a1")])
        assert first.moves("g") == [("a1", 0, "")]
    finally:
        first.close()
    second = GameStore(tmp_path / "link.db", writer=True)  # once the first has gone
    try:
        assert second.moves("g") == [("a1", 0, "")]
    finally:
        second.close()
