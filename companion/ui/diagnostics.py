"""The diagnostics screen: which inputs work, what each button last did, the box link.

The left column lists the input sources (GPIO, the USB button box with its link
state, rejected lines and protocol version, the keyboard) and the latest status
messages.  The right column is a checklist: press every table button once and
watch each row turn into a tick with the event and where it came from; a button
wired to the Pi's header names its GPIO and header pin, so a dead one is found
with a multimeter.  Two buttons start the checklist over and run the light test,
which lights each light alone in turn and names the one that is lit.

The screen reads the started hardware through the finder the composition root hands
it (:func:`show_hardware`; the UI layer never imports the hardware package) and
redraws when its input monitor records something: the monitor's listener posts a
:data:`HARDWARE_CHANGED` pygame event, which this scene answers with a redraw.
"""

from __future__ import annotations

import contextlib
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Protocol

import pygame

from companion.core.messages import Msg
from companion.core.table_buttons import SEAT_BUTTONS
from companion.ui.intents import Intent, Redraw
from companion.ui.scene import Context, Scene
from companion.ui.screens import register_screen
from companion.ui.settings import title_strip
from companion.ui.theme import Theme
from companion.ui.widgets import Button, Label, Panel, Text, Widget

if TYPE_CHECKING:  # for the type checker only: at run time the UI never imports hardware
    from hardware.table import TableHardware

BUTTON_IDS: tuple[str, ...] = ("advance", "undo", *SEAT_BUTTONS)
"""The buttons the checklist asks for, in order."""

HARDWARE_CHANGED = pygame.event.custom_type()
"""The pygame event type posted when the hardware monitor recorded an event."""

STATUS_LINES = 3
"""How many recent status messages the screen lists."""

TICK = "✓"
"""Mark of a button that passed the checklist."""

HardwareSource = Callable[[], "TableHardware | None"]
"""Returns the started hardware (``None``: nothing started, touch only)."""


def wake_screen() -> None:
    """Ask the app loop to redraw; safe from any thread, silent without a display."""
    with contextlib.suppress(pygame.error):
        pygame.event.post(pygame.event.Event(HARDWARE_CHANGED))


class SeenEvent(Protocol):
    """What the screen reads of a button's last event."""

    @property
    def kind(self) -> str:
        """Press, release or long press."""

    @property
    def source(self) -> str:
        """Where it came from."""


class Seen(Protocol):
    """What the screen reads of the input monitor's snapshot."""

    @property
    def last(self) -> Mapping[str, SeenEvent]:
        """The newest event of each button."""

    @property
    def tested(self) -> frozenset[str]:
        """Buttons pressed since the checklist started."""

    @property
    def statuses(self) -> tuple[TableNoticeLike, ...]:
        """Recent status events, oldest first."""

    @property
    def untested(self) -> tuple[str, ...]:
        """Buttons still to press."""


class TableNoticeLike(Protocol):
    """A status event as the screen lists it."""

    @property
    def key(self) -> str:
        """Catalogue key."""

    @property
    def params(self) -> Mapping[str, str | int]:
        """Placeholder values."""


@dataclass(frozen=True)
class NothingSeen:
    """The snapshot without hardware: nothing pressed, every button still to test."""

    last: Mapping[str, SeenEvent] = field(default_factory=dict)
    tested: frozenset[str] = frozenset()
    statuses: tuple[TableNoticeLike, ...] = ()
    untested: tuple[str, ...] = BUTTON_IDS


_finder: list[HardwareSource] = []


def show_hardware(finder: HardwareSource) -> None:
    """Tell the screen where the started hardware is (the composition root calls this)."""
    _finder[:] = [finder]


def running_hardware() -> TableHardware | None:
    """The hardware the app started (``None`` when the root handed over no finder)."""
    return _finder[0]() if _finder else None


def test_lights(hardware: TableHardware | None) -> None:
    """Walk the lights: each one alone in turn, the screen naming the one that is lit."""
    if hardware is None:
        return
    hardware.walk_lights(lambda _name: wake_screen())


def pin_text(hardware: TableHardware | None, name: str) -> Text:
    """``GPIO 5 · pin 29`` for a button wired to the header, else nothing."""
    pins = hardware.button_pins() if hardware is not None else {}
    if name not in pins:
        return ""
    gpio, header = pins[name]
    return Msg("hardware.diag.pin", {"gpio": gpio, "pin": header})


def light_test_text(hardware: TableHardware | None) -> Text:
    """The light test button: its name, or the light lit now and its pin while it runs."""
    lit = hardware.lights.walking if hardware is not None else None
    if hardware is None or lit is None:
        return Msg("hardware.diag.test_lights")
    light = f"@hardware.name.{lit}"
    pins = hardware.light_pins().get(lit)
    if pins is None:
        return Msg("hardware.diag.lit", {"light": light})
    return Msg("hardware.diag.lit_at", {"light": light, "gpio": pins[0], "pin": pins[1]})


