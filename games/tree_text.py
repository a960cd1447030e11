"""Hand-built trees as the textbooks draw them, in a small text format.

One line per inner node: its label, a colon, its children (labels, leaf values MAX's,
labelled leaves ``E=3``); the first line is the root, ``MAX`` or ``MIN`` before it says
who moves there, ``CHANCE B: 1/2 D 1/2 E`` is a chance node, ``B(4)`` a static
evaluation, ``#`` a comment (the format in full: docs/teaching.md). A mistake is
reported with its line and column.

>>> tree = parse_tree("MAX A: B C\\nB: 3 12\\nC: 2 x=4")
>>> tree.spec, tree.root_player, tree.labels[()], tree.labels[(1, 1)]
([[3, 12], [2, 4]], 0, 'A', 'x')
>>> try:
...     parse_tree("MIN A: B 3\\nB: 1 Q")
... except TreeTextError as exc:
...     print(exc)
line 2, column 6: Q is not defined (no line 'Q: ...')
"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from lazytree.game import Player

__all__ = ["MAX_TEXT", "TextTree", "TreeTextError", "looks_like_text", "parse_tree"]

MAX_TEXT = 200_000
"""Most characters a tree's text may have."""

MAX_DEPTH = 200
"""Deepest a tree may be (the searches recurse once per level)."""

MAX_NODES = 20_000
"""Most nodes (inner and leaves) a tree's text may define."""

KINDS = ("MAX", "MIN", "CHANCE")
LABEL = re.compile(r"[A-Za-z_][A-Za-z0-9_']*")
NUMBER = re.compile(r"[-+]?(\d+(\.\d*)?|\.\d+)([eE][-+]?\d+)?")
PROBABILITY = re.compile(r"\d+/\d+|(\d+(\.\d*)?|\.\d+)")
TOKEN = re.compile(r"\S+")


class TreeTextError(ValueError):
    """A mistake in a tree's text, at ``line`` and ``column`` (both from 1)."""

    def __init__(self, line: int, column: int, message: str) -> None:
        super().__init__(f"line {line}, column {column}: {message}")
        self.line, self.column = line, column


@dataclass(frozen=True)
class TextTree:
    """A parsed tree: the nested spec :class:`~lazytree.games.tree_game.TreeGame` takes
    (values for player 0, MAX), the player at the root (0: MAX, 1: MIN) and each
    labelled node's label by its path."""

    spec: Any
    root_player: Player
    labels: dict[tuple[int, ...], str]


@dataclass
class _Line:
    number: int
    column: int  # of the label
    kind: str | None
    label: str
    evaluation: float | None
    children: list[tuple[int, str, Fraction | None]]  # (column, token, probability)


def looks_like_text(text: str) -> bool:
    """True when ``text`` is a tree in this format rather than JSON (which starts with
    ``[``, ``{`` or a number)."""
    first = text.lstrip()[:1]
    return bool(first) and first not in "[{-+.0123456789"


def _number(token: str, line: int, column: int, what: str) -> float:
    if not NUMBER.fullmatch(token):
        raise TreeTextError(line, column, f"{what} {token!r} is not a number")
    value = float(token)
    if not math.isfinite(value):
        raise TreeTextError(line, column, f"{what} {token} is not finite")
    return value


def _head(text: str, number: int) -> tuple[str | None, str, float | None, int]:
    """A line's head (before the colon): its kind, label, evaluation and the label's column."""
    stripped = text.strip()
    offset = len(text) - len(text.lstrip()) + 1
    kind = None
    word = stripped.split(None, 1)
    if word and word[0].upper() in KINDS and len(word) > 1:
        kind = word[0].upper()
        offset += len(stripped) - len(word[1])
        stripped = word[1]
    match = re.fullmatch(r"([^\s(]+)\s*(?:\(\s*([^)]*?)\s*\))?\s*", stripped)
    if not match or not LABEL.fullmatch(match.group(1)):
        raise TreeTextError(number, offset, f"expected a node's label before ':', got {stripped!r}")
    label = match.group(1)
    if label.upper() in KINDS:
        raise TreeTextError(number, offset, f"{label} is a keyword, not a label")
    evaluation = None
    if match.group(2) is not None:
        column = offset + stripped.index("(") + 1
        evaluation = _number(match.group(2), number, column, "the evaluation")
    return kind, label, evaluation, offset


