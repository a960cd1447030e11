"""The ``lazytree`` command line (typer); every command's output is produced here, the library never
prints.

Each command's module is imported only when it runs or its help is asked for (:data:`COMMANDS`);
``lazytree bench`` is listed where the checkout's ``benchmarks/`` is (:data:`BENCHMARKS`).
"""

from __future__ import annotations

import importlib
import sys
from pathlib import Path
from typing import Annotated, Any

import typer
from typer._click.core import Command, Context
from typer.core import TyperCommand
from typer.main import get_command as typer_command
from typer.main import get_group

import lazytree
from lazytree.cli.common import OneLineGroup, keep_ctrl_c, plain_help, set_memory_ceiling
from lazytree.cli.games import games

COMMANDS: dict[str, tuple[str, str, str]] = {
    "serve": (
        "lazytree.cli.serve",
        "serve",
        "Play Dice of Doom (boards up to 100x100) and the other games in the browser.",
    ),
    "play": ("lazytree.cli.play", "play_app", "Play a game against the AI in the terminal."),
    "count": ("lazytree.cli.analyse", "count_app", "Count the game tree from a start position."),
    "analyse": (
        "lazytree.cli.analyse",
        "analyse_app",
        "Rate a position: value, best moves, principal line.",
    ),
    "explore": (
        "lazytree.cli.explore",
        "explore_app",
        "Show the part of the tree a rater explored: an interactive HTML explorer, or DOT, "
        "SVG, PNG, GraphML, JSON.",
    ),
    "perft": (
        "lazytree.cli.perft",
        "perft_app",
        "Count positions exactly D moves from the start (checks a move generator).",
    ),
    "bench": (
        "benchmarks.cli",
        "bench_app",
        "Benchmarks: lazy-tree searches against plain recursive Python, ratios in one process.",
    ),
    "compare": (
        "lazytree.cli.compare",
        "compare_app",
        "Eager against lazy: nodes, time and memory to rate the start position.",
    ),
    "arena": (
        "lazytree.cli.arena",
        "arena_app",
        "Play paired matches between named AI agents: score, Elo, SPRT.",
    ),
    "tune": (
        "lazytree.cli.tune",
        "tune_app",
        "Tune evaluation weights from self-play (Texel-style logistic fit, SPRT acceptance).",
    ),
}
"""The commands imported on demand: name -> (module, its typer app or command function,
the one-line help ``lazytree --help`` shows; a test checks it is the command's own)."""


BENCHMARKS = Path(lazytree.__file__).resolve().parent.parent / "benchmarks"
"""The checkout's benchmarks (``lazytree bench``), beside the package in a checkout; a
wheel carries none of them."""

NO_BENCHMARKS = (
    "lazytree bench runs from a checkout of lazytree's sources (its benchmarks/ folder is "
    "not installed): clone the repository and pip install -e '.[dev]' there"
)


def benchmarks_found() -> bool:
    """Whether :data:`BENCHMARKS` is there; then its parent goes at the end of ``sys.path``, so
    ``benchmarks`` imports here and in spawned workers."""
    if not (BENCHMARKS / "cli.py").is_file():
        return False
    root = str(BENCHMARKS.parent)
    if root not in sys.path:
        sys.path.append(root)
    return True


def available(name: str) -> bool:
    """Whether command ``name`` of :data:`COMMANDS` can be loaded here (``bench``: only
    with :func:`benchmarks_found`)."""
    return not COMMANDS[name][0].startswith("benchmarks.") or benchmarks_found()


def load_command(name: str) -> Command:
    """Import command ``name`` of :data:`COMMANDS` and build its click command."""
    module, attribute, _ = COMMANDS[name]
    obj = getattr(importlib.import_module(module), attribute)
    if isinstance(obj, typer.Typer):
        return plain_help(get_group(obj))
    one = typer.Typer(add_completion=False)
    one.command(name)(obj)
    return plain_help(typer_command(one))


class LazyCommands(OneLineGroup):
    """The root group: the commands of :data:`COMMANDS` are imported when first used;
    while the root's help is written, they are listed from their one-line help."""

    _listing = False

    def list_commands(self, ctx: Context) -> list[str]:
        return [*filter(available, COMMANDS), *super().list_commands(ctx)]

    def get_command(self, ctx: Context, cmd_name: str) -> Any:
        if cmd_name not in COMMANDS:
            return super().get_command(ctx, cmd_name)
        if not available(cmd_name):
            ctx.fail(NO_BENCHMARKS)
        if self._listing:
            return TyperCommand(cmd_name, short_help=COMMANDS[cmd_name][2])
        loaded: dict[str, Command] = self.__dict__.setdefault("_loaded", {})
        if cmd_name not in loaded:
            loaded[cmd_name] = load_command(cmd_name)
        return loaded[cmd_name]

    def format_help(self, ctx: Context, formatter: Any) -> None:
        self._listing = True
        try:
            super().format_help(ctx, formatter)
        finally:
            self._listing = False


app = typer.Typer(
    cls=LazyCommands,
    name="lazytree",
    help="Explore game trees lazily: play against a search AI, count and analyse trees.",
    no_args_is_help=True,
    pretty_exceptions_enable=False,
    add_completion=False,
    rich_markup_mode=None,  # click's help layout, readable at 80 columns: see plain_help
)
app.command("games")(games)


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
    """Entry point of the ``lazytree`` script: the memory ceiling and a Ctrl-C that is
    never lost, then the command."""
    set_memory_ceiling()
    keep_ctrl_c()
    app(prog_name="lazytree")


__all__ = ["COMMANDS", "app", "load_command", "main", "version_line"]
