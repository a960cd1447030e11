"""``lazytree play GAME``: humans against the AI in the terminal, a seat per player (``--seats``,
default: player 0 human, the others the play AI of this command's options)."""

from __future__ import annotations

import inspect
import time
from collections.abc import Callable
from pathlib import Path
from typing import Annotated, Any, TypeVar

import typer
from rich.markup import escape

from lazytree.agents import AGENTS
from lazytree.ai import DEFAULT_CHANCE_DEPTH
from lazytree.cli.analyse import RaterOption
from lazytree.cli.board import board_view, final_line, turn_cells, turn_summary
from lazytree.cli.common import (
    GameSetup,
    MaxMemoryOption,
    MaxNodesOption,
    command_limit,
    conflict,
    console,
    exit_partial,
    fail,
    game_group,
    given,
    memory_budget,
)
from lazytree.cli.files import MAX_SAVED_GAME_BYTES, check_output, read_text_file, write_or_keep
from lazytree.cli.framework import DicewarsOption, use_dicewars
from lazytree.cli.learn import PositionBookOption, WeightsOption, learned_game, open_position_book
from lazytree.cli.moves import MoveMenu
from lazytree.game import Game, IllegalMoveError, PlayerNames
from lazytree.games import Position
from lazytree.search import SearchResult, SearchStopped
from lazytree.search.spelling import parse_quiescence, parse_width
from lazytree.session import PLAY_DEFAULTS, Played, Session, SessionError, default_seat

T = TypeVar("T")

AI_OPTIONS = ("depth", "time_budget", "search_width", "quiescence", "rater", "tie_seed")
"""The options that make the play AI of the seats --seats leaves out (Python names)."""

SEATS_HELP = (
    "One agent per player, comma-separated, spelled as in arena --players: "
    + ", ".join(AGENTS)
    + " (e.g. human,lol2 or lol2,mcts:time=0.5). Default: player 0 human, the others "
    "the play AI (default with --time and the search options here)."
)


class Quit(Exception):
    """The human asked to stop (quit, end of input or Ctrl-C)."""


def parse_humans(text: str, num_players: int) -> frozenset[int]:
    """``"0"``, ``"0,2"``, ``"none"`` or ``"all"`` as a set of player numbers."""
    t = text.strip().lower()
    if t in ("none", ""):
        return frozenset()
    if t == "all":
        return frozenset(range(num_players))
    players = set()
    for part in t.split(","):
        if not part.strip().isdigit() or not 0 <= int(part) < num_players:
            raise ValueError(
                f"--human {text!r}: expected player numbers 0 to {num_players - 1}, 'none' or 'all'"
            )
        players.add(int(part))
    return frozenset(players)


def parse_seats(text: str, num_players: int) -> list[str]:
    """``--seats``: one agent's name per player, comma-separated (a ``ValueError`` with
    a one-line message when the count is wrong; the names are checked by the session).

    >>> parse_seats("human, lol2", 2)
    ['human', 'lol2']
    """
    names = [part.strip() for part in text.split(",")]
    if len(names) != num_players or not all(names):
        raise ValueError(
            f"--seats {text!r}: expected {num_players} agents separated by commas, one per "
            f"player (known: {', '.join(AGENTS)})"
        )
    return names


def ask_move(session: Session) -> list[Played]:
    """Show the legal moves (:mod:`lazytree.cli.moves`) and play the one typed, in notation or
    by number; an illegal move is explained and asked again."""
    menu = MoveMenu(session.game, session.state, session.legal_moves())
    console.print(menu.opening(), soft_wrap=True)
    while True:
        try:
            prompt = f"player {session.to_move}, your move (or quit): "
            text = console.input(prompt)
        except (EOFError, KeyboardInterrupt):
            raise Quit from None
        text = text.strip()
        if text.lower() in ("q", "quit", "exit"):
            raise Quit
        if menu.is_query(text):
            console.print(menu.answer(text), soft_wrap=True)
            continue
        if text.isdigit():
            picked = menu.pick(int(text))
            if picked is not None:
                return session.play(picked[0])
            console.print(f"[red]no move {text}: pick a number from 1 to {len(menu.shown)}[/]")
            continue
        try:
            return session.play(text)
        except IllegalMoveError as exc:
            console.print(f"[red]{escape(str(exc))}[/]")


