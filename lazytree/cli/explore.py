"""``lazytree explore GAME``: rate a position and draw exactly what the rater looked at (the
interactive explorer, or a picture of a small tree)."""

from __future__ import annotations

import functools
import json
import shutil
import subprocess
from collections.abc import Hashable
from dataclasses import dataclass
from pathlib import Path
from typing import Annotated, Any

import typer

from lazytree.cli.analyse import (
    EngineRaterOption,
    LookaheadOption,
    TimeOption,
    command_rater,
    move_strings,
    partial_reason,
    run_search,
    stopped_message,
)
from lazytree.cli.common import (
    CheckedCommand,
    MaxMemoryOption,
    command_limit,
    conflict,
    console,
    default_nodes,
    err_console,
    exit_partial,
    fail,
    game_group,
    plural,
    print_json,
)
from lazytree.cli.files import check_output
from lazytree.cli.learn import PositionBookOption, open_position_book
from lazytree.cli.practice import SummaryJsonOption, practice
from lazytree.explorer.html import write_html
from lazytree.explorer.model import ExplorerModel, Visits, explorer_model
from lazytree.export import (
    FORMATS,
    GraphvizMissing,
    add_board_text,
    format_for,
    limit_nodes,
    node_items,
    node_link_text,
    require_dot,
    to_networkx,
    without_pruned,
    write_graph,
)
from lazytree.export.graph import induced
from lazytree.game import IllegalMoveError, SizedBoard
from lazytree.games import Position
from lazytree.position_book import booked_search
from lazytree.search import Limit, SearchResult, SearchStopped, search
from lazytree.teach import Trace, TracedRater, node_ids, step_records, traced_rater
from lazytree.traverse import WalkStopped
from lazytree.tree import Tree

DEFAULT_CAP = 150
"""Most nodes drawn in a picture (dot/svg/png) unless --max-nodes says otherwise."""
DEFAULT_SEARCH_NODES = 20_000
"""The search's node budget unless --search-nodes says otherwise; it bounds the graph made before
a picture is cut down too."""

HTML_HINT = 300
"""Past this many positions, a picture's command says the HTML explorer is the readable choice."""

PICTURES = ("dot", "svg", "png")


def play_moves(position: Position, text: str) -> Position:
    """The position after the comma-separated moves ``text`` (an
    :class:`~lazytree.game.IllegalMoveError` naming the first bad one)."""
    game, state = position
    for i, part in enumerate(p.strip() for p in text.split(",")):
        if not part:
            continue
        try:
            move: Hashable = game.parse_move(state, part)
        except IllegalMoveError as exc:
            raise IllegalMoveError(f"--moves: move {i + 1} ({part!r}): {exc}") from None
        state = game.result(state, move)
    return Position(game, state)


def open_file(path: Path) -> str | None:
    """Open ``path`` with the system viewer; the viewer's name, or None if there is none."""
    for viewer in ("xdg-open", "open"):
        exe = shutil.which(viewer)
        if exe is not None:
            subprocess.Popen(
                [exe, str(path)],
                stdout=subprocess.DEVNULL,
                stderr=subprocess.DEVNULL,
                start_new_session=True,
            )
            return viewer
    return None


