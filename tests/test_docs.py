"""The README and the documentation pages: short, every relative link resolves, the
examples run, and the pictures the tests make are the ones the pages show.

The site itself is built strict by ``make docs`` (part of ``make test``), which also
checks the links between pages and their anchors.
"""

from __future__ import annotations

import contextlib
import io
import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
README = ROOT / "README.md"
DOCS = ROOT / "docs"
PAGES = sorted(DOCS.rglob("*.md"))
LINK = re.compile(r"!?\[[^\]]*\]\(([^)\s]+)\)")
COMMENT = re.compile(r"<!--.*?-->", re.S)
FENCE = re.compile(r"^```.*?^```", re.S | re.M)
GENERATED = {DOCS / "reference" / "commands.md"}
"""Pages docs/hooks.py writes when the site is built (the command reference)."""


def links(page: Path) -> list[str]:
    """The link targets of a Markdown page, outside code blocks and HTML comments (the
    comments hold the places kept for pages still to come)."""
    text = FENCE.sub("", COMMENT.sub("", page.read_text(encoding="utf-8")))
    return LINK.findall(text)


def python_blocks(page: Path) -> list[str]:
    return re.findall(r"^```python\n(.*?)^```", page.read_text(encoding="utf-8"), re.S | re.M)


def test_the_readme_is_short() -> None:
    assert len(README.read_text(encoding="utf-8").splitlines()) <= 250


@pytest.mark.parametrize("page", [README, *PAGES], ids=lambda p: str(p.relative_to(ROOT)))
def test_every_relative_link_resolves(page: Path) -> None:
    found = links(page)
    for target in found:
        if re.match(r"^[a-z]+:", target) or target.startswith("#"):
            continue
        path = (page.parent / target.split("#", 1)[0]).resolve()
        assert path.exists() or path in GENERATED, f"{page.name}: {target} does not exist"


def test_the_link_check_finds_links_and_misses() -> None:
    assert "docs/tutorial.md" in links(README)
    assert "docs/images/explorer.png" in links(README)
    missing = [t for t in links(README) if not (ROOT / t.split("#")[0]).exists()]
    assert missing == []
    assert not (ROOT / "docs/no-such-page.md").exists()


def test_the_generated_pages_are_generated() -> None:
    hooks = (DOCS / "hooks.py").read_text(encoding="utf-8")
    for page in GENERATED:
        assert f'"{page.relative_to(DOCS)}"' in hooks


def test_the_readmes_library_example_runs() -> None:
    [block] = python_blocks(README)
    assert len(block.strip().splitlines()) <= 10
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        exec(compile(block, "README.md", "exec"), {})
    first, second = out.getvalue().splitlines()
    value, *_ = first.split()
    assert float(value) in (0.0, 0.5, 1.0)  # the book's evaluation: a share of the win
    move, depth = second.split()
    assert "->" in move and int(depth) >= 1  # the first move of a turn is an attack


def test_the_tutorials_example_runs() -> None:
    for block in python_blocks(DOCS / "tutorial.md"):
        with contextlib.redirect_stdout(io.StringIO()):
            exec(compile(block, "tutorial.md", "exec"), {})


def test_the_pages_the_issue_names_say_what_they_must() -> None:
    guide = (DOCS / "write-your-own-game.md").read_text(encoding="utf-8")
    assert '[project.entry-points."lazytree.games"]' in guide
    protocol = (DOCS / "reference" / "game-protocol.md").read_text(encoding="utf-8")
    assert "::: lazytree.game.Game" in protocol
    from lazytree.game import Game

    assert "legal_moves" in Game.__dict__


def test_the_pictures_made_by_the_tests_are_shown() -> None:
    made = {"explorer.png", "compare-depth-5.png", "compare-whole-game.png"}
    shown = {Path(t).name for page in [README, *PAGES] for t in links(page)}
    assert made <= shown
    for name in made:
        assert (DOCS / "images" / name).stat().st_size > 10_000
