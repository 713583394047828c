"""Tikal in the table looks: the flat-table play screen and the colour-safe seat shapes."""

from __future__ import annotations

from itertools import combinations

import pygame
import pytest
from hypothesis import given
from hypothesis import strategies as st

from companion.core.i18n import LANGUAGES
from companion.core.journal import Journal
from companion.core.session import Session
from companion.ui.app import App
from companion.ui.flat import TurnedPanel, to_screen_rect
from companion.ui.intents import SetTableLayout
from companion.ui.scene import Context, Settings
from companion.ui.shapes import SHAPES
from companion.ui.tikal.demo import SITUATIONS, preview_session
from companion.ui.tikal.parts import (
    ColourChip,
    ScoreTrack,
    piece_colour,
    seat_glyph,
    seat_shape,
)
from companion.ui.tikal.play import TikalPlayScene
from companion.ui.tikal.scoring import TikalScoringScene
from companion.ui.widgets import Label, Widget
from tests.fuzzing import examples
from tests.ui.tikal.helpers import (
    LONG_NAMES,
    SIZES,
    draw_problems,
    open_game,
    random_taps_stay_legal,
    replayed,
    start,
    state_of,
    tap,
    widget,
)


def _flat(lang: str, size: tuple[int, int] = (800, 480), safe: bool = False,
          session: Session | None = None) -> Context:
    return Context(size, Settings(language=lang, table_layout="flat", colour_safe=safe),
                   session)


def _players(count: int) -> list[dict[str, str]]:
    return LONG_NAMES[:count]


def _turned_panels(scene: TikalPlayScene) -> list[TurnedPanel]:
    return [w for w in scene.widgets if isinstance(w, TurnedPanel)]


def _seat_sessions(journal: Journal, count: int) -> list[Session]:
    """Games of ``count`` players in the draw, the actions and the reveal phase."""
    drawing = start(journal, {"variant": "basic", "players": _players(count)})
    acting = start(journal, {"variant": "basic", "players": _players(count)})
    acting.submit({"type": "draw", "kind": "jungle"})
    revealing = start(journal, {"variant": "auction", "players": _players(count)})
    return [drawing, acting, revealing]


# ---------------------------------------------------------------- flat table fits
@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("situation", sorted(SITUATIONS))
def test_the_flat_play_screen_fits(situation: str, lang: str, size: tuple[int, int]) -> None:
    scene = TikalPlayScene()
    session = preview_session(situation)
    assert draw_problems(scene, _flat(lang, size, session=session)) == ([], [])
    assert len(_turned_panels(scene)) == len(state_of(session).players)
    screen = pygame.Rect(0, 0, *size)
    assert all(screen.contains(rect) for rect in scene.touch_targets())


@pytest.mark.parametrize("count", [2, 3, 4])
@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_player_count_fits_flat(journal: Journal, lang: str, count: int) -> None:
    for session in _seat_sessions(journal, count):
        for size in SIZES:
            scene = TikalPlayScene()
            assert draw_problems(scene, _flat(lang, size, session=session)) == ([], [])
            angles = [panel.angle for panel in _turned_panels(scene)]
            assert angles == [0, 180] if count == 2 else angles == [0, 270, 180, 90][:count]


def test_the_flat_panels_sit_on_the_screen_edges() -> None:
    scene = TikalPlayScene()
    draw_problems(scene, _flat("en", session=preview_session("auction")))
    screen = pygame.Rect(0, 0, 800, 480)
    bottom, left, top, right = (panel.rect for panel in _turned_panels(scene))
    assert bottom.bottom > screen.bottom - 8 and top.top < 8
    assert left.left < 8 and right.right > screen.right - 8
    centre = [w.rect for w in scene.widgets if w.key.startswith("tikal:tab:")]
    assert centre and all(not r.colliderect(p.rect) for r in centre
                          for p in _turned_panels(scene))


def test_only_the_player_to_move_has_buttons_on_their_panel() -> None:
    scene = TikalPlayScene()
    draw_problems(scene, _flat("en", session=preview_session("auction")))
    state = state_of(preview_session("auction"))
    assert state.auction is not None
    for seat, panel in enumerate(_turned_panels(scene)):
        keys = {w.key for w in panel.content if w.interactive}
        expected = {"tikal:bid", "tikal:pass"} if seat == state.auction.current else set()
        assert keys == expected
    assert not any(w.key in ("tikal:bid", "tikal:pass") for w in scene.widgets
                   if not isinstance(w, TurnedPanel))


