"""Truthful notes: after any search, at every node, the moves searched, the moves generated
but not searched and the moves never generated are the legal moves, in generation order.

The notes are what the exports say (:func:`~lazytree.export.graph.to_networkx`'s summary
notes, :func:`~lazytree.explorer.model.explorer_model`'s ``edges`` and ``never``); the
truth is the game's own ``legal_moves`` and which edges the search forced.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

import pytest

from lazytree.explorer.model import explorer_model
from lazytree.export.graph import never_generated, node_items, not_searched, to_networkx
from lazytree.game import ChanceGame
from lazytree.games import load_game
from lazytree.search import RATERS, Limit, SearchStopped, search
from lazytree.traverse import explored
from lazytree.tree import Node, Tree

# Every built-in game, small: (name, options), with random boards where the game has them.
GAMES: list[tuple[str, dict[str, Any]]] = [
    ("dice-of-doom", {"rules": "racket", "size": 3}),
    ("dice-of-doom", {"rules": "lisp", "size": 3}),
    ("dice-of-doom", {"rules": "chance", "size": 3}),
    ("dice-of-doom", {"rules": "lisp", "size": 3, "players": 3}),
    ("tree", {}),
    ("checkers", {"width": 6, "height": 6}),
    ("knights", {}),
    ("tictactoe", {}),
]
SEEDS = range(3)


def positions(name: str, options: dict[str, Any]) -> Iterator[tuple[Any, Any]]:
    """Random positions of the game: a seeded board where it has one, then a few random
    moves from the start (never a finished game)."""
    for seed in SEEDS:
        board = {"seed": seed} if name == "dice-of-doom" else {}
        game, state = load_game(name, **options, **board)
        rng = random.Random(seed)
        for _ in range(rng.randrange(4)):
            moves = list(game.legal_moves(state))
            if not moves:
                break
            after = game.result(state, rng.choice(moves))
            if game.is_terminal(after):
                break
            state = after
        yield game, state


def check_notes(tree: Tree[Any, Any]) -> int:
    """Check every node below the root against the game; return how many were expanded."""
    game = tree.game
    model = explorer_model(tree)
    graph = to_networkx(tree)
    index = {id(n): i for i, n in enumerate(model.nodes)}
    expanded = 0
    totals = {"searched": 0, "unsearched": 0, "never": 0}
    for node, _ in explored(tree.root):
        generated = [e.move for e in node.generated_edges]
        searched = [e.move for e in node.generated_edges if e.forced]
        unsearched = not_searched(node)
        never = never_generated(node)
        if node.expanded:
            expanded += 1
            legal = list(game.legal_moves(node.state))
            assert generated == legal[: len(generated)]  # a prefix of the generation order
            assert generated + never == legal
            rest = [m for m in generated if m not in searched]
            assert unsearched == rest and len(searched) + len(unsearched) + len(never) == len(legal)
        else:  # a leaf of the search: nothing generated, nothing noted
            assert generated == searched == unsearched == never == []
        i = index[id(node)]
        flat = model.data["edges"][i]
        assert [model.data["strings"][m] for m in flat[::2]] == [
            game.move_to_str(node.state, m) for m in generated
        ]
        assert sum(1 for c in flat[1::2] if c < 0) == len(unsearched)
        assert model.data["never"][i] == len(never)
        totals["searched"] += len(searched)
        totals["unsearched"] += len(unsearched)
        totals["never"] += len(never)
    positions = [a for _, a in node_items(graph) if a["kind"] == "position"]
    assert len(positions) == len(model.nodes)
    assert sum(a["forced_children"] for a in positions) == totals["searched"]
    assert sum(a["not_searched"] for a in positions) == totals["unsearched"]
    notes = {"pruned": 0, "unsearched": 0}
    for _, a in node_items(graph):
        if a["kind"] in notes:
            notes[a["kind"]] += a["count"]
    assert notes == {"pruned": totals["never"], "unsearched": totals["unsearched"]}
    return expanded


def required(game: Any) -> set[str]:
    """The raters that must rate this game (any other may refuse it with ``ValueError``)."""
    if isinstance(game, ChanceGame):
        return {"minimax", "expectiminimax", "alphabeta-tt", "auto"}
    if game.num_players > 2:
        return {"minimax", "paranoid", "maxn", "auto"}
    return set(RATERS)


@pytest.mark.slow
@pytest.mark.parametrize(("name", "options"), GAMES, ids=[f"{n}{o}" for n, o in GAMES])
def test_every_rater_leaves_truthful_notes(name: str, options: dict[str, Any]) -> None:
    searched = 0
    for game, state in positions(name, options):
        rated = set()
        for rater in sorted(RATERS):
            tree: Tree[Any, Any] = Tree(game, state, share=rater == "alphabeta-tt")
            try:
                # the player to move rates (mcts can only); at a chance root, player 0
                player = 0 if tree.root.is_chance else None
                search(tree.root, Limit(depth=3, nodes=3000), rater, player=player)
            except ValueError:  # refused: chance nodes, or more than two players
                continue
            except SearchStopped:  # the budget: the tree it left must be truthful too
                pass
            rated.add(rater)
            searched += check_notes(tree)
        assert required(game) <= rated
    assert searched > 0


@pytest.mark.slow
@pytest.mark.parametrize(("name", "options"), GAMES, ids=[f"{n}{o}" for n, o in GAMES])
def test_the_play_ai_search_leaves_truthful_notes(name: str, options: dict[str, Any]) -> None:
    unsearched = 0
    for game, state in positions(name, options):
        for width in ("auto", 2):
            tree: Tree[Any, Any] = Tree(game, state, share=True)
            player = 0 if tree.root.is_chance else None
            search(tree.root, Limit(nodes=1500), f"deepening:width={width}", player=player)
            assert check_notes(tree) > 0
            unsearched += sum(len(not_searched(n)) for n, _ in explored(tree.root))
    assert unsearched > 0  # the width left moves generated but not searched


def forced_and_legal(node: Node[Any, Any]) -> tuple[list[Any], list[Any]]:
    return [e.move for e in node.generated_edges if e.forced], list(
        node.context.game.legal_moves(node.state)
    )


@pytest.mark.slow
def test_the_issue_board_after_the_play_ai_search_has_truthful_notes() -> None:
    """Issue 23's board: 5x5 lisp, seed 7, the play AI's search (under a node limit, so
    the test is deterministic): no note names a move that was searched, a note of moves
    never generated names the tail of the generation order, and every legal move is
    searched or noted."""
    game, state = load_game("dice-of-doom", rules="lisp", size=5, seed=7)
    tree: Tree[Any, Any] = Tree(game, state, share=True)
    result = search(tree.root, Limit(nodes=20_000), "deepening")
    assert result.depth is not None and result.depth >= 2
    graph = to_networkx(tree, result=result)
    noted = 0
    for node_id, attrs in node_items(graph):
        if attrs["kind"] not in ("pruned", "unsearched"):
            continue
        (parent_id,) = graph.predecessors(node_id)
        path = [] if parent_id == "root" else parent_id.split("/")[1:]
        node = tree.root
        for label in path:
            node = node.child_for(game.parse_move(node.state, label))
        forced, legal = forced_and_legal(node)
        labels = [game.move_to_str(node.state, m) for m in legal]
        forced_labels = {game.move_to_str(node.state, m) for m in forced}
        noted_moves = attrs["moves"].split()
        assert not forced_labels & set(noted_moves)  # a noted move was never searched
        if attrs["kind"] == "pruned":  # the tail of the generation order
            assert noted_moves == labels[len(labels) - len(noted_moves) :]
        noted += 1
    # every move of every expanded node is searched or in one of its notes
    assert check_notes(tree) > 1
    assert noted > 100
    root_forced, root_legal = forced_and_legal(tree.root)
    root_notes = graph.nodes.get("root/unsearched", {}).get("moves", "").split()
    assert len(root_forced) + len(root_notes) == len(root_legal)
