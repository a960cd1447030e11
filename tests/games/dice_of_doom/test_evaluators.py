"""Dice of Doom evaluators: injected into the rules, computed once per board, unchanged."""

from __future__ import annotations

import ast
import math
import pickle
import random
from pathlib import Path
from typing import Any

from lazytree.games.dice_of_doom import ChanceDiceOfDoom, DiceOfDoom, DiceState
from lazytree.games.dice_of_doom import evaluation as ev
from lazytree.games.dice_of_doom.board import largest_groups

HAND = ev.HAND_WEIGHTS
"""The first, hand-set weights (four features), which :func:`reference_heuristic` spells out."""


def reference_heuristic(game: DiceOfDoom, state: DiceState, player: int) -> float:
    """The heuristic as first written (hand-set weights): territory by territory, a
    separate flood fill per player (the yardstick the faster evaluator must equal exactly)."""
    if game.is_terminal(state):
        return game.returns(state)[player]
    owners, dice = state.owners, state.dice
    score = [0.0] * game.num_players
    for i, owner in enumerate(owners):
        safe = 2.0
        for j in game.neighbors[i]:
            if dice[j] > dice[i] and owners[j] != owner:
                safe = 1.0
                break
        score[owner] += safe + 0.25 * dice[i]
    for p in range(game.num_players):
        seen: set[int] = set()
        best = 0
        for start in range(len(owners)):
            if owners[start] != p or start in seen:
                continue
            seen.add(start)
            stack, size = [start], 0
            while stack:
                i = stack.pop()
                size += 1
                for j in game.neighbors[i]:
                    if owners[j] == p and j not in seen:
                        seen.add(j)
                        stack.append(j)
            best = max(best, size)
        score[p] += 0.5 * best
    rival = max(s for q, s in enumerate(score) if q != player)
    return 0.5 + 0.49 * math.tanh(3.0 * (score[player] - rival) / len(owners))


def playout_states(game: DiceOfDoom, rng: random.Random, games: int) -> list[DiceState]:
    states = []
    for _ in range(games):
        state = game.initial_state(rng)
        while True:
            states.append(state)
            moves = list(game.legal_moves(state))
            if not moves:
                break
            state = game.result(state, rng.choice(moves))
    return states


def test_the_heuristic_equals_the_reference_exactly_cached_or_not() -> None:
    rng = random.Random(11)
    for size, players in ((2, 2), (3, 2), (4, 3), (6, 2)):
        game = DiceOfDoom(size=size, players=players, eval=ev.HeuristicEvaluation(HAND))
        for state in playout_states(game, rng, 4):
            for p in range(players):
                want = reference_heuristic(game, state, p)
                assert game.evaluate(state, p) == want
                assert game.evaluate(state, p) == want  # the remembered scores
                fresh = DiceOfDoom(size, players, eval=ev.HeuristicEvaluation(HAND))
                assert fresh.evaluate(state, p) == want


def test_an_injected_evaluator_is_what_evaluate_asks() -> None:
    calls: list[tuple[Any, int]] = []

    class Territories:
        name = "territories"

        def __call__(self, game: Any, state: Any, player: int) -> float:
            calls.append((state, player))
            return float(state.owners.count(player) / len(state.owners))

    game = DiceOfDoom(size=2, eval=Territories())
    state = game.parse_board("0:3 1:1 0:2 0:2")
    assert game.evaluate(state, 0) == 0.75 and game.eval == "territories"
    assert calls == [(state, 0)]
    assert type(DiceOfDoom(size=2).evaluator) is ev.BookEvaluation


def test_the_one_flood_fill_serves_the_chance_rules_too() -> None:
    game = ChanceDiceOfDoom(size=3)
    rng = random.Random(3)
    for _ in range(30):
        owners = tuple(rng.randrange(2) for _ in range(9))
        groups = largest_groups(game.neighbors, owners, 2)
        assert [game.largest_group(owners, p) for p in (0, 1)] == groups
        assert ev.largest_groups(game, owners) == groups


def test_a_game_pickles_without_its_remembered_scores() -> None:
    game = DiceOfDoom(size=3, eval="heuristic")
    state = game.initial_state(random.Random(1))
    value = game.evaluate(state, 0)
    evaluator = game.evaluator
    assert isinstance(evaluator, ev.HeuristicEvaluation) and evaluator._scores
    again = pickle.loads(pickle.dumps(game))
    assert isinstance(again.evaluator, ev.HeuristicEvaluation)
    assert again.evaluator._scores == {} and again.evaluate(state, 0) == value


def test_the_evaluation_module_does_not_import_the_rules() -> None:
    source = Path(ev.__file__).read_text()
    imported = [
        node.module
        for node in ast.walk(ast.parse(source))
        if isinstance(node, ast.ImportFrom) and node.module
    ]
    assert not [m for m in imported if m.endswith(("rules", "variants"))]
    assert not hasattr(ev, "book_value")
