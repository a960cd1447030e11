"""A printable lab sheet of alpha-beta exercises and its answer key.

:func:`lab_sheet` draws each practice tree (:func:`~lazytree.explorer.practice.practice_tree`,
one per seed) top down as the textbooks do: MAX nodes as upward triangles, MIN nodes as
downward ones, in the pages' colours (:func:`lazytree.boards.player_colours`), inner
nodes lettered A, B, C... breadth first and leaves numbered 1, 2, 3... left to right. The
answer key, on pages of its own, gives each tree's value, the best move and the leaves
textbook alpha-beta never evaluates, found by the traced search
(:func:`lazytree.teach.traced_search`). One HTML file, no script: print it from the
browser (each exercise keeps to one page).

>>> html = lab_sheet([7], depth=2, branching=2, values=(0, 9))
>>> "Exercise 1" in html and "Answer key" in html and "<script" not in html
True
"""

from __future__ import annotations

import html
from dataclasses import dataclass
from typing import Any

from lazytree.boards import player_colours
from lazytree.explorer.practice import practice_tree
from lazytree.games.tree_game import TreeGame
from lazytree.teach import Trace, traced_search
from lazytree.tree import Tree

__all__ = ["MAX_EXERCISES", "Exercise", "exercise", "lab_sheet"]

MAX_EXERCISES = 40
"""Most exercises one sheet holds."""

GAP = 34.0  # between neighbouring leaves
LEVEL = 70.0  # between depths
MARGIN = 26.0


@dataclass(frozen=True)
class Exercise:
    """One exercise: its seed and tree, and the answer (the root's value, the best move's
    letter, the leaves alpha-beta evaluates and those it never evaluates, by number)."""

    seed: int
    spec: list[Any]
    value: float
    best: str
    evaluated: tuple[int, ...]
    never: tuple[int, ...]


def _letters(k: int) -> str:
    """A, B, ..., Z, AA, AB, ... for k = 0, 1, ..."""
    out = ""
    k += 1
    while k:
        k, r = divmod(k - 1, 26)
        out = chr(65 + r) + out
    return out


def _walk(spec: Any) -> tuple[dict[tuple[int, ...], str], dict[tuple[int, ...], int]]:
    """The inner nodes' letters (breadth first) and the leaves' numbers (left to right),
    by path."""
    letters: dict[tuple[int, ...], str] = {}
    queue: list[tuple[tuple[int, ...], Any]] = [((), spec)]
    while queue:
        level, queue = queue, []
        for path, node in level:
            if isinstance(node, list):
                letters[path] = _letters(len(letters))
                queue.extend(((*path, i), kid) for i, kid in enumerate(node))
    numbers: dict[tuple[int, ...], int] = {}
    stack: list[tuple[tuple[int, ...], Any]] = [((), spec)]
    while stack:
        path, node = stack.pop()
        if isinstance(node, list):
            stack.extend(reversed([((*path, i), kid) for i, kid in enumerate(node)]))
        else:
            numbers[path] = len(numbers) + 1
    return letters, numbers


def exercise(seed: int, depth: int, branching: int, values: tuple[int, int]) -> Exercise:
    """The exercise of ``seed`` (the tree :func:`practice_tree` draws from it) with its
    answer, from textbook alpha-beta, MAX at the root."""
    spec = practice_tree(depth, branching, values, seed=seed)
    tree = Tree(TreeGame(spec))
    trace = Trace(max_steps=None)
    result = traced_search(tree.root, depth, "alphabeta", textbook=True, trace=trace)
    letters, numbers = _walk(spec)
    evaluated = tuple(numbers[s.node.state] for s in trace if s.event == "leaf")
    never = tuple(n for n in sorted(numbers.values()) if n not in set(evaluated))
    best = letters.get((result.best_moves[0],), str(result.best_moves[0]))
    return Exercise(seed, spec, result.value, best, evaluated, never)


