"""Taps on the Caverna play screen and its dialogs go through the app to the session.

Refused actions show the rules' own reason as a toast and leave the game as it was.
"""

from __future__ import annotations

import pygame
import pytest

from companion.core.i18n import LANGUAGES, translate
from companion.core.journal import Journal
from companion.core.session import Session
from companion.games.caverna.cave import EMPTY, FURNISHED
from companion.ui.app import App
from companion.ui.caverna.demo import replay
from companion.ui.caverna.dialogs import (
    DigDialog,
    FurnishDialog,
    RoomUseDialog,
    WallDialog,
)
from companion.ui.caverna.play import CavernaPlayScene
from companion.ui.dialogs import ChoiceDialog
from companion.ui.intents import Back, ShowDialog, Undo
from companion.ui.questions import QuestionDialog
from companion.ui.scene import Settings
from companion.ui.widgets import Button
from tests.ui.caverna.helpers import round_one, start, state_of
from tests.ui.taps import has_widget, open_game, tap_widget, widget


def _refusal(app: App) -> str:
    assert app.toast is not None and app.toast.error
    return app.toast.message.key


def test_the_first_tap_turns_up_the_rounds_tile_and_takes_one(app: App,
                                                              journal: Journal) -> None:
    """Rulebook: each round starts by turning up a new action tile; the app does not ask
    which (it is named when taken), so the start player's tap on a tile records both."""
    session = start(journal)
    open_game(app, session)
    assert isinstance(app.scene, CavernaPlayScene)
    assert state_of(session).phase == "reveal"
    tap_widget(app, "caverna:tile:masonry")
    assert session.actions() == [{"type": "reveal"}, {"type": "take_tile", "tile": "masonry"}]
    state = state_of(session)
    assert app.dialog is None and state.phase == "act"
    assert state.revealed_tiles[-1] == "masonry" and state.unnamed_tiles == ()


def test_taking_a_tile_then_its_goods(app: App, journal: Journal) -> None:
    session = round_one(journal, app)
    tap_widget(app, "caverna:tile:furnishing")
    assert state_of(session).phase == "act"
    food = state_of(session).players[0].goods.food
    tap_widget(app, "caverna:option:0:gain:food")
    assert state_of(session).players[0].goods.food == food + 1
    used = widget(app, "caverna:option:0:gain:food")
    assert isinstance(used, Button) and not used.enabled
    steps = session.cursor
    tap_widget(app, "caverna:option:0:gain:food")
    assert session.cursor == steps


def test_furnishing_picks_the_room_then_the_space(app: App, journal: Journal) -> None:
    session = round_one(journal, app)
    tap_widget(app, "caverna:tile:furnishing")
    tap_widget(app, "caverna:option:0:gain:food")
    tap_widget(app, "caverna:option:1:furnish:round_food")
    assert isinstance(app.dialog, FurnishDialog)
    tap_widget(app, "furnish:room:grindstone")
    state = state_of(session)
    space = state.players[0].cave.at((2, 0))
    assert space is not None and space.state == FURNISHED and space.room == "grindstone"
    assert "grindstone" not in state.display
    assert state.players[0].goods.food == 0
    # One empty cavern fits: the room goes there at once, and with every part of
    # Furnishing used the turn ends by itself.
    assert session.history()[-2].label.key == "caverna.label.furnish"
    assert session.actions()[-2:] == [{"type": "furnish", "room": "grindstone",
                                       "space": [2, 0], "fee": "round_food"},
                                      {"type": "end_turn"}]
    assert state.active == 1
    app.perform(Undo())
    assert state_of(session).turn is not None and state_of(session).active == 0


def _dig_prospecting_site(app: App, session: Session) -> None:
    tap_widget(app, "caverna:tile:excavation")
    tap_widget(app, "caverna:option:0:excavate:1")
    assert isinstance(app.dialog, DigDialog)
    tap_widget(app, "dig:cell:3:1")


def test_digging_names_the_space_and_the_room_waits_for_its_furnishing(
        app: App, journal: Journal) -> None:
    session = round_one(journal, app)
    _dig_prospecting_site(app, session)
    state = state_of(session)
    space = state.players[0].cave.at((3, 1))
    assert space is not None and space.state == EMPTY
    assert state.unnamed == 1 and "prospecting_site" not in state.display
    assert app.dialog is None
    assert session.actions()[-1] == {"type": "excavate", "digs": [{"space": [3, 1]}]}


