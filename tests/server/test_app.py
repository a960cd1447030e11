"""The web app through Starlette's test client: every endpoint, bad input, a thinking AI."""

from __future__ import annotations

import html
import json
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any
from unittest import mock

import pytest
from starlette.testclient import TestClient

from lazytree.server import create_app
from lazytree.server.app import MAX_BODY
from lazytree.server.runner import Sessions
from lazytree.server.views import MAX_CELLS
from lazytree.session import Session

TOKENS: dict[str, str] = {}
"""The seat (or host) token of each game a test opened: its creator's link carries it."""


def _seated(request: Any) -> None:
    """Send the token of the game's creator with the game's JSON API requests (the API
    takes a seat's token in the header X-Lazytree-Seat)."""
    parts = request.url.path.split("/")
    if parts[1:3] == ["api", "sessions"] and len(parts) > 3 and parts[3] in TOKENS:
        request.headers["X-Lazytree-Seat"] = TOKENS[parts[3]]


def seated(client: TestClient) -> TestClient:
    """``client`` sending the creator's token with every request of its games."""
    client.event_hooks = {"request": [_seated], "response": []}
    return client


@pytest.fixture
def client() -> Iterator[TestClient]:
    with seated(TestClient(create_app(Sessions(limit=8), hosts=["testserver"]))) as c:
        yield c


def new_game(client: TestClient, query: str) -> str:
    """Open ``/play?query`` and return the id of the session the page shows (the page
    of the creator's seat, whose token is kept in :data:`TOKENS`)."""
    r = client.post(f"/play?{query}")
    assert r.status_code == 200, r.text
    sid = str(r.text).split('data-session="', 1)[1].split('"', 1)[0]
    token = str(r.text).split('data-seat="', 1)[1].split('"', 1)[0]
    assert sid and len(token) >= 32
    TOKENS[sid] = token
    return sid


def wait_idle(client: TestClient, sid: str, seconds: float = 60) -> dict[str, Any]:
    """The view once the AI has stopped thinking (polling, as the page does)."""
    deadline = time.monotonic() + seconds
    while True:
        view: dict[str, Any] = client.get(f"/api/sessions/{sid}").json()
        if not view["thinking"] or time.monotonic() > deadline:
            return view
        time.sleep(0.05)


def owners(board: dict[str, Any]) -> list[int]:
    return [cell["owner"] for cell in board["cells"]]


def dice(board: dict[str, Any]) -> list[int]:
    return [int(cell["label"]) for cell in board["cells"]]


def attacks(board: dict[str, Any]) -> list[tuple[int, int]]:
    """The attacks of a Dice of Doom board: the moves made by clicking two cells."""
    return [(m["path"][0], m["path"][1]) for m in board["moves"] if len(m["path"]) == 2]


def test_healthz_and_pages(client: TestClient) -> None:
    assert client.get("/healthz").text == "ok"
    home = client.get("/")
    assert home.status_code == 200 and 'data-session=""' in home.text
    assert "dice-of-doom" in home.text  # the form lists the games
    assert client.get("/static/app.js").status_code == 200
    # the one board renderer, shared with the explorer
    assert "data-territory" in client.get("/lib/boards.js").text
    assert client.get("/lib/boards.css").status_code == 200


def test_play_opens_a_game_from_its_options(client: TestClient) -> None:
    sid = new_game(client, "game=dice-of-doom&size=5&seed=1&seats=human,ai&ai=book")
    view = client.get(f"/api/sessions/{sid}").json()
    board = view["board"]
    assert board["schema"] == "lazytree-board/1"
    assert board["kind"] == "hex" and board["rows"] == board["cols"] == 5
    assert len(board["cells"]) == 25
    assert view["seats"][0] == {"kind": "human"} and view["seats"][1]["kind"] == "ai"
    assert view["to_move"] == 0 and not view["thinking"]
    # the same seed gives the same board as the command line's
    start = Session("dice-of-doom", {"size": 5, "seed": 1}).state
    assert owners(board) == list(start.owners) and dice(board) == list(start.dice)
    assert attacks(board) and all(start.owners[s] == 0 for s, _ in attacks(board))
    # reopening the session by id
    again = client.get(f"/play?session={sid}")
    assert again.status_code == 200 and f'data-session="{sid}"' in again.text


