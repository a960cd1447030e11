"""The dicewars rule set against the Dice Wars framework's own server.

The framework (``../shared/anchors/dicewars`` from the project's root; GPL, imported at
run time, never copied) plays the same positions: its ``Game`` object is made without
sockets, its messages come from the test, and each battle and end of turn it makes is
replayed on lazytree's rules (the battle's outcome, the dice it placed), which must then
hold the same board, reserves, player to move, end of the game and winner.
"""

from __future__ import annotations

import importlib
import logging
import random
import sys
from fractions import Fraction
from pathlib import Path
from typing import Any

import pytest

from lazytree.game import CHANCE, IllegalMoveError
from lazytree.games import load_game
from lazytree.games.dice_of_doom import PASS, Attack, DiceWars, Outcome, Place
from lazytree.games.dice_of_doom.dicewars import (
    MAX_PASS_ROUNDS,
    MAX_REINFORCEMENT,
    START_DICE,
    pack_reserves,
    reserves,
)
from lazytree.games.dice_of_doom.framework import install_shims
from lazytree.games.dice_of_doom.position import DiceState
from lazytree.testing import check_game

FRAMEWORK = Path(__file__).resolve().parents[3].parent / "shared" / "anchors" / "dicewars"
"""The framework's checkout, beside the project (present in CI)."""

needs_framework = pytest.mark.skipif(
    not (FRAMEWORK / "dicewars" / "server" / "game.py").is_file(),
    reason=f"the Dice Wars framework is not at {FRAMEWORK}",
)


def framework(module: str) -> Any:
    """A module of the framework's checkout."""
    if str(FRAMEWORK) not in sys.path:
        sys.path.insert(0, str(FRAMEWORK))
    return importlib.import_module(module)


class Server:
    """The framework's server ``Game`` on a lazytree position, without sockets: each
    action is a message handed to its own ``handle_player_turn``."""

    def __init__(self, game: DiceWars, state: DiceState) -> None:
        server = framework("dicewars.server.game")
        board_module = framework("dicewars.server.board")
        player_module = framework("dicewars.server.player")
        summary = framework("dicewars.server.summary")
        g = server.Game.__new__(server.Game)
        g.logger = logging.getLogger("SERVER")
        n_players = game.num_players
        g.number_of_players = n_players
        g.nb_battles = 0
        g.nb_consecutive_end_of_turns = state.captured
        g.board = board_module.Board(
            {i + 1: {"neighbours": [j + 1 for j in nbrs]} for i, nbrs in enumerate(game.neighbors)}
        )
        g.players = {p + 1: player_module.Player(p + 1) for p in range(n_players)}
        for p, held in enumerate(reserves(state.spare, n_players)):
            g.players[p + 1].set_reserve(held)
            g.players[p + 1].set_nickname(f"p{p}")
        g.players_order = list(range(1, n_players + 1))
        g.current_player = g.players[state.player + 1]
        for i, (o, d) in enumerate(zip(state.owners, state.dice, strict=True)):
            area = g.board.get_area_by_name(i + 1)
            g.assign_area(area, g.players[o + 1])
            area.set_dice(d)
        g.nb_players_alive = len(set(state.owners))
        g.summary = summary.GameSummary()
        g.send_message = lambda *args, **kwargs: None
        self.g = g
        self.message: dict[str, Any] = {}
        g.get_message = lambda player: self.message

    def act(self, message: dict[str, Any]) -> bool:
        """Handle ``message`` as the server does; whether the game ended."""
        self.message = message
        self.g.handle_player_turn()
        return bool(self.g.check_win_condition())

    def board(self) -> tuple[tuple[int, ...], tuple[int, ...]]:
        areas = [self.g.board.get_area_by_name(i + 1) for i in range(len(self.g.board.areas))]
        return tuple(a.get_owner_name() - 1 for a in areas), tuple(a.get_dice() for a in areas)

    def reserves(self) -> tuple[int, ...]:
        return tuple(self.g.players[p + 1].get_reserve() for p in range(len(self.g.players)))

    def player(self) -> int:
        return int(self.g.current_player.get_name()) - 1

    def winner(self) -> int | None:
        w = self.g.summary.winner
        return None if w in (None, "#None") else int(w.removeprefix("p"))


