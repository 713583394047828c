"""Start every input source and light the configuration asks for, in one call.

The app builds one :class:`TableHardware` at start-up, drains its event queue each
frame and hands the keyboard tracker the key names pygame reports.  A source that
cannot start is reported on the queue and left out; the others carry on.  Unless
the configuration says otherwise, seat buttons pass through a tap filter so that a
long press is never also taken for a short one (see :mod:`hardware.gestures`).
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, Any

from hardware.config import LoadedConfig
from hardware.debounce import DebounceSink
from hardware.events import SEAT_BUTTONS, EventQueue, EventSink, InputEvent, StatusEvent
from hardware.gestures import TapSink
from hardware.keyboard import KeyboardButtons
from hardware.lights import LightGroup
from hardware.monitor import InputMonitor, TeeSink
from hardware.pins import HEADER_PIN_OF_GPIO
from hardware.serial_box import PortFactory, PortFinder, SerialBox, open_port

if TYPE_CHECKING:
    from hardware.gpio import GpioTable


class StatusWatch:
    """Passes every event on, and calls ``changed`` after each status event."""

    def __init__(self, target: EventSink, changed: Callable[[], None]) -> None:
        self.target = target
        """Where events go."""
        self.changed = changed
        """Called (from the reporting thread) after a status event has been passed on."""

    def put(self, event: InputEvent) -> None:
        """Pass ``event`` on; look at the sources again if it was a status event."""
        self.target.put(event)
        if isinstance(event, StatusEvent):
            self.changed()


class TableHardware:
    """The table's buttons and lights as configured: GPIO, USB box and keyboard."""

    def __init__(
        self,
        loaded: LoadedConfig,
        events: EventQueue | None = None,
        pin_factory: Any | None = None,
        port_factory: PortFactory = open_port,
        port_finder: PortFinder | None = None,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        """``clock`` dates events and times the debounce (tests hand in one they drive)."""
        self.loaded = loaded
        """The configuration and the problems found in it."""
        self.events = events if events is not None else EventQueue()
        """The one queue every source fills."""
        self.lights = LightGroup()
        """Every working light driver, commanded together."""
        self.gpio: GpioTable | None = None
        """The header's buttons and lights, when switched on."""
        self.serial: SerialBox | None = None
        """The USB button box, when switched on."""
        self.keyboard: KeyboardButtons | None = None
        """The keyboard tracker, when keys act as buttons."""
        self.monitor = InputMonitor()
        """Every raw event, for the diagnostics screen."""
        self.debounce: DebounceSink | None = None
        """The debounce every GPIO and box event passes through (once started)."""
        self._pin_factory = pin_factory
        self._port_factory = port_factory
        self._port_finder = port_finder
        self._clock = clock
        self._faults: frozenset[str] = frozenset()
        self._fault_lock = threading.Lock()

    def start(self) -> None:
        """Report configuration problems, start each switched-on source, light the status LED."""
        global _running
        _running = self
        config = self.loaded.config
        on_release = config.seat_press_on_release
        after: EventSink = TapSink(self.events) if on_release else self.events
        tee = TeeSink(self.monitor, after)
        for problem in self.loaded.problems:
            tee.put(StatusEvent(problem.source, problem.key, problem.params))
        sink = DebounceSink(StatusWatch(tee, self._check_faults), config.debounce, self._clock)
        self.debounce = sink
        if config.gpio.enabled:
            from hardware.gpio import GpioTable  # gpiozero is loaded only for GPIO buttons

            self.gpio = GpioTable(config.gpio, sink, self._pin_factory, self._clock)
            if self.gpio.start():
                self.lights.members.append(self.gpio)
        if config.serial.enabled:
            self.serial = SerialBox(config.serial, sink, self._port_factory,
                                    port_finder=self._port_finder, clock=self._clock)
            self.lights.members.append(self.serial)
        self._faults = self.faults()
        self.lights.set_status("fault" if self._faults else "on")
        if self.serial is not None:
            self.serial.start()
        if config.keyboard.enabled:
            deferred = frozenset(SEAT_BUTTONS) if on_release else frozenset()
            keyboard = config.keyboard
            self.keyboard = KeyboardButtons(
                keyboard.keys, keyboard.hold_time, deferred, observer=self.monitor
            )

    def live_sources(self) -> dict[str, bool]:
        """Which sources are delivering events now: ``{"gpio": ..., "serial": ..., ...}``."""
        return {
            "gpio": self.gpio is not None and self.gpio.live,
            "serial": self.serial is not None and self.serial.state == "connected",
            "keyboard": self.keyboard is not None,
        }

    def faults(self) -> frozenset[str]:
        """Sources switched on in the settings that do not work now: ``gpio``, ``serial``,
        ``serial_version`` (a box answered that speaks another protocol version)."""
        lost: set[str] = set()
        if self.gpio is not None and not self.gpio.live:
            lost.add("gpio")
        if self.serial is not None and self.serial.state == "lost":
            lost.add("serial")
        if self.serial is not None and self.serial.state == "incompatible":
            lost.add("serial_version")
        return frozenset(lost)

    def _check_faults(self) -> None:
        """Show the fault pattern on the status light while a source is lost, steady otherwise."""
        with self._fault_lock:
            faults = self.faults()
            if faults == self._faults:
                return
            self._faults = faults
            self.lights.set_status("fault" if faults else "on")

    def walk_lights(self, changed: Callable[[str | None], None] | None = None) -> bool:
        """Light each light alone in turn (the light test); False while one is running."""
        return self.lights.walk(changed=changed)

    def button_pins(self) -> dict[str, tuple[int, int]]:
        """``{button: (BCM GPIO, header pin)}`` of the buttons wired to the header."""
        return _with_header_pins(self.gpio.config.buttons if self.gpio is not None else {})

    def light_pins(self) -> dict[str, tuple[int, int]]:
        """``{light: (BCM GPIO, header pin)}`` of the lights wired to the header."""
        return _with_header_pins(self.gpio.config.lights if self.gpio is not None else {})

    def stop(self) -> None:
        """Switch the lights off, stop the box's thread and release the pins."""
        global _running
        if _running is self:
            _running = None
        self.lights.close()
        if self.serial is not None and self.serial not in self.lights.members:
            self.serial.stop()
        if self.gpio is not None and self.gpio not in self.lights.members:
            self.gpio.close()


def _with_header_pins(wired: Mapping[str, int]) -> dict[str, tuple[int, int]]:
    return {name: (gpio, HEADER_PIN_OF_GPIO[gpio]) for name, gpio in wired.items()
            if gpio in HEADER_PIN_OF_GPIO}


_running: TableHardware | None = None


def running_hardware() -> TableHardware | None:
    """The hardware started last and not yet stopped (what the diagnostics screen shows)."""
    return _running
