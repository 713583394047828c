"""A whole Fuji round played through the real app with speech on, in each language: the
audio is one WAV file per line the table was told, in order, in the table's language,
and every file holds speech (checked with sox).

"In the table's language" is checked against the engine itself: espeak-ng makes the same
samples for the same text and voice, so each file must equal the line spoken afresh by
that language's voice, and differ from it spoken by the English voice.
"""

from __future__ import annotations

import re
import subprocess
from pathlib import Path

import pygame
import pytest

from companion.core.i18n import LANGUAGES, translate
from companion.core.journal import Journal
from companion.core.messages import Msg
from companion.core.registry import find_game
from companion.core.session import Session
from companion.speech.engine import Voice, command, find_engine
from companion.speech.output import SpeechOutput, added_lines, spoken
from companion.speech.queue import Speaker
from companion.speech.settings import SpeechSettings, save_speech_settings
from companion.ui.app import App, save_settings
from companion.ui.intents import Submit
from companion.ui.scene import Settings

WAIT = 60.0


def play_a_round(language: str, folder: Path) -> list[Msg]:
    """Play Fuji's first round (its first legal action each time, waiting for each step's
    lines to be spoken, as a table does before the next step); every line told, in order."""
    journal = Journal(":memory:")
    save_settings(journal, Settings(language=language))
    save_speech_settings(journal, SpeechSettings(on=True))
    speaker = Speaker(find_engine(), record_to=folder)
    pygame.init()
    app = App(journal, Settings(language=language), (800, 480),
              outputs=[SpeechOutput(speaker)])
    told: list[Msg] = []
    try:
        game = find_game("fuji")
        app.open_game(Session.start(journal, "fuji", game.example_setup()))
        session = app.session
        assert session is not None
        while session.state.round == 1:
            before = session.state
            app.perform(Submit(game.legal_actions(before)[0]))
            told += added_lines(before, session.state)
            assert speaker.idle(WAIT)
        assert speaker.cut == 0
    finally:
        app.close()
        journal.close()
    return told


def sox_stat(path: Path) -> dict[str, float]:
    """``sox FILE -n stat`` as numbers by name."""
    report = subprocess.run(["sox", str(path), "-n", "stat"], capture_output=True, text=True,
                            check=True).stderr
    return {name.strip(): float(value) for name, value in
            re.findall(r"^([A-Za-z ()]+):\s+(-?[\d.]+)\s*$", report, re.MULTILINE)}


def samples(wav: Path) -> bytes:
    """The samples of ``wav`` (the header left out)."""
    return wav.read_bytes()[44:]


def spoken_afresh(text: str, language: str, folder: Path) -> bytes:
    engine = find_engine()
    assert engine is not None
    wav = folder / f"afresh-{language}.wav"
    subprocess.run(command(engine, text, Voice(language=language), wav), check=True)
    return samples(wav)


@pytest.mark.parametrize("language", LANGUAGES)
def test_a_round_is_heard_line_by_line_in_the_tables_language(language: str,
                                                              tmp_path: Path) -> None:
    heard, fresh = tmp_path / "heard", tmp_path / "fresh"
    heard.mkdir()
    fresh.mkdir()
    told = play_a_round(language, heard)
    files = sorted(heard.glob("*.wav"))
    assert len(told) >= 10
    assert [file.name for file in files] == [f"{n:04d}-{language}.wav"
                                             for n in range(1, len(told) + 1)]
    for line, file in zip(told, files, strict=True):
        stat = sox_stat(file)
        assert stat["Length (seconds)"] > 0.5
        assert stat["Maximum amplitude"] > 0.1
        text = spoken(translate(line, language))
        assert samples(file) == spoken_afresh(text, language, fresh), text
        if language != "en":
            assert samples(file) != spoken_afresh(text, "en", fresh), text