def test_a_blue_room_without_enough_orange_is_refused_with_the_reason(
        app: App, journal: Journal) -> None:
    session = round_one(journal, app)
    _dig_prospecting_site(app, session)
    tap_widget(app, "caverna:end_turn")
    session.submit({"type": "take_tile", "tile": "cultivation"})
    session.submit({"type": "end_turn"})
    app.draw()
    tap_widget(app, "caverna:tile:housework")
    tap_widget(app, "caverna:option:0:furnish:round_food")
    before, steps = session.state, session.cursor
    while not has_widget(app, "furnish:room:prospecting_site"):
        tap_widget(app, "furnish:more")  # the unnamed room may be any room not named yet
    tap_widget(app, "furnish:room:prospecting_site")
    assert _refusal(app) == "caverna.error.too_many_blue"
    assert session.state == before and session.cursor == steps
    texts = {translate(app.toast.message, lang) for lang in LANGUAGES}  # type: ignore[union-attr]
    assert len(texts) == len(LANGUAGES)
    assert "caverna.error.too_many_blue" not in texts


def test_a_taken_tile_is_refused_with_the_reason(app: App, journal: Journal) -> None:
    session = round_one(journal, app)
    tap_widget(app, "caverna:tile:cultivation")
    tap_widget(app, "caverna:end_turn")
    assert state_of(session).active == 1
    before, steps = session.state, session.cursor
    tap_widget(app, "caverna:tile:cultivation")
    assert _refusal(app) == "caverna.error.tile_taken"
    assert session.state == before and session.cursor == steps


def test_a_room_with_choices_asks_which_one(app: App, journal: Journal) -> None:
    session = round_one(journal, app)
    tap_widget(app, "caverna:tile:cultivation")
    tap_widget(app, "caverna:option:0:rooms:1")
    # The entrance is the only room to use, so only its choice is asked (the shared
    # question dialog, every answer saying what it gives).
    assert isinstance(app.dialog, QuestionDialog)
    assert not has_widget(app, "question:back")
    wood = state_of(session).players[0].goods.wood
    tap_widget(app, 'answer:choice:"wood"')
    assert state_of(session).players[0].goods.wood == wood + 1
    assert session.actions()[-1] == {"type": "use_room", "room": "entrance", "choice": "wood"}
    assert state_of(session).turn is not None
    assert state_of(session).turn.rooms_used == ("entrance",)  # type: ignore[union-attr]


def test_converting_to_food_for_either_player(app: App, journal: Journal) -> None:
    session = round_one(journal, app)
    tap_widget(app, "caverna:tab:seat:1")
    tap_widget(app, "caverna:convert:1")
    assert isinstance(app.dialog, ChoiceDialog)
    tap_widget(app, "choice:2")
    goods = state_of(session).players[1].goods
    assert (goods.gold, goods.food) == (0, 2)
    assert session.actions()[-1] == {"type": "convert", "player": 1, "good": "gold", "count": 1}


def test_a_wall_goes_on_the_border_tapped(app: App, journal: Journal) -> None:
    session = replay("two-players", 148, journal)
    open_game(app, session)
    supply = state_of(session).wall_supply
    seat = state_of(session).active
    walls = state_of(session).players[seat].cave.walls
    tap_widget(app, "caverna:option:2:wall:0")
    assert isinstance(app.dialog, WallDialog)
    tap_widget(app, "wall:0")
    state = state_of(session)
    assert state.wall_supply == supply - 1
    assert len(state.players[seat].cave.walls) == len(walls) + 1
    assert session.actions()[-1]["type"] == "build_wall"


def test_the_solo_pile_is_turned_up_with_the_next_tile_taken(app: App,
                                                              journal: Journal) -> None:
    """Solo rulebook: after excavating exactly one room, the top room of the pile is
    turned face up into the display; the app asks nothing about it (it is named when
    it is furnished), so the next tile taken also records the pile, and one undo after
    the turn's end brings the turn back."""
    session = start(journal, {"players": ["Sola"], "display": ["shelf", "tunnel", "parlor"]})
    session.submit({"type": "reveal", "tile": "furnishing"})
    session.submit({"type": "take_tile", "tile": "excavation"})
    open_game(app, session)
    pile = state_of(session).pile
    tap_widget(app, "caverna:cave:dig:1:0")
    tap_widget(app, "choice:0")  # one cavern, not two for food
    steps = session.cursor
    tap_widget(app, "caverna:end_turn")
    assert session.actions()[steps:] == [{"type": "end_turn"}]
    assert state_of(session).phase == "draw"
    tap_widget(app, "caverna:tile:cultivation")
    assert session.actions()[steps + 1:] == [{"type": "draw_pile"},
                                             {"type": "take_tile", "tile": "cultivation"}]
    state = state_of(session)
    assert state.phase == "act" and state.pile == pile - 1 and state.unnamed == 2
    app.perform(Undo())
    app.perform(Undo())
    assert state_of(session).phase == "draw"
    app.perform(Undo())
    assert state_of(session).phase == "act" and state_of(session).turn is not None


