"""The agent registry: names and parameters, and what each named agent plays."""

from __future__ import annotations

import random
import threading
from typing import Any

import pytest

from lazytree.agents import (
    AGENTS,
    AgentError,
    DefaultOptions,
    DepthOptions,
    MCTSOptions,
    agent_options,
    build_agent,
    check_agent,
    make_agent,
    make_ai,
)
from lazytree.arena import MatchSpec
from lazytree.games import load_game
from lazytree.games.dice_of_doom import Attack, ChanceDiceOfDoom, LispDiceOfDoom, Outcome
from lazytree.games.dice_of_doom.agents import BOOK_ODDS, lol4_rating
from lazytree.games.dice_of_doom.score_board import score_board
from lazytree.search import SearchResult, alphabeta, minimax
from lazytree.search.limit import SearchStopped
from lazytree.search.raters import DEFAULT_PLAYOUTS
from lazytree.tree import Tree


def test_parameters_are_parsed_with_their_types() -> None:
    assert AGENTS.parse("default:time=0.5") == ("default", {"time": 0.5})
    assert AGENTS.parse("mcts:playouts=2000:c=2") == ("mcts", {"playouts": 2000, "c": 2.0})
    assert AGENTS.parse("default:time=none:nodes=500") == (
        "default",
        {"time": None, "nodes": 500},
    )
    assert AGENTS.parse(" ror ") == ("ror", {})
    assert AGENTS.parse("default:clock=wall") == ("default", {"clock": "wall"})
    assert list(AGENTS) == [
        "ror",
        "lol2",
        "lol4",
        "default",
        "mcts",
        "random",
        "dt.stei",
        "dt.ste",
        "dt.wpm_c",
        "dt.sdc",
        "dt.rand",
        "human",
    ]


@pytest.mark.parametrize(
    ("name", "message"),
    [
        ("deep-blue", "unknown agent 'deep-blue' (known: ror, lol2"),
        ("ror:width=2", "ror has no parameter 'width' (parameters: depth)"),
        ("ror:depth", "parameters are written key=value"),
        ("ror:depth=two", "ror: depth='two' is not a whole number"),
        ("ror:depth=0", "depth must be >= 1, got 0"),
        ("mcts:c=-1", "mcts: c must be >= 0"),
        ("default:time=none", "give a node budget"),
        ("default:clock=sun", "clock must be cpu or wall, got 'sun'"),
        ("mcts:clock=sun", "clock must be cpu or wall"),
        ("default:width=0", "width must be a whole number >= 1, all or auto, got '0'"),
        ("default:quiescence=lots", "quiescence must be a whole number >= 0 or auto"),
        ("default:time=none:rater=best:depth=2", "unknown rater 'best'"),
        ("human:depth=2", "human has no parameter 'depth' (parameters: none)"),
    ],
)
def test_bad_names_are_one_line_errors(name: str, message: str) -> None:
    with pytest.raises(AgentError, match=message.replace("(", r"\(").replace(")", r"\)")) as err:
        make_agent(name)
    assert "\n" not in str(err.value)


@pytest.mark.parametrize("name", ["default:eval=magic", "mcts:eval=magic"])
def test_eval_names_one_of_the_games_evaluations(name: str) -> None:
    dice = load_game("dice-of-doom", size=3, seed=1)
    with pytest.raises(AgentError, match="unknown evaluation 'magic' \\(known: book, heur"):
        make_agent(name).start(dice.game, dice.state, 0)
    ttt = load_game("tictactoe")  # no named evaluations: eval= means nothing there
    make_agent(name).start(ttt.game, ttt.state, 0)


def test_offered_agents_say_which_game_offers_them() -> None:
    ttt = load_game("tictactoe")
    for key in ("lol2", "lol4"):
        with pytest.raises(AgentError, match=f"{key} plays Dice of Doom only, not tictactoe"):
            make_agent(key).start(ttt.game, ttt.state, 0)
    lisp = load_game("dice-of-doom", rules="lisp", size=3, seed=1)
    agent = make_agent("lol2:depth=2")
    agent.start(lisp.game, lisp.state, 0)
    assert type(agent.agent).__name__ == "Lol2Agent" and agent.agent.depth == 2  # type: ignore[attr-defined]


def test_book_players_refuse_the_wrong_rules() -> None:
    racket = load_game("dice-of-doom", size=3, seed=1)
    chance = load_game("dice-of-doom", rules="chance", size=3, seed=1)
    with pytest.raises(AgentError, match="lol4 is the AI of the chance rules"):
        make_agent("lol4").start(racket.game, racket.state, 0)
    with pytest.raises(AgentError, match="use lol4"):
        make_agent("lol2").start(chance.game, chance.state, 0)


def play_out(names: tuple[str, str], rules: str, seed: int) -> list[Any]:
    pos = load_game("dice-of-doom", rules=rules, size=3, seed=seed)
    game, state = pos.game, pos.state
    agents = [make_agent(n) for n in names]
    for k, a in enumerate(agents):
        a.start(game, state, seed + k)
    rng = random.Random(seed)
    moves = []
    while not game.is_terminal(state):
        mover = game.to_move(state)
        if mover < 0:
            move = game.roll_outcome(state, rng)[0]  # type: ignore[attr-defined]
        else:
            move = agents[mover].choose().move
            assert move in list(game.legal_moves(state))
        for a in agents:
            a.observe(move)
        state = game.result(state, move)
        moves.append(move)
    return moves