@pytest.mark.parametrize(
    ("query", "message"),
    [
        ("game=dice-of-doom&size=x", "dice-of-doom: --size &#x27;x&#x27; is not a whole number"),
        ("game=dice-of-doom&size=1", "dice-of-doom: size must be at least 2, got 1"),
        ("game=dice-of-doom&players=9", "players must be from 2 to 8, got 9"),
        ("game=dice-of-doom&rules=chess", "rules"),
        ("game=dice-of-doom&colour=red", "has no option &#x27;colour&#x27;"),
        ("game=go", "unknown game &#x27;go&#x27;"),
        ("game=tictactoe&seats=human", "expected 2 agents separated by commas"),
        ("game=tictactoe&seats=human,alphazero", "seat 1: unknown agent &#x27;alphazero&#x27;"),
        ("game=tictactoe&seats=human,ror:speed=1", "ror has no parameter &#x27;speed&#x27;"),
        ("game=tictactoe&seats=human,default:book=/tmp/b", "book= names a file on the server"),
        (
            "game=tictactoe&seats=human,default:position_book=/tmp/b",
            "position_book= names a file on the server",
        ),
        ("game=tictactoe&seats=default:weights=/etc/passwd,human", "weights= names a file"),
        ("game=tictactoe&seats=human,mcts:time=6000", "time is at most 600 seconds"),
        ("game=dice-of-doom&rules=chance&seats=lol2,human", "seat 0: lol2 is the AI of the lisp"),
        ("game=tictactoe&ai=fast", "expected &#x27;book&#x27; or seconds"),
        ("game=tictactoe&speed=-1", "speed"),
        ("game=dice-of-doom&size=101", "size must be at most 100"),
        ("game=checkers&weights=/etc/passwd", "weights: give them as JSON here"),
    ],
)
def test_bad_options_show_the_message_on_the_page(
    client: TestClient, query: str, message: str
) -> None:
    r = client.post(f"/play?{query}")
    assert r.status_code == 400
    assert message in r.text.split('data-error="', 1)[1].split('"', 1)[0]
    assert 'data-session=""' in r.text


def test_a_refused_form_comes_back_with_what_was_typed(client: TestClient) -> None:
    r = client.post("/play", data={"game": "dice-of-doom", "size": "101", "seats": "human,ai"})
    assert r.status_code == 400
    typed = r.text.split('data-typed="', 1)[1].split('"', 1)[0]
    assert json.loads(html.unescape(typed)) == {
        "game": "dice-of-doom",
        "size": "101",
        "seats": "human,ai",
    }


def test_the_form_offers_the_sizes_the_server_plays(client: TestClient) -> None:
    """The form's largest Dice of Doom board is the rules' largest, 100x100, and the
    server plays it; a board over the server's cap is refused in one line."""
    games = r_games(client.get("/").text)
    size = next(o for o in games["dice-of-doom"]["options"] if o["name"] == "size")
    assert (size["min"], size["max"]) == (2, 100)
    sid = new_game(client, "game=dice-of-doom&size=100&seed=1&seats=human,human")
    view = client.get(f"/api/sessions/{sid}").json()
    assert len(view["board"]["cells"]) == 100 * 100 <= MAX_CELLS
    with mock.patch("lazytree.server.views.MAX_CELLS", 1600):
        r = client.post("/play?game=dice-of-doom&size=41")
    assert r.status_code == 400 and "boards of up to 1,600 cells" in r.text


def r_games(page: str) -> dict[str, Any]:
    """The new-game form's games (the page's data-games)."""
    text = page.split('data-games="', 1)[1].split('"', 1)[0]
    games: dict[str, Any] = json.loads(html.unescape(text))
    return games


def test_checkers_weights_are_taken_as_json_only(client: TestClient) -> None:
    r = client.post("/play", params={"game": "checkers", "weights": '{"king": 150}'})
    assert r.status_code == 200
    assert 'data-error=""' in r.text or "data-error" not in r.text


