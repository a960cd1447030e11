"""Real-browser fixtures: Debian's ``chromium`` driven by Selenium through ``chromedriver``.

* ``driver``: a headless Chromium (1280x900) that downloads into ``driver.download_dir``.
  Nothing is downloaded at run time: the browser and its driver are the Debian packages
  ``chromium`` and ``chromium-driver`` (``make system-deps`` installs them). The tests
  are skipped only when Chromium is absent and the environment variable ``CI`` is unset;
  under CI a missing browser is a failure.
* ``start_game(driver, url)``: open a new game's link and press its one button.
* ``serve_app(app)``: run any ASGI app with uvicorn on a free port of 127.0.0.1 in a
  thread, yielding its base URL (``live_server`` is the play server's app).
"""

from __future__ import annotations

import contextlib
import os
import shutil
import socket
import tempfile
import threading
import time
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
    with headless_chromium() as browser:
        yield browser


@pytest.fixture
def browsers() -> Iterator[Any]:
    """``browsers()``: another headless Chromium, each with its own profile (another
    person's browser); all are closed after the test."""
    with contextlib.ExitStack() as stack:
        yield lambda: stack.enter_context(headless_chromium())


@contextlib.contextmanager
def headless_chromium(
    size: tuple[int, int] = (1280, 900),
    *,
    phone: bool = False,
    dark: bool = False,
    extra: tuple[str, ...] = (),
) -> Iterator[Any]:
    """A headless Chromium with its own profile and download directory: the ``driver``
    fixture's browser, for ``browsers()`` and scripts too (``bench_first_draw``).

    ``size`` is the page's viewport in CSS pixels (the window is grown to give exactly
    that); ``phone=True`` emulates a phone of that size instead (chromedriver's
    ``mobileEmulation``: a touch screen, device pixel ratio 3, a mobile viewport);
    ``dark=True`` makes the page see ``prefers-color-scheme: dark``; ``extra``: more
    command-line switches (``--proxy-server=...``)."""
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
        f"--window-size={size[0]},{size[1]}",
        f"--user-data-dir={profile}",
        *extra,
    ):
        options.add_argument(arg)
    if phone:
        metrics = {"width": size[0], "height": size[1], "pixelRatio": 3.0, "touch": True}
        options.add_experimental_option("mobileEmulation", {"deviceMetrics": metrics})
    options.add_experimental_option(
        "prefs",
        {"download.default_directory": downloads, "download.prompt_for_download": False},
    )
    browser = webdriver.Chrome(options=options, service=Service(executable_path=chromedriver))
    browser.execute_cdp_cmd(
        "Browser.setDownloadBehavior", {"behavior": "allow", "downloadPath": downloads}
    )
    browser.download_dir = Path(downloads)  # type: ignore[attr-defined]
    if dark:
        features = [{"name": "prefers-color-scheme", "value": "dark"}]
        browser.execute_cdp_cmd("Emulation.setEmulatedMedia", {"features": features})
    if not phone and size != (1280, 900):
        inner = browser.execute_script("return [window.innerWidth, window.innerHeight]")
        browser.set_window_size(2 * size[0] - inner[0], 2 * size[1] - inner[1])
    try:
        yield browser
    finally:
        browser.quit()
        shutil.rmtree(profile, ignore_errors=True)
        shutil.rmtree(downloads, ignore_errors=True)


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


@contextlib.contextmanager
def serve_app(app: Any) -> Iterator[str]:
    """Serve the ASGI ``app`` on 127.0.0.1 in a thread; yields ``http://127.0.0.1:PORT``."""
    import uvicorn

    port = free_port()
    server = uvicorn.Server(uvicorn.Config(app, host="127.0.0.1", port=port, log_level="warning"))
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    for _ in range(400):
        if server.started:
            break
        if not thread.is_alive():
            raise RuntimeError(f"the test server could not start on port {port}")
        time.sleep(0.025)
    try:
        yield f"http://127.0.0.1:{port}"
    finally:
        server.should_exit = True
        thread.join(10)


def start_game(driver: Any, url: str) -> None:
    """Open a new game's link as a person does: the link (a GET) shows a page with one
    button, which creates the game (a POST); wait until the game's page replaced it."""
    from selenium.webdriver.common.by import By
    from selenium.webdriver.support import expected_conditions
    from selenium.webdriver.support.ui import WebDriverWait

    driver.get(url)
    button = driver.find_element(By.CSS_SELECTOR, "[data-action=confirm]")
    button.click()
    # while the page is replaced, the button may belong to neither document for a moment
    from selenium.common.exceptions import WebDriverException

    waiting = WebDriverWait(driver, 30, ignored_exceptions=(WebDriverException,))
    waiting.until(expected_conditions.staleness_of(button))


@pytest.fixture
def live_server() -> Iterator[str]:
    """The play server (``lazytree serve``'s app) on a free local port."""
    from lazytree.server import create_app

    with serve_app(create_app()) as url:
        yield url


ROOT = Path(__file__).resolve().parents[2]
PICTURES = ROOT / os.environ.get("LAZYTREE_PICTURES", "build/pictures")
"""Where the tests put the pictures the documentation shows: ``build/pictures`` (ignored
by git: a test run leaves the checkout as it was, on any machine's fonts), or the folder
``$LAZYTREE_PICTURES`` names, relative to the checkout; ``make pictures`` draws them
again into ``docs/images``."""

PICTURE_TOLERANCE = 0.01
"""A new screenshot replaces the kept picture only when more than this share of its
pixels differ (or its size does): a rerun that draws the same page leaves git clean."""


def save_picture(browser: Any, name: str, element: Any = None) -> Path:
    """Screenshot the page (or ``element``) as ``NAME.png`` in :data:`PICTURES` (for the
    docs), keeping the old file when the picture is the same but for a few pixels."""
    from io import BytesIO

    from PIL import Image, ImageChops

    png = element.screenshot_as_png if element is not None else browser.get_screenshot_as_png()
    PICTURES.mkdir(parents=True, exist_ok=True)
    path = PICTURES / f"{name}.png"
    new = Image.open(BytesIO(png)).convert("RGB")
    if path.exists():
        with Image.open(path) as old_file:
            old = old_file.convert("RGB")
        if old.size == new.size:
            diff = ImageChops.difference(old, new).convert("L").point(lambda v: 255 if v else 0)
            changed = (diff.histogram()[255]) / (new.size[0] * new.size[1])
            if changed <= PICTURE_TOLERANCE:
                return path
    path.write_bytes(png)
    return path


@pytest.fixture
def picture() -> Any:
    """``picture(driver, name, element=None)``: :func:`save_picture`, for the docs."""
    return save_picture
