"""Buttons and lights wired to the Raspberry Pi header, through gpiozero.

The pin factory is chosen the gpiozero way: an explicit factory passed in, else the
``pin_factory`` name of the configuration, else the ``GPIOZERO_PIN_FACTORY``
environment variable (``mock`` in the tests), else the first of
:data:`DEFAULT_FACTORIES` whose pin library loads: ``lgpio`` works on every Pi from
the 3 to the 5 and the Zero 2 W on current Raspberry Pi OS.  gpiozero's last resort,
``native``, is never picked by itself: it needs ``/sys/class/gpio``, which kernels
6.6 and later no longer have, and it does not know the Pi 5.  lgpio is opened on
the header's chip found by its label (:mod:`hardware.gpiochip`), never on a number
guessed from the board.  Nothing here raises when the hardware is missing: a factory
or pin that cannot be used becomes a :class:`~hardware.events.StatusEvent`
(``hardware.gpio.no_library`` when no pin library is installed at all,
``chip_not_found`` or ``permission`` when lgpio is there but its chip is not) and
the rest carries on.  Each event is dated at its edge (:meth:`GpioTable._edge_time`).
"""

from __future__ import annotations

import os
import threading
import time
from collections.abc import Callable, Collection
from importlib.metadata import entry_points
from typing import Any

from gpiozero import LED, PWMLED, Button  # type: ignore[import-untyped]

from hardware.config import GpioConfig
from hardware.events import SEAT_BUTTONS, ButtonEvent, EventKind, EventSink, StatusEvent
from hardware.gpiochip import AUTO_CHIP, ChipError, NoLgpioError, lgpio_factory
from hardware.lights import BLINK_COUNT, BLINK_OFF, BLINK_ON
from hardware.protocol import LightMode

FACTORY_GROUP = "gpiozero_pin_factories"
"""The entry-point group where gpiozero's pin factories are registered."""

FAULT_ON = 0.1
"""Seconds a light is lit in each cycle of the fault pattern (a short flash twice a second)."""
FAULT_OFF = 0.4
"""Seconds it is dark in each cycle of the fault pattern."""

MAX_EDGE_AGE = 2.0
"""Seconds an edge may be dated back at most (a guard against a pin library's odd clock)."""

PULSE_TIME = 0.8
"""Seconds to fade in (and out) when a PWM seat light shows that a seat is awaited."""


DEFAULT_FACTORIES: tuple[str, ...] = ("lgpio", "rpigpio", "pigpio")
"""Pin factories tried in turn when none is named: each needs its own pin library."""


class PinFactoryError(RuntimeError):
    """The named gpiozero pin factory cannot be loaded on this machine."""


class NoPinLibraryError(PinFactoryError):
    """None of :data:`DEFAULT_FACTORIES` could be loaded: no pin library is installed."""


def load_pin_factory(name: str) -> Any:
    """Build the gpiozero pin factory called ``name`` (``lgpio``, ``rpigpio``, ``mock``...)."""
    for candidate in (name, name.lower()):
        for entry in entry_points(group=FACTORY_GROUP):
            if entry.name == candidate:
                try:
                    return entry.load()()
                except Exception as error:  # any import or hardware failure of the backend
                    raise PinFactoryError(f"{name}: {error}") from error
    raise PinFactoryError(f"{name}: no such pin factory")


def choose_pin_factory(configured: str, chip: str = AUTO_CHIP) -> Any:
    """Return the factory named by the configuration or the environment, else the default.

    ``lgpio`` is opened on the header's chip found by its label (or ``chip``).
    Raises :class:`PinFactoryError` for a named factory that cannot be loaded,
    :class:`~hardware.gpiochip.ChipError` when lgpio is there but the chip is not
    found or may not be opened, and :class:`NoPinLibraryError` when no pin library
    of :data:`DEFAULT_FACTORIES` is installed.
    """
    name = configured or os.environ.get("GPIOZERO_PIN_FACTORY", "")
    if name.lower() == "lgpio":
        return lgpio_factory(chip)
    if name:
        return load_pin_factory(name)
    return default_pin_factory(DEFAULT_FACTORIES, chip)


