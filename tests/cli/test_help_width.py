"""Every command's ``--help`` reads well in an 80-column terminal.

Typer's rich help once gave each option's name, negative name, type and range a column
of its own: at 80 columns the description column of ``lazytree explore dice-of-doom``
was 15 characters wide, a word or two a line. These tests render the help of every
command (every action for every game) as ``COLUMNS=80 lazytree ... --help`` prints it.
"""

from __future__ import annotations

import re

import pytest
from typer.testing import CliRunner

from lazytree.cli import app
from lazytree.cli.helptext import help_text, walk

WIDTH = 80
_RUNNER = CliRunner()
PATHS = [path for path, _ in walk()]


def paragraphs(text: str) -> list[tuple[int, list[str]]]:
    """The wrapped blocks of a help text, as ``(column where the text starts, its
    lines)``: in the ``Options:`` and ``Commands:`` lists, each entry's description
    (beside its name, continued on the lines below at the same column); elsewhere each
    paragraph."""
    blocks: list[tuple[int, list[str]]] = []
    in_list = False
    for line in text.splitlines():
        indent = len(line) - len(line.lstrip())
        if not line.strip():
            blocks.append((0, []))
            continue
        if indent == 0:
            in_list = line.rstrip().endswith(":")
            blocks.append((0, [] if in_list else [line.strip()]))
            continue
        entry = re.match(r"^( {2})(\S.*?)( {2,})(\S.*)$", line) if in_list else None
        if in_list and indent == 2:
            if entry is None:  # a long option name: its description starts below
                blocks.append((WIDTH, []))
            else:
                start = len(entry.group(1)) + len(entry.group(2)) + len(entry.group(3))
                blocks.append((start, [entry.group(4)]))
        elif blocks and indent == blocks[-1][0] and (blocks[-1][1] or in_list):
            blocks[-1][1].append(line.strip())
        elif blocks and blocks[-1][0] == WIDTH and not blocks[-1][1]:
            blocks[-1] = (indent, [line.strip()])
        else:
            blocks.append((indent, [line.strip()]))
    return [(start, lines) for start, lines in blocks if lines]


def test_the_walk_reaches_every_action_for_every_game() -> None:
    assert ("lazytree", "explore", "dice-of-doom") in PATHS
    assert ("lazytree", "bench", "tictactoe") in PATHS
    assert ("lazytree", "arena", "report") in PATHS
    assert len(PATHS) > 50


def test_the_help_the_command_line_prints_is_the_walked_one() -> None:
    ran = _RUNNER.invoke(app, ["explore", "dice-of-doom", "--help"], env={"COLUMNS": "80"})
    assert ran.exit_code == 0
    assert ran.stdout.strip() == help_text(("lazytree", "explore", "dice-of-doom")).strip()


@pytest.mark.parametrize("path", PATHS, ids=[" ".join(p[1:]) or "lazytree" for p in PATHS])
def test_help_reads_well_at_80_columns(path: tuple[str, ...]) -> None:
    text = help_text(path, WIDTH)
    assert text.startswith(f"Usage: {' '.join(path)}")
    assert max(len(line) for line in text.splitlines()) <= WIDTH
    for start, lines in paragraphs(text):
        # the description column is at least 40 columns wide...
        assert WIDTH - start >= 40, (start, lines)
        # ...and a wrapped description fills its lines: the lines before the last hold
        # on average at least 60% of the column, and none is a lone word or two
        # unless the next word is too long to join it
        full = lines[:-1]
        if not full:
            continue
        mean = sum(len(line) for line in full) / len(full)
        assert mean >= 0.6 * (WIDTH - start), (path, lines)
        for line, after in zip(full, lines[1:], strict=True):
            next_word = after.split()[0]
            if len(line.split()) <= 2:
                assert len(line) + 1 + len(next_word) > WIDTH - start, (path, line, after)


def test_typers_rich_layout_would_fail_the_check(monkeypatch: pytest.MonkeyPatch) -> None:
    # without plain_help, typer's rich layout is back, and its description column is
    # narrower than the 40 columns checked above
    import lazytree.cli
    import lazytree.cli.common

    monkeypatch.setattr(lazytree.cli, "plain_help", lambda command: command)
    monkeypatch.setattr(lazytree.cli.common, "plain_help", lambda command: command)
    ran = _RUNNER.invoke(app, ["explore", "dice-of-doom", "--help"], env={"COLUMNS": "80"})
    assert ran.exit_code == 0 and "╭" in ran.stdout
    [line] = [line for line in ran.stdout.splitlines() if "Rule set:" in line]
    assert WIDTH - line.index("Rule set:") < 40
