"""What every CLI command shares: consoles, one-line errors, budgets, and the per-game commands
(``lazytree ACTION GAME [game options] [action options]``, built from the catalog on demand)."""

from __future__ import annotations

import gc
import inspect
import json
import math
import os
import stat
import sys
import time
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from typing import Annotated, Any, NamedTuple, NoReturn, Optional

import typer
from rich.console import Console
from rich.markup import escape
from rich.progress import BarColumn, Progress, ProgressColumn, SpinnerColumn, TaskID
from rich.text import Text
from typer._click import exceptions as click_errors
from typer._click.core import Command, Context, ParameterSource
from typer._click.globals import get_current_context
from typer.core import TyperCommand, TyperGroup
from typer.main import get_command as typer_command

from lazytree.eager import estimate_node_bytes
from lazytree.games import GAMES, GameSpec, OptionError, Position, load_game
from lazytree.gcpause import gc_paused
from lazytree.search import Limit
from lazytree.search.limit import DEFAULT_MEMORY

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


def plain_help(command: Command) -> Command:
    """``command`` (and every sub-command it has built) with click's plain help layout, whose
    description column is wider on a narrow terminal than typer's rich one."""
    if hasattr(command, "rich_markup_mode"):
        command.rich_markup_mode = None
    for sub in getattr(command, "commands", {}).values():
        plain_help(sub)
    return command


