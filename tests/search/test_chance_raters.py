"""expectiminimax (Star1 and plain), paranoid, max^n and auto on hand-built and random trees."""

from __future__ import annotations

import math
import random
from collections.abc import Iterator, Sequence
from typing import Any

import pytest

from lazytree.game import CHANCE, IllegalMoveError, Player
from lazytree.games import load_game
from lazytree.games.dice_of_doom import ChanceDiceOfDoom, DiceMove
from lazytree.games.tree_game import ChanceTreeGame, TreeGame
from lazytree.search import RATERS, alphabeta, expectiminimax, get_rater, maxn, minimax, paranoid
from lazytree.search.result import ChancePruning
from lazytree.tree import Tree

# -- expectiminimax on hand-built chance trees ------------------------------------------

# Max at the root, a chance node below each move, min nodes below the outcomes.
#   move 0: 0.9 * min(2, 3) + 0.1 * min(4, 1) = 1.8 + 0.1 = 1.9
#   move 1: 0.5 * min(5, 0) + 0.5 * min(6, 8) = 0 + 3 = 3
TREE_A = [
    {"chance": [[0.9, [2, 3]], [0.1, [4, 1]]]},
    {"chance": [[0.5, [5, 0]], [0.5, [6, 8]]]},
]
# Same shape; move 1 is worth 0.8 * min(0, 7) + 0.2 * min(3, 8) = 0.6 < 1.9. Once its
# first outcome (probability 0.8) is worth 0, the rest can add at most 0.2 * 8 = 1.6, so
# Star1 with bounds [0, 8] proves move 1 worse than 1.9 without looking at [3, 8].
TREE_B = [
    {"chance": [[0.9, [2, 3]], [0.1, [4, 1]]]},
    {"chance": [[0.8, [0, 7]], [0.2, [3, 8]]]},
]


def test_expectiminimax_hand_tree() -> None:
    tree = Tree(ChanceTreeGame(TREE_A))
    r = expectiminimax(tree.root, depth=3, bounds=(0, 8))
    assert r.value == pytest.approx(3.0)
    assert r.best_moves == (1,)
    assert r.pv == (1, 0, 1)  # through the first outcome, where min picks the 0
    assert dict(r.move_values)[0] == pytest.approx(1.9)
    plain = expectiminimax(Tree(ChanceTreeGame(TREE_A)).root, depth=3, star1=False)
    assert plain.value == pytest.approx(3.0) and plain.chance == ChancePruning("none")


def test_star1_cuts_where_plain_expectimax_cannot() -> None:
    star = expectiminimax(Tree(ChanceTreeGame(TREE_B)).root, depth=3, bounds=(0, 8))
    plain = expectiminimax(Tree(ChanceTreeGame(TREE_B)).root, depth=3, star1=False)
    assert star.value == plain.value == pytest.approx(1.9)
    assert star.best_moves == plain.best_moves == (0,)
    assert plain.stats.evaluations == 8
    assert star.stats.evaluations == 5  # move 0's four leaves, then the 0 under move 1
    # without bounds= the game's own evaluation_bounds (its leaf values and 0) are used
    own = expectiminimax(Tree(ChanceTreeGame(TREE_B)).root, depth=3)
    assert own.chance == ChancePruning("star1", (0.0, 8.0)) and own.stats.evaluations == 5


def test_expectiminimax_chance_root() -> None:
    game = ChanceTreeGame([{"chance": [[0.25, 4], [0.75, [8, 0]]]}])
    tree = Tree(game)
    chance_node = tree.root.children[0].child
    assert chance_node.player == CHANCE
    r = expectiminimax(chance_node, depth=2, player=0)
    # 0.25 * 4 + 0.75 * min(8, 0) (player 1 moves below the chance node) = 1
    assert r.value == pytest.approx(1.0)
    assert r.best_moves == ()
    with pytest.raises(ValueError, match="chance node"):
        expectiminimax(chance_node, depth=2)


def test_expectiminimax_without_chance_is_alphabeta() -> None:
    spec = [[3, 12, 8], [2, 4, 6], [14, 5, 2]]
    r = expectiminimax(Tree(TreeGame(spec)).root, depth=2)
    a = alphabeta(Tree(TreeGame(spec)).root, depth=2)
    assert (r.value, r.best_moves, r.pv) == (a.value, a.best_moves, a.pv)
    assert r.stats.evaluations == a.stats.evaluations


def test_expectiminimax_checks_bounds() -> None:
    with pytest.raises(ValueError, match="outside the bounds"):
        expectiminimax(Tree(ChanceTreeGame(TREE_A)).root, depth=3, bounds=(0, 5))
    with pytest.raises(ValueError, match="empty"):
        expectiminimax(Tree(ChanceTreeGame(TREE_A)).root, depth=3, bounds=(5, 0))


def test_alphabeta_and_paranoid_refuse_chance_nodes() -> None:
    for rater in (alphabeta, paranoid):
        with pytest.raises(ValueError, match="chance"):
            rater(Tree(ChanceTreeGame(TREE_A)).root, depth=3)