@pytest.mark.parametrize(
    ("names", "rules"),
    [
        (("ror", "lol2"), "lisp"),
        (("default:time=none:nodes=300", "random"), "racket"),
        (("mcts:playouts=60", "lol4"), "chance"),
        (("random:seed=4", "mcts:playouts=30:time=5"), "lisp"),
    ],
)
def test_every_player_plays_legal_games_and_the_same_again(
    names: tuple[str, str], rules: str
) -> None:
    first = play_out(names, rules, 5)
    assert first and first == play_out(names, rules, 5)


def test_random_depends_on_its_seed_and_the_games() -> None:
    assert play_out(("random", "random:seed=1"), "lisp", 3) != play_out(
        ("random:seed=2", "random:seed=1"), "lisp", 3
    )


def test_ror_is_the_books_ai() -> None:
    for seed in range(6):
        pos = load_game("dice-of-doom", size=3, seed=seed, eval="heuristic")
        agent = make_agent("ror")
        agent.start(pos.game, pos.state, 0)
        ours = agent.choose()
        book_game = load_game("dice-of-doom", size=3, seed=seed).game
        book = minimax(Tree(book_game, pos.state).root, 4)
        assert ours.move == book.best_moves[0]


def test_lol4_rates_by_the_books_odds_table() -> None:
    game = ChanceDiceOfDoom(size=2)
    state = game.parse_board("0:3 1:2 1:1 0:1")
    tree = Tree(game, state)
    root = tree.root
    player = 0
    # depth 1: each attack is rated by its two outcomes' score-board, weighted by
    # the table (BOOK_ODDS[defending - 1][attacking - 2])
    for edge in root.children:
        assert isinstance(edge.move, Attack)
        src, dst = edge.move
        p = BOOK_ODDS[state.dice[dst] - 1][state.dice[src] - 2]
        pending = game.result(state, edge.move)
        win = score_board(game, game.result(pending, Outcome.WIN), player)
        lose = score_board(game, game.result(pending, Outcome.LOSE), player)
        assert lol4_rating(edge.child, 0, player) == pytest.approx(p * win + (1 - p) * lose)
    agent = make_agent("lol4:depth=1")
    agent.start(game, state, 0)
    choice = agent.choose()
    assert choice.search is not None
    values = dict(choice.search.move_values)
    assert choice.move == max(values, key=lambda m: values[m])
    assert set(values) == {Attack(0, 1), Attack(0, 2)}


def test_lol2_rates_with_score_board_at_the_end_too() -> None:
    game = LispDiceOfDoom(size=2)
    state = game.parse_board("0:3 1:1 0:1 1:2")
    agent = make_agent("lol2:depth=1")
    agent.start(game, state, 0)
    choice = agent.choose()
    assert choice.search is not None
    for move, value in choice.search.move_values:
        child = game.result(state, move)
        assert value == pytest.approx((score_board(game, child, 0) + 4) / 12)


def test_human_is_a_seat_for_a_person_only() -> None:
    human = make_agent("human")
    pos = load_game("tictactoe")
    human.start(pos.game, pos.state, 0)
    human.observe(pos.game.parse_move(pos.state, "b2"))
    with pytest.raises(AgentError, match="come from a person"):
        human.choose()
    with pytest.raises(AgentError, match="not without a person"):
        make_ai("human")
    match = MatchSpec("dice-of-doom", {"size": 3, "rules": "lisp"}, ("human", "ror"), pairs=1)
    with pytest.raises(AgentError, match="human plays in lazytree play and serve"):
        match.check()
    assert "human" in AGENTS and AGENTS["human"].params == ()


def started(name: str, **options: Any) -> Any:
    pos = load_game("dice-of-doom", **{"size": 6, "seed": 2, **options})
    agent = make_agent(name)
    agent.start(pos.game, pos.state, 0)
    return agent


def test_a_stop_answers_at_once_where_the_agent_can() -> None:
    stop = threading.Event()
    stop.set()
    agent = started("default:time=600:clock=wall")
    assert agent.stoppable
    choice = agent.choose(stop=stop)
    assert choice.search is not None and choice.search.stopped == "stop"
    agent = started("mcts:time=600:playouts=none")  # one playout, then a move
    assert agent.stoppable
    choice = agent.choose(stop=stop)
    assert (
        choice.search is not None
        and choice.search.mcts is not None
        and choice.search.mcts.playouts == 1
    )
    for name in ("ror", "lol2", "default:time=none:rater=alphabeta:depth=6"):
        agent = started(name, rules="lisp")
        assert not agent.stoppable
        with pytest.raises(SearchStopped):
            agent.choose(stop=stop)


