"""The spoken-instructions screen: on or off, volume, speed, and a line to try them.

Reached from the Sound row of Settings and from the kiosk's staff menu.  The choices are
kept in the speech settings record (:mod:`companion.speech.settings`), which the speech
output reads at every step.  Where espeak-ng is missing the screen says so (and how to
install it); the choices stay, so they hold once it is installed.
"""

from __future__ import annotations

import pygame

from companion.core.i18n import translate
from companion.core.messages import Msg
from companion.speech.engine import SPEEDS, VOLUMES, Voice, find_engine
from companion.speech.queue import Speaker
from companion.speech.settings import (
    SpeechSettings,
    load_speech_settings,
    save_speech_settings,
)
from companion.ui.intents import Intent, Redraw
from companion.ui.scene import Context, Scene
from companion.ui.screens import register_screen
from companion.ui.settings import Choices, choice_row, title_strip
from companion.ui.theme import MIN_TOUCH
from companion.ui.widgets import Label, Widget

VOLUME_NAMES = ("speech.volume.quiet", "speech.volume.normal", "speech.volume.loud")
"""Catalogue keys naming :data:`~companion.speech.engine.VOLUMES`, in order."""
SPEED_NAMES = ("speech.speed.slow", "speech.speed.normal", "speech.speed.fast")
"""Catalogue keys naming :data:`~companion.speech.engine.SPEEDS`, in order."""


class ChangeSpeech(Redraw):
    """Keep new speech settings (the screen carries it out; the app only redraws)."""

    settings: SpeechSettings
    """The settings to keep."""


class TrySpeech(Redraw):
    """Speak a sample line with the chosen settings."""


def changed(now: SpeechSettings, on: bool | None = None, volume: int | None = None,
            speed: int | None = None) -> ChangeSpeech:
    """Keep ``now`` with the given choices changed."""
    return ChangeSpeech(SpeechSettings(
        on=now.on if on is None else on,
        volume=now.volume if volume is None else volume,
        speed=now.speed if speed is None else speed))


_trial: Speaker | None = None
"""The speaker of the sample line (made at the first try, shared by every visit)."""


def trial_speaker(engine: str | None) -> Speaker:
    """The one speaker of the sample line."""
    global _trial
    if _trial is None:
        _trial = Speaker(engine)
    return _trial


class SpeechScene(Scene):
    """Spoken instructions: on or off, volume, speed, a sample line."""

    def __init__(self) -> None:
        super().__init__()
        self.engine = find_engine()
        """espeak-ng's path, or ``None`` where it is missing."""

    def _settings(self, ctx: Context) -> SpeechSettings:
        return SpeechSettings() if ctx.journal is None else load_speech_settings(ctx.journal)

    def rows(self, ctx: Context) -> list[tuple[Msg, Choices]]:
        """Each row's name and its choices."""
        now = self._settings(ctx)
        return [
            (Msg("speech.row.spoken"),
             [(Msg("speech.off"), changed(now, on=False), not now.on),
              (Msg("speech.on"), changed(now, on=True), now.on)]),
            (Msg("speech.row.volume"),
             [(Msg(name), changed(now, volume=level), now.volume == level)
              for level, name in zip(VOLUMES, VOLUME_NAMES, strict=True)]),
            (Msg("speech.row.speed"),
             [(Msg(name), changed(now, speed=speed), now.speed == speed)
              for speed, name in zip(SPEEDS, SPEED_NAMES, strict=True)]),
            (Msg("speech.row.try"), [(Msg("speech.try"), TrySpeech(), False)]),
        ]

    def build(self, ctx: Context) -> list[Widget]:
        """The rows under a title strip, then whether espeak-ng is there."""
        theme = ctx.theme
        widgets, body = title_strip(ctx, Msg("speech.title"))
        rows = self.rows(ctx)
        height = max(MIN_TOUCH, theme.touch)
        y = body.y + theme.gap // 2
        for number, (name, choices) in enumerate(rows):
            area = pygame.Rect(body.x, y, body.width, height)
            widgets.extend(choice_row(ctx, area, name, choices, f"speech{number}"))
            y += height + theme.gap
        note = pygame.Rect(body.x, y, body.width, body.bottom - y)
        if self.engine is None:
            widgets.append(Label(note, Msg("speech.missing"), "body", theme.palette.accent,
                                 key="speech:missing"))
        else:
            widgets.append(Label(note, Msg("speech.note"), "small", theme.palette.text_muted))
        return widgets

    def handle(self, event: pygame.event.Event, ctx: Context) -> list[Intent]:
        """Carry out this screen's own choices; the rest goes to the app."""
        intents = super().handle(event, ctx)
        for intent in intents:
            if isinstance(intent, ChangeSpeech) and ctx.journal is not None:
                save_speech_settings(ctx.journal, intent.settings)
            elif isinstance(intent, TrySpeech):
                self._try(ctx)
        return intents

    def _try(self, ctx: Context) -> None:
        """Speak the sample line (off the UI thread), even while speech is off."""
        now = self._settings(ctx)
        voice = Voice(language=ctx.lang, volume=now.volume, speed=now.speed)
        trial_speaker(self.engine).say([translate(Msg("speech.sample"), ctx.lang)], voice)


register_screen("speech", SpeechScene)
