"""The server's bounded memories: one cache type (:class:`Recent`), so that no stranger
fills the web process by bringing new keys (client addresses, games, trees)."""

from __future__ import annotations

import pytest

from lazytree.server import scheduler as scheduling
from lazytree.server.limits import MAX_ADDRESSES, RateLimit
from lazytree.server.recent import Recent
from lazytree.server.scheduler import Job, Scheduler


def test_the_least_recently_set_entry_goes_first_and_is_told() -> None:
    dropped: list[int] = []
    kept = Recent[str, int](3, on_drop=dropped.append)
    for k, key in enumerate("abcd"):
        kept[key] = k
    kept["b"] = 10  # set again: now the most recent
    kept["e"] = 4
    assert dict(kept) == {"d": 3, "b": 10, "e": 4} and dropped == [0, 2]
    assert kept.pop("d") == 3 and dropped == [0, 2] and len(kept) == 2
    with pytest.raises(ValueError, match="at least one"):
        Recent[str, int](0)


def test_the_workers_figures_per_owner_stay_bounded(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(scheduling, "MAX_OWNERS", 50)
    scheduler = Scheduler(2)
    for k in range(200):
        job = Job(f"game{k}", print, (), owner=f"10.0.{k // 256}.{k % 256}", pin="worker")
        job.started = job.queued
        scheduler.done(job, 0.5)
    assert len(scheduler.charged) == len(scheduler.waited) == 50
    assert "10.0.0.199" in scheduler.charged and "10.0.0.0" not in scheduler.charged


def test_the_rate_limit_remembers_a_bounded_number_of_addresses() -> None:
    limit = RateLimit(burst=1, per_second=0.001)
    assert limit.allow("10.0.0.1", now=0.0) and not limit.allow("10.0.0.1", now=0.0)
    for k in range(MAX_ADDRESSES):
        limit.allow(f"fd00::{k:x}", now=1.0)
    assert limit.allow("10.0.0.1", now=1.0)  # forgotten: a full bucket again
