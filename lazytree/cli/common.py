"""What every CLI command shares: consoles, one-line errors, and per-game commands.

``lazytree ACTION GAME [game options] [action options]`` is built from the game
registry: each action is a command group with one sub-command per registered game,
whose options are the game's own declared options followed by the action's.
"""

from __future__ import annotations

import inspect
import json
import math
import sys
from collections.abc import Callable, Mapping, Sequence
from typing import Any, NamedTuple, NoReturn, Optional

import typer
from rich.console import Console
from rich.markup import escape
from rich.progress import Progress, ProgressColumn
from typer._click import exceptions as click_errors
from typer._click.core import Context, ParameterSource
from typer._click.globals import get_current_context
from typer.core import TyperCommand, TyperGroup

from lazytree.games import GAMES, GameSpec, OptionError, Position, load_game

console = Console(highlight=False)
err_console = Console(stderr=True, highlight=False)

EXIT_USAGE = 2
"""Exit code of a user mistake (a bad option, a bad value, a file that cannot be written)."""
EXIT_PARTIAL = 3
"""Exit code of a command stopped by a node, memory or time budget: what it found so far
is printed and marked partial."""
EXIT_INTERRUPTED = 130
"""Exit code after Ctrl-C (the shell's convention: 128 + SIGINT)."""


def one_line(text: str) -> str:
    """``text`` with every run of whitespace (newlines included) turned into one space."""
    return " ".join(text.split())


def _report_usage_error(exc: click_errors.ClickException) -> int:
    """Print a click error as one line on stderr; the exit code to use."""
    where = ""
    ctx = getattr(exc, "ctx", None)
    if isinstance(ctx, Context):
        where = f"{ctx.command_path}: "
    hint = ""
    if isinstance(exc, click_errors.UsageError) and ctx is not None:
        hint = " (see --help)"
    message = one_line(exc.format_message()).rstrip(".")
    err_console.print(f"[bold red]error:[/] {escape(where + message)}{hint}", soft_wrap=True)
    return exc.exit_code


class OneLineGroup(TyperGroup):
    """The root command group: usage errors as one line on stderr and exit code 2
    (typer's default is a multi-line box with the usage and a help hint)."""

    def main(  # type: ignore[override]
        self,
        args: Sequence[str] | None = None,
        prog_name: str | None = None,
        complete_var: str | None = None,
        standalone_mode: bool = True,
        windows_expand_args: bool = True,
        **extra: Any,
    ) -> Any:
        if not standalone_mode:
            return super().main(
                args, prog_name, complete_var, standalone_mode, windows_expand_args, **extra
            )
        try:
            code = super().main(args, prog_name, complete_var, False, windows_expand_args, **extra)
        except click_errors.NoArgsIsHelpError as exc:
            err_console.print(exc.format_message(), markup=False, end="")
            code = 0
        except click_errors.ClickException as exc:
            code = _report_usage_error(exc)
        except typer.Abort:
            code = EXIT_INTERRUPTED
        except MemoryError:
            err_console.print(
                "[bold red]error:[/] out of memory: give a smaller --max-memory or --max-nodes "
                "budget so the command stops cleanly before this",
                soft_wrap=True,
            )
            code = EXIT_PARTIAL
        sys.exit(code if isinstance(code, int) else 0)


class CheckedCommand(TyperCommand):
    """A command whose number options must be finite: ``nan`` and ``inf`` are usage
    errors (exit 2), not values a budget or a size silently accepts."""

    def parse_args(self, ctx: Context, args: list[str]) -> list[str]:
        rest = super().parse_args(ctx, args)
        for param in self.get_params(ctx):
            value = ctx.params.get(param.name or "")
            if isinstance(value, float) and not math.isfinite(value):
                raise click_errors.BadParameter(
                    f"{value} is not a finite number", ctx=ctx, param=param
                )
        return rest


def given(name: str) -> bool:
    """Whether the running command's option ``name`` (its Python name) was given on the
    command line (or by an environment variable), rather than left at its default."""
    ctx = get_current_context(silent=True)
    if ctx is None:
        return False
    source = ctx.get_parameter_source(name)
    return source in (ParameterSource.COMMANDLINE, ParameterSource.ENVIRONMENT)


def conflict(first: str, second: str, why: str = "") -> NoReturn:
    """Fail because two options were given together that do not go together."""
    fail(f"{first} and {second} cannot be used together{f': {why}' if why else ''}")


def plural(count: int, word: str, many: str | None = None) -> str:
    """``"1 node"``, ``"2 nodes"``, ``"1,234 nodes"``.

    >>> plural(1, "node"), plural(0, "leaf", "leaves"), plural(1234, "node")
    ('1 node', '0 leaves', '1,234 nodes')
    """
    return f"{count:,} {word if count == 1 else many or word + 's'}"


_UNITS = {"": 1, "K": 1024, "M": 1024**2, "G": 1024**3, "T": 1024**4}


def parse_bytes(text: str, option: str = "--max-memory") -> int:
    """A memory size such as ``500M``, ``2G``, ``1.5G`` or ``800000000`` (bytes) as bytes.

    >>> parse_bytes("500M"), parse_bytes("2g"), parse_bytes("1024")
    (524288000, 2147483648, 1024)
    >>> parse_bytes("lots")
    Traceback (most recent call last):
    ...
    ValueError: --max-memory 'lots': expected a size such as 500M or 2G
    """
    t = text.strip().upper().removesuffix("IB").removesuffix("B")
    unit = t[-1:] if t[-1:] in _UNITS else ""
    number = t[: len(t) - len(unit)]
    try:
        value = float(number) * _UNITS[unit]
    except ValueError:
        value = math.nan
    if not math.isfinite(value) or value < 1:
        raise ValueError(f"{option} {text!r}: expected a size such as 500M or 2G")
    return int(value)


def human_size(n: int) -> str:
    """Bytes for people: ``512 MiB``, ``2.0 GiB``.

    >>> human_size(512 * 1024**2), human_size(2 * 1024**3)
    ('512 MiB', '2.0 GiB')
    """
    if n >= 1024**3:
        return f"{n / 1024**3:.1f} GiB"
    return f"{n / 1024**2:,.0f} MiB"


def progress_bar(*columns: ProgressColumn | str) -> Progress:
    """A transient progress display on stderr, silent when stderr is not a terminal."""
    return Progress(
        *columns, console=err_console, transient=True, disable=not err_console.is_terminal
    )


def fail(message: str, code: int = EXIT_USAGE) -> NoReturn:
    """Print a one-line error to stderr and exit (code 2: the user's input was wrong)."""
    err_console.print(f"[bold red]error:[/] {escape(one_line(message))}", soft_wrap=True)
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
            cls=CheckedCommand,
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

    clash = {p.name for p in extra} & set(game_names)
    if clash:  # a programming error, caught by the CLI tests
        raise RuntimeError(f"{spec.name}: option names {sorted(clash)} clash with the action's")
    command.__signature__ = inspect.Signature(_game_parameters(spec, defaults) + extra)  # type: ignore[attr-defined]
    command.__name__ = spec.name.replace("-", "_")
    command.__doc__ = spec.summary
    return command