@pytest.mark.slow
def test_a_move_an_illegal_move_and_the_ai_answer(client: TestClient) -> None:
    sid = new_game(client, "game=dice-of-doom&size=4&seed=1&seats=human,ai&ai=book")
    view = client.get(f"/api/sessions/{sid}").json()
    src, dst = attacks(view["board"])[0]
    bad = client.post(f"/api/sessions/{sid}/move", json={"move": f"{dst}->{src}"})
    assert bad.status_code == 400 and "illegal move" in bad.json()["error"]
    assert client.get(f"/api/sessions/{sid}").json()["version"] == view["version"]
    r = client.post(f"/api/sessions/{sid}/move", json={"move": f"{src}->{dst}"})
    assert r.status_code == 200
    after = r.json()
    assert owners(after["board"])[dst] == 0
    assert {"move": "pass", "path": []} in after["board"]["moves"]
    assert after["log"][-1] == {"player": 0, "text": f"{src}->{dst}"}
    r = client.post(f"/api/sessions/{sid}/move", json={"move": "pass"})
    assert r.status_code == 200
    done = wait_idle(client, sid)
    assert not done["thinking"] and done["error"] is None
    assert done["to_move"] == 0 or done["over"]
    assert done["last_turn"] and all(m["player"] == 1 for m in done["last_turn"])
    # each attack of the AI's turn comes with the cells it went through (the arrows)
    for m in done["last_turn"]:
        if m["text"] != "pass":
            assert m["path"] == [int(c) for c in m["text"].split("->")]
    assert done["last_search"]["depth"] == 4


def test_undo_redo_save_and_load(client: TestClient) -> None:
    sid = new_game(client, "game=tictactoe&seats=human,human")
    for cell in ("a1", "b2"):
        assert client.post(f"/api/sessions/{sid}/move", json={"move": cell}).status_code == 200
    view = client.post(f"/api/sessions/{sid}/undo").json()
    assert view["moves_made"] == 1 and view["can_redo"]
    view = client.post(f"/api/sessions/{sid}/redo").json()
    assert view["moves_made"] == 2 and not view["can_redo"]
    assert client.post(f"/api/sessions/{sid}/redo").status_code == 409
    saved = client.get(f"/api/sessions/{sid}/save")
    assert saved.status_code == 200 and "attachment" in saved.headers["content-disposition"]
    data = saved.json()
    assert data["moves"] == ["a1", "b2"] and data["game"] == "tictactoe"
    loaded = client.post("/api/sessions/load", json=data)
    assert loaded.status_code == 201
    new = loaded.json()["id"]
    assert new != sid and loaded.json()["url"].startswith(f"/play?session={new}&seat=")
    TOKENS[new] = loaded.json()["url"].split("&seat=", 1)[1]
    assert client.get(f"/api/sessions/{new}").json()["board"]["cells"][4]["label"] == "O"
    data["moves"].append("b2")
    bad = client.post("/api/sessions/load", json=data)
    assert bad.status_code == 400 and "move 3 ('b2') is illegal" in bad.json()["error"]


def test_grid_boards_for_the_other_games(client: TestClient) -> None:
    for query, cells in (
        ("game=tictactoe", 9),
        ("game=knights&size=5", 25),
        ("game=checkers&width=8&height=8", 64),
    ):
        sid = new_game(client, query + "&seats=human,human")
        board = client.get(f"/api/sessions/{sid}").json()["board"]
        assert board["kind"] == "grid" and len(board["cells"]) == cells
        move = board["moves"][0]
        r = client.post(f"/api/sessions/{sid}/move", json={"move": move["move"]})
        assert r.status_code == 200 and r.json()["log"][0]["text"] == move["move"]
    # a checkers move goes from a piece of the player to an empty cell
    sid = new_game(client, "game=checkers&seats=human,human")
    board = client.get(f"/api/sessions/{sid}").json()["board"]
    first = board["moves"][0]["path"]
    assert board["cells"][first[0]]["owner"] == 0 and board["cells"][first[-1]]["owner"] == -1


