"""Laying a hex by dragging it: the drawn hex (basic game) or the revealed hex an
auction's winner takes, dragged from its button onto the empty field it is laid on."""

from __future__ import annotations

from typing import Any

import pytest

from companion.core.journal import Journal
from companion.core.session import Session
from companion.games.tikal.state import Phase, TikalState
from companion.ui.app import App
from companion.ui.questions import answer_key
from companion.ui.scene import Settings
from companion.ui.tikal.play import TikalPlayScene
from tests.ui.taps import drag, has_widget, open_game, screen_centre, tap, tap_widget
from tests.ui.tikal.helpers import replayed, state_of

LAYOUTS = ("upright", "flat")
DRAW_STEP = 39
"""A step of the basic sample game where a hex is drawn on a board with places."""
CHOOSE_STEP = 6
"""A step of the auction sample game where the winner picks a revealed hex."""


def _game(journal: Journal, record: str, steps: int, layout: str
          ) -> tuple[App, Session, TikalPlayScene]:
    """The app on the play screen of a sample game after ``steps`` steps."""
    app = App(journal, Settings(language="en", table_layout=layout), (800, 480))
    session = replayed(journal, record, steps)
    open_game(app, session)
    scene = app.scene
    assert isinstance(scene, TikalPlayScene) and scene.map_layout is not None
    return app, session, scene


def _field(scene: TikalPlayScene) -> tuple[int, int]:
    """The first empty field the map shows."""
    assert scene.map_layout is not None and scene.map_layout.spots
    return scene.map_layout.spots[0]


def _tile_key(tile: dict[str, Any]) -> str:
    """The key of the button naming ``tile`` in the next-hex question."""
    return f"answer:tile:{answer_key(tile)}"


@pytest.mark.parametrize("layout", LAYOUTS)
def test_a_drawn_hex_dragged_onto_a_field_is_laid_there(journal: Journal, layout: str
                                                       ) -> None:
    """One drag from the hex's button to an empty field records the hex and its place, the
    same step as a tap on the hex and then on the field."""
    app, session, scene = _game(journal, "basic", DRAW_STEP, layout)
    assert state_of(session).phase == Phase.DRAW
    field = _field(scene)
    tile = {"kind": "jungle"}
    steps = session.cursor
    assert scene.map_layout is not None
    drag(app, screen_centre(app, _tile_key(tile)), scene.map_layout.centre_of(field))
    assert session.cursor == steps + 1
    dragged = session.actions()[-1]
    assert dragged == {"type": "draw", "kind": "jungle", "at": [field[0], field[1]]}
    tap_widget(app, "bar:Undo")
    tap_widget(app, _tile_key(tile))
    tap_widget(app, f"place:at:{answer_key([field[0], field[1]])}")
    assert session.actions()[-1] == dragged


@pytest.mark.parametrize("layout", LAYOUTS)
def test_the_field_may_be_tapped_before_the_hex(journal: Journal, layout: str) -> None:
    """The map shows the empty fields while the hex is asked: a tap on one, then the hex,
    records the hex laid there (the order a table that looks at the board first takes)."""
    app, session, scene = _game(journal, "basic", DRAW_STEP, layout)
    field = _field(scene)
    steps = session.cursor
    tap_widget(app, f"tikal:spot:{field[0]},{field[1]}")
    assert session.cursor == steps
    app_tile = _tile_key({"kind": "jungle"})
    tap_widget(app, app_tile)
    assert session.actions()[-1] == {"type": "draw", "kind": "jungle",
                                     "at": [field[0], field[1]]}


@pytest.mark.parametrize("layout", LAYOUTS)
def test_a_hex_dropped_off_the_fields_is_not_laid(journal: Journal, layout: str) -> None:
    """A hex dropped on a laid hex or off the map records nothing: it needs an empty field."""
    app, session, scene = _game(journal, "basic", DRAW_STEP, layout)
    state: TikalState = state_of(session)
    assert scene.map_layout is not None
    laid = next(hx for hx in state.hexes if hx.at is not None)
    steps = session.cursor
    for end in (scene.map_layout.centre(laid), (0, 0)):
        drag(app, screen_centre(app, _tile_key({"kind": "jungle"})), end)
        assert session.cursor == steps


def test_a_volcano_is_never_dragged_onto_a_field(journal: Journal) -> None:
    """A drawn volcano is set aside until its scoring round, never laid when drawn: its
    button carries no drop."""
    app, _, _ = _game(journal, "basic", DRAW_STEP, "upright")
    volcano = [w for w in app.scene.widgets if w.key == _tile_key({"kind": "volcano"})]
    jungle = [w for w in app.scene.widgets if w.key == _tile_key({"kind": "jungle"})]
    assert volcano and jungle
    assert volcano[0].dropping is None and jungle[0].dropping is not None


@pytest.mark.parametrize("layout", LAYOUTS)
def test_an_auction_winner_drags_the_hex_taken_onto_its_field(journal: Journal,
                                                              layout: str) -> None:
    """While the winner picks a revealed hex, the map is shown with its empty fields; one
    drag from the hex's button to a field records the choice and the place together."""
    app, session, scene = _game(journal, "auction", CHOOSE_STEP, layout)
    state = state_of(session)
    assert state.phase == Phase.CHOOSE
    assert scene.current_tab(state) == "map"
    index = next(i for i, tile in enumerate(state.revealed) if tile.kind != "volcano")
    field = _field(scene)
    assert scene.map_layout is not None and has_widget(app, f"tikal:choose:{index}")
    steps = session.cursor
    drag(app, screen_centre(app, f"tikal:choose:{index}"), scene.map_layout.centre_of(field))
    assert session.cursor == steps + 1
    assert session.actions()[-1] == {"type": "choose", "index": index,
                                     "at": [field[0], field[1]]}


