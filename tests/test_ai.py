"""The AI player of the library: settings, clock, cap, stop event, progress, the book's AI."""

from __future__ import annotations

import threading

import pytest

from lazytree.ai import AIPlayer, AISettings, ai_turn
from lazytree.games import load_game
from lazytree.search import Limit, SearchStopped, minimax
from lazytree.tree import Tree


def dice(size: int = 4, seed: int = 3) -> Tree[object, object]:
    pos = load_game("dice-of-doom", size=size, seed=seed)
    return Tree(pos.game, pos.state, share=True)


def test_settings_are_validated() -> None:
    with pytest.raises(ValueError, match="needs a depth"):
        AISettings(seconds=None)
    with pytest.raises(ValueError, match="seconds"):
        AISettings(seconds=float("nan"))
    with pytest.raises(ValueError, match="unknown rater"):
        AISettings(rater="nope")
    with pytest.raises(ValueError, match="width"):
        AISettings(width=0)
    with pytest.raises(ValueError, match="quiescence"):
        AISettings(quiescence=-1)


def test_the_clock_is_used_beyond_the_old_depth_cap() -> None:
    # a node budget instead of a clock keeps the test deterministic: without a depth cap
    # the AI deepens past depth 4 until the budget stops it
    tree = dice(5, 1)
    result = AIPlayer(AISettings(seconds=60, nodes=20_000)).search(tree)
    assert result.depth is not None and result.depth > 4
    assert result.stopped == "nodes"


def test_depth_cap_is_respected() -> None:
    tree = dice(5, 1)
    result = AIPlayer(AISettings(seconds=60, depth=2)).search(tree)
    assert result.depth == 2
    assert result.deepening is not None
    assert [it.depth for it in result.deepening.iterations] == [1, 2]


def test_a_set_stop_event_answers_with_the_first_ply() -> None:
    stop = threading.Event()
    stop.set()
    tree = dice(5, 1)
    result = AIPlayer(AISettings(seconds=60)).search(tree, stop=stop)
    assert result.best_moves  # always an answer
    assert result.stopped == "stop" and result.deepening is not None
    assert result.deepening.iterations[0].fallback is True


def test_progress_reports_every_completed_depth() -> None:
    seen: list[int | None] = []
    AIPlayer(AISettings(seconds=60, depth=3)).search(
        dice(), progress=lambda r: seen.append(r.depth)
    )
    assert seen == [1, 2, 3]


def test_the_book_ai_is_minimax_to_depth_4() -> None:
    pos = load_game("dice-of-doom", size=3, seed=5)
    ours = [m.move for m in AIPlayer(AISettings.book()).turn(Tree(pos.game, pos.state))]
    book = [m.move for m in ai_turn(Tree(pos.game, pos.state), depth=4, rater=minimax)]
    assert ours == book and ours


def test_a_budget_stops_a_search_with_its_reason() -> None:
    tree = dice(6, 2)
    budget = Limit(nodes=50).budget(tree)
    with pytest.raises(SearchStopped) as stopped:
        for edge in tree.root.children:
            for grandchild in edge.child.children:
                _ = grandchild.child
            budget.check()
    assert stopped.value.reason == "nodes"
