"""The speech output on the real app: a step's new lines for the table are spoken, in the
table's language, only when speech is on; an undo or a closed game only silences."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pygame
import pytest

from companion.app.root import AppOptions, build_hardware, sources_and_outputs
from companion.core.i18n import translate
from companion.core.journal import Journal
from companion.core.registry import find_game
from companion.core.session import Session
from companion.speech.engine import find_engine
from companion.speech.output import SpeechOutput, added_lines, lines_of, spoken
from companion.speech.queue import Speaker
from companion.speech.settings import (
    SpeechSettings,
    load_speech_settings,
    save_speech_settings,
)
from companion.ui.app import App, save_settings
from companion.ui.intents import Submit, Undo
from companion.ui.scene import Settings

WAIT = 60.0


@pytest.fixture
def journal() -> Iterator[Journal]:
    opened = Journal(":memory:")
    yield opened
    opened.close()


def app_speaking(journal: Journal, language: str, tmp_path: Path) -> tuple[App, Speaker]:
    """An app whose saved language is ``language``, with speech on, writing WAV files."""
    save_settings(journal, Settings(language=language))
    save_speech_settings(journal, SpeechSettings(on=True))
    speaker = Speaker(find_engine(), record_to=tmp_path)
    pygame.init()
    app = App(journal, Settings(language=language), (800, 480),
              outputs=[SpeechOutput(speaker)])
    return app, speaker


def first_step_with_lines(app: App) -> tuple[Any, Any]:
    """Submit the game's first legal actions until a step gives the table lines."""
    session = app.session
    assert session is not None
    for _ in range(40):
        before = session.state
        app.perform_all([Submit(session.game.legal_actions(before)[0])])
        if added_lines(before, session.state):
            return before, session.state
    raise AssertionError("no step gave the table a line")


@pytest.mark.parametrize("game", ["fuji", "tikal", "caverna"])
def test_a_step_speaks_its_new_lines_in_the_tables_language(
        journal: Journal, tmp_path: Path, game: str) -> None:
    app, speaker = app_speaking(journal, "pl", tmp_path)
    try:
        app.open_game(Session.start(journal, game, find_game(game).example_setup()))
        before, after = first_step_with_lines(app)
        assert speaker.idle(WAIT)
        new = lines_of(after)[len(lines_of(before)):] or lines_of(after)
        heard = [spoken(translate(line, "pl")) for line in new]
        assert speaker.spoken == [("pl", text) for text in heard]
        assert len(list(tmp_path.glob("*-pl.wav"))) == len(heard)
    finally:
        app.close()


def test_nothing_is_spoken_while_speech_is_off(journal: Journal, tmp_path: Path) -> None:
    app, speaker = app_speaking(journal, "en", tmp_path)
    save_speech_settings(journal, SpeechSettings(on=False))
    try:
        app.open_game(Session.start(journal, "fuji", find_game("fuji").example_setup()))
        first_step_with_lines(app)
        assert speaker.idle(WAIT)
        assert speaker.spoken == []
    finally:
        app.close()


def test_opening_a_game_or_undoing_a_step_says_nothing(journal: Journal,
                                                       tmp_path: Path) -> None:
    app, speaker = app_speaking(journal, "fr", tmp_path)
    try:
        app.open_game(Session.start(journal, "fuji", find_game("fuji").example_setup()))
        first_step_with_lines(app)
        assert speaker.idle(WAIT)
        said = list(speaker.spoken)
        assert said and all(language == "fr" for language, _ in said)
        app.perform_all([Undo()])
        app.close_game()
        session = Session.resume_latest(journal)
        assert session is not None
        app.open_game(session)
        assert speaker.idle(WAIT)
        assert speaker.spoken == said
    finally:
        app.close()


def test_the_root_speaks_the_language_the_app_shows(journal: Journal, tmp_path: Path) -> None:
    """A kiosk guest's language or ``--lang`` is not saved: the speech follows the app."""
    save_settings(journal, Settings(language="en"))
    save_speech_settings(journal, SpeechSettings(on=True))
    pygame.init()
    app = App(journal, Settings(language="es"), (800, 480))
    options = AppOptions(inputs="")
    hardware = build_hardware(options)
    try:
        sources, outputs = sources_and_outputs(hardware, app, options)
        (speech,) = [output for output in outputs if isinstance(output, SpeechOutput)]
        speech.speaker = Speaker(find_engine(), record_to=tmp_path)  # WAVs, not the speaker
        app.attach(sources, outputs)
        app.open_game(Session.start(journal, "fuji", find_game("fuji").example_setup()))
        first_step_with_lines(app)
        assert speech.speaker.idle(WAIT)
        assert speech.speaker.spoken
        assert {language for language, _ in speech.speaker.spoken} == {"es"}
    finally:
        app.close()
        hardware.stop()


def test_broken_or_missing_settings_mean_speech_off(journal: Journal) -> None:
    assert load_speech_settings(journal) == SpeechSettings()
    assert not SpeechSettings().on
    journal.set_setting("speech.settings", {"on": "yes", "volume": 7, "speed": None})
    assert load_speech_settings(journal) == SpeechSettings()
    save_speech_settings(journal, SpeechSettings(on=True, volume=170, speed=140))
    assert load_speech_settings(journal) == SpeechSettings(on=True, volume=170, speed=140)


def test_the_screens_signs_are_read_as_words() -> None:
    assert spoken("Bruno: stamina 3 → 6 (−3)") == "Bruno: stamina 3 , 6 (-3)"
