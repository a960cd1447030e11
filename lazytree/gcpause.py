"""Fewer garbage collections of a growing tree while a driver runs searches, if it asks.

:func:`gc_paused` is for drivers (the command line, the benchmarks, an arena or tuning worker),
around their work; every search enters :func:`search_paused` by itself once it has grown. Inside a
pause young collections run as usual, their survivors are frozen instead of being scanned again, and
a full collection waits until the objects have grown by :data:`GROWTH` (held while a clocked search
runs: :func:`full_collections_held`). Both are re-entrant and thread-safe. How and why:
``docs/reference/internals.md``.

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

import _thread
import gc
import signal
import sys
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

__all__ = [
    "GROWTH",
    "HELD_GROWTH",
    "MAX_GROWTH",
    "MIN_GROWTH",
    "WARM_UP",
    "WASTED",
    "full_collections_held",
    "gc_is_paused",
    "gc_paused",
    "search_paused",
    "searches_unpaused",
]

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

HELD_GROWTH = 1.25
"""The growth that makes a full collection due while a clocked search holds them (CPython's own
quarter): it is paid at the next search's start, inside its clock."""

WARM_UP = 50
"""Young collections a search's own pause (:func:`search_paused`) lets pass as the caller
set the collector before it sets survivors aside (some 15,000 nodes of a tic-tac-toe
tree): a small search leaves the collector alone."""

NEVER = 1 << 30
"""The oldest generation's threshold while objects are set aside: CPython never starts
a full collection on its own (the pause decides when)."""

_lock = threading.Lock()
_depth = 0
_saved: tuple[int, int, int] | None = None
_survivors: int | None = None
"""Objects tracked after the last full collection seen inside a pause (before the first:
the allocator's blocks when the first pause began; ``None`` before any pause)."""
_growth = GROWTH
"""The growth that starts the next full collection: :data:`MAX_GROWTH` after a full
collection that freed almost nothing (the objects are a growing tree, not garbage),
:data:`GROWTH` after one that freed much (and before the first)."""
_young = 0
"""Young collections since the last full one inside a pause (each set aside at most
about a young threshold's worth of survivors)."""
_due = False
"""A full collection is due: nothing is set aside until it has run."""
_setting = True
"""Survivors are being set aside (a search's own pause: once it has warmed up)."""
_warm = 0
"""Young collections seen while a search's own pause warms up (-1: it stays out of the
way: the process froze objects itself)."""
_froze = False
"""Something was set aside since the outermost pause began (a search's own pause gives
it back on leaving only then)."""
_driver = False
"""The outermost pause is a driver's (:func:`gc_paused`)."""
_unpaused = 0
"""Blocks of :func:`searches_unpaused` open: searches do not pause by themselves."""
_held = 0
"""Blocks of :func:`full_collections_held` open (clocked searches running)."""
_pending = False
"""A full collection fell due while held: the next held block starts with it."""


def _setting_aside(saved: tuple[int, int, int]) -> None:
    """Thresholds while survivors are set aside: the young ones as saved, no full
    collection started by CPython."""
    gc.set_threshold(saved[0], saved[1], NEVER)


def _after_collection(phase: str, info: dict[str, Any]) -> None:
    """A :data:`gc.callbacks` entry while paused. A Ctrl-C landing here (which CPython would
    drop) is raised again from another thread once it has returned."""
    try:
        _collected(phase, info)
    except KeyboardInterrupt:
        again = threading.Timer(0.01, _interrupt_main)
        again.daemon = True
        again.start()


def _interrupt_main() -> None:
    """Ctrl-C again, to the main thread (a real signal where there is one: it also ends
    a sleep or a wait there)."""
    if hasattr(signal, "pthread_kill"):
        signal.pthread_kill(threading.main_thread().ident or 0, signal.SIGINT)
    else:
        _thread.interrupt_main()


