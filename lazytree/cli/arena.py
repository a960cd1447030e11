"""``lazytree arena GAME --agents A,B[,C...]``: a paired match (every two agents meet in ``--pairs``
pairs of games, seats swapped), and ``lazytree arena report FILE...``, the same table from ``--out``
files."""

from __future__ import annotations

import contextlib
import inspect
import json
import os
import socket
import stat
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Annotated, Any

import typer
from rich.progress import BarColumn, MofNCompleteColumn, TextColumn, TimeElapsedColumn
from rich.table import Table

from lazytree.agents import AGENTS, HUMAN, AgentError
from lazytree.arena import MatchSpec, run_match
from lazytree.arena.match import MatchResult
from lazytree.arena.play import GameRecord
from lazytree.arena.stats import SPRT
from lazytree.cli.arena_table import table_match
from lazytree.cli.common import (
    GAME_PROVIDED,
    PrintJsonOption,
    _game_parameters,
    console,
    err_console,
    exit_partial,
    fail,
    game_commands,
    print_json,
    progress_bar,
    read_option_files,
    run_failed,
)
from lazytree.cli.files import json_lines
from lazytree.cli.framework import DicewarsOption, use_dicewars
from lazytree.cli.jobs import JobsOption, cap_jobs
from lazytree.cli.learn import PositionBookOption, WeightsOption, agent_files
from lazytree.games import GameSpec, OptionError
from lazytree.spec import split_names

arena_app = typer.Typer(
    name="arena",
    help="Play paired matches between named AI agents: score, Elo, SPRT.",
    no_args_is_help=True,
    cls=game_commands(lambda spec: game_command(spec, arena)),
)

AGENT_HELP = "The agents that meet, comma-separated (--players is accepted too): " + ", ".join(
    f"{name} ({', '.join(p.name for p in AGENTS[name].params)})" for name in AGENTS if name != HUMAN
)


PairsOption = Annotated[
    int, typer.Option("--pairs", help="Pairs of games per meeting (the most, with an SPRT).")
]
SprtOption = Annotated[
    str | None,
    typer.Option("--sprt", help="SPRT bounds ELO0,ELO1: the match stops once it decides."),
]


def parse_sprt(text: str) -> SPRT:
    """``"ELO0,ELO1"`` -> :class:`SPRT`; ``ValueError`` with a one-line message."""
    parts = text.split(",")
    try:
        if len(parts) != 2:
            raise ValueError
        elo0, elo1 = float(parts[0]), float(parts[1])
    except ValueError:
        raise ValueError(f"--sprt {text!r}: write two Elo numbers, ELO0,ELO1 (e.g. 0,10)") from None
    return SPRT(elo0, elo1)


def arena(
    setup: tuple[GameSpec, dict[str, Any]],
    *,
    agents: Annotated[str, typer.Option("--agents", "--players", help=AGENT_HELP)] = "",
    pairs: PairsOption = 50,
    jobs: JobsOption = 1,
    sprt: SprtOption = None,
    dask: Annotated[
        str | None,
        typer.Option("--dask", help="Run on the Dask scheduler at this address."),
    ] = None,
    out: Annotated[
        Path | None,
        typer.Option("--out", help="Write every game as a JSON line to this file."),
    ] = None,
    json_out: PrintJsonOption = False,
    position_book: PositionBookOption = None,
    weights: WeightsOption = None,
    dicewars: DicewarsOption = None,
    table: Annotated[
        bool,
        typer.Option(
            "--table",
            help="Seat every agent in each game (one a seat, names may repeat; the game "
            "gets as many players), the seats rotated over each board; --pairs counts boards.",
        ),
    ] = False,
) -> None:
    """Play the match and print its table."""
    use_dicewars(dicewars)
    spec, options = setup
    names = split_names(agents)
    if weights is not None and agent_files(names, None, weights) == names:
        fail(
            f"--weights {weights}: no agent uses it: it goes to each default agent "
            "without weights of its own (e.g. --agents default,ror)"
        )
    names = agent_files(
        names, position_book, weights
    )  # --position-book/--weights: every default agent
    seed = options.pop("seed", None)
    if table:  # one agent a seat, the seats rotated over each board (3 to 8 players)
        if "players" in options:
            options["players"] = len(names)
        table_match(
            spec.name,
            {k: v for k, v in options.items() if v is not None},
            tuple(names),
            boards=pairs,
            seed=seed or 0,
            jobs=cap_jobs(jobs)[0],
            out=out,
            json_out=json_out,
        )
        return
    match = _checked_match(spec, options, names, pairs, jobs, sprt, seed or 0)
    if dask is None:  # a Dask cluster's workers run on its own machines
        jobs, capped = cap_jobs(jobs)
        if capped is not None:
            err_console.print(capped, soft_wrap=True)
    else:
        check_scheduler(dask)
    with json_lines(out) as write:
        result = _run_match(match, jobs, dask, write, out)
    summary = result.summary()
    if json_out:
        print_json(summary)
    else:
        show(summary)
    if result.stopped is not None:
        exit_partial(f"the match stopped after {result.games // 2} pairs: {result.stopped}")


