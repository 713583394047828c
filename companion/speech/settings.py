"""The speech settings: on or off (off unless chosen), volume and speed, kept in the journal.

They are one record of their own (:data:`SETTINGS_KEY`), written by the Settings screen
and, in the kiosk, by the staff menu; the speech output reads it at every step, so a
change is heard at the next step without a restart.
"""

from __future__ import annotations

from typing import Any

from companion.core.journal import Journal, StorageError
from companion.core.values import Value
from companion.speech.engine import SPEEDS, VOLUMES

SETTINGS_KEY = "speech.settings"
"""The journal setting that keeps :class:`SpeechSettings`."""


class SpeechSettings(Value):
    """Whether and how instructions are spoken."""

    on: bool = False
    """Spoken instructions are opt-in."""
    volume: int = VOLUMES[1]
    """One of :data:`~companion.speech.engine.VOLUMES`."""
    speed: int = SPEEDS[1]
    """One of :data:`~companion.speech.engine.SPEEDS`."""


def _checked(stored: Any) -> SpeechSettings:
    if not isinstance(stored, dict):
        return SpeechSettings()
    volume, speed = stored.get("volume"), stored.get("speed")
    return SpeechSettings(
        on=stored.get("on") is True,
        volume=volume if volume in VOLUMES else VOLUMES[1],
        speed=speed if speed in SPEEDS else SPEEDS[1],
    )


def load_speech_settings(journal: Journal) -> SpeechSettings:
    """The saved speech settings (the defaults for anything missing or broken)."""
    try:
        return _checked(journal.get_setting(SETTINGS_KEY))
    except (StorageError, ValueError):
        return SpeechSettings()


def save_speech_settings(journal: Journal, settings: SpeechSettings) -> None:
    """Keep ``settings`` in ``journal``."""
    journal.set_setting(SETTINGS_KEY, {"on": settings.on, "volume": settings.volume,
                                       "speed": settings.speed})
