"""The collector: a library search leaves it alone; a driver's gc_paused is O(1) to enter,
restores everything, and still frees dropped trees once the objects have doubled."""

from __future__ import annotations

import gc
import json
import threading
import time
from collections.abc import Callable, Iterator
from typing import Any

import pytest

import lazytree.gcpause as pause
from lazytree import Tree, alphabeta, minimax
from lazytree.games import Position, load_game
from lazytree.gcpause import GROWTH, MAX_GROWTH, WASTED, gc_is_paused, gc_paused
from lazytree.tree import Node


def full_collections_while(work: Callable[[], Any]) -> int:
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


class _Cycle:
    """An object that refers to itself: only a full collection frees it."""

    def __init__(self) -> None:
        self.me = self


def _free_some_garbage() -> None:
    """A full collection that frees much: cycles, one for every WASTED live objects."""
    live = len(gc.get_objects()) + gc.get_freeze_count()  # (a pause sets some aside)
    garbage = [_Cycle() for _ in range(live // WASTED + 1000)]
    del garbage
    gc.collect()


HEAVY = ("collect", "get_freeze_count", "get_objects", "freeze", "unfreeze", "disable")
"""The collector's functions whose cost grows with the heap, or that change it for the
whole process."""


@pytest.fixture
def gc_calls(monkeypatch: pytest.MonkeyPatch) -> Iterator[dict[str, int]]:
    """Count the calls of the :data:`HEAVY` functions of :mod:`gc` (they still work)."""
    calls = dict.fromkeys(HEAVY, 0)
    for name in HEAVY:
        real = getattr(gc, name)

        def counted(*args: Any, _name: str = name, _real: Any = real, **kw: Any) -> Any:
            calls[_name] += 1
            return _real(*args, **kw)

        monkeypatch.setattr(gc, name, counted)
    yield calls


@pytest.fixture
def live_objects() -> Iterator[list[list[int]]]:
    """About 2 million live objects in the process (a notebook's data, a server's)."""
    objects = grow(1_000_000)  # a million lists and a million ints
    yield objects
    del objects


TINY = 400


def test_a_library_search_leaves_the_collector_alone(
    live_objects: list[list[int]], gc_calls: dict[str, int]
) -> None:
    threshold, enabled, callbacks = gc.get_threshold(), gc.isenabled(), list(gc.callbacks)
    seen: list[tuple[int, ...]] = []
    game, state = load_game("tictactoe")
    for _ in range(TINY):
        alphabeta(Tree(game, state).root, 1)
        seen.append(gc.get_threshold())
    minimax(Tree(game, state).root, 4)  # and a bigger one (some 7,000 nodes)
    assert gc_calls == dict.fromkeys(HEAVY, 0)
    assert set(seen) == {threshold}
    assert (gc.get_threshold(), gc.isenabled(), gc.callbacks) == (threshold, enabled, callbacks)
    assert not gc_is_paused()


def test_entering_the_driver_pause_costs_no_heap_sized_work(
    live_objects: list[list[int]], gc_calls: dict[str, int]
) -> None:
    fulls: list[int] = []

    def driver() -> None:
        game, state = load_game("tictactoe")
        for _ in range(TINY):
            with gc_paused():
                alphabeta(Tree(game, state).root, 1)

    fulls.append(full_collections_while(driver))
    assert gc_calls["get_objects"] <= fulls[0]  # only to count survivors after one
    # (freeze and unfreeze move the collector's lists whole: O(1), whatever the heap)
    sized = set(HEAVY) - {"get_objects", "freeze", "unfreeze"}
    assert {k: v for k, v in gc_calls.items() if k in sized} == dict.fromkeys(sized, 0)


def test_young_survivors_are_set_aside_and_given_back_on_leaving() -> None:
    with gc_paused():
        gc.collect()  # survivors counted: the next full collection is far off
        kept = grow(50_000)  # a growing tree's worth of young collections
        set_aside = gc.get_freeze_count()
        assert set_aside >= 40_000  # scanned once, young, then left alone
        assert full_collections_while(lambda: kept.extend(grow(50_000))) == 0
        kept.clear()
    assert gc.get_freeze_count() == 0  # all back in the collector's generations


def test_a_full_collection_inside_the_pause_sees_what_was_set_aside() -> None:
    with gc_paused():
        gc.collect()
        cycles = [_Cycle() for _ in range(20_000)]
        grow(10_000)  # young collections: the cycles are set aside
        assert gc.get_freeze_count() >= 20_000
        del cycles
        assert gc.collect() >= 20_000  # freed all the same


def test_the_threshold_and_callbacks_are_restored() -> None:
    before, callbacks = gc.get_threshold(), list(gc.callbacks)
    with gc_paused():
        assert gc.get_threshold()[:2] == before[:2]  # young generations collected as usual
        assert gc.get_threshold()[2] >= before[2]
        assert len(gc.callbacks) == len(callbacks) + 1 and gc_is_paused()
    assert (gc.get_threshold(), gc.callbacks, gc_is_paused()) == (before, callbacks, False)


def test_nested_blocks_restore_only_at_the_outermost() -> None:
    before = gc.get_threshold()
    with gc_paused():
        gc.collect()  # inside: the survivors are counted, the threshold raised
        raised = gc.get_threshold()
        with gc_paused():
            pass
        assert gc.get_threshold() == raised and gc_is_paused()
        assert raised[2] > before[2]
    assert gc.get_threshold() == before


def test_restored_after_an_exception() -> None:
    before = gc.get_threshold()
    with pytest.raises(KeyError), gc_paused():
        raise KeyError("search failed")
    assert gc.get_threshold() == before and not gc_is_paused()


def test_full_collections_wait_for_the_objects_to_double() -> None:
    ballast = grow(500_000)  # survivors enough that the growth below is < GROWTH x
    with gc_paused():
        gc.collect()
    survivors = pause._survivors
    assert survivors is not None and survivors >= 500_000
    count = survivors * 6 // 10  # more than CPython's quarter, less than double
    kept: list[Any] = []
    assert full_collections_while(lambda: kept.append(grow(count))) >= 1
    kept.clear()
    gc.collect()

    def paused() -> None:
        with gc_paused():
            kept.append(grow(count))

    assert full_collections_while(paused) == 0
    kept.clear()
    del ballast


def _live_nodes() -> int:
    """Tree nodes the collector tracks (nodes of the compiled core are not weakly
    referenceable, so the test counts them instead of probing one). The pause sets
    young survivors aside, where :func:`gc.get_objects` does not see them: they are
    given back for the count, and set aside again inside a pause."""
    gc.unfreeze()
    try:
        return sum(1 for o in gc.get_objects() if type(o) is Node)
    finally:
        if gc_is_paused():
            gc.freeze()


def test_a_dropped_tree_is_freed_once_the_objects_double_inside_the_pause() -> None:
    game, state = load_game("tictactoe")
    kept: list[Any] = []
    with gc_paused():
        _free_some_garbage()  # count the survivors (a scan that frees much: growth 2)
        survivors = pause._survivors
        assert survivors is not None and pause._growth == GROWTH
        alive_before = _live_nodes()
        # a shared tree of a few hundred nodes: its sharing table refers to its nodes,
        # which refer to the table's context, a reference cycle (an unshared tree has none)
        tree = Tree(game, state, share=True)
        minimax(tree.root, 3)
        built = tree.stats.nodes_created
        del tree
        assert _live_nodes() >= alive_before + built  # reference counting cannot free a cycle
        # searches go on (the next game's tree grows): once the objects have doubled,
        # a full collection frees the dropped tree
        grown = GROWTH * survivors + 50_000
        fulls = full_collections_while(lambda: kept.append(grow(grown)))
        assert fulls >= 1
        assert _live_nodes() <= alive_before
    kept.clear()


def test_a_scan_that_frees_nothing_waits_the_most_and_one_that_frees_resets() -> None:
    with gc_paused():
        _free_some_garbage()
        assert pause._growth == GROWTH
        seen = []
        for _ in range(2):
            gc.collect()  # nothing to free: the objects are a growing tree
            seen.append(pause._growth)
        assert seen == [MAX_GROWTH, MAX_GROWTH]
        _free_some_garbage()
        assert pause._growth == GROWTH
        gc.collect()
        assert pause._growth == MAX_GROWTH
    with gc_paused():  # the next block: its search grows a tree again
        assert pause._growth == MAX_GROWTH
        _free_some_garbage()
    with gc_paused():
        assert pause._growth == GROWTH


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
            seen.append(gc_is_paused())

    t1 = threading.Thread(target=first)
    t2 = threading.Thread(target=second)
    t1.start()
    t2.start()
    t2.join()
    assert seen == [True]
    assert gc.get_threshold() == before and not gc_is_paused()


def test_a_search_gives_the_same_result_paused(tictactoe: Position) -> None:
    game, state = tictactoe
    plain = minimax(Tree(game, state).root, 5)
    with gc_paused():
        paused = minimax(Tree(game, state).root, 5)
    assert (paused.value, paused.best_moves, paused.stats) == (
        plain.value,
        plain.best_moves,
        plain.stats,
    )


def test_the_bench_reports_the_ratio(tictactoe: Position) -> None:
    from benchmarks.collector import tiny_searches as bench

    game, state = tictactoe
    result = bench(game, state, searches=3, live=10)
    data = result.as_dict()
    assert (data["searches"], data["live"]) == (3, 10)
    assert data["ratio"] == round(result.among / result.alone, 3)
    with pytest.raises(ValueError, match="searches >= 1"):
        bench(game, state, searches=0)


def test_the_drivers_pause_around_their_work(monkeypatch: pytest.MonkeyPatch) -> None:
    from lazytree.arena import MatchSpec, run_match
    from lazytree.arena.play import play_pair
    from lazytree.traverse import count_tree
    from lazytree.tune import TuneSpec, collect, play_for_samples
    from tests.helpers import run

    seen: dict[str, bool] = {}

    def spy(name: str, real: Callable[..., Any]) -> Callable[..., Any]:
        def wrapped(*args: Any, **kw: Any) -> Any:
            seen[name] = gc_is_paused()
            return real(*args, **kw)

        return wrapped

    monkeypatch.setattr("lazytree.cli.analyse.count_tree", spy("count", count_tree))
    monkeypatch.setattr("lazytree.arena.match.play_pair", spy("arena", play_pair))
    monkeypatch.setattr("lazytree.tune.play_for_samples", spy("tune", play_for_samples))
    assert run("count", "tictactoe", "--depth", "1")[0] == 0  # a command of the CLI
    spec = MatchSpec(
        "dice-of-doom", {"rules": "lisp", "size": 2}, ("random", "ror:depth=1"), pairs=1
    )
    run_match(spec)  # an arena worker (here: in this process)
    collect(TuneSpec("dice-of-doom", {"rules": "lisp", "size": 2}, 1, 20, 1, 0, None))
    assert seen == {"count": True, "arena": True, "tune": True}
    assert not gc_is_paused()  # and each let go after


def test_bench_gc_prints_the_ratio() -> None:
    from tests.helpers import run

    code, out, _ = run("bench", "gc", "--searches", "3", "--live", "10", "--json")
    data = json.loads(out)
    assert code == 0 and (data["searches"], data["live"]) == (3, 10) and data["ratio"] > 0
    code, out, _ = run("bench", "gc", "--searches", "3", "--live", "10")
    assert code == 0 and out.startswith("3 tiny searches: ") and "ratio" in out


def _collector_state() -> tuple[Any, ...]:
    return (gc.get_threshold(), gc.isenabled(), list(gc.callbacks), gc.get_freeze_count())


def _counting_freezes(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """Count :func:`gc.freeze` calls (it still works)."""
    calls: list[int] = []
    real = gc.freeze

    def counted() -> None:
        calls.append(1)
        real()

    monkeypatch.setattr(gc, "freeze", counted)
    return calls


@pytest.mark.slow
def test_a_grown_library_search_pauses_by_itself_and_restores_everything(
    tictactoe: Position, monkeypatch: pytest.MonkeyPatch
) -> None:
    game, state = tictactoe
    freezes = _counting_freezes(monkeypatch)
    before = _collector_state()
    result = minimax(Tree(game, state).root, None)  # the whole tree, as the README calls it
    assert result.value == 0.0
    assert freezes  # its young survivors were set aside
    assert _collector_state() == before and not gc_is_paused()


@pytest.mark.slow
def test_a_library_search_restores_everything_when_it_stops_or_fails(
    tictactoe: Position, monkeypatch: pytest.MonkeyPatch
) -> None:
    from lazytree.search import Limit, SearchStopped, search

    game, state = tictactoe
    freezes = _counting_freezes(monkeypatch)
    before = _collector_state()
    with pytest.raises(SearchStopped):
        minimax(Tree(game, state).root, Limit(depth=9, nodes=200_000))
    assert freezes and _collector_state() == before and not gc_is_paused()

    class Failing:
        """Tic-tac-toe whose evaluation fails after 100,000 calls."""

        calls = 0

        def __getattr__(self, name: str) -> Any:
            return getattr(game, name)

        def evaluate(self, s: Any, p: Any) -> float:
            self.calls += 1
            if self.calls > 100_000:
                raise KeyError("evaluation failed")
            return float(game.evaluate(s, p))

    freezes.clear()
    with pytest.raises(KeyError, match="evaluation failed"):
        search(Tree(Failing(), state).root, Limit(depth=9), "minimax")
    assert freezes and _collector_state() == before and not gc_is_paused()


def test_a_library_search_leaves_what_the_process_froze_frozen(tictactoe: Position) -> None:
    game, state = tictactoe
    kept = grow(10_000)
    gc.freeze()  # a server before it forks
    try:
        frozen = gc.get_freeze_count()
        before = _collector_state()
        minimax(Tree(game, state).root, 6)
        # giving them back would empty the frozen set; a few frozen objects of earlier
        # tests may die meanwhile (a dead object leaves the count), never 10,000
        assert frozen - 1_000 < gc.get_freeze_count() <= frozen
        assert _collector_state()[:3] == before[:3]  # thresholds, enabled, callbacks
    finally:
        gc.unfreeze()
        del kept


def test_a_search_inside_a_drivers_pause_only_counts(tictactoe: Position) -> None:
    game, state = tictactoe
    with gc_paused():
        gc.collect()
        raised = gc.get_threshold()
        minimax(Tree(game, state).root, 5)
        assert gc.get_threshold() == raised and gc_is_paused()
    assert not gc_is_paused()


def test_a_clocked_search_holds_full_collections_for_the_next_ones_start() -> None:
    from lazytree.gcpause import full_collections_held

    kept: list[Any] = []
    with gc_paused():
        _free_some_garbage()  # survivors counted, growth GROWTH
        survivors = pause._survivors
        assert survivors is not None
        with full_collections_held():  # a search on a clock grows its tree
            grown = GROWTH * survivors + 50_000
            assert full_collections_while(lambda: kept.append(grow(grown))) == 0
        assert pause._pending  # fell due inside: waits

        def next_search() -> None:
            with full_collections_held():
                pass

        assert full_collections_while(next_search) == 1  # the next one starts with it
        assert not pause._pending
    kept.clear()
    with full_collections_held():  # outside a pause: nothing held, nothing run
        assert not pause._pending


def test_a_clocked_deepening_holds_full_collections(
    tictactoe: Position, monkeypatch: pytest.MonkeyPatch
) -> None:
    import importlib

    from lazytree.search import Limit, iterative_deepening

    game, state = tictactoe
    held: list[int] = []
    real = pause.full_collections_held

    def spy() -> Any:
        held.append(pause._held)
        return real()

    module = importlib.import_module("lazytree.search.deepen")  # the deepening loop
    monkeypatch.setattr(module, "full_collections_held", spy)
    iterative_deepening(Tree(game, state).root, Limit(seconds=5, depth=2))
    iterative_deepening(Tree(game, state).root, Limit(depth=2))
    assert held == [0]  # only the search on a clock
    assert pause._held == 0


def test_held_a_full_collection_falls_due_at_a_quarter() -> None:
    from lazytree.gcpause import HELD_GROWTH, full_collections_held

    kept: list[Any] = []
    with gc_paused():
        _free_some_garbage()  # growth GROWTH (2): unheld, half would not be due
        survivors = pause._survivors
        assert survivors is not None and HELD_GROWTH - 1 < 0.5 < GROWTH - 1
        with full_collections_held():
            kept.append(grow(survivors // 2 + 2 * pause.MIN_GROWTH))
            assert pause._pending

        def next_search() -> None:
            with full_collections_held():
                pass

        assert full_collections_while(next_search) == 1
    kept.clear()


def test_a_ctrl_c_inside_the_collector_s_callback_still_interrupts(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """CPython ignores an exception raised in a gc callback; a Ctrl-C that lands in the
    pause's callback is raised again in the main thread, not lost."""

    calls: list[tuple[int, int, int]] = []

    def interrupted(saved: tuple[int, int, int]) -> None:
        calls.append(saved)
        if len(calls) == 1:  # Ctrl-C once, inside the callback
            raise KeyboardInterrupt

    monkeypatch.setattr(pause, "_warm_up", interrupted)
    # another library's callback (hypothesis keeps one in this process) would swallow the
    # Ctrl-C sent again, as CPython swallows it in any callback: set them aside
    others = gc.callbacks[:]
    gc.callbacks.clear()
    try:
        _interrupted_in_the_callback()
    finally:
        gc.callbacks[:] = others


def _interrupted_in_the_callback() -> None:
    with pytest.raises(KeyboardInterrupt), pause.search_paused():
        kept: list[list[int]] = [[] for _ in range(100_000)]  # young collections: the callback runs
        deadline = time.monotonic() + 10 + 0 * len(kept)
        while time.monotonic() < deadline:  # the Ctrl-C arrives before this ends
            pass
