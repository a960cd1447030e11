"""``lazytree arena --table``: one agent a seat for 3 to 8 players, every board played once per
rotation of the seats (:mod:`lazytree.arena.table`)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from rich.progress import BarColumn, MofNCompleteColumn, TextColumn, TimeElapsedColumn
from rich.table import Table

from lazytree.agents import AgentError
from lazytree.arena.play import GameRecord
from lazytree.arena.table import TableResult, TableSpec, run_table
from lazytree.cli.common import console, exit_partial, fail, print_json, progress_bar, run_failed
from lazytree.cli.files import json_lines
from lazytree.games import OptionError

__all__ = ["show_table", "table_match"]


def table_match(
    game: str,
    options: dict[str, Any],
    names: tuple[str, ...],
    *,
    boards: int,
    seed: int,
    jobs: int,
    out: Path | None,
    json_out: bool,
) -> None:
    """Play the table match and print its table (see the module)."""
    spec = TableSpec(game, options, names, boards=boards, seed=seed)
    try:
        spec.check()
    except (AgentError, OptionError, ValueError) as exc:
        fail(str(exc))
    total = boards * len(names)
    with (
        json_lines(out) as write,
        progress_bar(
            TextColumn("arena"), BarColumn(), MofNCompleteColumn(), TimeElapsedColumn()
        ) as bar,
    ):
        task = bar.add_task("games", total=total)

        def on_game(result: TableResult, record: GameRecord) -> None:
            write([record.record()])
            bar.update(task, advance=1)

        try:
            result = run_table(spec, jobs=jobs, on_game=on_game)
        except KeyboardInterrupt:
            fail("interrupted", code=130)
        except (OSError, RuntimeError) as exc:
            run_failed(exc)
    summary = result.summary()
    if json_out:
        print_json(summary)
    else:
        show_table(summary)
    if result.stopped is not None:
        exit_partial(f"the match stopped after {result.games} games: {result.stopped}")


def show_table(summary: dict[str, Any]) -> None:
    """The table of :meth:`~lazytree.arena.table.TableResult.summary`."""
    table = Table(
        title=f"{summary['game']}: {summary['games']} games, {summary['boards']} boards "
        "(every seat rotation)"
    )
    for col in ("agent", "seats", "games", "wins", "score", "95% interval", "fair", "s/move"):
        table.add_column(col, justify="left" if col == "agent" else "right")
    for a in summary["agents"]:
        lo, hi = a["score_ci"]
        per = a["seconds_per_move"]
        table.add_row(
            a["name"],
            str(a["seats"]),
            str(a["games"]),
            str(a["wins"]),
            f"{a['score']:.3f}",
            f"{lo:.3f} to {hi:.3f}",
            f"{a['fair_share']:.3f}",
            "-" if per is None else f"{per:.3f}",
        )
    console.print(table)
    console.print("score: the share of the win per seat held (1 a win, 1/k a k-way draw)")
