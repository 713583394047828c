"""Table looks app-wide: the colour-safe palette, the flat layout helper, the settings screen.

The two looks are kept in one place (the café settings record of the journal), so the
settings screen and the kiosk's staff menu switch the same thing and both survive a
restart.
"""

from __future__ import annotations

from dataclasses import replace

import pygame
import pytest
from hypothesis import given
from hypothesis import strategies as st

from companion.core.i18n import LANGUAGES
from companion.core.journal import Journal
from companion.core.kiosk import load_kiosk_settings, save_kiosk_settings
from companion.ui.app import App, load_settings
from companion.ui.diagnostics import DiagnosticsScene
from companion.ui.flat import (
    TurnedPanel,
    flat_depths,
    flat_layout,
    to_local,
    to_screen,
    to_screen_rect,
    upright_rect,
)
from companion.ui.intents import Navigate, SetColourSafe, SetLanguage, SetTableLayout, Submit
from companion.ui.scene import Context, Settings
from companion.ui.settings import SettingsScene
from companion.ui.theme import MIN_TOUCH, PALETTE, SAFE_PALETTE, TEXT_SCALES, theme_for
from companion.ui.widgets import Button
from tests.clock import FakeClock

ANGLES = (0, 90, 180, 270)
SIZES = ((800, 480), (1280, 800))


# ---------------------------------------------------------------- palette
def test_the_safe_theme_uses_the_safe_palette() -> None:
    normal = theme_for((800, 480))
    safe = theme_for((800, 480), colour_safe=True)
    assert normal.palette is PALETTE and not normal.palette.colour_safe
    assert safe.palette is SAFE_PALETTE and safe.palette.colour_safe
    assert set(safe.palette.seats).isdisjoint(normal.palette.seats)
    assert len(set(safe.palette.seats)) == len(safe.palette.seats)


def test_the_context_theme_follows_the_setting() -> None:
    assert Context((800, 480), Settings(colour_safe=True)).theme.palette.colour_safe
    assert not Context((800, 480), Settings()).theme.palette.colour_safe


# ---------------------------------------------------------------- one source of truth
def test_both_looks_persist_across_a_restart(journal: Journal, clock: FakeClock) -> None:
    app = App(journal, Settings(language="en"), (800, 480), clock=clock)
    app.perform(SetColourSafe(True))
    app.perform(SetTableLayout("flat"))
    app.perform(SetLanguage("pl"))
    restarted = load_settings(journal)
    assert (restarted.colour_safe, restarted.table_layout, restarted.language) == (
        True, "flat", "pl")
    stored = load_kiosk_settings(journal)
    assert (stored.colour_safe, stored.table_layout) == (True, "flat")
    app.perform(SetColourSafe(False))
    assert not load_settings(journal).colour_safe


def test_the_staff_menu_switch_reaches_a_running_app(journal: Journal,
                                                     clock: FakeClock) -> None:
    app = App(journal, Settings(language="en"), (800, 480), clock=clock)
    assert not app.context().theme.palette.colour_safe
    save_kiosk_settings(journal, replace(load_kiosk_settings(journal), colour_safe=True,
                                         table_layout="flat"))
    ctx = app.context()
    assert ctx.settings.colour_safe and ctx.settings.flat
    assert ctx.theme.palette is SAFE_PALETTE


def test_a_later_settings_change_keeps_the_staff_choice(journal: Journal,
                                                        clock: FakeClock) -> None:
    app = App(journal, Settings(language="en"), (800, 480), clock=clock)
    save_kiosk_settings(journal, replace(load_kiosk_settings(journal), colour_safe=True))
    app.perform(SetLanguage("fr"))
    assert load_kiosk_settings(journal).colour_safe
    assert load_settings(journal).colour_safe


def test_an_unknown_layout_falls_back_to_upright() -> None:
    assert Settings(table_layout="sideways").table_layout == "upright"


# ---------------------------------------------------------------- settings screen
def _draw_settings(ctx: Context) -> SettingsScene:
    scene = SettingsScene()
    scene.draw(pygame.Surface(ctx.size), ctx)
    return scene


def _intents_of(scene: SettingsScene, prefix: str) -> list[object]:
    return [intent for w in scene.widgets if isinstance(w, Button) and w.key.startswith(prefix)
            for intent in w.intents]


def test_the_settings_screen_offers_both_looks_and_diagnostics() -> None:
    scene = _draw_settings(Context((800, 480), Settings(colour_safe=True)))
    assert _intents_of(scene, "setting:colours") == [SetColourSafe(False), SetColourSafe(True)]
    assert _intents_of(scene, "setting:table") == [SetTableLayout("upright"),
                                                   SetTableLayout("flat")]
    assert _intents_of(scene, "setting:diagnostics") == [Navigate("diagnostics"),
                                                         Navigate("phones_setting")]  # #23
    chosen = [w.key for w in scene.widgets if isinstance(w, Button) and w.style == "selected"]
    assert "setting:colours:1" in chosen and "setting:table:0" in chosen


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("scale", TEXT_SCALES)
@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_settings_screen_fits_with_every_row(lang: str, scale: float,
                                                 size: tuple[int, int]) -> None:
    ctx = Context(size, Settings(language=lang, text_scale=scale), sound_available=True)
    scene = _draw_settings(ctx)
    assert scene.overflowing() == []
    screen = pygame.Rect(0, 0, *size)
    for rect in scene.touch_targets():
        assert min(rect.size) >= MIN_TOUCH and screen.contains(rect), rect


