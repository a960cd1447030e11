"""The play AI (the ``default`` agent): settings, clock, cap, stop event, progress; ai_turn."""

from __future__ import annotations

import threading
from collections.abc import Callable

import pytest

from lazytree.agents import AgentError, make_agent
from lazytree.ai import ai_turn
from lazytree.games import load_game
from lazytree.search import Limit, SearchResult, SearchStopped, minimax
from lazytree.tree import Tree


def dice(size: int = 4, seed: int = 3) -> Tree[object, object]:
    pos = load_game("dice-of-doom", size=size, seed=seed)
    return Tree(pos.game, pos.state, share=True)


def ai_search(
    text: str,
    size: int = 5,
    seed: int = 1,
    stop: threading.Event | None = None,
    progress: Callable[[SearchResult[object]], None] | None = None,
) -> SearchResult[object]:
    """The search behind the first move of agent ``text`` on a Dice of Doom board."""
    pos = load_game("dice-of-doom", size=size, seed=seed)
    agent = make_agent(text)
    agent.start(pos.game, pos.state, 0)
    choice = agent.choose(stop=stop, progress=progress)
    assert choice.search is not None
    return choice.search


def test_settings_are_validated() -> None:
    with pytest.raises(AgentError, match="give a node budget"):
        make_agent("default:time=none")
    with pytest.raises(AgentError, match="seconds"):
        make_agent("default:time=nan")
    with pytest.raises(AgentError, match="unknown rater"):
        make_agent("default:time=none:rater=nope")
    with pytest.raises(AgentError, match="width"):
        make_agent("default:width=0")
    with pytest.raises(AgentError, match="quiescence"):
        make_agent("default:quiescence=-1")
    with pytest.raises(AgentError, match="depth"):
        make_agent("default:depth=0")


def test_the_clock_is_used_beyond_the_old_depth_cap() -> None:
    # a node budget instead of a clock keeps the test deterministic: without a depth cap
    # the AI deepens past depth 4 until the budget stops it
    result = ai_search("default:time=60:nodes=20000")
    assert result.depth is not None and result.depth > 4
    assert result.stopped == "nodes"


def test_depth_cap_is_respected() -> None:
    result = ai_search("default:time=60:depth=2")
    assert result.depth == 2
    assert result.deepening is not None
    assert [it.depth for it in result.deepening.iterations] == [1, 2]


def test_a_set_stop_event_answers_with_the_first_ply() -> None:
    stop = threading.Event()
    stop.set()
    result = ai_search("default:time=60", stop=stop)
    assert result.best_moves  # always an answer
    assert result.stopped == "stop" and result.deepening is not None
    assert result.deepening.iterations[0].fallback is True


def test_progress_reports_every_completed_depth() -> None:
    seen: list[int | None] = []
    ai_search("default:time=60:depth=3", 4, 3, progress=lambda r: seen.append(r.depth))
    assert seen == [1, 2, 3]


def test_ai_turn_by_name_is_the_rater_function() -> None:
    pos = load_game("dice-of-doom", size=3, seed=5)
    ours = [m.move for m in ai_turn(Tree(pos.game, pos.state), depth=4, rater="minimax")]
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
