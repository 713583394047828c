"""Weak points a new player meets at the table, each checked through taps or drawing."""

from __future__ import annotations

from dataclasses import replace

import pygame
import pytest

from companion.core.i18n import LANGUAGES, translate
from companion.core.journal import Journal
from companion.core.messages import Msg
from companion.core.session import Session
from companion.games.caverna.game import GAME
from companion.games.caverna.queries import wall_spots
from companion.games.caverna.questions import option_refusal
from companion.games.caverna.state import CavernaState
from companion.games.caverna.tiles import Option
from companion.ui.app import App
from companion.ui.caverna.demo import preview_session, replay
from companion.ui.caverna.dialogs import FurnishDialog, WallDialog
from companion.ui.caverna.food import ShortOfFoodButton, convertible, food_for
from companion.ui.caverna.parts import CaveView, RefusedButton
from companion.ui.dialogs import ChoiceDialog
from companion.ui.flat import TurnedPanel
from companion.ui.intents import Intent, Notify, SetTableLayout, ShowDialog, Submit
from companion.ui.notices import notice_rect
from companion.ui.scene import Context, Settings
from companion.ui.theme import contrast_ratio
from companion.ui.widgets import Button
from tests.ui.caverna.helpers import ada_fills_her_only_cavern, round_one, state_of, taking
from tests.ui.taps import SIZES, context, draw_problems, open_game, tap, tap_widget, widget


def _framed(app: App, button: Button) -> bool:
    """Whether ``button`` was drawn with the normal frame (its left edge in the border
    colour)."""
    edge = (button.rect.x + 1, button.rect.centery)
    return tuple(app.surface.get_at(edge)[:3]) == app.context().theme.palette.border


def _live_buttons(app: App) -> list[Button]:
    scene = app.dialog if app.dialog is not None else app.scene
    return [w for w in scene.widgets if isinstance(w, Button) and w.enabled
            and not isinstance(w, RefusedButton)]


def test_the_quiet_nothing_to_do_tile_looks_tappable(app: App, journal: Journal) -> None:
    """The tile with nothing to do with it is still a choice (taking it and doing nothing
    is allowed): it has the normal button frame, its quieter fill keeps its label and
    frame readable, and every other live button on the screen and in a dialog is framed
    too."""
    session = round_one(journal, app)
    ada_fills_her_only_cavern(session)
    open_game(app, session)
    idle = widget(app, "caverna:tile:housework")
    assert isinstance(idle, Button) and idle.style == "quiet"
    assert _framed(app, idle)
    palette = app.context().theme.palette
    fill, ink = idle.colours(app.context().theme)
    assert contrast_ratio(fill, ink) >= 4.5
    assert contrast_ratio(palette.border, fill) >= 3
    assert contrast_ratio(palette.border, palette.background) >= 3
    assert all(_framed(app, button) for button in _live_buttons(app))


def test_every_live_button_of_a_caverna_dialog_is_framed(app: App, journal: Journal) -> None:
    """The furnishing picker's Cancel (and its other live buttons) have the frame too."""
    round_one(journal, app)
    tap_widget(app, "caverna:tile:housework")
    tap_widget(app, "caverna:option:1:furnish:gold")
    assert app.dialog is not None
    assert all(_framed(app, button) for button in _live_buttons(app)), [
        b.key for b in _live_buttons(app) if not _framed(app, b)]


def _convert_one(app: App, session: Session, good: str) -> None:
    """Tap ``good`` in the food dialog that is open."""
    dialog = app.dialog
    assert isinstance(dialog, ChoiceDialog)
    assert "food" in translate(dialog.title, "en").lower()
    tap_widget(app, f"choice:{convertible(state_of(session), 0).index(good)}")


def _undo_step_by_step(app: App, session: Session, steps: int,
                       done: list[dict[str, object]]) -> None:
    """Each tap on Undo takes back one of ``done`` (the turn's end, the furnishing, the
    conversion), down to the food Ada had."""
    for left in range(len(done) - 1, -1, -1):
        tap_widget(app, "bar:Undo")
        assert session.actions()[steps:] == done[:left]
    assert state_of(session).players[0].goods.food == 1


