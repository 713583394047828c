"""The Tikal set-up screen builds the rules' own set-up and starts the game through the app."""

from __future__ import annotations

import pytest

from companion.core.journal import Journal
from companion.games.tikal.constants import COLOURS
from companion.ui.app import App
from companion.ui.games import setup_screen_name
from companion.ui.intents import Navigate, Submit
from companion.ui.keyboard import KEY_ROWS, MAX_NAME, NameDialog
from companion.ui.keyboard import add_letter as typed
from companion.ui.tikal.play import TikalPlayScene
from companion.ui.tikal.setup import (
    TikalSetupScene,
    add_player,
    default_setup,
    move_up,
    next_colour,
    players,
    remove_player,
)
from tests.ui.tikal.helpers import state_of, tap_widget, widget


def _open_setup(app: App) -> TikalSetupScene:
    name = setup_screen_name("tikal")
    assert name == "tikal.setup"
    app.perform(Navigate(name))
    app.draw()
    scene = app.scene
    assert isinstance(scene, TikalSetupScene)
    return scene


def _type(app: App, text: str) -> None:
    for letter in text.lower():
        row = next(n for n, keys in enumerate(KEY_ROWS) if letter in keys)
        tap_widget(app, f"kb:{row}:{KEY_ROWS[row].index(letter)}")


def test_setup_taps_start_an_auction_game(app: App, journal: Journal) -> None:
    scene = _open_setup(app)
    tap_widget(app, "setup:add")
    tap_widget(app, "setup:colour:0")
    tap_widget(app, "setup:variant:auction")
    tap_widget(app, "setup:name:1")
    assert isinstance(app.dialog, NameDialog)
    _type(app, "ola")
    tap_widget(app, "kb:ok")
    assert app.dialog is None
    tap_widget(app, "setup:up:1")
    entries = players(scene.setup)
    assert [e["name"] for e in entries][:2] == ["Ola", ""]
    tap_widget(app, "setup:start")
    assert app.session is not None and app.session.game.name == "tikal"
    assert isinstance(app.scene, TikalPlayScene)
    state = state_of(app.session)
    assert state.variant == "auction"
    assert [p.colour for p in state.players] == ["blue", "green", "yellow", "white"]
    assert [p.name for p in state.players] == ["Ola", "Green", "Yellow", "White"]
    assert all(p.score == 20 for p in state.players)


def test_a_set_up_the_rules_refuse_shows_the_reason(app: App, journal: Journal) -> None:
    scene = _open_setup(app)
    scene.setup = {**scene.setup, "players": [{"name": "Ada", "colour": "red"},
                                              {"name": "Ada", "colour": "blue"}]}
    app.draw()
    tap_widget(app, "setup:start")
    assert app.session is None
    assert app.toast is not None and app.toast.error
    assert app.toast.message.key == "tikal.setup.name_twice"


def test_unnamed_players_take_their_colour_name_in_the_language(journal: Journal) -> None:
    from companion.ui.scene import Settings

    app = App(journal, Settings(language="pl"), (800, 480))
    _open_setup(app)
    tap_widget(app, "setup:start")
    assert app.session is not None
    assert [p.name for p in state_of(app.session).players] == ["Czerwony", "Niebieski", "Żółty"]


def test_removing_is_refused_below_two_players(app: App) -> None:
    scene = _open_setup(app)
    tap_widget(app, "setup:remove:2")
    assert len(players(scene.setup)) == 2
    assert not widget(app, "setup:remove:0").enabled  # type: ignore[attr-defined]
    tap_widget(app, "setup:remove:0")
    assert len(players(scene.setup)) == 2


def test_at_most_four_players() -> None:
    setup = default_setup()
    for _ in range(5):
        setup = add_player(setup)
    assert len(players(setup)) == 4
    assert len({e["colour"] for e in players(setup)}) == 4


@pytest.mark.parametrize("seat", [0, 1, 2])
def test_colours_cycle_through_the_free_ones(seat: int) -> None:
    setup = default_setup()
    seen = set()
    for _ in range(len(COLOURS)):
        setup = next_colour(setup, seat)
        colours = [e["colour"] for e in players(setup)]
        assert len(set(colours)) == len(colours)
        seen.add(colours[seat])
    assert len(seen) == len(COLOURS) - 2


def test_moving_up_and_removing_keep_the_others_in_order() -> None:
    setup = add_player(default_setup())
    colours = [e["colour"] for e in players(move_up(setup, 2))]
    assert colours == ["red", "yellow", "blue", "white"]
    first_to_end = [e["colour"] for e in players(move_up(setup, 0))]
    assert first_to_end == ["white", "blue", "yellow", "red"]
    assert [e["colour"] for e in players(remove_player(setup, 1))] == ["red", "yellow", "white"]


def test_typing_capitalises_words_and_stops_at_the_limit() -> None:
    name = ""
    for letter in "ana maria de la cruz y mas":
        name = typed(name, letter)
    assert name.startswith("Ana Maria")
    assert len(name) == MAX_NAME


def test_lean_tracking_is_chosen_at_set_up(app: App, journal: Journal) -> None:
    """One tap chooses the lean game; the play screen then offers only what scorings need."""
    _open_setup(app)
    tap_widget(app, "setup:tracking:lean")
    tap_widget(app, "setup:start")
    assert app.session is not None
    state = state_of(app.session)
    assert state.tracking == "lean" and state.box is not None
    app.perform(Submit({"type": "draw", "kind": "jungle"}))
    app.draw()
    keys = [w.key for w in app.scene.widgets]
    assert "tikal:act:uncover" in keys and "tikal:act:move" not in keys
