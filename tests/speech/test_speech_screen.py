"""The spoken-instructions screen, reached from Settings and the staff menu: its taps keep
the speech settings the output reads; where espeak-ng is missing, both screens say so."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pygame
import pytest

from companion.core.i18n import LANGUAGES, translate
from companion.core.journal import Journal
from companion.core.messages import Msg
from companion.speech.settings import SpeechSettings, load_speech_settings
from companion.ui.app import App
from companion.ui.intents import Navigate
from companion.ui.scene import Settings
from companion.ui.speech import SpeechScene
from companion.ui.widgets import Button
from tests.ui.taps import SIZES, draw_problems, has_widget, registered, tap_widget, widget


@pytest.fixture
def app() -> Iterator[App]:
    pygame.init()
    made = App(Journal(":memory:"), Settings(language="en"), (800, 480))
    yield made
    made.close()


def speech_button(app: App) -> Button:
    """The Sound row's last button on the Settings screen."""
    app.perform(Navigate("settings"))
    app.draw()
    row = [w for w in app.scene.widgets if w.key.startswith("setting3:")]
    assert isinstance(row[-1], Button)
    return row[-1]


def open_speech_from_settings(app: App) -> None:
    tap_widget(app, speech_button(app).key)
    assert isinstance(app.scene, SpeechScene)


def test_settings_opens_the_screen_and_its_taps_are_kept(app: App) -> None:
    open_speech_from_settings(app)
    assert load_speech_settings(app.journal) == SpeechSettings()
    tap_widget(app, "speech0:1")  # on
    tap_widget(app, "speech1:2")  # loud
    tap_widget(app, "speech2:0")  # slow
    assert load_speech_settings(app.journal) == SpeechSettings(on=True, volume=170, speed=140)
    chosen = widget(app, "speech0:1")
    assert isinstance(chosen, Button) and chosen.style == "selected"
    assert speech_button(app).text == Msg("speech.open.on")


def test_the_staff_menu_reaches_the_same_screen(app: App) -> None:
    app.perform(Navigate("kiosk.staff"))
    app.draw()
    tap_widget(app, "staff:1:4")
    assert isinstance(app.scene, SpeechScene)


def test_without_espeak_both_screens_say_so(app: App, monkeypatch: pytest.MonkeyPatch,
                                            tmp_path: Path) -> None:
    monkeypatch.setenv("PATH", str(tmp_path))
    open_speech_from_settings(app)
    assert has_widget(app, "speech:missing")
    assert speech_button(app).text == Msg("speech.open.missing")


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("size", SIZES)
def test_the_screen_fits_in_every_language(lang: str, size: tuple[int, int],
                                           monkeypatch: pytest.MonkeyPatch,
                                           tmp_path: Path) -> None:
    """Drawn with the longest note (espeak-ng missing): no text cut, no target too small."""
    monkeypatch.setenv("PATH", str(tmp_path))
    pygame.init()
    scene, ctx = registered("speech", size, lang)
    assert draw_problems(scene, ctx) == ([], [])
    assert translate(Msg("speech.missing"), lang) != "speech.missing"
