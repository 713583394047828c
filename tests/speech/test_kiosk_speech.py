"""In the kiosk, spoken instructions are a staff setting: guests cannot open the screen,
staff reach it from the staff menu's Sound row, and locking the menu closes it."""

from __future__ import annotations

from collections.abc import Iterator

import pygame
import pytest

from companion.core.journal import Journal
from companion.core.staff import StaffLock
from companion.speech.settings import SpeechSettings, load_speech_settings
from companion.ui.intents import Navigate
from companion.ui.kiosk.app import KioskApp
from companion.ui.kiosk.intents import LockStaff, UnlockStaff
from companion.ui.kiosk.start import StartScene
from companion.ui.speech import SpeechScene
from tests.clock import FakeClock
from tests.faults.conftest import PIN, start_kiosk
from tests.ui.taps import tap_widget


@pytest.fixture
def kiosk() -> Iterator[KioskApp]:
    journal = Journal(":memory:")
    StaffLock(journal).set_pin(PIN)
    pygame.init()
    app = start_kiosk(journal, FakeClock())
    yield app
    app.close()
    journal.close()


def test_guests_cannot_open_the_speech_screen(kiosk: KioskApp) -> None:
    kiosk.perform(Navigate("speech"))
    assert isinstance(kiosk.scene, StartScene)
    assert kiosk.toast is not None and kiosk.toast.message.key == "kiosk.error.staff_only"


def test_staff_switch_speech_on_and_locking_closes_the_screen(kiosk: KioskApp) -> None:
    kiosk.perform(Navigate("kiosk.pin"))
    kiosk.perform(UnlockStaff(PIN))
    kiosk.draw()
    tap_widget(kiosk, "staff:1:4")
    assert isinstance(kiosk.scene, SpeechScene)
    tap_widget(kiosk, "speech0:1")
    assert load_speech_settings(kiosk.journal) == SpeechSettings(on=True)
    kiosk.perform(LockStaff())
    assert not isinstance(kiosk.scene, SpeechScene)
