"""Every rater takes a Limit; iterative deepening wraps any rater, chance games included."""

from __future__ import annotations

import json
import math
import random
import shlex
import threading
import time
from typing import Any

import pytest

from lazytree.agents import make_agent
from lazytree.games import load_game
from lazytree.games.dice_of_doom import ChanceDiceOfDoom
from lazytree.search import (
    RATERS,
    Limit,
    SearchStopped,
    alphabeta_tt,
    expectiminimax,
    get_rater,
    iterative_deepening,
    paranoid,
    search,
)
from lazytree.tree import Tree
from tests.helpers import cli

DETERMINISTIC = ["minimax", "alphabeta", "alphabeta-tt", "paranoid", "maxn", "auto"]
CHANCE_RATERS = ["minimax", "expectiminimax", "alphabeta-tt", "maxn", "auto"]


def tictactoe() -> Tree[object, object]:
    pos = load_game("tictactoe")
    return Tree(pos.game, pos.state)


def chance_dice(seed: int = 3) -> Tree[Any, Any]:
    game = ChanceDiceOfDoom(size=3, max_dice=3)
    return Tree(game, game.initial_state(random.Random(seed)))


def same(a: object, b: object) -> bool:
    keys = ("value", "best_moves", "pv", "depth", "move_values")
    return all(getattr(a, k) == getattr(b, k) for k in keys)


@pytest.mark.parametrize("name", DETERMINISTIC)
def test_a_depth_limit_is_the_same_as_a_depth(name: str) -> None:
    rate = get_rater(name)
    assert same(rate(tictactoe().root, Limit(depth=3)), rate(tictactoe().root, 3))


@pytest.mark.parametrize("name", CHANCE_RATERS)
def test_chance_raters_take_a_limit_too(name: str) -> None:
    rate = get_rater(name)
    assert same(rate(chance_dice().root, Limit(depth=3)), rate(chance_dice().root, 3))


TO_A_DEPTH = sorted(n for n in RATERS if not get_rater(n).anytime)
"""The raters that raise SearchStopped (deepening and mcts answer with what they have)."""


@pytest.mark.parametrize("name", TO_A_DEPTH)
def test_a_node_budget_stops_every_rater_mid_search(name: str) -> None:
    tree = chance_dice() if name == "expectiminimax" else tictactoe()
    with pytest.raises(SearchStopped) as stopped:
        get_rater(name)(tree.root, Limit(nodes=40))  # to the end of the game: > 40 nodes
    assert stopped.value.reason == "nodes"
    assert tree.stats.nodes_created <= 1 + 40 + 8  # checked every few nodes


@pytest.mark.parametrize("name", TO_A_DEPTH)
def test_a_set_stop_event_stops_every_rater(name: str) -> None:
    stop = threading.Event()
    stop.set()
    tree = chance_dice() if name == "expectiminimax" else tictactoe()
    with pytest.raises(SearchStopped) as stopped:
        get_rater(name)(tree.root, Limit(depth=4, stop=stop))
    assert stopped.value.reason == "stop"


def test_a_cpu_clock_does_not_count_time_spent_waiting() -> None:
    tree = Tree(load_game("tictactoe").game)
    wall = Limit(seconds=0.02).budget(tree)
    cpu = Limit(seconds=0.02, clock="cpu").budget(tree)
    time.sleep(0.1)  # no CPU spent by this thread
    with pytest.raises(SearchStopped, match="time budget"):
        wall.check()
    cpu.check()
    assert cpu.elapsed < 0.02 <= wall.elapsed
    with pytest.raises(ValueError, match="clock must be 'wall' or 'cpu'"):
        Limit(seconds=1, clock="sun")  # type: ignore[arg-type]


