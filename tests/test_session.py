"""The game session: moves, illegal moves, undo/redo, AI turns, chance, save and load."""

from __future__ import annotations

import json
import threading
from typing import Any

import pytest

from lazytree.agents import TreeAgent, make_agent
from lazytree.ai import ai_turn
from lazytree.game import CHANCE, IllegalMoveError
from lazytree.games import GAMES
from lazytree.search import SearchResult
from lazytree.search.limit import SearchStopped
from lazytree.session import HUMAN, Seat, Session, SessionError, options_from_text
from lazytree.tree import Tree

BOOK2_SEAT = "default:time=none:rater=auto:depth=2:eval=book"
"""The rater ``auto`` to depth 2 as a seat (the Dice of Doom games here rate with the
book's evaluation)."""
CLOCK600 = "default:time=600:clock=wall"


def small() -> Session:
    return Session("dice-of-doom", {"size": 2, "board": "0:2 1:1 0:3 1:2"})


def against_ai(size: int = 4, seed: int = 1, **options: Any) -> Session:
    return Session(
        "dice-of-doom", {"size": size, "seed": seed, **options}, [HUMAN, Seat(BOOK2_SEAT)], seed=5
    )


def test_a_human_move_is_played_and_recorded() -> None:
    s = small()
    made = s.play("2->3")
    assert [p.text for p in made] == ["2->3"]
    assert s.state.owners == (0, 1, 0, 0)
    assert [p.text for p in s.history] == ["2->3"]
    assert s.to_move == 0 and s.turn_number() == 1
    s.play("pass")
    assert s.to_move == 1 and s.turn_number() == 2


def test_an_illegal_move_raises_and_changes_nothing() -> None:
    s = small()
    before = s.state
    for text in ("pass", "1->0", "0->3", "banana", "2->1"):
        with pytest.raises(IllegalMoveError):
            s.play(text)
        assert s.state == before and s.history == []
    with pytest.raises(IllegalMoveError, match="not yours"):
        s.play("1->0")


def test_moves_can_be_given_as_moves_too() -> None:
    s = small()
    move = s.legal_moves()[1][0]
    s.play(move)
    assert s.history[0].text == "2->3"


def test_a_human_cannot_move_for_the_ai() -> None:
    s = Session("tictactoe", seats=[BOOK2_SEAT, HUMAN])
    with pytest.raises(SessionError, match="played by default:time=none"):
        s.play("b2")
    assert s.history == []


def test_the_ai_plays_its_whole_turn_as_its_player_would() -> None:
    s = against_ai()
    s.play(s.legal_moves()[0][1])
    s.play("pass")
    assert s.to_move == 1
    state = s.state
    steps = list(s.ai_turn())
    assert steps and all(step.played[0].player == 1 for step in steps)
    assert s.to_move != 1 or s.is_over
    # the same moves as the library's AI makes on its own tree
    tree = Tree(s.game, state, share=True)
    expected = [made.move for made in ai_turn(tree, depth=2, rater="auto")]
    assert [step.played[0].move for step in steps] == expected
    assert s.last_turn() == [step.played[0] for step in steps]


def test_the_ai_refuses_a_human_seat() -> None:
    s = against_ai()
    with pytest.raises(SessionError, match="is a human"):
        list(s.ai_turn())


def test_a_stop_event_makes_the_clocked_ai_move_at_once() -> None:
    s = Session(
        "dice-of-doom",
        {"size": 6, "seed": 2},
        [CLOCK600, "human"],
    )
    stop = threading.Event()
    stop.set()
    depths: list[int | None] = []

    def progress(result: SearchResult[Any]) -> None:
        depths.append(result.depth)

    step = next(s.ai_turn(stop=stop, progress=progress))
    assert step.search is not None and step.search.stopped == "stop"
    assert len(s.history) == 1 and s.history[0].move == step.played[0].move


def test_undo_takes_back_the_ai_turn_and_the_humans() -> None:
    s = against_ai()
    start = s.state
    s.play(s.legal_moves()[0][1])
    s.play("pass")
    list(s.ai_turn())
    after = s.state
    moves = len(s.history)
    assert s.undo()
    assert s.state == start and s.history == [] and s.to_move == 0
    assert s.can_redo and s.redo()
    assert s.state == after and len(s.history) == moves
    assert not s.redo()


def test_undo_with_nothing_to_undo_and_a_new_move_clears_redo() -> None:
    s = small()
    assert not s.undo()
    s.play("2->3")
    assert s.undo() and s.history == []
    s.play("0->1")
    assert not s.can_redo


