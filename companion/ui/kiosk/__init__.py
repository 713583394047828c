"""Kiosk mode screens: start, resume, attract loop, PIN pad, staff menu, statistics, end.

Importing the package registers the screens (the app imports every UI package):
``kiosk.start``, ``kiosk.resume``, ``kiosk.attract``, ``kiosk.pin``, ``kiosk.pin_change``,
``kiosk.staff``, ``kiosk.stats``, ``kiosk.diagnostics``, ``kiosk.end`` and
``kiosk.fleet``.
:class:`companion.ui.kiosk.app.KioskApp` runs the app in kiosk mode.
"""

from companion.ui.kiosk.end import EndScene
from companion.ui.kiosk.fleet_settings import FleetSettingsScene
from companion.ui.kiosk.pin import PinScene, change_pin_scene
from companion.ui.kiosk.put_away import PutAwayScene
from companion.ui.kiosk.staff_menu import DiagnosticsScene, StaffScene
from companion.ui.kiosk.start import AttractScene, ResumeScene, StartScene
from companion.ui.kiosk.stats_screen import StatsScene
from companion.ui.screens import SceneFactory, register_screen

KIOSK_SCREENS: dict[str, SceneFactory] = {
    "kiosk.start": StartScene,
    "kiosk.resume": ResumeScene,
    "kiosk.attract": AttractScene,
    "kiosk.pin": PinScene,
    "kiosk.pin_change": change_pin_scene,
    "kiosk.staff": StaffScene,
    "kiosk.stats": StatsScene,
    "kiosk.diagnostics": DiagnosticsScene,
    "kiosk.end": EndScene,
    "kiosk.put_away": PutAwayScene,
    "kiosk.fleet": FleetSettingsScene,  # the café fleet's [fleet] settings
}
"""Every kiosk screen name and the factory that builds it."""

for _name, _factory in KIOSK_SCREENS.items():
    register_screen(_name, _factory)