def _checked_match(
    spec: GameSpec,
    options: dict[str, Any],
    names: tuple[str, ...],
    pairs: int,
    jobs: int,
    sprt: str | None,
    seed: int,
) -> MatchSpec:
    """The match the options ask for, checked (one line and exit 2 for a mistake)."""
    try:
        if len(names) < 2:
            raise ValueError("--agents needs at least 2 agents, e.g. --agents default,ror")
        if pairs < 1:
            raise ValueError(f"--pairs must be at least 1, got {pairs}")
        meetings = len(names) * (len(names) - 1) // 2
        if pairs * meetings > MAX_PAIRS:
            many = f" ({meetings} meetings of {pairs:,})" if meetings > 1 else ""
            raise ValueError(
                f"--pairs {pairs:,}: {pairs * meetings:,} pairs{many}; at most {MAX_PAIRS:,} "
                "in one run"
            )
        if jobs < 1:
            raise ValueError(f"--jobs must be at least 1, got {jobs}")
        test = parse_sprt(sprt) if sprt is not None else None
        match = MatchSpec(
            spec.name,
            {k: v for k, v in options.items() if v is not None},
            names,
            pairs=pairs,
            seed=seed,
            sprt=test,
        )
        match.check()
    except (AgentError, OptionError, ValueError) as exc:
        fail(str(exc))
    return match


def _run_match(
    match: MatchSpec, jobs: int, dask: str | None, write: Callable[[Any], None], out: Path | None
) -> MatchResult:
    """Play ``match`` under a progress bar, each pair's games given to ``write`` (the file
    ``out``) as they end; Ctrl-C and a failing run are one line."""
    total = match.pairs * len(match.meetings())
    with progress_bar(
        TextColumn("arena"),
        BarColumn(),
        MofNCompleteColumn(),
        TextColumn("{task.fields[score]}"),
        TimeElapsedColumn(),
    ) as bar:
        task = bar.add_task("pairs", total=total, score="")

        def on_pair(result: MatchResult, pair: tuple[GameRecord, GameRecord]) -> None:
            write([record.record() for record in pair])
            bar.update(task, advance=1, score=running_score(result))

        try:
            with dask_timeouts():
                return run_match(match, jobs=jobs, dask=dask, on_pair=on_pair)
        except KeyboardInterrupt:
            played = bar.tasks[0].completed if bar.tasks else 0
            where = f" (their games are in {out})" if out is not None and played else ""
            fail(f"interrupted: {played:,.0f} of {total:,} pairs played{where}", code=130)
        except (OSError, RuntimeError) as exc:
            run_failed(exc)


MAX_PAIRS = 100_000
"""The most pairs (over every meeting) of one ``arena`` run."""

DASK_CONNECT_SECONDS = 5
"""How long ``--dask`` waits for its scheduler to answer."""


def check_scheduler(address: str) -> None:
    """Fail in one line (exit 2) when the Dask scheduler at ``address`` does not accept a TCP
    connection within :data:`DASK_CONNECT_SECONDS` (other protocols are left to Dask)."""
    scheme, sep, rest = address.rpartition("://")
    if sep and scheme != "tcp":
        return
    host, colon, port = rest.rpartition(":")
    if not colon:  # Dask's default port
        host, port = rest, "8786"
    host = host.strip("[]")
    if not host or not port.isdigit() or not 0 < int(port) < 65536:
        fail(f"--dask {address!r}: expected a scheduler address such as tcp://HOST:8786")
    try:
        socket.create_connection((host, int(port)), timeout=DASK_CONNECT_SECONDS).close()
    except OSError as exc:
        why = "no answer" if isinstance(exc, TimeoutError) else exc.strerror or str(exc)
        fail(f"--dask {address}: cannot reach the scheduler ({why})")


@contextlib.contextmanager
def dask_timeouts() -> Iterator[None]:
    """Dask's connect timeout set to :data:`DASK_CONNECT_SECONDS` (its default is 30 s)
    while the match runs; nothing when Dask is not installed."""
    try:
        import dask
    except ImportError:
        yield
        return
    with dask.config.set({"distributed.comm.timeouts.connect": f"{DASK_CONNECT_SECONDS}s"}):
        yield


def running_score(result: MatchResult) -> str:
    """``name score`` of each agent so far (for the progress bar)."""
    return "  ".join(f"{p.name} {p.score:.3f}" for p in result.agents())


def read_records(files: list[Path]) -> list[GameRecord]:
    """The games of ``--out`` files; ``ValueError`` naming the file and line of a bad one."""
    records = []
    for path in files:
        for number, line in enumerate(_lines(path), 1):
            if not line.strip():
                continue
            try:
                records.append(GameRecord.from_record(json.loads(line)))
            except RecursionError:
                raise ValueError(f"{path}:{number}: not a game of lazytree arena --out") from None
            except (ValueError, KeyError, TypeError, AttributeError) as exc:
                what = exc.msg if isinstance(exc, json.JSONDecodeError) else f"{exc!r}"
                raise ValueError(
                    f"{path}:{number}: not a game of lazytree arena --out ({what})"
                ) from None
    return records