# the options of ``play``
SeatsOption = Annotated[
    str | None,
    typer.Option("--seats", help=SEATS_HELP),
]
HumanOption = Annotated[
    str | None,
    typer.Option(
        "--human",
        help="Deprecated (use --seats): human player(s) as a number, a list '0,2', "
        "'none' or 'all'; the others the play AI.",
    ),
]
AiDepthOption = Annotated[
    int | None,
    typer.Option(
        "--depth",
        "-d",
        min=1,
        help="With --time: an optional cap on the AI's depth (default: deepen until "
        "the time is spent). With --time 0: the depth searched (default 4).",
    ),
]
MoveTimeOption = Annotated[
    float,
    typer.Option(
        "--time",
        "-t",
        min=0.0,
        help="Seconds per AI move: iterative deepening (alphabeta-tt, expectations at "
        "chance nodes) until the time is spent, answering with the deepest search "
        "completed; 0 searches to --depth with --rater whatever it takes.",
    ),
]
SearchWidthOption = Annotated[
    str,
    typer.Option(
        "--search-width",
        help="With --time: moves searched per position, best first by the game's "
        "hint: a number, 'all', or 'auto' (8, or 6 where the position has more than "
        "100 moves).",
    ),
]
QuiescenceOption = Annotated[
    str,
    typer.Option(
        "--quiescence",
        help="With --time: extra plies of noisy moves (big captures) past the depth "
        "limit: a number or 'auto' (1 where the position has at most 12 moves, else 0).",
    ),
]
TieSeedOption = Annotated[
    int | None,
    typer.Option(
        "--tie-seed",
        help="Break ties between equal AI moves at random with this seed "
        "(default: always the first best move).",
    ),
]
DiceSeedOption = Annotated[
    int | None,
    typer.Option(
        "--dice-seed",
        help="Seed for chance outcomes such as dice rolls (default: --tie-seed if "
        "given, else fresh randomness).",
    ),
]
SaveOption = Annotated[
    Path | None,
    typer.Option(
        "--save",
        help="Save the game to this JSON file when it ends or when you quit "
        "(lazytree serve's Load opens it too).",
    ),
]
LoadOption = Annotated[
    Path | None,
    typer.Option(
        "--load",
        help="Go on with a saved game (its options and moves; the seats come from "
        "--seats, or the default seats and the AI options given here).",
    ),
]
VerboseOption = Annotated[
    bool,
    typer.Option("--verbose", "-v", help="One line per AI move (default: one line per AI turn)."),
]


def play(
    position: Position,
    setup: GameSetup,
    *,
    seats: SeatsOption = None,
    human: HumanOption = None,
    depth: AiDepthOption = None,
    time_budget: MoveTimeOption = 1.0,
    search_width: SearchWidthOption = "auto",
    quiescence: QuiescenceOption = "auto",
    rater: RaterOption = "auto",
    tie_seed: TieSeedOption = None,
    dice_seed: DiceSeedOption = None,
    save: SaveOption = None,
    load: LoadOption = None,
    verbose: VerboseOption = False,
    max_nodes: MaxNodesOption = None,
    max_memory: MaxMemoryOption = None,
    position_book: PositionBookOption = None,
    weights: WeightsOption = None,
    dicewars: DicewarsOption = None,
) -> None:
    """Play against the AI: pick moves from a numbered list, or type them.

    In games with chance (dice-of-doom --rules chance) the dice are rolled from the
    seeded generator and shown; the clocked AI takes the expectation over them (with
    --time 0 the default rater, auto, uses expectiminimax).
    """
    use_dicewars(dicewars)
    game = position.game
    _check_seats(seats, human, time_budget, max_memory)
    try:
        if seats is not None:
            names = parse_seats(seats, game.num_players)
        else:
            humans = parse_humans("0" if human is None else human, game.num_players)
            ai = play_ai(
                position, time_budget, depth, rater, search_width, quiescence, tie_seed,
                max_nodes, max_memory,
            )  # fmt: skip
            names = ["human" if p in humans else ai for p in range(game.num_players)]
    except ValueError as exc:
        fail(str(exc))
    if human is not None:
        console.print(f"--human is deprecated; use --seats {','.join(names)}", soft_wrap=True)
    seed = dice_seed if dice_seed is not None else tie_seed
    if save is not None:  # before the game: a path that cannot be written loses nothing
        check_output(save, "--save")
    session = _open_session(setup, names, seed, load)
    _learned(session, position_book, weights)
    _play_out(session, game, save, verbose)


