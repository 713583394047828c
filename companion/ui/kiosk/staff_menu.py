"""The staff menu and the diagnostics page (open only after the right PIN)."""

from __future__ import annotations

import platform
from collections.abc import Sequence
from importlib import metadata

import pygame

from companion.core.i18n import LANGUAGES
from companion.core.kiosk import TABLE_LAYOUTS, Diagnostic, Kiosk, KioskSettings
from companion.core.messages import Msg
from companion.ui.dialogs import confirm
from companion.ui.intents import Back, Intent, Navigate, SetTextScale
from companion.ui.kiosk.common import kiosk_bar, kiosk_settings
from companion.ui.kiosk.flags import FlagButton
from companion.ui.kiosk.intents import (
    ChangeKioskSetting,
    ExitKiosk,
    LockStaff,
    ResetTable,
    TestSound,
)
from companion.ui.scene import Context, ListScene, Scene
from companion.ui.widgets import (
    Button,
    ButtonStyle,
    Label,
    ListItem,
    ListView,
    Text,
    Widget,
)

VOLUME_STEP = 0.1
"""How much one tap on − or + changes the volume."""
IDLE_CHOICES: tuple[int, ...] = (30, 60, 90, 120, 180, 300, 600)
"""Idle times offered, in seconds."""
LARGE_TEXT_SCALE = 1.4
"""Text scale of the larger-text setting."""

Cell = tuple[Text, tuple[Intent, ...], ButtonStyle, bool]
"""A button of a row: label, intents, look, enabled."""


SPEECH_CELL: Cell = (Msg("speech.staff"), (Navigate("speech"),), "normal", True)
"""The Sound row's button to the spoken-instructions screen."""


def next_idle(current: float, direction: int) -> int:
    """The idle choice before or after ``current``."""
    seconds = round(current)
    if direction > 0:
        return next((c for c in IDLE_CHOICES if c > seconds), IDLE_CHOICES[-1])
    return next((c for c in reversed(IDLE_CHOICES) if c < seconds), IDLE_CHOICES[0])


def _setting(name: str, value: str | float | bool) -> tuple[Intent, ...]:
    return (ChangeKioskSetting(name, value),)


