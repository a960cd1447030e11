"""Trees in the text format (:mod:`lazytree.games.tree_text`): the textbooks' examples,
MIN at the root, chance nodes and evaluations, and every mistake pointed at by line and
column (one line, exit 2 on the command line)."""

from __future__ import annotations

import json
import math
from pathlib import Path
from typing import Any

import pytest

from lazytree.games import GAMES, OptionError, load_game
from lazytree.games.builtin import TREE_FILE_BYTES
from lazytree.games.tree_game import ChanceTreeGame, TreeGame, tree_game
from lazytree.games.tree_text import MAX_TEXT, TreeTextError, looks_like_text, parse_tree
from lazytree.teach import Trace, traced_search
from lazytree.tree import Tree
from tests.helpers import expectiminimax_of, run, textbook

AIMA_5_2 = """\
# AIMA figure 5.2: a two-ply game tree, MAX to move at A
MAX A: B C D
B: 3 12 8
C: 2 4 6
D: 14 5 2
"""

MIN_ROOT = """\
MIN A: B C D   # the same leaves, MIN to move first
B: 3 12 8
C: 2 4 6
D: 14 5 2
"""

CHANCE = """\
MAX A: B C
CHANCE B: 1/2 D  1/2 E   # a fair coin
C: 2 1
D(4): x=3 y=7            # an evaluation for a depth cut-off at D
E: 0 -5
"""


def game_of(text: str) -> TreeGame:
    tree = parse_tree(text)
    return tree_game(tree.spec, tree.root_player, values_for=0, labels=tree.labels)


def test_aima_5_2() -> None:
    tree = parse_tree(AIMA_5_2)
    assert tree.spec == [[3, 12, 8], [2, 4, 6], [14, 5, 2]] and tree.root_player == 0
    assert tree.labels == {(): "A", (0,): "B", (1,): "C", (2,): "D"}
    game = game_of(AIMA_5_2)
    searched = Tree(game)
    result = traced_search(searched.root, 2, "alphabeta", textbook=True)
    assert (result.value, result.best_moves) == (3, (0,))
    assert [game.move_to_str((), m) for m in result.best_moves] == ["B"]
    assert searched.root.children[1].child.generated_moves == (0,)  # 4 and 6 never generated


def test_min_at_the_root_minimises() -> None:
    game = game_of(MIN_ROOT)
    assert game.to_move(()) == 1 and game.max_player() == 0
    trace = Trace()
    result = traced_search(Tree(game).root, 2, "alphabeta", textbook=True, trace=trace)
    assert (result.player, result.value, result.best_moves) == (0, 6, (1,))  # C: max 6
    root_updates = [s.value for s in trace if s.event == "update" and not s.node.state]
    assert root_updates == [12, 6, 6]  # the least so far


def test_chance_nodes_labels_and_evaluations() -> None:
    tree = parse_tree(CHANCE)
    assert tree.spec == [
        {"chance": [[0.5, {"eval": 4, "children": [3, 7]}], [0.5, [0, -5]]]},
        [2, 1],
    ]
    assert tree.labels[(0, 0, 0)] == "x" and tree.labels[(0, 1)] == "E"
    game = game_of(CHANCE)
    assert isinstance(game, ChanceTreeGame)
    assert game.label((0, 0, 1)) == "y=7" and game.label((0,)) == "B"
    assert game.parse_move((0, 0), "y") == 1 and game.parse_move((), "1") == 1
    # B = 1/2 D + 1/2 E = 1/2 min(3, 7) + 1/2 min(0, -5) = -1; C = min(2, 1) = 1
    deep = traced_search(Tree(game).root, 3, "expectiminimax", star1=False)
    assert (deep.value, deep.best_moves) == (1, (1,))
    # at depth 2 (the chance node B is a ply) D and E are cut off: 1/2 x 4 + 1/2 x 0 = 2
    cut = traced_search(Tree(game).root, 2, "expectiminimax", star1=False)
    assert (cut.value, cut.best_moves) == (2, (0,))


