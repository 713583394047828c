"""Real headless chromium phones for the tests: selenium with Debian's chromium and driver."""

from __future__ import annotations

import shutil
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager

from selenium import webdriver
from selenium.common.exceptions import StaleElementReferenceException
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.by import By
from selenium.webdriver.remote.webelement import WebElement

from companion.ui.app import App

CHROMIUM = "/usr/bin/chromium"
"""Debian's chromium."""
DRIVER = "/usr/bin/chromedriver"
"""Debian's chromium-driver."""
PHONE_SIZE = (360, 740)
"""A small phone's viewport, in CSS pixels."""


def browser_available() -> bool:
    """Whether chromium and its driver are installed (``.ci/run`` installs both)."""
    return bool(shutil.which(CHROMIUM) and shutil.which(DRIVER))


def phone_browser(width: int = PHONE_SIZE[0], height: int = PHONE_SIZE[1]) -> webdriver.Chrome:
    """A headless chromium the size of a phone."""
    options = webdriver.ChromeOptions()
    options.binary_location = CHROMIUM
    for argument in ("--headless=new", "--no-sandbox", "--disable-gpu",
                     "--disable-dev-shm-usage", f"--window-size={width},{height}",
                     "--force-device-scale-factor=1", "--no-first-run",
                     "--disable-extensions", "--lang=en"):
        options.add_argument(argument)
    browser = webdriver.Chrome(service=Service(DRIVER), options=options)
    browser.set_window_size(width, height)
    browser.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", {
        "width": width, "height": height, "deviceScaleFactor": 1, "mobile": True})
    return browser


@contextmanager
def running(app: App) -> Iterator[threading.Lock]:
    """Run the app's loop in a thread while the test drives browsers; yields a lock the
    test holds while it reads or changes the app."""
    lock = threading.Lock()
    stop = threading.Event()

    def loop() -> None:
        while not stop.is_set():
            with lock:
                app.step(max_wait=0.005)
            time.sleep(0.001)

    thread = threading.Thread(target=loop, name="app-loop", daemon=True)
    thread.start()
    try:
        yield lock
    finally:
        stop.set()
        thread.join(5)


def wait_until(check: Callable[[], object], seconds: float = 10.0) -> object:
    """Poll ``check`` until it returns something true; fail after ``seconds``."""
    deadline = time.monotonic() + seconds
    while True:
        found = check()
        if found:
            return found
        assert time.monotonic() < deadline, "the page did not get there in time"
        time.sleep(0.02)


def wait_for_element(browser: webdriver.Chrome, css: str, seconds: float = 10.0) -> None:
    """Wait until the page shows an element matching ``css``."""
    wait_until(lambda: browser.find_elements(By.CSS_SELECTOR, css), seconds)


def ask_buttons(browser: webdriver.Chrome, ask: str) -> list[WebElement]:
    """The answer buttons of ask ``ask`` on the page."""
    return browser.find_elements(By.CSS_SELECTOR, f'section[data-ask="{ask}"] button')


def die_button(browser: webdriver.Chrome, colour: str, value: int) -> WebElement:
    """The die button of ``colour`` and ``value``."""
    for button in ask_buttons(browser, "die"):
        if button.get_attribute("data-die") == f"{colour} {value}":
            return button
    raise AssertionError(f"no {colour} {value} button")


def tap_die(browser: webdriver.Chrome, colour: str, value: int) -> None:
    """Tap the die button of ``colour`` and ``value`` (found again if the view was redrawn
    between finding and tapping)."""
    for _ in range(5):
        try:
            die_button(browser, colour, value).click()
            return
        except StaleElementReferenceException:
            continue
    raise AssertionError(f"the {colour} {value} button kept moving")


def shown_dice(browser: webdriver.Chrome) -> list[str]:
    """The dice the page shows as the seat's own, as ``colour value``."""
    return [f"{(d.get_attribute('class') or '').split('c-')[-1]} {d.text}"
            for d in browser.find_elements(By.CSS_SELECTOR, "#dice .die")]