@pytest.mark.parametrize(("clock", "deeper"), [("wall", False), ("cpu", True)])
def test_the_ai_clock_is_passed_to_its_search(clock: Any, deeper: bool) -> None:
    def wait(_: Any) -> None:
        time.sleep(0.1)  # after each depth: wall time passes, CPU time does not

    ai = make_agent(f"default:time=0.05:clock={clock}")
    game, state = load_game("tictactoe")
    ai.start(game, state, 0)
    result = ai.choose(progress=wait).search
    assert result is not None and result.deepening is not None
    assert (len(result.deepening.iterations) > 1) is deeper
    with pytest.raises(ValueError, match="clock must be"):
        make_agent("default:clock=moon")


def test_a_depth_is_checked_like_a_limit() -> None:
    with pytest.raises(ValueError, match="depth must be >= 0"):
        get_rater("alphabeta")(tictactoe().root, -1)
    with pytest.raises(TypeError, match="depth must be an int"):
        get_rater("minimax")(tictactoe().root, 2.5)  # type: ignore[arg-type]


def test_paranoid_takes_only_what_it_uses() -> None:
    r = paranoid(tictactoe().root, Limit(depth=2), player=0)
    assert r.rater == "paranoid" and r.depth == 2
    with pytest.raises(TypeError):
        paranoid(tictactoe().root, 2, width=3)  # type: ignore[call-arg]


@pytest.mark.parametrize("name", DETERMINISTIC)
def test_deepening_any_rater_ends_at_the_rater_at_that_depth(name: str) -> None:
    deepened = iterative_deepening(tictactoe().root, Limit(depth=3), rater=name)
    direct = get_rater(name)(tictactoe().root, 3)
    assert (deepened.value, deepened.best_moves, deepened.depth) == (
        direct.value,
        direct.best_moves,
        3,
    )
    assert deepened.deepening is not None
    assert deepened.deepening.searched_by == direct.rater
    assert [it.depth for it in deepened.deepening.iterations] == [1, 2, 3]


def test_deepening_stops_once_the_game_is_solved() -> None:
    r = iterative_deepening(tictactoe().root, Limit(depth=20), rater="alphabeta")
    assert r.depth == 9 and r.complete and r.value == 0.0


def test_deepening_a_chance_game_keeps_the_last_completed_depth() -> None:
    tree = chance_dice(5)
    r = iterative_deepening(tree.root, Limit(nodes=3_000), rater=expectiminimax)
    assert r.depth is not None and r.depth >= 2
    assert r.deepening is not None
    assert r.stopped == "nodes" and r.deepening.interrupted == r.depth + 1
    fresh = expectiminimax(chance_dice(5).root, r.depth)
    assert (r.value, r.best_moves) == (fresh.value, fresh.best_moves)


def test_the_engine_rates_chance_nodes_as_expectiminimax() -> None:
    for seed in range(6):
        for depth in (1, 2, 3, 4):
            ours = alphabeta_tt(chance_dice(seed).root, depth)
            ref = expectiminimax(chance_dice(seed).root, depth, star1=False)
            assert math.isclose(ours.value, ref.value, rel_tol=1e-9, abs_tol=1e-12)
            assert ours.best_moves[0] in ref.best_moves


def test_the_clocked_ai_deepens_in_a_chance_game() -> None:
    pos = load_game("dice-of-doom", rules="chance", size=4, seed=2)
    tree = Tree(pos.game, pos.state, share=True)
    result = search(tree.root, Limit(seconds=60, nodes=4_000), "deepening")
    assert result.stopped == "nodes"
    assert result.depth is not None and result.depth >= 3
    assert result.best_moves


def test_analyse_time_honours_the_rater() -> None:
    out = cli(shlex.split("analyse tictactoe --time 30 --depth 3 --rater minimax --json"))
    assert out.exit_code == 0, out.output
    doc = json.loads(out.stdout)
    assert (doc["rater"], doc["deepened"], doc["depth"]) == ("deepening", "minimax", 3)
    chance = cli(
        shlex.split("analyse dice-of-doom --rules chance --size 3 --time 30 --depth 2 --json")
    )
    assert chance.exit_code == 0, chance.output
    assert json.loads(chance.stdout)["depth"] == 2
