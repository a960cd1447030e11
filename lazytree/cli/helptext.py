"""Every command of ``lazytree`` with its ``--help`` text, as a terminal of a given width
shows it: the documentation's command reference is generated from it (``docs/hooks.py``)
and a test checks that it reads well at 80 columns.

>>> paths = [path for path, _ in walk()]
>>> ("lazytree", "explore", "dice-of-doom") in paths
True
>>> print(help_text(("lazytree", "count", "tree"), width=80).splitlines()[0])
Usage: lazytree count tree [OPTIONS]
"""

from __future__ import annotations

from collections.abc import Iterator

from typer._click.core import Command, Context
from typer.core import TyperGroup as Group
from typer.main import get_command

from lazytree.cli import app

Path = tuple[str, ...]
"""A command as typed: ``("lazytree", "explore", "dice-of-doom")``."""


def _root() -> Command:
    return get_command(app)


def _context(path: Path, width: int) -> tuple[Command, Context]:
    """The command at ``path`` and a context for it whose help is ``width`` columns wide
    (no arguments parsed: nothing runs)."""
    command = _root()
    ctx = Context(command, info_name=path[0], terminal_width=width, max_content_width=width)
    for name in path[1:]:
        assert isinstance(command, Group), f"{' '.join(path)}: {ctx.command_path} has no commands"
        sub = command.get_command(ctx, name)
        if sub is None:
            raise KeyError(f"no command {' '.join(path)}")
        command = sub
        ctx = Context(command, parent=ctx, info_name=name, terminal_width=width)
    return command, ctx


def walk(path: Path = ("lazytree",)) -> Iterator[tuple[Path, Command]]:
    """Every command from ``path`` down (``path`` first, then its sub-commands in the
    order ``--help`` lists them, each followed by its own)."""
    command, ctx = _context(path, 80)
    yield path, command
    if isinstance(command, Group):
        for name in command.list_commands(ctx):
            yield from walk((*path, name))


def help_text(path: Path, width: int = 80) -> str:
    """What ``COLUMNS=width lazytree ... --help`` prints for the command at ``path``."""
    command, ctx = _context(path, width)
    return command.get_help(ctx)


__all__ = ["Path", "help_text", "walk"]
