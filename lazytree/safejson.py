"""JSON from outside (a request, a socket message, a saved file) parsed within limits.

Its nesting depth is counted before the parser sees it, so a document nested 100,000
deep never reaches the recursive parser, and huge integers are refused (Python refuses
to convert integers of more than 4,300 digits with a ``ValueError``).
"""

from __future__ import annotations

import json
from typing import Any, Final

__all__ = ["MAX_DEPTH", "MAX_INT_DIGITS", "JSONLimitError", "nesting_depth", "parse_json"]

MAX_DEPTH: Final = 32
"""Deepest nesting of arrays and objects a request's JSON may have (a saved game has 3)."""

MAX_INT_DIGITS: Final = 30
"""Most digits of an integer in a request's JSON (seeds are 64-bit: 20 digits)."""


class JSONLimitError(ValueError):
    """JSON refused: malformed, too deep or with a huge number (the message is meant for
    whoever sent it)."""


def nesting_depth(text: str) -> int:
    """The deepest nesting of ``[`` and ``{`` in JSON text, counted without parsing
    (brackets inside strings do not count), so a document nested 100,000 deep is
    refused before the parser recurses into it.

    >>> nesting_depth('{"a": [1, {"b": "[[["}]}')
    3
    """
    depth = deepest = 0
    in_string = escaped = False
    for ch in text:
        if in_string:
            if escaped:
                escaped = False
            elif ch == "\\":
                escaped = True
            elif ch == '"':
                in_string = False
        elif ch == '"':
            in_string = True
        elif ch in "[{":
            depth += 1
            deepest = max(deepest, depth)
        elif ch in "]}":
            depth -= 1
    return deepest


def _bounded_int(text: str) -> int:
    if len(text.lstrip("-")) > MAX_INT_DIGITS:
        raise JSONLimitError(
            f"malformed JSON: a number of {len(text):,} digits (at most {MAX_INT_DIGITS})"
        )
    return int(text)


def _no_constant(text: str) -> Any:
    raise JSONLimitError(f"malformed JSON: {text} is not a JSON number")


def parse_json(body: bytes | str, max_depth: int = MAX_DEPTH) -> Any:
    """JSON text (or UTF-8 bytes) parsed within limits: at most ``max_depth`` levels of
    nesting (checked before parsing), integers of at most :data:`MAX_INT_DIGITS` digits,
    no ``NaN`` or ``Infinity``. :class:`JSONLimitError` otherwise.

    >>> parse_json(b'{"move": "a1"}')
    {'move': 'a1'}
    >>> parse_json("[" * 40 + "]" * 40)
    Traceback (most recent call last):
    ...
    lazytree.safejson.JSONLimitError: JSON nested too deeply (40 levels, at most 32)
    """
    try:
        text = body.decode("utf-8") if isinstance(body, bytes) else body
    except UnicodeDecodeError as exc:
        raise JSONLimitError(f"malformed JSON: not UTF-8 ({exc.reason})") from None
    depth = nesting_depth(text)
    if depth > max_depth:
        raise JSONLimitError(f"JSON nested too deeply ({depth:,} levels, at most {max_depth})")
    try:
        return json.loads(text, parse_int=_bounded_int, parse_constant=_no_constant)
    except json.JSONDecodeError as exc:
        raise JSONLimitError(f"malformed JSON: {exc}") from None
    except RecursionError:  # (the depth check makes this unreachable; kept as a guard)
        raise JSONLimitError("JSON nested too deep") from None
