"""The café fleet's door into the app: an output that reports, and "Call staff".

:func:`add_fleet` reads the ``[fleet]`` section of the configuration.  With reporting
off it adds nothing.  With it on, it adds

* :class:`FleetOutput` — hears every change of the open game and every input source's
  notice (a lost box, a GPIO fault) and hands them to the reporter, which runs on
  threads of its own, so the loop never waits for the broker;
* the "Call staff" button (:class:`~companion.ui.call_staff.CallButton`) as an input
  source the app draws over every screen, with the configured call key;
* the configured call pin (a GPIO button to ground), closed with the output.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any

from companion.fleet import TableLink, start_fleet
from companion.ui.call_staff import CallButton
from companion.ui.sources import InputSource, Output, TableNotice

if TYPE_CHECKING:
    from companion.core.session import Session
    from companion.ui.app import App


class FleetOutput(Output):
    """Tells the fleet link of game changes and input trouble; says offline when stopped."""

    def __init__(self, link: TableLink, call_pin: Any = None) -> None:
        self.link = link
        """The running link to the broker."""
        self.call_pin = call_pin
        """The GPIO call button, when one is wired (closed with the output)."""
        self.changed: list[Session | None] = []
        """The open game as it changed in this pass, handed over when the pass is done."""

    def game_changed(self, session: Session | None) -> None:
        """The open game changed, or closed: handed to the reporter at the end of the pass,
        once the table's frame is drawn (issue 28: the reporter's thread then builds and
        sends its snapshot while the loop sleeps, not while it draws)."""
        self.changed[:] = [session]

    def pass_done(self) -> None:
        """Hand the reporter the game as this pass left it."""
        if self.changed:
            session = self.changed.pop()
            self.link.game_changed(session)

    def notice(self, item: TableNotice) -> None:
        """A source's trouble becomes a fault on the fleet page."""
        parts = item.key.split(".")  # hardware.<source>.<what>
        source = getattr(item, "source", None) or (parts[1] if len(parts) > 2 else "")
        self.link.input_status(str(source), item.key)

    def stop(self) -> None:
        """Release the call pin; the table says offline."""
        self.pass_done()  # a change still waiting is reported before going offline
        if self.call_pin is not None:
            self.call_pin.close()
        self.link.stop()


def add_fleet(app: App, config: Path | None, sources: list[InputSource],
              outputs: list[Output]) -> None:
    """Add the fleet's parts when ``[fleet]`` turns reporting on (nothing otherwise)."""
    from hardware.config import default_config_path

    link = start_fleet(config or default_config_path(), app.journal)
    if link is None:
        return
    button = CallButton(link, link.config.call_key)
    app.call_button = button
    link.on_call_change(app.redraw_soon)
    sources.append(button)
    outputs.append(FleetOutput(link, call_pin(link.config.call_pin, link.call_staff)))


def call_pin(pin: int, call: Callable[[], None]) -> Any:
    """A GPIO button (BCM ``pin``, to ground) that calls staff; ``None`` for pin 0."""
    if not pin:
        return None
    from gpiozero import Button  # type: ignore[import-untyped]

    button = Button(pin, pull_up=True, bounce_time=0.05)
    button.when_pressed = call
    return button