@pytest.mark.parametrize(
    ("path", "body", "status", "message"),
    [
        ("move", b"{not json", 400, "malformed JSON"),
        ("move", b'{"move": 3}', 400, "expected"),
        ("move", b'["a1"]', 400, "expected"),
        ("move", b'{"move": "z9"}', 400, "illegal move"),
        ("speed", b'{"delay": "fast"}', 400, "speed"),
        ("speed", b'{"delay": 1000}', 400, "speed"),
        ("ai", b"{}", 409, "no AI is to move"),
        ("undo", b"{}", 409, "nothing to undo"),
    ],
)
def test_bad_requests_get_a_4xx_and_change_nothing(
    client: TestClient, path: str, body: bytes, status: int, message: str
) -> None:
    sid = new_game(client, "game=tictactoe&seats=human,human")
    before = client.get(f"/api/sessions/{sid}").json()
    r = client.post(f"/api/sessions/{sid}/{path}", content=body)
    assert r.status_code == status and message in r.json()["error"]
    assert client.get(f"/api/sessions/{sid}").json() == before


def test_unknown_sessions_and_oversized_bodies(client: TestClient) -> None:
    assert client.get("/api/sessions/nope").status_code == 404
    assert "unknown session" in client.post("/api/sessions/nope/move", json={}).json()["error"]
    page = client.get("/play?session=nope")
    assert page.status_code == 404 and "unknown session" in page.text
    big = b'{"moves": "' + b"x" * (MAX_BODY + 10) + b'"}'
    r = client.post("/api/sessions/load", content=big)
    assert r.status_code == 413 and "too large" in r.json()["error"]
    assert client.get("/healthz").text == "ok"  # still serving


def test_the_ai_thinks_in_a_worker_and_stop_makes_it_move(client: TestClient) -> None:
    # a 600 s clock: only the Stop button can make this AI move
    sid = new_game(client, "game=dice-of-doom&size=12&seed=3&seats=ai,human&ai=600")
    r = client.post(f"/api/sessions/{sid}/ai")
    assert r.status_code == 200 and r.json()["thinking"]
    # another request is answered while the AI thinks
    assert client.get("/healthz").text == "ok"
    other = new_game(client, "game=tictactoe&seats=human,human")
    assert client.post(f"/api/sessions/{other}/move", json={"move": "b2"}).status_code == 200
    view = client.get(f"/api/sessions/{sid}").json()
    assert view["thinking"] and view["progress"]["player"] == 0
    assert client.post(f"/api/sessions/{sid}/move", json={"move": "pass"}).status_code == 409
    moves = 0
    while moves < 3:  # each Stop makes the AI play one move at once
        assert client.post(f"/api/sessions/{sid}/stop").status_code == 200
        view = client.get(f"/api/sessions/{sid}").json()
        moves = view["moves_made"]
        if not view["thinking"]:
            break
        time.sleep(0.05)
    assert moves >= 1
    assert client.post(f"/api/sessions/{sid}/close").json() == {"closed": True}
    view = wait_idle(client, sid, 30)
    assert not view["thinking"]
    assert view["last_search"]["stopped"] == "stop"
    stopped_at = view["moves_made"]
    time.sleep(0.2)
    assert client.get(f"/api/sessions/{sid}").json()["moves_made"] == stopped_at


def test_ai_against_ai_can_be_watched_with_a_delay(client: TestClient) -> None:
    sid = new_game(client, "game=tictactoe&seats=ai,ai&ai=book&speed=0")
    r = client.post(f"/api/sessions/{sid}/speed", json={"delay": 0.05})
    assert r.json() == {"delay": 0.05}
    client.post(f"/api/sessions/{sid}/ai")
    view = wait_idle(client, sid)
    assert view["over"] and view["moves_made"] == 9  # perfect play: a draw
    assert sorted(view["winners"]) == [0, 1]


def test_the_store_drops_idle_sessions_past_its_limit() -> None:
    store = Sessions(limit=2)
    with seated(TestClient(create_app(store, hosts=["testserver"]))) as c:
        # two people: no AI answers b2, so the first game is idle (and the least recently
        # used) when the third is made, whenever the machine gets to it
        first = new_game(c, "game=tictactoe&seats=human,human")
        assert c.post(f"/api/sessions/{first}/move", json={"move": "b2"}).status_code == 200
        new_game(c, "game=tictactoe")
        new_game(c, "game=tictactoe")
        assert len(store) == 2 and first not in store._runners
        # dropped from memory, never from the database: it is loaded again, moves and all
        view = c.get(f"/api/sessions/{first}").json()
        assert view["moves_made"] == 1 and view["log"][0]["text"] == "b2"
        assert len(store) == 2


