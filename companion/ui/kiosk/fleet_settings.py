"""The staff's café-fleet settings (kiosk staff menu, behind the PIN).

Staff switch reporting on or off and set the broker's host, port and TLS, the table's
own broker account and password, the venue and the table's name.  Typed values open an
on-screen keyboard; *Save* checks them (a mistake is said in the staff's language and
nothing is saved) and keeps the values in the journal, laid over the configuration
file's ``[fleet]`` section at the next start (:mod:`companion.fleet.saved`).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pygame

from companion.core.journal import StorageError
from companion.core.messages import Msg
from companion.fleet.config import NAME, FleetConfig
from companion.fleet.saved import STAFF_KEYS, save_fleet, saved_fleet
from companion.ui.intents import Back, CloseDialog, Intent, Notify, Redraw, ShowDialog
from companion.ui.kiosk.common import kiosk_bar
from companion.ui.scene import Context, Scene
from companion.ui.widgets import Button, Label, Panel, Shade, TapButton, Widget

GRID: tuple[tuple[str, str], ...] = (
    ("enabled", "tls"),
    ("host", "port"),
    ("venue", "table"),
    ("user", "password"),
)
"""The fields, two to a row, as they stand on the screen."""
TOGGLES = frozenset({"enabled", "tls"})
"""Fields that are on or off (a tap switches them)."""
KEY_ROWS: tuple[str, ...] = ("1234567890", "qwertyuiop", "asdfghjkl-", "zxcvbnm._:")
"""Keys of the typing dialog: what host names, ports, accounts and passwords use."""
MAX_TEXT = 64
"""Longest value typed."""


def starting_values(saved: dict[str, Any]) -> dict[str, Any]:
    """Staff's saved values, the defaults for the rest."""
    defaults = FleetConfig()
    return {key: saved.get(key, getattr(defaults, key)) for key in STAFF_KEYS}


def problem_of(values: dict[str, Any]) -> Msg | None:
    """What is wrong with ``values`` (``None``: they can be saved)."""
    if not values["enabled"]:
        return None
    if not str(values["host"]).strip():
        return Msg("fleet.staff.bad_host")
    if not 1 <= int(values["port"]) <= 65535:
        return Msg("fleet.staff.bad_port")
    for key in ("venue", "table"):
        if not NAME.match(str(values[key])):
            return Msg("fleet.staff.bad_name", {"field": key})
    return None


