"""Fuji in the table looks: colour-safe colours with shapes, and the flat-table play screen."""

from __future__ import annotations

from dataclasses import replace
from itertools import combinations
from typing import Any

import pygame
import pytest

from companion.core.i18n import LANGUAGES
from companion.core.journal import Journal
from companion.core.session import Session
from companion.games.fuji import GAME
from companion.games.fuji.state import Cell, TerrainKind
from companion.ui.app import App
from companion.ui.flat import TurnedPanel, to_screen_rect
from companion.ui.fuji import demo
from companion.ui.fuji.board_view import BoardView, card_image
from companion.ui.fuji.colours import (
    CHARACTER_SHAPES,
    CHARACTERS,
    DICE,
    DIE_SHAPES,
    LAVA_HATCH,
    SAFE_CHARACTERS,
    SAFE_DICE,
    die_colour,
)
from companion.ui.fuji.demo import SITUATIONS
from companion.ui.fuji.dice import _neighbour_values
from companion.ui.fuji.draw import draw_cell, draw_die, draw_pawns
from companion.ui.fuji.play import FujiPlayScene
from companion.ui.intents import SetTableLayout
from companion.ui.scene import Context, Settings
from companion.ui.shapes import SHAPE_GLYPHS
from companion.ui.theme import ink_on
from companion.ui.widgets import Widget
from tests.ui.fuji.helpers import SIZES, draw_problems, start, state_of, tap

BLACK = (0, 0, 0)


def _colours(surface: pygame.Surface) -> set[tuple[int, int, int]]:
    """Every colour on a surface."""
    width, height = surface.get_size()
    return {tuple(surface.get_at((x, y)))[:3] for x in range(width)  # type: ignore[misc]
            for y in range(height)}


def _mask(surface: pygame.Surface) -> frozenset[tuple[int, int]]:
    """The pixels that are not the black background."""
    width, height = surface.get_size()
    return frozenset((x, y) for x in range(width) for y in range(height)
                     if tuple(surface.get_at((x, y)))[:3] != BLACK)


# ---------------------------------------------------------------- colour-safe
def test_every_meaningful_colour_has_its_own_shape() -> None:
    assert set(DIE_SHAPES) == set(DICE) == set(SAFE_DICE)
    assert set(CHARACTER_SHAPES) == set(CHARACTERS) == set(SAFE_CHARACTERS)
    assert len(set(DIE_SHAPES.values())) == len(DIE_SHAPES)
    assert len(set(CHARACTER_SHAPES.values())) == len(CHARACTER_SHAPES)


