"""Four players on a flat table: every seat types its own totals on its own turned digit pad."""

from __future__ import annotations

import itertools

import pygame
import pytest
from hypothesis import given
from hypothesis import strategies as st

from companion.core.messages import Msg
from companion.games.fuji.queries import owed_totals, quick_value
from companion.ui.app import App
from companion.ui.flat import TurnedPanel, to_screen_rect
from companion.ui.fuji import demo
from companion.ui.fuji.dice import DiceScene
from companion.ui.fuji.panels import GreyedButton
from companion.ui.fuji.seat_pad import most_total
from companion.ui.scene import Context, Settings
from companion.ui.theme import MIN_TOUCH
from companion.ui.widgets import Widget
from tests.ui.fuji.helpers import open_flat_totals, state_of, turned_panels
from tests.ui.taps import SIZES, draw_problems, tap

LANGUAGES = ("en", "pl", "fr", "es")


def _key(app: App, key: str) -> tuple[Widget, pygame.Rect]:
    """A key on some seat's panel and where it lies on the screen."""
    for panel in turned_panels(app).values():
        for inner in panel.content:
            if inner.key == key:
                return inner, to_screen_rect(inner.rect, panel.rect, panel.angle)
    raise AssertionError(f"no {key} on any seat panel")


def _tap_key(app: App, key: str) -> None:
    tap(app, _key(app, key)[1].center)


def _typed(app: App, seat: int) -> str:
    label = _key(app, f"seat{seat}:typed")[0]
    return str(getattr(label, "text", ""))


def test_each_of_four_seats_has_its_own_pad_facing_it(app: App) -> None:
    """Bottom, left, top and right seats each get twelve keys turned to face them."""
    open_flat_totals(app, demo.to_totals_four())
    panels = turned_panels(app)
    assert sorted(panels) == [f"dice:seat:{seat}" for seat in range(4)]
    assert [panels[f"dice:seat:{seat}"].angle for seat in range(4)] == [0, 270, 180, 90]
    for seat in range(4):
        keys = [w for w in panels[f"dice:seat:{seat}"].content if w.interactive]
        assert len(keys) == 12


def test_typing_14_on_the_left_pad_enters_it_for_that_seat(app: App) -> None:
    """"1", "4" on the left seat's turned pad record 14 as its own total: with six dice
    (36 at most) no digit can follow 14, so ✓ would be the only key left and is taken."""
    session = demo.to_totals_four()
    open_flat_totals(app, session)
    assert (1, 1) in owed_totals(state_of(session))
    before = len(session.actions())
    _tap_key(app, "seat1:digit:1")
    assert _typed(app, 1) == "1_"
    assert len(session.actions()) == before, "a total that can still grow waits"
    _tap_key(app, "seat1:digit:4")
    assert session.actions()[before:] == [
        {"type": "set_movement_values", "values": {"1": {"1": 14}}}]
    assert quick_value(state_of(session), 1, 1) == 14
    assert isinstance(_key(app, "seat1:enter")[0], GreyedButton), "nothing typed now"


def test_a_total_that_could_grow_waits_for_enter(app: App) -> None:
    """"2", "✓" record 2 (20 would still be a total six dice can show); "0" is recorded
    at once (no total starts with 0)."""
    session = demo.to_totals_four()
    open_flat_totals(app, session)
    before = len(session.actions())
    _tap_key(app, "seat1:digit:2")
    _tap_key(app, "seat1:enter")
    assert session.actions()[before:] == [
        {"type": "set_movement_values", "values": {"1": {"1": 2}}}]
    _tap_key(app, "seat3:digit:0")
    assert quick_value(state_of(session), 3, 3) == 0


def test_erase_takes_back_a_digit_then_the_last_entry(app: App) -> None:
    """↶ takes back the last digit typed; with nothing typed it takes back the last entry."""
    session = demo.to_totals_four()
    open_flat_totals(app, session)
    assert most_total(state_of(session), 3) == 30
    for key in ("digit:2", "erase", "digit:3", "enter"):
        _tap_key(app, f"seat3:{key}")
    assert quick_value(state_of(session), 3, 3) == 3
    _tap_key(app, "seat3:erase")
    assert quick_value(state_of(session), 3, 3) is None


