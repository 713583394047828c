"""The phones' screens on the shared screen fit in every language and size: the join
screen (with the hotspot's Wi-Fi code) and the setting."""

from __future__ import annotations

from collections.abc import Iterator

import pygame
import pytest

from companion.core.i18n import LANGUAGES
from companion.core.journal import Journal
from companion.phones.door import NETWORK_SETTING
from companion.phones.join import JoinScene
from companion.ui.app import App
from companion.ui.fonts import clear_cache
from companion.ui.phones_setting import PHONES_SETTING, PhonesSettingScene
from companion.ui.scene import Context, Settings
from tests.phones.tables import LOOPBACK, door, open_fuji, with_phones
from tests.ui.taps import SIZES, draw_problems


@pytest.fixture(scope="module")
def app() -> Iterator[App]:
    journal = Journal(":memory:")
    journal.set_setting(PHONES_SETTING, True)
    journal.set_setting(NETWORK_SETTING, {**LOOPBACK, "wifi": {"ssid": "Table 4",
                                                               "password": "secret-pass"}})
    running = App(journal, Settings(language="en"), (800, 480))
    with_phones(running)
    open_fuji(running)
    yield running
    running.close()
    clear_cache()
    pygame.quit()
    journal.close()


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_join_screen_fits(app: App, lang: str, size: tuple[int, int]) -> None:
    scene = JoinScene(door(app))
    ctx = Context(size, Settings(language=lang), app.session, app.journal)
    overflowing, small = draw_problems(scene, ctx)
    assert overflowing == [] and small == []
    keys = {widget.key for widget in scene.widgets}
    assert {"seat0:qr", "seat1:qr", "seat2:qr", "wifi:qr", "phones:entered"} <= keys


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_setting_fits(app: App, lang: str, size: tuple[int, int]) -> None:
    ctx = Context(size, Settings(language=lang), app.session, app.journal)
    overflowing, small = draw_problems(PhonesSettingScene(), ctx)
    assert overflowing == [] and small == []