def default_pin_factory(names: tuple[str, ...] = DEFAULT_FACTORIES,
                        chip: str = AUTO_CHIP) -> Any:
    """The first factory of ``names`` whose library is installed.

    A missing library moves on to the next name; lgpio present but its chip
    missing or forbidden raises that :class:`~hardware.gpiochip.ChipError` at once
    (another library would only hide the real fix).  :class:`NoPinLibraryError`
    if no library is installed at all.
    """
    failures: list[str] = []
    for name in names:
        try:
            return lgpio_factory(chip) if name == "lgpio" else load_pin_factory(name)
        except (PinFactoryError, NoLgpioError) as error:
            failures.append(f"{name}: {error}" if name == "lgpio" else str(error))
    raise NoPinLibraryError("; ".join(failures))


class GpioTable:
    """The header's buttons (events onto a queue) and lights (a :class:`~hardware.lights.Lights`).

    Call :meth:`start` once; it reports through the queue and returns whether at
    least one button or light works.
    """

    def __init__(
        self, config: GpioConfig, events: EventSink, pin_factory: Any | None = None,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self.config = config
        """The pins and timings to use."""
        self.events = events
        """Where button and status events go."""
        self.buttons: dict[str, Any] = {}
        """The gpiozero ``Button`` of each working button id."""
        self.lights: dict[str, Any] = {}
        """The gpiozero ``LED``/``PWMLED`` of each working light id."""
        self._factory = pin_factory
        self._clock = clock
        self._lock = threading.Lock()
        self._held: set[str] = set()
        self._waiting: frozenset[int] = frozenset()
        self._status: LightMode = "off"
        self._blink_generation: dict[str, int] = {}

    @property
    def live(self) -> bool:
        """Whether any button or light is working."""
        return bool(self.buttons or self.lights)

    @property
    def factory(self) -> Any:
        """The gpiozero pin factory in use (``None`` before :meth:`start`)."""
        return self._factory

    @property
    def pressed(self) -> frozenset[str]:
        """Buttons currently held down, as reported by gpiozero's events."""
        with self._lock:
            return frozenset(self._held)

    def start(self) -> bool:
        """Claim the pins; report problems as status events; return :attr:`live`."""
        if self._factory is None:
            try:
                self._factory = choose_pin_factory(self.config.pin_factory, self.config.chip)
            except NoPinLibraryError as error:
                self._report_status("hardware.gpio.no_library", detail=str(error))
                return False
            except ChipError as error:
                self._report_status(error.key, detail=str(error))
                return False
            except PinFactoryError as error:
                self._report_status("hardware.gpio.bad_factory", detail=str(error))
                return False
        for name, pin in self.config.buttons.items():
            self._add_button(name, pin)
        for name, pin in self.config.lights.items():
            self._add_light(name, pin)
        if self.live:
            self._report_status(
                "hardware.gpio.ready", buttons=len(self.buttons), lights=len(self.lights)
            )
        else:
            self._report_status("hardware.gpio.unavailable")
        return self.live

    def _add_button(self, name: str, pin: int) -> None:
        device = self._build(
            name,
            pin,
            lambda: Button(
                pin,
                pull_up=self.config.pull_up,
                bounce_time=self.config.bounce_time or None,
                hold_time=self.config.hold_time,
                pin_factory=self._factory,
            ),
        )
        if device is None:
            return
        device.when_pressed = self._callback(name, "press")
        device.when_released = self._callback(name, "release")
        device.when_held = self._callback(name, "long_press")
        self.buttons[name] = device

    def _add_light(self, name: str, pin: int) -> None:
        kind = PWMLED if self.config.pwm_lights else LED
        device = self._build(name, pin, lambda: kind(pin, pin_factory=self._factory))
        if device is not None:
            self.lights[name] = device

    def _build(self, name: str, pin: int, make: Callable[[], Any]) -> Any | None:
        try:
            return make()
        except Exception as error:  # gpiozero raises many types for a pin it cannot use
            if _is_factory_error(error):
                self._report_status("hardware.gpio.bad_factory", detail=str(error))
            else:
                self._report_status("hardware.gpio.bad_pin", name=name, pin=pin, detail=str(error))
            return None

    def _callback(self, button: str, kind: EventKind) -> Callable[[Any], None]:
        def report(device: Any) -> None:
            self._track(button, kind)
            self.events.put(ButtonEvent(button, kind, time=self._edge_time(device, kind),
                                        source="gpio"))

        return report

    def _edge_time(self, device: Any, kind: EventKind) -> float:
        """When the edge happened, on ``time.monotonic``: now, less the age gpiozero gives it.

        gpiozero stamps each edge with the pin library's own tick (lgpio: the
        kernel's time of the edge) before its callback thread runs; a callback that
        comes late, because that thread was busy, still reports the edge's time, so
        chatter it delivers in a burst stays chatter.  A long press is dated now.
        """
        now = self._clock()
        if kind == "long_press":
            return now
        try:
            age = device.active_time if kind == "press" else device.inactive_time
        except Exception:  # a device closed under the callback: its age is gone
            age = None
        return now - min(max(0.0, float(age)), MAX_EDGE_AGE) if age is not None else now

    def _track(self, button: str, kind: EventKind) -> None:
        with self._lock:
            if kind == "press":
                self._held.add(button)
            elif kind == "release":
                self._held.discard(button)

    def _report_status(self, key: str, **params: str | int) -> None:
        self.events.put(StatusEvent("gpio", key, params))

    def set_seat_lights(self, seats_waiting: Collection[int]) -> None:
        """Light the seats in ``seats_waiting`` (0-based); PWM lights pulse gently."""
        self._waiting = frozenset(seats_waiting)
        for seat, name in enumerate(SEAT_BUTTONS):
            if name in self.lights:
                self._show(name, "on" if seat in self._waiting else "off")

    def blink(self, seat: int | None) -> None:
        """Flash a seat light (``None``: the status light) and then restore it."""
        name = "status" if seat is None else _seat_light(seat)
        device = self.lights.get(name) if name else None
        if device is None or name is None:
            return
        generation = self._blink_generation.get(name, 0) + 1
        self._blink_generation[name] = generation
        device.blink(on_time=BLINK_ON, off_time=BLINK_OFF, n=BLINK_COUNT, background=True)
        restore = threading.Timer(
            BLINK_COUNT * (BLINK_ON + BLINK_OFF) + 0.05, self._restore, (name, generation)
        )
        restore.daemon = True
        restore.start()

    def set_status(self, mode: LightMode) -> None:
        """Set the status light: ``on``, ``off``, ``blink`` (slowly) or ``fault`` (short flashes).

        ``blink`` and ``fault`` last until the light is told otherwise.
        """
        self._status = mode
        if "status" in self.lights:
            self._show("status", mode)

    def light(self, name: str, mode: LightMode) -> None:
        """Set one light by name (``seat1``..``seat4``, ``status``), e.g. for a light test."""
        self._show(name, mode)

    def close(self) -> None:
        """Switch the lights off and release every pin.

        gpiozero lets the hold timer of a button that is still down run out first,
        so this may take up to ``hold_time`` while someone leans on a button.
        """
        for light in self.lights.values():
            light.off()
        for device in [*self.buttons.values(), *self.lights.values()]:
            device.close()
        self.buttons.clear()
        self.lights.clear()

    def _restore(self, name: str, generation: int) -> None:
        if self._blink_generation.get(name) != generation or name not in self.lights:
            return
        self._show(name, self._wanted(name))

    def _wanted(self, name: str) -> LightMode:
        if name == "status":
            return self._status
        return "on" if SEAT_BUTTONS.index(name) in self._waiting else "off"

    def _show(self, name: str, mode: LightMode) -> None:
        device = self.lights.get(name)
        if device is None:
            return
        self._blink_generation[name] = self._blink_generation.get(name, 0) + 1
        if mode == "off":
            device.off()
        elif mode == "blink":
            device.blink(on_time=0.5, off_time=0.5, background=True)
        elif mode == "fault":
            device.blink(on_time=FAULT_ON, off_time=FAULT_OFF, background=True)
        elif self.config.pwm_lights and name != "status":
            device.pulse(fade_in_time=PULSE_TIME, fade_out_time=PULSE_TIME, background=True)
        else:
            device.on()


def _seat_light(seat: int) -> str | None:
    return SEAT_BUTTONS[seat] if 0 <= seat < len(SEAT_BUTTONS) else None


def _is_factory_error(error: Exception) -> bool:
    return type(error).__name__ in ("BadPinFactory", "PinFactoryFallback")