def test_enter_with_nothing_typed_says_so_and_records_nothing(app: App) -> None:
    """✓ is greyed until a digit is typed; a tap tells what to do, state unchanged."""
    session = demo.to_totals_four()
    open_flat_totals(app, session)
    enter, _ = _key(app, "seat1:enter")
    assert isinstance(enter, GreyedButton)
    before = len(session.actions())
    _tap_key(app, "seat1:enter")
    assert len(session.actions()) == before
    assert app.toast is not None and app.toast.message == Msg("ui_fuji.dice.seat_type_first")


def test_a_total_the_dice_cannot_show_is_refused_with_the_reason(app: App) -> None:
    """Six dice show at most 36: after "3", the digits 7-9 are greyed and say so; the
    typed value and the game stay as they were."""
    session = demo.to_totals_four()
    open_flat_totals(app, session)
    most = most_total(state_of(session), 1)
    assert most == 36
    _tap_key(app, "seat1:digit:3")
    before = len(session.actions())
    for digit in "789":
        refused, _ = _key(app, f"seat1:digit:{digit}")
        assert isinstance(refused, GreyedButton)
        _tap_key(app, f"seat1:digit:{digit}")
        assert app.toast is not None and app.toast.message.key == "ui_fuji.dice.seat_too_high"
        assert app.toast.message.params["most"] == most
    assert _typed(app, 1) == "3_"
    assert len(session.actions()) == before
    _tap_key(app, "seat1:digit:6")
    assert quick_value(state_of(session), 1, 1) == 36


def test_a_seat_with_nothing_owed_is_told_why(app: App) -> None:
    """Claire's own total is in and the others' are not: her digits are greyed and a tap
    says there is nothing for her to type now."""
    session = demo.to_totals_four()
    open_flat_totals(app, session)
    assert not [card for holder, card in owed_totals(state_of(session)) if holder == 0]
    before = len(session.actions())
    _tap_key(app, "seat0:digit:5")
    assert len(session.actions()) == before
    assert app.toast is not None and app.toast.message == Msg("ui_fuji.dice.seat_nothing")


@given(st.lists(st.sampled_from([*"0123456789", "erase"]), max_size=8))
def test_typed_digits_never_pass_what_the_dice_show(taps: list[str]) -> None:
    """Whatever digit and erase keys are pressed, what stays typed is a total the dice
    can show and could still grow (a complete total is handed on to be recorded)."""
    session = demo.preview_session("dice-totals-four")
    state = state_of(session)
    scene = DiceScene(as_dialog=True)
    scene.quick = True
    ctx = Context((800, 480), Settings(table_layout="flat"), session)
    for pressed in taps:
        widgets = scene.build_flat(ctx, session)
        panel = next(w for w in widgets if isinstance(w, TurnedPanel)
                     and w.key == "dice:seat:1")
        key = f"seat1:{'digit:' + pressed if pressed != 'erase' else 'erase'}"
        button = next(w for w in panel.content if w.key == key)
        button.release(button.rect.center)
        typed = scene.seat_typing.value(1)
        assert typed == "" or 0 < int(typed) <= most_total(state, 1) // 10


@pytest.mark.parametrize("size", SIZES)
def test_every_key_is_full_size_and_none_overlap(size: tuple[int, int]) -> None:
    """All four pads' keys and the Done button are at least 48 px, on the screen, and
    never overlap one another."""
    session = demo.preview_session("dice-totals-four")
    scene = DiceScene(as_dialog=True)
    scene.quick = True
    ctx = Context(size, Settings(table_layout="flat"), session)
    assert draw_problems(scene, ctx)[1] == []
    rects = scene.touch_targets()
    assert len(rects) == 4 * 12 + 1
    screen = pygame.Rect(0, 0, *size)
    for rect in rects:
        assert min(rect.size) >= MIN_TOUCH and screen.contains(rect)
    for one, other in itertools.combinations(rects, 2):
        assert not one.colliderect(other), (one, other)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_four_pads_fit_in_every_language(lang: str) -> None:
    """Every line and key text fits at both sizes, with a value typed on one pad."""
    session = demo.preview_session("dice-totals-four")
    scene = DiceScene(as_dialog=True)
    scene.quick = True
    scene.seat_typing.typed[1] = "36"
    for size in SIZES:
        ctx = Context(size, Settings(language=lang, table_layout="flat"), session)
        assert draw_problems(scene, ctx) == ([], [])
