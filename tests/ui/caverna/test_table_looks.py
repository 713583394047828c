"""Caverna in the table looks: the flat-table play screen and the colour-safe seat shapes."""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any

import pygame
import pytest
from hypothesis import given
from hypothesis import strategies as st

from companion.core.i18n import LANGUAGES
from companion.core.journal import Journal
from companion.core.session import Session
from companion.games.caverna.goods import FOOD_SOURCES
from companion.ui.app import App
from companion.ui.caverna.demo import SITUATIONS, preview_session, record, replay
from companion.ui.caverna.flat import SeatMark, SeatTab, seat_shape
from companion.ui.caverna.play import CavernaPlayScene, convertible
from companion.ui.dialogs import ChoiceDialog
from companion.ui.flat import TurnedPanel, to_screen_rect
from companion.ui.intents import SetTableLayout
from companion.ui.scene import Context, Settings
from companion.ui.shapes import draw_shape
from companion.ui.theme import PALETTE, SAFE_SEAT_COLOURS
from companion.ui.widgets import Widget
from tests.fuzzing import examples
from tests.ui.caverna.helpers import random_game, start, state_of
from tests.ui.taps import SIZES, draw_problems, tap, tap_widget


def _setup(players: int) -> dict[str, Any]:
    """A set-up for every player count Caverna: Cave vs Cave allows (one or two)."""
    if players == 1:
        return dict(record("solo").setup)
    return {"players": ["Ada", "Borys"]}


def _flat(lang: str, size: tuple[int, int] = (800, 480), safe: bool = False,
          session: Session | None = None) -> Context:
    return Context(size, Settings(language=lang, table_layout="flat", colour_safe=safe),
                   session)


def _panels(widgets: list[Widget]) -> list[TurnedPanel]:
    return [w for w in widgets if isinstance(w, TurnedPanel)]


# ---------------------------------------------------------------- flat table
@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("situation", sorted(SITUATIONS))
def test_every_situation_fits_on_a_flat_screen(situation: str, lang: str,
                                               size: tuple[int, int]) -> None:
    session = preview_session(situation)
    scene = CavernaPlayScene()
    overflowing, small = draw_problems(scene, _flat(lang, size, session=session))
    assert overflowing == [] and small == []
    assert len(_panels(scene.widgets)) == len(state_of(session).players)
    screen = pygame.Rect(0, 0, *size)
    assert all(screen.contains(rect) for rect in scene.touch_targets())


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("situation", sorted(SITUATIONS))
def test_the_flat_screen_fits_with_the_largest_text(situation: str, lang: str,
                                                    size: tuple[int, int]) -> None:
    ctx = Context(size, Settings(language=lang, table_layout="flat", text_scale=1.4),
                  preview_session(situation))
    assert draw_problems(CavernaPlayScene(), ctx) == ([], [])


@pytest.mark.parametrize("safe", [False, True])
@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("players", [1, 2])
def test_every_player_count_fits_on_a_flat_screen(journal: Journal, players: int, lang: str,
                                                  safe: bool) -> None:
    session = start(journal, _setup(players))
    for size in SIZES:
        scene = CavernaPlayScene()
        assert draw_problems(scene, _flat(lang, size, safe, session)) == ([], [])
        panels = _panels(scene.widgets)
        assert [panel.angle for panel in panels] == [0, 180][:players]
        assert [panel.key for panel in panels] == [f"caverna:seat:{n}" for n in range(players)]


def test_the_flat_screen_puts_the_bar_buttons_in_the_corners(journal: Journal) -> None:
    scene = CavernaPlayScene()
    draw_problems(scene, _flat("en", session=start(journal)))
    corners = {w.key: w.rect for w in scene.widgets if w.key.startswith("bar:")}
    assert set(corners) == {"bar:GoHome", "bar:Navigate", "bar:Undo", "bar:Redo"}
    assert corners["bar:GoHome"].topleft[0] < 100 and corners["bar:GoHome"].y < 100
    assert corners["bar:Redo"].right > 700 and corners["bar:Redo"].bottom > 380