class FleetSettingsScene(Scene):
    """Reporting on or off, the broker, the table's account, venue and name; *Save*."""

    def __init__(self) -> None:
        super().__init__()
        self.values: dict[str, Any] | None = None
        """The values shown (read from the journal the first time the screen is built)."""

    def build(self, ctx: Context) -> list[Widget]:
        """The bar (Save, Back) and a grid of labelled fields."""
        theme = ctx.theme
        if self.values is None:
            self.values = starting_values(saved_fleet(ctx.journal) if ctx.journal else {})
        widgets, body = kiosk_bar(ctx, Msg("fleet.staff.title"), [
            (Msg("fleet.staff.save"), (), "primary"),
            (Msg("fleet.staff.back"), (Back(),), "quiet"),
        ], "fleet")
        save = next(w for w in widgets if isinstance(w, Button) and w.key == "fleet:bar:0")
        widgets[widgets.index(save)] = TapButton(save.rect, save.text, lambda: self.save(ctx),
                                                 "primary", role="small", key="fleet:save")
        rows = len(GRID) + 1
        height = max(theme.touch, min(theme.px(64), (body.height - rows * theme.gap) // rows))
        column = (body.width - theme.gap) // 2
        for row, pair in enumerate(GRID):
            y = body.y + row * (height + theme.gap)
            for index, key in enumerate(pair):
                cell = pygame.Rect(body.x + index * (column + theme.gap), y, column, height)
                widgets.extend(self._field(ctx, key, cell))
        hint = pygame.Rect(body.x, body.y + len(GRID) * (height + theme.gap), body.width,
                           height)
        widgets.append(Label(hint, Msg("fleet.staff.next_start"), "small",
                             theme.palette.text_muted))
        return widgets

    def _field(self, ctx: Context, key: str, cell: pygame.Rect) -> list[Widget]:
        """A field's name and a button showing its value (a tap switches or types it)."""
        assert self.values is not None
        theme = ctx.theme
        label_width = cell.width * 2 // 5
        label = Label(pygame.Rect(cell.x, cell.y, label_width - theme.gap, cell.height),
                      Msg(f"fleet.staff.field.{key}"), "body", bold=True)
        place = pygame.Rect(cell.x + label_width, cell.y, cell.width - label_width, cell.height)
        value = self.values[key]
        if key in TOGGLES:
            text: Msg | str = Msg("fleet.staff.on" if value else "fleet.staff.off")
            button = TapButton(place, text, lambda: self.switch(key),
                               "selected" if value else "normal", key=f"fleet:{key}")
        else:
            shown = "•" * len(str(value)) if key == "password" else str(value)
            button = TapButton(place, shown or Msg("fleet.staff.empty"),
                               lambda: self.type_into(key), "normal", role="body",
                               key=f"fleet:{key}")
        return [label, button]

    def switch(self, key: str) -> list[Intent]:
        """Turn an on-or-off field over."""
        assert self.values is not None
        self.values[key] = not self.values[key]
        return [Redraw()]

    def type_into(self, key: str) -> list[Intent]:
        """Open the keyboard on a typed field."""
        assert self.values is not None
        current = "" if key == "password" else str(self.values[key])

        def done(text: str) -> None:
            assert self.values is not None
            if key == "port":
                self.values[key] = int(text) if text.isdigit() else 0
            else:
                self.values[key] = text

        return [ShowDialog(TypingDialog(Msg(f"fleet.staff.field.{key}"), current, done))]

    def save(self, ctx: Context) -> list[Intent]:
        """Check the values; keep them for the next start, or say what is wrong."""
        assert self.values is not None
        problem = problem_of(self.values)
        if problem is not None:
            return [Notify(problem, error=True)]
        if ctx.journal is None:
            return [Notify(Msg("fleet.staff.not_saved"), error=True)]
        try:
            save_fleet(ctx.journal, self.values)
        except StorageError:
            return [Notify(Msg("fleet.staff.not_saved"), error=True)]
        return [Notify(Msg("fleet.staff.saved"))]


class TypingDialog(Scene):
    """An on-screen keyboard for one value; *OK* hands it to ``on_done``."""

    overlay = True

    def __init__(self, title: Msg, text: str, on_done: Callable[[str], None]) -> None:
        super().__init__()
        self.title = title
        """The field typed into."""
        self.text = text
        """What is typed so far."""
        self.on_done = on_done
        """Receives the finished text."""
        self.upper = False
        """Whether letters come as capitals."""

    def type_letter(self, letter: str) -> list[Intent]:
        """One key."""
        if len(self.text) < MAX_TEXT:
            self.text += letter.upper() if self.upper else letter
        return [Redraw()]

    def delete(self) -> list[Intent]:
        """Take back the last character."""
        self.text = self.text[:-1]
        return [Redraw()]

    def shift(self) -> list[Intent]:
        """Switch between small letters and capitals."""
        self.upper = not self.upper
        return [Redraw()]

    def finish(self) -> list[Intent]:
        """Hand the text over and close."""
        self.on_done(self.text.strip())
        return [CloseDialog()]

    def handle(self, event: pygame.event.Event, ctx: Context) -> list[Intent]:
        """A physical keyboard types too."""
        if event.type == pygame.TEXTINPUT:
            self.text = (self.text + "".join(c for c in event.text if c.isprintable()))[
                :MAX_TEXT]
            return [Redraw()]
        if event.type == pygame.KEYDOWN and event.key == pygame.K_BACKSPACE:
            return self.delete()
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            return self.finish()
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            return [CloseDialog()]
        return super().handle(event, ctx)

    def build(self, ctx: Context) -> list[Widget]:
        """Title and text, the keys, then shift / delete / cancel / OK."""
        theme = ctx.theme
        box = ctx.screen.inflate(-2 * theme.gap, -2 * theme.gap)
        inner = box.inflate(-2 * theme.px(6), -2 * theme.px(6))
        widgets: list[Widget] = [Shade(ctx.screen), Panel(box)]
        line = theme.touch
        third = inner.width // 3
        widgets.append(Label(pygame.Rect(inner.x, inner.y, third, line), self.title, "heading",
                             bold=True))
        widgets.append(Label(pygame.Rect(inner.x + third, inner.y, inner.width - third, line),
                             self.text + "▌", "title", theme.palette.accent, bold=True))
        gap = theme.px(4)
        top = inner.y + line + gap
        rows = len(KEY_ROWS) + 1
        height = (inner.bottom - top - (rows - 1) * gap) // rows
        width = (inner.width - 9 * gap) // 10
        for number, letters in enumerate(KEY_ROWS):
            y = top + number * (height + gap)
            for index, letter in enumerate(letters):
                rect = pygame.Rect(inner.x + index * (width + gap), y, width, height)
                shown = letter.upper() if self.upper else letter

                def tap(chosen: str = letter) -> list[Intent]:
                    return self.type_letter(chosen)

                widgets.append(TapButton(rect, shown, tap, key=f"type:{number}:{index}"))
        y = top + len(KEY_ROWS) * (height + gap)
        quarter = (inner.width - 3 * gap) // 4
        bottom: list[tuple[Msg | str, Callable[[], list[Intent]], Any, str]] = [
            ("⇧", self.shift, "selected" if self.upper else "normal", "type:shift"),
            ("⌫", self.delete, "normal", "type:delete"),
            (Msg("ui.common.cancel"), lambda: [CloseDialog()], "quiet", "type:cancel"),
            (Msg("ui.keyboard.ok"), self.finish, "primary", "type:ok")]
        for index, (text, tap_do, style, key) in enumerate(bottom):
            rect = pygame.Rect(inner.x + index * (quarter + gap), y, quarter, height)
            widgets.append(TapButton(rect, text, tap_do, style, key=key))
        return widgets
