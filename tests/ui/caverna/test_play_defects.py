"""Defects found playing whole games at the table, each checked through taps."""

from __future__ import annotations

from dataclasses import replace

import pytest

from companion.core.i18n import LANGUAGES, translate
from companion.core.journal import Journal
from companion.core.messages import Msg, msg
from companion.games.caverna.cave import FURNISHED, Space
from companion.games.caverna.game import GAME
from companion.games.caverna.queries import known_face_up, open_candidates
from companion.games.caverna.tiles import Option
from companion.ui.app import App
from companion.ui.caverna.demo import replay
from companion.ui.caverna.dialogs import FurnishDialog
from companion.ui.caverna.food import ShortOfFoodButton, convert_dialog, convertible
from companion.ui.caverna.parts import WALL, CaveView, RefusedButton
from companion.ui.caverna.play import CavernaPlayScene, shown_notices
from companion.ui.dialogs import ChoiceDialog
from companion.ui.flat import TurnedPanel
from companion.ui.intents import SetTableLayout, ShowDialog
from companion.ui.widgets import Button, Widget
from tests.ui.caverna.helpers import ada_fills_her_only_cavern, round_one, start, state_of, taking
from tests.ui.taps import (
    SIZES,
    context,
    draw_problems,
    has_widget,
    open_game,
    tap_widget,
    widget,
)


def test_a_tile_with_nothing_usable_says_so_and_its_tap_ends_the_turn(app: App,
                                                                       journal: Journal) -> None:
    """Rulebook: "Możesz też wybrać żeton i nie wykonać żadnej akcji" — taking a tile and
    doing nothing with it is allowed (it keeps the tile from the opponent), so Housework
    stays offered; but with no empty cavern its button says plainly that nothing can be
    done with it, and the one tap takes it and ends the turn (undo brings it back)."""
    session = round_one(journal, app)
    ada_fills_her_only_cavern(session)
    open_game(app, session)
    housework = widget(app, "caverna:tile:housework")
    assert isinstance(housework, Button) and not isinstance(housework, RefusedButton)
    assert housework.style == "quiet"
    assert "nothing" in translate(housework.text, "en")
    excavation = widget(app, "caverna:tile:excavation")
    assert isinstance(excavation, Button) and excavation.style == "normal"
    steps = session.cursor
    tap_widget(app, "caverna:tile:housework")
    assert session.actions()[steps:] == [{"type": "take_tile", "tile": "housework"},
                                         {"type": "end_turn"}]
    assert state_of(session).active == 1


def test_a_furnishing_short_of_food_opens_the_food_dialog_in_one_tap(app: App,
                                                                    journal: Journal) -> None:
    """Rulebook: emmer, flax and gold turn into food at any time, 1 for 1; Housework's
    first furnishing costs food equal to the round's turns (2 in round 1). Ada holds 1
    food and 1 emmer: the greyed option's tap opens the food dialog, which says food is
    what is missing, and after one conversion the option is offered."""
    session = round_one(journal, app)
    tap_widget(app, "caverna:tile:housework")
    option = "caverna:option:0:furnish:round_food"
    short = widget(app, option)
    assert isinstance(short, ShortOfFoodButton)
    assert translate(Msg("ui_caverna.convert.hint"), "en") in translate(short.text, "en")
    tap_widget(app, option)
    dialog = app.dialog
    assert isinstance(dialog, ChoiceDialog)
    assert "food" in translate(dialog.title, "en").lower()
    assert translate(dialog.title, "en") != translate(
        convert_dialog(state_of(session), 0).dialog.title, "en")  # type: ignore[attr-defined]
    emmer = convertible(state_of(session), 0).index("emmer")
    tap_widget(app, f"choice:{emmer}")
    assert session.actions()[-1] == {"type": "convert", "player": 0, "good": "emmer",
                                     "count": 1}
    assert state_of(session).players[0].goods.food == 2
    found = widget(app, option)
    assert isinstance(found, Button) and not isinstance(found, RefusedButton)


