"""The documentation site opened from disk: ``site/index.html`` as a file navigates and
searches, and no page asks the network for anything (fonts included)."""

from __future__ import annotations

import os
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support.ui import WebDriverWait

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Path]:
    """The documentation site, built from the checkout into a temporary folder."""
    out = tmp_path_factory.mktemp("site")
    subprocess.run(
        [sys.executable, "-m", "mkdocs", "build", "--strict", "--quiet", "-d", str(out)],
        cwd=ROOT,
        check=True,
        env={**os.environ, "NO_MKDOCS_2_WARNING": "1"},
    )
    yield out


def _requests(driver: Any) -> list[str]:
    """Every resource the page has loaded so far (scripts, styles, fonts, images, fetches)."""
    urls: list[str] = driver.execute_script(
        "return performance.getEntriesByType('resource').map(e => e.name)"
    )
    return urls


def test_the_site_opened_from_disk_navigates(driver: Any, site: Path) -> None:
    driver.get((site / "index.html").as_uri())
    link = driver.find_element(By.CSS_SELECTOR, "nav.md-nav a[href$='tutorial.html']")
    driver.execute_script("arguments[0].scrollIntoView({block: 'center'})", link)
    link.click()
    WebDriverWait(driver, 10).until(lambda d: d.current_url.endswith("/tutorial.html"))
    assert "Tutorial" in driver.title
    heading = driver.find_element(By.CSS_SELECTOR, "article h1").text
    assert heading
    # a page one folder down links back up to files, not to directory listings
    driver.get((site / "how-to" / "terminal.html").as_uri())
    home = driver.find_element(By.CSS_SELECTOR, "a.md-header__button.md-logo")
    home.click()
    WebDriverWait(driver, 10).until(lambda d: d.current_url.endswith("/index.html"))
    assert not [url for url in _requests(driver) if not url.startswith("file://")]


def test_the_site_opened_from_disk_searches(driver: Any, site: Path) -> None:
    driver.get((site / "index.html").as_uri())
    driver.find_element(By.CSS_SELECTOR, "label.md-search__icon, .md-search__input").click()
    box = driver.find_element(By.CSS_SELECTOR, "input.md-search__input")
    WebDriverWait(driver, 10).until(lambda d: box.is_displayed())
    box.send_keys("alpha-beta")
    WebDriverWait(driver, 20).until(
        lambda d: d.find_elements(By.CSS_SELECTOR, ".md-search-result__item")
    )
    results = driver.find_elements(By.CSS_SELECTOR, ".md-search-result__item a")
    assert results
    target = results[0].get_attribute("href") or ""
    assert target.startswith("file://")
    box.send_keys(Keys.ENTER)
    WebDriverWait(driver, 10).until(lambda d: d.current_url.split("#")[0] != site.as_uri())
    assert not [url for url in _requests(driver) if not url.startswith("file://")]


def test_no_page_asks_for_a_web_font(site: Path) -> None:
    for page in site.rglob("*.html"):
        text = page.read_text(encoding="utf-8")
        assert "fonts.googleapis.com" not in text, page
        assert "fonts.gstatic.com" not in text, page