def test_one_undo_after_a_rounds_last_turn_brings_that_turn_back(app: App,
                                                                 journal: Journal) -> None:
    """The round's new tile is turned up with the next tile taken, not with the end of
    the round's last turn, so a single undo brings that turn back."""
    session = round_one(journal, app)
    for _ in range(3):
        state = state_of(session)
        session.submit({"type": "take_tile", "tile": next(
            tile for tile in state.revealed_tiles if tile not in state.taken_tiles)})
        session.submit({"type": "end_turn"})
    open_game(app, session)
    state = state_of(session)
    free = next(tile for tile in state.revealed_tiles if tile not in state.taken_tiles)
    tap_widget(app, f"caverna:tile:{free}")
    tap_widget(app, "caverna:end_turn")
    assert state_of(session).phase == "reveal" and state_of(session).round == 2
    app.perform(Undo())
    assert state_of(session).phase == "act" and state_of(session).round == 1


def test_a_journal_left_at_the_pile_offers_the_next_tiles(app: App,
                                                          journal: Journal) -> None:
    session = start(journal, {"players": ["Sola"], "display": ["shelf", "tunnel", "parlor"]})
    for action in ({"type": "reveal", "tile": "furnishing"},
                   {"type": "take_tile", "tile": "excavation"},
                   {"type": "excavate", "digs": [{"space": [1, 0]}]}, {"type": "end_turn"}):
        session.submit(action)
    open_game(app, session)
    assert state_of(session).phase == "draw"
    tap_widget(app, "caverna:tile:housework")
    assert session.actions()[-2:] == [{"type": "draw_pile"},
                                      {"type": "take_tile", "tile": "housework"}]
    assert state_of(session).phase == "act"


def _pixels(app: App) -> bytes:
    """The screen under the game bar (whose redo button changes with the undo)."""
    app.draw()
    top = app.context().theme.bar_height
    width, height = app.surface.get_size()
    below_bar = app.surface.subsurface(pygame.Rect(0, top, width, height - top))
    return pygame.image.tobytes(below_bar, "RGB")


def test_undo_in_the_bar_brings_the_screen_back(app: App, journal: Journal) -> None:
    session = round_one(journal, app)
    before = _pixels(app)
    tap_widget(app, "caverna:tile:furnishing")
    assert state_of(session).phase == "act"
    assert _pixels(app) != before
    tap_widget(app, "bar:Undo")
    assert state_of(session).phase == "choose"
    assert isinstance(app.scene, CavernaPlayScene)
    assert _pixels(app) == before
    tap_widget(app, "bar:Redo")
    assert state_of(session).phase == "act"


def test_an_unfinished_game_reopens_on_its_play_screen(journal: Journal) -> None:
    session = start(journal)
    session.submit({"type": "reveal", "tile": "undermining"})
    app = App(journal, Settings(language="pl"), (800, 480))
    try:
        assert isinstance(app.scene, CavernaPlayScene)
        assert app.session is not None and app.session.game_id == session.game_id
        assert state_of(app.session).revealed_tiles[-1] == "undermining"
    finally:
        app.close()


@pytest.mark.parametrize("steps", [0, 17, 80])
def test_the_play_screen_offers_what_the_phase_needs(app: App, journal: Journal,
                                                     steps: int) -> None:
    session = replay("two-players", steps, journal)
    open_game(app, session)
    phase = state_of(session).phase
    expected = {"reveal": "caverna:tile:cultivation", "choose": "caverna:tile:cultivation",
                "act": "caverna:end_turn"}[phase]
    assert widget(app, expected).interactive


def test_the_right_column_follows_the_turn_after_a_peek(app: App, journal: Journal) -> None:
    session = round_one(journal, app)
    tap_widget(app, "caverna:tab:seat:1")
    assert widget(app, "caverna:convert:1").interactive
    tap_widget(app, "caverna:tab:tiles")
    assert not any(found.key == "caverna:convert:0" for found in app.scene.widgets)
    tap_widget(app, "caverna:tile:cultivation")
    tap_widget(app, "caverna:end_turn")
    assert state_of(session).active == 1
    assert any(found.key == "caverna:convert:1" for found in app.scene.widgets)


