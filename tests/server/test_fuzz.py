"""Random and hostile input at every route and socket message (Hypothesis): the server
answers each with a status under 500 and no traceback, and still answers ``/healthz``."""

from __future__ import annotations

import html
import json
from collections.abc import Iterator
from typing import Any
from urllib.parse import quote

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from starlette.testclient import TestClient
from starlette.websockets import WebSocketDisconnect

from lazytree.server import create_app
from lazytree.server.runner import Sessions

BASE = "http://127.0.0.1:8000"
WS = "ws://127.0.0.1:8000"
FUZZ = settings(
    max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)

HOSTILE_TEXT = st.sampled_from(
    [
        "",
        "0",
        "-1",
        "9" * 5000,
        "1e999",
        "NaN",
        "<img src=x onerror=alert(1)>",
        "/etc/passwd",
        "../../etc/passwd",
        "\x00",
        "%00",
        "ai",
        "human",
        "book",
        "mcts:time=0.05:eval=<b>",
        "default:book=/tmp/x",
        "wall:book=/tmp/x",
        "default:position_book=/tmp/x",
        "wall:position_book=/tmp/x",
        '{"king": 150}',
        "a" * 3000,
        "\u202e",
    ]
)
TEXT = st.one_of(HOSTILE_TEXT, st.text(max_size=40))
KEYS = st.sampled_from(
    [
        "game",
        "size",
        "players",
        "spare_dice",
        "max_dice",
        "seed",
        "seats",
        "ai",
        "speed",
        "rules",
        "weights",
        "session",
        "seat",
        "depth",
        "rater",
        "share",
        "moves",
        "board",
    ]
)
QUERY = st.dictionaries(KEYS, TEXT, max_size=6)
GAMES = st.sampled_from(["tictactoe", "dice-of-doom", "checkers", "connect-four", "go", ""])


def json_values() -> st.SearchStrategy[Any]:
    leaves = st.one_of(
        st.none(),
        st.booleans(),
        st.integers(min_value=-(10**40), max_value=10**40),
        st.floats(allow_nan=False),
        TEXT,
    )
    return st.recursive(
        leaves,
        lambda inner: st.lists(inner, max_size=4) | st.dictionaries(TEXT, inner, max_size=4),
        max_leaves=12,
    )


BODY = st.one_of(
    json_values().map(lambda v: json.dumps(v).encode()),
    st.binary(max_size=200),
    st.sampled_from(
        [
            b"[" * 50_000 + b"]" * 50_000,
            b'{"a": ' + b"1" * 5000 + b"}",
            b"NaN",
            b'{"move": "a1"}',
            b'{"delay": 1e999}',
            json.dumps(
                {
                    "format": "lazytree-session",
                    "version": 1,
                    "game": "tictactoe",
                    "seats": [
                        {"kind": "ai", "settings": {"clock": "wall:book=/tmp/lazytree-fuzz"}},
                        {"kind": "human"},
                    ],
                }
            ).encode(),
        ]
    ),
)


@pytest.fixture(scope="module")
def game() -> Iterator[tuple[TestClient, str, str]]:
    """A server, one game on it and its host's token."""
    with TestClient(create_app(Sessions(limit=16)), base_url=BASE) as c:
        r = c.post("/play?game=tictactoe&seats=human,human", follow_redirects=False)
        sid, host = r.headers["location"].split("session=", 1)[1].split("&seat=")
        yield c, sid, host


def check(client: TestClient, r: Any) -> None:
    assert r.status_code < 500, (r.status_code, r.text[:300])
    assert "Traceback" not in r.text
    assert client.get("/healthz").text == "ok"


@pytest.mark.slow
@FUZZ
@given(query=QUERY, method=st.sampled_from(["GET", "HEAD", "POST"]))
def test_play_join_and_pages(
    game: tuple[TestClient, str, str], query: dict[str, str], method: str
) -> None:
    client, _, _ = game
    for path in ("/play", "/join", "/", "/lobby", "/api/lobby"):
        r = client.request(method, path, params=query, follow_redirects=False)
        check(client, r)


@FUZZ
@given(
    action=st.sampled_from(["move", "ai", "stop", "undo", "redo", "speed", "close"]),
    body=BODY,
    token=st.sampled_from(["host", "none", "wrong"]),
)
def test_the_json_api(
    game: tuple[TestClient, str, str], action: str, body: bytes, token: str
) -> None:
    client, sid, host = game
    headers = {
        "host": {"X-Lazytree-Seat": host},
        "none": {},
        "wrong": {"X-Lazytree-Seat": "x" * 32},
    }
    r = client.post(f"/api/sessions/{sid}/{action}", content=body, headers=headers[token])
    check(client, r)


@FUZZ
@given(body=BODY)
def test_load(game: tuple[TestClient, str, str], body: bytes) -> None:
    client, _, _ = game
    check(client, client.post("/api/sessions/load", content=body))


@FUZZ
@given(sid=TEXT, ply=TEXT)
def test_game_reads(game: tuple[TestClient, str, str], sid: str, ply: str) -> None:
    client, real, _ = game
    k = quote(ply, safe="")
    for s in (quote(sid, safe=""), real):
        for path in (
            f"/api/sessions/{s}",
            f"/api/sessions/{s}/at/{k}",
            f"/api/sessions/{s}/save",
            f"/explore/ai/{s}",
        ):
            check(client, client.get(path))


@FUZZ
@given(
    query=QUERY, name=GAMES, depth=st.sampled_from(["1", "2", "-1", "x", "13", "9" * 50]), body=BODY
)
def test_the_explorer(
    game: tuple[TestClient, str, str], query: dict[str, str], name: str, depth: str, body: bytes
) -> None:
    client, _, _ = game
    r = client.get("/explore", params={**query, "game": name, "depth": depth})
    check(client, r)
    page = client.get("/explore?game=tictactoe&depth=1").text
    url = html.unescape(page.split('data-force-url="', 1)[1].split('"', 1)[0])
    check(client, client.post(url, content=body))


@FUZZ
@given(
    messages=st.lists(
        st.one_of(BODY.map(lambda b: b.decode("utf-8", "replace")), TEXT), min_size=1, max_size=4
    )
)
def test_socket_messages(game: tuple[TestClient, str, str], messages: list[str]) -> None:
    client, sid, _ = game
    with client.websocket_connect(f"{WS}/ws/{sid}") as ws:
        for text in messages:
            ws.send_text(text)
            try:
                answer = ws.receive_json()
            except WebSocketDisconnect as closed:  # a wrong seat token: closed, not crashed
                assert closed.code in (4403, 4429)
                break
            assert answer["type"] in ("error", "update", "confirmed", "progress")
            assert "Traceback" not in json.dumps(answer)
    assert client.get("/healthz").text == "ok"
