"""Capabilities, not class switches: lazytree asks a game what it offers (the optional
protocols of :mod:`lazytree.game`), never which game it is.

The first test reads lazytree's source (no import) for an ``isinstance``/``issubclass``
on a class defined in ``games/`` and for a comparison of a ``name`` with a built-in
game's name, and fails naming each line; the others check what the built-in games offer
and that a surface says in one line when a game lacks what it needs.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest
from typer.testing import CliRunner

from lazytree.cli import app
from lazytree.game import (
    GameAgents,
    NamedEvaluations,
    PlayDefaults,
    PlayerNames,
    SizedBoard,
    StartOptions,
    WeightedEvaluation,
)
from lazytree.games import load_game
from lazytree.session import PLAY_DEFAULTS, Session, start_options
from lazytree.weights import WeightsError, get_weights, tunable, with_weights

ROOT = Path(__file__).resolve().parents[1]
GAMES_DIR = ROOT / "games"
PACKAGE = ROOT / "lazytree"

runner = CliRunner()


def _game_classes_and_names() -> tuple[set[str], set[str]]:
    """Every class defined under ``games/`` and every game's ``name = "..."``."""
    classes: set[str] = set()
    names: set[str] = set()
    for path in GAMES_DIR.rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if not isinstance(node, ast.ClassDef):
                continue
            classes.add(node.name)
            for item in node.body:
                if (
                    isinstance(item, ast.Assign)
                    and any(isinstance(t, ast.Name) and t.id == "name" for t in item.targets)
                    and isinstance(item.value, ast.Constant)
                    and isinstance(item.value.value, str)
                ):
                    names.add(item.value.value)
    return classes, names


def _mentions(node: ast.AST, classes: set[str]) -> str | None:
    for sub in ast.walk(node):
        if isinstance(sub, ast.Name) and sub.id in classes:
            return sub.id
        if isinstance(sub, ast.Attribute) and sub.attr in classes:
            return sub.attr
    return None


def _is_name(node: ast.AST) -> bool:
    return (isinstance(node, ast.Attribute) and node.attr == "name") or (
        isinstance(node, ast.Name) and node.id == "name"
    )


def _constants(node: ast.AST) -> set[str]:
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return {node.value}
    if isinstance(node, ast.Tuple | ast.List | ast.Set):
        return {
            e.value for e in node.elts if isinstance(e, ast.Constant) and isinstance(e.value, str)
        }
    return set()


def switches(source: str, classes: set[str], game_names: set[str]) -> list[tuple[int, str]]:
    """``(line, what)`` of every class switch and game-name switch in ``source``.

    >>> switches("if isinstance(g, DiceOfDoom): pass", {"DiceOfDoom"}, set())
    [(1, 'isinstance on DiceOfDoom')]
    >>> switches("ok = game.name == 'knights'", set(), {"knights"})
    [(1, "name compared with 'knights'")]
    >>> switches("ok = isinstance(g, WeightedEvaluation)", {"DiceOfDoom"}, {"knights"})
    []
    """
    found: list[tuple[int, str]] = []
    for node in ast.walk(ast.parse(source)):
        if (
            isinstance(node, ast.Call)
            and isinstance(node.func, ast.Name)
            and node.func.id in ("isinstance", "issubclass")
            and len(node.args) == 2
        ):
            cls = _mentions(node.args[1], classes)
            if cls is not None:
                found.append((node.lineno, f"{node.func.id} on {cls}"))
        if isinstance(node, ast.Compare):
            sides = [node.left, *node.comparators]
            if any(_is_name(s) for s in sides):
                hit = set().union(*(_constants(s) for s in sides)) & game_names
                if hit:
                    found.append((node.lineno, f"name compared with {sorted(hit)[0]!r}"))
    return found


