"""The phones at the table as the loop sees them: an input source switched on and off.

The "Phones at the table" setting starts and stops the phones' server while the app runs,
so the root hands the app a switch (:class:`SeatPhones`) rather than the server itself:

* as an :class:`~companion.ui.sources.InputSource` it starts the server when attached if
  the setting is on, takes the phones' events on the loop's own thread (the server's
  thread only queues them and wakes the loop) and stops the server with the app;
* its :attr:`SeatPhones.follower`, an :class:`~companion.ui.sources.Output`, hands every
  step of the game to the phones (the reveal, then each seat's own view);
* the app finds it among its sources as a :class:`~companion.ui.phones_setting.PhoneSwitch`
  when the setting changes or a new group sits down.

Nothing of :mod:`companion.phones` (nor websockets) is imported until the phones are on.
"""

from __future__ import annotations

import threading
from collections import deque
from typing import TYPE_CHECKING, Any, Protocol

from companion.core.journal import Journal
from companion.core.logs import logger
from companion.core.messages import Msg
from companion.core.session import Session
from companion.ui.intents import Intent, Navigate
from companion.ui.phones_setting import phones_wanted
from companion.ui.scene import Settings
from companion.ui.sources import MAX_PENDING, InputSource, Output, TableInput, Wake

if TYPE_CHECKING:
    from companion.phones.door import PhoneDoor
    from companion.phones.server import PhoneEvent

EVENTS_PER_PASS = 32
"""Phone events handled in one pass of the loop; the rest wait for the next pass (at once)."""

_log = logger(__name__)


class PhonesHost(Protocol):
    """What the phones need of the app."""

    journal: Journal
    settings: Settings

    @property
    def session(self) -> Session | None:
        """The open game."""
        ...

    def submit_from_seat(self, action: dict[str, Any]) -> None:
        """Submit as a tap would; refusals raise."""
        ...

    def notify(self, message: Msg, error: bool) -> None:
        """A notice on the shared screen."""
        ...

    def perform(self, intent: Intent) -> None:
        """Carry out an intent (opening the join screen)."""
        ...


class SeatPhones(InputSource):
    """The phones' server, started and stopped by its setting; its events on the loop."""

    def __init__(self, app: PhonesHost) -> None:
        self.app = app
        """The app the phones answer into."""
        self.door: PhoneDoor | None = None
        """The started phones (``None``: switched off, or the port was taken)."""
        self.follower = _FollowTheGame(self)
        """The output that hands every step of the game to the phones."""
        self.overflow = 0
        """Phone events dropped because too many were waiting."""
        self._events: deque[PhoneEvent] = deque()
        self._lock = threading.Lock()
        self._wake: Wake | None = None

    # ------------------------------------------------------------ the door's host
    @property
    def journal(self) -> Journal:
        """The app's journal (the phones' network setting)."""
        return self.app.journal

    @property
    def session(self) -> Session | None:
        """The open game."""
        return self.app.session

    def submit_from_seat(self, action: dict[str, Any]) -> None:
        """Submit as a tap would (refusals raise)."""
        self.app.submit_from_seat(action)

    def notify(self, message: Msg, error: bool) -> None:
        """A notice on the shared screen."""
        self.app.notify(message, error)

    def show_screen(self, name: str) -> None:
        """Open screen ``name`` over the current one (the join screen)."""
        self.app.perform(Navigate(name))

    # ------------------------------------------------------------ the switch
    def switch(self, on: bool) -> None:
        """Start the server (imported only now) or stop it; a taken port is told."""
        if on and self.door is None:
            from companion.phones.door import PhoneDoor

            door = PhoneDoor(self, self._post, lambda: self.app.settings.language)
            try:
                door.start()
            except OSError:
                _log.exception("the phones could not start")
                self.app.notify(Msg("phones.error.start"), error=True)
                return
            self.door = door
        elif not on and self.door is not None:
            self.door.stop()
            self.door = None
            with self._lock:
                self._events.clear()

    def new_group(self) -> None:
        """A new group at the café table: new codes for every seat."""
        if self.door is not None:
            self.door.table.new_group()

    def game_changed(self, push: bool = True) -> None:
        """A step was taken: the phones follow the game (their views sent now, or later
        by :meth:`push_views` when ``push`` is False)."""
        if self.door is not None:
            self.door.game_changed(push)

    def push_views(self) -> None:
        """Send every joined seat its view (those that changed)."""
        if self.door is not None:
            self.door.table.push_all()

    # ------------------------------------------------------------ the input source
    def start(self, wake: Wake) -> None:
        """Wake the loop whenever a phone's event arrives; start if the setting is on."""
        self._wake = wake
        self.switch(phones_wanted(self.app.journal))

    def take(self, now: float) -> list[TableInput]:
        """Hand the phones' events to the seats, on the loop's thread (none becomes a press)."""
        with self._lock:
            count = min(EVENTS_PER_PASS, len(self._events))
            batch = [self._events.popleft() for _ in range(count)]
        for event in batch:
            if self.door is not None:
                self.door.take(event)
        return []

    def due(self, now: float) -> float | None:
        """At once while events wait beyond one pass's share."""
        return 0.0 if self._events else None

    def stop(self) -> None:
        """Close every phone's socket and the port."""
        self._wake = None
        self.switch(False)

    def _post(self, event: PhoneEvent) -> None:
        """Queue a phone's event and wake the loop (the server's thread calls this)."""
        with self._lock:
            if len(self._events) >= MAX_PENDING:
                self.overflow += 1
                return
            self._events.append(event)
        wake = self._wake
        if wake is not None:
            wake()


class _FollowTheGame(Output):
    """Tells the phones every step of the game; their views go once the table shows it.

    A step is followed at once (a new game's codes, the reveal), but building and sending
    every seat's view waits for the end of that pass, after the table's frame is drawn
    (issue 28): it then costs the table's press-to-screen time nothing, and the phones
    get the step one frame later.
    """

    def __init__(self, phones: SeatPhones) -> None:
        self.phones = phones
        self.pending = False
        """Whether the seats' views wait to be sent."""

    def game_changed(self, session: Session | None) -> None:
        """Follow the step now; the views are sent when the pass is done."""
        self.phones.game_changed(push=False)
        self.pending = True

    def pass_done(self) -> None:
        """Send the seats' views of the step taken in this pass."""
        if self.pending:
            self.pending = False
            self.phones.push_views()