class ActionButton(Button):
    """A button that runs a small function of the screen itself, then redraws."""

    def __init__(self, rect: pygame.Rect, text: Text, action: Callable[[], None],
                 key: str = "") -> None:
        super().__init__(rect, text, (Redraw(),), role="body", key=key)
        self.action = action
        """What a tap does."""

    def release(self, pos: tuple[int, int]) -> list[Intent]:
        """Run the action and ask for a redraw."""
        if not self.enabled:
            return []
        self.action()
        return [Redraw()]


def source_rows(hardware: TableHardware | None) -> list[tuple[Text, Text, bool]]:
    """One row per input source: its name, its state and whether it works."""
    live = hardware.live_sources() if hardware is not None else {}
    rows: list[tuple[Text, Text, bool]] = []
    for source in ("gpio", "serial", "keyboard"):
        working = live.get(source, False)
        state = Msg("hardware.diag.live" if working else "hardware.diag.off")
        if source == "serial":
            state = link_state(hardware)
        rows.append((Msg(f"hardware.source.{source}"), state, working))
    rows.append((Msg("hardware.source.touch"), Msg("hardware.diag.live"), True))
    return rows


def link_state(hardware: TableHardware | None) -> Msg:
    """The box link as a message: switched off, starting, connected, lost, stopped."""
    box = hardware.serial if hardware is not None else None
    state = "off" if box is None else box.state
    return Msg(f"hardware.diag.link.{state}")


def link_details(hardware: TableHardware | None) -> Text:
    """Rejected lines and protocol version of the box, or nothing without a box."""
    box = hardware.serial if hardware is not None else None
    if box is None:
        return ""
    version = "?" if box.box_version is None else str(box.box_version)
    return Msg("hardware.diag.rejects_version",
               {"count": box.parser.rejected, "version": version})


def last_event_text(event: SeenEvent | None) -> Text:
    """What a button last did and where from (or that it has not been pressed yet)."""
    if event is None:
        return Msg("hardware.diag.never")
    return Msg("hardware.diag.last", {"kind": f"@hardware.kind.{event.kind}",
                                      "source": f"@hardware.source.{event.source}"})