def test_progress_reports_reach_the_caller() -> None:
    for name in ("ror:depth=2", "mcts:playouts=20"):  # one report: the result
        seen: list[SearchResult[Any]] = []
        choice = started(name, size=3).choose(progress=seen.append)
        assert seen == [choice.search]
        assert choice.node is not None and choice.node.player == seen[-1].player
    seen = []  # deepening: a report at every depth completed
    choice = started("default:time=none:nodes=400", size=3).choose(progress=seen.append)
    depths = [r.depth or 0 for r in seen]
    assert len(depths) > 1 and depths == sorted(depths)


def test_default_without_a_clock_is_the_rater_to_its_depth() -> None:
    for seed in range(4):
        pos = load_game("dice-of-doom", size=3, seed=seed, eval="heuristic")
        agent = make_agent("default:time=none:rater=alphabeta:depth=3")
        agent.start(pos.game, pos.state, 0)
        ai = alphabeta(Tree(pos.game, pos.state).root, 3)
        assert agent.choose().move == ai.best_moves[0]


@pytest.mark.parametrize(
    "text",
    [
        "ror",
        "lol2:depth=3",
        "default",
        "default:time=none:nodes=300:width=4",
        "default:time=0.5:clock=wall:width=none:quiescence=2:tie=3",
        "mcts:time=0.5:playouts=none",
        "random:seed=3",
        "human",
    ],
)
def test_an_agents_name_is_parsed_once_into_options_that_spell_it_again(text: str) -> None:
    options = agent_options(text)
    assert agent_options(options.text()) == options
    assert build_agent(options).name == options.text()


def test_the_options_are_typed_and_spelled_one_way() -> None:
    options = agent_options("default:width=none:time=0.5:clock=wall")
    assert options == DefaultOptions(time=0.5, clock="wall", width=None)
    assert options.text() == "default:time=0.5:clock=wall:width=all"
    assert agent_options("default:width=ALL") == agent_options("default:width=none")
    mcts = agent_options("mcts")
    assert isinstance(mcts, MCTSOptions) and mcts.playouts == DEFAULT_PLAYOUTS
    assert agent_options("lol4") == DepthOptions("lol4", 2)


def test_the_position_book_parameter_has_one_spelling_and_an_old_one_accepted() -> None:
    new = agent_options("default:time=none:depth=2:position_book=p.sqlite")
    assert isinstance(new, DefaultOptions) and new.position_book == "p.sqlite"
    assert agent_options("default:time=none:depth=2:book=p.sqlite") == new
    assert new.text() == "default:time=none:depth=2:position_book=p.sqlite"
    assert AGENTS.parse("default:book=p") == ("default", {"position_book": "p"})
    assert "book=" in next(p.help for p in AGENTS["default"].params if p.name == "position_book")


@pytest.mark.parametrize("key", ["position_book", "book", "weights"])
def test_check_agent_refuses_files_under_every_spelling(key: str) -> None:
    with pytest.raises(AgentError, match=f"default: {key}= names a file on the server"):
        check_agent(f"default:time=none:depth=2:{key}=x.sqlite", files=False)
    assert check_agent(f"default:{key}=none", files=False) == {
        "weights" if key == "weights" else "position_book": None
    }
    assert check_agent(f"default:{key}=x.sqlite")  # files are fine off the server


def test_arena_adds_the_position_book_to_default_agents_without_one() -> None:
    from pathlib import Path

    from lazytree.cli.learn import agent_files

    names = ("default:time=none:depth=2", "default:book=mine", "default:position_book=m", "ror")
    assert agent_files(names, Path("p"), None) == (
        "default:time=none:depth=2:position_book=p",
        "default:book=mine",
        "default:position_book=m",
        "ror",
    )


def test_a_clocked_default_keeps_its_tree_for_its_own_turn_only() -> None:
    agent = started("default:time=0.05:depth=2", size=3)
    game = agent.tree.game
    me = agent.tree.root.player
    choice = agent.choose()
    assert choice.node is agent.tree.root and agent.tree.shared_positions > 1
    moves = list(game.legal_moves(agent.tree.root.state))
    # a move that keeps the turn keeps the tree (the subtree below the move)
    attack = next(m for m in moves if game.to_move(game.result(agent.tree.root.state, m)) == me)
    searched = choice.node.child_for(attack)
    agent.observe(attack)
    assert agent.tree.root is searched and agent.tree.ply == 1
    # a move that hands the turn over starts a tree at the position, at the game's ply
    agent.choose()
    state = agent.tree.root.state
    handover = next(m for m in game.legal_moves(state) if game.to_move(game.result(state, m)) != me)
    agent.observe(handover)
    assert agent.tree.shared_positions == 1 and agent.tree.ply == 2
    assert agent.tree.root.state == game.result(state, handover)
    # without a clock (a rater to its depth) the tree is kept across turns, as before
    kept = started("default:time=none:rater=alphabeta:depth=2", size=3)
    kept.observe(attack)  # the first move of a game is an attack (no pass yet)
    kept.choose()
    state = kept.tree.root.state
    handover = next(m for m in game.legal_moves(state) if game.to_move(game.result(state, m)) != me)
    kept.observe(handover)
    assert kept.tree.shared_positions > 1
