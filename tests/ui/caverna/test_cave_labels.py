"""No button laid over a cave board covers any of its text: every line of every label
and every points shield, checked against every button on the cave view and on the
dialogs drawn over it, for every kind of cave space, in four languages and both sizes."""

from __future__ import annotations

from dataclasses import replace

import pygame
import pytest

from companion.core.i18n import LANGUAGES
from companion.core.journal import Journal
from companion.games.caverna.cave import FURNISHED, Cave, ExtraCavern, Space
from companion.games.caverna.game import GAME
from companion.games.caverna.state import CavernaState
from companion.games.caverna.tiles import Option
from companion.ui.caverna.dialogs import (
    CellTarget,
    DigDialog,
    FurnishDialog,
    WallDialog,
)
from companion.ui.caverna.parts import CaveView
from companion.ui.caverna.play import CavernaPlayScene
from companion.ui.scene import Context, Scene, Settings
from companion.ui.widgets import Button, Widget
from tests.ui.caverna.helpers import start, state_of
from tests.ui.taps import SIZES, context, draw_problems


class _StateOnly:
    """Stands in for a session in a dialog or screen that only reads the state."""

    def __init__(self, state: CavernaState) -> None:
        self.state = state
        self.finished = False
        self.can_undo = self.can_redo = False
        self.game = GAME


def _with_cave(state: CavernaState, cave: Cave) -> CavernaState:
    players = (replace(state.players[0], cave=cave), *state.players[1:])
    return replace(state, players=players)


def _mixed_cave(state: CavernaState) -> Cave:
    """Face-down spaces with and without +1 food, the empty cavern, the entrance, orange
    and blue rooms with long names and points, and two built walls."""
    cave = state.players[0].cave
    for pos, room in (((0, 0), "furniture_workshop"), ((2, 1), "prospecting_site"),
                      ((4, 2), "state_room")):
        cave = cave.with_space(pos, Space(FURNISHED, room))
    return replace(cave, walls=frozenset({((0, 0), (0, 1)), ((3, 0), (4, 0))}))


EXTRAS: dict[str, ExtraCavern | None] = {
    "none": None,
    "waiting": ExtraCavern(),
    "laid": ExtraCavern(natural_sides=frozenset({"n", "w"})),
    "walled": ExtraCavern(natural_sides=frozenset({"n", "w"}), built_sides=frozenset({"e"})),
    "furnished": ExtraCavern(natural_sides=frozenset({"n", "w", "s"}), room="weaving_room"),
}
"""Every state of the extra cavern."""


def _state(journal: Journal, tile: str, extra: str) -> CavernaState:
    session = start(journal)
    session.submit({"type": "reveal", "tile": "masonry"})
    session.submit({"type": "take_tile", "tile": tile})
    state = state_of(session)
    cave = replace(_mixed_cave(state), extra=EXTRAS[extra])
    return _with_cave(state, cave)


def _covered(scene: Scene) -> list[tuple[pygame.Rect, pygame.Rect, str]]:
    """Every (text, button, button key) where a button drawn over a cave covers text."""
    views = [w for w in scene.widgets if isinstance(w, CaveView)]
    assert views, "no cave drawn"
    buttons: list[Widget] = [w for w in scene.widgets
                             if isinstance(w, Button) and not isinstance(w, CellTarget)]
    found = []
    for view in views:
        assert view.ink_rects, "the cave drew no text"
        for ink in view.ink_rects:
            for button in buttons:
                if ink.colliderect(button.rect):
                    found.append((ink, button.rect, button.key))
    return found


def _dialogs() -> dict[str, Scene]:
    furnish = FurnishDialog(Option("furnish", fee="none"))
    furnish.room = "weaving_room"
    return {
        "wall": WallDialog(False),
        "breach": WallDialog(True),
        "furnish": furnish,
        "dig": DigDialog(Option("excavate", amount=1)),
    }


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("extra", list(EXTRAS))
def test_no_button_over_a_cave_covers_its_text(journal: Journal, lang: str,
                                               size: tuple[int, int], extra: str) -> None:
    """The wall, breach, furnishing and dig dialogs over a cave with every kind of
    space (and the extra cavern in each of its states)."""
    shown = context(size, lang, _StateOnly(_state(journal, "masonry", extra)))  # type: ignore[arg-type]
    for name, dialog in _dialogs().items():
        overflowing, small = draw_problems(dialog, shown)
        assert (overflowing, small) == ([], []), name
        assert _covered(dialog) == [], name


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("layout", ["upright", "flat"])
def test_no_button_on_the_play_screen_covers_the_cave(journal: Journal, lang: str,
                                                      size: tuple[int, int],
                                                      layout: str) -> None:
    """The play screen's cave (digs and rooms to tap lit on it) in both layouts."""
    state = _state(journal, "excavation", "laid")
    scene = CavernaPlayScene()
    ctx = Context(size, Settings(language=lang, table_layout=layout),
                  _StateOnly(state), None)  # type: ignore[arg-type]
    scene.draw(pygame.Surface(size), ctx)
    assert _covered(scene) == []
