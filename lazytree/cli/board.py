"""The terminal board of ``lazytree play``: owners in colour, the AI's last turn highlighted, a
summary line per AI turn and the final line. A board view (:class:`~lazytree.game.BoardView`) is
drawn cell by cell, any other game as its ``render()``; a board wider than the terminal is summed up
instead. It only formats; ``play`` prints."""

from __future__ import annotations

import re
from collections.abc import Collection, Iterable, Sequence
from typing import Any

from rich.console import Group, RenderableType
from rich.markup import escape
from rich.text import Text

from lazytree.boards import board_document, player_colours
from lazytree.game import Game

__all__ = [
    "PLAYER_STYLES",
    "board_view",
    "final_line",
    "turn_cells",
    "turn_summary",
]

PLAYER_STYLES: tuple[str, ...] = tuple(f"bold {colour}" for _, colour in player_colours())
"""The colour of each player's territories, the pages' palette
(:func:`lazytree.boards.player_colours`: player 0 red, 1 blue, ...); rich brings each to
the nearest colour a terminal without true colour has."""

HIGHLIGHT = "reverse"
"""How a territory the AI's last turn touched is marked (on top of its owner's colour)."""

_ATTACK = re.compile(r"^\s*(\d+)\s*->\s*(\d+)\s*$")


def player_style(player: int) -> str:
    return PLAYER_STYLES[player % len(PLAYER_STYLES)]


def turn_cells(labels: Iterable[str]) -> frozenset[int]:
    """The territories a turn's moves touched, from their notation (``src->dst``).

    >>> sorted(turn_cells(["3->4", "pass", "10->4"]))
    [3, 4, 10]
    """
    cells: set[int] = set()
    for label in labels:
        m = _ATTACK.match(label)
        if m:
            cells.update((int(m.group(1)), int(m.group(2))))
    return frozenset(cells)


