"""Every Fuji screen draws in all four languages at 800x480 and 1280x800.

No text may overflow its widget and every touch target must be at least 48 px.
"""

from __future__ import annotations

import pytest

from companion.core.i18n import LANGUAGES
from companion.core.journal import Journal
from companion.core.messages import msg
from companion.ui.fuji.demo import preview_session, to_planning
from companion.ui.fuji.dialogs import CardPickerDialog
from companion.ui.fuji.equipment import EquipmentScene
from companion.ui.fuji.play import FujiPlayScene, wound_dialog
from companion.ui.fuji.setup import PAGES, FujiSetupScene
from companion.ui.intents import ShowDialog
from companion.ui.keyboard import NameDialog
from companion.ui.scene import Scene
from tests.ui.fuji.helpers import SIZES, context, draw_problems, start, state_of

pytestmark = pytest.mark.usefixtures("display")


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("lang", LANGUAGES)
def test_play_screen_fits_in_planning(lang: str, size: tuple[int, int]) -> None:
    overflowing, small = draw_problems(FujiPlayScene(), context(size, lang, to_planning()))
    assert (overflowing, small) == ([], [])


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("page", PAGES)
def test_setup_pages_fit(page: str, lang: str, size: tuple[int, int]) -> None:
    scene = FujiSetupScene(page=page)
    overflowing, small = draw_problems(scene, context(size, lang))
    assert overflowing == []
    assert small == []


@pytest.mark.parametrize("lang", LANGUAGES)
def test_four_players_and_variant_b_fit(lang: str) -> None:
    scene = FujiSetupScene(page="players")
    scene.setup = {**scene.setup, "players": [
        {"name": "Aleksandra", "colour": "blue", "skill": "equipment_manager"},
        {"name": "Bartholomew", "colour": "purple", "skill": "survivalist"},
        {"name": "", "colour": "green", "skill": "tinkerer"},
        {"name": "Dominique", "colour": "black", "skill": "gatherer"},
    ]}
    for page in PAGES:
        scene.page = page
        overflowing, small = draw_problems(scene, context((800, 480), lang))
        assert (overflowing, small) == ([], [])


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("lang", LANGUAGES)
def test_editor_card_picker_and_free_condition_fit(lang: str, size: tuple[int, int]) -> None:
    scene = FujiSetupScene(page="editor")
    scene.editor.choose_tool("card")
    scene.editor.tap_cell((2, 1))
    overflowing, small = draw_problems(scene, context(size, lang))
    assert (overflowing, small) == ([], [])
    scene.editor.tap_cell((0, 4))
    scene.editor._open_free()
    overflowing, small = draw_problems(scene, context(size, lang))
    assert (overflowing, small) == ([], [])


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("lang", LANGUAGES)
def test_four_player_play_screen_fits(journal: Journal, lang: str,
                                      size: tuple[int, int]) -> None:
    setup = {
        "scenario": 2,
        "players": [
            {"name": "Małgorzata", "colour": "blue", "skill": "equipment_manager"},
            {"name": "Jean-Baptiste", "colour": "purple", "skill": "scout"},
            {"name": "Guadalupe", "colour": "green", "skill": "buddy"},
            {"name": "Zoë", "colour": "black", "skill": "gatherer"},
        ],
        "level": 4,
    }
    session = start(journal, setup)
    session.submit({"type": "advance"})
    overflowing, small = draw_problems(FujiPlayScene(), context(size, lang, session))
    assert (overflowing, small) == ([], [])


def _dialogs() -> dict[str, Scene]:
    wounded = state_of(preview_session("wound")).players[0]
    shown = wound_dialog(wounded)
    assert isinstance(shown, ShowDialog)
    return {
        "wound": shown.dialog,
        "draw": CardPickerDialog(0),
        "name": NameDialog(msg("ui_fuji.setup.name_of", number=4), "Żaneta", lambda name: None),
    }


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("name", ["wound", "draw", "name"])
def test_dialogs_fit(name: str, lang: str, size: tuple[int, int]) -> None:
    session = preview_session("wound")
    overflowing, small = draw_problems(_dialogs()[name], context(size, lang, session))
    assert (overflowing, small) == ([], [])


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("card", ["rope", "binoculars", "lighter", "machete", "water_bottle",
                                  "pocket_knife"])
def test_equipment_target_steps_fit(journal: Journal, card: str, lang: str) -> None:
    session = start(journal)
    session.submit({"type": "add_equipment", "player": 0, "card": card})
    session.submit({"type": "add_equipment", "player": 1, "card": "compass"})
    session.submit({"type": "advance"})
    scene = EquipmentScene(seat=0)
    scene.begin(0, card)
    if card == "lighter":
        scene.answer(**{"from": 1})
    overflowing, small = draw_problems(scene, context((800, 480), lang, session))
    assert (overflowing, small) == ([], [])


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("lang", LANGUAGES)
def test_full_hand_with_help_fits(journal: Journal, lang: str, size: tuple[int, int]) -> None:
    session = start(journal)
    for card in ("first_aid_kit", "water_bottle", "pocket_knife", "binoculars", "lighter"):
        session.submit({"type": "add_equipment", "player": 1, "card": card})
    session.submit({"type": "advance"})
    for scene in (EquipmentScene(seat=1), FujiPlayScene()):
        overflowing, small = draw_problems(scene, context(size, lang, session))
        assert (overflowing, small) == ([], [])
