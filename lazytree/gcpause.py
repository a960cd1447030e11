"""Fewer full garbage collections while a driver runs searches, if the driver asks.

A search builds a tree of many small, long-lived objects (nodes, edges, states,
ratings). CPython's cyclic collector runs a *full* collection each time the objects
that survived the younger generations grow by a quarter, so while a tree grows it is
scanned again and again (about 40% of a whole-tree minimax of tic-tac-toe). None of
those scans can free anything the search still holds.

The library itself never touches the collector: a search called from a notebook or a
server runs with the collector exactly as the caller set it. :func:`gc_paused` is for
*drivers*, the code that owns the process and runs search after search (the command
line, the benchmarks, an arena or tuning worker), around their work:

* it raises the oldest generation's threshold so a full collection starts only once
  the objects promoted to it since the last full collection are about as many as
  those that survived it (they have doubled, :data:`GROWTH`), instead of a quarter as
  many; the young generations are collected as usual, so short-lived garbage
  (generator frames, temporary lists) is freed as before;
* a full collection that frees almost nothing (:data:`WASTED`: the objects are a tree
  still growing) makes the next one wait for :data:`MAX_GROWTH`; one that frees much
  sets the growth back to :data:`GROWTH`. The growth carries over to the next block,
  as the survivors do (a driver's next search grows a tree again). A growing search
  is scanned once or twice, not at every quarter (the growth used to double after
  each wasted scan and restart on entering: a first solve of tic-tac-toe then paid a
  second scan of its tree, a third of its time);
* so garbage that only a full collection can free (a dropped shared tree: its sharing
  table refers to its nodes, which refer to the table's context) is still freed once
  the objects have grown :data:`GROWTH` times over, or at most :data:`MAX_GROWTH` times
  after a scan that found none: a driver that plays game after game does not pile up
  old trees;
* entering and leaving cost O(1): two calls to :func:`gc.set_threshold` and a
  callback in :data:`gc.callbacks`. After a full collection made inside the block,
  the callback counts the survivors (:func:`gc.get_objects`, once per full collection,
  which scanned all of them anyway) and sets the threshold for the next one;
* on leaving the outermost block the threshold is restored and the callback removed.

It is re-entrant and safe to enter from several threads (a counter under a lock: the
first to enter pauses, the last to leave restores).

Examples
--------
>>> import gc
>>> before = gc.get_threshold()
>>> with gc_paused():
...     with gc_paused():              # nested: still paused
...         paused = gc.get_threshold()[2] >= before[2]
...     still = gc_is_paused()
>>> paused, still, gc.get_threshold() == before, gc_is_paused()
(True, True, True, False)
"""

from __future__ import annotations

import gc
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

__all__ = ["GROWTH", "MAX_GROWTH", "MIN_GROWTH", "WASTED", "gc_is_paused", "gc_paused"]

GROWTH = 2
"""Inside :func:`gc_paused` a full collection starts once the objects have grown this
many times over since the last one (CPython's own rule: by a quarter)."""

MAX_GROWTH = 8
"""The most the objects may grow before a full collection, while the full collections
inside the pause keep finding almost no garbage (a search growing its tree)."""

WASTED = 8
"""A full collection that frees fewer than one object in this many is a wasted scan."""

MIN_GROWTH = 100_000
"""And once at least this many objects were added (so a small heap is not scanned over
and over)."""

_lock = threading.Lock()
_depth = 0
_saved: tuple[int, int, int] | None = None
_survivors: int | None = None
"""Objects tracked after the last full collection seen inside a pause (``None``: none
seen yet; until then the saved threshold applies)."""
_growth = GROWTH
"""The growth that starts the next full collection: :data:`MAX_GROWTH` after a full
collection that freed almost nothing (the objects are a growing tree, not garbage),
:data:`GROWTH` after one that freed much (and before the first)."""


def _paused_threshold(saved: tuple[int, int, int]) -> int:
    """The oldest generation's threshold that lets a full collection start once the
    objects have grown ``_growth`` times over. ``gc.get_count()[2]`` counts the
    young (generation 1) collections since the last full one, each after about
    ``threshold0 * threshold1`` new objects."""
    young0, young1, old = saved
    if _survivors is None or young0 <= 0:
        return old
    per = max(1, young0 * max(1, young1))
    grown = max(MIN_GROWTH, (_growth - 1) * _survivors)
    return max(old, -(-grown // per))


def _after_collection(phase: str, info: dict[str, Any]) -> None:
    """A :data:`gc.callbacks` entry while paused: after a full collection, count the
    survivors and set the threshold of the next one."""
    global _survivors, _growth
    saved = _saved
    if phase != "stop" or info.get("generation") != 2 or saved is None:
        return
    _survivors = len(gc.get_objects(generation=2))
    wasted = info.get("collected", 0) * WASTED < _survivors
    _growth = MAX_GROWTH if wasted else GROWTH
    young0, young1, _ = gc.get_threshold()
    gc.set_threshold(young0, young1, _paused_threshold(saved))


@contextmanager
def gc_paused() -> Iterator[None]:
    """Full collections only once the objects have doubled (or grown eightfold after a
    scan that found nothing), for the block (see the module docstring). For drivers,
    around their work; the library never enters it."""
    global _depth, _saved
    with _lock:
        if _depth == 0:
            threshold = gc.get_threshold()
            _saved = (threshold[0], threshold[1], threshold[2])
            gc.set_threshold(_saved[0], _saved[1], _paused_threshold(_saved))
            gc.callbacks.append(_after_collection)
        _depth += 1
    try:
        yield
    finally:
        with _lock:
            _depth -= 1
            if _depth == 0:
                assert _saved is not None
                gc.callbacks.remove(_after_collection)
                gc.set_threshold(*_saved)
                _saved = None


def gc_is_paused() -> bool:
    """True while some thread is inside :func:`gc_paused`."""
    return _depth > 0