@pytest.mark.parametrize("colour", sorted(DICE))
def test_a_safe_die_has_the_safe_colour_and_a_glyph(colour: str) -> None:
    rect = pygame.Rect(0, 0, 48, 48)
    normal, safe = pygame.Surface((48, 48)), pygame.Surface((48, 48))
    draw_die(normal, rect, colour, 5)
    draw_die(safe, rect, colour, 5, safe=True)
    assert die_colour(colour) in _colours(normal)
    assert die_colour(colour, True) in _colours(safe)
    assert die_colour(colour) not in _colours(safe)
    glyph_centre = (3 + 16 // 2, 3 + 16 // 2)
    assert tuple(normal.get_at(glyph_centre))[:3] == die_colour(colour)
    assert tuple(safe.get_at(glyph_centre))[:3] == ink_on(die_colour(colour, True))


def test_die_glyphs_differ_in_shape() -> None:
    glyphs = []
    for colour in sorted(DICE):
        surface = pygame.Surface((48, 48))
        draw_die(surface, pygame.Rect(0, 0, 48, 48), colour, 1, safe=True)
        ink = ink_on(die_colour(colour, True))
        glyphs.append(frozenset((x, y) for x in range(3, 20) for y in range(3, 20)
                                if tuple(surface.get_at((x, y)))[:3] == ink))
    for first, second in combinations(glyphs, 2):
        assert first != second


def test_safe_pawns_take_their_characters_shapes() -> None:
    silhouettes = []
    for colour in sorted(CHARACTERS):
        surface = pygame.Surface((60, 60))
        draw_pawns(surface, pygame.Rect(0, 0, 60, 60), [colour], None, safe=True)
        silhouettes.append(_mask(surface))
        if colour != "black":
            assert SAFE_CHARACTERS[colour] in _colours(surface)
    for first, second in combinations(silhouettes, 2):
        assert first != second


def test_lava_is_hatched_in_the_safe_palette() -> None:
    cell = Cell(TerrainKind.LANDSCAPE, lava=True)
    normal, safe = pygame.Surface((60, 60)), pygame.Surface((60, 60))
    draw_cell(normal, pygame.Rect(0, 0, 60, 60), cell)
    draw_cell(safe, pygame.Rect(0, 0, 60, 60), cell, safe=True)
    assert LAVA_HATCH in _colours(safe)
    assert LAVA_HATCH not in _colours(normal)


def test_card_pictures_are_kept_per_palette() -> None:
    cell = Cell(TerrainKind.LANDSCAPE, lava=True)
    normal = card_image(cell, 40)
    safe = card_image(cell, 40, True)
    assert safe is not normal
    assert card_image(cell, 40, True) is safe
    assert _colours(safe) != _colours(normal)


def _play_colours(safe: bool) -> set[tuple[int, int, int]]:
    scene = FujiPlayScene()
    surface = pygame.Surface((800, 480))
    scene.draw(surface, Context((800, 480), Settings(colour_safe=safe),
                                demo.preview_session("planning")))
    return _colours(surface)


def test_the_play_screen_switches_to_the_safe_colours() -> None:
    normal, safe = _play_colours(False), _play_colours(True)
    for colour in ("blue", "green", "purple"):
        assert CHARACTERS[colour] in normal and CHARACTERS[colour] not in safe
        assert SAFE_CHARACTERS[colour] in safe and SAFE_CHARACTERS[colour] not in normal


# ---------------------------------------------------------------- flat table
def _four_player_session(journal: Journal) -> Session:
    setup: dict[str, Any] = dict(GAME.example_setup())
    setup["players"] = [*setup["players"],
                        {"name": "Dominika", "colour": "black", "skill": "tinkerer"}]
    return start(journal, setup)


def _flat(lang: str, safe: bool = False) -> Context:
    return Context((800, 480), Settings(language=lang, table_layout="flat", colour_safe=safe))


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("situation", sorted(SITUATIONS))
def test_the_flat_play_screen_fits(situation: str, lang: str, size: tuple[int, int]) -> None:
    session = demo.preview_session(situation)
    ctx = replace(_flat(lang), size=size, session=session)
    scene = FujiPlayScene()
    overflowing, small = draw_problems(scene, ctx)
    assert overflowing == [] and small == []
    panels = [w for w in scene.widgets if isinstance(w, TurnedPanel)]
    assert len(panels) == len(state_of(session).players)
    screen = pygame.Rect(0, 0, *size)
    assert all(screen.contains(rect) for rect in scene.touch_targets())


@pytest.mark.parametrize("lang", LANGUAGES)
def test_four_seats_fit_on_a_flat_screen(journal: Journal, lang: str) -> None:
    session = _four_player_session(journal)
    session.submit({"type": "advance"})
    for size in SIZES:
        ctx = Context(size, Settings(language=lang, table_layout="flat"), session)
        scene = FujiPlayScene()
        assert draw_problems(scene, ctx) == ([], [])
        angles = sorted(w.angle for w in scene.widgets if isinstance(w, TurnedPanel))
        assert angles == [0, 90, 180, 270]


def _flat_app(journal: Journal, app: App, session: Session) -> None:
    app.perform(SetTableLayout("flat"))
    app.open_game(session)
    app.draw()


def _turned_control(app: App, seat: int, key: str) -> tuple[TurnedPanel, Widget]:
    panel = next(w for w in app.scene.widgets if w.key == f"fuji:seat:{seat}")
    assert isinstance(panel, TurnedPanel)
    control = next(w for w in panel.content if w.key == key)
    return panel, control


@pytest.mark.parametrize("seat", [1, 2, 3])
def test_a_tap_on_a_turned_panel_confirms_that_seat(journal: Journal, app: App,
                                                    seat: int) -> None:
    session = _four_player_session(journal)
    session.submit({"type": "advance"})
    target = state_of(session).players[seat].position
    assert target is not None
    session.submit({"type": "set_destination", "player": seat, "cell": list(target)})
    _flat_app(journal, app, session)
    panel, confirm = _turned_control(app, seat, f"fuji:act:{seat}")
    assert panel.angle != 0
    on_screen = to_screen_rect(confirm.rect, panel.rect, panel.angle)
    assert not on_screen.collidepoint(confirm.rect.center) or panel.angle == 180
    tap(app, on_screen.center)
    assert state_of(session).players[seat].destination_confirmed
    assert not any(p.destination_confirmed for p in state_of(session).players if p.seat != seat)


def test_a_tap_on_a_turned_card_selects_the_seat_for_the_map(journal: Journal,
                                                             app: App) -> None:
    session = start(journal)
    session.submit({"type": "advance"})
    _flat_app(journal, app, session)
    panel, card = _turned_control(app, 2, "fuji:card:2")
    corner = to_screen_rect(card.rect, panel.rect, panel.angle)
    # The turned card's far end from the action button: its name area.
    name_side = (corner.right - 30, corner.centery) if panel.angle == 180 else corner.center
    tap(app, name_side)
    board = next(w for w in app.scene.widgets if w.key == "board")
    assert isinstance(board, BoardView)
    target = state_of(session).players[2].position
    assert target is not None
    tap(app, board.geometry.cell_centre(*target))
    assert state_of(session).players[2].destination == target


def test_neighbour_totals_carry_their_shape_in_the_safe_palette() -> None:
    state = state_of(demo.preview_session("dice"))
    values = ((0, 7), (2, None))
    cell = pygame.Rect(0, 0, 120, 40)
    plain = [getattr(w, "text", "") for w in _neighbour_values(state, cell, values)]
    safe = [getattr(w, "text", "") for w in _neighbour_values(state, cell, values, True)]
    assert plain[0] == "7"
    for seat, text in zip((0, 2), safe, strict=True):
        glyph = SHAPE_GLYPHS[CHARACTER_SHAPES[state.players[seat].colour]]
        assert str(text).startswith(glyph)
