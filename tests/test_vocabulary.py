"""The glossary's words keep one meaning in the code (docs/reference/glossary.md).

History belongs in CHANGELOG.md and the commit messages: the code and its docstrings say
what a thing is, never which issue or round made it or what it used to be called. An
agent is never called a player in names, and the position book is never "book" alone in
what the command line prints.
"""

from __future__ import annotations

import re
import subprocess
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
    """The Python sources of lazytree/ and games/ that git tracks."""
    out = subprocess.run(
        ["git", "ls-files", "lazytree/*.py", "games/*.py"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=True,
    ).stdout.split()
    return [ROOT / name for name in out]


def test_the_sources_are_found() -> None:
    names = {p.relative_to(ROOT).as_posix() for p in _sources()}
    assert "lazytree/agents.py" in names and "games/tictactoe.py" in names


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