# the options of ``explore`` (``--json`` too of ``explore practice``)
OutOption = Annotated[
    Path, typer.Option("--out", "-o", help="File to write (its suffix picks the format).")
]
MovesOption = Annotated[
    str, typer.Option("--moves", help="Moves to play first, comma-separated, e.g. '0->3,pass'.")
]
FormatOption = Annotated[
    str | None,
    typer.Option(
        "--format",
        "-f",
        help=f"Output format: {', '.join(FORMATS)} (default: from the suffix of --out).",
    ),
]
DrawnNodesOption = Annotated[
    int | None,
    typer.Option(
        "--max-nodes",
        min=1,
        help="Draw at most N nodes: keep the best line, collapse the rest into "
        "'... N more' nodes. Default: 150 for dot, svg and png, no cap for graphml/json.",
    ),
]
ShowPrunedOption = Annotated[
    bool,
    typer.Option(
        "--show-pruned/--no-show-pruned",
        help="Add a note under each node for the moves a cut-off never generated.",
    ),
]
ShareOption = Annotated[
    bool,
    typer.Option(
        "--share/--no-share", help="Share positions reached by several move orders (a DAG)."
    ),
]
BoardsOption = Annotated[
    bool | None,
    typer.Option(
        "--boards/--no-boards",
        help="Show each position's board in its node (dot, svg, png; default: when it "
        "fits; a big board's nodes are labelled by their move unless --boards).",
        show_default=False,
    ),
]
WholeBoardsOption = Annotated[
    bool,
    typer.Option(
        "--whole-boards",
        help="Write every position's whole board (html, json, graphml). By default "
        "the root's board is written once and every other position as the cells it "
        "changed (whole boards up to 8x8 in json and graphml): the file grows with "
        "the nodes, not with nodes x cells.",
    ),
]
PlayAiOption = Annotated[
    bool,
    typer.Option(
        "--ai",
        help="Search as the play AI does (iterative deepening with its move ordering, "
        "width and quiescence) for --time seconds (default 1); --depth and --rater "
        "are not used.",
    ),
]
OpenOption = Annotated[
    bool, typer.Option("--open", help="Open the written file with the system viewer.")
]
SearchNodesOption = Annotated[
    int | None,
    typer.Option(
        "--search-nodes",
        min=1,
        help=f"Node budget of the search (default {DEFAULT_SEARCH_NODES:,}, fewer on big "
        "boards; --max-nodes caps the drawing). Reaching it draws what was built, "
        "marked partial, and exits with code 3.",
        show_default=False,
    ),
]
StepsOption = Annotated[
    bool | None,
    typer.Option(
        "--steps/--no-steps",
        help="Record the search step by step (each node entered with its alpha-beta "
        "window, leaves evaluated, values backing up, cut-offs): the HTML explorer "
        "steps through them, --format json writes them as 'steps'. Default: on for "
        "html and json with --rater minimax, alphabeta, alphabeta:textbook or "
        "expectiminimax.",
        show_default=False,
    ),
]
BesideOption = Annotated[
    str | None,
    typer.Option(
        "--beside",
        help="With html: a second rater (minimax, alphabeta[:textbook] or "
        "expectiminimax) searching the same tree, drawn beside --rater's; both step "
        "through together, with their counts. Move ordering side by side: the same "
        "rater with :moves=reversed or :moves=best-first (by static evaluation).",
        show_default=False,
    ),
]


def explore(
    position: Position,
    *,
    out: OutOption,
    moves: MovesOption = "",
    depth: LookaheadOption = 3,
    rater: EngineRaterOption = None,
    time_budget: TimeOption = None,
    fmt: FormatOption = None,
    max_nodes: DrawnNodesOption = None,
    show_pruned: ShowPrunedOption = True,
    share: ShareOption = False,
    boards: BoardsOption = None,
    whole_boards: WholeBoardsOption = False,
    play_ai: PlayAiOption = False,
    open_viewer: OpenOption = False,
    search_nodes: SearchNodesOption = None,
    max_memory: MaxMemoryOption = None,
    json_out: SummaryJsonOption = False,
    steps: StepsOption = None,
    beside: BesideOption = None,
    position_book: PositionBookOption = None,
) -> None:
    """Rate a position, then write the part of the tree the rater forced (see the
    module's description)."""
    position, fmt, rate, other = _checked(
        position, out, fmt, moves, rater, steps, play_ai, whole_boards, beside, position_book
    )
    game, state = position
    opened = open_position_book(position_book, game)
    nodes = search_nodes or min(DEFAULT_SEARCH_NODES, default_nodes(state))  # (at least 1)
    limit = command_limit(state, nodes, max_memory, depth=depth, seconds=time_budget)
    # the default engine and the deepening searches keep one node per position, as in play
    tree: Tree[Any, Any] = Tree(
        rate.game_for(game) if isinstance(rate, TracedRater) else game,
        state,
        share=share or rate is None or bool(time_budget) or play_ai,
    )
    result: SearchResult[Any] | None
    if play_ai:
        result, stopped, visits = _play_ai_search(tree, limit, opened), None, None
    else:
        result, stopped, visits = _rater_search(tree, rate, limit, rater)
    if result is not None:
        stopped = _partial_why(result, limit, None if play_ai else depth, search_nodes, play_ai)
    export_limit = Limit(memory=limit.memory)
    beside_model = None
    if other is not None and result is not None:  # building it: the export's memory budget
        beside_model = _beside_model(position, other, limit, share, export_limit)
    ex = _Export(position, tree, result, out, fmt, rater, stopped is not None, json_out)
    if fmt == "html":
        trace = rate.trace if isinstance(rate, TracedRater) else None
        who = "the play AI: " if play_ai else ""
        cut = _write_explorer(
            ex, who, visits, export_limit, trace, beside=beside_model, whole_boards=whole_boards
        )
    else:
        steps_out = _trace_records(tree, rate) if fmt == "json" else None
        cut = _write_picture(
            ex, max_nodes, show_pruned, boards, export_limit, steps_out, whole_boards
        )
    stopped = cut if cut is not None else stopped
    _finish(rate, out, cut, open_viewer)
    if stopped is not None:
        exit_partial(stopped)