def test_the_upright_screen_has_no_turned_panels(journal: Journal) -> None:
    scene = CavernaPlayScene()
    ctx = Context((800, 480), Settings(language="en"), start(journal))
    draw_problems(scene, ctx)
    assert _panels(scene.widgets) == []


def _flat_game(app: App, session: Session) -> None:
    app.perform(SetTableLayout("flat"))
    app.open_game(session)
    app.draw()


def _seat_panel(app: App, seat: int) -> TurnedPanel:
    panel = next(w for w in app.scene.widgets if w.key == f"caverna:seat:{seat}")
    assert isinstance(panel, TurnedPanel)
    return panel


def _turned_control(app: App, seat: int, key: str) -> tuple[TurnedPanel, Widget]:
    panel = _seat_panel(app, seat)
    control = next(w for w in panel.content if w.key == key)
    return panel, control


@pytest.mark.parametrize("seat", [0, 1])
def test_a_tap_on_a_seat_panel_turns_that_players_goods_into_food(app: App, journal: Journal,
                                                                  seat: int) -> None:
    session = replay("two-players", 96, journal)
    _flat_game(app, session)
    before = state_of(session).players
    good = next(good for good in FOOD_SOURCES if before[seat].goods.get(good) > 0)
    panel, convert = _turned_control(app, seat, f"caverna:convert:{seat}")
    assert panel.angle == (0, 180)[seat]
    on_screen = to_screen_rect(convert.rect, panel.rect, panel.angle)
    tap(app, on_screen.center)
    assert isinstance(app.dialog, ChoiceDialog)
    choice = f"choice:{convertible(state_of(session), seat).index(good)}"
    turned = [w for w in app.dialog.widgets if isinstance(w, TurnedPanel)]
    if seat == 0:
        assert not turned  # the bottom seat reads the screen as it stands
        tap_widget(app, choice)
    else:
        assert [p.angle for p in turned] == [180]  # the dialog faces the seat it asks
        answer = next(w for w in turned[0].content if w.key == choice)
        tap(app, to_screen_rect(answer.rect, turned[0].rect, turned[0].angle).center)
    assert session.actions()[-1] == {"type": "convert", "player": seat, "good": good, "count": 1}
    after = state_of(session).players
    assert after[seat].goods.food == before[seat].goods.food + 1
    assert after[seat].goods.get(good) == before[seat].goods.get(good) - 1
    assert after[1 - seat].goods == before[1 - seat].goods


def _extra_cavern_for(journal: Journal, seat: int) -> Session:
    """A game where the player in ``seat`` filled a one-space cave and earned the extra
    cavern, not laid down yet."""
    session = start(journal, {"players": ["Ada", "Borys"], "cave": ["E.", "##"],
                              "start_player": seat})
    for action in ({"type": "reveal", "tile": "furnishing"},
                   {"type": "take_tile", "tile": "furnishing"},
                   {"type": "gain", "good": "food"},
                   {"type": "furnish", "room": "parlor", "space": [0, 1]}):
        session.submit(action)
    assert state_of(session).extra_cavern_owner == seat
    return session


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_extra_cavern_button_fits_on_its_owners_panel(journal: Journal, lang: str) -> None:
    session = _extra_cavern_for(journal, 1)
    for size in SIZES:
        scene = CavernaPlayScene()
        assert draw_problems(scene, _flat(lang, size, session=session)) == ([], [])
        top = next(panel for panel in _panels(scene.widgets) if panel.angle == 180)
        assert [w.key for w in top.content if w.key.startswith("caverna:extra")] == [
            "caverna:extra:1"]