# ---------------------------------------------------------------- taps on turned panels
def _flat_app(app: App, session: Session) -> None:
    app.perform(SetTableLayout("flat"))
    open_game(app, session)


def _turned_control(app: App, seat: int, key: str) -> tuple[TurnedPanel, Widget]:
    panel = widget(app, f"tikal:seat:{seat}")
    assert isinstance(panel, TurnedPanel)
    return panel, next(w for w in panel.content if w.key == key)


def _tap_turned(app: App, seat: int, key: str) -> None:
    panel, control = _turned_control(app, seat, key)
    assert panel.angle != 0
    on_screen = to_screen_rect(control.rect, panel.rect, panel.angle)
    assert on_screen.width >= 48 and on_screen.height >= 48
    tap(app, on_screen.center)


@pytest.mark.parametrize("seat", [1, 2, 3])
def test_end_turn_on_a_turned_panel_ends_that_players_turn(journal: Journal, app: App,
                                                           seat: int) -> None:
    session = start(journal, {"variant": "basic", "players": _players(4)})
    for _ in range(seat):
        session.submit({"type": "draw", "kind": "jungle"})
        session.submit({"type": "end_turn"})
    session.submit({"type": "draw", "kind": "jungle"})
    assert state_of(session).active == seat
    _flat_app(app, session)
    _tap_turned(app, seat, "tikal:end_turn")
    assert session.actions()[-1] == {"type": "end_turn"}
    assert state_of(session).active == (seat + 1) % 4


def test_pass_on_a_turned_panel_leaves_the_hexes_to_the_other_bidder(journal: Journal,
                                                                      app: App) -> None:
    session = replayed(journal, "auction", SITUATIONS["auction"][1])
    auction = state_of(session).auction
    assert auction is not None
    bidder = auction.current
    _flat_app(app, session)
    assert len(auction.bidders) - len(auction.passed) == 2
    _tap_turned(app, bidder, "tikal:pass")
    assert session.actions()[-1] == {"type": "pass"}
    after = state_of(session)
    assert after.phase == "choose" and after.active == auction.high_bidder != bidder


def test_the_bid_on_a_turned_panel_follows_the_stepper(journal: Journal, app: App) -> None:
    session = replayed(journal, "auction", SITUATIONS["auction"][1])
    auction = state_of(session).auction
    assert auction is not None
    bidder, lowest = auction.current, auction.high_bid + 1
    _flat_app(app, session)
    tap(app, widget(app, "tikal:bid:plus1").rect.center)
    _tap_turned(app, bidder, "tikal:bid")
    assert session.actions()[-1] == {"type": "bid", "amount": lowest + 1}
    after = state_of(session).auction
    assert after is not None and after.high_bidder == bidder


def test_the_middle_and_the_corners_work_flat(journal: Journal, app: App) -> None:
    session = start(journal)
    session.submit({"type": "draw", "kind": "jungle"})
    _flat_app(app, session)
    tap(app, widget(app, "tikal:tab:track").rect.center)
    assert any(isinstance(w, ScoreTrack) for w in app.scene.widgets)
    tap(app, widget(app, "bar:Undo").rect.center)
    assert state_of(session).phase == "draw"


@pytest.mark.parametrize("situation", sorted(SITUATIONS))
def test_every_turned_target_leads_back_to_its_control(situation: str) -> None:
    scene = TikalPlayScene()
    draw_problems(scene, _flat("pl", session=preview_session(situation)))
    for panel in _turned_panels(scene):
        for control in (w for w in panel.content if w.interactive):
            on_screen = to_screen_rect(control.rect, panel.rect, panel.angle)
            found = panel.widget_under(on_screen.center)
            assert found is not None and found[0] is control


FLAT_STARTS: tuple[tuple[str, int | None], ...] = (
    ("basic", 0), ("basic", 137), ("basic", 245), ("auction", 34), ("auction", 50),
    ("auction", 52), ("lean-placed", 9), ("lean-placed", 24), ("lean-placed", 119),
    ("lean", 12),
)
"""Points of the example games the random taps on the flat screen start from (lean games:
a note and one possible hex, a volcano to lay, the final scoring, several possible hexes)."""


@examples("few")
@given(start=st.sampled_from(FLAT_STARTS), lang=st.sampled_from(LANGUAGES),
       picks=st.lists(st.integers(0, 10_000), max_size=20))