class OneLineGroup(TyperGroup):
    """The root command group: usage errors as one line on stderr and exit code 2
    (typer's default is a multi-line box with the usage and a help hint)."""

    def main(
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
        out_of_memory = False
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
            out_of_memory = True
        if out_of_memory:
            # outside the handler the traceback (and the tree its frames hold) is gone:
            # collect it before printing, which needs memory too (rich's markup parser
            # failed here with a second MemoryError)
            gc.collect()
            sys.stderr.write(out_of_memory_line() + "\n")
            code = EXIT_PARTIAL
        sys.exit(code if isinstance(code, int) else 0)

    def invoke(self, ctx: Context) -> Any:
        try:
            return super().invoke(ctx)
        except KeyboardInterrupt:  # Ctrl-C where the command does not say what it had done
            sys.stderr.write("\ninterrupted\n")
            raise typer.Exit(EXIT_INTERRUPTED) from None


SIZING = frozenset(
    {
        "size", "width", "rows", "players", "max_dice", "spare_dice", "board", "spec",
        "depth", "sizes", "seeds", "games", "pairs", "rounds", "nodes",
    }
)  # fmt: skip
"""Options (Python names) whose values size a command's work: an out-of-memory error
names those given (see :func:`out_of_memory_line`)."""

_sizing: list[str] = []
"""The sizing options of the running command as given (``--size 100``), and a note when
it has a depth option left unlimited."""


def out_of_memory_line() -> str:
    """The one line of an out-of-memory error: the options that made the work large
    when the command was given any, else the budgets to give."""
    if not _sizing:
        return (
            "error: out of memory: give a smaller --max-memory or --max-nodes budget "
            "so the command stops cleanly before this"
        )
    what = ", ".join(_sizing)
    return (
        f"error: out of memory: the work asked for ({what}) needs more memory than this "
        "command may use; ask for less"
    )


class CheckedCommand(TyperCommand):
    """A command whose number options must be finite (``nan`` and ``inf`` are usage errors); the
    options that size its work are noted for :func:`out_of_memory_line`."""

    def parse_args(self, ctx: Context, args: list[str]) -> list[str]:
        rest = super().parse_args(ctx, args)
        _sizing.clear()
        for param in self.get_params(ctx):
            name = param.name or ""
            value = ctx.params.get(name)
            if isinstance(value, float) and not math.isfinite(value):
                flags = "/".join(getattr(param, "opts", []) or [name or "?"])
                raise click_errors.UsageError(
                    f"Invalid value for {flags}: {value} is not a finite number", ctx=ctx
                )
            flag = (getattr(param, "opts", None) or [name])[0]
            if name in SIZING and ctx.get_parameter_source(name) in (
                ParameterSource.COMMANDLINE,
                ParameterSource.ENVIRONMENT,
            ):
                shown = str(value) if len(str(value)) <= 20 else str(value)[:17] + "..."
                _sizing.append(f"{flag} {shown}")
        return rest


def note_work(what: str) -> None:
    """Add ``what`` (e.g. ``"no --depth"``) to what an out-of-memory error names as the
    work asked for."""
    _sizing.append(what)


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


_UNITS = {"K": 1024, "M": 1024**2, "G": 1024**3, "T": 1024**4}


def parse_bytes(text: str, option: str = "--max-memory") -> int:
    """A memory size such as ``500M``, ``2G``, ``1.5G`` or ``500`` (a bare number is
    MiB) as bytes.

    >>> parse_bytes("500M"), parse_bytes("2g"), parse_bytes("64"), parse_bytes("1.5GiB")
    (524288000, 2147483648, 67108864, 1610612736)
    >>> parse_bytes("lots")
    Traceback (most recent call last):
    ...
    ValueError: --max-memory 'lots': expected a size such as 500M or 2G (a bare number is MiB)
    """
    t = text.strip().upper().removesuffix("IB").removesuffix("B")
    unit = t[-1:] if t[-1:] in _UNITS else "M"
    number = t[:-1] if t[-1:] in _UNITS else t
    try:
        value = float(number) * _UNITS[unit]
    except ValueError:
        value = math.nan
    if not math.isfinite(value) or value < 1024**2:
        raise ValueError(
            f"{option} {text!r}: expected a size such as 500M or 2G (a bare number is MiB)"
        )
    return int(value)


def human_size(n: int) -> str:
    """Bytes for people: ``512 MiB``, ``2.0 GiB``.

    >>> human_size(512 * 1024**2), human_size(2 * 1024**3), human_size(200_000)
    ('512 MiB', '2.0 GiB', '195 KiB')
    """
    if n >= 1024**3:
        return f"{n / 1024**3:.1f} GiB"
    if n < 1024**2:
        return f"{n / 1024:,.0f} KiB"
    return f"{n / 1024**2:,.0f} MiB"


# -- budgets ----------------------------------------------------------------------------

DEFAULT_NODES = 1_000_000
"""The default node budget of a command on a small board (fewer on big boards, see
:func:`default_nodes`)."""

MIN_MEMORY = 64 * 1024**2
"""The smallest ``--max-memory`` accepted: a command holds about 50 MiB before it
starts any work."""

PrintJsonOption = Annotated[bool, typer.Option("--json", help="Print one JSON document.")]
MaxNodesOption = Annotated[
    int | None,
    typer.Option(
        "--max-nodes",
        min=1,
        help=f"Node budget: new nodes the search may build (default {DEFAULT_NODES:,}, fewer "
        "on big boards so they fit the memory budget). Reaching it prints what was found "
        "so far, marked partial, and exits with code 3.",
        show_default=False,
    ),
]
MaxMemoryOption = Annotated[
    str | None,
    typer.Option(
        "--max-memory",
        help="Memory budget of the whole process, e.g. 500M or 2G (a bare number is MiB), "
        f"at least {human_size(MIN_MEMORY)}; default and most: {human_size(DEFAULT_MEMORY)} "
        "(128 MiB under the smaller of 2 GiB "
        "and a quarter of this machine's memory). Reaching it stops cleanly like "
        "--max-nodes (exit 3).",
        show_default=False,
    ),
]


def default_nodes(state: object) -> int:
    """The node budget used when none is given: :data:`DEFAULT_NODES`, or fewer on big positions
    (about a quarter of the memory budget's worth of nodes).

    >>> default_nodes((1, 2, 3)) > 500_000
    True
    >>> default_nodes(tuple(range(10_000))) < 100_000
    True
    """
    per_node = estimate_node_bytes(state) + _NODE_OVERHEAD
    return max(1_000, min(DEFAULT_NODES, DEFAULT_MEMORY // 4 // per_node))


_NODE_OVERHEAD = 600
"""Bytes a lazy tree's node costs besides its state (node, edges, lazy sequence)."""


def memory_budget(text: str | None) -> int:
    """``--max-memory`` in bytes (:data:`DEFAULT_MEMORY` when not given); a usage error (exit 2)
    for a bad size or one past the default or under :data:`MIN_MEMORY`."""
    if text is None:
        return DEFAULT_MEMORY
    try:
        value = parse_bytes(text)
    except ValueError as exc:
        fail(str(exc))
    if value > DEFAULT_MEMORY:
        fail(f"--max-memory {text}: at most {human_size(DEFAULT_MEMORY)} on this machine")
    if value < MIN_MEMORY:
        fail(
            f"--max-memory {text}: at least {human_size(MIN_MEMORY)} (Python and lazytree "
            "alone hold about 50 MiB, so a smaller budget could run nothing)"
        )
    return value


def command_limit(
    state: object,
    max_nodes: int | None,
    max_memory: str | None,
    *,
    depth: int | None = None,
    seconds: float | None = None,
) -> Limit:
    """The :class:`~lazytree.search.Limit` of a command: its depth and clock, and the
    node and memory budgets (defaults when the options were not given)."""
    return Limit(
        depth=depth,
        seconds=seconds or None,
        nodes=max_nodes if max_nodes is not None else default_nodes(state),
        memory=memory_budget(max_memory),
    )


def report_partial(why: str) -> None:
    """Say on stderr that the result printed is partial, and why (one line)."""
    err_console.print(f"[bold yellow]partial:[/] {escape(one_line(why))}", soft_wrap=True)


def exit_partial(why: str) -> NoReturn:
    """:func:`report_partial`, then exit with :data:`EXIT_PARTIAL` (3)."""
    report_partial(why)
    raise typer.Exit(EXIT_PARTIAL)


HARD_CEILING_HEADROOM = 256 * 1024**2


def set_memory_ceiling(limit: int = DEFAULT_MEMORY + HARD_CEILING_HEADROOM) -> None:
    """Cap the process's data segment (``RLIMIT_DATA``) at ``limit`` bytes, a backstop for code
    that checks no budget (an allocation past it is a one-line ``MemoryError``, exit 3). Only
    lowers a limit; called by the ``lazytree`` script alone."""
    try:
        import resource
    except ImportError:  # not on this platform
        return
    soft, hard = resource.getrlimit(resource.RLIMIT_DATA)
    if soft != resource.RLIM_INFINITY and soft <= limit:
        return
    if hard != resource.RLIM_INFINITY:
        limit = min(limit, hard)
    resource.setrlimit(resource.RLIMIT_DATA, (limit, hard))


def keep_ctrl_c() -> None:
    """Install a Ctrl-C handler that never loses the interrupt: one that lands inside a garbage
    collector callback (which CPython would drop) is raised again a moment later from a timer
    thread."""
    import _thread
    import signal
    import threading
    from types import FrameType

    def interrupt(signum: int, frame: FrameType | None) -> None:
        f = frame
        while f is not None:
            if f.f_globals.get("__name__") == "lazytree.gcpause":
                threading.Timer(0.01, _thread.interrupt_main).start()
                return
            f = f.f_back
        raise KeyboardInterrupt

    signal.signal(signal.SIGINT, interrupt)


GAME_PROVIDED = frozenset({"weights"})
"""Action options a game may declare itself; its own then replaces the action's."""


PROGRESS_EVERY = 5.0
"""Seconds between the plain progress lines of a long command whose stderr is not a
terminal (the first comes after as long)."""


class LineProgress(Progress):
    """A transient progress display on stderr; when stderr is not a terminal, a plain line of
    its text every :data:`PROGRESS_EVERY` seconds instead."""

    _last = 0.0

    def update(self, task_id: TaskID, **changes: Any) -> None:
        super().update(task_id, **changes)
        self._plain(task_id)

    def advance(self, task_id: TaskID, advance: float = 1) -> None:
        super().advance(task_id, advance)
        self._plain(task_id)

    def _plain(self, task_id: TaskID) -> None:
        if not self.disable:
            return
        now = time.monotonic()
        if not self._last:
            self._last = now
        if now - self._last < PROGRESS_EVERY:
            return
        self._last = now
        with self._lock:
            task = self._tasks.get(task_id)
        if task is None:
            return
        parts = []
        for column in self.columns:
            if isinstance(column, BarColumn | SpinnerColumn):
                continue
            shown = column(task) if isinstance(column, ProgressColumn) else column.format(task=task)
            text = shown.plain if isinstance(shown, Text) else str(shown)
            if text.strip():
                parts.append(text.strip())
        sys.stderr.write(one_line(" ".join(parts)) + "\n")
        sys.stderr.flush()


def progress_bar(*columns: ProgressColumn | str) -> Progress:
    """A :class:`LineProgress` on stderr: a bar on a terminal, else a line now and then."""
    return LineProgress(
        *columns, console=err_console, transient=True, disable=not err_console.is_terminal
    )


def fail(message: str, code: int = EXIT_USAGE) -> NoReturn:
    """Print a one-line error to stderr and exit (code 2: the user's input was wrong)."""
    err_console.print(f"[bold red]error:[/] {escape(one_line(message))}", soft_wrap=True)
    raise typer.Exit(code)


def run_failed(exc: BaseException) -> NoReturn:
    """Fail with exit code 1 naming the first line of a run's error (a worker's, a cluster's)."""
    fail(str(exc).splitlines()[0] if str(exc) else type(exc).__name__, code=1)


def print_json(data: Mapping[str, Any]) -> None:
    """Write ``data`` as one JSON document to stdout (nothing else goes there)."""
    sys.stdout.write(json.dumps(data, indent=2, default=str) + "\n")


# -- files a command reads ------------------------------------------------------------

MAX_READ_BYTES = 64 * 1024**2
"""The largest file a command reads whole unless it states a smaller bound."""


def os_reason(exc: OSError) -> str:
    """Why a file operation failed, in a few words."""
    return exc.strerror or str(exc)


def read_text_file(
    path: Path, option: str, limit: int = MAX_READ_BYTES, what: str = "a command reads"
) -> str:
    """The text of file ``path`` given as ``option``; a one-line error (exit 2) when it is
    missing, not a regular file, over ``limit`` bytes ("more than the LIMIT ``what``") or not
    UTF-8."""
    try:
        if not stat.S_ISREG(os.stat(path).st_mode):  # before opening: a fifo would block
            fail(f"{option} {path}: not a regular file")
        with open(path, "rb") as f:
            info = os.fstat(f.fileno())
            if info.st_size > limit:
                size = human_size(info.st_size)
                fail(f"{option} {path}: {size} is more than the {_most(limit, what)}")
            data = f.read(limit + 1)
    except OSError as exc:
        fail(f"{option} {path}: {os_reason(exc)}")
    if len(data) > limit:  # grew while read
        fail(f"{option} {path}: more than the {_most(limit, what)}")
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError:
        fail(f"{option} {path}: not a text file (not UTF-8)")


def _most(limit: int, what: str) -> str:
    return f"{human_size(limit)} {what}"


def read_option_files(spec: GameSpec, options: dict[str, Any]) -> dict[str, str]:
    """Put in ``options`` the text of each file a game option names as ``@PATH`` (a one-line
    error for a file missing or too big); the flags as an error then names them, for
    :func:`setup_position`."""
    named = {}
    for opt in spec.options:
        value = options.get(opt.name)
        if opt.file_bytes and isinstance(value, str) and value.startswith("@"):
            path = Path(value[1:])
            options[opt.name] = read_text_file(path, opt.flag, opt.file_bytes, f"{opt.flag} reads")
            named[opt.flag] = f"{opt.flag} {path}"
    return named


def setup_position(
    spec: GameSpec, options: Mapping[str, Any], files: Mapping[str, str] | None = None
) -> Position:
    """Load the game, a bad option a one-line error (exit 2) that names the file an option was
    read from (``files``, from :func:`read_option_files`)."""
    try:
        return load_game(spec.name, **options)
    except OptionError as exc:
        message = str(exc)
        for flag, named in (files or {}).items():
            if message.startswith(f"{flag} "):
                rest = message[len(flag) :]
                message = named + (":" if rest.startswith(" line ") else "") + rest
        fail(f"{spec.name}: {message}")


def _game_parameters(
    spec: GameSpec, defaults: Mapping[str, Any] | None = None
) -> list[inspect.Parameter]:
    params = []
    for opt in spec.options:
        default = opt.default if defaults is None else defaults.get(opt.name, opt.default)
        about = opt.help + (" @FILE: the text of file FILE." if opt.file_bytes else "")
        annotation: Any = Optional[opt.type] if default is None else opt.type  # noqa: UP045
        params.append(
            inspect.Parameter(
                opt.name,
                inspect.Parameter.KEYWORD_ONLY,
                default=typer.Option(default, opt.flag, help=about, show_default=True),
                annotation=annotation,
            )
        )
    return params


class GameSetup(NamedTuple):
    """How a command's position was made: the game's spec and its option values (for actions
    that make more positions, ``game_group(..., pass_setup=True)``)."""

    spec: GameSpec
    options: dict[str, Any]


def action_parameters(fn: Callable[..., Any], skip: int = 1) -> list[inspect.Parameter]:
    """The keyword parameters of an action function, except the ``skip`` leading ones
    (``position``, and ``setup`` for actions that take it)."""
    sig = inspect.signature(fn, eval_str=True)
    return [
        p.replace(kind=inspect.Parameter.KEYWORD_ONLY) for p in list(sig.parameters.values())[skip:]
    ]


class GameCommands(TyperGroup):
    """A command group with one sub-command per game, each built from its spec when first listed
    or called (building the command line imports no game); ``make(spec)`` gives a command's
    function or None, and a game that cannot load is a one-line usage error."""

    make: Callable[[GameSpec], Callable[..., None] | None]
    describe: Callable[[GameSpec], str] | None = None

    def _game_command(self, name: str) -> TyperCommand | None:
        built: dict[str, TyperCommand | None] = self.__dict__.setdefault("_built", {})
        if name not in built:
            spec = GAMES.spec(name)
            fn = None if spec is None else type(self).make(spec)
            if spec is None or fn is None:
                return None
            one = typer.Typer(add_completion=False)
            describe = type(self).describe
            one.command(
                spec.name,
                help=describe(spec) if describe else spec.summary,
                no_args_is_help=False,
                cls=CheckedCommand,
            )(fn)
            command = plain_help(typer_command(one))
            assert isinstance(command, TyperCommand)
            built[name] = command
        return built[name]

    def list_commands(self, ctx: Context) -> list[str]:
        own = super().list_commands(ctx)
        return own + [n for n in GAMES if n not in own and self._game_command(n) is not None]

    def get_command(self, ctx: Context, cmd_name: str) -> Any:
        if cmd_name in self.commands:
            return self.commands[cmd_name]
        command = self._game_command(cmd_name)
        why = GAMES.reason(cmd_name) if command is None else None
        if why is not None:
            raise click_errors.UsageError(f"game {cmd_name!r} cannot be loaded: {why}", ctx=ctx)
        return command


def game_commands(
    make: Callable[[GameSpec], Callable[..., None] | None],
    describe: Callable[[GameSpec], str] | None = None,
) -> type[GameCommands]:
    """A :class:`GameCommands` class (for ``typer.Typer(cls=...)``) whose game commands
    are ``make(spec)``."""
    return type(
        "GameCommands",
        (GameCommands,),
        {"make": staticmethod(make), "describe": staticmethod(describe) if describe else None},
    )


def game_group(
    name: str,
    help: str,
    action: Callable[..., None],
    *,
    describe: Callable[[GameSpec], str] | None = None,
    defaults: Mapping[str, Mapping[str, Any]] | None = None,
    pass_setup: bool = False,
) -> typer.Typer:
    """A command group ``name`` with one sub-command per game (:class:`GameCommands`) that
    runs ``action(position, **action_options)`` (with ``pass_setup``:
    ``action(position, setup, ...)``); ``defaults``: per game, this action's option defaults."""
    extra = action_parameters(action, skip=2 if pass_setup else 1)

    def make(spec: GameSpec) -> Callable[..., None]:
        return _make_command(spec, action, extra, (defaults or {}).get(spec.name), pass_setup)

    return typer.Typer(
        name=name, help=help, no_args_is_help=True, cls=game_commands(make, describe)
    )


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
        position = setup_position(spec, options, read_option_files(spec, options))
        with gc_paused():  # the command is the driver: fewer full collections while it runs
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