def _checked(
    position: Position,
    out: Path,
    fmt: str | None,
    moves: str,
    rater: str | None,
    steps: bool | None,
    play_ai: bool,
    whole_boards: bool,
    beside: str | None,
    position_book: Path | None,
) -> tuple[Position, str, Any, TracedRater | None]:
    """The options checked before any search (one line and exit 2 for a mistake): the
    position after ``--moves``, the format, the rater and the ``--beside`` rater."""
    try:
        fmt = format_for(out, fmt)
    except ValueError as exc:
        fail(str(exc))
    rate = _rater(rater, steps, fmt, play_ai)
    if whole_boards and fmt in PICTURES:
        conflict("--whole-boards", f"--format {fmt}", "a picture draws boards with --boards")
    other = _beside(beside, rate, fmt, play_ai, steps)
    if rate is not None and play_ai and not rate.has_depth:
        conflict(f"--rater {rater}", "--ai", "the play AI searches with alphabeta-tt")
    try:
        if fmt in ("svg", "png"):
            require_dot()
        position = play_moves(position, moves) if moves else position
    except (ValueError, GraphvizMissing) as exc:
        fail(str(exc))
    check_output(out, "--out")  # before the search: a late failure would lose it
    if position_book is not None and not play_ai:
        fail("--position-book needs --ai: the position book is the play AI's")
    return position, fmt, rate, other


def _play_ai_search(tree: Tree[Any, Any], limit: Limit, opened: Any) -> SearchResult[Any]:
    """The play AI's search (``--ai``) for ``limit``'s seconds (default 1), answered from
    the position book ``opened`` or stored in it."""
    clock = limit.replace(depth=None, seconds=limit.seconds or 1.0)
    with err_console.status(f"the play AI is thinking ({clock.seconds:g} s)..."):
        result = booked_search(opened, tree, lambda: search(tree.root, clock, "deepening"), depth=1)
    if opened is not None:
        opened.close()
    return result


def _rater_search(
    tree: Tree[Any, Any], rate: Any, limit: Limit, rater: str | None
) -> tuple[SearchResult[Any] | None, str | None, Visits | None]:
    """The search of ``--rater`` (or the default engine): its result (None when a budget stopped
    it before any answer), why it stopped then, and an MCTS search's visits."""
    what = rater or "the exact engine"
    if rate is None or rate.has_depth:
        what += f" to depth {limit.depth}"
    result: SearchResult[Any] | None = None
    stopped: str | None = None
    with err_console.status(f"searching with {what}..."):
        try:
            result = run_search(tree, rate, limit)
        except ValueError as exc:
            fail(str(exc))
        except SearchStopped as stop:  # a named rater: show what it built
            stopped = stopped_message(stop.reason, limit, None, "--search-nodes")
    return result, stopped, None if rate is None else rate.visits  # mcts: shown on the moves


def _partial_why(
    result: SearchResult[Any],
    limit: Limit,
    depth: int | None,
    search_nodes: int | None,
    play_ai: bool,
) -> str | None:
    """Why ``result`` is partial (None: it is complete)."""
    reason = partial_reason(result, depth)
    if reason == "nodes" and play_ai and search_nodes is None and result.depth:
        # the play AI deepens until its clock; the default node budget, which bounds
        # the page, stopped it between depths instead: a complete answer, as if the
        # clock had (an explicit --search-nodes stopping it is still partial)
        err_console.print(
            f"the default node budget ({limit.nodes:,} new nodes, which bounds the page) "
            f"ended the deepening at depth {result.depth} before the clock did "
            "(raise --search-nodes to let the clock decide)"
        )
        return None
    return None if reason is None else stopped_message(reason, limit, result, "--search-nodes")


