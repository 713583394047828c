"""Dragging on the Tikal map: pieces from the hex they stand on to the hex they go to, and
*Bring in* onto the camp they enter, each one input instead of two taps."""

from __future__ import annotations

import pytest

from companion.core.journal import Journal
from companion.core.session import Session
from companion.games.tikal.state import Hex, TikalState
from companion.ui.app import App
from companion.ui.questions import QuestionDialog
from companion.ui.scene import Settings
from companion.ui.tikal.play import TikalPlayScene
from tests.ui.taps import drag, open_game, screen_centre
from tests.ui.tikal.helpers import replayed, state_of

LAYOUTS = ("upright", "flat")


def _game(journal: Journal, layout: str, steps: int) -> tuple[App, Session, TikalPlayScene]:
    """The app on the play screen of the basic sample game after ``steps`` steps."""
    app = App(journal, Settings(language="en", table_layout=layout), (800, 480))
    session = replayed(journal, "basic", steps)
    open_game(app, session)
    scene = app.scene
    assert isinstance(scene, TikalPlayScene) and scene.map_layout is not None
    return app, session, scene


def _centre(scene: TikalPlayScene, hx: Hex) -> tuple[int, int]:
    """Where ``hx`` is drawn on the screen."""
    assert scene.map_layout is not None
    return scene.map_layout.centre(hx)


def _own_hexes(state: TikalState) -> list[Hex]:
    """Hexes holding the active player's workers or leader."""
    seat = state.active
    return [hx for hx in state.hexes
            if state.workers[hx.id][seat] or state.players[seat].leader == hx.id]


def _partial(app: App) -> dict[str, object]:
    """What the open question dialog holds so far."""
    assert isinstance(app.dialog, QuestionDialog)
    return dict(app.dialog.dialogue.partial)


@pytest.mark.parametrize("layout", LAYOUTS)
def test_dragging_pieces_from_their_hex_to_another_gives_both_hexes(
        journal: Journal, layout: str) -> None:
    """One drag from a hex with the player's pieces to another open hex opens the move
    with where they leave and where they go already given: which pieces and over how many
    stones come next, in one table."""
    app, session, scene = _game(journal, layout, 60)
    state = state_of(session)
    source = _own_hexes(state)[0]
    target = next(hx for hx in state.hexes if hx.id != source.id and hx.kind != "volcano")
    drag(app, _centre(scene, source), _centre(scene, target))
    assert _partial(app) == {"type": "move", "from": source.id, "to": target.id}
    assert app.dialog is not None and app.dialog.dialogue.question(state) is not None
    assert app.dialog.dialogue.question(state).field == "route"  # type: ignore[union-attr]


