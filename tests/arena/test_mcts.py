"""UCT on the lazy tree: laziness, chance, statistics, limits, reuse and sharing."""

from __future__ import annotations

import random
import threading

import pytest

from lazytree.games import load_game
from lazytree.games.dice_of_doom import ChanceDiceOfDoom, Outcome
from lazytree.games.tree_game import TreeGame
from lazytree.search import Limit
from lazytree.search.mcts import MCTS, mcts
from lazytree.tree import Tree


def test_finds_the_minimax_move_of_a_small_tree() -> None:
    # values: move 0 -> min(3, 12, 8) = 3, move 1 -> 2, move 2 -> 2
    tree = Tree(TreeGame([[3, 12, 8], [2, 4, 6], [14, 5, 2]]))
    result = mcts(tree.root, playouts=500, c=0.3, rng=random.Random(3))
    assert result.best_moves == (0,)
    assert result.rater == "mcts"
    assert result.pv[0] == 0 and len(result.pv) == 2
    assert result.mcts is not None
    visits = dict(result.mcts.visits)
    assert sum(visits.values()) == 500 and visits[0] == max(visits.values())


def test_each_iteration_pulls_at_most_one_new_move() -> None:
    pos = load_game("dice-of-doom", rules="lisp", size=5, seed=2)
    tree = Tree(pos.game, pos.state)
    root = tree.root
    searcher = MCTS(rng=random.Random(1))
    for k in range(1, 4):
        before = tree.stats.moves_generated
        searcher.iterate(root)
        assert tree.stats.moves_generated - before <= 1
        assert len(root.generated_edges) == k  # the other moves stay ungenerated
    assert not root.fully_generated


def test_chance_outcomes_are_visited_in_their_exact_proportions() -> None:
    game = ChanceDiceOfDoom(size=2)
    state = game.parse_board("0:3 1:2 1:1 0:1")
    tree = Tree(game, state)
    searcher = MCTS(rng=random.Random(5))
    searcher.search(tree.root, playouts=400)
    for edge in tree.root.generated_edges:
        chance = edge.peek()
        if chance is None:
            continue
        visits = searcher.edge_visits(chance)
        total = sum(visits.values())
        if total < 50:
            continue
        p_win = float(game.outcome_fraction(chance.state, Outcome.WIN))
        assert abs(visits.get(Outcome.WIN, 0) - p_win * total) <= 1 + 1e-9


def test_limits_stop_it() -> None:
    pos = load_game("dice-of-doom", rules="lisp", size=5, seed=2)
    tree = Tree(pos.game, pos.state)
    result = mcts(tree.root, Limit(nodes=50), rng=random.Random(1))
    assert result.stopped == "nodes"
    assert 50 <= result.stats.nodes_created <= 52
    stop = threading.Event()
    stop.set()
    stopped = mcts(Tree(pos.game, pos.state).root, Limit(stop=stop))
    assert stopped.stopped == "stop" and stopped.mcts is not None and stopped.mcts.playouts == 0
    with pytest.raises(ValueError, match="needs a limit"):
        mcts(tree.root)


def test_the_same_seed_gives_the_same_search() -> None:
    pos = load_game("dice-of-doom", rules="chance", size=3, seed=4, eval="heuristic")

    def run(seed: int) -> tuple[object, ...]:
        r = mcts(Tree(pos.game, pos.state).root, playouts=150, rng=random.Random(seed))
        return (r.best_moves, r.pv, r.value, r.mcts)

    assert run(1) == run(1)
    assert run(1) != run(2)


def test_statistics_below_the_played_move_are_reused() -> None:
    pos = load_game("dice-of-doom", rules="lisp", size=4, seed=3)
    tree = Tree(pos.game, pos.state, share=True)
    searcher = MCTS(rng=random.Random(2))
    result = searcher.search(tree.root, playouts=300)
    move = result.best_moves[0]
    kept = searcher.edge_visits(tree.root.child_for(move))
    tree.play(move)
    assert kept and searcher.edge_visits(tree.root) == kept
    again = searcher.search(tree.root, playouts=10)
    assert again.mcts is not None
    assert sum(n for _, n in again.mcts.visits) == sum(kept.values()) + 10


def test_shared_positions_share_statistics() -> None:
    # X 0, O 4, X 1 and X 1, O 4, X 0 reach one position: on a shared tree one node,
    # whose statistics both lines feed
    pos = load_game("tictactoe")
    tree = Tree(pos.game, pos.state, share=True)
    searcher = MCTS(rng=random.Random(4))
    searcher.search(tree.root, playouts=4000)
    root = tree.root
    one = root.child_for(0).child_for(4)
    other = root.child_for(1).child_for(4)
    shared = one.child_for(1)
    assert other.child_for(0) is shared
    through_one = searcher.edge_visits(one).get(1, 0)
    through_other = searcher.edge_visits(other).get(0, 0)
    assert through_one > 0 and through_other > 0
    # every visit of the shared node went on below it (or ended the playout there)
    below = sum(searcher.edge_visits(shared).values())
    assert through_one + through_other - 2 <= below <= through_one + through_other


def test_its_tree_exports_like_any_search() -> None:
    from lazytree.export import to_graphviz, to_networkx

    tree = Tree(TreeGame([[3, 12, 8], [2, 4, 6], [14, 5, 2]]))
    result = mcts(tree.root, playouts=40, rng=random.Random(2))
    before = tree.stats.snapshot()
    graph = to_networkx(tree, result=result)
    assert tree.stats.snapshot() == before  # exporting forces nothing
    assert graph.number_of_nodes() >= tree.stats.nodes_created
    assert graph.graph["pv"].split()[0] == str(result.pv[0])
    assert "digraph" in str(to_graphviz(tree, result=result).source)