def _check_seats(
    seats: str | None, human: str | None, time_budget: float, max_memory: str | None
) -> None:
    """Fail in one line (exit 2) for options that do not go together: the play AI's
    options with ``--seats``, which gives each agent its own."""
    if given("rater") and time_budget > 0:
        conflict("--rater", "--time", "with a clock the AI deepens alphabeta-tt; use --time 0")
    if seats is not None and human is not None:
        conflict("--seats", "--human", "--human is the deprecated spelling of --seats")
    if max_memory is not None:
        memory_budget(max_memory)  # a bad size is one line whatever the seats
    if seats is None:
        return
    for name in AI_OPTIONS:
        if given(name):
            flag = "--" + name.removesuffix("_budget").replace("_", "-")
            conflict(flag, "--seats", "give the agent its parameters, e.g. default:time=2")
    for name in ("max_nodes", "max_memory"):
        if given(name):
            flag = "--" + name.replace("_", "-")
            why = "give the agent its budget, e.g. default:nodes=100000:memory=500000000"
            conflict(flag, "--seats", why)


def _play_out(session: Session, game: Game[Any, Any], save: Path | None, verbose: bool) -> None:
    """Play the game to its end: the board of ``game`` before each turn, a human's moves
    asked for, the agents' played; saved (``--save``) when it ends or is abandoned."""
    touched: frozenset[int] = frozenset()  # territories of the AI's last turn
    explained = False  # a board too wide for the terminal was explained once
    try:
        while not session.is_over:
            console.print()
            view = board_view(
                game, session.state, width=console.width, highlight=touched, explained=explained
            )
            console.print(view)
            explained = True
            if session.seat().is_human:
                _show(ask_move(session)[1:])
            else:
                try:
                    touched = turn_cells(_ai_moves(session, verbose))
                except ValueError as exc:  # e.g. a rater that cannot handle this position
                    fail(str(exc))
                except SearchStopped as stop:  # a search without a clock: no move to play
                    _save(session, save)
                    exit_partial(f"the AI could not move: {stop} (raise --max-nodes or use --time)")
    except (Quit, KeyboardInterrupt) as exc:
        console.print("\ngame abandoned.")
        _save(session, save)
        raise typer.Exit(0 if isinstance(exc, Quit) else 130) from None
    console.print()
    console.print(
        board_view(game, session.state, width=console.width, highlight=touched, explained=explained)
    )
    seated = frozenset(p for p in range(game.num_players) if session.seat(p).is_human)
    console.print(f"[bold]{escape(final_line(game, session.state, seated))}[/]", soft_wrap=True)
    _save(session, save)


def play_ai(
    position: Position,
    time_budget: float,
    depth: int | None,
    rater: str,
    search_width: str,
    quiescence: str,
    tie_seed: int | None,
    max_nodes: int | None,
    max_memory: str | None,
) -> str:
    """The play AI of the command's options as a ``default`` seat: a ``--time`` clock, or with
    ``--time 0`` ``--rater`` to ``--depth`` under the node budget; ``ValueError`` for a bad
    option."""
    clocked = time_budget > 0
    if not clocked:
        max_nodes = command_limit(position.state, max_nodes, None).nodes
    width = _spelled("--search-width", parse_width, search_width)
    q = _spelled("--quiescence", parse_quiescence, quiescence)
    return default_seat(
        position.game,
        time_budget if clocked else None,
        depth=depth if depth is not None or clocked else DEFAULT_CHANCE_DEPTH,
        rater=None if clocked else rater,
        width=width,
        quiescence=q,
        nodes=max_nodes,
        memory=None if max_memory is None else memory_budget(max_memory),
        tie=tie_seed,
    )


def _spelled(option: str, parse: Callable[[str], T], text: str) -> T:
    """``text`` read by ``parse``, a bad one a ``ValueError`` naming ``option``."""
    try:
        return parse(text)
    except ValueError as exc:
        raise ValueError(f"{option}: {exc}") from None


def command_seat(position: Position, seconds: float) -> str:
    """The seat this command gives the play AI with ``--time SECONDS`` and every other
    option at its default (``bench dice-of-doom --play-game`` plays that game)."""
    params = inspect.signature(play).parameters
    names = ("depth", "rater", "search_width", "quiescence", "tie_seed", "max_nodes", "max_memory")
    return play_ai(position, seconds, *(params[name].default for name in names))


def _learned(session: Session, position_book: Path | None, weights: Path | None) -> None:
    """``--weights``: the AI rates with them (tree and agents start again); ``--position-book``:
    the ``default`` seats use it."""
    if weights is not None:
        session.use_game(learned_game(session.game, weights))
    session.position_book = open_position_book(position_book, session.game)


