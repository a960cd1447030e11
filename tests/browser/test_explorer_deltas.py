"""The explorer page of a big board's search, opened from disk in Chromium: a clicked
position's board is rebuilt from the deltas the page holds and drawn as the whole board
the search saw; a page whose document is malformed says so instead of drawing it."""

from __future__ import annotations

import contextlib
import json
import time
from pathlib import Path
from typing import Any

import pytest

from lazytree.explorer import explorer_model, positions
from lazytree.explorer.html import page, write_html
from lazytree.games import load_game
from lazytree.search import Limit, SearchStopped, search
from lazytree.tree import Tree
from tests.browser.test_explorer import click, drawn, open_page


@pytest.fixture(scope="module")
def big_board(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, dict[str, Any]]:
    """A 20x20 Dice of Doom search (400 territories) as the play AI searches, as the
    page and its document."""
    game, state = load_game("dice-of-doom", size=20, seed=1)
    tree: Tree[Any, Any] = Tree(game, state, share=True)
    result = search(tree.root, Limit(depth=5), "deepening")  # the play AI's, to depth 5
    path = tmp_path_factory.mktemp("pages") / "dice-20.html"
    model = write_html(tree, path, result=result, title="dice of doom 20x20")
    return path, model.data


def shown_board(driver: Any) -> str:
    """The board the side panel draws, packed as lazytree.boards.pack packs it: each
    cell's owner (from its class p0, p1, ...) and its label."""
    packed: str = driver.execute_script(
        "const cells = [...document.querySelectorAll('[data-board] g[data-cell]')];"
        "cells.sort((a, b) => a.dataset.cell - b.dataset.cell);"
        "const owner = g => { const m = g.getAttribute('class').match(/\\bp(\\d+)\\b/);"
        "  return m ? String.fromCharCode(65 + +m[1]) : '.'; };"
        "const label = g => { const t = g.querySelector('text:not(.lt-name):not(.lt-letter)');"
        "  return t && t.textContent ? t.textContent : ' '; };"
        "return cells.map(owner).join('') + ':' + cells.map(label).join('');"
    )
    return packed


def test_a_clicked_position_shows_the_board_the_search_saw(
    driver: Any, big_board: tuple[Path, dict[str, Any]]
) -> None:
    path, data = big_board
    whole = list(positions(data))
    assert data["pos"][1:].count(None) == len(whole) - 1  # every position but the root a delta
    open_page(driver, path)
    shown = [i for i in drawn(driver) if i != 0]
    deepest = data["pv"][-1]
    assert deepest in shown and len(data["pv"]) == 6
    for i in [deepest, *shown[:4], 0, deepest]:
        click(driver, f'[data-node="{i}"]')
        assert shown_board(driver) == whole[i], f"node {i}"
    # the cells the move into the deepest node went through are outlined
    outlined = driver.execute_script(
        "return [...document.querySelectorAll('[data-board] g[data-cell].hl')]"
        ".map(g => +g.dataset.cell)"
    )
    assert sorted(outlined) == sorted(data["hl"][deepest])


def test_a_malformed_document_is_refused_with_a_reason(driver: Any, tmp_path: Path) -> None:
    game, state = load_game("dice-of-doom", size=10, seed=1)
    tree: Tree[Any, Any] = Tree(game, state)
    with contextlib.suppress(SearchStopped):
        search(tree.root, Limit(depth=2, nodes=200), "alphabeta")
    model = explorer_model(tree)
    spoilt = json.loads(model.to_json())
    spoilt["delta"][1][0] = 5000  # a cell off the 100-cell board
    model.data = spoilt
    path = tmp_path / "spoilt.html"
    path.write_text(page(model), encoding="utf-8")
    driver.get(path.as_uri())
    deadline = time.monotonic() + 30
    while not driver.execute_script(
        "return 'error' in document.getElementById('explorer').dataset"
    ):
        assert time.monotonic() < deadline, "the page neither refused the document nor drew it"
        time.sleep(0.05)
    text = driver.find_element("css selector", "#explorer").text
    assert "malformed" in text and "cell 5000" in text
    assert not driver.find_elements("css selector", "[data-node]")


def test_a_board_too_big_for_svg_is_drawn_on_a_canvas(driver: Any, tmp_path: Path) -> None:
    """50x50 (2,500 territories): the panel draws the clicked position with the play
    page's canvas renderer, the whole board the search saw, the move into it marked."""
    game, state = load_game("dice-of-doom", size=50, seed=2)
    tree: Tree[Any, Any] = Tree(game, state, share=True)
    result = search(tree.root, Limit(depth=4), "deepening")
    path = tmp_path / "dice-50.html"
    data = write_html(tree, path, result=result).data
    whole = list(positions(data))
    open_page(driver, path)
    for i in [data["pv"][-1], data["pv"][1]]:
        click(driver, f'[data-node="{i}"]')
        board = driver.execute_script(
            "const c = document.querySelector('[data-board] canvas[data-board-canvas]');"
            "const b = c && c.lazytreeBoard;"
            "return b && b.doc ? [+c.dataset.boardCanvas, b.doc.cells.map(x => x.owner),"
            " b.doc.cells.map(x => x.label), b.arrows] : null"
        )
        assert board is not None, "no canvas board drawn"
        node, owners, labels, arrows = board
        packed = "".join("." if o < 0 else chr(65 + o) for o in owners) + ":" + "".join(labels)
        assert node == i and packed == whole[i]
        assert arrows == ([data["hl"][i]] if data["hl"][i] else [])
    assert not driver.find_elements("css selector", "[data-board] g[data-cell]")  # no SVG