def _finish(rate: Any, out: Path, cut: str | None, open_viewer: bool) -> None:
    """Say when the recorded steps were cut short, and open ``out`` with ``--open``."""
    if isinstance(rate, TracedRater) and rate.trace is not None and rate.trace.truncated:
        err_console.print(
            f"the search took more than {rate.trace.max_steps:,} steps: only the first are "
            "recorded (a smaller --depth shows them all)"
        )
    if open_viewer and (cut is None or f"nothing written to {out}" not in cut):
        viewer = open_file(out)
        if viewer is None:
            err_console.print(f"no system viewer found (xdg-open); open {out} yourself")
        else:
            err_console.print(f"opened {out} with {viewer}")


def _rater(rater: str | None, steps: bool | None, suffix: str, play_ai: bool) -> Any:
    """The rater ``--rater`` spells: a traced one (:mod:`lazytree.teach`) for the raters
    it can trace, recording the steps when ``--steps`` (by default for html and json)."""
    traced = None
    if rater is not None and not play_ai:
        try:
            traced = traced_rater(rater, record=False)
        except ValueError as exc:
            fail(str(exc))
    if traced is None:
        if steps:
            why = "--steps records minimax, alphabeta[:textbook] or expectiminimax"
            conflict("--steps", "--ai" if play_ai else f"--rater {rater or '(default)'}", why)
        return command_rater(rater)
    traced.record = steps if steps is not None else suffix in ("html", "json")
    if traced.textbook or traced.record or traced.moves != "given" or traced.quiescence:
        return traced
    return command_rater(traced.untraced)  # (the trace's own options change nothing else)


def _beside(
    beside: str | None, rate: Any, fmt: str, play_ai: bool, steps: bool | None
) -> TracedRater | None:
    """The rater ``--beside`` spells (traced, recording), after checking it goes with
    the other options."""
    if beside is None:
        return None
    if fmt != "html":
        conflict("--beside", f"--format {fmt}", "the side-by-side page is html")
    if play_ai:
        conflict("--beside", "--ai", "the play AI's search is not traced")
    if steps is False or not isinstance(rate, TracedRater):
        why = "both sides step through a traced search (minimax, alphabeta, expectiminimax)"
        conflict("--beside", "--no-steps" if steps is False else "--rater", why)
    try:
        other = traced_rater(beside, record=True)
    except ValueError as exc:
        fail(str(exc))
    if other is None:
        fail(
            f"--beside {beside}: not a traced rater (minimax, alphabeta[:textbook], expectiminimax)"
        )
    return other


def _beside_model(
    position: Position, rate: TracedRater, limit: Limit, share: bool, export: Limit
) -> ExplorerModel:
    """The explorer document of ``rate``'s search of ``position`` on a tree of its own."""
    game, state = position
    tree: Tree[Any, Any] = Tree(rate.game_for(game), state, share=share)
    with err_console.status(f"searching with {rate.text} beside it..."):
        try:
            result = search(tree.root, limit, rate)
        except (ValueError, SearchStopped) as exc:
            fail(f"--beside {rate.text}: {exc}")
    title = f"{game.name}: {_searched(result, rate.text)}"
    return explorer_model(tree, result=result, title=title, trace=rate.trace, limit=export)


def _steps_written(steps: dict[str, Any] | None) -> int:
    """How many steps an explorer document holds."""
    return 0 if steps is None else len(steps["node"])


def _trace_records(tree: Tree[Any, Any], rate: Any) -> list[dict[str, Any]] | None:
    """The recorded steps of ``rate`` as JSON records naming the export's node ids."""
    if not isinstance(rate, TracedRater) or rate.trace is None:
        return None
    ids = node_ids(tree.root)
    return step_records(rate.trace.steps, lambda n: ids.get(id(n), ""))


