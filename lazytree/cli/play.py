"""``lazytree play GAME``: humans against the AI in the terminal."""

from __future__ import annotations

import random
import time
from collections.abc import Hashable
from typing import Annotated, Any, Optional

import typer
from rich.columns import Columns

from lazytree.ai import DEFAULT_CHANCE_DEPTH, AIPlayer, AISettings
from lazytree.cli.analyse import RaterOption
from lazytree.cli.common import console, err_console, fail, game_group
from lazytree.cli.learn import BookOption, WeightsOption, learned_game, open_book
from lazytree.game import CHANCE, IllegalMoveError, RollingGame
from lazytree.games import Position
from lazytree.search import SearchResult
from lazytree.tree import Node, Tree


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


def ask_move(node: Node[Any, Any]) -> Hashable:
    """Show the numbered moves and read one, by number or in the game's notation."""
    game, state = node.tree.game, node.state
    moves: list[Hashable] = [edge.move for edge in node.children]
    labels = [game.move_to_str(state, m) for m in moves]
    console.print(Columns([f"[cyan]{i + 1:>3}[/] {label}" for i, label in enumerate(labels)]))
    while True:
        try:
            text = console.input(f"player {node.player}, your move (1-{len(moves)}, or quit): ")
        except (EOFError, KeyboardInterrupt):
            raise Quit from None
        text = text.strip()
        if text.lower() in ("q", "quit", "exit"):
            raise Quit
        if text.isdigit():
            if 1 <= int(text) <= len(moves):
                return moves[int(text) - 1]
            console.print(f"[red]no move {text}: pick a number from 1 to {len(moves)}[/]")
            continue
        try:
            move: Hashable = game.parse_move(state, text)
            return move
        except IllegalMoveError as exc:
            console.print(f"[red]{exc}[/]")


def play(
    position: Position,
    *,
    human: Annotated[
        str,
        typer.Option("--human", help="Human player(s): a number, a list '0,2', 'none' or 'all'."),
    ] = "0",
    depth: Annotated[
        Optional[int],  # noqa: UP045
        typer.Option(
            "--depth",
            "-d",
            min=1,
            help="With --time: an optional cap on the AI's depth (default: deepen until "
            "the time is spent). With --time 0, or in games with chance: the depth "
            "searched (default 4).",
        ),
    ] = None,
    time_budget: Annotated[
        float,
        typer.Option(
            "--time",
            "-t",
            min=0.0,
            help="Seconds per AI move: iterative deepening (alphabeta-tt) until the time "
            "is spent, answering with the deepest search completed; 0 searches to --depth "
            "with --rater whatever it takes. Games with chance (dice-of-doom --rules "
            "chance) are always searched to --depth by --rater.",
        ),
    ] = 1.0,
    search_width: Annotated[
        str,
        typer.Option(
            "--search-width",
            help="With --time: moves searched per position, best first by the game's "
            "hint: a number, 'all', or 'auto' (8, or 6 where the position has more than "
            "100 moves).",
        ),
    ] = "auto",
    quiescence: Annotated[
        str,
        typer.Option(
            "--quiescence",
            help="With --time: extra plies of noisy moves (big captures) past the depth "
            "limit: a number or 'auto' (1 where the position has at most 12 moves, else 0).",
        ),
    ] = "auto",
    rater: RaterOption = "auto",
    tie_seed: Annotated[
        Optional[int],  # noqa: UP045
        typer.Option(
            "--tie-seed",
            help="Break ties between equal AI moves at random with this seed "
            "(default: always the first best move).",
        ),
    ] = None,
    dice_seed: Annotated[
        Optional[int],  # noqa: UP045
        typer.Option(
            "--dice-seed",
            help="Seed for chance outcomes such as dice rolls (default: --tie-seed if "
            "given, else fresh randomness).",
        ),
    ] = None,
    book: BookOption = None,
    weights: WeightsOption = None,
) -> None:
    """Play against the AI: pick moves from a numbered list, or type them.

    In games with chance (dice-of-doom --rules chance) the dice are rolled from the
    seeded generator and shown; the default rater, auto, then uses expectiminimax.
    """
    game = learned_game(position.game, weights)  # --weights: the AI's evaluation
    try:
        humans = parse_humans(human, game.num_players)
        settings = AISettings(
            seconds=time_budget if time_budget > 0 else None,
            depth=depth if depth is not None or time_budget > 0 else DEFAULT_CHANCE_DEPTH,
            rater=rater,
            width=parse_width(search_width),
            quiescence=parse_quiescence(quiescence),
            tie_seed=tie_seed,
        )
    except ValueError as exc:
        fail(str(exc))
    ai = AIPlayer(settings, book=open_book(book, game))
    chance_rng = random.Random(dice_seed if dice_seed is not None else tie_seed)
    tree: Tree[Any, Any] = Tree(game, position.state, share=True)
    try:
        while not game.is_terminal(tree.root.state):
            root = tree.root
            console.print()
            console.print(game.render(root.state))
            if root.player == CHANCE:
                move, text = draw_outcome(root, chance_rng)
                console.print(f"chance: {text}")
                tree.play(move)
            elif root.player in humans:
                tree.play(ask_move(root))
            else:
                try:
                    _ai_moves(tree, ai)
                except ValueError as exc:  # e.g. a rater that cannot handle this position
                    fail(str(exc))
    except Quit:
        console.print("\ngame abandoned.")
        raise typer.Exit(0) from None
    except KeyboardInterrupt:
        console.print("\ngame abandoned.")
        raise typer.Exit(130) from None
    console.print()
    console.print(game.render(tree.root.state))
    scores = list(game.returns(tree.root.state))
    best = max(scores)
    winners = [str(p) for p, s in enumerate(scores) if s == best]
    if len(winners) == 1:
        console.print(f"[bold]game over: player {winners[0]} wins.[/]")
    else:
        console.print(f"[bold]game over: a tie between players {', '.join(winners)}.[/]")


