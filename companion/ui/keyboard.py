"""A name dialog with an on-screen keyboard, shared by every game's set-up screen.

Names typed once are kept in the journal and offered again, one tap each, in later
set-ups; *Cancel* closes without changing the name.

A physical keyboard types too: typed text, Backspace and Enter work as the keys do.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

import pygame

from companion.core.journal import Journal
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


RECENT_KEY = "ui.recent_names"
"""Journal setting holding the names typed in earlier set-ups, newest first."""

RECENT_KEPT = 12
"""Most names remembered."""

RECENT_SHOWN = 5
"""Most remembered names offered at once."""


def recent_names(journal: Journal | None) -> list[str]:
    """Names typed in earlier set-ups, newest first."""
    if journal is None:
        return []
    try:
        stored = journal.get_setting(RECENT_KEY, [])
    except ValueError:  # unreadable or beyond the read limits
        return []
    if not isinstance(stored, list):
        return []
    return [str(name) for name in stored if isinstance(name, str) and name.strip()]


def remember_name(journal: Journal, name: str) -> None:
    """Put ``name`` first among the remembered names."""
    names = [name, *(known for known in recent_names(journal) if known != name)]
    journal.set_setting(RECENT_KEY, names[:RECENT_KEPT])


class NameDialog(Scene):
    """Type a player's name; *OK* hands it to ``on_done``."""

    overlay = True

    def __init__(self, title: Msg, name: str, on_done: Callable[[str], None],
                 taken: Sequence[str] = ()) -> None:
        super().__init__()
        self.title = title
        """What is asked."""
        self.name = name
        """The name typed so far."""
        self.on_done = on_done
        """Receives the finished name."""
        self.taken = frozenset(taken)
        """Names other seats of this set-up already have (not offered again)."""
        self.journal: Journal | None = None
        """Where names typed before are kept (set when drawn)."""

    def type_letter(self, letter: str) -> list[Intent]:
        """One key of the on-screen keyboard."""
        self.name = add_letter(self.name, letter)
        return [Redraw()]

    def delete(self) -> list[Intent]:
        """Take back the last letter."""
        self.name = self.name[:-1]
        return [Redraw()]

    def finish(self) -> list[Intent]:
        """Hand the name over, remember it for later set-ups, and close."""
        name = self.name.strip()
        self.on_done(name)
        if self.journal is not None and name:
            remember_name(self.journal, name)
        return [CloseDialog()]

    def cancel(self) -> list[Intent]:
        """Close without changing the name."""
        return [CloseDialog()]

    def take(self, name: str) -> list[Intent]:
        """A name typed in an earlier set-up, tapped to use it again."""
        self.name = name
        return self.finish()

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

    def _recent(self, names: list[str], row: pygame.Rect) -> list[Widget]:
        """The names typed before, one tap each."""
        gap = 4
        width = (row.width - (RECENT_SHOWN - 1) * gap) // RECENT_SHOWN
        widgets: list[Widget] = []
        for index, name in enumerate(names):
            rect = pygame.Rect(row.x + index * (width + gap), row.y, width, row.height)

            def tap(chosen: str = name) -> list[Intent]:
                return self.take(chosen)

            widgets.append(TapButton(rect, name, tap, "selected", role="body",
                                     key=f"kb:recent:{index}"))
        return widgets

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
        self.journal = ctx.journal
        known = [name for name in recent_names(ctx.journal)
                 if name != self.name and name not in self.taken][:RECENT_SHOWN]
        # The row of names typed before is always kept, empty or not, so the keys never
        # move between one name and the next, nor while a name is typed.
        row = pygame.Rect(inner.x, top, inner.width, line)
        widgets += (self._recent(known, row) if known else
                    [Label(row, Msg("ui.keyboard.recent_none"), "small",
                           theme.palette.text_muted)])
        top += line + gap
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
        quarter = (inner.width - 3 * gap) // 4
        bottom = [("␣", lambda: self.type_letter(" "), "normal", "kb:space"),
                  ("⌫", self.delete, "normal", "kb:delete"),
                  (Msg("ui.common.cancel"), self.cancel, "quiet", "kb:cancel"),
                  (Msg("ui.keyboard.ok"), self.finish, "primary", "kb:ok")]
        for index, (text, tap_do, style, key) in enumerate(bottom):
            rect = pygame.Rect(inner.x + index * (quarter + gap), y, quarter, height)
            widgets.append(TapButton(rect, text, tap_do, style, key=key))  # type: ignore[arg-type]
        return widgets