MAX_RECORD_BYTES = 16 * 1024**2
"""The longest line (one game) of an ``arena --out`` file read back."""


def _lines(path: Path) -> Iterator[str]:
    """The lines of ``arena --out`` file ``path``, each at most :data:`MAX_RECORD_BYTES`;
    ``ValueError`` (one line) for a file that is not a regular text file."""
    try:
        if not stat.S_ISREG(os.stat(path).st_mode):  # before opening: a fifo would block
            raise ValueError(f"{path}: not a regular file")
        with open(path, "rb") as f:
            number = 0
            while line := f.readline(MAX_RECORD_BYTES + 1):
                number += 1
                if len(line) > MAX_RECORD_BYTES:
                    raise ValueError(f"{path}:{number}: a line longer than any game")
                yield line.decode("utf-8")
    except OSError as exc:
        raise ValueError(f"{path}: {exc.strerror or exc}") from None
    except UnicodeDecodeError:
        raise ValueError(f"{path}: not a text file (not UTF-8)") from None


@arena_app.command("report")
def report(
    files: Annotated[list[Path], typer.Argument(help="JSONL files written by arena --out.")],
    json_out: PrintJsonOption = False,
) -> None:
    """Sum up the games of arena --out files again (one run, a stopped run, or several
    runs of one game together): the same table, complete pairs only."""
    try:
        records = read_records(files)
        result = MatchResult.from_records(records)
    except ValueError as exc:
        fail(str(exc))
    summary = result.summary()
    if json_out:
        print_json(summary)
    else:
        show(summary)
    left = len(records) - result.games
    if left:
        err_console.print(f"{left} game(s) without the other game of their pair left out")


def show(summary: dict[str, Any]) -> None:
    table = Table(title=f"{summary['game']}: {summary['games']} games ({summary['pairs']} pairs)")
    for col in ("agent", "W", "D", "L", "score", "95% interval", "Elo", "Elo interval", "s/move"):
        table.add_column(col, justify="left" if col == "agent" else "right")
    for p in summary["agents"]:
        lo, hi = p["score_ci"]
        elo_lo, elo_hi = p["elo_ci"]
        per = p["seconds_per_move"]
        table.add_row(
            p["name"],
            str(p["wins"]),
            str(p["draws"]),
            str(p["losses"]),
            f"{p['score']:.3f}",
            f"{lo:.3f} to {hi:.3f}",
            f"{p['elo']:+.0f}",
            f"{elo_lo:+.0f} to {elo_hi:+.0f}",
            "-" if per is None else f"{per:.3f}",
        )
    console.print(table)
    if summary.get("elo_reference"):
        console.print(f"Elo: Bradley-Terry, {summary['elo_reference']} at 0")
        meetings = Table(title="meetings (the first agent's score over the pairs)")
        for col in ("meeting", "pairs", "pentanomial (0, 1/4, 1/2, 3/4, 1)", "score", "95%"):
            meetings.add_column(col, justify="left" if col == "meeting" else "right")
        for m in summary["meetings"]:
            lo, hi = m["score_ci"]
            meetings.add_row(
                " against ".join(m["agents"]),
                str(m["pairs"]),
                ", ".join(map(str, m["pentanomial"])),
                "-" if m["score"] is None else f"{m['score']:.3f}",
                f"{lo:.3f} to {hi:.3f}",
            )
        console.print(meetings)
    sprt = summary.get("sprt")
    if sprt is not None:
        verdict = {"H1": "H1 accepted", "H0": "H0 accepted", "continue": "undecided"}
        console.print(
            f"SPRT [{sprt['elo0']:g}, {sprt['elo1']:g}]: LLR {sprt['llr']:.2f} "
            f"(bounds {sprt['bounds'][0]:.2f}, {sprt['bounds'][1]:.2f}): "
            f"{verdict[sprt['result']]}"
        )


def game_command(spec: GameSpec, action: Callable[..., None]) -> Any:
    """The command of ``action((spec, options), **action_options)`` for a two-player game: the
    game's options (``players`` fixed at 2), then the action's."""
    game_params = [p for p in _game_parameters(spec) if p.name != "players"]
    names = [p.name for p in game_params]
    has_players = any(o.name == "players" for o in spec.options)
    extra = [
        p.replace(kind=inspect.Parameter.KEYWORD_ONLY)
        for p in list(inspect.signature(action, eval_str=True).parameters.values())[1:]
        if not (p.name in GAME_PROVIDED and p.name in names)  # checkers' own --weights
    ]

    def command(**kwargs: Any) -> None:
        options = {n: kwargs.pop(n) for n in names}
        read_option_files(spec, options)  # --spec @FILE
        if has_players:
            options["players"] = 2
        action((spec, options), **kwargs)

    command.__signature__ = inspect.Signature(game_params + extra)  # type: ignore[attr-defined]
    command.__name__ = spec.name.replace("-", "_")
    command.__doc__ = spec.summary
    return command
