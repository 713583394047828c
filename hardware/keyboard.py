"""Keys as table buttons: for development, and for USB arcade encoders that act as keyboards.

Pure data and functions over key *names* (as ``pygame.key.name`` spells them:
``"space"``, ``"return"``, ``"1"``, ``"left ctrl"``), so this module never imports
pygame.  The screen passes key-down and key-up names with their times; the
:class:`KeyboardButtons` tracker answers with button events, including long
presses once a key has been held for the hold time (ask it with :meth:`poll`).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, replace

from hardware.events import ButtonEvent, EventSink

DEFAULT_KEYS: Mapping[str, str] = {
    "space": "advance",
    "return": "advance",
    "backspace": "undo",
    "u": "undo",
    "1": "seat1",
    "2": "seat2",
    "3": "seat3",
    "4": "seat4",
}
"""Default keyboard map: pygame key names to button ids."""

ARCADE_ENCODER_KEYS: Mapping[str, str] = {
    "1": "seat1",
    "2": "seat2",
    "3": "seat3",
    "4": "seat4",
    "5": "advance",
    "6": "undo",
    "left ctrl": "seat1",
    "left alt": "seat2",
    "space": "seat3",
    "left shift": "seat4",
    "return": "advance",
    "escape": "undo",
}
"""A map for the common keyboard-style arcade encoders (player start and fire keys)."""


def normalise_key_name(name: str) -> str:
    """Spell a key name the way the maps do: lower case, single spaces, trimmed."""
    return " ".join(name.lower().split())


def button_for_key(key_name: str, keymap: Mapping[str, str] = DEFAULT_KEYS) -> str | None:
    """Return the button id a key stands for, or ``None`` when the key is not mapped."""
    return keymap.get(normalise_key_name(key_name))


@dataclass
class KeyboardButtons:
    """Turns key downs and ups into press, long-press and release events.

    Keyboards repeat keys while held: repeated downs of a key already down are
    ignored, so a held key gives one press, at most one long press and one release.

    Buttons listed in :attr:`deferred` tell a tap from a hold the way
    :class:`hardware.gestures.TapFilter` does: nothing on key down, a long press at
    the hold time, and on key up either the tap's ``press`` (when no long press was
    reported) or the ``release``.
    """

    keymap: Mapping[str, str] = field(default_factory=lambda: dict(DEFAULT_KEYS))
    """Key name to button id."""
    hold_time: float = 1.0
    """Seconds a key must stay down before :meth:`poll` reports a long press."""
    deferred: frozenset[str] = frozenset()
    """Buttons whose short press is reported when the key comes up."""
    observer: EventSink | None = None
    """Also receives every raw key event (the diagnostics monitor)."""
    _down_since: dict[str, float] = field(default_factory=dict, repr=False)
    _held_reported: set[str] = field(default_factory=set, repr=False)

    def key_down(self, key_name: str, now: float) -> ButtonEvent | None:
        """A key went down at ``now``; return its press event (``None``: unmapped or repeat)."""
        button = button_for_key(key_name, self.keymap)
        if button is None or button in self._down_since:
            return None
        self._down_since[button] = now
        press = self._observed(ButtonEvent(button, "press", now, "keyboard"))
        return None if button in self.deferred else press

    def key_up(self, key_name: str, now: float) -> ButtonEvent | None:
        """A key came up at ``now``; return its release (or a deferred tap's press).

        ``None`` when the key is unmapped or was not down.
        """
        button = button_for_key(key_name, self.keymap)
        if button is None or button not in self._down_since:
            return None
        del self._down_since[button]
        was_held = button in self._held_reported
        self._held_reported.discard(button)
        release = self._observed(ButtonEvent(button, "release", now, "keyboard"))
        if button in self.deferred and not was_held:
            return replace(release, kind="press")
        return release

    def poll(self, now: float) -> list[ButtonEvent]:
        """Return long-press events for keys held ``hold_time`` or longer, once per hold."""
        events: list[ButtonEvent] = []
        for button, since in sorted(self._down_since.items()):
            if button not in self._held_reported and now - since >= self.hold_time:
                self._held_reported.add(button)
                events.append(self._observed(ButtonEvent(button, "long_press", now, "keyboard")))
        return events

    def release_all(self, now: float) -> list[ButtonEvent]:
        """Release every key still down (the window lost focus); return the releases."""
        events = [
            self._observed(ButtonEvent(button, "release", now, "keyboard"))
            for button in self._down_since
        ]
        self._down_since.clear()
        self._held_reported.clear()
        return events

    @property
    def pressed(self) -> frozenset[str]:
        """Buttons whose key is down now."""
        return frozenset(self._down_since)

    def _observed(self, event: ButtonEvent) -> ButtonEvent:
        if self.observer is not None:
            self.observer.put(event)
        return event