def test_undo_in_a_human_game_is_one_turn() -> None:
    s = Session("tictactoe")
    s.play("a1")
    s.play("b2")
    assert s.undo()
    assert [p.text for p in s.history] == ["a1"] and s.to_move == 1


def test_chance_outcomes_are_drawn_from_the_seed() -> None:
    def game(seed: int) -> Session:
        s = Session("dice-of-doom", {"size": 3, "seed": 4, "rules": "chance"}, seed=seed)
        s.play(s.legal_moves()[0][1])
        return s

    a, b = game(7), game(7)
    assert len(a.history) == 2 and a.history[1].player == CHANCE
    assert "rolls" in a.history[1].note
    assert a.history == b.history and a.state == b.state
    assert a.to_move != CHANCE


def test_a_reloaded_game_rolls_the_dice_it_would_have_rolled() -> None:
    """An outcome depends on the seed and the ply, not on what this process drew
    before: a game saved and loaded midway (the server after a restart) goes on with
    the same rolls as the game that was never interrupted."""
    whole = Session("dice-of-doom", {"size": 4, "seed": 4, "rules": "chance"}, seed=7)
    whole.play(whole.legal_moves()[0][1])
    reloaded = Session.loads(whole.dumps())
    after = len(whole.history)
    for s in (whole, reloaded):
        for _ in range(4):
            if not s.is_over:
                s.play(s.legal_moves()[0][1])
    rolls = [(p.text, p.note) for p in whole.history[after:] if p.player == CHANCE]
    assert len(rolls) >= 2
    assert rolls == [(p.text, p.note) for p in reloaded.history[after:] if p.player == CHANCE]


def test_the_game_over_has_winners() -> None:
    s = Session("tictactoe")
    for cell in ("a1", "a2", "b1", "b2", "c1"):
        s.play(cell)
    assert s.is_over and s.winners() == (0,)
    assert s.scores() is not None
    with pytest.raises(IllegalMoveError, match="over"):
        s.play("c3")


def test_save_and_load_round_trip() -> None:
    s = against_ai(rules="chance")
    s.play(s.legal_moves()[0][1])
    while s.to_move == 0 and not s.is_over:
        s.play("pass") if any(t == "pass" for _, t in s.legal_moves()) else s.play(
            s.legal_moves()[0][1]
        )
    list(s.ai_turn())
    text = s.dumps()
    data = json.loads(text)
    assert data["format"] == "lazytree-session" and data["version"] == 2
    assert data["seats"] == ["human", BOOK2_SEAT]
    assert data["game"] == "dice-of-doom" and data["options"]["rules"] == "chance"
    assert data["start"]["board"] == s.game.board_spec(s.start)  # type: ignore[attr-defined]
    assert data["moves"] == [p.text for p in s.history]
    back = Session.loads(text)
    assert back.state == s.state
    assert [p.text for p in back.history] == data["moves"]
    assert back.seats == s.seats and back.seed == s.seed
    assert back.save() == data


def test_the_start_board_is_saved_not_the_seed() -> None:
    s = Session("dice-of-doom", {"size": 3, "seed": 11})
    data = s.save()
    data["options"]["seed"] = 12  # another seed: the saved board still rules
    assert Session.load(data).start == s.start


@pytest.mark.parametrize("name", [n for n in GAMES if n != "tree"])
def test_every_game_round_trips(name: str) -> None:
    s = Session(name)
    for _ in range(3):
        if s.is_over:
            break
        s.play(s.legal_moves()[-1][1])
    back = Session.loads(s.dumps())
    assert back.state == s.state and back.game.name == name


HUMAN_SEAT = {"kind": "human"}


