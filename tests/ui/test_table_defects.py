"""Defects found while playing: the bar's Settings, the way back from History, asking
before a rewind, a Cancel on the name keyboard, names offered again."""

from __future__ import annotations

from companion.core.journal import Journal
from companion.core.messages import Msg
from companion.core.session import Session
from companion.ui.app import App
from companion.ui.dialogs import ChoiceDialog
from companion.ui.history import HistoryScene
from companion.ui.intents import Navigate, ShowDialog
from companion.ui.keyboard import NameDialog
from companion.ui.settings import SettingsScene
from tests.ui.taps import has_widget, tap, tap_widget, widget


def _game(app: App, journal: Journal) -> Session:
    session = Session.start(journal, "tally", {"seats": 2, "target": 30})
    for amount in (1, 2, 3):
        session.submit({"type": "add", "amount": amount})
    app.open_game(session)
    app.draw()
    return session


def test_the_bar_settings_button_opens_settings_on_a_game_screen(app: App,
                                                                 journal: Journal) -> None:
    """Settings in the top bar of a game screen opens the settings (it used to do nothing)."""
    _game(app, journal)
    tap_widget(app, "bar:settings")
    assert isinstance(app.scene, SettingsScene)


def test_the_bar_settings_button_opens_settings_from_history(app: App,
                                                             journal: Journal) -> None:
    """From the history screen too."""
    _game(app, journal)
    tap_widget(app, "bar:history")
    assert isinstance(app.scene, HistoryScene)
    tap_widget(app, "bar:settings")
    assert isinstance(app.scene, SettingsScene)


def test_history_leads_back_to_the_game(app: App, journal: Journal) -> None:
    """The history screen's bar has a way back to the game it was opened from."""
    _game(app, journal)
    play = type(app.scene)
    tap_widget(app, "bar:history")
    assert has_widget(app, "bar:Back")
    tap_widget(app, "bar:Back")
    assert isinstance(app.scene, play) and app.session is not None


def test_a_tap_on_a_history_row_asks_before_going_back(app: App, journal: Journal) -> None:
    """Tapping an earlier step asks first; only the answer moves the game."""
    session = _game(app, journal)
    app.perform(Navigate("history"))
    app.draw()
    view = widget(app, "history")
    first_row = view.row_rect(1)  # type: ignore[attr-defined]
    tap(app, first_row.center)
    assert session.cursor == 3, "a tap alone rewinds nothing"
    assert isinstance(app.dialog, ChoiceDialog)
    tap_widget(app, "choice:0")
    assert session.cursor == 1 and session.can_redo


def test_the_name_keyboard_cancels_without_changing_the_name(app: App) -> None:
    """Cancel closes the keyboard and keeps the name as it was."""
    names: list[str] = []
    app.perform(ShowDialog(NameDialog(Msg("ui.app.title"), "Ada", names.append)))
    app.draw()
    tap_widget(app, "kb:delete")
    tap_widget(app, "kb:cancel")
    assert app.dialog is None and names == []


def test_names_typed_once_are_offered_again(app: App) -> None:
    """A name typed in one set-up is one tap in the next."""
    first: list[str] = []
    app.perform(ShowDialog(NameDialog(Msg("ui.app.title"), "", first.append)))
    app.draw()
    for key in ("kb:0:4", "kb:0:2", "kb:0:4"):  # t, e, t
        tap_widget(app, key)
    tap_widget(app, "kb:ok")
    assert first == ["Tet"]
    second: list[str] = []
    app.perform(ShowDialog(NameDialog(Msg("ui.app.title"), "", second.append)))
    app.draw()
    tap_widget(app, "kb:recent:0")
    assert second == ["Tet"] and app.dialog is None


def _key_places(app: App) -> dict[str, tuple[int, int, int, int]]:
    """Where each letter key and the bottom row of the open keyboard lie."""
    assert app.dialog is not None
    return {w.key: tuple(w.rect) for w in app.dialog.widgets
            if w.key.startswith("kb:") and not w.key.startswith("kb:recent")}


def test_the_keys_stay_put_with_or_without_names_to_offer(app: App) -> None:
    """Keys lie in the same place whether or not earlier names are offered, and while a
    name is typed that hides the only one offered (a play-test's taps missed when a row of
    names appeared above the keys and pushed them down)."""
    app.perform(ShowDialog(NameDialog(Msg("ui.app.title"), "", lambda name: None)))
    app.draw()
    empty = _key_places(app)
    for key in ("kb:0:4", "kb:0:2", "kb:0:4", "kb:ok"):  # t, e, t
        tap_widget(app, key)
    app.perform(ShowDialog(NameDialog(Msg("ui.app.title"), "", lambda name: None)))
    app.draw()
    assert has_widget(app, "kb:recent:0")
    assert _key_places(app) == empty
    for key in ("kb:0:4", "kb:0:2", "kb:0:4"):
        tap_widget(app, key)
    assert not has_widget(app, "kb:recent:0")  # "Tet" typed: not offered to itself
    assert _key_places(app) == empty


def test_a_name_another_seat_has_is_not_offered(app: App) -> None:
    """Names typed before are offered, except those other seats of this set-up have."""
    for typed in (("kb:0:4", "kb:0:2", "kb:0:4"), ("kb:1:0", "kb:1:1")):  # "Tet", "As"
        app.perform(ShowDialog(NameDialog(Msg("ui.app.title"), "", lambda name: None)))
        app.draw()
        for key in (*typed, "kb:ok"):
            tap_widget(app, key)
    app.perform(ShowDialog(NameDialog(Msg("ui.app.title"), "", lambda name: None, ["Tet"])))
    app.draw()
    offered = [widget(app, key).text for key in ("kb:recent:0", "kb:recent:1")
               if has_widget(app, key)]
    assert offered == ["As"]


def test_on_a_flat_table_a_dialog_faces_the_seat_it_asks(journal: Journal) -> None:
    """Seat 2 of 3 sits on the left of a flat table: its question is turned to it, and a
    tap on the turned answer works."""
    from companion.ui.app import App as RealApp
    from companion.ui.dialogs import confirm
    from companion.ui.flat import TurnedPanel
    from companion.ui.intents import Undo
    from companion.ui.scene import Settings

    app = RealApp(journal, Settings(language="en", table_layout="flat"), (800, 480))
    session = _game(app, journal)
    app.perform(confirm(Msg("ui.history.jump_question", {"step": 2}), Msg("ui.bar.undo"),
                        (Undo(),), seat=1, seats=3, danger=False))
    app.draw()
    assert app.dialog is not None
    panels = [w for w in app.dialog.widgets if isinstance(w, TurnedPanel)]
    assert len(panels) == 1 and panels[0].angle == 270
    answer = next(w for w in panels[0].content if w.key == "choice:0")
    from companion.ui.flat import to_screen_rect
    tap(app, to_screen_rect(answer.rect, panels[0].rect, panels[0].angle).center)
    assert session.cursor == 2 and app.dialog is None