def test_a_refusal_food_cannot_mend_stays_a_plain_refusal(app: App, journal: Journal) -> None:
    """With Housework's 5-food furnishing and only 4 food reachable (1 food, 1 emmer,
    1 flax, 1 gold), converting cannot help: the tap only says why."""
    round_one(journal, app)
    tap_widget(app, "caverna:tile:housework")
    refused = widget(app, "caverna:option:1:furnish:five_food")
    assert isinstance(refused, RefusedButton) and not isinstance(refused, ShortOfFoodButton)
    tap_widget(app, "caverna:option:1:furnish:five_food")
    assert app.dialog is None and app.toast is not None and app.toast.error


def test_the_flat_panels_food_button_is_greyed_when_nothing_can_be_turned(
        app: App, journal: Journal) -> None:
    """Only emmer, flax and gold turn into food: once Ada holds none of them the food
    button on her panel is greyed, while Borys's stays live."""
    session = round_one(journal, app)
    for good in ("emmer", "flax", "gold"):
        session.submit({"type": "convert", "player": 0, "good": good, "count": 1})
    app.perform(SetTableLayout("flat"))
    open_game(app, session)
    panels = {w.key: w for w in app.scene.widgets if isinstance(w, TurnedPanel)}
    buttons = {seat: next(w for w in panels[f"caverna:seat:{seat}"].content
                          if w.key == f"caverna:convert:{seat}") for seat in (0, 1)}
    assert isinstance(buttons[0], Button) and not buttons[0].enabled
    assert isinstance(buttons[1], Button) and buttons[1].enabled


def _texts(app: App) -> list[str]:
    return [translate(w.text, "en") for w in app.scene.widgets
            if isinstance(getattr(w, "text", None), (str, Msg))]


def test_the_round_start_says_which_tiles_are_face_up_and_which_may_be_new(
        app: App, journal: Journal) -> None:
    """Rulebook: "Na początku każdej rundy odkryjcie kolejny żeton akcji" — the table turns
    the new tile up; the screen sorts the tiles it offers into those already face up and
    those the newly turned tile can be (by the number on its back), each under its own
    caption, and a tap on one of the latter names it and takes it."""
    session = replay("two-players", 54, journal)
    open_game(app, session)
    state = state_of(session)
    assert state.phase == "reveal"
    texts = _texts(app)
    assert any(text.startswith("Face-up tiles") for text in texts)
    face_up, new = _grid_sections(app)
    after = GAME.apply(state, {"type": "reveal"})
    assert {w.key.split(":")[-1] for w in face_up} == {*after.revealed_tiles,
                                                       *known_face_up(after)}
    assert {w.key.split(":")[-1] for w in new} == set(open_candidates(after))
    tile = next(w.key.split(":")[-1] for w in new if w.enabled
                and not isinstance(w, RefusedButton))
    steps = session.cursor
    tap_widget(app, f"caverna:tile:{tile}")
    assert session.actions()[steps:steps + 2] == [{"type": "reveal"},
                                                   {"type": "take_tile", "tile": tile}]


def _grid_sections(app: App) -> tuple[list[Widget], list[Widget]]:
    """The tile buttons under each heading, over every page of the grid (each page
    starts with a heading)."""
    face_up: list[Widget] = []
    new: list[Widget] = []
    while True:
        widgets = app.scene.widgets
        headings = [w for w in widgets if translate(getattr(w, "text", ""), "en").startswith(
            ("Face-up tiles", "Or a new tile"))]
        tiles = [w for w in widgets if w.key.startswith("caverna:tile:")]
        assert headings and min(h.rect.y for h in headings) < min(t.rect.y for t in tiles)
        for tile in tiles:
            above = max((h for h in headings if h.rect.y < tile.rect.y),
                        key=lambda h: h.rect.y)
            text = translate(getattr(above, "text", ""), "en")
            (face_up if text.startswith("Face-up") else new).append(tile)
        if not has_widget(app, "caverna:grid:next") or not widget(
                app, "caverna:grid:next").enabled:
            return face_up, new
        tap_widget(app, "caverna:grid:next")


def test_no_notice_repeats_what_the_screen_says(app: App, journal: Journal) -> None:
    """The new round and its start player are in the header and the phase line, so the
    notices box stays away (the tiles get its room); a +1 food space's food is on the goods
    track; the final count is the score table. A notice that asks the table to move a
    piece (goods over a limit) is still shown."""
    session = replay("two-players", 54, journal)
    open_game(app, session)
    assert any(n.key == "caverna.notice.new_round" for n in state_of(session).notices)
    assert not any("begins" in text for text in _texts(app))
    lost = msg("caverna.notice.lost_to_limit", player="Ada", count=2, good="@caverna.good.food")
    state = replace(state_of(session), notices=(msg("caverna.notice.food_bonus", player="Ada"),
                                                msg("caverna.notice.game_over"), lost))
    assert shown_notices(state) == (lost,)


