"""The ``lazytree`` command line (typer). Every command's output is produced here;
the library itself never prints."""

from __future__ import annotations

from typing import Annotated

import typer

import lazytree
from lazytree.cli.analyse import analyse_app, count_app
from lazytree.cli.arena import arena_app
from lazytree.cli.bench import bench_app
from lazytree.cli.common import OneLineGroup, set_memory_ceiling
from lazytree.cli.compare import compare_app
from lazytree.cli.explore import explore_app
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
app.add_typer(arena_app)
app.add_typer(tune_app)


def version_line() -> str:
    """What ``lazytree --version`` prints: the version and which core runs."""
    core = "compiled core" if lazytree.core_kind() == "compiled" else "pure Python core"
    return f"lazytree {lazytree.__version__} ({core})"


def _version(value: bool) -> None:
    if value:
        typer.echo(version_line())
        raise typer.Exit()


@app.callback()
def _options(
    version: Annotated[
        bool,
        typer.Option(
            "--version",
            callback=_version,
            is_eager=True,
            help="Print the version and the core (compiled or pure Python), then exit.",
        ),
    ] = False,
) -> None:
    """Explore game trees lazily: play against a search AI, count and analyse trees."""


def main() -> None:
    """Entry point of the ``lazytree`` script: the memory ceiling, then the command."""
    set_memory_ceiling()
    app(prog_name="lazytree")


__all__ = ["app", "main", "version_line"]
