"""The "Phones at the table" setting: off by default; a staff setting in the kiosk.

This screen only reads and switches the setting; the phones themselves
(:mod:`companion.phones`) are imported only once it is on, by the switch the composition
root hands the app (:class:`PhoneSwitch`, found among the app's input sources).
"""

from __future__ import annotations

from typing import Protocol, runtime_checkable

import pygame

from companion.core.journal import Journal, StorageError
from companion.core.messages import Msg
from companion.ui.intents import Intent, Navigate, Redraw
from companion.ui.scene import Context, Scene
from companion.ui.screens import register_screen
from companion.ui.settings import choice_row, title_strip
from companion.ui.widgets import Label, Widget

PHONES_SETTING = "phones.enabled"
"""The journal setting that switches the phones on (``True``) or off."""


class SetPhones(Redraw):
    """Switch the phones at the table on or off (saved in the journal; a staff setting
    in the kiosk).  A :class:`Redraw` for screens that do not know it."""

    on: bool
    """Whether players may join with their phones."""


@runtime_checkable
class PhoneSwitch(Protocol):
    """What the app asks of the phones the root attached: on or off, and a new group."""

    def switch(self, on: bool) -> None:
        """Start the phones' server (``True``) or stop it."""

    def new_group(self) -> None:
        """A new group sits down at the café table: every seat scans a new code."""


def phones_wanted(journal: Journal | None) -> bool:
    """Whether the staff switched the phones on (off when the journal cannot say)."""
    if journal is None:
        return False
    try:
        return journal.get_setting(PHONES_SETTING, False) is True
    except (StorageError, ValueError):
        return False


class PhonesSettingScene(Scene):
    """Off / On, and (when on) the way to the seats' join codes."""

    def build(self, ctx: Context) -> list[Widget]:
        """A title strip, the switch, a line on what it does, the join codes' button."""
        theme = ctx.theme
        widgets, body = title_strip(ctx, Msg("phones.setting.title"))
        on = phones_wanted(ctx.journal)
        row = pygame.Rect(body.x, body.y + theme.gap, body.width, theme.touch)
        switch: list[tuple[Msg, Intent, bool]] = [
            (Msg("phones.setting.off"), SetPhones(False), not on),
            (Msg("phones.setting.on"), SetPhones(True), on)]
        widgets += choice_row(ctx, row, Msg("phones.setting.name"), switch, "phones:switch")
        if on:
            codes = pygame.Rect(body.x, row.bottom + theme.gap, body.width, theme.touch)
            widgets += choice_row(ctx, codes, Msg("phones.setting.join"),
                                  [(Msg("phones.setting.show_codes"), Navigate("phones_join"),
                                    False)], "phones:codes")
            top = codes.bottom
        else:
            top = row.bottom
        note = pygame.Rect(body.x, top + theme.gap, body.width, body.bottom - top - theme.gap)
        widgets.append(Label(note, Msg("phones.setting.note"), "body", theme.palette.text_muted))
        return widgets


register_screen("phones_setting", PhonesSettingScene)