def test_making_the_food_carries_on_with_the_furnishing(app: App, journal: Journal) -> None:
    """Rulebook: emmer, flax and gold turn into food at any time, 1 for 1; Housework's
    furnishing costs food equal to the round's turns (2 in round 1). Ada holds 1 food:
    one conversion is all the furnishing costs beyond its own taps — the furnishing's
    picker opens by itself — and undo takes the steps back one at a time."""
    session = round_one(journal, app)
    tap_widget(app, "caverna:tile:housework")
    steps = session.cursor
    tap_widget(app, "caverna:option:0:furnish:round_food")
    _convert_one(app, session, "emmer")
    assert isinstance(app.dialog, FurnishDialog) and app.dialog.option.fee == "round_food"
    tap_widget(app, "furnish:room:shelf")
    done: list[dict[str, object]] = [{"type": "convert", "player": 0, "good": "emmer", "count": 1},
            {"type": "furnish", "room": "shelf", "space": [2, 0], "fee": "round_food"},
            {"type": "end_turn"}]
    assert session.actions()[steps:] == done
    _undo_step_by_step(app, session, steps, done)


def test_a_room_short_of_food_is_furnished_once_the_food_is_made(app: App,
                                                                journal: Journal) -> None:
    """The furnishing's list open while every room is short of food (as a preview shows
    it): the Shelf's tap asks for food, and the one conversion furnishes it in the one
    cavern it fits; undo takes the furnishing back, then the conversion."""
    session = round_one(journal, app)
    tap_widget(app, "caverna:tile:housework")
    steps = session.cursor
    app.perform(ShowDialog(FurnishDialog(Option("furnish", fee="round_food"))))
    app.draw()
    tap_widget(app, "furnish:room:shelf")
    _convert_one(app, session, "flax")
    done: list[dict[str, object]] = [{"type": "convert", "player": 0, "good": "flax", "count": 1},
            {"type": "furnish", "room": "shelf", "space": [2, 0], "fee": "round_food"},
            {"type": "end_turn"}]
    assert session.actions()[steps:] == done
    _undo_step_by_step(app, session, steps, done)


