"""What the kiosk screens ask for, on top of the app's own intents.

Every kiosk intent is a :class:`~companion.ui.intents.Redraw`: an app that does not
know kiosk mode only redraws, while :class:`~companion.ui.kiosk.app.KioskApp`
carries them out.
"""

from __future__ import annotations

from dataclasses import dataclass

from companion.ui.intents import Redraw


@dataclass(frozen=True)
class KioskIntent(Redraw):
    """Base of the kiosk's own intents."""


@dataclass(frozen=True)
class UnlockStaff(KioskIntent):
    """Try the staff PIN; open the staff menu if it is right."""

    pin: str
    """The digits typed."""


@dataclass(frozen=True)
class ChooseFirstPin(KioskIntent):
    """No staff PIN exists yet: make this the PIN and open the staff menu."""

    pin: str
    """The new PIN, typed twice the same."""


@dataclass(frozen=True)
class ChangePin(KioskIntent):
    """Replace the staff PIN (the current one must be right)."""

    current: str
    """The PIN in use."""
    new: str
    """The PIN to use from now on."""


@dataclass(frozen=True)
class LockStaff(KioskIntent):
    """Close the staff menu."""


@dataclass(frozen=True)
class NewGroup(KioskIntent):
    """Archive the game at the table and start clean for the next group."""


@dataclass(frozen=True)
class ContinueGame(KioskIntent):
    """Carry on with the interrupted game."""


@dataclass(frozen=True)
class StartOver(KioskIntent):
    """Put the interrupted game away and go to the start screen."""


@dataclass(frozen=True)
class ResetTable(KioskIntent):
    """Staff: archive every unfinished game."""


@dataclass(frozen=True)
class ChangeKioskSetting(KioskIntent):
    """Staff: change one kiosk setting."""

    name: str
    """A field of :class:`~companion.core.kiosk.KioskSettings`."""
    value: str | float | bool
    """Its new value."""


@dataclass(frozen=True)
class ExportStatistics(KioskIntent):
    """Staff: write every play to a file."""

    fmt: str
    """``csv`` or ``json``."""


@dataclass(frozen=True)
class TestSound(KioskIntent):
    """Staff: play a sound at the current volume."""


@dataclass(frozen=True)
class ExitKiosk(KioskIntent):
    """Staff: close the app."""


@dataclass(frozen=True)
class PadKey(KioskIntent):
    """A key of the PIN pad (handled by the pad itself)."""

    key: str
    """A digit, ``clear`` or ``ok``."""


@dataclass(frozen=True)
class StartNewGame(KioskIntent):
    """Start a new game although one is in progress (asked first; the open one is put away)."""

    game: str
    """Registry name of the game."""
    setup: dict[str, object]
    """The set-up, plain JSON data."""
    title: str = ""
    """Optional title."""


@dataclass(frozen=True)
class BringBack(KioskIntent):
    """Staff: bring a put-away (archived) unfinished game back to the table."""

    game_id: int
    """The game's number in the journal."""
