"""``lazytree play GAME``: humans against the AI in the terminal."""

from __future__ import annotations

import random
import time
from collections.abc import Hashable
from typing import Annotated, Any, Optional

import typer
from rich.columns import Columns

from games import Position
from lazytree.ai import ai_turn
from lazytree.cli.analyse import RaterOption
from lazytree.cli.common import console, err_console, fail, game_group
from lazytree.game import CHANCE, IllegalMoveError
from lazytree.search import get_rater
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
    depth: Annotated[int, typer.Option("--depth", "-d", min=0, help="AI search depth.")] = 4,
    rater: RaterOption = "alphabeta",
    tie_seed: Annotated[
        Optional[int],  # noqa: UP045
        typer.Option(
            "--tie-seed",
            help="Break ties between equal AI moves at random with this seed "
            "(default: always the first best move). Also seeds dice rolls.",
        ),
    ] = None,
) -> None:
    """Play against the AI: pick moves from a numbered list, or type them."""
    game = position.game
    try:
        humans = parse_humans(human, game.num_players)
        rate = get_rater(rater)
    except ValueError as exc:
        fail(str(exc))
    rng = random.Random(tie_seed) if tie_seed is not None else None
    chance_rng = random.Random(tie_seed)
    tree: Tree[Any, Any] = Tree(game, position.state)
    try:
        while not game.is_terminal(tree.root.state):
            root = tree.root
            console.print()
            console.print(game.render(root.state))
            if root.player == CHANCE:
                edges = list(root.children)
                edge = chance_rng.choices(edges, weights=[e.probability or 0 for e in edges])[0]
                console.print(f"chance: {game.move_to_str(root.state, edge.move)}")
                tree.play(edge.move)
            elif root.player in humans:
                tree.play(ask_move(root))
            else:
                _ai_moves(tree, depth, rate, rng)
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


def _ai_moves(tree: Tree[Any, Any], depth: int, rate: Any, rng: random.Random | None) -> None:
    game = tree.game
    player = tree.root.player
    start = time.perf_counter()
    state = tree.root.state
    with err_console.status(f"player {player} (AI) is thinking..."):
        moves = []
        for made in ai_turn(tree, depth=depth, rater=rate, rng=rng):
            s = made.search
            elapsed = time.perf_counter() - start
            moves.append(
                f"player {player} (AI) plays [bold]{game.move_to_str(state, made.move)}[/]"
                f"   [dim]depth {s.depth}, value {s.value:.3g}, "
                f"{s.stats.nodes_created:,} nodes forced, {elapsed:.2f} s[/]"
            )
            console.print(moves[-1])
            state = tree.root.state
            start = time.perf_counter()


play_app = game_group(
    "play",
    "Play a game against the AI in the terminal.",
    play,
    defaults={"dice-of-doom": {"eval": "heuristic"}},
)
