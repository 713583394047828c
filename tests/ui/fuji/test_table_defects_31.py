"""Smaller defects seen at a real table: buttons that swap places between phases, wound
letters that are not the table's language, and Polish words that are not the book's."""

from __future__ import annotations

from pathlib import Path

import pygame

from companion.core.journal import Journal
from companion.games.fuji.state import Wounds, WoundSlot
from companion.ui.app import App
from companion.ui.fuji.panels import WoundBoxes
from companion.ui.intents import Submit
from companion.ui.theme import theme_for
from tests.ui.fuji.helpers import start, state_of, widget

LOCALE = Path(__file__).resolve().parents[3] / "companion" / "locale"


def test_equipment_and_dice_keep_their_places_from_phase_to_phase(app: App,
                                                                   journal: Journal) -> None:
    """The equipment button is where it was whether or not phase 5's dice button is
    needed, so a finger used to it never taps the dice instead."""
    session = start(journal)
    app.open_game(session)
    places: dict[str, set[tuple[int, ...]]] = {"fuji:equipment": set(), "fuji:dice": set()}
    for _ in range(40):
        app.draw()
        for key, seen in places.items():
            seen.add(tuple(widget(app, key).rect))
        state = state_of(session)
        if state.phase.value == "eruption":
            break
        from companion.games.fuji import GAME

        app.perform(Submit(GAME.legal_actions(state)[0]))
        app.dialog = None
    assert len(places["fuji:equipment"]) == 1
    assert len(places["fuji:dice"]) == 1


def _wound_pixels(lang: str) -> bytes:
    pygame.font.init()
    theme = theme_for((800, 480))
    surface = pygame.Surface((120, 40))
    boxes = WoundBoxes(pygame.Rect(0, 0, 120, 40), Wounds())
    boxes.draw(surface, theme, lang)
    return pygame.image.tobytes(surface, "RGB")


def test_wound_slot_letters_follow_the_table_language() -> None:
    """The Polish character card names the slots Noga, Ręka, Amnezja, Oko: the boxes
    show their letters, not the English card's."""
    assert _wound_pixels("pl") != _wound_pixels("en")
    assert [s.value for s in WoundSlot] == ["leg", "arm", "amnesia", "eye"]


def test_polish_speaks_of_fatigue_as_the_book_does() -> None:
    """The Polish book and board call the track 'tor zmęczenia' (fatigue), never
    'kondycja'."""
    for path in (LOCALE / "pl").glob("*fuji*.po"):
        assert "kondycj" not in path.read_text(encoding="utf-8").lower(), path.name


def test_the_win_screen_shows_how_the_score_is_made(app: App) -> None:
    """Rulebook, final score: 4 points per character, minus one per wound token, plus
    one per unused equipment card. The win screen spells out that sum."""
    from companion.core.i18n import translate
    from companion.ui.fuji import demo

    session = demo.to_game_over()
    app.open_game(session)
    app.draw()
    state = state_of(session)
    wounds = sum(p.wounds.count() for p in state.players)
    cards = sum(1 for p in state.players for c in p.equipment if c not in p.equipment_turned)
    shown = widget(app, "fuji:score:breakdown")
    text = translate(shown.text, "en")  # type: ignore[attr-defined]
    base = 4 * len(state.players)
    assert text == f"{base} base − {wounds} wounds + {cards} unused cards = {state.score}"


def test_the_drawn_card_question_shows_the_whole_deck_at_once(app: App) -> None:
    """Rulebook, equipment: the player draws the top card of the deck. The question of
    which card it was shows every card left, as the set-up's hand picker does, with no
    list to scroll."""
    from companion.ui.fuji import demo
    from companion.ui.fuji.dialogs import CardPickerDialog
    from companion.ui.intents import ShowDialog
    from companion.ui.widgets import ListView

    session = demo.to_planning()
    app.open_game(session)
    app.perform(ShowDialog(CardPickerDialog(0)))
    app.draw()
    assert app.dialog is not None
    shown = {w.key for w in app.dialog.widgets if w.key.startswith("fuji:card:")}
    assert len(shown) == 15
    assert not any(isinstance(w, ListView) for w in app.dialog.widgets)


def test_the_end_of_phase_notice_covers_no_reminder_or_instruction(app: App) -> None:
    """Rulebook, each phase ends before the next begins: the app says "End of …". The
    notice stands where it hides neither the phase reminder nor the instruction list."""
    from companion.ui.fuji import demo
    from companion.ui.fuji.play import FujiPlayScene
    from tests.ui.fuji.helpers import tap_widget

    session = demo.to_equipment()
    app.open_game(session)
    app.draw()
    before = session.cursor
    tap_widget(app, "fuji:advance")
    assert session.cursor == before + 1
    app.draw()
    assert app.toast is not None and app.notice_rect is not None
    scene = app.scene
    assert isinstance(scene, FujiPlayScene)
    read = scene.notice_keep_clear()
    assert read and not any(app.notice_rect.colliderect(rect) for rect in read)


def test_start_with_no_hand_entered_asks_first(app: App) -> None:
    """Rulebook, set-up: each player takes the equipment cards their skill card shows.
    *Start* with no hand entered asks whether to start and deal them in play or go back
    and deal them first; going back starts nothing."""
    from tests.ui.fuji.helpers import open_setup, tap_widget

    open_setup(app)
    tap_widget(app, "setup:start")
    assert app.session is None and app.dialog is not None
    tap_widget(app, "choice:1")
    assert app.session is None and app.dialog is None
    tap_widget(app, "setup:start")
    tap_widget(app, "choice:0")
    assert app.session is not None
