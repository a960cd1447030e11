"""What every CLI command shares: consoles, one-line errors, and per-game commands.

``lazytree ACTION GAME [game options] [action options]`` is built from the game
registry: each action is a command group with one sub-command per registered game,
whose options are the game's own declared options followed by the action's.
"""

from __future__ import annotations

import inspect
import json
import sys
from collections.abc import Callable, Mapping
from typing import Any, NamedTuple, NoReturn, Optional

import typer
from rich.console import Console
from rich.progress import Progress, ProgressColumn

from lazytree.games import GAMES, GameSpec, OptionError, Position, load_game

console = Console(highlight=False)
err_console = Console(stderr=True, highlight=False)

EXIT_USAGE = 2

GAME_PROVIDED = frozenset({"weights"})
"""Action options a game may declare itself; its own then replaces the action's."""


def progress_bar(*columns: ProgressColumn | str) -> Progress:
    """A transient progress display on stderr, silent when stderr is not a terminal."""
    return Progress(
        *columns, console=err_console, transient=True, disable=not err_console.is_terminal
    )


def fail(message: str, code: int = EXIT_USAGE) -> NoReturn:
    """Print a one-line error to stderr and exit (code 2: the user's input was wrong)."""
    err_console.print(f"[bold red]error:[/] {message}", soft_wrap=True)
    raise typer.Exit(code)


def print_json(data: Mapping[str, Any]) -> None:
    """Write ``data`` as one JSON document to stdout (nothing else goes there)."""
    sys.stdout.write(json.dumps(data, indent=2, default=str) + "\n")


def setup_position(spec: GameSpec, options: Mapping[str, Any]) -> Position:
    """Load the game, turning a bad option into a one-line error and exit code 2."""
    try:
        return load_game(spec.name, **options)
    except OptionError as exc:
        fail(f"{spec.name}: {exc}")


def _game_parameters(
    spec: GameSpec, defaults: Mapping[str, Any] | None = None
) -> list[inspect.Parameter]:
    params = []
    for opt in spec.options:
        default = opt.default if defaults is None else defaults.get(opt.name, opt.default)
        annotation: Any = Optional[opt.type] if default is None else opt.type  # noqa: UP045
        params.append(
            inspect.Parameter(
                opt.name,
                inspect.Parameter.KEYWORD_ONLY,
                default=typer.Option(default, opt.flag, help=opt.help, show_default=True),
                annotation=annotation,
            )
        )
    return params


class GameSetup(NamedTuple):
    """How a command's position was made: the game's spec and its option values.

    Passed to actions that need to make more positions of the same game (other sizes,
    other seeds), see ``game_group(..., pass_setup=True)``.
    """

    spec: GameSpec
    options: dict[str, Any]


def action_parameters(fn: Callable[..., Any], skip: int = 1) -> list[inspect.Parameter]:
    """The keyword parameters of an action function, except the ``skip`` leading ones
    (``position``, and ``setup`` for actions that take it)."""
    sig = inspect.signature(fn, eval_str=True)
    return [
        p.replace(kind=inspect.Parameter.KEYWORD_ONLY) for p in list(sig.parameters.values())[skip:]
    ]


def game_group(
    name: str,
    help: str,
    action: Callable[..., None],
    *,
    describe: Callable[[GameSpec], str] | None = None,
    defaults: Mapping[str, Mapping[str, Any]] | None = None,
    pass_setup: bool = False,
) -> typer.Typer:
    """A command group ``name`` with one sub-command per registered game.

    ``action(position, **action_options)`` runs the command once the game's options
    have been turned into a :class:`~lazytree.games.registry.Position`; with ``pass_setup`` it is
    called as ``action(position, setup, **action_options)`` with a :class:`GameSetup`.
    ``defaults`` maps a game name to game-option defaults this action uses instead of
    the registered ones (e.g. a stronger evaluation for ``play``).
    """
    group = typer.Typer(name=name, help=help, no_args_is_help=True)
    extra = action_parameters(action, skip=2 if pass_setup else 1)
    for spec in GAMES.values():
        group.command(
            spec.name,
            help=describe(spec) if describe else spec.summary,
            no_args_is_help=False,
        )(_make_command(spec, action, extra, (defaults or {}).get(spec.name), pass_setup))
    return group


def _make_command(
    spec: GameSpec,
    action: Callable[..., None],
    extra: list[inspect.Parameter],
    defaults: Mapping[str, Any] | None = None,
    pass_setup: bool = False,
) -> Callable[..., None]:
    game_names = [o.name for o in spec.options]

    def command(**kwargs: Any) -> None:
        options = {n: kwargs.pop(n) for n in game_names}
        position = setup_position(spec, options)
        if pass_setup:
            action(position, GameSetup(spec, options), **kwargs)
        else:
            action(position, **kwargs)

    # an action option the game declares itself (checkers' --weights) is the game's
    extra = [p for p in extra if not (p.name in GAME_PROVIDED and p.name in game_names)]
    clash = {p.name for p in extra} & set(game_names)
    if clash:  # a programming error, caught by the CLI tests
        raise RuntimeError(f"{spec.name}: option names {sorted(clash)} clash with the action's")
    command.__signature__ = inspect.Signature(_game_parameters(spec, defaults) + extra)  # type: ignore[attr-defined]
    command.__name__ = spec.name.replace("-", "_")
    command.__doc__ = spec.summary
    return command
