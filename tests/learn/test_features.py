"""The heuristic's features, each counted on a small hand-made board, and the value they make."""

from __future__ import annotations

import json
import math
from pathlib import Path

import pytest

from lazytree.games.dice_of_doom import DiceOfDoom, LispDiceOfDoom
from lazytree.games.dice_of_doom.evaluation import (
    HeuristicEvaluation,
    HeuristicWeights,
    heuristic_features,
)
from lazytree.weights import WeightsError, load_weights, with_weights

# Land of Lisp's 3x3 rhombus; territory: neighbours
#   0: 3 1 4      1: 4 0 2 5    2: 5 1        3: 0 6 4 7    4: 1 7 0 3 5 8
#   5: 2 8 1 4    6: 3 7        7: 4 3 6 8    8: 5 4 7
BOARD = "0:3 1:1 0:2 1:2 0:1 1:3 0:3 0:3 1:1"
# A (0) owns 0 6 7 (3 dice, each beside an enemy: full frontier), 2 and 4 (outdiced by 5);
# B (1) owns 5 (3 dice, beside A: full frontier), 1 3 8 (outdiced by A's threes).
# A's largest group is 0-4-7-6, B's 1-5-8.


def test_each_feature_is_counted_on_a_hand_made_board() -> None:
    game = LispDiceOfDoom(size=3)
    # rows: safe, threatened, die, group, full_front, tempo, reinforcements
    start = game.parse_board(BOARD)  # A to move, no attack made yet: no pass, nothing pending
    assert heuristic_features(game, start) == [
        [3.0, 2.0, 12.0, 4.0, 3.0, 1.0, 0.0],
        [1.0, 3.0, 7.0, 3.0, 1.0, 0.0, 0.0],
    ]
    # mid-turn, 4 dice captured: a pass would hand out 3, but A has only 2 territories
    # below 3 dice (2 and 4), and the book's walk gives each at most one die
    mid = start._replace(first_move=False, captured=4)
    assert heuristic_features(game, mid)[0][5:] == [1.0, 2.0]
    assert heuristic_features(game, mid._replace(captured=2))[0][5:] == [1.0, 1.0]
    # B to move: the tempo is B's
    assert [row[5] for row in heuristic_features(game, start._replace(player=1))] == [0.0, 1.0]


def test_the_racket_rules_pending_dice_are_the_shared_pool() -> None:
    game = DiceOfDoom(size=2, spare_dice=1)
    state = game.parse_board("0:3 1:1 0:1 1:2")._replace(first_move=False)
    assert game.reinforcements(state) == 1
    assert heuristic_features(game, state)[0][6] == 1.0  # 2 own territories below 3, pool 1


def test_the_value_is_the_squashed_dot_product_with_every_weight() -> None:
    w = HeuristicWeights(2.0, -1.5, 3.0, -0.2, 0.8, 10.0, 9.0, 6.0)
    game = LispDiceOfDoom(size=3, eval=HeuristicEvaluation(w))
    mid = game.parse_board(BOARD)._replace(first_move=False, captured=4)
    rows = heuristic_features(game, mid)
    score = [sum(getattr(w, f) * v for f, v in zip(w.FEATURES, row, strict=True)) for row in rows]
    a, b = 2 * 3 - 1.5 * 2 + 36 - 0.8 + 30 + 9 + 12, 2 - 4.5 + 21 - 0.6 + 10
    assert score == pytest.approx([a, b])
    for player, lead in ((0, score[0] - score[1]), (1, score[1] - score[0])):
        want = 0.5 + 0.49 * math.tanh(0.8 * lead / 9)
        assert game.evaluate(mid, player) == pytest.approx(want)
        assert game.evaluate(mid, player) == pytest.approx(want)  # the remembered board


def test_a_version_1_file_loads_as_the_four_feature_heuristic(tmp_path: Path) -> None:
    game = LispDiceOfDoom(size=3)
    old = {"safe": 2.0, "threatened": 1.0, "die": 0.25, "group": 0.5, "squash": 3.0}
    path = tmp_path / "v1.json"
    doc = {"format": "lazytree-weights", "version": 1, "game": "dice-of-doom"}
    path.write_text(json.dumps({**doc, "evaluation": "heuristic", "weights": old}))
    loaded = load_weights(path, game)
    assert loaded == {**old, "full_front": 0.0, "tempo": 0.0, "reinforcements": 0.0}
    rated = with_weights(game, loaded)
    state = game.parse_board(BOARD)
    # the four-feature value, by hand: A 2*3 + 1*2 + 0.25*12 + 0.5*4 = 13, B 2 + 3 + 1.75 + 1.5
    assert rated.evaluate(state, 0) == pytest.approx(0.5 + 0.49 * math.tanh(3 * 4.75 / 9))
    path.write_text(json.dumps({**doc, "version": 3, "evaluation": "heuristic", "weights": {}}))
    with pytest.raises(WeightsError, match="weights format version 3 is unknown"):
        load_weights(path, game)
