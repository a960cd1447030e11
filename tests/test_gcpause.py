"""gc_paused: no full collection inside, everything restored after, re-entrant."""

from __future__ import annotations

import gc
import threading
from typing import Any

from lazytree import Tree, minimax
from lazytree.games import load_game
from lazytree.gcpause import PAUSED_THRESHOLD, gc_as_usual, gc_is_paused, gc_paused


def full_collections_while(work: Any) -> int:
    """How many generation-2 collections start while ``work()`` runs."""
    starts: list[int] = []

    def callback(phase: str, info: dict[str, int]) -> None:
        if phase == "start" and info["generation"] == 2:
            starts.append(1)

    gc.callbacks.append(callback)
    try:
        work()
    finally:
        gc.callbacks.remove(callback)
    return len(starts)


def grow(count: int) -> list[list[int]]:
    """``count`` small containers that survive (what a growing tree makes)."""
    return [[i] for i in range(count)]


def test_thresholds_and_freeze_are_restored() -> None:
    before = gc.get_threshold()
    frozen = gc.get_freeze_count()
    with gc_paused():
        assert gc.get_threshold()[2] == PAUSED_THRESHOLD
        assert gc.get_threshold()[:2] == before[:2]  # young generations still collected
        assert gc.get_freeze_count() > frozen
        assert gc_is_paused()
    assert gc.get_threshold() == before
    assert gc.get_freeze_count() == frozen
    assert not gc_is_paused()


def test_nested_blocks_restore_only_at_the_outermost() -> None:
    before = gc.get_threshold()
    with gc_paused():
        with gc_paused():
            pass
        assert gc.get_threshold()[2] == PAUSED_THRESHOLD and gc_is_paused()
    assert gc.get_threshold() == before


def test_restored_after_an_exception() -> None:
    before = gc.get_threshold()
    try:
        with gc_paused():
            raise KeyError("search failed")
    except KeyError:
        pass
    assert gc.get_threshold() == before and not gc_is_paused()


def test_no_full_collection_inside_while_there_is_one_outside() -> None:
    # enough surviving objects to pass CPython's "grown by a quarter" rule for sure
    count = max(300_000, 2 * len(gc.get_objects()))
    kept: list[Any] = []
    assert full_collections_while(lambda: kept.append(grow(count))) >= 1
    kept.clear()
    gc.collect()

    def paused() -> None:
        with gc_paused():
            kept.append(grow(count))

    assert full_collections_while(paused) == 0


def test_threads_pause_until_the_last_one_leaves() -> None:
    before = gc.get_threshold()
    entered = threading.Barrier(2)
    leave_first = threading.Event()
    seen: list[bool] = []

    def first() -> None:
        with gc_paused():
            entered.wait()
            leave_first.wait()

    def second() -> None:
        with gc_paused():
            entered.wait()
            leave_first.set()
            t1.join()  # the first thread has left; this one is still inside
            seen.append(gc.get_threshold()[2] == PAUSED_THRESHOLD)

    t1 = threading.Thread(target=first)
    t2 = threading.Thread(target=second)
    t1.start()
    t2.start()
    t2.join()
    assert seen == [True]
    assert gc.get_threshold() == before


def test_a_search_gives_the_same_result_paused() -> None:
    game, state = load_game("tictactoe")
    plain = minimax(Tree(game, state).root, 5)
    with gc_paused():
        paused = minimax(Tree(game, state).root, 5)
    assert (paused.value, paused.best_moves, paused.stats) == (
        plain.value,
        plain.best_moves,
        plain.stats,
    )


def test_as_usual_lets_a_search_run_with_the_collector_as_usual() -> None:
    count = max(300_000, 2 * len(gc.get_objects()))
    kept: list[Any] = []

    def usual() -> None:
        with gc_as_usual(), gc_paused():
            assert not gc_is_paused()
            kept.append(grow(count))

    assert full_collections_while(usual) >= 1
    with gc_paused():
        assert gc_is_paused()


class _Cycle:
    def __init__(self) -> None:
        self.me = self


def test_garbage_cycles_left_between_searches_are_collected_once_objects_double() -> None:
    import weakref

    import lazytree.gcpause as pause
    from lazytree.gcpause import GROWTH

    with gc_paused():  # settle the count of survivors
        pass
    survivors = pause._survivors
    garbage = [_Cycle() for _ in range(GROWTH * survivors + 110_000)]
    probe = weakref.ref(garbage[0])
    gc.disable()  # as when searches leave no room for a collection
    try:
        del garbage
        assert probe() is not None  # a cycle: reference counting cannot free it
        with gc_paused():  # the next search starts with a full collection
            assert probe() is None
    finally:
        gc.enable()
