"""The rater registry and the one search entry: every rater by name, its parameters,
one-line errors, MCTS and the play AI's deepening through ``search``, the CLI spelling."""

from __future__ import annotations

import json
import random
import threading
from collections.abc import Callable
from typing import Any

import pytest

from lazytree.games import load_game
from lazytree.games.dice_of_doom import ChanceDiceOfDoom
from lazytree.search import (
    RATERS,
    Limit,
    RaterError,
    SearchResult,
    alphabeta,
    alphabeta_tt,
    auto,
    deepening,
    expectiminimax,
    make_rater,
    maxn,
    minimax,
    paranoid,
    search,
)
from lazytree.search.mcts import MCTS
from lazytree.search.raters import MCTSRater
from lazytree.tree import Tree
from tests.cli.helpers import run

FUNCTIONS: dict[str, Callable[..., SearchResult[Any]]] = {
    "minimax": minimax,
    "alphabeta": alphabeta,
    "alphabeta-tt": alphabeta_tt,
    "expectiminimax": expectiminimax,
    "paranoid": paranoid,
    "maxn": maxn,
    "auto": auto,
}
"""The rater functions the registry's depth raters point at."""


def tictactoe() -> Tree[Any, Any]:
    pos = load_game("tictactoe")
    return Tree(pos.game, pos.state)


def chance_dice(seed: int = 3) -> Tree[Any, Any]:
    game = ChanceDiceOfDoom(size=2)
    return Tree(game, game.initial_state(random.Random(seed)))


def answer(result: SearchResult[Any]) -> tuple[Any, ...]:
    return (result.value, result.best_moves, result.pv, result.depth, result.rater)


def test_the_registry_lists_every_rater_with_documented_parameters() -> None:
    assert list(RATERS) == [*FUNCTIONS, "deepening", "mcts"]
    for name in RATERS:
        spec = RATERS[name]
        assert spec.summary and all(p.help.endswith(".") for p in spec.params), name
        assert make_rater(name).name == name


@pytest.mark.parametrize("name", list(FUNCTIONS))
@pytest.mark.parametrize("depth", [1, 3])
def test_every_rater_by_name_answers_as_its_function(name: str, depth: int) -> None:
    tree = chance_dice() if name == "expectiminimax" else tictactoe()
    by_name = search(tree.root, Limit(depth=depth), name)
    fresh = chance_dice() if name == "expectiminimax" else tictactoe()
    direct = FUNCTIONS[name](fresh.root, depth)
    assert answer(by_name) == answer(direct)
    assert by_name == direct and by_name.stats == direct.stats


def test_a_rater_function_and_a_depth_work_through_the_entry_too() -> None:
    assert answer(search(tictactoe().root, 2, minimax)) == answer(minimax(tictactoe().root, 2))
    assert search(tictactoe().root, 2).rater == "alphabeta"  # auto, without chance


def test_parameters_reach_the_rater_function() -> None:
    game = load_game("dice-of-doom", size=4, seed=3)
    spelled = search(Tree(game.game, game.state).root, 3, "alphabeta-tt:width=2:quiescence=1")
    direct = alphabeta_tt(Tree(game.game, game.state).root, 3, width=2, quiescence=1)
    assert answer(spelled) == answer(direct) and spelled.stats == direct.stats
    full = alphabeta_tt(Tree(game.game, game.state).root, 3)
    assert spelled.stats.nodes_created < full.stats.nodes_created  # the width did cut
    plain = search(chance_dice().root, 3, "expectiminimax:star1=false")
    assert plain.chance is not None and plain.chance.pruning == "none"
    star = search(chance_dice().root, 3, "expectiminimax")
    assert star.chance is not None and star.chance.pruning == "star1"
    assert plain.value == pytest.approx(star.value)


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("alphazero", "unknown rater 'alphazero' (known: minimax, alphabeta, alphabeta-tt, "),
        ("", "unknown rater '' (known: minimax, "),
        ("minimax:depth=3", "minimax has no parameter 'depth' (parameters: none)"),
        ("alphabeta-tt:width=0", "alphabeta-tt: width must be a whole number >= 1, all or auto"),
        ("alphabeta-tt:width=wide", "alphabeta-tt: width must be a whole number >= 1, all or"),
        ("alphabeta-tt:width=auto", "alphabeta-tt: width must be a whole number >= 1 or all"),
        ("alphabeta-tt:prune=maybe", "alphabeta-tt: prune='maybe' is not true or false"),
        ("alphabeta-tt:width", "'alphabeta-tt:width': parameters are written key=value"),
        ("deepening:width=x", "deepening: width must be a whole number >= 1, all or auto, got 'x'"),
        ("deepening:quiescence=-1", "deepening: quiescence must be a whole number >= 0 or auto"),
        ("deepening:quiescence=none", "deepening: quiescence is a whole number >= 0 or auto"),
        ("mcts:playouts=0", "mcts: playouts must be >= 1, got 0"),
        ("mcts:c=-1", "mcts: c must be >= 0, got -1"),
        ("mcts:cutoff=1.5", "mcts: cutoff='1.5' is not a whole number"),
    ],
)
def test_bad_spellings_are_one_line_errors(text: str, message: str) -> None:
    with pytest.raises(RaterError) as error:
        search(tictactoe().root, 1, text)
    assert str(error.value).startswith(message) and "\n" not in str(error.value)
    assert isinstance(error.value, ValueError)