def test_a_tap_on_the_top_panel_lays_that_players_extra_cavern(app: App,
                                                               journal: Journal) -> None:
    session = _extra_cavern_for(journal, 1)
    _flat_game(app, session)
    panel, button = _turned_control(app, 1, "caverna:extra:1")
    tap(app, to_screen_rect(button.rect, panel.rect, panel.angle).center)
    tap_widget(app, "extra:e")
    tap_widget(app, "extra:place")
    assert session.actions()[-1] == {"type": "place_extra_cavern", "player": 1,
                                     "walls": ["n", "e", "w"]}
    assert state_of(session).players[0].cave.extra is None
    assert not any(w.key == "caverna:extra:1" for w in _seat_panel(app, 1).content)


def test_a_tap_where_the_top_panel_shows_nothing_submits_nothing(app: App,
                                                                 journal: Journal) -> None:
    session = replay("two-players", 126, journal)
    _flat_game(app, session)
    panel, convert = _turned_control(app, 1, "caverna:convert:1")
    # Upright, the button sits at the right end; turned half a circle it is at the left.
    unturned = convert.rect.move(panel.rect.topleft)
    assert not to_screen_rect(convert.rect, panel.rect, panel.angle).colliderect(unturned)
    count = len(session.actions())
    tap(app, unturned.center)
    assert app.dialog is None
    assert len(session.actions()) == count


def test_the_middle_takes_the_turn_controls(app: App, journal: Journal) -> None:
    session = replay("two-players", 126, journal)
    _flat_game(app, session)
    taken = state_of(session).turns_taken
    end = next(w for w in app.scene.widgets if w.key == "caverna:end_turn")
    assert not any(panel.rect.colliderect(end.rect) for panel in _panels(app.scene.widgets))
    tap(app, end.rect.center)
    assert session.actions()[-1] == {"type": "end_turn"}
    assert state_of(session).turns_taken == taken + 1


RANDOM_SETUPS: tuple[dict[str, Any], ...] = (
    {"players": ["Małgorzata", "Jean-Baptiste"], "start_player": 1},
    {"players": ["Sola"], "display": ["shelf", "tunnel", "parlor"]},
)
"""Set-ups for random games: long names, and a solo game."""




@examples("few")
@given(seed=st.integers(0, 10_000), setup=st.sampled_from(RANDOM_SETUPS),
       lang=st.sampled_from(LANGUAGES), safe=st.booleans())
def test_random_games_fit_on_a_flat_screen(seed: int, setup: dict[str, Any], lang: str,
                                           safe: bool) -> None:
    scene = CavernaPlayScene()
    for session in random_game(seed, setup):
        ctx = _flat(lang, safe=safe, session=session)
        screen = pygame.Rect(0, 0, *ctx.size)
        assert draw_problems(scene, ctx) == ([], []), session.actions()[-3:]
        assert len(_panels(scene.widgets)) == len(state_of(session).players)
        assert all(screen.contains(rect) for rect in scene.touch_targets())


# ---------------------------------------------------------------- colour-safe
def _seat_pixels(surface: pygame.Surface, rect: pygame.Rect,
                 colour: tuple[int, int, int]) -> frozenset[tuple[int, int]]:
    """Where ``colour`` lies inside ``rect``, relative to its corner."""
    return frozenset((x - rect.x, y - rect.y) for x in range(rect.x, rect.right)
                     for y in range(rect.y, rect.bottom)
                     if tuple(surface.get_at((x, y)))[:3] == colour)


def _reference_shape(seat: int, size: tuple[int, int]) -> frozenset[tuple[int, int]]:
    """The seat's shape drawn on its own, as the pixels of its fill colour."""
    picture = pygame.Surface(size)
    box = pygame.Rect(0, 0, *size)
    colour = SAFE_SEAT_COLOURS[seat]
    draw_shape(picture, box, seat_shape(seat), colour, (20, 20, 20))
    return _seat_pixels(picture, box, colour)


