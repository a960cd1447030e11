"""The ``lazytree`` command line (typer). Every command's output is produced here;
the library itself never prints."""

from __future__ import annotations

import typer

from lazytree.cli.analyse import analyse_app, count_app
from lazytree.cli.arena import arena_app
from lazytree.cli.bench import bench_app
from lazytree.cli.common import OneLineGroup, set_memory_ceiling
from lazytree.cli.compare import compare_app
from lazytree.cli.explore import explore_app
from lazytree.cli.games import games
from lazytree.cli.perft import perft_app
from lazytree.cli.play import play_app
from lazytree.cli.serve import serve
from lazytree.cli.tune import tune_app

app = typer.Typer(
    cls=OneLineGroup,
    name="lazytree",
    help="Explore game trees lazily: play against a search AI, count and analyse trees.",
    no_args_is_help=True,
    pretty_exceptions_enable=False,
    add_completion=False,
)
app.add_typer(play_app)
app.add_typer(count_app)
app.add_typer(analyse_app)
app.add_typer(explore_app)
app.add_typer(perft_app)
app.add_typer(bench_app)
app.add_typer(compare_app)
app.command("serve")(serve)
app.command("games")(games)
app.add_typer(arena_app)
app.add_typer(tune_app)


def main() -> None:
    """Entry point of the ``lazytree`` script: the memory ceiling, then the command."""
    set_memory_ceiling()
    app(prog_name="lazytree")


__all__ = ["app", "main"]