def _svg(spec: Any) -> str:
    """The tree top down: triangles for MAX (up) and MIN (down), letters, leaf values and
    numbers."""
    letters, numbers = _walk(spec)
    (max_fill, max_line), (min_fill, min_line) = player_colours()[:2]
    at: dict[tuple[int, ...], tuple[float, float]] = {}
    leaves = sorted(numbers, key=numbers.__getitem__)
    for path in leaves:
        at[path] = (MARGIN + (numbers[path] - 1) * GAP, MARGIN + len(path) * LEVEL)
    for path in sorted(letters, key=len, reverse=True):  # the deepest first
        kids = [at[p] for p in at if len(p) == len(path) + 1 and p[: len(path)] == path]
        at[path] = (sum(x for x, _ in kids) / len(kids), MARGIN + len(path) * LEVEL)
    width = MARGIN * 2 + (len(leaves) - 1) * GAP
    height = max(y for _, y in at.values()) + 40
    out = [
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {width:.0f} {height:.0f}" '
        f'width="{width:.0f}" height="{height:.0f}" class="tree">'
    ]
    for path in at:
        if path:
            (px, py), (x, y) = at[path[:-1]], at[path]
            out.append(f'<line x1="{px:.1f}" y1="{py + 11:.1f}" x2="{x:.1f}" y2="{y - 11:.1f}"/>')
    for path, (x, y) in at.items():
        if path in letters:
            up = len(path) % 2 == 0  # MAX at the root, players alternate
            fill, line = (max_fill, max_line) if up else (min_fill, min_line)
            tip, base = (y - 12, y + 9) if up else (y + 12, y - 9)
            points = f"{x:.1f},{tip:.1f} {x - 12:.1f},{base:.1f} {x + 12:.1f},{base:.1f}"
            out.append(f'<polygon points="{points}" fill="{fill}" stroke="{line}"/>')
            out.append(
                f'<text x="{x + 15:.1f}" y="{y + 4:.1f}" class="name">{letters[path]}</text>'
            )
        else:
            value = _leaf(spec, path)
            out.append(f'<rect x="{x - 11:.1f}" y="{y - 11:.1f}" width="22" height="22"/>')
            out.append(f'<text x="{x:.1f}" y="{y + 5:.1f}" class="value">{value}</text>')
            out.append(f'<text x="{x:.1f}" y="{y + 27:.1f}" class="number">{numbers[path]}</text>')
    out.append("</svg>")
    return "".join(out)


def _leaf(spec: Any, path: tuple[int, ...]) -> str:
    node = spec
    for i in path:
        node = node[i]
    return html.escape(f"{node:g}" if isinstance(node, float) else str(node))


def _numbers(items: tuple[int, ...]) -> str:
    return ", ".join(map(str, items)) or "none"


STYLE = """
body { font: 12pt/1.4 system-ui, Helvetica, Arial, sans-serif; margin: 1.5cm; color: #111; }
h1 { font-size: 18pt; } h2 { font-size: 14pt; margin: 0 0 4pt; }
.exercise { break-inside: avoid; page-break-inside: avoid; margin-bottom: 1cm; }
.tree { max-width: 100%; height: auto; }
.tree line { stroke: #444; stroke-width: 1.3; }
.tree rect { fill: #fff; stroke: #444; }
.tree .value { font: 700 12px sans-serif; text-anchor: middle; }
.tree .number { font: 9px sans-serif; fill: #777; text-anchor: middle; }
.tree .name { font: 700 12px sans-serif; }
.answers { break-before: page; page-break-before: always; }
.answers table { border-collapse: collapse; }
.answers td, .answers th { border: 1px solid #999; padding: 3pt 6pt; text-align: left; }
@page { margin: 1.5cm; }
"""


def lab_sheet(
    seeds: list[int],
    *,
    depth: int,
    branching: int,
    values: tuple[int, int],
    title: str = "Alpha-beta lab sheet",
) -> str:
    """The lab sheet (one HTML document) of the exercises of ``seeds``, then its answer
    key on a page of its own."""
    if not seeds or len(seeds) > MAX_EXERCISES:
        raise ValueError(f"a lab sheet holds 1 to {MAX_EXERCISES} exercises, not {len(seeds)}")
    done = [exercise(seed, depth, branching, values) for seed in seeds]
    head = html.escape(title)
    parts = [
        f'<!doctype html><html lang="en"><head><meta charset="utf-8"><title>{head}</title>',
        f"<style>{STYLE}</style></head><body><h1>{head}</h1>",
        "<p>MAX (▲) moves at the root, MIN (▼) below it, in turn. For each tree, search "
        "it with alpha-beta, children left to right: write each node's value, give the "
        "root's value and the best move, and cross out the leaves alpha-beta never "
        "evaluates.</p>",
    ]
    for k, ex in enumerate(done, 1):
        parts.append(
            f'<section class="exercise"><h2>Exercise {k} <small>(seed {ex.seed})</small></h2>'
            f"{_svg(ex.spec)}<p>The root's value: ________ &nbsp; the best move: ________ "
            "&nbsp; leaves never evaluated: ______________________</p></section>"
        )
    parts.append('<section class="answers"><h1>Answer key</h1><table>')
    parts.append(
        "<tr><th>exercise</th><th>seed</th><th>value</th><th>best move</th>"
        "<th>leaves never evaluated</th><th>leaves evaluated, in order</th></tr>"
    )
    for k, ex in enumerate(done, 1):
        value = f"{ex.value:g}"
        parts.append(
            f"<tr><td>{k}</td><td>{ex.seed}</td><td>{value}</td><td>{html.escape(ex.best)}</td>"
            f"<td>{_numbers(ex.never)}</td><td>{_numbers(ex.evaluated)}</td></tr>"
        )
    parts.append("</table></section></body></html>")
    return "".join(parts)
