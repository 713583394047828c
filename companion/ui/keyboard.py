"""A name dialog with an on-screen keyboard, shared by every game's set-up screen.

A physical keyboard types too: typed text, Backspace and Enter work as the keys do.
"""

from __future__ import annotations

from collections.abc import Callable

import pygame

from companion.core.messages import Msg
from companion.ui.intents import CloseDialog, Intent, Redraw
from companion.ui.scene import Context, Scene
from companion.ui.widgets import Label, Panel, Shade, TapButton, Widget

KEY_ROWS: tuple[str, ...] = (
    "qwertyuiop",
    "asdfghjkl-",
    "zxcvbnm'.",
    "ąćęłńóśźż",
    "àâçéèêñáíú",
)
"""Letters of the on-screen keyboard, row by row (Polish, French and Spanish included)."""

MAX_NAME = 16
"""Longest name the dialog accepts."""


def add_letter(name: str, letter: str) -> str:
    """Append ``letter``; the first letter of each word is written in capitals."""
    if len(name) >= MAX_NAME:
        return name
    if not name or name.endswith(" "):
        letter = letter.upper()
    return name + letter


class NameDialog(Scene):
    """Type a player's name; *OK* hands it to ``on_done``."""

    overlay = True

    def __init__(self, title: Msg, name: str, on_done: Callable[[str], None]) -> None:
        super().__init__()
        self.title = title
        """What is asked."""
        self.name = name
        """The name typed so far."""
        self.on_done = on_done
        """Receives the finished name."""

    def type_letter(self, letter: str) -> list[Intent]:
        """One key of the on-screen keyboard."""
        self.name = add_letter(self.name, letter)
        return [Redraw()]

    def delete(self) -> list[Intent]:
        """Take back the last letter."""
        self.name = self.name[:-1]
        return [Redraw()]

    def finish(self) -> list[Intent]:
        """Hand the name over and close."""
        self.on_done(self.name.strip())
        return [CloseDialog()]

    def handle(self, event: pygame.event.Event, ctx: Context) -> list[Intent]:
        """Typing on a physical keyboard works as well as the on-screen keys."""
        if event.type == pygame.TEXTINPUT:
            for letter in event.text:
                if letter.isprintable():
                    self.name = add_letter(self.name, letter)
            return [Redraw()]
        if event.type == pygame.KEYDOWN and event.key == pygame.K_BACKSPACE:
            return self.delete()
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            return self.finish()
        return super().handle(event, ctx)

    def build(self, ctx: Context) -> list[Widget]:
        """Title, the name, the keys, and space / delete / OK."""
        theme = ctx.theme
        screen = ctx.screen
        box = screen.inflate(-2 * theme.gap, -2 * theme.gap)
        inner = box.inflate(-2 * theme.px(6), -2 * theme.px(6))
        widgets: list[Widget] = [Shade(screen), Panel(box)]
        line = theme.touch
        half = inner.width // 2
        widgets.append(Label(pygame.Rect(inner.x, inner.y, half, line), self.title, "heading",
                             bold=True))
        widgets.append(Label(pygame.Rect(inner.x + half, inner.y, half, line),
                             self.name + "▌", "title", theme.palette.accent, bold=True))
        gap = theme.px(4)
        top = inner.y + line + gap
        rows = len(KEY_ROWS) + 1
        height = (inner.bottom - top - (rows - 1) * gap) // rows
        width = (inner.width - 9 * gap) // 10
        for number, letters in enumerate(KEY_ROWS):
            y = top + number * (height + gap)
            start = inner.x + (inner.width - len(letters) * (width + gap) + gap) // 2
            for index, letter in enumerate(letters):
                rect = pygame.Rect(start + index * (width + gap), y, width, height)

                def tap(chosen: str = letter) -> list[Intent]:
                    return self.type_letter(chosen)

                widgets.append(TapButton(rect, letter, tap, key=f"kb:{number}:{index}"))
        y = top + len(KEY_ROWS) * (height + gap)
        third = (inner.width - 2 * gap) // 3
        widgets.append(TapButton(pygame.Rect(inner.x, y, third, height), "␣",
                                 lambda: self.type_letter(" "), key="kb:space"))
        widgets.append(TapButton(pygame.Rect(inner.x + third + gap, y, third, height), "⌫",
                                 self.delete, key="kb:delete"))
        widgets.append(TapButton(pygame.Rect(inner.x + 2 * (third + gap), y, third, height),
                                 Msg("ui.keyboard.ok"), self.finish, "primary", key="kb:ok"))
        return widgets