class DiagnosticsScene(Scene):
    """Inputs, box link and a press-each-button checklist."""

    def __init__(self, hardware: HardwareSource = running_hardware) -> None:
        super().__init__()
        self.hardware_source = hardware
        """Where the started hardware is found."""

    @property
    def hardware(self) -> TableHardware | None:
        """The started hardware, listened to so that its events redraw this screen."""
        hardware = self.hardware_source()
        if hardware is not None:
            hardware.monitor.listen(wake_screen)
        return hardware

    def snapshot(self) -> Seen:
        """What the monitor knows now (empty without hardware)."""
        hardware = self.hardware
        return hardware.monitor.snapshot() if hardware is not None else NothingSeen()

    def build(self, ctx: Context) -> list[Widget]:
        """Title strip, the sources column and the checklist column."""
        theme = ctx.theme
        widgets, body = title_strip(ctx, Msg("hardware.diag.title"))
        hardware = self.hardware
        snapshot = self.snapshot()
        half = (body.width - theme.gap) // 2
        left = pygame.Rect(body.x, body.y, half, body.height)
        right = pygame.Rect(left.right + theme.gap, body.y, body.width - half - theme.gap,
                            body.height)
        widgets.extend(self._sources(ctx, left, hardware, snapshot))
        widgets.extend(self._checklist(ctx, right, hardware, snapshot))
        return widgets

    def handle(self, event: pygame.event.Event, ctx: Context) -> list[Intent]:
        """Redraw when the hardware reported something; otherwise the usual touch handling."""
        if event.type == HARDWARE_CHANGED:
            return [Redraw()]
        return super().handle(event, ctx)

    def _sources(self, ctx: Context, area: pygame.Rect, hardware: TableHardware | None,
                 snapshot: Seen) -> list[Widget]:
        theme = ctx.theme
        row = theme.px(34 * ctx.settings.text_scale)
        widgets: list[Widget] = [
            Panel(area),
            Label(pygame.Rect(area.x + theme.pad, area.y + theme.gap, area.width - 2 * theme.pad,
                              row), Msg("hardware.diag.inputs"), "heading", bold=True),
        ]
        y = area.y + theme.gap + row
        name_width = (area.width - 2 * theme.pad) * 45 // 100
        for name, state, working in source_rows(hardware):
            colour = theme.palette.text if working else theme.palette.text_muted
            widgets.append(Label(pygame.Rect(area.x + theme.pad, y, name_width - theme.gap, row),
                                 name, "body", colour, bold=True))
            widgets.append(Label(pygame.Rect(area.x + theme.pad + name_width, y,
                                             area.width - 2 * theme.pad - name_width, row),
                                 state, "body", colour))
            y += row
        widgets.append(Label(pygame.Rect(area.x + theme.pad, y, area.width - 2 * theme.pad, row),
                             link_details(hardware), "small", theme.palette.text_muted))
        y += row
        widgets.extend(self._statuses(ctx, pygame.Rect(area.x + theme.pad, y,
                                                       area.width - 2 * theme.pad,
                                                       area.bottom - y - theme.gap), snapshot))
        return widgets

    @staticmethod
    def _statuses(ctx: Context, area: pygame.Rect, snapshot: Seen) -> list[Widget]:
        theme = ctx.theme
        row = theme.px(30 * ctx.settings.text_scale)
        if area.height < 2 * row:
            return []
        widgets: list[Widget] = [Label(pygame.Rect(area.x, area.y, area.width, row),
                                       Msg("hardware.diag.messages"), "body", bold=True)]
        recent = list(reversed(snapshot.statuses))[:STATUS_LINES]
        texts: list[Text] = [Msg(s.key, dict(s.params)) for s in recent]
        lines = texts or [Msg("hardware.diag.none")]
        height = min(2 * row, (area.height - row) // max(1, len(lines)))
        for number, text in enumerate(lines):
            rect = pygame.Rect(area.x, area.y + row + number * height, area.width, height)
            widgets.append(Label(rect, text, "small", theme.palette.text_muted))
        return widgets

    def _checklist(self, ctx: Context, area: pygame.Rect, hardware: TableHardware | None,
                   snapshot: Seen) -> list[Widget]:
        theme = ctx.theme
        heading = theme.px(34 * ctx.settings.text_scale)
        actions = theme.touch
        widgets: list[Widget] = [Panel(area)]
        done = not snapshot.untested
        title = Msg("hardware.diag.all_done" if done else "hardware.diag.checklist")
        widgets.append(Label(pygame.Rect(area.x + theme.pad, area.y + theme.gap,
                                         area.width - 2 * theme.pad, heading), title,
                             "heading", theme.palette.accent if done else None, bold=True))
        top = area.y + theme.gap + heading
        bottom = area.bottom - theme.gap - actions - theme.gap
        row = (bottom - top) // len(BUTTON_IDS)
        mark_width = theme.px(28)
        name_width = (area.width - 2 * theme.pad - mark_width) * 40 // 100
        for number, button in enumerate(BUTTON_IDS):
            y = top + number * row
            tested = button in snapshot.tested
            colour = theme.palette.accent if tested else theme.palette.text_muted
            x = area.x + theme.pad
            widgets.append(Label(pygame.Rect(x, y, mark_width, row), TICK if tested else "·",
                                 "body", colour, bold=True))
            x += mark_width
            widgets.append(Label(pygame.Rect(x, y, name_width - theme.gap, row),
                                 Msg(f"hardware.name.{button}"), "body", bold=True))
            x += name_width
            widgets.extend(self._button_state(pygame.Rect(x, y, area.right - theme.pad - x, row),
                                              last_event_text(snapshot.last.get(button)),
                                              pin_text(hardware, button), colour, theme))
        widgets.extend(self._actions(ctx, area, hardware, bottom + theme.gap))
        return widgets

    @staticmethod
    def _button_state(rect: pygame.Rect, last: Text, pins: Text, colour: tuple[int, int, int],
                      theme: Theme) -> list[Widget]:
        """What the button last did, with its GPIO and header pin under it when it has one."""
        if not pins:
            return [Label(rect, last, "small", colour)]
        top = rect.height // 2
        return [
            Label(pygame.Rect(rect.x, rect.y, rect.width, top), last, "small", colour),
            Label(pygame.Rect(rect.x, rect.y + top, rect.width, rect.height - top), pins,
                  "small", theme.palette.text_muted),
        ]

    @staticmethod
    def _actions(ctx: Context, area: pygame.Rect, hardware: TableHardware | None,
                 top: int) -> list[Widget]:
        theme = ctx.theme
        width = (area.width - 2 * theme.pad - theme.gap) // 2
        restart = pygame.Rect(area.x + theme.pad, top, width, theme.touch)
        flash = pygame.Rect(restart.right + theme.gap, top, width, theme.touch)
        widgets: list[Widget] = [
            ActionButton(restart, Msg("hardware.diag.restart"),
                         hardware.monitor.restart_checklist if hardware is not None else _nothing,
                         key="diag:restart"),
            ActionButton(flash, light_test_text(hardware),
                         lambda: test_lights(hardware), key="diag:lights"),
        ]
        if hardware is None:
            for widget in widgets:
                if isinstance(widget, Button):
                    widget.enabled = False
        return widgets


def _nothing() -> None:
    """Used by buttons that have nothing to act on."""


register_screen("diagnostics", DiagnosticsScene)
