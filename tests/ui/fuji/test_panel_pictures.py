"""Player card parts come from kept pictures: same pixels as painting, and never stale."""

from __future__ import annotations

from collections.abc import Iterator

import pygame
import pytest
from hypothesis import given
from hypothesis import strategies as st

from companion.games.fuji.state import StaminaTrack, Wounds
from companion.ui import widgets
from companion.ui.fonts import clear_cache
from companion.ui.fuji.colours import CHARACTERS
from companion.ui.fuji.panels import PlayerCard, StaminaBar, WoundBoxes
from companion.ui.intents import Intent
from companion.ui.theme import Theme, theme_for
from companion.ui.widgets import Widget, kept_picture
from tests.fuzzing import some

THEME = theme_for((800, 480))


@pytest.fixture(autouse=True)
def fresh_pictures() -> Iterator[None]:
    """Fonts ready and no kept pictures around each test."""
    pygame.font.init()
    kept_picture.cache_clear()
    yield
    kept_picture.cache_clear()
    clear_cache()


def nothing() -> list[Intent]:
    """A tap that asks for nothing."""
    return []


SAFE_THEME = theme_for((800, 480), colour_safe=True)


def pixels(widget: Widget, theme: Theme = THEME) -> bytes:
    """``widget`` drawn on the background of a 500x200 surface."""
    surface = pygame.Surface((500, 200))
    surface.fill(theme.palette.background)
    widget.draw(surface, theme, "en")
    return pygame.image.tobytes(surface, "RGB")


def painted(widget: Widget, theme: Theme = THEME) -> bytes:
    """``widget`` painted straight onto the surface: no box is small enough to be kept."""
    limit = widgets.PICTURE_MAX_AREA
    widgets.PICTURE_MAX_AREA = 0
    try:
        return pixels(widget, theme)
    finally:
        widgets.PICTURE_MAX_AREA = limit


def kept(widget: Widget, theme: Theme = THEME) -> bytes:
    """``widget`` drawn from its kept picture (checked to be one)."""
    kept_picture.cache_clear()
    first = pixels(widget, theme)
    assert kept_picture.cache_info().currsize == 1
    assert pixels(widget, theme) == first
    assert kept_picture.cache_info().hits == 1
    return first


rects = st.builds(pygame.Rect, st.integers(0, 60), st.integers(0, 40), st.integers(60, 300),
                  st.integers(20, 80))


themes = st.sampled_from([THEME, SAFE_THEME])


@some()
@given(rects, st.sampled_from(sorted(CHARACTERS)), st.booleans(), st.booleans(), themes)
def test_player_card_picture_equals_painting(rect: pygame.Rect, colour: str, selected: bool,
                                             waiting: bool, theme: Theme) -> None:
    card = PlayerCard(rect, colour, selected, waiting, nothing, key="card")
    assert kept(card, theme) == painted(card, theme)


tracks = rects.filter(lambda rect: rect.width >= 2 * rect.height)
"""Stamina tracks as the player cards lay them out: at least twice as wide as tall."""


@some()
@given(tracks, st.integers(0, 25), st.sampled_from(sorted(CHARACTERS)), themes)
def test_stamina_picture_equals_painting(rect: pygame.Rect, lost: int, colour: str,
                                         theme: Theme) -> None:
    bar = StaminaBar(rect, lost, StaminaTrack(), colour)
    assert kept(bar, theme) == painted(bar, theme)


def test_pictures_follow_the_palette() -> None:
    rect = pygame.Rect(10, 10, 300, 60)
    card = PlayerCard(rect, "blue", True, False, nothing, key="c")
    assert pixels(card, SAFE_THEME) != pixels(card, THEME)
    bar = StaminaBar(pygame.Rect(10, 10, 200, 30), 3, StaminaTrack(), "blue")
    assert pixels(bar, SAFE_THEME) != pixels(bar, THEME)


@some()
@given(rects, st.booleans(), st.booleans(), st.booleans(), st.booleans())
def test_wound_picture_equals_painting(rect: pygame.Rect, leg: bool, arm: bool, amnesia: bool,
                                       eye: bool) -> None:
    boxes = WoundBoxes(rect, Wounds(leg=leg, arm=arm, amnesia=amnesia, eye=eye))
    assert kept(boxes) == painted(boxes)


def test_pictures_follow_the_values_they_show() -> None:
    rect = pygame.Rect(10, 10, 200, 30)
    track = StaminaTrack()
    assert pixels(StaminaBar(rect, 3, track, "blue")) != pixels(StaminaBar(rect, 4, track, "blue"))
    assert pixels(WoundBoxes(rect, Wounds())) != pixels(WoundBoxes(rect, Wounds(eye=True)))
    card = pygame.Rect(10, 10, 300, 60)
    looks = {pixels(PlayerCard(card, "green", selected, waiting, nothing, key="c"))
             for selected in (False, True) for waiting in (False, True)}
    assert len(looks) == 3
    assert pixels(StaminaBar(rect, 3, track, "blue")) == pixels(StaminaBar(rect, 3, track, "blue"))
