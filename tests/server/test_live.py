"""Live pages: a page that stops reading never holds up another, and a move's update
carries the board's changes, not the whole board."""

from __future__ import annotations

import asyncio
import json
from typing import Any

from lazytree.boards import unpack_moves
from lazytree.server.app import apply_move, snapshot
from lazytree.server.live import SLOW_CLOSE, Channel, Client
from lazytree.server.runner import Sessions
from lazytree.session import Session


class Stuck:
    """A socket whose page never reads: a send never ends."""

    closed: int | None = None

    async def send_text(self, text: str) -> None:
        await asyncio.Event().wait()

    async def close(self, code: int = 1000) -> None:
        self.closed = code


class Reader:
    """A socket whose page reads every message at once."""

    def __init__(self) -> None:
        self.messages: list[dict[str, Any]] = []
        self.sizes: list[int] = []
        """Each message's length in bytes (UTF-8), as sent."""

    async def send_text(self, text: str) -> None:
        self.messages.append(json.loads(text))
        self.sizes.append(len(text.encode()))

    async def close(self, code: int = 1000) -> None:
        pass


def patched(board: dict[str, Any], delta: dict[str, Any]) -> dict[str, Any]:
    """``board`` with ``delta`` applied, as the page does (app.js's withDelta)."""
    new = {**board, **delta["set"]}
    for key in delta["unset"]:
        del new[key]
    new["cells"] = list(board["cells"])
    for i, cell in delta["cells"]:
        new["cells"][i] = cell
    if "lines" in delta:
        count, lines = delta["lines"]
        text = board["text"].split("\n")[:count]
        text += [""] * (count - len(text))
        for i, line in lines:
            text[i] = line
        new["text"] = "\n".join(text)
    if "moves" in delta:
        new["moves"] = unpack_moves(delta["moves"])
    return new


async def _play(
    moves: list[str], options: dict[str, Any] | None = None
) -> tuple[Reader, Stuck, Client, Client, Any]:
    sessions = Sessions()
    options = options or {"size": 3, "seed": 4}
    runner = sessions.add(Session("dice-of-doom", options, ["human", "human"]))
    channel = Channel(runner, asyncio.get_running_loop(), snapshot)
    stuck, reader = Stuck(), Reader()
    slow = Client(stuck, "watcher", None, 0, send_timeout=0.3)  # type: ignore[arg-type]
    fast = Client(reader, "watcher", None, 0)  # type: ignore[arg-type]
    await channel.join(slow)
    await channel.join(fast)
    for k, text in enumerate(moves, 1):
        ply = await asyncio.to_thread(apply_move, runner, "host", None, text)
        for _ in range(400):  # the reader has the move before the next one is made
            if reader.messages and reader.messages[-1]["ply"] == ply:
                break
            await asyncio.sleep(0.01)
        assert reader.messages[-1]["ply"] == ply, f"move {k} never reached the reader"
    for _ in range(400):
        if stuck.closed is not None:
            break
        await asyncio.sleep(0.01)
    final = snapshot(runner).board
    channel.close()
    return reader, stuck, slow, fast, final


def legal_moves(count: int, options: dict[str, Any] | None = None) -> list[str]:
    """The first legal move at each of ``count`` plies of the benchmark's game."""
    s = Session("dice-of-doom", options or {"size": 3, "seed": 4}, ["human", "human"])
    texts = []
    for _ in range(count):
        if s.is_over:
            break
        text = s.legal_moves()[0][1]
        s.play(text)
        texts.append(text)
    return texts


def test_a_page_that_stops_reading_is_dropped_and_holds_up_no_other() -> None:
    moves = legal_moves(8)
    reader, stuck, slow, fast, _ = asyncio.run(_play(moves))
    # the reader had every move, in order, none twice, while the other page read nothing
    plies = [m["text"] for u in reader.messages if u["type"] == "update" for m in u["moves"]]
    assert plies[: len(moves)] == moves[: len(plies)] and len(plies) >= len(moves)
    firsts = [u["from"] for u in reader.messages]
    assert firsts == sorted(firsts)
    # the page that never read was dropped (it reconnects and catches up)
    assert slow.dropped and stuck.closed == SLOW_CLOSE and not fast.dropped


def test_an_update_after_the_first_carries_the_board_s_changes_only() -> None:
    reader, *_, final = asyncio.run(_play(legal_moves(6)))
    first, *later = reader.messages
    assert "board" in first["view"] and "delta" not in first
    board = first["view"]["board"]
    assert later and all("board" not in u["view"] and "delta" in u for u in later)
    for update in later:
        board = patched(board, update["delta"])
        # a move changes a few of the board's cells
        assert len(update["delta"]["cells"]) < len(board["cells"])
    assert board == final  # the changes add up to the board the server has


def test_a_move_s_update_on_a_100x100_board_is_under_50_kb() -> None:
    """A 100x100 board is 890 KB whole; a move's update carries the cells, the lines of
    its text and the moves (packed) that changed: an attack, the pass that ends the turn
    (every legal move is the other player's then, some 6,000), the other's attack."""
    options = {"size": 100, "seed": 1}
    s = Session("dice-of-doom", options, ["human", "human"])
    texts = []
    for want in ("attack", "pass", "attack"):
        moves = [t for _, t in s.legal_moves() if (t == "pass") == (want == "pass")]
        texts.append(moves[0])
        s.play(moves[0])
    reader, *_, final = asyncio.run(_play(texts, options))
    first, *later = reader.messages
    assert reader.sizes[0] > 800_000  # the first update carries the whole board
    board = first["view"]["board"]
    assert len(later) == 3 and all("delta" in u for u in later)
    for update, size in zip(later, reader.sizes[1:], strict=True):
        assert size <= 50_000, f"{update['moves']}: {size:,} bytes"
        board = patched(board, update["delta"])
    assert board["toMove"] == 1 and len(board["moves"]) > 5000
    assert board == final
