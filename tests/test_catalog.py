"""The catalog: games found through entry points, loaded lazily, broken plugins kept
apart with a one-line reason, and the ``lazytree games`` listing."""

from __future__ import annotations

import json
import subprocess
import sys
from collections.abc import Iterator
from importlib.metadata import EntryPoint
from pathlib import Path

import pytest

from lazytree.catalog import GAMES, GROUP, Catalog, Entry, GameSpec, OptionError, load_game
from lazytree.cli import COMMANDS, load_command
from lazytree.games.tree_game import TreeGame
from tests.cli.helpers import run

ROOT = Path(__file__).resolve().parents[1]
BUILT_IN = ["dice-of-doom", "tree", "checkers", "knights", "tictactoe"]


def small_tree() -> TreeGame:
    """A zero-argument callable returning a Game (an entry point may name one)."""
    return TreeGame([[1, 2], [3]])


NOT_A_GAME = 42


def entry(name: str, value: str) -> Entry:
    return Entry(name, "test 1.0", value, EntryPoint(name, value, GROUP).load)


def imported_after(code: str) -> list[str]:
    """The game modules (and sqlite3) a fresh interpreter has imported after ``code``."""
    probe = (
        f"{code}\nimport sys\nprint(sorted(m for m in sys.modules "
        "if m.startswith('lazytree.games.') or m == 'sqlite3'))"
    )
    done = subprocess.run(
        [sys.executable, "-c", probe], capture_output=True, text=True, cwd=ROOT, timeout=120
    )
    assert done.returncode == 0, done.stderr
    return list(json.loads(done.stdout.strip().splitlines()[-1].replace("'", '"')))


def test_built_in_games_come_from_lazytrees_own_entry_points() -> None:
    assert GAMES.names()[: len(BUILT_IN)] == BUILT_IN
    for name in BUILT_IN:
        assert GAMES.origin(name).startswith("lazytree ")
        assert GAMES[name].name == name


def test_importing_lazytree_and_listing_names_imports_no_game() -> None:
    code = "import lazytree, lazytree.games\nfrom lazytree.games import GAMES\nGAMES.names()"
    assert imported_after(code) == []


def test_lazytree_help_imports_no_game() -> None:
    code = (
        "import sys\nsys.argv = ['lazytree', '--help']\nfrom lazytree.cli import app\n"
        "try:\n    app(prog_name='lazytree')\nexcept SystemExit:\n    pass"
    )
    assert imported_after(code) == []


def test_the_root_help_is_each_commands_own() -> None:
    for name, (_, _, short) in COMMANDS.items():
        command = load_command(name)
        assert command.help is not None
        assert " ".join(command.help.split("\n\n")[0].split()) == short, name
    ran = run("--help")
    assert ran.code == 0 and "Count the game tree" in ran.out and "games" in ran.out


def test_using_one_game_imports_that_game_only() -> None:
    found = imported_after("from lazytree.games import load_game\nload_game('tictactoe')")
    assert "lazytree.games.tictactoe" in found
    assert not any(m.startswith("lazytree.games.dice_of_doom") for m in found)
    assert "lazytree.games.checkers" not in found


def test_a_callable_entry_point_gives_a_game_without_options() -> None:
    catalog = Catalog(lambda: [entry("tree", "tests.test_catalog:small_tree")])
    spec = catalog["tree"]
    assert spec.options == ()
    position = spec.setup({})
    assert list(position.game.legal_moves(position.state)) == [0, 1]


@pytest.fixture
def with_broken() -> Iterator[Catalog]:
    catalog = Catalog(
        lambda: [
            entry("renamed", "lazytree.games.builtin:TICTACTOE"),
            entry("missing", "no_such_plugin_module:SPEC"),
            entry("number", "tests.test_catalog:NOT_A_GAME"),
            entry("other-name", "tests.test_catalog:small_tree"),
        ]
    )
    yield catalog


def test_broken_entry_points_are_kept_apart_with_a_reason(with_broken: Catalog) -> None:
    catalog = with_broken
    assert catalog.names() == ["renamed", "missing", "number", "other-name"]
    broken = catalog.broken()
    assert set(broken) == {"renamed", "missing", "number", "other-name"}
    assert "No module named 'no_such_plugin_module'" in broken["missing"]
    assert "neither a GameSpec nor" in broken["number"]
    assert "gives a game called 'tree'" in broken["other-name"]
    assert "gives a game called 'tictactoe'" in broken["renamed"]
    assert all("\n" not in why for why in broken.values())
    assert "missing" not in catalog and "renamed" not in catalog  # renamed names 'tictactoe'
    assert list(catalog) == []


def test_a_good_plugin_is_not_broken_by_a_bad_one() -> None:
    catalog = Catalog(
        lambda: [
            entry("missing", "no_such_plugin_module:SPEC"),
            entry("tictactoe", "lazytree.games.builtin:TICTACTOE"),
        ]
    )
    assert list(catalog) == ["tictactoe"]
    assert isinstance(catalog["tictactoe"], GameSpec)
    with pytest.raises(KeyError):
        catalog["missing"]


@pytest.fixture
def broken_game() -> Iterator[str]:
    GAMES.declare(entry("broken-plugin", "no_such_plugin_module:SPEC"))
    yield "broken-plugin"
    GAMES.unregister("broken-plugin")


def test_load_game_says_why_a_plugin_is_broken(broken_game: str) -> None:
    with pytest.raises(OptionError, match="cannot be loaded: cannot load no_such_plugin_module"):
        load_game(broken_game)
    with pytest.raises(OptionError, match="unknown game 'nosuch'"):
        load_game("nosuch")


def test_the_cli_says_why_a_plugin_is_broken_in_one_line(broken_game: str) -> None:
    ran = run("count", broken_game)
    assert ran.code == 2
    assert "No module named 'no_such_plugin_module'" in ran.error_line()
    assert run("count", "tictactoe", "--json").code == 0  # the others still work


def test_lazytree_games_lists_every_game_and_the_broken_ones(broken_game: str) -> None:
    ran = run("games", "--json")
    assert ran.code == 0, ran.err
    listed = json.loads(ran.out)
    names = [g["name"] for g in listed["games"]]
    assert names[: len(BUILT_IN)] == BUILT_IN
    dice = listed["games"][0]
    assert dice["origin"].startswith("lazytree 0.1.0")
    assert "--size" in dice["options"]
    assert {"BoundedGame", "OrderedGame"} <= set(dice["capabilities"])
    assert listed["broken"] == [
        {
            "name": "broken-plugin",
            "reason": "cannot load no_such_plugin_module:SPEC: "
            "ModuleNotFoundError: No module named 'no_such_plugin_module'",
        }
    ]
    table = run("games")
    assert table.code == 0
    assert "broken-plugin" in table.out and "tictactoe" in table.out
