"""The fleet page in a real browser: a table's call for staff shows until staff answer."""

from __future__ import annotations

import shutil
from collections.abc import Iterator
from pathlib import Path

import pytest
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import WebDriverWait

from companion.core.journal import Journal
from companion.fleet.broker import free_port
from companion.fleet.reporter import Reporter
from companion.fleet.snapshot import Moment
from companion.fleet.store import FleetStore
from companion.fleet.tiles import Thresholds
from companion.fleet.web import FleetSite, serve
from tests.fleet.conftest import Fleet, needs_mosquitto
from tests.fleet.page import CHROMEDRIVER, browser
from tests.waiting import wait_for

pytestmark = [needs_mosquitto, pytest.mark.skipif(
    shutil.which("chromium") is None or not Path(CHROMEDRIVER).exists(),
    reason="chromium and its driver are not installed (.ci/run installs them)")]
STAFF = "staff-secret"


@pytest.fixture
def page_url(fleet: Fleet, store: FleetStore) -> Iterator[str]:
    collector = fleet.collector(store)
    site = FleetSite(store, STAFF, Thresholds(), collector.answer_call)
    server = serve(site, "127.0.0.1", free_port())
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}/?lang=pl"
    finally:
        server.shutdown()
        collector.stop()


def test_a_call_for_staff_shows_until_answered(fleet: Fleet, page_url: str,
                                               tmp_path: Path) -> None:
    journal = Journal(tmp_path / "table.sqlite3")
    reporter = Reporter(fleet.table_config("t1"), journal, read_power=lambda: None)
    reporter.start()
    driver = browser()
    try:
        assert wait_for(reporter.connected.is_set, timeout=10)
        reporter.game_changed(Moment(None, {}, None, 0, 0, 0.0))
        driver.get(page_url)
        wait = WebDriverWait(driver, 10)
        wait.until(lambda d: d.find_element(By.ID, "password").is_displayed())
        driver.find_element(By.ID, "password").send_keys("wrong")
        driver.find_element(By.CSS_SELECTOR, "#login button").click()
        wait.until(lambda d: d.find_element(By.ID, "login-error").is_displayed())
        assert "Złe hasło" in driver.find_element(By.ID, "login-error").text
        field = driver.find_element(By.ID, "password")
        field.clear()
        field.send_keys(STAFF)
        driver.find_element(By.CSS_SELECTOR, "#login button").click()
        wait.until(lambda d: d.find_elements(By.CSS_SELECTOR, "article[data-table='t1']"))
        assert not driver.find_element(By.ID, "login").is_displayed()
        reporter.call_staff()
        tile = "article[data-table='t1'].c-call"
        WebDriverWait(driver, 5).until(lambda d: d.find_elements(By.CSS_SELECTOR, tile))
        card = driver.find_element(By.CSS_SELECTOR, tile)
        assert "Goście wzywają obsługę" in card.text
        assert wait_for(lambda: reporter.calling, timeout=2)
        card.find_element(By.TAG_NAME, "button").click()
        assert wait_for(lambda: not reporter.calling, timeout=10)
        WebDriverWait(driver, 5).until(
            lambda d: not d.find_elements(By.CSS_SELECTOR, tile))
    finally:
        driver.quit()
        reporter.stop()
        journal.close()