@pytest.mark.parametrize(
    ("text", "line", "column", "says"),
    [
        ("A: B\nB: 1 Q", 2, 6, "Q is not defined"),
        ("A: B C\nB: 1\nC: 2\nB: 3", 4, 1, "B is defined twice (line 2)"),
        ("A: B B\nB: 1", 1, 6, "B is already a child at line 1, column 4"),
        ("A: 1 2\nB: 3", 2, 1, "B is not reached from the root A"),
        ("A: B\nCHANCE B: 1/2 3 2/3 4", 2, 11, "add up to 1.16667, not 1"),
        ("A: B\nCHANCE B: 1/2 3 1/2", 2, 17, "come in pairs"),
        ("A: B\nCHANCE B: 0.5 3 p 4", 2, 17, "'p' is not a probability"),
        ("A: 1 2x", 1, 6, "the leaf '2x' is not a number"),
        ("A 1 2", 1, 1, "expected 'label: children'"),
        ("MAX A: B\nMAX B: 1", 2, 5, "B is MIN here (players alternate)"),
        ("CHANCE A: 1 2", 1, 8, "the root must be MAX or MIN"),
        ("A(x): 1", 1, 3, "the evaluation 'x' is not a number"),
        ("A:", 1, 3, "A has no children"),
        ("  # nothing", 1, 1, "no nodes"),
    ],
)
def test_mistakes_point_at_line_and_column(text: str, line: int, column: int, says: str) -> None:
    with pytest.raises(TreeTextError) as caught:
        parse_tree(text)
    assert (caught.value.line, caught.value.column) == (line, column), str(caught.value)
    assert says in str(caught.value)
    assert str(caught.value).startswith(f"line {line}, column {column}: ")


def test_json_or_text() -> None:
    assert looks_like_text(AIMA_5_2) and looks_like_text("A: 1 2")
    assert not looks_like_text("[[1, 2], 3]") and not looks_like_text(' {"chance": []}')


def test_the_command_line_takes_the_text(tmp_path: Path) -> None:
    out = tmp_path / "t.json"
    args = ("--spec", MIN_ROOT, "--depth", "2", "--rater", "alphabeta:textbook")
    code, stdout, stderr = run("explore", "tree", *args, "--out", str(out), "--json")
    assert code == 0, stderr
    doc = json.loads(out.read_text())
    summary = json.loads(stdout)
    assert (summary["value"], summary["player"], summary["best_move"]) == (6, 0, "C")
    nodes = {s["node"] for s in doc["steps"]}
    assert {"root", "root/B", "root/C", "root/D"} <= nodes  # moves written as labels


def test_a_mistake_on_the_command_line_is_one_line(tmp_path: Path) -> None:
    out = tmp_path / "t.json"
    code, _, stderr = run("explore", "tree", "--spec", "A: B\nB: 1 Q", "--out", str(out))
    assert code == 2 and "Traceback" not in stderr
    assert stderr.strip().splitlines() == [
        "error: tree: --spec line 2, column 6: Q is not defined (no line 'Q: ...')"
    ]
    code, _, stderr = run(
        "explore", "tree", "--spec", "A: 1", "--root-player", "1", "--out", str(out)
    )
    assert code == 2 and "says MAX or MIN at its root" in stderr


# -- the textbooks' trees, from the files under docs/trees --------------------------------

TREES = Path(__file__).resolve().parents[2] / "docs" / "trees"


def never_generated(tree: Tree[Any, Any], game: TreeGame) -> list[str]:
    """The labels of the leaves and nodes a search never generated (their paths when
    unlabelled), left to right."""
    out: list[str] = []

    def walk(node: Any, state: tuple[int, ...]) -> None:
        generated = node.generated_moves
        for move in game.legal_moves(state):
            child = (*state, move)
            if move not in generated:
                out.append(game.labels.get(child, ".".join(map(str, child))))
            else:
                edge = node.children[move]
                if edge.forced:
                    walk(edge.child, child)

    walk(tree.root, ())
    return out