def test_random_taps_on_the_flat_screen_only_make_legal_steps(
        start: tuple[str, int | None], lang: str, picks: list[int]) -> None:
    journal = Journal(":memory:")
    session = replayed(journal, *start)
    app = App(journal, Settings(language=lang, table_layout="flat"), (800, 480))
    open_game(app, session)
    random_taps_stay_legal(app, journal, session, picks)


# ---------------------------------------------------------------- colour-safe shapes
def _mask(surface: pygame.Surface, rect: pygame.Rect, colour: str) -> frozenset[tuple[int, int]]:
    """Where ``rect`` of ``surface`` shows the piece colour, relative to the rectangle."""
    fill = piece_colour(colour)
    return frozenset((x - rect.x, y - rect.y) for x in range(rect.left, rect.right)
                     for y in range(rect.top, rect.bottom)
                     if tuple(surface.get_at((x, y)))[:3] == fill)


def _chip_masks(safe: bool) -> list[frozenset[tuple[int, int]]]:
    """The piece-colour pixels of each player's chip on the four-player score track page."""
    scene = TikalPlayScene(tab="track")
    surface = pygame.Surface((800, 480))
    scene.draw(surface, Context((800, 480), Settings(colour_safe=safe),
                                preview_session("auction")))
    chips = [w for w in scene.widgets if isinstance(w, ColourChip) and w.seat is not None]
    by_seat = {chip.seat: chip for chip in chips if chip.rect.x > 400}
    assert sorted(by_seat) == [0, 1, 2, 3]
    return [_mask(surface, by_seat[seat].rect, by_seat[seat].colour) for seat in range(4)]


def test_safe_chips_take_their_seats_shapes() -> None:
    plain, safe = _chip_masks(False), _chip_masks(True)
    assert len(set(plain)) == 1
    assert all(safe)
    for first, second in combinations(safe, 2):
        assert first != second
    assert all(mask != plain[0] for mask in safe)


def test_a_safe_triangle_chip_leaves_its_top_corners_empty() -> None:
    for safe in (False, True):
        surface = pygame.Surface((40, 40))
        rect = pygame.Rect(4, 4, 32, 32)
        chip = ColourChip(rect, "red", seat=SHAPES.index("triangle"))
        theme = Context((800, 480), Settings(colour_safe=safe)).theme
        chip.draw(surface, theme, "en")
        corner = tuple(surface.get_at((rect.x + 4, rect.y + 4)))[:3]
        base = tuple(surface.get_at((rect.centerx, rect.bottom - 4)))[:3]
        assert base == piece_colour("red")
        assert (corner == piece_colour("red")) is not safe


def test_safe_cubes_on_the_score_track_take_their_seats_shapes() -> None:
    masks = []
    theme = Context((800, 480), Settings(colour_safe=True)).theme
    for seat in range(4):
        surface = pygame.Surface((220, 200))
        track = ScoreTrack(pygame.Rect(0, 0, 220, 200), [(55, "green", seat)])
        track.draw(surface, theme, "en")
        masks.append(_mask(surface, track.cell(55), "green"))
        assert masks[-1]
    for first, second in combinations(masks, 2):
        assert first != second
    assert [seat_shape(seat) for seat in range(4)] == list(SHAPES)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_safe_flat_screen_fits(lang: str) -> None:
    for situation in sorted(SITUATIONS):
        ctx = _flat(lang, safe=True, session=preview_session(situation))
        assert draw_problems(TikalPlayScene(), ctx) == ([], [])


def _strength_texts(safe: bool) -> list[str]:
    """The texts drawn on the counting screen of the demo scoring round, a temple open."""
    scene = TikalScoringScene()
    ctx = Context((800, 480), Settings(colour_safe=safe), preview_session("scoring"))
    scene.draw(pygame.Surface((800, 480)), ctx)
    temple = next(w for w in scene.widgets if w.key.startswith("score:temple:"))
    temple.release(temple.rect.center)
    scene.draw(pygame.Surface((800, 480)), ctx)
    assert any(w.key == "score:minus:0" for w in scene.widgets)
    return [w.text for w in scene.widgets if isinstance(w, Label) and isinstance(w.text, str)]


def test_safe_strengths_on_the_counting_screen_carry_the_seat_shape() -> None:
    plain, safe = _strength_texts(False), _strength_texts(True)
    glyphs = {seat_glyph(seat) for seat in range(4)}
    assert not any(text[:1] in glyphs for text in plain)
    marked = [text for text in safe if text[:1] in glyphs]
    assert marked and all(text[1:].isdigit() for text in marked)