@dataclass
class _Export:
    """What ``explore`` writes: the position searched, the tree and the result (``None`` when a
    budget stopped a named rater before it had an answer), the file, its format and how the
    search is named."""

    position: Position
    tree: Tree[Any, Any]
    result: SearchResult[Any] | None
    out: Path
    fmt: str
    rater: str | None
    partial: bool
    json_out: bool

    def summary(self, **counts: Any) -> dict[str, Any]:
        """The ``--json`` document: the search, what was written, ``counts``."""
        (game, state), result = self.position, self.result
        best = None
        if result is not None and result.best_move is not None:
            best = game.move_to_str(state, result.best_move)
        position_book = None if result is None else result.position_book
        return {
            "game": game.name,
            "out": str(self.out),
            "format": self.fmt,
            "rater": self.rater if result is None else result.rater,
            "depth": None if result is None else result.depth,
            "partial": self.partial,
            "nodes_forced": self.tree.stats.nodes_created - 1,  # the root existed before
            "evaluations": self.tree.stats.evaluations,
            **counts,
            "value": None if result is None else result.value,
            "player": None if result is None else result.player,
            "best_move": best,
            "pv": [] if result is None else move_strings(self.position, result.pv),
            **({} if position_book is None else {"position_book": position_book.status}),
            **({} if result is None or result.mcts is None else {"playouts": result.mcts.playouts}),
        }

    def stopped(self, stop: WalkStopped, written: int = 0) -> str:
        """What to say when building the export ran past the memory budget (``written``: the
        positions of the smaller export written instead, 0 for none); with ``--json`` and
        nothing written, the document that says so."""
        what = f"{stop} while building the export ({stop.walked:,} edges walked)"
        out = self.out
        if written:
            return (
                f"{what}: {out} holds the first {plural(written, 'position')} the search created "
                "(raise --max-memory, or a smaller --search-nodes)"
            )
        if self.json_out:
            print_json(
                {
                    "game": self.position.game.name,
                    "out": str(out),
                    "format": self.fmt,
                    "partial": True,
                    "stopped": stop.reason,
                    "written": False,
                }
            )
        return f"{what}: nothing written to {out} (raise --max-memory, or a smaller --search-nodes)"


def _searched(result: SearchResult[Any] | None, rater: str | None) -> str:
    """Which search ran and how deep, in words (``rater`` names it when a budget stopped
    it before it had an answer)."""
    if result is None:
        return f"{rater} (stopped by a budget)"
    depth = "the whole game" if result.depth is None else f"depth {result.depth}"
    if result.position_book_hit:  # --position-book: nothing was searched
        return f"the position book (searched to {depth} before)"
    if result.mcts is not None:  # mcts: no depth, a number of playouts
        return f"{result.rater} ({plural(result.mcts.playouts, 'playout')})"
    return f"{result.rater} to {depth}"


def _outcome(position: Position, result: SearchResult[Any]) -> str:
    """What the search found, in words."""
    game, state = position
    best = "none" if result.best_move is None else game.move_to_str(state, result.best_move)
    return f"value {result.value:.3g} for player {result.player}, best move {best}"


def _answer(position: Position, result: SearchResult[Any] | None) -> str:
    """The search and what it found, in words."""
    if result is None:
        return "no answer"
    return f"{_searched(result, None)}, {_outcome(position, result)}"