class StaffScene(Scene):
    """Settings and actions for the café staff."""

    def build(self, ctx: Context) -> list[Widget]:
        """A row per topic: language, sound, idle time, table, actions."""
        theme = ctx.theme
        widgets, body = kiosk_bar(ctx, Msg("kiosk.staff.title"),
                                  [(Msg("fleet.staff.row"), (Navigate("kiosk.fleet"),),
                                    "normal"),  # the café fleet's settings
                                   (Msg("kiosk.staff.close"), (LockStaff(),), "primary")],
                                  "staff")
        settings = kiosk_settings(ctx)
        rows = self.rows(settings)
        label_width = body.width // 4
        height = max(theme.touch, min(theme.px(62), (body.height - (len(rows) - 1) * theme.gap)
                                      // len(rows)))
        for index, (title, cells) in enumerate(rows):
            y = body.y + index * (height + theme.gap)
            widgets.append(Label(pygame.Rect(body.x, y, label_width - theme.gap, height), title,
                                 "body", bold=True))
            area = pygame.Rect(body.x + label_width, y, body.width - label_width, height)
            widgets.extend(self._cells(ctx, index, area, cells, settings))
        return widgets

    def rows(self, settings: KioskSettings) -> list[tuple[Text, list[Cell]]]:
        """Each row's title and buttons (the language row is drawn with flags)."""
        return [
            (Msg("kiosk.staff.language"), []),
            (Msg("kiosk.staff.sound"), [*self._sound(settings), SPEECH_CELL]),
            (Msg("kiosk.staff.idle"), self._idle(settings)),
            (Msg("kiosk.staff.table"), self._table(settings)),
            (Msg("kiosk.staff.actions"), self._actions()),
            (Msg("faults.staff.games"),
             [(Msg("faults.put_away.open"), (Navigate("kiosk.put_away"),), "normal", True)]),
        ]

    @staticmethod
    def _sound(settings: KioskSettings) -> list[Cell]:
        volume = round(settings.volume * 100)
        return [
            ("−", _setting("volume", round(max(0.0, settings.volume - VOLUME_STEP), 2)),
             "normal", settings.volume > 0),
            (Msg("kiosk.staff.volume", {"percent": volume}), (TestSound(),), "quiet", True),
            ("+", _setting("volume", round(min(1.0, settings.volume + VOLUME_STEP), 2)),
             "normal", settings.volume < 1),
            (Msg("kiosk.staff.muted" if settings.muted else "kiosk.staff.mute"),
             _setting("muted", not settings.muted),
             "selected" if settings.muted else "normal", True),
        ]

    @staticmethod
    def _idle(settings: KioskSettings) -> list[Cell]:
        seconds = round(settings.idle_seconds)
        return [
            ("−", _setting("idle_seconds", float(next_idle(seconds, -1))), "normal",
             seconds > IDLE_CHOICES[0]),
            (Msg("kiosk.staff.seconds", {"seconds": seconds}), (), "quiet", True),
            ("+", _setting("idle_seconds", float(next_idle(seconds, 1))), "normal",
             seconds < IDLE_CHOICES[-1]),
        ]

    @staticmethod
    def _table(settings: KioskSettings) -> list[Cell]:
        cells: list[Cell] = [
            (Msg(f"kiosk.staff.layout.{layout}"), _setting("table_layout", layout),
             "selected" if settings.table_layout == layout else "normal", True)
            for layout in TABLE_LAYOUTS
        ]
        large = not settings.large_text
        cells.append((Msg("kiosk.staff.large_text"),
                      (*_setting("large_text", large),
                       SetTextScale(LARGE_TEXT_SCALE if large else 1.0)),
                      "selected" if settings.large_text else "normal", True))
        cells.append((Msg("kiosk.staff.colour_safe"), _setting("colour_safe",
                                                               not settings.colour_safe),
                      "selected" if settings.colour_safe else "normal", True))
        return cells

    @staticmethod
    def _actions() -> list[Cell]:
        reset = confirm(Msg("kiosk.staff.reset_question"), Msg("kiosk.staff.reset"),
                        (ResetTable(),), body=Msg("kiosk.staff.reset_body"))
        leave = confirm(Msg("kiosk.staff.exit_question"), Msg("kiosk.staff.exit"),
                        (ExitKiosk(),))
        return [
            (Msg("kiosk.staff.reset"), (reset,), "danger", True),
            (Msg("kiosk.staff.statistics"), (Navigate("kiosk.stats"),), "normal", True),
            (Msg("kiosk.staff.diagnostics"), (Navigate("kiosk.diagnostics"),), "normal", True),
            (Msg("kiosk.staff.buttons"), (Navigate("diagnostics"),), "normal", True),
            (Msg("kiosk.staff.change_pin"), (Navigate("kiosk.pin_change"),), "normal", True),
            (Msg("kiosk.staff.exit"), (leave,), "danger", True),
        ]

    @staticmethod
    def _cells(ctx: Context, row: int, area: pygame.Rect, cells: Sequence[Cell],
               settings: KioskSettings) -> list[Widget]:
        theme = ctx.theme
        if not cells:
            width = (area.width - (len(LANGUAGES) - 1) * theme.gap // 2) // len(LANGUAGES)
            return [
                FlagButton(pygame.Rect(area.x + n * (width + theme.gap // 2), area.y, width,
                                       area.height), lang,
                           _setting("default_language", lang),
                           lang == settings.default_language, key=f"staff:lang:{lang}")
                for n, lang in enumerate(LANGUAGES)
            ]
        width = (area.width - (len(cells) - 1) * theme.gap // 2) // len(cells)
        return [
            Button(pygame.Rect(area.x + n * (width + theme.gap // 2), area.y, width,
                               area.height), text, intents, style, enabled, role="small",
                   key=f"staff:{row}:{n}")
            for n, (text, intents, style, enabled) in enumerate(cells)
        ]


def ui_diagnostics(ctx: Context) -> list[Diagnostic]:
    """Readings only the screen side knows: display, sound, versions."""
    driver = pygame.display.get_driver() if pygame.display.get_init() else "-"
    mixer = pygame.mixer.get_init()
    try:
        version = metadata.version("table-companion")
    except metadata.PackageNotFoundError:
        version = "-"
    return [
        Diagnostic(Msg("kiosk.diag.screen"), f"{ctx.size[0]}×{ctx.size[1]} ({driver})"),
        Diagnostic(Msg("kiosk.diag.sound"),
                   f"{mixer[0]} Hz" if mixer else Msg("kiosk.diag.no_sound"), bool(mixer)),
        Diagnostic(Msg("kiosk.diag.version"),
                   f"{version} · Python {platform.python_version()} · pygame-ce "
                   f"{pygame.version.ver}"),
    ]


class DiagnosticsScene(ListScene):
    """Readings that help staff (or a technician on the phone) see what is wrong."""

    def build(self, ctx: Context) -> list[Widget]:
        """One row per reading; a reading that needs attention is marked."""
        theme = ctx.theme
        widgets, body = kiosk_bar(ctx, Msg("kiosk.diag.title"),
                                  [(Msg("ui.common.back"), (Back(),), "normal")], "diag")
        lines = list(ui_diagnostics(ctx))
        if ctx.journal is not None:
            lines = Kiosk(ctx.journal).diagnostics(lines)
        items = [ListItem(line.label, line.value, highlight=not line.ok) for line in lines]
        widgets.append(ListView(body, items, theme.touch + theme.px(14), self.scroll,
                                key="diag:list"))
        return widgets