def _drawn_tabs(journal: Journal, safe: bool) -> tuple[pygame.Surface, list[SeatMarkAt]]:
    session = start(journal)
    scene = CavernaPlayScene()
    surface = pygame.Surface((800, 480))
    ctx = Context((800, 480), Settings(language="en", colour_safe=safe), session)
    scene.draw(surface, ctx)
    theme = ctx.theme
    tabs = [w for w in scene.widgets if isinstance(w, SeatTab)]
    assert len(tabs) == 2
    return surface, [SeatMarkAt(tab.seat, tab.mark_rect(theme)) for tab in tabs]


@dataclass(frozen=True)
class SeatMarkAt:
    """Where a tab drew its seat's mark."""

    seat: int
    rect: pygame.Rect


@pytest.mark.parametrize("seat", [0, 1])
def test_colour_safe_tabs_show_the_seat_shape(journal: Journal, seat: int) -> None:
    surface, marks = _drawn_tabs(journal, True)
    rect = marks[seat].rect
    drawn = _seat_pixels(surface, rect, SAFE_SEAT_COLOURS[seat])
    expected = _reference_shape(seat, rect.size)
    assert drawn == expected
    assert len(drawn) > rect.width * rect.height // 4


def test_the_two_seat_shapes_differ(journal: Journal) -> None:
    surface, marks = _drawn_tabs(journal, True)
    shapes = [_seat_pixels(surface, mark.rect, SAFE_SEAT_COLOURS[mark.seat]) for mark in marks]
    assert shapes[0] != shapes[1]


def test_the_normal_palette_draws_plain_colour_squares(journal: Journal) -> None:
    surface, marks = _drawn_tabs(journal, False)
    for mark in marks:
        rect = mark.rect
        drawn = _seat_pixels(surface, rect, PALETTE.seats[mark.seat])
        assert (rect.width // 2, rect.height // 2) in drawn
        assert _seat_pixels(surface, rect, SAFE_SEAT_COLOURS[mark.seat]) == frozenset()
        # A square: the middle of every side is filled (a circle's and a triangle's are not
        # all filled at once), so the mark does not depend on the seat.
        assert {(rect.width // 2, 2), (2, rect.height // 2)} <= drawn


def test_flat_panels_carry_the_seat_shape_in_the_safe_palette(journal: Journal) -> None:
    session = start(journal)
    scene = CavernaPlayScene()
    ctx = _flat("en", safe=True, session=session)
    surface = pygame.Surface(ctx.size)
    scene.draw(surface, ctx)
    bottom = next(panel for panel in _panels(scene.widgets) if panel.angle == 0)
    mark = next(w for w in bottom.content if isinstance(w, SeatMark))
    rect = mark.rect.move(bottom.rect.topleft)
    assert _seat_pixels(surface, rect, SAFE_SEAT_COLOURS[0]) == _reference_shape(0, rect.size)
    top = next(panel for panel in _panels(scene.widgets) if panel.angle == 180)
    top_mark = next(w for w in top.content if isinstance(w, SeatMark))
    turned = to_screen_rect(top_mark.rect, top.rect, top.angle)
    square = _seat_pixels(surface, turned, SAFE_SEAT_COLOURS[1])
    assert square and square != _seat_pixels(surface, rect, SAFE_SEAT_COLOURS[1])


def test_colour_safe_flat_screen_uses_only_the_safe_seat_colours(journal: Journal) -> None:
    session = start(journal)
    colours: dict[bool, set[tuple[int, int, int]]] = {}
    for safe in (False, True):
        surface = pygame.Surface((800, 480))
        CavernaPlayScene().draw(surface, replace(_flat("en", safe=safe), session=session))
        width, height = surface.get_size()
        colours[safe] = {tuple(surface.get_at((x, y)))[:3]  # type: ignore[misc]
                         for x in range(0, width, 2) for y in range(0, height, 2)}
    for seat in (0, 1):
        assert SAFE_SEAT_COLOURS[seat] in colours[True]
        assert PALETTE.seats[seat] in colours[False]
        assert PALETTE.seats[seat] not in colours[True]
