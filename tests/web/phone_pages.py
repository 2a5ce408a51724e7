"""The phone page in a real browser for the tests of what it draws and does (tests/web/).

Debian's chromium through Playwright at phone size (360 x 740) with touch. `browser` is one
chromium for the whole session (for each xdist worker): tests/web/conftest.py makes it the
fixture of every test there, which opens contexts of its own in it. A module imports `phone`
as its fixture where it wants one, and sets `pytestmark = NEEDS_CHROMIUM`.
"""

from __future__ import annotations

import shutil
from collections.abc import Iterator
from typing import Any

import pytest

CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")
NEEDS_CHROMIUM = pytest.mark.skipif(
    CHROMIUM is None, reason="no chromium on PATH: run scripts/setup test to install it"
)
PHONE = {"width": 360, "height": 740}
WAIT_MS = 5000
"""Only a guard against a hanging test: what is awaited comes within milliseconds."""


@pytest.fixture(scope="session")
def browser() -> Iterator[Any]:
    playwright_api = pytest.importorskip("playwright.sync_api",
                                         reason="Playwright is not installed")
    if CHROMIUM is None:
        pytest.skip("no chromium on PATH: run scripts/setup test to install it")
    with playwright_api.sync_playwright() as playwright:
        launched = playwright.chromium.launch(
            executable_path=CHROMIUM, args=["--no-sandbox", "--disable-gpu"]
        )
        yield launched
        launched.close()


def open_phone(browser: Any, scheme: str = "light") -> Any:
    """A new phone (its own context) whose script errors are kept in `page.script_errors`."""
    context = browser.new_context(
        viewport=PHONE, has_touch=True, is_mobile=True, device_scale_factor=2,
        color_scheme=scheme,
    )
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.script_errors = errors
    return page


@pytest.fixture
def phone(browser: Any) -> Iterator[Any]:
    page = open_phone(browser)
    yield page
    page.context.close()


def wait_for_seq(page: Any, seq: int) -> None:
    """Until the page shows the state of `seq` (functions, not strings: the page's CSP)."""
    page.wait_for_function(
        "seq => document.body.dataset.seq === seq", arg=str(seq), timeout=WAIT_MS, polling="raf"
    )


def rgb(colour: tuple[int, int, int]) -> str:
    """A colour as the browser computes it: "rgb(204, 32, 44)"."""
    return "rgb({}, {}, {})".format(*colour)
