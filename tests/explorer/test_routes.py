"""The live explorer in the server: /explore, its force endpoint, the AI's last search."""

from __future__ import annotations

import html
import json
import re
import time
from collections.abc import Iterator
from typing import Any

import pytest
from starlette.testclient import TestClient

from lazytree.explorer import load_model, positions
from lazytree.games import Position
from lazytree.search import alphabeta
from lazytree.server import create_app
from lazytree.server.runner import Sessions
from lazytree.tree import Tree


@pytest.fixture
def client() -> Iterator[TestClient]:
    with TestClient(create_app(Sessions(limit=8), hosts=["testserver"])) as c:
        yield c


def page_parts(text: str) -> tuple[dict[str, Any], str | None]:
    """The model in a page and its force URL (None for a read-only page)."""
    match = re.search(r'<script type="application/json" id="explorer-data">(.*?)</script>', text)
    assert match is not None
    url = re.search(r'<div id="explorer" data-force-url="(/api/explore/[^"]+/force)">', text)
    return json.loads(match[1]), None if url is None else html.unescape(url[1])


def test_explore_searches_the_position_of_the_query(client: TestClient, dice_3x3: Position) -> None:
    r = client.get("/explore?game=dice-of-doom&size=3&seed=1&depth=4&rater=alphabeta")
    assert r.status_code == 200, r.text
    data, url = page_parts(r.text)
    game, state = dice_3x3
    tree: Tree[Any, Any] = Tree(game, state)
    result = alphabeta(tree.root, 4)
    assert data["summary"]["positions"] == tree.stats.nodes_created
    assert data["summary"]["pvMoves"] == [
        game.move_to_str(s, m)
        for s, m in zip(_states(game, state, result.pv), result.pv, strict=True)
    ]
    assert data["title"] == "dice-of-doom 3x3: alphabeta to depth 4"
    assert url is not None
    # a click: search two moves below the last position of the principal variation
    leaf = data["pv"][-1]
    answer = client.post(url, json={"node": leaf, "serial": data["serial"][leaf], "depth": 2})
    assert answer.status_code == 200, answer.text
    reply = answer.json()
    forced = reply["report"]["forced"]
    assert reply["data"]["summary"]["positions"] == data["summary"]["positions"] + forced
    assert reply["status"].startswith(f"forced {forced:,} nodes")


def _states(game: Any, state: Any, moves: Any) -> list[Any]:
    out = []
    for move in moves:
        out.append(state)
        state = game.result(state, move)
    return out


@pytest.mark.parametrize(
    ("query", "message"),
    [
        ("game=chess", "unknown game 'chess'"),
        ("game=tictactoe&depth=99", "depth '99'"),
        ("game=tictactoe&rater=best", "unknown rater 'best'"),
        ("game=tictactoe&moves=b2,b2", "b2"),
        ("game=dice-of-doom&size=1", "size must be at least 2"),
    ],
)
def test_bad_queries_are_pages_with_the_message(
    client: TestClient, query: str, message: str
) -> None:
    r = client.get(f"/explore?{query}")
    assert r.status_code == 400 and html.escape(message) in r.text


def test_bad_force_requests_are_4xx(client: TestClient) -> None:
    _, url = page_parts(client.get("/explore?game=tictactoe&depth=1").text)
    assert url is not None
    assert client.post(url, json={"node": 500}).status_code == 400
    assert "no node 500" in client.post(url, json={"node": 500}).json()["error"]
    assert client.post(url, content=b"{oops").status_code == 400
    assert client.post(url, json=[1, 2]).status_code == 400
    assert client.post("/api/explore/nope/force", json={"node": 0}).status_code == 404


def test_the_ai_s_last_search_of_a_game(client: TestClient, tictactoe: Position) -> None:
    r = client.post("/play?game=tictactoe&seats=ai,human&ai=book")
    sid = r.text.split('data-session="', 1)[1].split('"', 1)[0]
    # the creator's token: the JSON API moves and starts the AI for it only
    seat = {"X-Lazytree-Seat": r.text.split('data-seat="', 1)[1].split('"', 1)[0]}
    assert client.get(f"/explore/ai/{sid}").status_code == 404  # the AI has not moved
    client.post(f"/api/sessions/{sid}/ai", headers=seat)
    deadline = time.monotonic() + 60
    while client.get(f"/api/sessions/{sid}").json()["thinking"]:
        assert time.monotonic() < deadline
        time.sleep(0.05)
    view = client.get(f"/api/sessions/{sid}").json()
    r = client.get(f"/explore/ai/{sid}")
    assert r.status_code == 200
    data, url = page_parts(r.text)
    assert url is None  # read-only: the game's tree is the AI's
    # the book AI: alpha-beta (rater auto) to depth 4 from the empty board
    game, state = tictactoe
    tree: Tree[Any, Any] = Tree(game, state, share=True)
    alphabeta(tree.root, 4)
    assert data["summary"]["positions"] == tree.stats.nodes_created
    assert data["summary"]["pvMoves"][0] == view["log"][0]["text"]
    # after the human's move the AI searches again below it: the page of its first move
    # does not change
    cell = next(c for c in ("a1", "c1", "a3", "c3", "b1") if c != view["log"][0]["text"])
    client.post(f"/api/sessions/{sid}/move", json={"move": cell}, headers=seat)
    while client.get(f"/api/sessions/{sid}").json()["thinking"]:
        assert time.monotonic() < deadline
        time.sleep(0.05)
    later, _ = page_parts(client.get(f"/explore/ai/{sid}").text)
    assert later["summary"]["pvMoves"] != data["summary"]["pvMoves"]
    assert client.get("/explore/ai/nope").status_code == 404


@pytest.mark.slow
def test_the_ai_s_last_search_of_a_big_board_is_written_as_deltas(client: TestClient) -> None:
    """The page of the AI's last search on the biggest board the page plays holds the
    root's board once and each position as the cells it changed: its size grows with the
    positions, and every position rebuilds (explorer.load_model checks the document)."""
    r = client.post("/play?game=dice-of-doom&size=100&seed=1&seats=ai,human&ai=1")
    assert r.status_code == 200, r.text[:300]
    sid = r.text.split('data-session="', 1)[1].split('"', 1)[0]
    seat = {"X-Lazytree-Seat": r.text.split('data-seat="', 1)[1].split('"', 1)[0]}
    client.post(f"/api/sessions/{sid}/ai", headers=seat)
    deadline = time.monotonic() + 120
    while client.get(f"/api/sessions/{sid}").json()["thinking"]:
        assert time.monotonic() < deadline
        time.sleep(0.05)
    r = client.get(f"/explore/ai/{sid}")
    assert r.status_code == 200
    data, _ = page_parts(r.text)
    n = data["summary"]["positions"]
    # (the pure core on a loaded machine searches some 200 positions a second here)
    assert n > 50 and data["pos"][1:] == [None] * (n - 1)
    assert len(load_model(json.dumps(data))["pos"]) == n
    boards = list(positions(data))
    assert len(boards) == n and all(len(b) == 2 * 10_000 + 1 for b in boards)  # 100x100 packed
    script = len(r.text) - len(json.dumps(data, separators=(",", ":")))
    # whole boards would be 20,001 bytes a position; the root's board once and each
    # position's move, values and changed cells stay under a twentieth of that
    assert len(r.text) - script < 20_001 + 1_000 * n
