"""The play AI's width and quiescence: their typed values and their one spelling.

A **width** is how many moves a search looks at per node: a whole number >= 1, every
move (the value ``None``, spelled ``all``), or ``"auto"`` (the play AI picks, see
:func:`~lazytree.search.engine.play_width`). A **quiescence** is how many plies of noisy
moves a search adds past its depth: a whole number >= 0 or ``"auto"``. The command line,
the agents' names, saved games and the raters all read them with :func:`parse_width` and
:func:`parse_quiescence` and write them with :func:`spell`. ``none`` is read as ``all``,
the spelling the raters' parameters used first.

>>> parse_width("8"), parse_width("all"), parse_width("none"), parse_width("auto")
(8, None, None, 'auto')
>>> spell(parse_width("ALL")), spell(parse_quiescence(" auto "))
('all', 'auto')
>>> parse_width("0")
Traceback (most recent call last):
...
ValueError: width must be a whole number >= 1, all or auto, got '0'
"""

from __future__ import annotations

from typing import Literal, TypeAlias

__all__ = ["Quiescence", "Width", "parse_quiescence", "parse_width", "spell"]

Width: TypeAlias = int | Literal["auto"] | None
"""Moves searched per node: a number, ``None`` (every move, spelled ``all``) or auto."""

Quiescence: TypeAlias = int | Literal["auto"]
"""Plies of noisy moves past the depth: a number or auto."""


def _number(text: object, low: int) -> int | None:
    """``text`` as a whole number >= ``low`` (an int, or digits), else None."""
    if isinstance(text, bool):
        return None
    if isinstance(text, int):
        return text if text >= low else None
    t = str(text).strip()
    return int(t) if t.isdigit() and int(t) >= low else None


def parse_width(text: object) -> Width:
    """A width from its spelling (or an already typed value): ``ValueError`` with one
    line otherwise."""
    word = "all" if text is None else str(text).strip().lower()
    if word in ("all", "none"):
        return None
    if word == "auto":
        return "auto"
    number = _number(text, 1)
    if number is None:
        raise ValueError(f"width must be a whole number >= 1, all or auto, got {text!r}")
    return number


def parse_quiescence(text: object) -> Quiescence:
    """A quiescence from its spelling (or an already typed value): ``ValueError`` with
    one line otherwise."""
    if str(text).strip().lower() == "auto":
        return "auto"
    number = _number(text, 0)
    if number is None:
        raise ValueError(f"quiescence must be a whole number >= 0 or auto, got {text!r}")
    return number


def spell(value: Width | Quiescence) -> str:
    """The one spelling of a width or quiescence: ``all``, ``auto`` or the number."""
    return "all" if value is None else str(value)