def test_lazytree_asks_games_for_capabilities_not_their_class_or_name() -> None:
    classes, game_names = _game_classes_and_names()
    assert {"DiceOfDoom", "Attack", "Checkers", "TicTacToe"} <= classes
    assert {"dice-of-doom", "checkers", "tictactoe", "knights"} <= game_names
    bad = []
    for path in sorted(PACKAGE.rglob("*.py")):
        rel = path.relative_to(PACKAGE).as_posix()
        if rel.startswith("games/"):  # games/: the games' own code (lazytree/games link)
            continue
        for line, what in switches(path.read_text(encoding="utf-8"), classes, game_names):
            bad.append(f"lazytree/{rel}:{line}: {what}")
    assert not bad, "ask the game for a capability instead:\n" + "\n".join(bad)


def test_dice_of_doom_offers_its_capabilities() -> None:
    racket, lisp, chance = (
        load_game("dice-of-doom", rules=r, size=3, seed=2).game
        for r in ("racket", "lisp", "chance")
    )
    for game in (racket, lisp, chance):
        for protocol in (
            WeightedEvaluation,
            NamedEvaluations,
            GameAgents,
            PlayDefaults,
            StartOptions,
            PlayerNames,
            SizedBoard,
        ):
            assert isinstance(game, protocol), protocol.__name__
    assert [g.book_agent() for g in (racket, lisp, chance)] == ["ror", "lol2", "lol4"]  # type: ignore[attr-defined]
    assert lisp.offered_agent("mcts", "mcts", {}) is None  # type: ignore[attr-defined]
    assert PLAY_DEFAULTS["dice-of-doom"] == {"eval": "heuristic"}
    assert PLAY_DEFAULTS["tictactoe"] == {}
    state = load_game("dice-of-doom", size=3, seed=2).state
    again = load_game("dice-of-doom", size=3, **start_options(racket, state))
    assert again.state == state


def test_checkers_offers_weights_and_the_others_do_not() -> None:
    checkers = load_game("checkers").game
    assert isinstance(checkers, WeightedEvaluation)
    tuned = with_weights(checkers, {"king": 150.0})
    assert get_weights(tuned)["king"] == 150.0 and get_weights(checkers)["king"] == 160.0
    b = tuned.weights_to_coefficients(get_weights(tuned))
    assert tuned.coefficients_to_weights(b) == pytest.approx(get_weights(tuned))
    for name in ("tictactoe", "knights", "tree"):
        game = load_game(name).game
        assert not isinstance(game, WeightedEvaluation | NamedEvaluations | GameAgents)
        assert not isinstance(game, SizedBoard | StartOptions | PlayDefaults)
        with pytest.raises(WeightsError, match=f"^{name} has no tunable evaluation"):
            tunable(game)


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["tune", "tictactoe"], "tictactoe has no tunable evaluation (it does not implement "),
        (["tune", "knights", "--games", "1"], "knights has no tunable evaluation"),
        (["analyse", "tictactoe", "--weights", "w.json"], "--weights: tictactoe has no tunable"),
        (["arena", "knights", "--players", "lol2,random"], "lol2 plays Dice of Doom only, not"),
        (["play", "tictactoe", "--seats", "human,lol4"], "lol4 plays Dice of Doom only, not"),
    ],
)
def test_a_surface_says_in_one_line_what_a_game_lacks(
    args: list[str], message: str, tmp_path: Path
) -> None:
    weights = tmp_path / "w.json"
    weights.write_text("{}", encoding="utf-8")
    args = [str(weights) if a == "w.json" else a for a in args]
    result = runner.invoke(app, args, input="quit\n")
    assert result.exit_code == 2, result.output
    assert message in result.stderr and len(result.stderr.strip().splitlines()) == 1


def test_a_game_without_named_evaluations_plays_with_any_eval() -> None:
    s = Session("tictactoe", seats=["human", "default:time=none:rater=alphabeta:depth=2:eval=x"])
    s.play("b2")
    assert [step.played[0].text for step in s.ai_turn()]