def test_mcts_through_the_entry_is_the_mcts_search() -> None:
    pos = load_game("dice-of-doom", rules="lisp", size=4, seed=3)
    spelled = search(Tree(pos.game, pos.state).root, Limit(), "mcts:playouts=120:c=1.2:seed=5")
    direct = MCTS(1.2, 8, random.Random(5)).search(Tree(pos.game, pos.state).root, playouts=120)
    assert answer(spelled) == answer(direct) and spelled.mcts == direct.mcts
    assert spelled.mcts is not None and spelled.mcts.playouts == 120
    assert sum(n for _, n in spelled.mcts.visits) == 120
    default = search(tictactoe().root, Limit(nodes=10**6), "mcts")
    assert default.mcts is not None and default.mcts.playouts == 1000  # no clock: 1,000
    assert search(tictactoe().root, Limit(nodes=30), "mcts").stopped == "nodes"


def test_a_made_mcts_rater_keeps_its_statistics_from_move_to_move() -> None:
    pos = load_game("dice-of-doom", rules="lisp", size=4, seed=3)
    tree = Tree(pos.game, pos.state, share=True)
    rater = make_rater("mcts:playouts=300:seed=2")
    assert isinstance(rater, MCTSRater) and rater.visits is not None
    first = search(tree.root, Limit(), rater)
    assert first.best_move is not None
    kept = rater.visits(tree.root.child_for(first.best_move))
    assert kept
    tree.play(first.best_move)
    fresh = search(tree.root, Limit(), "mcts:playouts=10:seed=2")  # a new rater: no memory
    assert fresh.mcts is not None and sum(n for _, n in fresh.mcts.visits) == 10
    again = search(tree.root, Limit(), rater)  # the same rater: what it kept, 300 more
    assert again.mcts is not None
    assert sum(n for _, n in again.mcts.visits) == sum(kept.values()) + 300
    with pytest.raises(ValueError, match="player to move"):
        search(tree.root, Limit(), rater, player=1 - tree.root.player)


def test_the_deepening_rater_under_a_node_limit() -> None:
    pos = load_game("dice-of-doom", size=5, seed=1)
    tree = Tree(pos.game, pos.state, share=True)
    result = search(tree.root, Limit(nodes=2_000), "deepening")
    assert result.rater == "deepening" and result.stopped == "nodes"
    assert result.deepening is not None and result.deepening.searched_by == "alphabeta-tt"
    assert result.depth is not None and result.depth >= 1
    assert result.deepening.interrupted == result.depth + 1
    assert [it.depth for it in result.deepening.iterations] == list(range(1, result.depth + 1))
    assert tree.stats.nodes_created <= 1 + 2_000 + 50  # checked every few nodes
    fresh = Tree(pos.game, pos.state, share=True)
    direct = deepening(fresh.root, Limit(nodes=2_000))
    assert answer(result) == answer(direct) and result.deepening == direct.deepening
    # its parameters are the play AI's: width and quiescence spelled out change nothing here
    moves = len(tree.root.children)
    width = 8 if moves <= 100 else 6
    quiescence = 1 if moves <= 12 else 0
    spelled = search(
        Tree(pos.game, pos.state, share=True).root,
        Limit(nodes=2_000),
        f"deepening:width={width}:quiescence={quiescence}",
    )
    assert answer(spelled) == answer(result)


def test_the_deepening_rater_always_answers_and_reports_progress() -> None:
    stop = threading.Event()
    stop.set()
    pos = load_game("dice-of-doom", size=5, seed=1)
    stopped = search(Tree(pos.game, pos.state).root, Limit(stop=stop), "deepening")
    assert stopped.best_moves and stopped.stopped == "stop"
    assert stopped.deepening is not None and stopped.deepening.iterations[0].fallback
    seen: list[int | None] = []
    search(tictactoe().root, Limit(depth=3), "deepening", progress=lambda r: seen.append(r.depth))
    assert seen == [1, 2, 3]
    once: list[str] = []
    search(tictactoe().root, Limit(depth=2), "minimax", progress=lambda r: once.append(r.rater))
    assert once == ["minimax"]


def test_analyse_takes_the_same_spelling() -> None:
    width = run("analyse", "dice-of-doom", "--size", "3", "--seed", "2", "--depth", "3",
                "--rater", "alphabeta-tt:width=4", "--json")  # fmt: skip
    assert width.code == 0, width.err
    data = json.loads(width.out)
    assert data["rater"] == "alphabeta-tt" and data["depth"] == 3
    pos = load_game("dice-of-doom", size=3, seed=2)
    direct = alphabeta_tt(Tree(pos.game, pos.state).root, 3, width=4)
    assert data["value"] == direct.value
    assert data["best_moves"] == [pos.game.move_to_str(pos.state, m) for m in direct.best_moves]
    uct = run("analyse", "tictactoe", "--rater", "mcts:playouts=50", "--json")
    assert uct.code == 0, uct.err
    mcts = json.loads(uct.out)
    assert mcts["rater"] == "mcts" and mcts["playouts"] == 50
    assert sum(mcts["visits"].values()) == 50 and not mcts["partial"]
    bad = run("analyse", "tictactoe", "--rater", "alphabeta-tt:width=0")
    assert bad.code == 2
    assert bad.error_line() == (
        "error: alphabeta-tt: width must be a whole number >= 1, all or auto, got '0'"
    )
