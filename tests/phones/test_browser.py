"""The real page in real headless chromium: three seats at once, a phone that sleeps, a
stale link.  Debian's ``chromium`` and ``chromium-driver`` (``.ci/run`` installs both).

Rulebook, in our words: every player rolls and rerolls behind their own screen at the
same time; nobody sees anyone else's dice until phase 5.
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from selenium import webdriver
from selenium.webdriver.common.by import By

from companion.ui.app import App
from tests.phones.browser import (
    browser_available,
    phone_browser,
    running,
    shown_dice,
    tap_die,
    wait_until,
)
from tests.phones.tables import door, open_fuji

pytestmark = pytest.mark.skipif(not browser_available(),
                                reason="needs /usr/bin/chromium and /usr/bin/chromedriver")

WAKE_SECONDS = 3.0
"""The page is current again this soon after waking (the target)."""
SLACK = 3.0
"""A busy shared machine may be this many times slower than the target."""


@pytest.fixture(scope="module")
def browsers() -> Iterator[list[webdriver.Chrome]]:
    """Three phones, started once for the module (each start costs seconds)."""
    started = [phone_browser() for _ in range(3)]
    yield started
    for browser in started:
        browser.quit()




def _dice_faces(seat: int, count: int) -> list[tuple[str, int]]:
    colours = ("yellow", "blue", "pink")
    return [(colours[(seat + n) % 3], 1 + (2 * seat + n) % 6) for n in range(count)]


def _wait_for_dice(browser: webdriver.Chrome, wanted: list[str]) -> None:
    wait_until(lambda: shown_dice(browser) == wanted)


def _open(browser: webdriver.Chrome, link: str) -> None:
    browser.get(link)
    wait_until(lambda: browser.find_elements(By.CSS_SELECTOR, 'section[data-ask="die"]'))


def test_three_seats_enter_their_dice_at_once(app: App, browsers: list[webdriver.Chrome]
                                              ) -> None:
    session = app.session
    assert session is not None
    counts = [player.dice_count for player in session.state.players]
    with running(app) as lock:
        for seat, browser in enumerate(browsers):
            _open(browser, str(door(app).link_for(seat)))
        for number in range(max(counts)):
            for seat, browser in enumerate(browsers):
                if number < counts[seat]:
                    tap_die(browser, *_dice_faces(seat, counts[seat])[number])
        for seat, browser in enumerate(browsers):
            wanted = [f"{c} {v}" for c, v in _dice_faces(seat, counts[seat])]
            _wait_for_dice(browser, wanted)
        with lock:
            assert door(app).table.entered() == (3, 3)
            assert all(p.dice is None for p in session.state.players)
            table_notice = app.toast
    assert table_notice is not None and dict(table_notice.message.params) == {
        "done": 3, "seats": 3}
    for seat, browser in enumerate(browsers):
        page = browser.find_element(By.TAG_NAME, "body").text
        for other in range(3):
            if other != seat:
                assert session.state.players[other].name not in page


def test_a_phone_sleeps_and_comes_back_current(app: App, browsers: list[webdriver.Chrome]
                                               ) -> None:
    """The phone's socket is dropped while it sleeps; on waking, with no new scan, the page
    shows what changed meanwhile."""
    browser = browsers[0]
    with running(app) as lock:
        _open(browser, str(door(app).link_for(0)))
        browser.execute_cdp_cmd("Page.setWebLifecycleState", {"state": "frozen"})
        with lock:
            table = door(app).table
            conn = table.sockets[0]
            door(app).server.close_socket(conn, 1001, "going away")
        wait_until(lambda: table.sockets.get(0) != conn)
        with lock:
            app.submit_from_seat({"type": "advance"})
        browser.execute_cdp_cmd("Page.setWebLifecycleState", {"state": "active"})
        browser.execute_script("document.dispatchEvent(new Event('visibilitychange'))")
        wait_until(lambda: "Planning" in browser.find_element(By.TAG_NAME, "body").text,
                   WAKE_SECONDS * SLACK)
        with lock:
            assert 0 in door(app).table.joined()


def test_a_stale_link_is_refused(app: App, browsers: list[webdriver.Chrome]) -> None:
    browser = browsers[1]
    stale = str(door(app).link_for(1))
    with running(app) as lock:
        with lock:
            open_fuji(app)
        browser.get(stale)
        wait_until(lambda: "Scan your seat's code" in browser.find_element(
            By.ID, "message").text)
        assert not browser.find_elements(By.CSS_SELECTOR, "section.ask")
        with lock:
            assert 1 not in door(app).table.joined()