def _collected(phase: str, info: dict[str, Any]) -> None:
    """What :func:`_after_collection` does."""
    global _survivors, _growth, _young, _due, _froze, _pending
    saved = _saved
    if saved is None:
        return
    generation = info.get("generation")
    if not _setting:
        if phase == "stop" and generation != 2:
            _warm_up(saved)
        return
    if generation == 2:
        if phase == "start":  # a full collection sees every object
            gc.unfreeze()
            return
        _survivors = len(gc.get_objects(generation=2))
        wasted = info.get("collected", 0) * WASTED < _survivors
        _growth = MAX_GROWTH if wasted else GROWTH
        _young = 0
        _due = False
        _setting_aside(saved)
        gc.freeze()
        _froze = True
        return
    if phase != "stop" or _due:
        return
    gc.freeze()  # the survivors of this young collection: scanned once, set aside
    _froze = True
    _young += 1
    assert _survivors is not None  # (set when the first pause began)
    growth = min(_growth, HELD_GROWTH) if _held else _growth
    if _young * max(1, saved[0]) >= max(MIN_GROWTH, (growth - 1) * _survivors):
        if _held:  # a clocked search is running: the next one starts with it
            _pending = True
            return
        # back in the collector's generations; CPython starts the full collection as
        # soon as its own rule allows (the threshold 0: at its first chance)
        _due = True
        gc.unfreeze()
        gc.set_threshold(saved[0], saved[1], 0)


def _start_setting_aside(saved: tuple[int, int, int]) -> None:
    """From now on, young survivors are set aside (see the module docstring)."""
    global _survivors, _growth, _due, _setting
    if _survivors is None:
        _survivors = sys.getallocatedblocks()
        _growth = MAX_GROWTH
    _due = False
    _setting = True
    _setting_aside(saved)


def _warm_up(saved: tuple[int, int, int]) -> None:
    """One young collection of a search's own pause before it sets survivors aside: after
    :data:`WARM_UP` of them it starts to (unless the process froze objects itself)."""
    global _warm
    if _warm < 0:
        return
    _warm += 1
    if _warm >= WARM_UP:
        if gc.get_freeze_count():  # the process's own: leave them (and the pause) be
            _warm = -1
            return
        _start_setting_aside(saved)


def _enter(driver: bool) -> None:
    global _depth, _saved, _setting, _warm, _froze, _driver
    with _lock:
        if _depth == 0:
            threshold = gc.get_threshold()
            _saved = (threshold[0], threshold[1], threshold[2])
            _driver, _froze, _warm, _setting = driver, False, 0, False
            if driver:
                _start_setting_aside(_saved)
            gc.callbacks.append(_after_collection)
        _depth += 1


def _leave() -> None:
    global _depth, _saved, _pending
    with _lock:
        _depth -= 1
        if _depth == 0:
            _pending = False
            assert _saved is not None
            gc.callbacks.remove(_after_collection)
            if _driver or _froze:
                gc.unfreeze()
            gc.set_threshold(*_saved)
            _saved = None


@contextmanager
def gc_paused() -> Iterator[None]:
    """Young survivors set aside and full collections only once the objects have grown, for the
    block: for drivers, around their work."""
    _enter(driver=True)
    try:
        yield
    finally:
        _leave()


@contextmanager
def search_paused() -> Iterator[None]:
    """The pause a search enters by itself, once it has grown past :data:`WARM_UP` young
    collections (never when the process froze objects itself); inside any pause it only counts."""
    if _unpaused:
        yield
        return
    _enter(driver=False)
    try:
        yield
    finally:
        _leave()


@contextmanager
def full_collections_held() -> Iterator[None]:
    """For a search on a clock: a full collection that falls due inside the block waits for the
    start of the next one, inside its clock rather than as a stall mid-search. Outside a pause
    it does nothing."""
    global _held, _pending
    with _lock:
        run = _pending and _saved is not None and _setting
        _pending = False
        _held += 1
    try:
        if run:
            gc.collect()
        yield
    finally:
        with _lock:
            _held -= 1


@contextmanager
def searches_unpaused() -> Iterator[None]:
    """Searches inside the block do not pause by themselves (:func:`search_paused` does
    nothing): the collector runs as the caller set it, to measure what the pause saves."""
    global _unpaused
    with _lock:
        _unpaused += 1
    try:
        yield
    finally:
        with _lock:
            _unpaused -= 1


def gc_is_paused() -> bool:
    """True while some thread is inside :func:`gc_paused`."""
    return _depth > 0
