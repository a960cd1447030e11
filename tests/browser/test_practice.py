"""The practice page in a real browser (Debian's Chromium, Selenium): real clicks on the
leaves, real keys in the root value's box.

The answer is worked out here by an independent textbook alpha-beta over the nested
lists (:func:`tests.explorer.test_practice.textbook_leaves`), not read from the page.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from selenium.webdriver.common.keys import Keys

from lazytree.explorer.practice import practice_tree
from tests.browser.test_explorer import click, keys, open_page
from tests.explorer.test_page import page_data
from tests.explorer.test_practice import leaves, textbook_leaves
from tests.helpers import run

SEED = 11


@pytest.fixture(scope="module")
def practice_page(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("practice") / "practice.html"
    code, _, stderr = run("explore", "practice", "--depth", "3", "--branching", "3",
                          "--values", "0-9", "--seed", str(SEED), "--out", str(out))  # fmt: skip
    assert code == 0, stderr
    return out


def answer() -> tuple[int, list[str]]:
    spec = practice_tree(3, 3, (0, 9), seed=SEED)
    value, seen = textbook_leaves(spec)
    pruned = [p for p in leaves(spec) if p not in seen]
    assert pruned, "the seed's tree should have a cut-off"
    return int(value), pruned


def mark(driver: Any, page: Path, paths: list[str]) -> None:
    index = {p: i for i, p in enumerate(page_data(page.read_text())["practice"]["paths"])}
    for path in paths:
        click(driver, f'[data-node="{index[path]}"]')


def type_value(driver: Any, text: str) -> None:
    click(driver, "[data-answer]")
    keys(driver, text, Keys.ENTER)


def verdict(driver: Any) -> tuple[str, str]:
    element = driver.find_element("css selector", "[data-verdict]")
    return element.get_attribute("data-result"), driver.find_element(
        "css selector", "[data-explanation]"
    ).text


def test_a_right_answer_is_accepted(driver: Any, practice_page: Path) -> None:
    value, pruned = answer()
    open_page(driver, practice_page)
    mark(driver, practice_page, pruned)
    marked = driver.find_element("css selector", "[data-marked-count]").text
    assert marked == f"{len(pruned)} lea{'f' if len(pruned) == 1 else 'ves'} marked"
    type_value(driver, str(value))
    result, text = verdict(driver)
    assert result == "right", text
    assert f"The root's value is {value}: right." in text


def test_a_wrong_answer_is_explained_and_replayed(
    driver: Any, practice_page: Path, picture: Any
) -> None:
    value, pruned = answer()
    open_page(driver, practice_page)
    mark(driver, practice_page, [*pruned[1:], "0.0.0"])  # one missed, one wrongly marked
    type_value(driver, str(value + 1))
    result, text = verdict(driver)
    assert result == "wrong"
    assert f"The root's value is {value}, not {value + 1}." in text
    assert "Alpha-beta does evaluate 0.0.0" in text
    assert f"Alpha-beta never evaluates {pruned[0]}" in text
    picture(driver, "teach-practice")
    click(driver, "[data-explain]")
    step = driver.find_element("css selector", "[data-replay-text]")
    assert step.text.startswith("step 1 of ") and "enter root (MAX)" in step.text
    keys(driver, Keys.ARROW_RIGHT)
    assert step.text.startswith("step 2 of ")
    # at the end, the pruned leaves are drawn as never evaluated
    index = {p: i for i, p in enumerate(page_data(practice_page.read_text())["practice"]["paths"])}
    total = int(step.text.split(" of ")[1].split(":")[0])
    keys(driver, *[Keys.ARROW_RIGHT] * (total - 2))
    assert step.text.startswith(f"step {total} of ")
    for path in pruned:
        node = driver.find_element("css selector", f'[data-node="{index[path]}"]')
        assert "lt-pruned" in node.get_attribute("class")