def _hex_board(doc: dict[str, Any], highlight: Collection[int]) -> Text:
    """A hex board document's cells in rows, each ``index owner label`` in its owner's colour,
    rows shifted by ``offsets``."""
    cells = doc["cells"]
    names = doc["players"]
    width = len(str(len(cells) - 1))
    stride = width + 5
    offsets = doc.get("offsets") or [0] * doc["rows"]
    rows: dict[int, list[int]] = {}
    for i, cell in enumerate(cells):
        rows.setdefault(cell["row"], []).append(i)
    text = Text()
    for row in sorted(rows):
        if row:
            text.append("\n")
        text.append(" " * (offsets[row] * stride // 2))
        for k, i in enumerate(sorted(rows[row], key=lambda i: cells[i]["col"])):
            owner = cells[i]["owner"]
            style = player_style(owner) if owner >= 0 else ""
            if i in highlight:
                style += f" {HIGHLIGHT}"
            if k:
                text.append("  ")
            text.append(f"{i:>{width}} ", style="dim")
            letter = names[owner][:1] if owner >= 0 else "."
            text.append(f"{letter}{cells[i]['label']}", style=style.strip())
    return text


def _document(game: Game[Any, Any], state: Any) -> dict[str, Any]:
    """The board document of ``state`` without its moves (the prompt lists those)."""
    return board_document(game, state, max_moves=0, max_board_moves=0)


def board_view(
    game: Game[Any, Any],
    state: Any,
    *,
    width: int,
    highlight: Collection[int] = frozenset(),
    explained: bool = False,
) -> RenderableType:
    """The board for a terminal ``width`` columns wide, the ``highlight``\\ ed cells marked; a
    board too wide is replaced by a note (short once ``explained``) and each player's
    territories."""
    doc = _document(game, state)
    needed = max((len(line) for line in doc["text"].splitlines()), default=0)
    if needed > width:
        if explained:
            text = f"(board not shown: {needed} columns wide, the terminal {width})"
        else:
            text = (
                f"The board is {needed} columns wide and this terminal {width}: widen it, "
                "or play in a browser with `lazytree serve`. Moves are typed as usual "
                "(e.g. 3->4)."
            )
        return Group(Text(text, style="yellow"), Text(_status_line(doc)))
    if doc["kind"] != "hex":
        return Text(doc["text"])
    # the render's lines below its rows: Dice of Doom's legend (3+ players), then whose
    # turn, with every player's score on the board
    rest = doc["text"].splitlines()[doc["rows"] : -1]
    return Group(_hex_board(doc, highlight), Text("\n".join([*rest, _status_line(doc)])))


def _status_line(doc: dict[str, Any]) -> str:
    """The game's last rendered line of ``doc`` (whose turn) with every player's score on the
    board."""
    last: str = doc["text"].splitlines()[-1]
    score = doc.get("score")
    if score is not None:
        names = doc["players"]
        owned = ", ".join(f"{names[p]} {n:g}" for p, n in enumerate(score["values"]))
        return f"{last}; {score['name']}: {owned}"
    return last


def turn_summary(
    player: int,
    labels: Sequence[str],
    *,
    letter: str | None = None,
    depth: str,
    nodes: int,
    seconds: float,
    partial: bool = False,
) -> str:
    """One line about an AI turn: its moves and the search behind them (rich markup);
    ``letter`` names the player's colour where the game has one (Dice of Doom).

    >>> from rich.text import Text
    >>> line = turn_summary(1, ["4->1", "pass"], letter="B", depth="5", nodes=1, seconds=0.8)
    >>> Text.from_markup(line).plain
    'player 1 (B, AI) played 4->1, pass  depth 5, 1 node, 0.80 s'
    """
    who = f"player {player} ({letter}, AI)" if letter else f"player {player} (AI)"
    moves = ", ".join(escape(label) for label in labels) or "nothing"
    cut = " (partial: a budget ran out)" if partial else ""
    noun = "node" if nodes == 1 else "nodes"
    return (
        f"[{player_style(player)}]{who}[/] played [bold]{moves}[/]  "
        f"[dim]depth {depth}, {nodes:,} {noun}, {seconds:.2f} s{cut}[/]"
    )


def final_line(game: Game[Any, Any], state: Any, humans: Collection[int]) -> str:
    """The last line of a game: every player's score, who won, and "you win"/"you lose" when one
    human played.

    >>> from lazytree.games import load_game
    >>> game, state = load_game("dice-of-doom", size=2, board="0:2 0:1 0:3 0:2")
    >>> final_line(game, state, {0})
    'game over: territories A (you) 4, B (AI) 0: player 0 wins: you win.'
    >>> game, state = load_game("tree", spec="[1, [2, 3]]")
    >>> final_line(game, game.result(state, 0), {1})
    'game over: player 0 (AI) 1, player 1 (you) -1: player 0 wins: you lose.'
    """
    scores = list(game.returns(state))
    best = max(scores)
    winners = [p for p, v in enumerate(scores) if v == best]
    doc = _document(game, state)
    score = doc.get("score")
    if score is not None:
        names = doc["players"]
        parts = [
            f"{names[p]} ({'you' if p in humans else 'AI'}) {v:g}"
            for p, v in enumerate(score["values"])
        ]
        shown = f"{score['name']} {', '.join(parts)}"
    else:
        parts = [
            f"player {p} ({'you' if p in humans else 'AI'}) {scores[p]:g}"
            for p in range(len(scores))
        ]
        shown = ", ".join(parts)
    if len(winners) == 1:
        verdict = f"player {winners[0]} wins"
    else:
        verdict = f"a tie between players {', '.join(map(str, winners))}"
    text = f"game over: {shown}: {verdict}"
    if len(humans) == 1:
        (me,) = humans
        if me in winners:
            text += ": you win" if len(winners) == 1 else ": you share the win"
        else:
            text += ": you lose"
    return text + "."