def test_the_extra_cavern_is_laid_down_with_its_sides(app: App, journal: Journal) -> None:
    session = start(journal, {"players": ["Ada", "Borys"], "cave": ["E.", "##"]})
    session.submit({"type": "reveal", "tile": "furnishing"})
    session.submit({"type": "take_tile", "tile": "furnishing"})
    session.submit({"type": "gain", "good": "food"})
    session.submit({"type": "furnish", "room": "parlor", "space": [0, 1]})
    assert state_of(session).extra_cavern_owner == 0
    open_game(app, session)
    tap_widget(app, "caverna:extra:0")
    tap_widget(app, "extra:e")
    tap_widget(app, "extra:place")
    assert session.actions()[-1] == {"type": "place_extra_cavern", "player": 0,
                                     "walls": ["n", "e", "w"]}
    extra = state_of(session).players[0].cave.extra
    assert extra is not None and extra.natural_sides == frozenset({"n", "e", "w"})
    assert not any(found.key == "caverna:extra:0" for found in app.scene.widgets)


def test_the_junction_room_takes_exactly_three_goods() -> None:
    dialog = RoomUseDialog()
    dialog.pick("junction_room")
    for good in ("wood", "wood", "flax", "gold"):
        dialog.add_good(good)
    assert dialog.give == {"wood": 2, "flax": 1}


def test_the_history_screen_opens_over_the_game_and_returns(app: App, journal: Journal) -> None:
    session = round_one(journal, app)
    tap_widget(app, "caverna:tile:furnishing")
    tap_widget(app, "bar:history")
    assert not isinstance(app.scene, CavernaPlayScene)
    app.perform(Back())
    app.draw()
    assert isinstance(app.scene, CavernaPlayScene)
    assert state_of(session).phase == "act"


def _extra_cavern_game(journal: Journal) -> Session:
    """Ada fills a one-space cave, lays the extra cavern (top and bottom walled) and, in
    round 2, takes Housework with 2 food ready."""
    session = start(journal, {"players": ["Ada", "Borys"], "cave": ["E.", "##"]})
    for action in (
        {"type": "reveal", "tile": "furnishing"},
        {"type": "take_tile", "tile": "furnishing"}, {"type": "gain", "good": "food"},
        {"type": "furnish", "room": "parlor", "space": [0, 1]},
        {"type": "place_extra_cavern", "player": 0, "walls": ["n", "s"]},
        {"type": "end_turn"},
        {"type": "take_tile", "tile": "housework"}, {"type": "end_turn"},
        {"type": "take_tile", "tile": "cultivation"}, {"type": "end_turn"},
        {"type": "take_tile", "tile": "excavation"}, {"type": "end_turn"},
        {"type": "reveal", "tile": "masonry"},
        {"type": "take_tile", "tile": "undergrowth"}, {"type": "end_turn"},
        {"type": "take_tile", "tile": "housework"},
        {"type": "convert", "good": "emmer"}, {"type": "convert", "good": "flax"},
    ):
        session.submit(action)
    return session


def test_a_room_goes_into_the_extra_cavern(app: App, journal: Journal) -> None:
    session = _extra_cavern_game(journal)
    open_game(app, session)
    tap_widget(app, "caverna:option:0:furnish:round_food")
    assert app.dialog is None  # the tunnel fits only the extra cavern: one tap
    assert {"type": "furnish", "room": "tunnel", "space": "extra",
            "fee": "round_food"} in session.actions()[-2:]
    extra = state_of(session).players[0].cave.extra
    assert extra is not None and extra.room == "tunnel"


def test_the_wall_picker_offers_the_open_sides_of_the_extra_cavern(
        app: App, journal: Journal) -> None:
    session = _extra_cavern_game(journal)
    open_game(app, session)
    app.perform(ShowDialog(WallDialog()))
    app.draw()
    keys = {found.key for found in app.dialog.widgets}  # type: ignore[union-attr]
    assert {"wall:extra:e", "wall:extra:w"} <= keys
    assert not {"wall:extra:n", "wall:extra:s"} & keys
    rects = [w.rect for w in app.dialog.widgets  # type: ignore[union-attr]
             if w.key.startswith("wall:")]
    for index, rect in enumerate(rects):
        assert rect.collidelist(rects[index + 1:]) == -1


def test_the_big_table_button_ends_the_turn_shown(app: App, journal: Journal) -> None:
    session = round_one(journal, app)
    tap_widget(app, "caverna:tile:furnishing")
    app.press_table_button("advance", "press")
    app.draw()
    assert session.actions()[-1] == {"type": "end_turn"}
    assert state_of(session).active == 1
    assert widget(app, "caverna:tile:housework").interactive