def test_a_saved_file_is_json_the_session_reads() -> None:
    with seated(TestClient(create_app(hosts=["testserver"]))) as c:
        sid = new_game(c, "game=dice-of-doom&size=3&seed=2&rules=lisp&seats=human,human")
        text = c.get(f"/api/sessions/{sid}/save").text
    assert Session.loads(text).save() == json.loads(text)


def test_the_book_ai_cannot_be_hurried_but_closing_stops_it(client: TestClient) -> None:
    # the book's AI (4 plies, every move) on 10x10 thinks for long: no Stop, but close
    sid = new_game(client, "game=dice-of-doom&size=10&seed=1&seats=ai,human&ai=book")
    view = client.post(f"/api/sessions/{sid}/ai").json()
    assert view["thinking"] and not view["can_stop"]
    assert client.post(f"/api/sessions/{sid}/stop").json() == {"stopped": False}
    client.post(f"/api/sessions/{sid}/close")
    view = wait_idle(client, sid, 30)
    assert not view["thinking"] and view["error"] is None and view["moves_made"] == 0


def test_agents_of_the_registry_play_a_game_to_the_end(client: TestClient) -> None:
    query = "game=dice-of-doom&rules=lisp&size=3&seed=4&seats=lol2,mcts:time=0.05"
    sid = new_game(client, query)
    view = client.get(f"/api/sessions/{sid}").json()
    assert [seat["name"] for seat in view["seats"]] == ["lol2", "mcts:time=0.05"]
    assert view["seats"][0]["label"] == "book AI (lol2)"
    assert client.post(f"/api/sessions/{sid}/ai").status_code == 200
    view = wait_idle(client, sid, 120)
    assert view["over"] and view["error"] is None and view["winners"]
    saved = json.loads(client.get(f"/api/sessions/{sid}/save").text)
    assert saved["seats"] == ["lol2", "mcts:time=0.05"]
    assert Session.load(saved).is_over


def test_bad_seats_open_no_game() -> None:
    store = Sessions(limit=8)
    with seated(TestClient(create_app(store, hosts=["testserver"]))) as c:
        r = c.post("/play?game=tictactoe&seats=human,stockfish")
        assert r.status_code == 400 and len(store) == 0


@pytest.mark.parametrize(
    ("rules", "agent"), [("racket", "ror"), ("lisp", "lol2"), ("chance", "lol4")]
)
def test_the_book_ai_is_the_book_agent_of_the_rules(
    client: TestClient, rules: str, agent: str
) -> None:
    sid = new_game(client, f"game=dice-of-doom&size=3&rules={rules}&seats=human,ai&ai=book")
    seat = client.get(f"/api/sessions/{sid}").json()["seats"][1]
    assert seat == {"kind": "ai", "name": agent, "label": f"book AI ({agent})"}
    sid = new_game(client, f"game=dice-of-doom&size=3&rules={rules}&seats=human,{agent}")
    assert client.get(f"/api/sessions/{sid}").json()["seats"][1]["label"] == f"book AI ({agent})"


@pytest.mark.parametrize("key", ["position_book", "book"])
def test_a_loaded_game_may_not_name_files_either(
    client: TestClient, tmp_path: Path, key: str
) -> None:
    data = Session("tictactoe", seats=["human", "random"]).save()
    position_book = tmp_path / "made-by-a-page.book"
    data["seats"] = ["human", f"default:time=none:rater=auto:depth=2:{key}={position_book}"]
    r = client.post("/api/sessions/load", json=data)
    assert r.status_code == 400 and f"{key}= names a file on the server" in r.json()["error"]
    assert not position_book.exists()
    data["seats"] = ["human", "mcts:time=0.05"]
    assert client.post("/api/sessions/load", json=data).status_code == 201