# -- Star1 against plain expectimax on random trees -------------------------------------


def random_chance_tree(rng: random.Random, depth: int) -> Any:
    """Leaves 0..10; chance nodes with probabilities in eighths, so float sums are exact."""
    if depth == 0 or rng.random() < 0.15:
        return rng.randint(0, 10)
    width = rng.randint(1, 3)
    children = [random_chance_tree(rng, depth - 1) for _ in range(width)]
    if rng.random() < 0.4:
        cuts = sorted(rng.sample(range(1, 8), width - 1))
        eighths = [b - a for a, b in zip([0, *cuts], [*cuts, 8], strict=True)]
        return {"chance": [[e / 8, c] for e, c in zip(eighths, children, strict=True)]}
    return children


def test_star1_equals_plain_expectimax_on_random_trees() -> None:
    rng = random.Random(2024)
    star_evals = plain_evals = 0
    for _ in range(300):
        spec = random_chance_tree(rng, 6)
        if not isinstance(spec, list):
            continue
        depth = rng.randint(1, 6)
        star = expectiminimax(Tree(ChanceTreeGame(spec)).root, depth, bounds=(0, 10))
        plain = expectiminimax(Tree(ChanceTreeGame(spec)).root, depth, star1=False)
        reference = minimax(Tree(ChanceTreeGame(spec)).root, depth)
        assert star.value == plain.value == reference.value
        assert star.best_moves == plain.best_moves == reference.best_moves
        star_evals += star.stats.evaluations
        plain_evals += plain.stats.evaluations
    assert star_evals < plain_evals


@pytest.mark.parametrize("players", [2, 3])
def test_star1_equals_plain_expectimax_on_dice_positions(players: int) -> None:
    rng = random.Random(7 + players)
    star_nodes = plain_nodes = 0
    for i in range(12):
        game = ChanceDiceOfDoom(size=rng.choice([2, 3]), players=players, max_dice=4)
        state = game.initial_state(random.Random(i))
        for _ in range(rng.randint(0, 6)):  # wander a little into the game
            if game.is_terminal(state):
                break
            move: DiceMove
            if game.to_move(state) == CHANCE:
                move = game.roll_outcome(state, rng)[0]
            else:
                move = rng.choice(list(game.legal_moves(state)))
            state = game.result(state, move)
        if game.to_move(state) == CHANCE:
            state = game.result(state, game.roll_outcome(state, rng)[0])
        depth = rng.randint(2, 4)
        star = expectiminimax(Tree(game, state).root, depth)
        assert (
            star.chance is not None and star.chance.pruning == "star1"
        )  # the game supplies [0, 1]
        plain = minimax(Tree(game, state).root, depth)
        assert math.isclose(star.value, plain.value, rel_tol=1e-9, abs_tol=1e-12)
        if plain.best_moves:
            assert star.best_moves[0] in plain.best_moves
        star_nodes += star.stats.nodes_created
        plain_nodes += plain.stats.nodes_created
    assert star_nodes < plain_nodes


# -- paranoid and max^n on a 3-player tree ------------------------------------------------


class VectorTree:
    """A 3-player game over a hand-built tree.

    An inner node is ``(player, [children])`` (``player`` -1 for chance, then the
    children are ``(probability, subtree)`` pairs); a leaf is a tuple of three scores.
    """

    name = "vector-tree"
    num_players = 3

    def __init__(self, spec: Any) -> None:
        self.spec = spec

    def _node(self, path: tuple[int, ...]) -> Any:
        node = self.spec
        for i in path:
            child = node[1][i]
            node = child[1] if node[0] == CHANCE else child
        return node

    def _leaf(self, node: Any) -> bool:
        return not isinstance(node[1], list)

    def initial_state(self, rng: random.Random | None = None) -> tuple[int, ...]:
        return ()

    def to_move(self, state: tuple[int, ...]) -> Player:
        node = self._node(state)
        return 0 if self._leaf(node) else int(node[0])

    def legal_moves(self, state: tuple[int, ...]) -> Iterator[int]:
        node = self._node(state)
        if not self._leaf(node):
            yield from range(len(node[1]))

    def result(self, state: tuple[int, ...], move: int) -> tuple[int, ...]:
        if move not in range(len(self._node(state)[1])):
            raise IllegalMoveError(str(move))
        return (*state, move)

    def is_terminal(self, state: tuple[int, ...]) -> bool:
        return self._leaf(self._node(state))

    def returns(self, state: tuple[int, ...]) -> Sequence[float]:
        node = self._node(state)
        return tuple(float(v) for v in node) if self._leaf(node) else (0.0, 0.0, 0.0)

    def evaluate(self, state: tuple[int, ...], player: Player) -> float:
        return self.returns(state)[player]

    def outcome_probability(self, state: tuple[int, ...], move: int) -> float:
        return float(self._node(state)[1][move][0])

    def move_to_str(self, state: tuple[int, ...], move: int) -> str:
        return str(move)

    def parse_move(self, state: tuple[int, ...], text: str) -> int:
        return int(text)

    def render(self, state: tuple[int, ...]) -> str:
        return str(state)


