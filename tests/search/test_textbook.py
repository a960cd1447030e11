"""``alphabeta:textbook``, the rater every command names: the root searched with the
lectures' narrowing window, one best move, the same value as minimax."""

from __future__ import annotations

import json
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from lazytree.compare import compare_position, parse_methods
from lazytree.games.tree_game import TreeGame
from lazytree.search import alphabeta, minimax, search
from lazytree.search.raters import make_rater
from lazytree.tree import Tree
from tests.helpers import random_tree, run

LECTURE = "[[3,5],[3,1]]"


def test_the_spellings_make_the_textbook_search() -> None:
    assert make_rater("alphabeta:textbook").params == {"textbook": True}
    assert make_rater("alphabeta:textbook=true").params == {"textbook": True}
    assert make_rater("alphabeta:textbook=no").params == {"textbook": False}
    assert not make_rater("alphabeta:textbook").all_best
    assert make_rater("alphabeta").all_best and make_rater("alphabeta:textbook=0").all_best


def test_the_textbook_cuts_leaf_1_1() -> None:
    game = TreeGame(json.loads(LECTURE))
    plain, book = Tree(game), Tree(game)
    p = search(plain.root, 2, "alphabeta")
    t = search(book.root, 2, "alphabeta:textbook")
    assert (p.value, p.best_moves, p.rater) == (3, (0,), "alphabeta")
    assert (t.value, t.best_moves, t.rater) == (3, (0,), "alphabeta:textbook")
    assert book.root.children[1].child.generated_moves == (0,)  # 1.1 never generated
    assert plain.root.children[1].child.generated_moves == (0, 1)
    assert (book.stats.evaluations, plain.stats.evaluations) == (3, 4)


@settings(max_examples=80, deadline=None)
@given(st.integers(0, 10**9), st.integers(0, 5), st.integers(0, 1))
def test_the_textbook_value_is_minimax(seed: int, depth: int, root_player: int) -> None:
    game = TreeGame(random_tree(random.Random(seed), 5), root_player=root_player)
    exact, plain, book = Tree(game), Tree(game), Tree(game)
    m = minimax(exact.root, depth)
    t = alphabeta(book.root, depth, textbook=True)
    a = alphabeta(plain.root, depth)
    assert t.value == m.value
    assert t.best_moves == m.best_moves[:1]  # the first best move (none at a leaf)
    assert t.pv[:1] == t.best_moves
    assert book.stats.evaluations <= plain.stats.evaluations <= exact.stats.evaluations
    assert a.best_moves == m.best_moves


def test_compare_accepts_one_of_the_tied_best_moves() -> None:
    tied = TreeGame([[3, 5], [4, 3]])  # both moves worth 3
    case = compare_position(tied, (), 2, parse_methods("alphabeta:textbook"), memory=False)
    runs = {r.method: r for r in case.runs}
    assert case.agree is True and case.mismatches == ()
    assert runs["eager"].best_moves == (0, 1) and runs["alphabeta:textbook"].best_moves == (0,)
    assert not runs["alphabeta:textbook"].all_best


def test_analyse_reports_the_textbook_search() -> None:
    args = ["analyse", "tree", "--spec", LECTURE, "--depth", "2", "--json"]
    code, out, _ = run(*args, "--rater", "alphabeta:textbook")
    code_plain, out_plain, _ = run(*args, "--rater", "alphabeta")
    assert code == code_plain == 0
    book, plain = json.loads(out), json.loads(out_plain)
    assert book["rater"] == "alphabeta:textbook" and book["value"] == plain["value"] == 3
    assert book["best_moves"] == ["0"]
    assert book["stats"]["evaluations"] == 3 and plain["stats"]["evaluations"] == 4
    assert book["stats"]["moves_generated"] == plain["stats"]["moves_generated"] - 1


def test_compare_cli_runs_it_beside_plain_alphabeta() -> None:
    code, out, _ = run(
        "compare", "tree", "--spec", LECTURE, "--depth", "2", "--no-memory", "--json",
        "--rater", "alphabeta,alphabeta:textbook",
    )  # fmt: skip
    assert code == 0
    (case,) = json.loads(out)["cases"]
    built = {m["method"]: m["nodes_built"] for m in case["methods"]}
    assert case["agree"] is True
    assert built["alphabeta:textbook"] == built["alphabeta"] - 1


@pytest.mark.parametrize(
    ("command", "rater", "message"),
    [
        ("analyse", "alphabeta:textbok", "no parameter 'textbok' (parameters: textbook)"),
        ("analyse", "alphabeta:textbook=maybe", "alphabeta: textbook='maybe' is not true or false"),
        ("analyse", "minimax:textbook", "minimax has no parameter 'textbook' (parameters: none)"),
        ("compare", "alphabeta:textbok", "alphabeta has no parameter 'textbok'"),
        ("compare", "alphabeta:textbook=2", "alphabeta: textbook='2' is not true or false"),
    ],
)
def test_bad_spellings_are_one_line(command: str, rater: str, message: str) -> None:
    extra = ["--no-memory"] if command == "compare" else []
    code, out, err = run(command, "tree", "--spec", LECTURE, "--rater", rater, *extra)
    assert code == 2 and out == ""
    assert message in err and len(err.strip().splitlines()) == 1 and "Traceback" not in err
