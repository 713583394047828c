"""Each of the app's languages is spoken by espeak-ng's own voice for that language."""

from __future__ import annotations

import subprocess
from pathlib import Path

import pytest

from companion.core.i18n import LANGUAGES
from companion.speech.engine import VOICES, Voice, command, find_engine, voice_name

ENGINE = find_engine()

SAMPLE = {"en": "Move your pawn.", "pl": "Przesuń pionek.", "fr": "Déplacez votre pion.",
          "es": "Mueve tu peón."}


def voice_files(language: str) -> list[str]:
    """The voice files espeak-ng lists for ``language`` (File column)."""
    assert ENGINE is not None
    listing = subprocess.run([ENGINE, f"--voices={language}"], capture_output=True, text=True,
                             check=True).stdout.splitlines()[1:]
    return [line.split()[4] for line in listing]


def phonemes(voice: str, text: str) -> str:
    """espeak-ng's phonemes for ``text`` spoken by ``voice``."""
    assert ENGINE is not None
    return subprocess.run([ENGINE, "-q", "-x", "-v", voice, "--", text], capture_output=True,
                          text=True, check=True).stdout.strip()


def test_every_language_has_a_voice() -> None:
    assert set(VOICES) == set(LANGUAGES)


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_voice_is_the_engines_own_for_that_language(language: str) -> None:
    """espeak-ng lists the chosen voice for the language, and it is no add-on voice."""
    assert voice_name(language) in voice_files(language)
    assert not voice_name(language).startswith("mb/")


@pytest.mark.parametrize("language", ["pl", "fr", "es"])
def test_a_language_sounds_unlike_english(language: str) -> None:
    """The same written line comes out with other sounds than in English (the voice really
    changed), and the command asks for that voice."""
    line = SAMPLE[language]
    assert phonemes(voice_name(language), line) != phonemes(VOICES["en"], line)
    assert command("espeak-ng", "x", Voice(language=language))[1:3] == ["-v", VOICES[language]]


def test_an_unknown_language_is_spoken_in_english() -> None:
    assert voice_name("xx") == VOICES["en"]


@pytest.mark.parametrize("language", LANGUAGES)
def test_each_language_is_written_with_sound(language: str, tmp_path: Path) -> None:
    assert ENGINE is not None
    wav = tmp_path / "line.wav"
    subprocess.run(command(ENGINE, SAMPLE[language], Voice(language=language), wav), check=True)
    assert wav.stat().st_size > 10_000