def _open_session(
    setup: GameSetup, seats: list[str], seed: int | None, load: Path | None
) -> Session:
    """A new session of the command's game, or the saved one of ``--load``."""
    if load is None:
        try:
            return Session(setup.spec.name, setup.options, seats, seed=seed)
        except SessionError as exc:
            fail(f"--seats: {exc}")
    text = read_text_file(load, "--load", MAX_SAVED_GAME_BYTES, "a saved game may be")
    try:
        session = Session.loads(text)
    except SessionError as exc:
        fail(f"--load {load}: {exc}")
    if session.spec.name != setup.spec.name:
        fail(f"--load {load}: a game of {session.spec.name}, not {setup.spec.name}")
    try:
        session.set_seats(seats)
    except SessionError as exc:
        fail(f"--seats: {exc}")
    if seed is not None:
        session.rng.seed(seed)
    console.print(f"loaded {load}: {len(session.history)} moves played", soft_wrap=True)
    return session


def _save(session: Session, path: Path | None) -> None:
    if path is None:
        return
    text = session.dumps() + "\n"
    write_or_keep(path, "--save", lambda to: to.write_text(text, encoding="utf-8"))
    console.print(f"saved the game to {path}", soft_wrap=True)


def _show(rolled: list[Played]) -> None:
    """Say what the dice did after a move."""
    for played in rolled:
        console.print(f"chance: {played.note or played.text}")


def _player_name(game: Game[Any, Any], player: int) -> str | None:
    """What the game calls ``player`` (Dice of Doom's letters), if it names its players."""
    return game.player_name(player) if isinstance(game, PlayerNames) else None


def _ai_moves(session: Session, verbose: bool = False) -> list[str]:
    """Let the AI play its turn; one summary line (a line per move with ``verbose``).
    The moves played, in the game's notation."""
    player = session.to_move
    start = turn_start = time.perf_counter()
    labels: list[str] = []
    nodes = 0
    depths: list[str] = []
    rolled: list[Played] = []
    booked = 0  # --position-book: moves answered from it
    # the spinner lives on the console the moves are printed to, so it is cleared
    # before each line instead of being left in front of it
    with console.status(f"player {player} ({session.seat(player).name}) is thinking..."):
        for step in session.ai_turn():
            made = step.played[0]
            labels.append(made.text)
            search = step.search
            nodes += step.choice.nodes
            if search is not None:
                depths.append("end" if search.depth is None else str(search.depth))
                booked += search.position_book_hit
            if verbose:
                seconds = time.perf_counter() - start
                about = summary(search, seconds) if search is not None else f"{seconds:.2f} s"
                console.print(
                    f"player {player} (AI) plays [bold]{escape(made.text)}[/]   [dim]{about}[/]",
                    soft_wrap=True,  # one line per move, however narrow the terminal
                )
                _show(list(step.played[1:]))
            else:
                rolled.extend(step.played[1:])
            # the next search must not keep this one's tree (its choice's node) alive
            del step
            start = time.perf_counter()
    if not verbose:
        shown = sorted(set(depths), key=lambda d: (d == "end", int(d) if d != "end" else 0))
        line = turn_summary(
            player,
            labels,
            letter=_player_name(session.game, player),
            depth="-".join(dict.fromkeys([shown[0], shown[-1]])) if shown else "-",
            nodes=nodes,
            seconds=time.perf_counter() - turn_start,
        )
        if booked:  # the positions were searched before
            line += f" [dim]({booked} of {len(labels)} from the position book)[/]"
        console.print(line, soft_wrap=True)
        _show(rolled)
    return labels


def summary(result: SearchResult[Any], seconds: float) -> str:
    """One line about a search: depth reached, value, nodes forced, time."""
    depth = "end" if result.depth is None else str(result.depth)
    interrupted = None if result.deepening is None else result.deepening.interrupted
    more = f" (depth {interrupted} cut short)" if interrupted else ""
    if result.position_book is not None and result.position_book.status == "hit":  # searched before
        more += f" from the position book (used {result.position_book.uses} times)"
    return (
        f"depth {depth}{more}, value {result.value:.3g}, "
        f"{result.stats.nodes_created:,} nodes forced, {seconds:.2f} s"
    )


play_app = game_group(
    "play",
    "Play a game against the AI in the terminal.",
    play,
    defaults=PLAY_DEFAULTS,
    pass_setup=True,
)
