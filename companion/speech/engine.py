"""The speech engine: espeak-ng, run as a separate process for each line.

espeak-ng is a Debian and Raspberry Pi OS package (``apt install espeak-ng``).  Where it
is missing the app stays silent (:func:`find_engine` returns ``None``) and the Settings
screen says so.  Each line is one process, so the next step can cut a line short by
ending that process.
"""

from __future__ import annotations

import shutil
from collections.abc import Mapping
from pathlib import Path

from companion.core.values import Value

ENGINE = "espeak-ng"
"""The program that speaks."""

VOICES: Mapping[str, str] = {"en": "gmw/en", "pl": "zlw/pl", "fr": "roa/fr", "es": "roa/es"}
"""espeak-ng's own voice file for each of the app's languages, named exactly: a bare
language code could pick an add-on voice that needs another program (``mb/…``)."""

VOLUMES: tuple[int, ...] = (50, 100, 170)
"""espeak-ng amplitudes offered (0–200; 100 is its default): quiet, normal, loud."""

SPEEDS: tuple[int, ...] = (140, 175, 210)
"""Words a minute offered (175 is espeak-ng's default): slow, normal, fast."""


class Voice(Value):
    """How a line is spoken."""

    language: str = "en"
    """One of the app's languages; an unknown one is spoken in English."""
    volume: int = 100
    """espeak-ng amplitude, 0–200."""
    speed: int = 175
    """Words a minute."""


def find_engine(path: str | None = None) -> str | None:
    """The full path of espeak-ng on ``path`` (default: ``PATH``), or ``None`` if missing."""
    return shutil.which(ENGINE, path=path)


def voice_name(language: str) -> str:
    """espeak-ng's voice for ``language`` (English for a language it is not given)."""
    return VOICES.get(language, VOICES["en"])


def command(engine: str, text: str, voice: Voice, wav: Path | None = None) -> list[str]:
    """The argument list that speaks ``text`` (or writes it to ``wav`` instead)."""
    args = [engine, "-v", voice_name(voice.language), "-a", str(voice.volume),
            "-s", str(voice.speed)]
    if wav is not None:
        args += ["-w", str(wav)]
    return [*args, "--", text]