@pytest.mark.parametrize(
    ("name", "depth", "value", "best", "pruned"),
    [
        ("aima-5-2", 2, 3, "B", ["c2", "c3"]),  # AIMA figure 5.5: C's 4 and 6 never looked at
        # the greyed parts: L's last 5, O's 9 and all of J
        ("wikipedia-alphabeta", 4, 6, "C", ["0.0.1.2", "1.0.1.1", "J"]),
    ],
)
def test_the_textbooks_trees(
    name: str, depth: int, value: float, best: str, pruned: list[str]
) -> None:
    """Each tree gives the value its book states, its alpha-beta cuts what the book
    greys out, and every step is the independent textbook alpha-beta's."""
    text = (TREES / f"{name}.tree").read_text(encoding="utf-8")
    game = game_of(text)
    tree, trace = Tree(game), Trace()
    result = traced_search(tree.root, depth, "alphabeta", textbook=True, trace=trace)
    assert result.value == value and [game.move_to_str((), m) for m in result.best_moves] == [best]
    assert never_generated(tree, game) == pruned
    expected: list[tuple[Any, ...]] = []
    textbook(parse_tree(text).spec, depth, (), -math.inf, math.inf, True, expected)
    assert [(s.node.state, s.event, s.alpha, s.beta, s.value) for s in trace] == expected


@pytest.mark.parametrize(
    ("name", "b", "c"), [("aima-chance", 2.1, 1.3), ("aima-chance-rescaled", 21, 40.9)]
)
def test_the_textbooks_chance_trees(name: str, b: float, c: float) -> None:
    """AIMA's order-preserving transformation: B worth 2.1 and C 1.3, then 21 and 40.9:
    the best move changes from B to C. Star1 and plain expectiminimax agree with an
    independent expectiminimax."""
    text = (TREES / f"{name}.tree").read_text(encoding="utf-8")
    game = game_of(text)
    for star1 in (True, False):
        result = traced_search(Tree(game).root, 3, "expectiminimax", star1=star1)
        assert math.isclose(result.value, max(b, c))
        assert [game.move_to_str((), m) for m in result.best_moves] == ["B" if b > c else "C"]
    plain = traced_search(Tree(game).root, 3, "expectiminimax", star1=False)
    assert [(game.move_to_str((), m), round(v, 9)) for m, v in plain.move_values] == [
        ("B", b),
        ("C", c),
    ]
    assert expectiminimax_of(parse_tree(text).spec, 3)[0] == pytest.approx(max(b, c))


def test_a_tree_from_a_file(tmp_path: Path) -> None:
    """``--spec @FILE`` reads the tree from a file: the same answer as the text inline;
    a mistake names the file, its line and its column; a missing or too big file is one
    line, exit 2."""
    out = tmp_path / "t.json"
    aima = str(TREES / "aima-5-2.tree")
    args = ("--depth", "2", "--rater", "alphabeta:textbook", "--out", str(out), "--json")
    code, stdout, stderr = run("explore", "tree", "--spec", f"@{aima}", *args)
    assert code == 0, stderr
    assert (json.loads(stdout)["value"], json.loads(stdout)["best_move"]) == (3, "B")
    bad = tmp_path / "bad.tree"
    bad.write_text("# a comment first\nMAX A: B\nB: 1  Q\n", encoding="utf-8")
    code, _, stderr = run("analyse", "tree", "--spec", f"@{bad}")
    assert code == 2 and stderr.strip().splitlines() == [
        f"error: tree: --spec {bad}: line 3, column 7: Q is not defined (no line 'Q: ...')"
    ]
    code, _, stderr = run("analyse", "tree", "--spec", f"@{tmp_path / 'none.tree'}")
    assert code == 2 and stderr.strip().splitlines() == [
        f"error: --spec {tmp_path / 'none.tree'}: No such file or directory"
    ]
    big = tmp_path / "big.tree"
    big.write_text("A: 1\n" + "#" * TREE_FILE_BYTES, encoding="utf-8")
    code, _, stderr = run("analyse", "tree", "--spec", f"@{big}")
    assert code == 2 and "is more than the 195 KiB --spec reads" in stderr
    assert len(stderr.strip().splitlines()) == 1


def test_only_the_command_line_reads_a_file() -> None:
    """The library (and so the server, which takes a page's options) reads no file:
    ``@PATH`` is text there, a tree's text with a mistake."""
    with pytest.raises(OptionError, match="line 1, column 1"):
        load_game("tree", spec=f"@{TREES / 'aima-5-2.tree'}")
    assert GAMES["tree"].options[0].file_bytes == MAX_TEXT  # the text format's own bound
