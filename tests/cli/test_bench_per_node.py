"""bench dice-of-doom --per-node: what a node costs on a small and on a big board."""

from __future__ import annotations

import pytest

from benchmarks.dice import per_node_cost, processor_depths
from tests.helpers import cli


def test_per_node_cost_reports_each_search_and_the_ratio() -> None:
    doc = per_node_cost(sizes=(10, 14), play_depth=2, exact_depth=1, rounds=1)
    assert doc["sizes"] == [10, 14]
    for size in ("10", "14"):
        for kind, depth in (("play", 2), ("exact", 1)):
            row = doc[size][kind]
            assert row["depth"] == depth and row["nodes"] > 1
            assert row["nodes_per_second"] > 0 and row["bytes_per_node"] > 0
    ratio = doc["14"]["play"]["nodes_per_second"] / doc["10"]["play"]["nodes_per_second"]
    assert doc["play_nodes_per_second_big_over_small"] == ratio


def test_the_option_is_documented() -> None:
    result = cli(["bench", "dice-of-doom", "--help"])
    assert result.exit_code == 0 and "--per-node" in result.output


@pytest.mark.slow
def test_processor_depths_reports_each_board() -> None:
    doc = processor_depths(size=10, seeds=2, budget=0.5)
    assert doc["size"] == 10 and doc["budget_seconds"] == 0.5
    assert len(doc["exact"]) == 2 and len(doc["play"]) == 2
    assert all(d >= 1 for d in doc["exact"] + doc["play"])