def replay(game: DiceWars, state: DiceState, steps: int, seed: int) -> tuple[DiceState, int]:
    """Play ``steps`` actions (battles and ends of turn, chosen from ``seed``) on the
    framework's server and the same on ``game`` from ``state``, checking that both hold
    the same position after each; the last position and the actions played."""
    server = Server(game, state)
    choose = random.Random(seed)
    random.seed(seed)  # the server rolls and places with the random module
    played = 0
    for _ in range(steps):
        assert not game.is_terminal(state)
        moves: list[Any] = list(game.legal_moves(state))
        assert moves[0] is PASS
        attacks = moves[1:]
        if attacks and choose.random() < 0.75:
            move = choose.choice(attacks)
            ended = server.act({"type": "battle", "atk": move.src + 1, "def": move.dst + 1})
            state = game.result(state, move)
            assert game.to_move(state) == CHANCE
            won = server.board()[0][move.dst] == state.player
            outcome = Outcome.WIN if won else Outcome.LOSE
            assert game.outcome_probability(state, outcome) > 0
            state = game.result(state, outcome)
        else:
            before = state.dice
            ended = server.act({"type": "end_turn"})
            state = game.result(state, PASS)
            after = server.board()[1]
            for i in range(len(before)):
                for _ in range(after[i] - before[i]):
                    assert game.to_move(state) == CHANCE
                    assert Place(i) in list(game.legal_moves(state))
                    state = game.result(state, Place(i))
        played += 1
        assert game.to_move(state) != CHANCE
        assert (state.owners, state.dice) == server.board()
        assert reserves(state.spare, game.num_players) == server.reserves()
        assert game.is_terminal(state) == ended
        if ended:
            returns = game.returns(state)
            winner = server.winner()
            if winner is None:  # cancelled: a draw of those still in the game
                assert state.captured >= MAX_PASS_ROUNDS
                assert len({r for r in returns if r}) == 1
            else:
                assert returns[winner] == 1.0
            break
        assert state.player == server.player()
        assert state.captured == server.g.nb_consecutive_end_of_turns
    return state, played


def seeded_position(game: DiceWars, rng: random.Random) -> DiceState:
    """A random position: owners dealt at random, 1 to 8 dice, random reserves, any player
    (one who owns a territory) to move."""
    n = game.size * game.size
    state = game.initial_state(rng)
    dice = tuple(rng.randint(1, game.max_dice) for _ in range(n))
    held = [rng.choice((0, 0, 3, 17, MAX_REINFORCEMENT)) for _ in range(game.num_players)]
    player = rng.choice(sorted(set(state.owners)))
    return game.with_reserves(game.make_state(state.owners, dice, player), held)


@needs_framework
@pytest.mark.parametrize(
    ("size", "players", "seed"),
    [(3, 2, 1), (4, 2, 2), (4, 3, 3), (5, 4, 4), (6, 2, 5), (5, 8, 6), (2, 2, 7)],
)
def test_seeded_positions_match_the_framework_server(size: int, players: int, seed: int) -> None:
    game = DiceWars(size=size, players=players)
    rng = random.Random(seed)
    for k in range(6):
        replay(game, seeded_position(game, rng), steps=12, seed=seed * 100 + k)


@needs_framework
@pytest.mark.parametrize(("players", "seed"), [(2, 11), (4, 12)])
def test_whole_game_replayed_end_to_end(players: int, seed: int) -> None:
    game = DiceWars(size=5, players=players)
    state = game.initial_state(random.Random(seed))
    end, played = replay(game, state, steps=5000, seed=seed)
    assert game.is_terminal(end) and 1.0 in game.returns(end)  # a conquest
    assert played > 20


@needs_framework
def test_a_game_of_passes_is_cancelled_as_the_framework_does() -> None:
    game = DiceWars(size=3, players=3)
    state = game.initial_state(random.Random(3))
    server = Server(game, state)
    random.seed(3)
    for turn in range(MAX_PASS_ROUNDS * 3):
        assert not game.is_terminal(state)
        ended = server.act({"type": "end_turn"})
        state = game.result(state, PASS)
        while game.to_move(state) == CHANCE:  # the dice as the server placed them
            room = [m.src for m in game.legal_moves(state) if isinstance(m, Place)]
            target = next(i for i in room if state.dice[i] < server.board()[1][i])
            state = game.result(state, Place(target))
        assert ended == (turn == MAX_PASS_ROUNDS * 3 - 1)
    assert game.is_terminal(state) and server.winner() is None
    assert game.returns(state) == (1 / 3, 1 / 3, 1 / 3)


@needs_framework
def test_battle_odds_equal_the_framework_table() -> None:
    install_shims()  # numpy.warnings, hexutil
    utils = framework("dicewars.ai.utils")
    game = DiceWars(size=2)
    for attack in range(2, 9):
        for defence in range(1, 9):
            s = game.parse_board(f"0:{attack} 1:{defence} 1:1 0:1")
            c = game.result(s, Attack(0, 1))
            ours = game.outcome_probability(c, Outcome.WIN)
            assert abs(ours - utils.attack_succcess_probability(attack, defence)) < 1e-8