def draw_outcome(node: Node[Any, Any], rng: random.Random) -> tuple[Hashable, str]:
    """Draw a chance node's outcome with ``rng``, and say what happened.

    A :class:`~lazytree.game.RollingGame` (Dice of Doom's chance rules) rolls its own
    dice, so the rolled numbers can be shown; otherwise an outcome is drawn by the
    probabilities on the edges.
    """
    game, state = node.tree.game, node.state
    if isinstance(game, RollingGame):
        move, text = game.roll_outcome(state, rng)
        return move, text
    edges = list(node.children)
    edge = rng.choices(edges, weights=[e.probability or 0 for e in edges])[0]
    return edge.move, f"{game.move_to_str(state, edge.move)} (probability {edge.probability:.4g})"


def parse_width(text: str) -> int | str | None:
    """``--search-width``: a positive number, ``'all'`` (None) or ``'auto'``."""
    t = text.strip().lower()
    if t in ("auto", "all"):
        return None if t == "all" else t
    if not t.isdigit() or int(t) < 1:
        raise ValueError(f"--search-width {text!r}: expected a number >= 1, 'all' or 'auto'")
    return int(t)


def parse_quiescence(text: str) -> int | str:
    """``--quiescence``: a number >= 0 or ``'auto'``."""
    t = text.strip().lower()
    if t == "auto":
        return t
    if not t.isdigit():
        raise ValueError(f"--quiescence {text!r}: expected a number >= 0 or 'auto'")
    return int(t)


def _ai_moves(tree: Tree[Any, Any], ai: AIPlayer) -> None:
    game = tree.game
    player = tree.root.player
    start = time.perf_counter()
    state = tree.root.state
    with err_console.status(f"player {player} (AI) is thinking..."):
        for made in ai.turn(tree):
            console.print(
                f"player {player} (AI) plays [bold]{game.move_to_str(state, made.move)}[/]"
                f"   [dim]{summary(made.search, time.perf_counter() - start)}[/]"
            )
            state = tree.root.state
            start = time.perf_counter()


def summary(result: SearchResult[Any], seconds: float) -> str:
    """One line about a search: depth reached, value, nodes forced, time."""
    depth = "end" if result.depth is None else str(result.depth)
    interrupted = result.extra.get("interrupted")
    more = f" (depth {interrupted} cut short)" if interrupted else ""
    if result.extra.get("book") == "hit":  # --book: the position was searched before
        more += f" from the book (used {result.extra['book_uses']} times)"
    return (
        f"depth {depth}{more}, value {result.value:.3g}, "
        f"{result.stats.nodes_created:,} nodes forced, {seconds:.2f} s"
    )


play_app = game_group(
    "play",
    "Play a game against the AI in the terminal.",
    play,
    defaults={"dice-of-doom": {"eval": "heuristic"}},
)