def good() -> dict[str, Any]:
    s = small()
    s.play("2->3")
    return s.save()


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (lambda d: d.update(version=3), "unknown session format version 3"),
        (lambda d: d.update(seats=["human", "alphazero"]), "seat 1: unknown agent 'alphazero'"),
        (
            lambda d: d.update(seats=["human", "ror:depth=0"]),
            "seat 1: ror:depth=0: depth must be >= 1, got 0",
        ),
        (lambda d: d.update(seats=[HUMAN_SEAT, HUMAN_SEAT]), "seats must be agents' names"),
        (lambda d: d.update(format="other"), "not a saved session"),
        (lambda d: d.update(game="chess"), "unknown game 'chess'"),
        (lambda d: d["options"].update(size="big"), "options: size must be a whole number"),
        (lambda d: d["options"].update(colour=3), "no option 'colour'"),
        (lambda d: d["options"].update(size=True), "size must be a whole number"),
        (lambda d: d["options"].update(size=1), "size must be at least 2"),
        (lambda d: d.update(options=[1]), "options must be a JSON object"),
        (lambda d: d["start"].update(board="0:2 1:9 0:3 1:2"), "out of range"),
        (lambda d: d.update(moves=["2->3", "3->1", "1->0"]), "move 3 ('1->0') is illegal"),
        (lambda d: d.update(moves=["2->3", "nonsense"]), "move 2 ('nonsense') is illegal"),
        (lambda d: d.update(moves="2->3"), "moves must be a list"),
        (lambda d: d.update(moves=[3]), "moves must be a list"),
        (lambda d: d.update(seats=[{"kind": "human"}]), "seats must be a list of 2"),
        (
            lambda d: d.update(version=1, seats=[{"kind": "robot"}, {"kind": "human"}]),
            "seat 0: kind",
        ),
        (
            lambda d: d.update(
                version=1, seats=[{"kind": "ai", "settings": {"seconds": -1}}, {"kind": "human"}]
            ),
            "seat 0: bad AI settings: seconds",
        ),
        (
            lambda d: d.update(
                version=1, seats=[{"kind": "ai", "settings": {"speed": 1}}, HUMAN_SEAT]
            ),
            "seat 0: AI settings must be an object with keys",
        ),
        (lambda d: d.update(seed="x"), "seed must be a whole number"),
        (lambda d: d.update(extra=1), "unknown field 'extra'"),
    ],
)
def test_every_load_error_is_one_clear_message(change: Any, message: str) -> None:
    data = good()
    change(data)
    with pytest.raises(SessionError, match=message.replace("(", r"\(").replace(")", r"\)")):
        Session.load(data)


def test_load_errors_for_what_is_not_a_session() -> None:
    with pytest.raises(SessionError, match="malformed JSON"):
        Session.loads("{not json")
    with pytest.raises(SessionError, match="expected a JSON object"):
        Session.loads("[1, 2]")


def test_a_game_past_its_end_is_refused() -> None:
    s = Session("tictactoe")
    for cell in ("a1", "a2", "b1", "b2", "c1"):
        s.play(cell)
    data = s.save()
    data["moves"].append("c3")
    with pytest.raises(SessionError, match=r"move 6 .* already over"):
        Session.load(data)


def test_bad_options_and_seats_for_a_new_session() -> None:
    with pytest.raises(SessionError, match="dice-of-doom: size must be at least 2"):
        Session("dice-of-doom", {"size": 1})
    with pytest.raises(SessionError, match="unknown game"):
        Session("go")
    with pytest.raises(SessionError, match="3 seats for a game of 2 players"):
        Session("tictactoe", seats=[HUMAN] * 3)


def test_options_from_text_as_on_the_command_line() -> None:
    spec = GAMES["dice-of-doom"]
    assert options_from_text(spec, {"size": "10", "spare-dice": "4", "rules": "lisp"}) == {
        "size": 10,
        "spare_dice": 4,
        "rules": "lisp",
    }
    with pytest.raises(SessionError, match="--size 'ten' is not a whole number"):
        options_from_text(spec, {"size": "ten"})
    with pytest.raises(SessionError, match="no option 'colour'"):
        options_from_text(spec, {"colour": "red"})
    # the same message as the command line's for a value the rules refuse
    with pytest.raises(SessionError, match="players must be from 2 to 8, got 9"):
        Session("dice-of-doom", options_from_text(spec, {"players": "9"}))


def test_a_stop_event_interrupts_the_book_ai_and_changes_nothing() -> None:
    s = Session("dice-of-doom", {"size": 6, "seed": 2}, ["ror", "human"])
    assert not s.agents[0].stoppable
    stop = threading.Event()
    stop.set()
    before = s.state
    with pytest.raises(SearchStopped):
        next(s.ai_turn(stop=stop))
    assert s.state == before and s.history == []


def test_a_cancelled_turn_plays_nothing() -> None:
    s = Session("dice-of-doom", {"size": 6, "seed": 2}, [CLOCK600, "human"])
    stop, cancel = threading.Event(), threading.Event()
    stop.set()
    cancel.set()
    before = s.state
    assert list(s.ai_turn(stop=stop, cancel=cancel)) == []
    assert s.state == before and s.history == []


