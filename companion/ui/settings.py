"""The settings screen: language, screen, text size, sound, the table looks and diagnostics.

The table looks are the colour-blind-safe palette and the flat-table layout; they
are kept where the kiosk's staff menu keeps them, so both screens switch the same
thing.  The last row opens the diagnostics screen (buttons, serial link, a test of
each button).
"""

from __future__ import annotations

from collections.abc import Sequence

import pygame

from companion.core.i18n import LANGUAGE_NAMES, LANGUAGES
from companion.core.messages import Msg
from companion.speech.engine import find_engine
from companion.speech.settings import load_speech_settings
from companion.ui import intents
from companion.ui.intents import Back, Intent, Navigate, SetColourSafe, SetTextScale, SetVolume
from companion.ui.scene import VOLUME_LEVELS, Context, Scene, Settings
from companion.ui.screens import register_screen
from companion.ui.theme import MIN_TOUCH, TEXT_SCALES
from companion.ui.widgets import Button, Label, Panel, Text, Widget

VOLUME_NAMES: dict[float, str] = {
    0.0: "ui.settings.sound_off",
    0.4: "ui.settings.sound_quiet",
    0.8: "ui.settings.sound_loud",
}
"""Catalogue key naming each sound level."""

TEXT_SCALE_NAMES: dict[float, str] = {
    1.0: "ui.settings.text_normal",
    1.2: "ui.settings.text_large",
    1.4: "ui.settings.text_larger",
}
"""Catalogue key naming each text size."""

TABLE_LAYOUT_NAMES: dict[str, str] = {
    "upright": "ui.settings.table_upright",
    "flat": "ui.settings.table_flat",
}
"""Catalogue key naming each table layout."""

Choices = Sequence[tuple[Text, Intent, bool]]
"""Buttons of one settings row: label, what it does, whether it is the current choice."""


def title_strip(ctx: Context, title: Text) -> tuple[list[Widget], pygame.Rect]:
    """A strip with a title and a back button; return its widgets and the space below."""
    theme = ctx.theme
    strip = pygame.Rect(0, 0, ctx.size[0], theme.bar_height)
    back_width = max(theme.touch, theme.px(120))
    back = pygame.Rect(strip.right - theme.gap - back_width,
                       strip.y + (strip.height - theme.touch) // 2, back_width, theme.touch)
    widgets: list[Widget] = [
        Panel(strip, theme.palette.surface, border=False),
        Label(pygame.Rect(theme.pad, strip.y, back.x - 2 * theme.pad, strip.height), title,
              "heading", bold=True),
        Button(back, Msg("ui.common.back"), (Back(),), key="strip:back"),
    ]
    top = strip.bottom + theme.gap
    body = pygame.Rect(theme.gap, top, ctx.size[0] - 2 * theme.gap, ctx.size[1] - top - theme.gap)
    return widgets, body


def choice_row(ctx: Context, area: pygame.Rect, name: Text, choices: Choices,
               key: str) -> list[Widget]:
    """A labelled row of buttons, the current choice marked."""
    theme = ctx.theme
    label_width = area.width * 3 // 10
    widgets: list[Widget] = [Label(pygame.Rect(area.x, area.y, label_width - theme.gap,
                                               area.height), name, "body", bold=True)]
    x = area.x + label_width
    width = (area.right - x - (len(choices) - 1) * theme.gap) // len(choices)
    for number, (text, intent, chosen) in enumerate(choices):
        rect = pygame.Rect(x + number * (width + theme.gap), area.y, width, area.height)
        widgets.append(Button(rect, text, (intent,), "selected" if chosen else "normal",
                              role="body", key=f"{key}:{number}"))
    return widgets


def table_looks_rows(settings: Settings) -> list[tuple[Text, Choices]]:
    """The rows choosing the colour-safe palette and the table layout."""
    return [
        (Msg("ui.settings.colours"),
         [(Msg("ui.settings.colours_standard"), SetColourSafe(False), not settings.colour_safe),
          (Msg("ui.settings.colours_safe"), SetColourSafe(True), settings.colour_safe)]),
        (Msg("ui.settings.table"),
         [(Msg(name), intents.SetTableLayout(layout), settings.table_layout == layout)
          for layout, name in TABLE_LAYOUT_NAMES.items()]),
    ]


def speech_button(ctx: Context) -> tuple[Text, Intent, bool]:
    """Opens the spoken-instructions screen; says whether speech is on, or not installed."""
    on = ctx.journal is not None and load_speech_settings(ctx.journal).on
    state = "missing" if find_engine() is None else "on" if on else "off"
    return (Msg(f"speech.open.{state}"), Navigate("speech"), False)


def diagnostics_row() -> tuple[Text, Choices]:
    """The row whose one button opens the diagnostics screen."""
    return (Msg("ui.settings.help"),
            [(Msg("ui.settings.diagnostics"), Navigate("diagnostics"), False),
             (Msg("phones.setting.title"), Navigate("phones_setting"), False)])  # phones (#23)


class SettingsScene(Scene):
    """Language, screen, text size, sound, table looks and a way to the diagnostics."""

    def build(self, ctx: Context) -> list[Widget]:
        """Rows of choices under a title strip."""
        theme = ctx.theme
        widgets, body = title_strip(ctx, Msg("ui.settings.title"))
        settings = ctx.settings
        rows: list[tuple[Text, Choices]] = [
            (Msg("ui.settings.language"),
             [(LANGUAGE_NAMES[lang], intents.SetLanguage(lang), lang == settings.language)
              for lang in LANGUAGES]),
            (Msg("ui.settings.display"),
             [(Msg("ui.settings.window"), intents.SetFullscreen(False), not settings.fullscreen),
              (Msg("ui.settings.fullscreen"), intents.SetFullscreen(True), settings.fullscreen)]),
            (Msg("ui.settings.text_size"),
             [(Msg(TEXT_SCALE_NAMES[scale]), SetTextScale(scale), scale == settings.text_scale)
              for scale in TEXT_SCALES]),
        ]
        sound: list[tuple[Text, Intent, bool]] = [
            (Msg(VOLUME_NAMES[level]), SetVolume(level), level == settings.volume)
            for level in VOLUME_LEVELS] if ctx.sound_available else []
        rows.append((Msg("ui.settings.sound"), [*sound, speech_button(ctx)]))  # + speech screen
        keyed = [(f"setting{number}", row) for number, row in enumerate(rows)]
        keyed += zip(("setting:colours", "setting:table", "setting:diagnostics"),
                     [*table_looks_rows(settings), diagnostics_row()], strict=True)
        spacing = theme.gap * 3 // 4
        fitting = (body.height - theme.gap - (len(keyed) - 1) * spacing) // len(keyed)
        height = max(MIN_TOUCH, min(theme.touch, fitting))
        y = body.y + theme.gap // 2
        for key, (name, choices) in keyed:
            area = pygame.Rect(body.x, y, body.width, height)
            widgets.extend(choice_row(ctx, area, name, choices, key))
            y += height + spacing
        note = pygame.Rect(body.x, y, body.width, min(theme.px(48), body.bottom - y))
        if note.height >= theme.px(30):
            widgets.append(Label(note, Msg("ui.settings.saved_note"), "small",
                                 theme.palette.text_muted))
        return widgets


register_screen("settings", SettingsScene)
