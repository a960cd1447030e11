"""The glossary's words keep one meaning in the code (docs/reference/glossary.md).

History belongs in CHANGELOG.md and the commit messages: the code and its docstrings say
what a thing is, never which issue or round made it or what it used to be called. An
agent is never called a player in names, and the position book is never "book" alone: not
in the library's or the front end's names, not in JSON keys, not in what the pages and the
command line show ("book" alone is *Realm of Racket* and *Land of Lisp*).
"""

from __future__ import annotations

import io
import json
import re
import subprocess
import tokenize
from pathlib import Path

import pytest

ROOT = Path(__file__).parents[1]

HISTORY = re.compile(
    r"\bissue\s+#?\d+|\bround (?:one|two|three|four|five|six|seven|eight|nine|ten|\d+)\b"
    r"|\bround (?:one|two|three|four|five|six|seven|eight|nine)'s\b"
    r"|\bolder name\b|\bold name\b|\bby its former name\b",
    re.IGNORECASE,
)
"""Words that tell the code's history."""


def _sources() -> list[Path]:
    """The Python sources of lazytree/, games/ and benchmarks/ that git tracks."""
    out = subprocess.run(
        ["git", "ls-files", "lazytree/*.py", "games/*.py", "benchmarks/*.py"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=True,
    ).stdout.split()
    return [ROOT / name for name in out]


def test_the_sources_are_found() -> None:
    names = {p.relative_to(ROOT).as_posix() for p in _sources()}
    assert "lazytree/agents/players.py" in names and "games/tictactoe.py" in names


def test_no_history_in_the_code() -> None:
    hits = [
        f"{path.relative_to(ROOT)}:{n}: {line.strip()}"
        for path in _sources()
        for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
        if HISTORY.search(line)
    ]
    assert hits == []


@pytest.mark.parametrize(
    "text",
    ["see issue 22 for the boards", "round nine's build", "PLAYERS, by its older name"],
)
def test_the_history_pattern_finds_history(text: str) -> None:
    assert HISTORY.search(text)


def test_one_module_names_the_agents() -> None:
    assert not (ROOT / "lazytree" / "players.py").exists()
    import lazytree.agents

    for old in ("PLAYERS", "make_player", "parse_player"):
        assert not hasattr(lazytree.agents, old)
    assert lazytree.agents.AGENTS.kind == "agent"


# -- "book" alone is the textbooks (the glossary's "position book" is never "book") -------
TEXTBOOK_NAMES = frozenset(
    {
        "BOOK_AGENTS",  # the agents that play like the books (Dice of Doom)
        "BOOK_AI",  # the books' AI player (the Racket benchmark)
        "BOOK_COLLECTION",
        "BOOK_ODDS",  # Land of Lisp's rounded odds
        "BookEvaluation",  # the books' rating of a board
        "_book_ai",
        "_installed_book",
        "_kernel_book",
        "book_agent",
        "book_boards",
        "book_program",
        "book_rating",
        "book_ratings",
        "book_share",
        "book_value",
    }
)
"""Python names in which "book" means *Realm of Racket* or *Land of Lisp*."""

TEXTBOOK_FOLDERS = ("benchmarks/",)
"""Where a name may be ``book`` alone: the benchmarks against the books' own programs."""

_WORDS = re.compile(r"[A-Z]+(?![a-z])|[A-Z]?[a-z]+|\d+")


def _book_alone(name: str) -> bool:
    """Whether the identifier ``name`` has the word "book" not after "position"
    (``book_status``, ``BookUse``, ``book``; not ``position_book``, ``PositionBookUse``)."""
    words = [w.lower() for w in _WORDS.findall(name)]
    return any(w == "book" and (i == 0 or words[i - 1] != "position") for i, w in enumerate(words))


def python_names_with_book_alone(source: str, path: str = "") -> list[str]:
    """The identifiers of Python ``source`` (NAME tokens: not its strings or comments)
    that say "book" alone and are not textbook names."""
    out = []
    for token in tokenize.generate_tokens(io.StringIO(source).readline):
        if token.type != tokenize.NAME or not _book_alone(token.string):
            continue
        if token.string in TEXTBOOK_NAMES:
            continue
        if token.string == "book" and path.startswith(TEXTBOOK_FOLDERS):
            continue
        out.append(f"{path}:{token.start[0]}: {token.string}")
    return out


FRONT_END_BOOK = re.compile(
    r"\.book\b"  # model.book(i), data.book, summary.book, view.book
    r"|(?<!position )(?<!position-)\bbook\??\s*:"  # a key or member: { book: ... }
    r"|\b(?:const|let|var|function)\s+book\b"
    r"|data-book\b|\bdataset\.book\b|\blt-book\b|--book\b"  # attributes, classes, colours
    r"|data-(?:legend|role)=\"?book\b|\brole:\s*\"book"
    r"|▣ book\b"  # the explorer's mark
    r"|\bBOOK\b"
)
"""What the front end (TypeScript, CSS, HTML) would say for the position book with
"book" alone: property and key names, attributes, classes, colours, the mark."""

_IDENTIFIER = re.compile(r"[A-Za-z_$][\w$]*")


def front_end_book_alone(text: str, path: str = "") -> list[str]:
    """The places of front-end ``text`` that name the position book "book" alone: the
    patterns of :data:`FRONT_END_BOOK`, and compound identifiers such as ``bookText`` or
    ``BookMark`` (a single word "book" in prose is the textbooks)."""
    out = []
    for n, line in enumerate(text.splitlines(), 1):
        found = [m.group(0) for m in FRONT_END_BOOK.finditer(line)]
        found += [
            name
            for name in _IDENTIFIER.findall(line)
            if len(_WORDS.findall(name)) > 1 and _book_alone(name)
        ]
        out += [f"{path}:{n}: {x}" for x in found]
    return out


def _tracked(*patterns: str) -> list[Path]:
    out = subprocess.run(
        ["git", "ls-files", *patterns], cwd=ROOT, capture_output=True, text=True, check=True
    ).stdout.split()
    return [ROOT / name for name in out]


def test_no_python_name_says_book_alone_for_the_position_book() -> None:
    hits = [
        hit
        for path in _sources()
        for hit in python_names_with_book_alone(
            path.read_text(encoding="utf-8"), path.relative_to(ROOT).as_posix()
        )
    ]
    assert hits == []


def test_the_front_end_never_says_book_alone_for_the_position_book() -> None:
    paths = _tracked(
        "frontend/src/*.ts", "lazytree/explorer/static/*.css", "lazytree/server/static/*.css"
    )
    paths += _tracked("lazytree/server/static/*.html", "lazytree/explorer/static/*.html")
    assert any(p.name == "render.ts" for p in paths)
    hits = [
        hit
        for path in paths
        for hit in front_end_book_alone(
            path.read_text(encoding="utf-8"), path.relative_to(ROOT).as_posix()
        )
    ]
    assert hits == []


@pytest.mark.parametrize(
    "source",
    [
        "x = result.book.status",
        "def f(book: Path) -> None: ...",
        "from lazytree.search.result import BookUse",
        "s.book_status = 1",
        "runner.has_book = True",
        "class Book: ...",
    ],
)
def test_the_python_check_finds_book_alone(source: str) -> None:
    assert python_names_with_book_alone(source, "lazytree/cli/x.py")


@pytest.mark.parametrize(
    "source",
    [
        "x = result.position_book.status",
        "PositionBookUse('hit')",
        "agent = book_agent(game)  # the book's AI",
        'help = "the book\'s rating"',
        "return _book_ai('ror', 4)",
    ],
)
def test_the_python_check_leaves_the_textbooks_and_position_book(source: str) -> None:
    assert python_names_with_book_alone(source, "lazytree/cli/x.py") == []


@pytest.mark.parametrize(
    "text",
    [
        "const b = this.data.book;",
        "  book?: { note?: string } | null;",
        "if (book) cls.push(`lt-book-${book}`);",
        "label += ' <tspan class=\"lt-position-book\">▣ book</tspan>';",
        '<span data-legend="book" hidden>',
        'el("span", { dataset: { role: "book", book: "hit" } }, "hit")',
        '[data-book="hit"] { color: var(--book); }',
        "export type BookMark = 'hit';",
        "function bookText(s: LastSearch) {",
        "const BOOK = {};",
    ],
)
def test_the_front_end_check_finds_book_alone(text: str) -> None:
    assert front_end_book_alone(text)


@pytest.mark.parametrize(
    "text",
    [
        "const b = this.data.positionBook;",
        "  position_book?: { note?: string } | null;",
        "if (mark) cls.push(`lt-position-book-${mark}`);",
        '? "the book\'s AI searches a fixed depth: it has no shallower move to play now"',
        '<option value="book">the book\'s AI: 4 plies</option>',
        "export type PositionBookMark = 'hit';",
        "const POSITION_BOOK = {};",
        "/** Textbook alpha-beta, as the notebook shows it. */",
    ],
)
def test_the_front_end_check_leaves_the_textbooks_and_position_book(text: str) -> None:
    assert front_end_book_alone(text) == []


def _keys(value: object) -> set[str]:
    """Every key of every mapping inside the JSON value ``value``."""
    if isinstance(value, dict):
        return set(value) | {k for v in value.values() for k in _keys(v)}
    if isinstance(value, list):
        return {k for v in value for k in _keys(v)}
    return set()


def test_the_json_of_a_position_book_search_says_position_book(tmp_path: Path) -> None:
    from typer.testing import CliRunner

    from lazytree.cli import app
    from lazytree.explorer.model import explorer_model
    from lazytree.games import load_game
    from lazytree.position_book import PositionBook, booked_search
    from lazytree.search import alphabeta
    from lazytree.tree import Tree

    runner = CliRunner()
    path = tmp_path / "t.book"
    analyse = ["analyse", "tictactoe", "--depth", "2", "--position-book", str(path), "--json"]
    for status in ("miss", "hit"):
        ran = runner.invoke(app, analyse)
        assert ran.exit_code == 0, ran.stderr
        data = json.loads(ran.stdout)
        assert data["position_book"] == status and "book" not in _keys(data)
    game = load_game("tictactoe").game
    with PositionBook(path, game) as position_book:
        tree = Tree(game)
        result = booked_search(position_book, tree, lambda: alphabeta(tree.root, 2), depth=2)
    model = explorer_model(tree, result=result).data
    assert model["positionBook"] == "h" and model["summary"]["positionBook"]["status"] == "hit"
    assert "book" not in _keys(json.loads(json.dumps(model)))