# -- seats are agents of the registry --------------------------------------------------------
LISP3 = {"size": 3, "seed": 4, "rules": "lisp"}


def play_out(s: Session) -> None:
    """Let the agents play the game to its end."""
    while not s.is_over:
        assert list(s.ai_turn())


def test_a_seat_plays_the_moves_of_its_arena_player() -> None:
    s = Session("dice-of-doom", LISP3, ["lol2", "mcts:playouts=50"], seed=3)
    play_out(s)
    # lol2 alone, on its own tree, answers every position of lol2's in the game the same
    again = Session("dice-of-doom", LISP3, seed=3)
    lol2 = make_agent("lol2")
    lol2.start(again.game, again.start, 0)
    for played in s.history:
        if played.player == 0:
            assert lol2.choose().move == played.move
        lol2.observe(played.move)
    # every agent followed the game: its tree's root is the position now
    assert all(isinstance(a, TreeAgent) and a.tree.root.state == s.state for a in s.agents[:1])


def test_agents_follow_the_dice() -> None:
    s = Session(
        "dice-of-doom", {"size": 3, "seed": 4, "rules": "chance"}, ["lol4", "random"], seed=9
    )
    play_out(s)
    assert any(p.player == CHANCE for p in s.history)
    agent = s.agents[0]
    assert isinstance(agent, TreeAgent) and agent.tree.root.state == s.state
    assert Session.loads(s.dumps()).state == s.state


def test_undo_restarts_the_agents_from_the_history() -> None:
    s = Session("dice-of-doom", LISP3, ["mcts:playouts=40", "random"], seed=1)
    first = [step.played[0].move for step in s.ai_turn()]
    list(s.ai_turn())
    assert s.undo() and s.undo() and s.history == []
    assert [step.played[0].move for step in s.ai_turn()] == first


def test_seats_by_name_and_their_errors() -> None:
    s = Session("tictactoe", seats=[" human ", "random:seed=2"])
    assert [seat.name for seat in s.seats] == ["human", "random:seed=2"]
    assert s.seat(0).is_human and not s.seat(1).is_human
    with pytest.raises(SessionError, match=r"seat 1: unknown agent 'alphazero' \(known: "):
        Session("tictactoe", seats=["human", "alphazero"])
    chance = {"size": 3, "rules": "chance"}
    with pytest.raises(SessionError, match="seat 0: lol2 is the AI of the lisp rules"):
        Session("dice-of-doom", chance, seats=["lol2", "human"])
    with pytest.raises(SessionError, match="is a human"):
        list(Session("tictactoe").ai_turn())


def test_a_version_1_file_loads_with_the_same_ai() -> None:
    data = good()
    data["version"] = 1
    data["seats"] = [HUMAN_SEAT, {"kind": "ai", "settings": {"seconds": None, "depth": 2}}]
    data["moves"] = ["2->3", "pass"]
    s = Session.load(data)
    assert [seat.name for seat in s.seats] == ["human", BOOK2_SEAT]
    assert s.save()["version"] == 2 and s.save()["seats"] == ["human", BOOK2_SEAT]
    state = s.state
    moves = [step.played[0].move for step in s.ai_turn()]
    tree = Tree(s.game, state, share=True)
    expected = [made.move for made in ai_turn(tree, depth=2, rater="auto")]
    assert moves == expected
    data["seats"][1] = {"kind": "ai", "settings": {"seconds": 0.5, "width": None, "tie_seed": 3}}
    assert Session.load(data).seats[1].name == (
        "default:time=0.5:clock=wall:width=all:tie=3:eval=book"
    )


def test_a_learned_game_reaches_the_default_seats() -> None:
    s = Session("tictactoe", seats=["default:time=none:rater=alphabeta:depth=2", "human"])
    agent = s.agents[0]
    assert isinstance(agent, TreeAgent)
    before = agent.tree
    s.use_game(s.game)
    assert agent.tree is not before and agent.tree.root.state == s.state


def test_a_copy_catches_up_with_the_moves_another_made() -> None:
    first = Session("tictactoe")
    for cell in ("b2", "a1", "c3"):
        first.play(cell)
    copy = Session("tictactoe")
    copy.play("b2")
    copy.catch_up([p.text for p in first.history][1:])
    assert copy.state == first.state
    assert [p.text for p in copy.history] == ["b2", "a1", "c3"]
    with pytest.raises(SessionError, match=r"move 4 \('a1'\) is illegal"):
        copy.catch_up(["a1"])
    assert len(copy.history) == 3
