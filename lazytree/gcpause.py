"""No full garbage collection in the middle of a search.

A search builds a tree of many small, long-lived objects (nodes, edges, states,
ratings). CPython's cyclic collector runs a *full* collection each time the objects
that survived the younger generations grow by a quarter, so while a tree grows it is
scanned again and again: 42-49% of a whole-tree minimax of tic-tac-toe was the
collector. None of those scans can free anything the search still holds.

:func:`gc_paused` is the context manager every search enters once:

* it moves everything that exists into the collector's permanent generation
  (:func:`gc.freeze`), so objects from before the search (an older part of the tree,
  the previous iteration of an iterative deepening) are never scanned during it;
* it raises the oldest generation's threshold so no full collection starts during
  the search; the young generations are still collected, so short-lived garbage
  (generator frames, temporary lists) is freed as usual;
* on leaving the outermost block it restores the thresholds and unfreezes (garbage
  made during the search, e.g. a subtree cut off by ``Tree.play``, is collected by
  the next ordinary collection);
* on entering the outermost block it makes a full collection once the objects have
  doubled since the last one it made (:func:`_collect_if_grown`): back-to-back searches
  would otherwise never leave room for one, and dropped trees (cycles) would pile up.

It is re-entrant (searches nest: iterative deepening calls a rater per depth) and safe
to enter from several threads (a counter under a lock: the first to enter pauses, the
last to leave restores).

Examples
--------
>>> import gc
>>> before = gc.get_threshold()
>>> with gc_paused():
...     with gc_paused():              # nested: still paused
...         paused = gc.get_threshold()[2] == PAUSED_THRESHOLD
...     still = gc.get_threshold()[2] == PAUSED_THRESHOLD
>>> paused, still, gc.get_threshold() == before
(True, True, True)
"""

from __future__ import annotations

import gc
import threading
from collections.abc import Iterator
from contextlib import contextmanager

__all__ = ["PAUSED_THRESHOLD", "gc_as_usual", "gc_is_paused", "gc_paused"]

PAUSED_THRESHOLD = 1_000_000_000
"""The oldest generation's threshold while paused: in practice, never."""

_lock = threading.Lock()
_depth = 0
_saved: tuple[int, int, int] | None = None
_as_usual = 0


@contextmanager
def gc_paused() -> Iterator[None]:
    """Pause full garbage collections for the block (see the module docstring)."""
    global _depth, _saved
    if _as_usual:
        yield
        return
    with _lock:
        if _depth == 0:
            threshold = gc.get_threshold()
            _saved = (threshold[0], threshold[1], threshold[2])
            gc.freeze()
            _collect_if_grown()
            gc.set_threshold(_saved[0], _saved[1], PAUSED_THRESHOLD)
        _depth += 1
    try:
        yield
    finally:
        with _lock:
            _depth -= 1
            if _depth == 0:
                assert _saved is not None
                gc.set_threshold(*_saved)
                _saved = None
                gc.unfreeze()


_survivors = 0
"""Objects the collector tracked after the last full collection made by
:func:`_collect_if_grown`."""

GROWTH = 2
"""A full collection before a search once the tracked objects have grown this many times
over since the last one."""


def _collect_if_grown() -> None:
    """Called with everything frozen, on entering the outermost pause: a full collection
    when the objects have doubled since the last one.

    Searches that follow one another leave the collector almost no time outside a
    pause, and a tree is a reference cycle (its root refers to the tree): a game's tree
    dropped at the end of the game is freed only by a full collection. Without this, an
    arena worker playing game after game grew by about 270 MiB a pair on 10x10 boards
    until its memory budget stopped a search. Doubling keeps the cost of these
    collections proportional to the objects made, as CPython's own rule does."""
    global _survivors
    count = gc.get_freeze_count()
    if count > GROWTH * _survivors + 100_000:
        gc.unfreeze()
        gc.collect()
        gc.freeze()
        _survivors = gc.get_freeze_count()


def gc_is_paused() -> bool:
    """True while some thread is inside :func:`gc_paused`."""
    return _depth > 0


@contextmanager
def gc_as_usual() -> Iterator[None]:
    """Inside this block :func:`gc_paused` does nothing: searches run with the collector
    as usual. For measuring what the pause saves (``lazytree bench tictactoe
    --gc-share``), not for use in a search.

    >>> import gc
    >>> with gc_as_usual(), gc_paused():
    ...     gc.get_threshold()[2] == PAUSED_THRESHOLD
    False
    """
    global _as_usual
    with _lock:
        _as_usual += 1
    try:
        yield
    finally:
        with _lock:
            _as_usual -= 1