# -- the rules without the framework -------------------------------------------------------
def test_placement_is_uniform_over_territories_with_room() -> None:
    game = DiceWars(size=2)
    s = game.parse_board("0:8 1:2 1:1 0:7")
    c = game.result(s, PASS)  # group of 2: two dice, one territory has room
    assert [game.move_to_str(c, m) for m in game.legal_moves(c)] == ["place 3"]
    assert game.outcome_probability(c, Place(3)) == 1.0
    after = game.result(c, Place(3))
    # territory 3 is full now: the second die goes to the reserve, player 1 moves
    assert after.dice == (8, 2, 1, 8) and after.player == 1
    assert reserves(after.spare, 2) == (1, 0)
    with pytest.raises(IllegalMoveError):
        game.result(c, Place(0))


def test_reinforcement_is_capped_at_64_and_the_reserve_carried() -> None:
    game = DiceWars(size=8)
    owners = tuple(0 if i < 40 else 1 for i in range(64))
    s = game.with_reserves(game.make_state(owners, (1,) * 64), (60, 0))
    assert game.reinforcements(s) == MAX_REINFORCEMENT
    c = game.result(s, PASS)
    assert c.pending == Attack(-1, MAX_REINFORCEMENT)
    assert reserves(c.spare, 2) == (0, 0)
    rng = random.Random(0)
    while game.to_move(c) == CHANCE:
        c = game.result(c, game.roll_outcome(c, rng)[0])
    assert sum(c.dice[:40]) == 40 + MAX_REINFORCEMENT
    assert reserves(c.spare, 2) == (0, 0) and c.player == 1


def test_pass_is_allowed_at_the_start_and_the_game_ends_only_on_conquest() -> None:
    game = DiceWars(size=2)
    s = game.parse_board("0:1 1:1 1:1 0:1")  # nobody can attack: the game goes on
    assert not game.is_terminal(s)
    assert list(game.legal_moves(s)) == [PASS]
    won = game.parse_board("0:1 0:5 0:1 0:1")
    assert game.is_terminal(won) and game.returns(won) == (1.0, 0.0)


def test_start_is_dealt_in_turn_with_three_dice() -> None:
    game = DiceWars(size=5, players=3)
    s = game.initial_state(random.Random(0))
    assert s.dice == (START_DICE,) * 25
    assert sorted(s.owners.count(p) for p in range(3)) == [8, 8, 9]
    assert s.owners.count(0) == 9 and s.spare == 0 and s.player == 0


def test_reserves_and_notation_round_trip_through_the_catalog() -> None:
    position = load_game("dice-of-doom", rules="dicewars", size=3, seed=4, reserves="2,5")
    game, state = position.game, position.state
    assert isinstance(game, DiceWars)
    assert game.reserve(state, 1) == 5
    assert game.start_options(state)["reserves"] == "2,5"
    c = game.result(state, PASS)
    move = next(iter(game.legal_moves(c)))
    assert game.parse_move(c, game.move_to_str(c, move)) == move
    assert pack_reserves((2, 5)) == state.spare


def test_conformance() -> None:
    check_game(DiceWars(size=3), seed=1)


def test_exact_probabilities_sum_to_one() -> None:
    game = DiceWars(size=3, players=2)
    s = game.initial_state(random.Random(2))
    c = game.result(s, PASS)
    total = sum(
        Fraction(game.outcome_probability(c, m)).limit_denominator() for m in game.legal_moves(c)
    )
    assert total == 1


# -- the evaluation ---------------------------------------------------------------------
def test_dicewars_evaluation_is_a_symmetric_estimate_that_prefers_more() -> None:
    game = DiceWars(size=3, eval="dicewars")
    assert game.evaluation_names()[0] == "dicewars"
    s = game.initial_state(random.Random(1))
    v0, v1 = game.evaluate(s, 0), game.evaluate(s, 1)
    assert 0 < v0 < 1 and v0 + v1 == pytest.approx(1.0)
    richer = game.with_reserves(s, (20, 0))
    assert game.evaluate(richer, 0) > v0
    c = game.result(s, next(m for m in game.legal_moves(s) if m is not PASS))
    win = game.outcome_probability(c, Outcome.WIN)
    expected = win * game.evaluate(game.result(c, Outcome.WIN), 0) + (1 - win) * game.evaluate(
        game.result(c, Outcome.LOSE), 0
    )
    assert game.evaluate(c, 0) == pytest.approx(expected)
    placing = game.result(s, PASS)  # the dice to place count for the player placing them
    assert game.evaluate(placing, 0) > v0
    assert game.rated_by("heuristic").eval == "heuristic"
    played = load_game("dice-of-doom", rules="dicewars", **game.play_options()).game
    assert isinstance(played, DiceWars) and played.eval == "dicewars"
    assert DiceWars(size=3).rated_by("dicewars").evaluate(s, 0) == pytest.approx(v0)