def test_the_food_dialog_asks_again_until_the_food_is_enough(journal: Journal) -> None:
    """Housework's first furnishing costs 2 food in round 1. With no food, one
    conversion is not enough: the food dialog comes back (made only when reached), and
    after the second the furnishing carries on."""
    session = taking(journal, "housework")
    state = state_of(session)
    ada = state.players[0]
    hungry = replace(state, players=(replace(ada, goods=replace(ada.goods, food=0)),
                                     *state.players[1:]))
    option = Option("furnish", fee="round_food")
    carried: list[CavernaState] = []

    def carry_on(after: CavernaState) -> list[Intent]:
        carried.append(after)
        return [Notify(Msg("ui_caverna.turn.end"))]

    first = food_for(hungry, 0, lambda now: option_refusal(now, option), carry_on)
    plan = first.dialog.options[0]  # type: ignore[attr-defined]
    assert [i.action["count"] for i in plan.intents if isinstance(i, Submit)] == [1, 1]
    carried.clear()
    emmer = first.dialog.options[1 + convertible(hungry, 0).index("emmer")]  # type: ignore[attr-defined]
    assert not carried
    convert, again = emmer.intents
    assert convert == Submit({"type": "convert", "player": 0, "good": "emmer", "count": 1})
    assert isinstance(again, ShowDialog)
    one_food = GAME.apply(hungry, convert.action)
    flax = again.dialog.options[convertible(one_food, 0).index("flax")]  # type: ignore[attr-defined]
    assert flax.intents[1:] == (Notify(Msg("ui_caverna.turn.end")),)
    assert carried and all(after.players[0].goods.food == 2 for after in carried)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_room_short_of_food_says_so_in_the_list(journal: Journal, lang: str) -> None:
    """In the furnishing's list at 800x480, every room short only of food says so on
    its card (the long hint or the short mark) and every card fits."""
    session = taking(journal, "housework")
    dialog = FurnishDialog(Option("furnish", fee="round_food"))
    overflowing, small = draw_problems(dialog, context((800, 480), lang, session))
    assert (overflowing, small) == ([], [])
    short = [w for w in dialog.widgets if isinstance(w, ShortOfFoodButton)]
    assert len(short) == 3
    marks = (translate(Msg("ui_caverna.convert.hint"), lang),
             translate(Msg("ui_caverna.convert.mark"), lang))
    for button in short:
        assert translate(button.text, lang).splitlines()[-1] in marks
    plain = [w for w in dialog.widgets if isinstance(w, RefusedButton)
             and not isinstance(w, ShortOfFoodButton)]
    assert plain and all(translate(w.text, lang).splitlines()[-1] not in marks for w in plain)


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_wall_buttons_leave_the_names_room(lang: str, size: tuple[int, int]) -> None:
    """The wall dialog over a cave with 13 open borders: the buttons sit on the borders
    (none touching another, each at least a touch wide) and every space keeps a name box
    of most of its width."""
    session = preview_session("wall")
    dialog = WallDialog(False)
    ctx = context(size, lang, session)
    overflowing, small = draw_problems(dialog, ctx)
    assert (overflowing, small) == ([], [])
    view = next(w for w in dialog.widgets if isinstance(w, CaveView))
    buttons = [w.rect for w in dialog.widgets if w.key.startswith("wall:")]
    assert len(buttons) >= 13
    for index, rect in enumerate(buttons):
        assert min(rect.size) >= ctx.theme.touch
        assert rect.collidelist(buttons[index + 1:]) == -1
    width = view.cell((0, 0)).width
    assert all(label.width >= width * 3 // 5 for label in view.label_rects)
    assert all(label.width >= ctx.theme.px(140) for label in view.label_rects)


def test_a_wall_button_moved_along_its_border_builds_that_wall(app: App,
                                                              journal: Journal) -> None:
    """The border under a room between the middle column's last two rows has its
    button moved off the corner it shares with the bottom row's side border; tapping it
    builds that wall."""
    session = replay("two-players", 148, journal)
    open_game(app, session)
    tap_widget(app, "caverna:option:2:wall:0")
    dialog = app.dialog
    assert isinstance(dialog, WallDialog)
    view = next(w for w in dialog.widgets if isinstance(w, CaveView))
    cave = view.cave
    edges = [edge for edge in wall_spots(cave) if edge[0][1] == edge[1][1] == 1]
    assert edges
    edge = edges[-1]
    border_y = view.cell(edge[1]).y
    buttons = [w for w in dialog.widgets if w.key.startswith("wall:")
               and w.rect.top < border_y < w.rect.bottom
               and view.cell(edge[0]).left <= w.rect.centerx < view.cell(edge[0]).right]
    assert len(buttons) == 1
    tap(app, buttons[0].rect.center)
    done = session.actions()[-2:]
    assert {"type": "build_wall", "between": [list(edge[0]), list(edge[1])]} in done


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("layout", ["upright", "flat"])
def test_a_notice_keeps_clear_of_the_cave(journal: Journal, layout: str,
                                          size: tuple[int, int]) -> None:
    """A refusal's reason covers none of the cave's spaces (tappable or not) nor a
    seat's panel on a flat table: the table reads them all the same."""
    app = App(journal, Settings(language="pl"), size)
    session = round_one(journal, app)
    if layout == "flat":
        app.perform(SetTableLayout("flat"))
        open_game(app, session)
    tap_widget(app, "caverna:tile:housework")
    tap_widget(app, "caverna:option:1:furnish:five_food")
    assert app.toast is not None and app.notice_rect is not None
    views = [w for w in app.scene.widgets if isinstance(w, CaveView)]
    assert views
    spaces = [space for view in views for space in view.space_rects()]
    panels = [w.rect for w in app.scene.widgets if isinstance(w, TurnedPanel)]
    assert app.notice_rect.collidelist([*spaces, *panels]) == -1
    assert app.notice_rect.collidelist(app.scene.touch_targets()) == -1


def test_a_notice_still_shows_where_only_the_drawing_leaves_room() -> None:
    """Where keeping clear of the drawing leaves no room, the notice still covers no
    control (over the drawing, rather than not at all)."""
    theme = Context((800, 480), Settings()).theme
    screen = pygame.Rect(0, 0, 800, 480)
    top = pygame.Rect(0, 0, 800, 100)
    drawing = pygame.Rect(0, 100, 800, 380)
    place = notice_rect(screen, [top], theme, [drawing])
    assert place is not None and not place.colliderect(top)
    assert notice_rect(screen, [top], theme, [pygame.Rect(0, 300, 800, 180)]) is not None
    clear = notice_rect(screen, [top], theme, [pygame.Rect(0, 300, 800, 180)])
    assert clear is not None and not clear.colliderect(pygame.Rect(0, 300, 800, 180))