def _write_explorer(
    ex: _Export,
    who: str = "",
    visits: Visits | None = None,
    limit: Limit | None = None,
    trace: Trace | None = None,
    *,
    beside: ExplorerModel | None = None,
    whole_boards: bool = False,
) -> str | None:
    """Write the interactive explorer page and say what it holds, under ``limit``'s memory
    budget: when it runs out, the page of the first half of the positions, or nothing. Why it
    stopped (``None``: all written)."""
    position, tree, result, out, rater = ex.position, ex.tree, ex.result, ex.out, ex.rater
    game = position.game
    board = f" {game.board_size()}" if isinstance(game, SizedBoard) else ""
    title = f"{game.name}{board}: {'' if result is None else who}{_searched(result, rater)}"
    cut: str | None = None
    try:
        with err_console.status(f"writing {out}..."):
            page = functools.partial(
                write_html, tree, out, result=result, title=title, visits=visits, limit=limit
            )
            try:
                model = page(trace=trace, beside=beside, whole_boards=whole_boards)
            except WalkStopped as stop:
                first = max(2, stop.walked // 2)  # the root and the nodes made after it
                try:
                    model = page(until=first, trace=trace, whole_boards=whole_boards)
                except WalkStopped:
                    return ex.stopped(stop)
                ex.partial = True
                cut = ex.stopped(stop, model.data["summary"]["positions"])
    except ValueError as exc:
        fail(str(exc))
    except OSError as exc:
        fail(f"cannot write {out}: {exc.strerror or exc}")
    summary = model.data["summary"]
    size = out.stat().st_size
    if ex.json_out:
        print_json(
            ex.summary(
                positions=summary["positions"],
                never_generated=summary["never"],
                not_searched=summary["unforced"],
                bytes=size,
                **({} if trace is None else {"steps": _steps_written(model.data["steps"])}),
            )
        )
    else:
        if result is None:
            how = f"{_searched(result, rater)}; no answer"
        else:
            counted = (
                "moves never generated not counted (thousands a position)"
                if summary["never"] is None
                else f"{summary['never']:,} moves never generated"
            )
            never = f"{counted}, {summary['unforced']:,} generated but not searched"
            how = f"{_searched(result, rater)}, {never}; {_outcome(position, result)}"
        console.print(
            f"wrote {out} (html, {size / 1e6:.1f} MB): {plural(summary['positions'], 'position')}, "
            f"{tree.stats.nodes_created - 1:,} forced by {how}. "
            "Open it in a browser (no server needed).",
            soft_wrap=True,
        )
    return cut


def _write_picture(
    ex: _Export,
    max_nodes: int | None,
    show_pruned: bool,
    boards: bool | None,
    limit: Limit | None = None,
    steps: list[dict[str, Any]] | None = None,
    whole_boards: bool = False,
) -> str | None:
    """Write a Graphviz picture or a graph file and say what it holds, under ``limit``'s memory
    budget (nothing is written when it runs out). Why it stopped (``None``: written)."""
    tree, out, fmt = ex.tree, ex.out, ex.fmt
    forced = tree.stats.nodes_created - 1  # by the search: the root existed before
    try:
        how = "whole" if whole_boards else "auto"
        full = to_networkx(tree, result=ex.result, limit=limit, boards=how)
    except WalkStopped as stop:
        return ex.stopped(stop)
    pruned = [a for _, a in node_items(full) if a["kind"] == "pruned"]
    counted = all("count" in a for a in pruned)  # not on a big board's big search
    never: int | None = sum(a["count"] for a in pruned) if counted else None
    unsearched = sum(a["count"] for _, a in node_items(full) if a["kind"] == "unsearched")
    graph = full if show_pruned else without_pruned(full)
    if not counted and fmt in ("graphml", "json"):
        # uncounted notes say only what a position's ``exhausted: false`` says: left out
        # (12,000 of them in a 20,000-node search of 100x100)
        graph = induced(graph, {n for n, a in node_items(graph) if a["kind"] != "pruned"})
    cap = max_nodes if max_nodes is not None or fmt in ("graphml", "json") else DEFAULT_CAP
    try:
        if cap is not None:
            graph = limit_nodes(graph, cap)
        if boards and fmt in PICTURES:  # a big board's text, for the positions drawn
            add_board_text(graph, tree)
        with err_console.status(f"writing {out}..."):
            write_graph(graph, out, format=fmt, board=boards)
            if steps is not None:  # the graph's JSON document, with the search's steps
                data = json.loads(out.read_text(encoding="utf-8"))
                data["steps"] = steps
                out.write_text(node_link_text(data), encoding="utf-8")
    except (ValueError, GraphvizMissing) as exc:
        fail(str(exc))
    except OSError as exc:
        fail(f"cannot write {out}: {exc.strerror or exc}")
    drawn = graph.number_of_nodes()
    notes = drawn - sum(1 for _, a in node_items(graph) if a["kind"] == "position")
    positions = sum(1 for _, a in node_items(full) if a["kind"] == "position")
    if fmt in PICTURES and positions > HTML_HINT:
        err_console.print(
            f"note: the search left {positions:,} positions; a picture stops being readable "
            f"past a few hundred (this one draws {drawn - notes:,}). The interactive explorer "
            f"shows them all: --format html (or an --out ending in .html)",
            soft_wrap=True,
        )
    if ex.json_out:
        print_json(
            ex.summary(
                nodes_drawn=drawn,
                notes_drawn=notes,
                never_generated=never,
                not_searched=unsearched,
                **({} if steps is None else {"steps": len(steps)}),
            )
        )
    else:
        pruned_text = (
            f"{plural(never, 'pruned sibling move')} never generated"
            if never is not None
            else "pruned sibling moves never generated not counted (thousands a node)"
        )
        console.print(
            f"wrote {out} ({fmt}): {plural(forced, 'node')} forced (and the root), "
            f"{drawn:,} drawn ({notes:,} of them notes), {pruned_text}, "
            f"{unsearched:,} generated but not searched; "
            f"{_answer(ex.position, ex.result)}",
            soft_wrap=True,
        )
    return None


explore_app = game_group(
    "explore",
    "Show the part of the tree a rater explored: an interactive HTML explorer, or DOT, SVG, "
    "PNG, GraphML, JSON.",
    explore,
)
explore_app.command("practice", cls=CheckedCommand)(practice)