def test_a_corner_room_fits_where_the_caves_edge_makes_the_corner(app: App,
                                                                   journal: Journal) -> None:
    """Rulebook: "Oczywiście zewnętrzne ściany twojej jaskini również liczą się jako
    ściany!" — the cave's outer walls count. So the Food corner (walls 2, corner) fits the
    bottom-left cavern with no wall built; the picker says why, and the cave view draws the
    outer walls so the table sees the corner."""
    session = round_one(journal, app)
    for action in ({"type": "take_tile", "tile": "excavation"},
                   {"type": "excavate", "digs": [{"space": [4, 0]}]},
                   {"type": "end_turn"},
                   {"type": "take_tile", "tile": "cultivation"},
                   {"type": "end_turn"},
                   {"type": "take_tile", "tile": "furnishing"},
                   {"type": "gain", "good": "food"}):
        session.submit(action)
    assert not state_of(session).players[0].cave.walls
    open_game(app, session)
    dialog = FurnishDialog(Option("furnish", fee="round_food"))
    dialog.room = "food_corner"  # the step the picker shows when a room fits more places
    app.perform(ShowDialog(dialog))
    app.draw()
    assert any("outer edge" in text for text in
               (translate(getattr(w, "text", ""), "en") for w in app.dialog.widgets))  # type: ignore[union-attr]
    view = next(w for w in app.dialog.widgets if isinstance(w, CaveView))  # type: ignore[union-attr]
    corner = view.cell((4, 0))
    assert app.surface.get_at((corner.x + 1, corner.centery))[:3] == WALL
    assert app.surface.get_at((corner.centerx, corner.bottom - 2))[:3] == WALL
    assert app.surface.get_at((corner.right - 1, corner.centery))[:3] != WALL
    tap_widget(app, "furnish:cell:4:0")
    assert state_of(session).players[0].cave.at((4, 0)) == Space(FURNISHED, "food_corner")


def test_a_refusal_notice_covers_no_control_and_goes_at_the_next_accepted_tap(
        app: App, journal: Journal) -> None:
    """A greyed option's reason is shown where it covers no control, and it goes away as
    soon as the next tap is accepted (here a tab), not only at the next game step."""
    round_one(journal, app)
    tap_widget(app, "caverna:tile:housework")
    tap_widget(app, "caverna:option:1:furnish:five_food")
    assert app.toast is not None and app.toast.error
    assert app.notice_rect is not None
    assert app.notice_rect.collidelist(app.scene.touch_targets()) == -1
    tap_widget(app, "caverna:tab:display")
    assert app.toast is None
    tap_widget(app, "caverna:tab:seat:0")
    tap_widget(app, "caverna:option:1:furnish:five_food")
    assert app.toast is not None
    tap_widget(app, "caverna:option:1:furnish:gold")  # opens the furnishing picker
    assert app.dialog is not None and app.toast is None


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_short_of_food_hint_fits(journal: Journal, lang: str,
                                     size: tuple[int, int]) -> None:
    """Housework in round 1 with 1 food: its first row says food is short and fits."""
    session = taking(journal, "housework")
    scene = CavernaPlayScene()
    overflowing, small = draw_problems(scene, context(size, lang, session))
    assert (overflowing, small) == ([], [])
    assert any(isinstance(w, ShortOfFoodButton) for w in scene.widgets)


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_outer_wall_note_fits(journal: Journal, lang: str, size: tuple[int, int]) -> None:
    """The space step's note on outer walls fits in every language and size."""
    session = start(journal)
    for action in ({"type": "reveal", "tile": "furnishing"},
                   {"type": "take_tile", "tile": "furnishing"},
                   {"type": "gain", "good": "food"}):
        session.submit(action)
    dialog = FurnishDialog(Option("furnish", fee="round_food"))
    dialog.room = "grindstone"
    overflowing, small = draw_problems(dialog, context(size, lang, session))
    assert (overflowing, small) == ([], [])
    assert any(w.key == "furnish:cell:2:0" for w in dialog.widgets)