@pytest.mark.parametrize("layout", LAYOUTS)
@pytest.mark.parametrize("lang", ["en", "pl", "fr", "es"])
def test_the_next_hex_prompt_covers_none_of_its_buttons(journal: Journal, layout: str,
                                                        lang: str) -> None:
    """The line asking which hex came (and saying it can be dragged) sits above the tile
    buttons, never over them: on a flat table it once lay across the first row."""
    app = App(journal, Settings(language=lang, table_layout=layout), (800, 480))
    open_game(app, replayed(journal, "basic", DRAW_STEP))
    prompts = [w.rect for w in app.scene.widgets if w.key == "question:prompt"]
    tiles = [w.rect for w in app.scene.widgets if w.key.startswith("answer:tile:")]
    assert len(prompts) == 1 and tiles
    assert not any(prompts[0].colliderect(tile) for tile in tiles)


def test_fields_are_ringed_round_inside_their_hex(journal: Journal) -> None:
    """A field's ring is round and stays inside its hex: neighbouring fields' rings never
    cross (square rings once overlapped at their corners)."""
    app, _, scene = _game(journal, "basic", DRAW_STEP, "upright")
    field = _field(scene)
    tap_widget(app, f"tikal:spot:{field[0]},{field[1]}")
    app.dirty = True
    app.draw()
    ring = next(w.rect for w in app.scene.widgets
                if w.key == f"tikal:spot:{field[0]},{field[1]}")
    accent = tuple(app.context().theme.palette.accent)
    assert tuple(app.surface.get_at((ring.left + 1, ring.centery)))[:3] == accent
    assert tuple(app.surface.get_at((ring.left + 2, ring.top + 2)))[:3] != accent


@pytest.mark.parametrize("layout", LAYOUTS)
def test_an_auction_winner_may_tap_the_field_before_the_hex(journal: Journal,
                                                            layout: str) -> None:
    """As in the basic game, a tap on an empty field marks where the hex taken goes; the
    hex's button then records the choice and the place at once (the tap on the field was
    once ignored, and the hex asked for its field again)."""
    app, session, scene = _game(journal, "auction", CHOOSE_STEP, layout)
    state = state_of(session)
    index = next(i for i, tile in enumerate(state.revealed) if tile.kind != "volcano")
    field = _field(scene)
    steps = session.cursor
    tap_widget(app, f"tikal:spot:{field[0]},{field[1]}")
    assert session.cursor == steps
    tap(app, screen_centre(app, f"tikal:choose:{index}"))
    assert session.cursor == steps + 1
    assert session.actions()[-1] == {"type": "choose", "index": index,
                                     "at": [field[0], field[1]]}


def _free_hex_steps(journal: Journal) -> list[int]:
    """Steps of the auction sample game where a spent turn waits and the next entry is the
    choice of the round's last hex, taken for free (no bidding left)."""
    session = replayed(journal, "auction", None)
    scene = TikalPlayScene()
    steps = []
    for step in range(len(session.actions())):
        after = scene.auction_after_spent(session.state_after(step))
        if after is not None and after.phase == Phase.CHOOSE and len(after.revealed) == 1 \
                and after.revealed[0].kind != "volcano":
            steps.append(step)
    return steps


@pytest.mark.parametrize("layout", LAYOUTS)
def test_the_last_free_hex_is_dragged_onto_an_empty_field(journal: Journal,
                                                          layout: str) -> None:
    """The round's last hex goes to the last player for free, asked while the previous
    winner's spent turn waits: the map shows the empty fields like for every other hex,
    and one drag ends that turn and lays the hex there."""
    steps = _free_hex_steps(journal)
    assert steps
    app, session, scene = _game(journal, "auction", steps[0], layout)
    assert scene.current_tab(state_of(session)) == "map"
    assert scene.map_layout is not None and scene.map_layout.spots
    field = _field(scene)
    before = session.cursor
    drag(app, screen_centre(app, "tikal:choose:0"), scene.map_layout.centre_of(field))
    assert session.actions()[before:] == [
        {"type": "end_turn"}, {"type": "choose", "index": 0, "at": [field[0], field[1]]}]


def test_the_stacks_line_is_said_once_before_a_reveal(journal: Journal) -> None:
    """A spent turn whose next entry is the auction's reveal: the stack's line (its top
    letter and hexes left) is printed once, under the reveal's button, not twice."""
    session = replayed(journal, "auction", None)
    scene = TikalPlayScene()
    step = next(step for step in range(len(session.actions()))
                if (after := scene.auction_after_spent(session.state_after(step))) is not None
                and after.phase == Phase.REVEAL)
    app, _, shown = _game(journal, "auction", step, "upright")
    lines = [w for w in shown.widgets
             if getattr(getattr(w, "text", None), "key", "") == "ui_tikal.draw.stack"]
    assert len(lines) == 1
    assert has_widget(app, "tikal:reveal") and has_widget(app, "tikal:end_turn")
