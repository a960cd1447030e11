"""Real-browser fixtures: Debian's ``chromium`` driven by Selenium through ``chromedriver``.

* ``driver``: a headless Chromium (1280x900) that downloads into ``driver.download_dir``.
  Nothing is downloaded at run time: the browser and its driver are the Debian packages
  ``chromium`` and ``chromium-driver`` (``make system-deps`` installs them). The tests
  are skipped only when Chromium is absent and the environment variable ``CI`` is unset;
  under CI a missing browser is a failure.
"""

from __future__ import annotations

import os
import shutil
import tempfile
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

CHROMIUM = ("chromium", "chromium-browser")
CHROMEDRIVER = ("chromedriver", "chromium-driver")


def _which(names: tuple[str, ...]) -> str | None:
    for name in names:
        path = shutil.which(name)
        if path:
            return path
    return None


def browser_paths() -> tuple[str, str]:
    """Chromium and chromedriver, or skip (fail under CI) when they are absent."""
    chromium, driver = _which(CHROMIUM), _which(CHROMEDRIVER)
    if chromium is None or driver is None:
        missing = "chromium" if chromium is None else "chromium-driver"
        message = f"{missing} is not installed (make system-deps installs it)"
        if os.environ.get("CI"):
            pytest.fail(message)
        pytest.skip(message)
    return chromium, driver


@pytest.fixture
def driver() -> Iterator[Any]:
    """A headless Chromium under Selenium; ``driver.download_dir`` receives downloads."""
    chromium, chromedriver = browser_paths()
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service

    profile = tempfile.mkdtemp(prefix="lazytree-chromium-")
    downloads = tempfile.mkdtemp(prefix="lazytree-downloads-")
    options = webdriver.ChromeOptions()
    options.binary_location = chromium
    for arg in (
        "--headless=new",
        "--no-sandbox",
        "--disable-gpu",
        "--disable-dev-shm-usage",
        "--disable-quic",
        "--no-first-run",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        "--window-size=1280,900",
        f"--user-data-dir={profile}",
    ):
        options.add_argument(arg)
    options.add_experimental_option(
        "prefs",
        {"download.default_directory": downloads, "download.prompt_for_download": False},
    )
    browser = webdriver.Chrome(options=options, service=Service(executable_path=chromedriver))
    browser.execute_cdp_cmd(
        "Browser.setDownloadBehavior", {"behavior": "allow", "downloadPath": downloads}
    )
    browser.download_dir = Path(downloads)  # type: ignore[attr-defined]
    try:
        yield browser
    finally:
        browser.quit()
        shutil.rmtree(profile, ignore_errors=True)
        shutil.rmtree(downloads, ignore_errors=True)
