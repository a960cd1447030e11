"""Thunks and lazy sequences: run once, pull only what is asked for."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from lazytree.lazy import LazySeq, delay, force


def test_thunk_runs_once() -> None:
    calls: list[int] = []

    def compute() -> str:
        calls.append(1)
        return "value"

    t = delay(compute)
    assert not t.forced
    assert force(t) == "value"
    assert force(t) == "value"
    assert calls == [1]
    assert t.forced


def test_thunk_error_is_not_cached() -> None:
    attempts: list[int] = []

    def flaky() -> int:
        attempts.append(1)
        if len(attempts) == 1:
            raise RuntimeError("first call fails")
        return 7

    t = delay(flaky)
    with pytest.raises(RuntimeError):
        force(t)
    assert not t.forced
    assert force(t) == 7
    assert force(t) == 7
    assert len(attempts) == 2


def guarded(limit: int, pulled: list[int]) -> Iterator[int]:
    """Yield 0, 1, 2, ... but fail the test if more than ``limit`` items are pulled."""
    i = 0
    while True:
        if i >= limit:
            raise AssertionError(f"pulled item {i}, only {limit} allowed")
        pulled.append(i)
        yield i
        i += 1


def test_bool_pulls_at_most_one() -> None:
    pulled: list[int] = []
    seq = LazySeq(guarded(1, pulled))
    assert seq
    assert seq
    assert pulled == [0]


def test_indexing_pulls_up_to_index() -> None:
    pulled: list[int] = []
    seq = LazySeq(guarded(4, pulled))
    assert seq[3] == 3
    assert pulled == [0, 1, 2, 3]
    assert seq[1] == 1
    assert pulled == [0, 1, 2, 3]


def test_second_iteration_replays_then_continues() -> None:
    pulled: list[int] = []
    seq = LazySeq(iter(range(5)), on_pull=pulled.append)
    first = []
    for x in seq:
        first.append(x)
        if x == 1:
            break
    assert pulled == [0, 1]
    assert list(seq) == [0, 1, 2, 3, 4]
    assert pulled == [0, 1, 2, 3, 4]
    assert list(seq) == [0, 1, 2, 3, 4]
    assert pulled == [0, 1, 2, 3, 4]
    assert seq.exhausted


def test_empty_and_out_of_range() -> None:
    seq: LazySeq[int] = LazySeq(iter(()))
    assert not seq
    assert seq.exhausted
    with pytest.raises(IndexError):
        seq[0]
    assert len(LazySeq(iter(range(3)))) == 3


def test_failed_generator_is_not_mistaken_for_exhausted() -> None:
    def broken() -> Iterator[int]:
        yield 1
        raise KeyError("boom")

    seq = LazySeq(broken())
    assert seq[0] == 1
    with pytest.raises(KeyError):
        seq[1]
    with pytest.raises(RuntimeError, match="failed earlier"):
        list(seq)
    assert not seq.exhausted
