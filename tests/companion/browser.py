"""Pages in a real headless browser: Debian's Chromium driven by Selenium (tabs of one
browser, a phone-sized window), with waits on conditions, never on fixed times."""

from __future__ import annotations

import shutil
import tempfile
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import TYPE_CHECKING, Any

from selenium import webdriver
from selenium.common.exceptions import NoSuchElementException, StaleElementReferenceException
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.by import By
from selenium.webdriver.remote.webdriver import WebDriver
from selenium.webdriver.support.wait import WebDriverWait

if TYPE_CHECKING:
    from host.companion.companion import Companion

CHROMIUM = "/usr/bin/chromium"
CHROMEDRIVER = "/usr/bin/chromedriver"
FLAGS = ("--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
         "--disable-background-networking", "--disable-component-update", "--disable-sync",
         "--window-size=390,844")
WAIT_SECONDS = 15
PHONE = (390, 844)
"""A phone's viewport in CSS pixels (and the screenshots' size)."""


def have_browser() -> bool:
    """Whether Chromium and its driver are installed."""
    return bool(shutil.which(CHROMIUM) and shutil.which(CHROMEDRIVER))


@contextmanager
def chromium() -> Iterator[WebDriver]:
    """A headless Chromium with a fresh profile and a phone's viewport."""
    profile = tempfile.mkdtemp(prefix="companion-chromium-")
    options = webdriver.ChromeOptions()
    options.binary_location = CHROMIUM
    for flag in (*FLAGS, f"--user-data-dir={profile}"):
        options.add_argument(flag)
    driver = webdriver.Chrome(options=options, service=Service(CHROMEDRIVER))
    try:
        yield driver
    finally:
        driver.quit()
        shutil.rmtree(profile, ignore_errors=True)


def wait_for(driver: WebDriver, condition: Callable[[WebDriver], Any]) -> Any:
    """Wait until `condition` holds (WebDriverWait: polled, with a timeout). An element gone
    while the condition reads it (the page navigating, or redrawn) is "not yet"."""
    return WebDriverWait(driver, WAIT_SECONDS, poll_frequency=0.02, ignored_exceptions=(
        NoSuchElementException, StaleElementReferenceException)).until(condition)


def texts(driver: WebDriver, css: str) -> list[str]:
    """The text of every element matching `css`."""
    return [node.text for node in driver.find_elements(By.CSS_SELECTOR, css)]


def seq(driver: WebDriver) -> int:
    """Which published step the page shows."""
    return int(driver.find_element(By.TAG_NAME, "body").get_attribute("data-seq") or 0)


def shows(driver: WebDriver, step: int) -> bool:
    """Whether the page shows step `step` (or a later one)."""
    return seq(driver) >= step


def showing(step: int) -> Callable[[WebDriver], bool]:
    """The condition that a page shows step `step` (or a later one)."""
    return lambda driver: shows(driver, step)


def open_tab(driver: WebDriver, url: str) -> str:
    """Open `url` in a new tab with a phone's viewport; the tab's handle."""
    driver.switch_to.new_window("tab")
    driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", {
        "width": PHONE[0], "height": PHONE[1], "deviceScaleFactor": 1, "mobile": True})
    driver.get(url)
    return driver.current_window_handle


def join_as(driver: WebDriver, join_url: str, name: str) -> str:
    """Open the join page in a new tab and tap `name`: the tab's handle, on the seat's page."""
    tab = open_tab(driver, join_url)
    driver.find_element(By.XPATH, f"//button[text()='{name}']").click()
    wait_for(driver, lambda d: d.find_element(By.ID, "seat-name").text == name)
    return tab


def on(driver: WebDriver, tab: str) -> WebDriver:
    """Switch to a tab."""
    driver.switch_to.window(tab)
    return driver


def hear_until(driver: WebDriver, companion: Companion, done: Callable[[], bool]) -> None:
    """What the game's loop does while pages send moves (and notes to keep): hear them and
    publish, until `done`."""
    def heard(_: WebDriver) -> bool:
        companion.step()
        return done()
    wait_for(driver, heard)
