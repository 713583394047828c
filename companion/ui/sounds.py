"""Sound effects: a player with volume and mute, and the cues a game step calls for.

The effects are the original ``.wav`` files in the project's ``sounds/`` folder
(made by ``sounds/make_sounds.py``).  :func:`open_player` returns a
:class:`MixerPlayer` when ``pygame.mixer`` starts, and a :class:`SilentPlayer` when
it does not (no sound card, no audio server, a broken file): the app never fails or
waits because of sound.

Which sounds a step makes is the game's to say (``Game.cues``, names from
:data:`companion.core.game.CUES`); this module only plays them.
"""

from __future__ import annotations

from pathlib import Path
from typing import Protocol

import pygame

from companion.core.game import CUES
from companion.core.logs import logger

SOUNDS_DIR = Path(__file__).resolve().parent.parent.parent / "sounds"
"""The folder with the generated ``.wav`` files."""

SOUND_NAMES: tuple[str, ...] = (*CUES, "reminder_tick")
"""Every sound the app knows, by file name without ``.wav``."""

_log = logger(__name__)


class SoundPlayer(Protocol):
    """What the app uses to make a sound."""

    available: bool
    """Whether sounds can actually be heard."""
    volume: float
    """Loudness from 0 to 1."""
    muted: bool
    """Whether sounds are off."""

    def play(self, name: str) -> bool:
        """Play sound ``name``; return whether it started."""
        ...

    def set_volume(self, volume: float) -> None:
        """Change the loudness (clamped to 0..1)."""
        ...

    def set_muted(self, muted: bool) -> None:
        """Switch sounds off or on."""
        ...


def _clamp(volume: float) -> float:
    return min(1.0, max(0.0, float(volume)))


class SilentPlayer:
    """A player that keeps its settings but makes no sound (no audio device)."""

    available = False

    def __init__(self, volume: float = 0.8, muted: bool = False, reason: str = "") -> None:
        self.volume = _clamp(volume)
        """Loudness from 0 to 1, kept for when sound comes back."""
        self.muted = muted
        """Whether sounds are off."""
        self.reason = reason
        """Why there is no sound (for the diagnostics page)."""

    def play(self, name: str) -> bool:
        """Do nothing."""
        return False

    def set_volume(self, volume: float) -> None:
        """Remember the loudness."""
        self.volume = _clamp(volume)

    def set_muted(self, muted: bool) -> None:
        """Remember the mute switch."""
        self.muted = muted


class MixerPlayer:
    """Plays the effects through ``pygame.mixer`` (which must already be started)."""

    available = True

    def __init__(self, folder: Path = SOUNDS_DIR, volume: float = 0.8, muted: bool = False) -> None:
        self.folder = folder
        """Where the ``.wav`` files are."""
        self.volume = _clamp(volume)
        """Loudness from 0 to 1."""
        self.muted = muted
        """Whether sounds are off."""
        self._sounds: dict[str, pygame.mixer.Sound | None] = {}

    def sound(self, name: str) -> pygame.mixer.Sound | None:
        """The loaded sound ``name`` (loaded on first use; ``None`` if it cannot be)."""
        if name not in self._sounds:
            self._sounds[name] = self._load(name)
        return self._sounds[name]

    def _load(self, name: str) -> pygame.mixer.Sound | None:
        if name not in SOUND_NAMES:
            _log.warning("unknown sound %r", name)
            return None
        try:
            return pygame.mixer.Sound(str(self.folder / f"{name}.wav"))
        except (pygame.error, FileNotFoundError, OSError):
            _log.warning("sound %r could not be loaded", name, exc_info=True)
            return None

    def play(self, name: str) -> bool:
        """Play ``name`` at the current volume unless muted."""
        if self.muted or self.volume <= 0:
            return False
        sound = self.sound(name)
        if sound is None:
            return False
        try:
            sound.set_volume(self.volume)
            return sound.play() is not None
        except pygame.error:
            _log.warning("sound %r could not be played", name, exc_info=True)
            return False

    def set_volume(self, volume: float) -> None:
        """Change the loudness of the next sounds."""
        self.volume = _clamp(volume)

    def set_muted(self, muted: bool) -> None:
        """Switch sounds off (stopping any that play) or on."""
        self.muted = muted
        if muted and pygame.mixer.get_init():
            pygame.mixer.stop()


def open_player(
    volume: float = 0.8, muted: bool = False, folder: Path = SOUNDS_DIR
) -> MixerPlayer | SilentPlayer:
    """Start the mixer and return a player; a silent one if there is no audio device."""
    try:
        if not pygame.mixer.get_init():
            pygame.mixer.init(frequency=22050, size=-16, channels=1, buffer=512)
    except pygame.error as error:
        _log.info("no sound: %s", error)
        return SilentPlayer(volume, muted, str(error))
    return MixerPlayer(folder, volume, muted)