@pytest.mark.parametrize("layout", LAYOUTS)
def test_a_drag_that_ends_on_its_own_hex_is_a_tap(journal: Journal, layout: str) -> None:
    """A finger that slides within the hex it pressed (more than a tap's wobble) starts the
    move from that hex, as a tap there does."""
    app, session, scene = _game(journal, layout, 60)
    source = _own_hexes(state_of(session))[0]
    x, y = _centre(scene, source)
    assert scene.map_layout is not None
    slide = round(scene.map_layout.size * 0.7)
    drag(app, (x - slide // 2, y), (x + slide // 2, y))
    assert _partial(app) == {"type": "move", "from": source.id}


@pytest.mark.parametrize("layout", LAYOUTS)
def test_a_drag_onto_a_volcano_or_off_the_map_records_nothing(journal: Journal,
                                                              layout: str) -> None:
    """Pieces cannot stand on a volcano, and a finger lifted off the map says no hex: either
    drop opens nothing and records nothing."""
    app, session, scene = _game(journal, layout, 60)
    state = state_of(session)
    source = _own_hexes(state)[0]
    steps = session.cursor
    volcano = next((hx for hx in state.hexes if hx.kind == "volcano" and hx.at is not None),
                   None)
    assert scene.map_layout is not None
    off_map = (scene.map_layout.area.left - 5, scene.map_layout.area.top - 5)
    for end in [off_map] + ([_centre(scene, volcano)] if volcano is not None else []):
        drag(app, _centre(scene, source), end)
        assert app.dialog is None and session.cursor == steps


@pytest.mark.parametrize("layout", LAYOUTS)
def test_bring_in_dragged_onto_a_camp_says_where_the_pieces_enter(journal: Journal,
                                                                 layout: str) -> None:
    """With the base camp and camps of their own to enter by, the player drags *Bring in*
    onto the one the pieces enter: the pieces are asked next, not the place."""
    app, session, scene = _game(journal, layout, 11)
    state = state_of(session)
    camps = [hx for hx in state.hexes if hx.camp == state.active]
    assert camps
    drag(app, screen_centre(app, "tikal:act:bring"), _centre(scene, camps[0]))
    assert _partial(app) == {"type": "bring", "to": camps[0].id}


@pytest.mark.parametrize("layout", LAYOUTS)
def test_bring_in_dragged_onto_another_hex_opens_nothing(journal: Journal, layout: str
                                                        ) -> None:
    """Pieces come in only at the base camp or the player's own camps: *Bring in* dropped
    on any other hex opens nothing, records nothing, and the notice says why."""
    app, session, scene = _game(journal, layout, 11)
    state = state_of(session)
    other = next(hx for hx in state.hexes
                 if hx.camp is None and hx.kind not in ("base", "volcano"))
    steps = session.cursor
    drag(app, screen_centre(app, "tikal:act:bring"), _centre(scene, other))
    assert app.dialog is None and session.cursor == steps
    assert app.toast is not None and app.toast.error
    assert app.toast.message.key == "tikal.error.not_entry_point"


def test_the_drag_is_drawn_from_the_hex_to_the_finger(journal: Journal) -> None:
    """While the finger moves, a line in the accent colour joins the hex it left to the
    finger, so the table sees what is being moved."""
    import pygame

    app, session, scene = _game(journal, "upright", 60)
    state = state_of(session)
    source = _own_hexes(state)[0]
    target = next(hx for hx in state.hexes if hx.id != source.id and hx.kind != "volcano")
    start, end = _centre(scene, source), _centre(scene, target)
    app.process(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=start, button=1))
    finger = ((start[0] + end[0]) // 2, (start[1] + end[1]) // 2)
    app.process(pygame.event.Event(pygame.MOUSEMOTION, pos=finger, buttons=(1, 0, 0),
                                   rel=(finger[0] - start[0], finger[1] - start[1])))
    app.draw()
    accent = app.context().theme.palette.accent
    assert tuple(app.surface.get_at(finger))[:3] == tuple(accent)
    app.process(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=(0, 0), button=1))
    app.draw()
    assert app.dialog is None


VOLCANO_WAITS = 41
"""A step of the board sample game where a volcano waits for its optional field during a
player's turn."""


@pytest.mark.parametrize("layout", LAYOUTS)
def test_pieces_move_from_the_map_while_a_volcano_waits_for_its_field(
        journal: Journal, layout: str) -> None:
    """The volcano's field is optional and lies on empty ground: while the map asks for it,
    the player's hexes still start a move by a tap or a drag, and the turn column says so
    (it once said there was nothing to move)."""
    app = App(journal, Settings(language="en", table_layout=layout), (800, 480))
    session = replayed(journal, "board", VOLCANO_WAITS)
    open_game(app, session)
    scene = app.scene
    assert isinstance(scene, TikalPlayScene) and scene.map_layout is not None
    state = state_of(session)
    assert scene.volcano_question(state) is not None
    keys = {w.key for w in scene.widgets}
    if layout == "upright":
        said = {getattr(getattr(w, "text", None), "key", None) for w in scene.widgets}
        assert "ui_tikal.turn.nothing_to_do" not in said
    sources = _own_hexes(state)
    assert {f"tikal:move:{hx.id}" for hx in sources} <= keys
    target = next(hx for hx in state.hexes if hx.id != sources[0].id and hx.kind != "volcano"
                  and hx.at is not None)
    drag(app, _centre(scene, sources[0]), _centre(scene, target))
    assert _partial(app) == {"type": "move", "from": sources[0].id, "to": target.id}