def test_tapping_the_toggles_and_diagnostics(journal: Journal, clock: FakeClock) -> None:
    app = App(journal, Settings(language="en"), (800, 480), clock=clock)
    app.perform(Navigate("settings"))
    app.draw()
    for key in ("setting:colours:1", "setting:table:1"):
        found = next(w for w in app.scene.widgets if w.key == key)
        _tap(app, found.rect.center)
    assert load_settings(journal).colour_safe and load_settings(journal).flat
    found = next(w for w in app.scene.widgets if w.key == "setting:diagnostics:0")
    _tap(app, found.rect.center)
    assert isinstance(app.scene, DiagnosticsScene)


def _tap(app: App, pos: tuple[int, int]) -> None:
    app.process(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1))
    app.process(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1))
    app.draw()


# ---------------------------------------------------------------- flat layout helper
@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("seats", [2, 3, 4])
def test_flat_layout_pieces_stay_apart_and_on_screen(seats: int, size: tuple[int, int]) -> None:
    theme = theme_for(size)
    layout = flat_layout(size, seats, flat_depths(theme), theme.gap)
    screen = pygame.Rect(0, 0, *size)
    pieces = [*layout.panels, layout.centre, *layout.corners]
    for number, rect in enumerate(pieces):
        assert screen.contains(rect)
        assert all(not rect.colliderect(other) for other in pieces[number + 1:])
    for rect, place in zip(layout.panels, layout.places, strict=True):
        assert min(upright_rect(rect, place.angle).size) >= MIN_TOUCH
        edge_distance = {"bottom": screen.bottom - rect.bottom, "top": rect.top,
                         "left": rect.left, "right": screen.right - rect.right}
        assert edge_distance[place.edge] <= theme.gap


def test_seats_go_round_the_table_and_face_their_edge() -> None:
    layout = flat_layout((800, 480), 4, (64, 92), 8)
    assert [place.edge for place in layout.places] == ["bottom", "left", "top", "right"]
    assert [place.angle for place in layout.places] == [0, 270, 180, 90]
    assert [place.edge for place in flat_layout((800, 480), 2, (64, 92), 8).places] == [
        "bottom", "top"]


@given(st.sampled_from(ANGLES), st.integers(20, 300), st.integers(20, 300),
       st.integers(0, 10_000), st.integers(0, 10_000))
def test_screen_and_panel_points_map_back_and_forth(angle: int, width: int, height: int,
                                                    x: int, y: int) -> None:
    rect = pygame.Rect(13, 29, width, height)
    local_w, local_h = upright_rect(rect, angle).size
    point = (x % local_w, y % local_h)
    on_screen = to_screen(point, rect, angle)
    assert rect.collidepoint(on_screen)
    assert to_local(on_screen, rect, angle) == point


@given(st.sampled_from(ANGLES), st.integers(0, 150), st.integers(0, 60),
       st.integers(1, 100), st.integers(1, 40))
def test_a_panel_rectangle_lands_where_its_points_land(angle: int, x: int, y: int, w: int,
                                                       h: int) -> None:
    rect = pygame.Rect(40, 10, 80, 300) if angle in (90, 270) else pygame.Rect(40, 10, 300, 80)
    local = pygame.Rect(x, y, w, h).clip(upright_rect(rect, angle))
    if local.width == 0 or local.height == 0:
        return
    landed = to_screen_rect(local, rect, angle)
    assert landed.size in (local.size, (local.height, local.width))
    for corner in (local.topleft, (local.right - 1, local.bottom - 1)):
        assert landed.collidepoint(to_screen(corner, rect, angle))


@pytest.mark.parametrize("angle", ANGLES)
def test_a_turned_button_gets_its_taps(angle: int) -> None:
    rect = pygame.Rect(100, 50, 90, 300) if angle in (90, 270) else pygame.Rect(100, 50, 300, 90)
    local = upright_rect(rect, angle)
    left = Button(pygame.Rect(0, 0, local.width // 2, local.height), "A",
                  (Submit({"type": "left"}),), key="left")
    right = Button(pygame.Rect(local.width // 2, 0, local.width - local.width // 2,
                               local.height), "B", (Submit({"type": "right"}),), key="right")
    panel = TurnedPanel(rect, angle, [left, right])
    surface = pygame.Surface((500, 500))
    panel.draw(surface, theme_for((800, 480)), "en")
    for button, kind in ((left, "left"), (right, "right")):
        target = to_screen_rect(button.rect, rect, angle)
        assert target in panel.touch_targets()
        assert panel.release(target.center) == [Submit({"type": kind})]
    assert panel.release((0, 0)) == []
    assert not panel.overflow


def test_a_turned_panel_is_drawn_turned() -> None:
    rect = pygame.Rect(0, 0, 40, 100)
    marker = Button(pygame.Rect(0, 0, 20, 40), "", (), key="m")
    panel = TurnedPanel(rect, 270, [marker])
    surface = pygame.Surface((40, 100))
    theme = theme_for((800, 480))
    panel.draw(surface, theme, "en")
    # The upright top-left quarter ends up at the top-right after a clockwise turn.
    landed = to_screen_rect(marker.rect, rect, 270)
    assert landed.topright == (40, 0) or landed.right == 40
    inside = landed.inflate(-12, -12).center
    outside = (5, 90)
    assert surface.get_at(inside)[:3] != surface.get_at(outside)[:3]
