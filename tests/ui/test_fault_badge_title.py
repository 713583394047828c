"""The lost-input badge never covers the screen's title (nor a control) at 800×480.

Each screen is drawn as the app draws it while the box and the GPIO are lost (the
context names the faults, so the bar keeps the badge's room), in every language.
The title's ink is found from the pixels themselves: whatever in the top bar, outside
its controls, differs from the bar's own colour.  None of it may lie under the badge.
"""

from __future__ import annotations

from collections import Counter

import pygame
import pytest

from companion.core.i18n import LANGUAGES
from companion.ui.fault_badge import draw_fault_badge
from companion.ui.screenshot import available_screens, scene_context

pytestmark = pytest.mark.usefixtures("display")

SIZE = (800, 480)
FAULTS = frozenset({"serial", "gpio"})
SCREENS = [screen for screen in available_screens()
           if screen.split(".")[-1] in {"play", "setup", "gameover"}
           or screen in {"home", "kiosk.start", "history", "settings", "diagnostics"}]
"""The screens whose top bar carries a title: the shared bar, home and the kiosk's start."""


def title_ink(surface: pygame.Surface, bar: pygame.Rect, controls: list[pygame.Rect]) -> set[
        tuple[int, int]]:
    """Pixels of the bar, outside its controls, that differ from the bar's colour (its
    commonest; the window's colour shows only in the bar's rounded corners)."""
    points = [(x, y) for x in range(bar.left, bar.right) for y in range(bar.top, bar.bottom)
              if not any(rect.collidepoint(x, y) for rect in controls)]
    colours = Counter(tuple(surface.get_at(point)) for point in points)
    background = colours.most_common(1)[0][0]
    corners = {tuple(surface.get_at((bar.left, bar.top)))}
    return {point for point in points
            if tuple(surface.get_at(point)) not in {background, *corners}}


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("screen", SCREENS)
def test_the_badge_leaves_the_title_and_the_controls_uncovered(screen: str, lang: str) -> None:
    surface = pygame.Surface(SIZE)
    scene, ctx = scene_context(screen, lang, SIZE, None)
    ctx.faults = FAULTS
    scene.draw(surface, ctx)
    bar = pygame.Rect(0, 0, SIZE[0], ctx.theme.bar_height)
    controls = [widget.rect for widget in scene.widgets
                if widget.interactive and widget.rect.colliderect(bar)]
    ink = title_ink(surface, bar, controls)
    badge = draw_fault_badge(surface, ctx.screen, ctx.theme, lang, scene.widgets, FAULTS)
    assert badge is not None
    assert not [point for point in ink if badge.rect.collidepoint(point)]
    assert not any(badge.rect.colliderect(rect) for rect in controls)
    assert badge.rect.width >= badge.rect.height >= 28