# Player 0 at the root, player 1 below, player 2 above the leaves.
THREE = (
    0,
    [
        (1, [(2, [(1, 4, 6), (7, 2, 3)]), (2, [(6, 5, 1), (2, 1, 2)])]),
        (1, [(2, [(5, 5, 5), (3, 6, 4)]), (2, [(8, 2, 7), (4, 3, 7)])]),
    ],
)


def test_maxn_hand_tree() -> None:
    # Player 2 picks its best leaf: (1,4,6), (2,1,2), (5,5,5), (8,2,7) (a 7-7 tie: the
    # first). Player 1 then: 4 > 1 -> (1,4,6); 5 > 2 -> (5,5,5). Player 0: 1 < 5 -> move 1.
    r = maxn(Tree(VectorTree(THREE)).root, depth=3)
    assert r.vector == (5.0, 5.0, 5.0)
    assert r.value == 5.0 and r.best_moves == (1,) and r.pv == (1, 0, 0)
    assert dict(r.move_vectors) == {0: (1.0, 4.0, 6.0), 1: (5.0, 5.0, 5.0)}
    assert r.stats.evaluations == 8 * 3  # every leaf, once per player
    as_player_1 = maxn(Tree(VectorTree(THREE)).root, depth=3, player=1)
    assert as_player_1.value == 5.0 and as_player_1.vector == (5.0, 5.0, 5.0)


def test_maxn_breaks_ties_by_the_first_move() -> None:
    tie = (2, [(8, 2, 7), (4, 3, 7)])
    r = maxn(Tree(VectorTree(tie)).root, depth=1, player=0)
    assert r.vector == (8.0, 2.0, 7.0) and r.value == 8.0
    assert r.best_moves == (0, 1)  # both tie for player 2; the first is played


def test_paranoid_hand_tree() -> None:
    # Everybody else minimises player 0: player 2 nodes give 1, 2, 3, 4; player 1 nodes
    # min(1, 2) = 1 and min(3, 4) = 3; player 0 takes move 1 worth 3.
    r = paranoid(Tree(VectorTree(THREE)).root, depth=3)
    assert r.rater == "paranoid"
    assert r.value == 3.0 and r.best_moves == (1,) and r.pv == (1, 0, 1)
    assert minimax(Tree(VectorTree(THREE)).root, depth=3).value == 3.0
    # From player 1's side: player 2 gives min(4,2)=2, min(5,1)=1, min(5,6)=5,
    # min(2,3)=2; player 1 maximises: 2 and 5; player 0 minimises: 2 by move 0.
    r1 = paranoid(Tree(VectorTree(THREE)).root, depth=3, player=1)
    assert r1.value == 2.0 and r1.best_moves == (0,)


def test_maxn_expected_vector_at_chance_nodes() -> None:
    spec = (0, [(CHANCE, [(0.25, (4, 0, 8)), (0.75, (0, 4, 0))]), (1, [(1, 1, 1), (3, 0, 0)])])
    r = maxn(Tree(VectorTree(spec)).root, depth=2)
    # move 0: (1, 3, 2); move 1: player 1 takes (1,1,1); player 0: 1 == 1, first move
    assert dict(r.move_vectors)[0] == (1.0, 3.0, 2.0)
    assert r.best_moves == (0, 1) and r.vector == (1.0, 3.0, 2.0)


def test_maxn_checks_its_input() -> None:
    with pytest.raises(ValueError):
        maxn(Tree(VectorTree(THREE)).root, depth=2, player=3)
    with pytest.raises(ValueError):
        maxn(Tree(VectorTree(THREE)).root, depth=-1)


# -- registry and auto --------------------------------------------------------------------


def test_raters_registered_and_auto_picks() -> None:
    for name in ("expectiminimax", "paranoid", "maxn", "auto"):
        assert get_rater(name).name == RATERS[name].name == name
    auto = get_rater("auto")
    chance = load_game("dice-of-doom", rules="chance", seed=4)
    assert auto(Tree(chance.game, chance.state).root, 2).rater == "expectiminimax"
    racket = load_game("dice-of-doom", seed=4)
    assert auto(Tree(racket.game, racket.state).root, 2).rater == "alphabeta"


@pytest.mark.parametrize("rater", ["auto", "maxn", "expectiminimax"])
def test_three_player_chance_game_with_ai(rater: str) -> None:
    from lazytree.ai import ai_turn

    position = load_game("dice-of-doom", rules="chance", players=3, size=3, seed=8)
    game = position.game
    assert isinstance(game, ChanceDiceOfDoom)
    tree: Tree[Any, Any] = Tree(game, position.state)
    rng = random.Random(3)
    for _ in range(400):
        if game.is_terminal(tree.root.state):
            break
        if tree.root.player == CHANCE:
            tree.play(game.roll_outcome(tree.root.state, rng)[0])
        else:
            made = list(ai_turn(tree, depth=2, rater=get_rater(rater)))
            assert made
    assert game.is_terminal(tree.root.state)
