"""The staff PIN pad: unlock the staff menu, choose the first PIN, or change it.

The digits typed live only in the scene and are shown as dots.  The pad asks the
app to check them (:class:`~companion.ui.kiosk.intents.UnlockStaff`); while the
lock is in a lock-out, the pad says how long to wait.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

import pygame

from companion.core.messages import Msg
from companion.core.staff import MAX_PIN_LENGTH, MIN_PIN_LENGTH, SHORTEST_KNOWN_PIN
from companion.ui.intents import Back, Intent, Redraw
from companion.ui.kiosk.common import kiosk_bar, staff_lock
from companion.ui.kiosk.intents import ChangePin, ChooseFirstPin, PadKey, UnlockStaff
from companion.ui.scene import Context, Scene
from companion.ui.theme import TextRole, Theme
from companion.ui.widgets import Button, ButtonStyle, Label, Panel, Widget

PadMode = Literal["unlock", "create", "change"]
"""What the pad is for."""

PAD_KEYS: tuple[str, ...] = ("1", "2", "3", "4", "5", "6", "7", "8", "9", "clear", "0", "ok")
"""The keys of the pad, row by row."""

_DIGIT_KEYS = {getattr(pygame, f"K_{n}"): str(n) for n in range(10)}
_DIGIT_KEYS.update({getattr(pygame, f"K_KP{n}"): str(n) for n in range(10)})


@dataclass(frozen=True)
class Stage:
    """One entry the pad asks for."""

    prompt: str
    """Catalogue key of the question."""


STAGES: dict[PadMode, tuple[Stage, ...]] = {
    "unlock": (Stage("kiosk.pin.enter"),),
    "create": (Stage("kiosk.pin.choose"), Stage("kiosk.pin.repeat")),
    "change": (Stage("kiosk.pin.current"), Stage("kiosk.pin.choose"), Stage("kiosk.pin.repeat")),
}
"""The entries of each mode, in order."""


class Dots(Widget):
    """The typed digits as filled dots, and empty ones up to the shortest PIN."""

    def __init__(self, rect: pygame.Rect, typed: int) -> None:
        super().__init__(rect, "pin:dots")
        self.typed = typed
        """How many digits are typed."""

    def draw(self, surface: pygame.Surface, theme: Theme, lang: str) -> None:
        """One dot per digit, centred."""
        count = max(MIN_PIN_LENGTH, self.typed)
        radius = min(self.rect.height // 3, theme.px(10))
        step = radius * 3
        x = self.rect.centerx - step * (count - 1) // 2
        for index in range(count):
            centre = (x + index * step, self.rect.centery)
            if index < self.typed:
                pygame.draw.circle(surface, theme.palette.accent, centre, radius)
            else:
                pygame.draw.circle(surface, theme.palette.text_muted, centre, radius, 2)


class PinScene(Scene):
    """The PIN pad; ``change=True`` makes it the change-PIN pad of the staff menu."""

    def __init__(self, change: bool = False) -> None:
        super().__init__()
        self.change = change
        """Whether the pad changes the PIN rather than unlocking."""
        self.digits = ""
        """Digits typed for the current entry."""
        self.entries: list[str] = []
        """Entries already confirmed (current PIN, new PIN)."""
        self.notice: Msg | None = None
        """A local message (the two new PINs differ, too short)."""

    def mode(self, ctx: Context) -> PadMode:
        """Unlock, or change. A kiosk without a PIN never offers to create one (a guest
        would choose it): staff set it at install (issue 27)."""
        return "change" if self.change else "unlock"

    def build(self, ctx: Context) -> list[Widget]:
        """The prompt, dots and notice on the left; the keypad on the right."""
        theme = ctx.theme
        title = Msg("kiosk.pin.change_title" if self.change else "kiosk.pin.title")
        widgets, body = kiosk_bar(ctx, title, [(Msg("ui.common.cancel"), (Back(),), "normal")],
                                  "pin")
        pad_width = min(body.width // 2, theme.px(330))
        left = pygame.Rect(body.x, body.y, body.width - pad_width - theme.gap, body.height)
        pad = pygame.Rect(left.right + theme.gap, body.y, pad_width, body.height)
        widgets.append(Panel(left, theme.palette.surface))
        widgets.extend(self._status(ctx, left.inflate(-2 * theme.pad, -2 * theme.pad)))
        widgets.extend(self._keys(ctx, pad))
        return widgets

    def _status(self, ctx: Context, area: pygame.Rect) -> list[Widget]:
        theme = ctx.theme
        stage = STAGES[self.mode(ctx)][min(len(self.entries), len(STAGES[self.mode(ctx)]) - 1)]
        prompt = pygame.Rect(area.x, area.y, area.width, theme.px(80))
        dots = pygame.Rect(area.x, prompt.bottom + theme.gap, area.width, theme.px(40))
        notice = pygame.Rect(area.x, dots.bottom + theme.gap, area.width,
                             area.bottom - dots.bottom - theme.gap)
        widgets: list[Widget] = [
            Label(prompt, Msg(stage.prompt), "heading", bold=True, align="center"),
            Dots(dots, len(self.digits)),
        ]
        message = self._message(ctx)
        if message is not None:
            widgets.append(Label(notice, message, "body", theme.palette.accent, "center"))
        return widgets

    def _message(self, ctx: Context) -> Msg | None:
        lock = staff_lock(ctx)
        if lock is not None and lock.pin_state() == "unreadable":
            return Msg("kiosk.staff.pin_unreadable")
        if lock is not None and lock.has_pin:
            wait = lock.wait_seconds()
            if wait > 0:
                return Msg("kiosk.staff.locked", {"seconds": wait})
        if self.notice is not None:
            return self.notice
        if lock is not None and lock.pin_state() == "none":
            return Msg("faults.pin.set_at_install")
        return None

    def _keys(self, ctx: Context, area: pygame.Rect) -> list[Widget]:
        theme = ctx.theme
        width = (area.width - 2 * theme.gap) // 3
        height = max(theme.touch, (area.height - 3 * theme.gap) // 4)
        keys: list[Widget] = []
        for index, key in enumerate(PAD_KEYS):
            column, row = index % 3, index // 3
            rect = pygame.Rect(area.x + column * (width + theme.gap),
                               area.y + row * (height + theme.gap), width, height)
            label = Msg(f"kiosk.pin.{key}") if key in ("clear", "ok") else key
            style: ButtonStyle = "primary" if key == "ok" else "normal"
            role: TextRole = "heading" if key.isdigit() else "button"
            keys.append(Button(rect, label, (PadKey(key),), style, role=role, key=f"pin:{key}"))
        return keys

    # ---------------------------------------------------------------- input
    def handle(self, event: pygame.event.Event, ctx: Context) -> list[Intent]:
        """Keep pad keys to the pad; pass everything else on."""
        result: list[Intent] = []
        for intent in super().handle(event, ctx):
            result.extend(self.press(intent.key, ctx) if isinstance(intent, PadKey) else [intent])
        return result

    def handle_key(self, key: int, ctx: Context) -> list[Intent]:
        """Digits, Backspace and Enter work like the pad; Escape cancels."""
        if key in _DIGIT_KEYS:
            return self.press(_DIGIT_KEYS[key], ctx)
        if key == pygame.K_BACKSPACE:
            return self.press("clear", ctx)
        if key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            return self.press("ok", ctx)
        return super().handle_key(key, ctx)

    def press(self, key: str, ctx: Context) -> list[Intent]:
        """One pad key: type a digit, clear, or submit the entry."""
        if key.isdigit():
            if len(self.digits) < MAX_PIN_LENGTH:
                self.digits += key
            return [Redraw()]
        if key == "clear":
            self.digits = ""
            self.notice = None
            return [Redraw()]
        return self._submit(ctx)

    def _submit(self, ctx: Context) -> list[Intent]:
        typed, self.digits = self.digits, ""
        shortest = SHORTEST_KNOWN_PIN if self.mode(ctx) == "unlock" else MIN_PIN_LENGTH
        if len(typed) < shortest:
            self.notice = Msg("kiosk.error.pin_length", {"shortest": MIN_PIN_LENGTH,
                                                         "longest": MAX_PIN_LENGTH})
            return [Redraw()]
        self.notice = None
        mode = self.mode(ctx)
        if mode == "unlock":
            return [UnlockStaff(typed)]
        self.entries.append(typed)
        if len(self.entries) < len(STAGES[mode]):
            return [Redraw()]
        *earlier, repeat = self.entries
        self.entries = []
        if repeat != earlier[-1]:
            self.notice = Msg("kiosk.staff.pins_differ")
            return [Redraw()]
        if mode == "create":
            return [ChooseFirstPin(repeat)]
        return [ChangePin(earlier[0], repeat)]


def change_pin_scene() -> PinScene:
    """The pad that changes the PIN."""
    return PinScene(change=True)