def _lines(text: str) -> list[_Line]:
    out = []
    for number, raw in enumerate(text.splitlines(), 1):
        body = raw.split("#", 1)[0]
        if not body.strip():
            continue
        if ":" not in body:
            column = len(body) - len(body.lstrip()) + 1
            raise TreeTextError(number, column, "expected 'label: children'")
        head, rest = body.split(":", 1)
        kind, label, evaluation, column = _head(head, number)
        start = len(head) + 2
        tokens = [(start + m.start(), m.group()) for m in TOKEN.finditer(rest)]
        if not tokens:
            raise TreeTextError(number, start, f"{label} has no children")
        children: list[tuple[int, str, Fraction | None]] = []
        if kind == "CHANCE":
            if len(tokens) % 2:
                raise TreeTextError(
                    number, tokens[-1][0], "a chance node's children come in pairs: p child"
                )
            for (pcol, p), (ccol, child) in zip(tokens[::2], tokens[1::2], strict=True):
                if not PROBABILITY.fullmatch(p):
                    raise TreeTextError(number, pcol, f"{p!r} is not a probability (0.5, 1/6)")
                try:
                    prob = Fraction(p)
                except ZeroDivisionError:
                    raise TreeTextError(number, pcol, f"{p} divides by zero") from None
                if prob > 1:
                    raise TreeTextError(number, pcol, f"probability {p} is more than 1")
                children.append((ccol, child, prob))
            total = sum(p for _, _, p in children if p is not None)
            if abs(float(total) - 1.0) > 1e-9:
                raise TreeTextError(
                    number, tokens[0][0], f"the probabilities add up to {float(total):g}, not 1"
                )
        else:
            children = [(col, token, None) for col, token in tokens]
        out.append(_Line(number, column, kind, label, evaluation, children))
    return out


def parse_tree(text: str) -> TextTree:
    """The tree ``text`` describes (see the module); :class:`TreeTextError` (a
    ``ValueError`` naming the line and column) for a mistake."""
    if len(text) > MAX_TEXT:
        raise TreeTextError(1, 1, f"the tree's text is longer than {MAX_TEXT:,} characters")
    lines = _lines(text)
    if not lines:
        raise TreeTextError(1, 1, "no nodes: write 'A: B C' lines, the root first")
    defined: dict[str, _Line] = {}
    for line in lines:
        if line.label in defined:
            first = defined[line.label].number
            raise TreeTextError(
                line.number, line.column, f"{line.label} is defined twice (line {first})"
            )
        defined[line.label] = line
    root = lines[0]
    if root.kind == "CHANCE":
        raise TreeTextError(root.number, root.column, "the root must be MAX or MIN")
    root_player = 1 if root.kind == "MIN" else 0
    labels: dict[tuple[int, ...], str] = {}
    used: dict[str, tuple[int, int]] = {root.label: (root.number, root.column)}
    nodes = 0

    def build(line: _Line, path: tuple[int, ...], turn: int) -> Any:
        nonlocal nodes
        labels[path] = line.label
        if len(path) > MAX_DEPTH:
            raise TreeTextError(line.number, line.column, f"deeper than {MAX_DEPTH} levels")
        mover = "MAX" if (root_player + turn) % 2 == 0 else "MIN"
        if line.kind in ("MAX", "MIN") and line.kind != mover and line is not root:
            raise TreeTextError(
                line.number, line.column, f"{line.label} is {mover} here (players alternate)"
            )
        kids: list[Any] = []
        for i, (column, token, _) in enumerate(line.children):
            nodes += 1
            if nodes > MAX_NODES:
                raise TreeTextError(line.number, column, f"more than {MAX_NODES:,} nodes")
            child_path = (*path, i)
            next_turn = turn if line.kind == "CHANCE" else turn + 1
            name, eq, value = token.partition("=")
            if eq:
                if not LABEL.fullmatch(name):
                    raise TreeTextError(line.number, column, f"{name!r} is not a label")
                if name in defined or name in used:
                    raise TreeTextError(line.number, column, f"{name} is used twice")
                used[name] = (line.number, column)
                labels[child_path] = name
                kid: Any = _number(value, line.number, column + len(name) + 1, "the value")
            elif LABEL.fullmatch(token):
                if token not in defined:
                    raise TreeTextError(
                        line.number,
                        column,
                        f"{token} is not defined (no line '{token}: ...')",
                    )
                if token in used:
                    where = used[token]
                    raise TreeTextError(
                        line.number,
                        column,
                        f"{token} is already a child at line {where[0]}, column {where[1]} "
                        "(a tree: each node has one parent)",
                    )
                used[token] = (line.number, column)
                kid = build(defined[token], child_path, next_turn)
            else:
                kid = _number(token, line.number, column, "the leaf")
            kids.append(kid)
        if line.kind == "CHANCE":
            probs = [float(p) for _, _, p in line.children if p is not None]
            return {"chance": [[p, k] for p, k in zip(probs, kids, strict=True)]}
        if line.evaluation is not None:
            return {"eval": line.evaluation, "children": kids}
        return kids

    spec = build(root, (), 0)
    for line in lines:
        if line.label not in used:
            raise TreeTextError(
                line.number, line.column, f"{line.label} is not reached from the root {root.label}"
            )
    return TextTree(_plain(spec), root_player, labels)


def _plain(spec: Any) -> Any:
    """Whole-number leaves as ints (as a JSON spec would have them)."""
    if isinstance(spec, float) and spec.is_integer():
        return int(spec)
    if isinstance(spec, list):
        return [_plain(s) for s in spec]
    if isinstance(spec, dict) and "chance" in spec:
        return {"chance": [[p, _plain(k)] for p, k in spec["chance"]]}
    if isinstance(spec, dict):
        return {"eval": _plain(spec["eval"]), "children": _plain(spec["children"])}
    return spec
