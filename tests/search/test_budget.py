"""One Budget: searches, the eager build, compare, the benchmarks and count all run it."""

from __future__ import annotations

import json
import re
import threading
from itertools import pairwise
from pathlib import Path

import pytest

import lazytree
import lazytree.search.budget as budget_module
import lazytree.search.limit as limit_module
from lazytree import Tree, minimax
from lazytree.compare import compare_position
from lazytree.compare.runner import Step
from lazytree.eager import EagerStopped, build_eager
from lazytree.games import Position, load_game
from lazytree.games.tree_game import TreeGame
from lazytree.search import Limit, SearchStopped
from lazytree.search.budget import Budget, NodeCount
from lazytree.traverse import CountStopped, count_tree
from tests.helpers import run

PACKAGE = Path(lazytree.__file__).parent


def test_there_is_one_budget_class_in_the_package() -> None:
    defined: dict[str, list[str]] = {}
    for path in sorted(PACKAGE.rglob("*.py")):
        for name in re.findall(r"^\s*class\s+(\w+)", path.read_text(encoding="utf-8"), re.M):
            if "budget" in name.lower() or name == "_NoTree":
                defined.setdefault(name, []).append(str(path.relative_to(PACKAGE)))
    assert defined == {"Budget": ["search/budget.py"]}


def test_a_budget_over_a_node_count() -> None:
    budget = Limit(nodes=10).budget()
    assert isinstance(budget.stats, NodeCount) and budget.max_nodes == 10
    budget.tally(10)  # exactly the budget: not past it
    with pytest.raises(SearchStopped, match=r"node budget \(10 new nodes\)") as info:
        budget.tally(11)
    assert info.value.reason == "nodes"
    stop = threading.Event()
    budget = Budget(Limit(stop=stop), NodeCount())
    budget.tally(5)
    stop.set()
    with pytest.raises(SearchStopped) as info:
        budget.tally(6)
    assert info.value.reason == "stop"


def test_a_budget_reports_progress_every_so_many_new_nodes(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(budget_module, "PROGRESS_EVERY", 500)
    game, state = load_game("tictactoe")
    tree = Tree(game, state)
    seen: list[int] = []
    minimax(tree.root, Limit(depth=4, nodes=10**9, progress=seen.append))
    assert seen == sorted(seen) and seen[0] >= 500
    assert all(b - a >= 500 for a, b in pairwise(seen))
    assert len(seen) == pytest.approx(tree.stats.nodes_created / 500, abs=2)


def test_the_eager_build_stops_on_the_stop_event_and_the_processs_memory(
    dice_3x3: Position,
) -> None:
    game, state = dice_3x3
    stop = threading.Event()
    stop.set()
    with pytest.raises(EagerStopped) as info:
        build_eager(game, state, None, limit=Limit(stop=stop))
    assert info.value.reason == "stop" and info.value.nodes_built == 1024
    assert isinstance(info.value, SearchStopped)
    with pytest.raises(EagerStopped) as info:
        build_eager(game, state, None, limit=Limit(memory=1))
    exc = info.value
    assert (exc.reason, exc.estimated, exc.limit) == ("memory", False, 1)
    assert "the process's memory budget" in str(exc)


def test_count_tree_stops_on_its_node_budget_with_the_count_so_far(tictactoe: Position) -> None:
    game, state = tictactoe
    whole = count_tree(game, state, 3)
    assert count_tree(game, state, 3, limit=Limit(nodes=whole.nodes)) == whole
    with pytest.raises(CountStopped) as info:
        count_tree(game, state, 3, limit=Limit(nodes=whole.nodes - 1))
    assert info.value.reason == "nodes"
    assert info.value.counted.nodes == whole.nodes - 1
    assert info.value.counted.frontier < whole.frontier
    with pytest.raises(CountStopped) as info:
        count_tree(game, state, limit=Limit(memory=1))
    assert info.value.reason == "memory" and 0 < info.value.counted.nodes < 549_946


def test_count_prints_the_partial_count_and_exits_3() -> None:
    code, out, err = run("count", "tictactoe", "--max-nodes", "1000")
    assert code == 3
    assert out.startswith("tictactoe (whole tree, partial): 1,000 nodes, ")
    assert err.startswith("partial: the node budget (1,000 nodes) ran out: the figures are")
    code, out, _ = run("count", "tictactoe", "--max-nodes", "1000", "--json")
    data = json.loads(out)
    assert code == 3 and (data["nodes"], data["partial"], data["stopped"]) == (1000, True, "nodes")
    code, out, _ = run("count", "tictactoe", "--depth", "2", "--max-nodes", "1000", "--json")
    data = json.loads(out)
    assert code == 0 and (data["nodes"], data["partial"], data["stopped"]) == (82, False, None)
    # the smallest budget accepted is less than this test process holds (80 MiB written
    # here, so that the test does not depend on what other tests loaded before it)
    ballast = b"x" * (80 << 20)
    code, out, err = run("count", "tictactoe", "--max-memory", "64")
    del ballast
    assert code == 3 and "partial" in out and "the memory budget (64 MiB) ran out" in err
    code, _, err = run("count", "tictactoe", "--max-memory", "lots")
    assert code == 2 and err.count("\n") == 1 and "--max-memory 'lots'" in err


def test_compare_reports_the_nodes_of_a_lazy_run_through_the_budget(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(budget_module, "PROGRESS_EVERY", 100)
    game = TreeGame([[[1, 2, 3]] * 6] * 6)
    steps: list[Step] = []
    compare_position(
        game, game.initial_state(), None, "minimax", memory=False, progress=steps.append
    )
    lazy = [s.nodes for s in steps if s.method == "minimax" and s.phase == "timing" and s.nodes]
    assert lazy and lazy == sorted(lazy) and lazy[0] >= 100


@pytest.mark.skipif(not Path("/proc/self/statm").exists(), reason="no /proc (not Linux)")
def test_the_memory_read_follows_growth_and_a_forked_child_reads_its_own() -> None:
    import mmap
    import os

    def used() -> int:
        value = limit_module.memory_in_use()
        assert value is not None  # (read from /proc here)
        return value

    page = os.sysconf("SC_PAGE_SIZE")
    before = used()
    block = mmap.mmap(-1, 64 * 1024**2)  # fresh pages (not memory malloc kept), touched
    for at in range(0, len(block), page):
        block[at] = 1
    assert used() - before >= 48 * 1024**2
    read, write = os.pipe()
    pid = os.fork()
    if pid == 0:  # the child: its own statm, not the parent's descriptor
        os.close(read)
        block.close()  # (the child's memory is now 64 MiB below the parent's)
        fresh = int(Path("/proc/self/statm").read_bytes().split()[1]) * page
        kept = limit_module.memory_in_use()
        os.write(write, f"{fresh} {kept} {os.getpid()}".encode())
        os._exit(0)
    os.close(write)
    fresh, kept, child = map(int, os.read(read, 100).split())
    os.waitpid(pid, 0)
    os.close(read)
    assert child != os.getpid() and abs(kept - fresh) < 8 * 1024**2
    assert used() - kept >= 48 * 1024**2  # the parent's is not
    block.close()
