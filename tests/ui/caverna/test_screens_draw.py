"""Every Caverna screen and dialog draws in all four languages at 800x480 and 1280x800.

No text may overflow its widget and every touch target must be at least 48 px.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from typing import Any

import pygame
import pytest

from companion.core.i18n import LANGUAGES
from companion.core.journal import Journal
from companion.core.session import Session
from companion.games.caverna import GAME
from companion.games.caverna.cave import (
    DEFAULT_LAYOUT,
    FURNISHED,
    ExtraCavern,
    Space,
    parse_layout,
)
from companion.games.caverna.queries import unnamed_candidates
from companion.games.caverna.rooms import default_catalogue
from companion.games.caverna.state import CavernaState
from companion.games.caverna.tiles import Option
from companion.ui.caverna import dialogs
from companion.ui.caverna.demo import preview_session, replay
from companion.ui.caverna.parts import CaveView
from companion.ui.caverna.play import CavernaPlayScene, convert_dialog
from companion.ui.caverna.screens import SCREENS
from companion.ui.caverna.setup import PAGES, CavernaSetupScene, set_solo
from companion.ui.scene import Scene
from companion.ui.theme import TEXT_SCALES
from tests.ui.caverna.helpers import start, state_of, taking
from tests.ui.taps import SIZES, context, draw_problems, registered

pytestmark = pytest.mark.usefixtures("display")


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("lang", LANGUAGES)
def test_play_screen_fits_while_acting(lang: str, size: tuple[int, int]) -> None:
    overflowing, small = draw_problems(CavernaPlayScene(), context(size, lang,
                                                                   preview_session("act")))
    assert (overflowing, small) == ([], [])


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("page", PAGES)
@pytest.mark.parametrize("solo", [False, True])
def test_setup_pages_fit(page: str, solo: bool, lang: str, size: tuple[int, int]) -> None:
    scene = CavernaSetupScene(page=page)
    scene.setup = set_solo({**scene.setup, "players": ["Małgorzata", "Jean-Baptiste"]}, solo)
    overflowing, small = draw_problems(scene, context(size, lang))
    assert (overflowing, small) == ([], [])


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("tab", ["seat:0", "seat:1", "tiles", "display"])
@pytest.mark.parametrize("situation", ["play", "limit", "gameover", "pile"])
def test_every_tab_fits(situation: str, tab: str, lang: str, size: tuple[int, int]) -> None:
    scene = CavernaPlayScene(tab=tab)
    overflowing, small = draw_problems(scene, context(size, lang, preview_session(situation)))
    assert (overflowing, small) == ([], [])


def _furnish(session: Session) -> Scene:
    state = state_of(session)
    dialog = dialogs.FurnishDialog(Option("furnish", fee="five_food"))
    dialog.pick(state.display[0])
    return dialog


def _dig_room(session: Session) -> Scene:
    dialog = dialogs.DigDialog(Option("excavate", amount=2, food_cost=2))
    dialog.picker.pick_space((1, 0))
    return dialog


def _junction(session: Session) -> Scene:
    dialog = dialogs.RoomUseDialog()
    dialog.room = "junction_room"
    dialog.add_good("wood")
    return dialog


def _choice(session: Session) -> Scene:
    dialog = dialogs.RoomUseDialog()
    dialog.pick("entrance")
    return dialog


def _digging_cave(session: Session) -> Scene:
    dialog = dialogs.RoomUseDialog()
    dialog.pick("digging_cave")
    return dialog


def _convert(session: Session) -> Scene:
    return convert_dialog(state_of(session), 1).dialog


DIALOG_STEPS: dict[str, tuple[str, Callable[[Session], Scene]]] = {
    "furnish_space": ("furnish", _furnish),
    "dig_room": ("dig", _dig_room),
    "junction": ("rooms", _junction),
    "room_choice": ("rooms", _choice),
    "digging_cave": ("rooms", _digging_cave),
    "breach": ("wall", lambda session: dialogs.WallDialog(True)),
    "extra": ("act", lambda session: dialogs.ExtraCavernDialog(0)),
    "convert": ("act", _convert),
}
"""Dialog steps the registered previews do not show: situation and how to reach the step."""


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("step", sorted(DIALOG_STEPS))
def test_dialog_steps_fit(step: str, lang: str, size: tuple[int, int]) -> None:
    situation, build = DIALOG_STEPS[step]
    session = preview_session(situation)
    overflowing, small = draw_problems(build(session), context(size, lang, session))
    assert (overflowing, small) == ([], [])


@pytest.mark.parametrize("lang", LANGUAGES)
def test_long_names_fit_on_the_play_screen(journal: Journal, lang: str) -> None:
    session = start(journal, {"players": ["Małgorzata", "Jean-Baptiste"], "start_player": 1})
    session.submit({"type": "reveal", "tile": "furnishing"})
    overflowing, small = draw_problems(CavernaPlayScene(), context((800, 480), lang, session))
    assert (overflowing, small) == ([], [])


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_whole_game_fits_at_every_step(journal: Journal, lang: str) -> None:
    session = replay("two-players", 0, journal)
    record = replay("two-players", None)
    scene = CavernaPlayScene()
    for action in record.actions():
        session.submit(action)
        overflowing, small = draw_problems(scene, context((800, 480), lang, session))
        assert (overflowing, small) == ([], []), action


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("screen", SCREENS)
def test_screens_fit_with_the_largest_text(screen: str, lang: str) -> None:
    session = preview_session("act") if screen == "play" else None
    scene, ctx = registered(f"caverna.{screen}", (800, 480), lang, session, max(TEXT_SCALES))
    assert draw_problems(scene, ctx) == ([], [])


@pytest.mark.parametrize("size", SIZES)
def test_wall_buttons_do_not_overlap(size: tuple[int, int]) -> None:
    session = preview_session("wall")
    dialog = dialogs.WallDialog(False)
    draw_problems(dialog, context(size, "en", session))
    rects = [w.rect for w in dialog.widgets if w.key.startswith("wall:")]
    assert len(rects) >= 10
    for index, rect in enumerate(rects):
        assert rect.collidelist(rects[index + 1:]) == -1


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_second_dig_of_two_fits_the_dig_picker(journal: Journal, lang: str,
                                                   size: tuple[int, int]) -> None:
    session = taking(journal, "excavation", revealed="masonry")
    dialog = dialogs.DigDialog(Option("excavate", amount=2, food_cost=2))
    dialog.picker.pick_space((1, 0))
    overflowing, small = draw_problems(dialog, context(size, lang, session))
    assert (overflowing, small) == ([], [])
    cells = {w.key for w in dialog.widgets if w.key.startswith("dig:cell:")}
    assert cells == {"dig:cell:0:0", "dig:cell:1:1", "dig:cell:2:1", "dig:cell:3:1",
                     "dig:cell:4:0"}


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_three_part_tile_with_notices_fits(journal: Journal, lang: str,
                                             size: tuple[int, int]) -> None:
    session = replay("two-players", 148, journal)
    session.submit({"type": "convert", "good": "emmer"})
    session.submit({"type": "convert", "good": "emmer"})
    state = state_of(session)
    assert state.notices and state.turn is not None and state.turn.tile == "masonry"
    overflowing, small = draw_problems(CavernaPlayScene(), context(size, lang, session))
    assert (overflowing, small) == ([], [])


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("lang", LANGUAGES)
def test_twelve_tiles_with_notices_fit(journal: Journal, lang: str,
                                       size: tuple[int, int]) -> None:
    session = replay("two-players", 162, journal)
    session.submit({"type": "convert", "good": "emmer", "count": 2})
    state = state_of(session)
    offered = (*state.revealed_tiles, *unnamed_candidates(state))
    assert state.phase == "choose" and len(offered) == 12 and state.notices
    overflowing, small = draw_problems(CavernaPlayScene(), context(size, lang, session))
    assert (overflowing, small) == ([], [])


DIG_TILES = ("excavation", "drift_mining", "undermining", "expansion")


def _digger_action(state: CavernaState, actions: list[dict[str, Any]]) -> dict[str, Any]:
    """Take digging tiles, dig as much as the rules allow, furnish nothing."""
    if state.phase == "choose":
        return next((a for a in actions if a["tile"] in DIG_TILES), actions[0])
    if state.phase == "act":
        digs = [a for a in actions if a["type"] == "excavate"]
        return max(digs, key=lambda a: len(a["digs"])) if digs else {"type": "end_turn"}
    return actions[0]


def _big_display(journal: Journal) -> Session:
    """A real game in which many dug rooms wait in the display."""
    session = start(journal)
    while len(state_of(session).display) < 12 or state_of(session).phase != "choose":
        state = state_of(session)
        session.submit(_digger_action(state, list(GAME.legal_actions(state))))
    return session


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_crowded_display_pages_in_the_furnishing_picker(journal: Journal, lang: str,
                                                          size: tuple[int, int]) -> None:
    session = _big_display(journal)
    display = state_of(session).display
    dialog = dialogs.FurnishDialog(Option("furnish", fee="five_food"))
    seen: set[str] = set()
    for _ in range(4):
        overflowing, small = draw_problems(dialog, context(size, lang, session))
        assert (overflowing, small) == ([], [])
        seen |= {w.key for w in dialog.widgets if w.key.startswith("furnish:room:")}
        more = [w for w in dialog.widgets if w.key == "furnish:more"]
        if not more:
            break
        more[0].release(more[0].rect.center)
    assert seen == {f"furnish:room:{room}" for room in display}


def test_pages_cover_every_entry_once() -> None:
    for count in range(0, 30):
        for slots in range(2, 12):
            _, pages = dialogs.page_of(count, slots, 0)
            shown = [i for page in range(pages) for i in dialogs.page_of(count, slots, page)[0]]
            assert shown == list(range(count))
            assert all(len(dialogs.page_of(count, slots, p)[0]) + (pages > 1) <= slots
                       for p in range(pages))


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_room_name_fits_a_cave_cell_beside_the_extra_cavern(lang: str) -> None:
    rooms = [room.room_id for room in default_catalogue()]
    cave = parse_layout(DEFAULT_LAYOUT)
    positions = [pos for pos in cave.positions() if pos != (3, 0)]
    for offset in range(0, len(rooms), len(positions)):
        filled = cave
        for pos, room in zip(positions, rooms[offset:offset + len(positions)], strict=False):
            filled = filled.with_space(pos, Space(FURNISHED, room))
        filled = replace(filled, extra=ExtraCavern(frozenset({"n", "s"}), room=rooms[-1]))
        colours = {room.room_id: room.colour for room in default_catalogue()}
        points = {room.room_id: room.points for room in default_catalogue()}
        ctx = context((800, 480), lang)
        view = CaveView(pygame.Rect(408, 240, 372, 232), filled, colours, points)
        view.draw(pygame.Surface(ctx.size), ctx.theme, lang)
        assert not view.overflow, rooms[offset:offset + len(positions)]


@pytest.mark.parametrize("lang", LANGUAGES)
def test_no_room_name_of_the_display_runs_under_its_colour_chip(lang: str) -> None:
    """The rooms tab marks each room with a colour chip at the row's right end: a long room
    name ("Kącik spiżarniany (pomarańczowa)") must stop short of it."""
    from companion.ui.caverna.parts import ColourChip
    from companion.ui.widgets import ListView

    scene, ctx = registered("caverna.display", (800, 480), lang)
    scene.draw(pygame.Surface(ctx.size), ctx)
    chips = [w for w in scene.widgets if isinstance(w, ColourChip)]
    view = next(w for w in scene.widgets if isinstance(w, ListView))
    assert chips
    for index in view.visible_rows():
        for label in view.row_widgets(index, ctx.theme):
            assert not any(label.rect.colliderect(chip.rect) for chip in chips), (index, lang)
