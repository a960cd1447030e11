"""``lazytree games``: every installed game, where it comes from and what it offers."""

from __future__ import annotations

from typing import Any

from rich.markup import escape
from rich.table import Table

from lazytree.catalog import GAMES, OptionError, capabilities, load_game
from lazytree.cli.common import PrintJsonOption, console, print_json

__all__ = ["games"]


def describe_games() -> dict[str, Any]:
    """Every declared game as plain data: the ones that load (name, summary, origin,
    options, capabilities) and the broken ones (name, origin, reason)."""
    listed = []
    for name in GAMES:
        spec = GAMES[name]
        try:
            game = load_game(name).game
        except OptionError as exc:
            offers = [f"(its default set-up fails: {exc})"]
        else:
            offers = capabilities(game)
        listed.append(
            {
                "name": name,
                "summary": spec.summary,
                "origin": GAMES.origin(name),
                "options": [o.flag for o in spec.options],
                "capabilities": offers,
            }
        )
    broken = [{"name": name, "reason": why} for name, why in GAMES.broken().items()]
    return {"games": listed, "broken": broken}


def games(
    as_json: PrintJsonOption = False,
) -> None:
    """List every installed game: where it comes from and what it offers.

    For each game: its name, summary, the distribution declaring its
    ``lazytree.games`` entry point, its options and the optional capabilities it
    implements (lazytree.game's protocols); games that cannot be loaded are listed
    with the reason."""
    found = describe_games()
    if as_json:
        print_json(found)
        return
    table = Table(show_edge=False, pad_edge=False)
    for column in ("game", "summary", "from", "capabilities"):
        table.add_column(column)
    for g in found["games"]:
        table.add_row(
            escape(g["name"]),
            escape(g["summary"]),
            escape(g["origin"]),
            escape(", ".join(g["capabilities"]) or "-"),
        )
    console.print(table)
    for b in found["broken"]:
        console.print(f"[bold red]broken:[/] {escape(b['name'])}: {escape(b['reason'])}")
