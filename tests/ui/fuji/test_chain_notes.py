"""One tap that enters several steps (everyone resolving around the table, then the
eruption) shows what every one of those steps asks of the table, not only the last."""

from __future__ import annotations

from pathlib import Path

import pytest

from companion.core.i18n import translate
from companion.core.journal import Journal
from companion.core.record import load_record
from companion.core.session import Session
from companion.ui.app import App
from companion.ui.flat import TurnedPanel, to_screen_rect
from companion.ui.scene import Settings
from companion.ui.widgets import Button, Label, Widget
from companion.ui.intents import Submit
from companion.games.fuji.state import Phase
from tests.ui.fuji.helpers import start, state_of, tap, tap_widget

EXAMPLES = Path(__file__).resolve().parents[3] / "examples" / "fuji"
LANGS = ("en", "pl", "fr", "es")


def _all_totals_in(journal: Journal, run: int = 0) -> tuple[Session, int]:
    """The typed-totals example played until the first resolution of its ``run``-th
    phase 5 (every total typed, the order free), and the seat that resolves first."""
    record = load_record(EXAMPLES / "scenario-3-totals.json")
    firsts = [at for at, action in enumerate(record.actions) if action["type"] == "resolve"
              and record.actions[at - 1]["type"] == "set_movement_values"]
    index = firsts[run]
    session = start(journal, dict(record.setup))
    for action in record.actions[:index]:
        session.submit(action)
    return session, int(record.actions[index]["player"])


def _tap_act(app: App, seat: int) -> None:
    """Tap the button of ``seat``'s card, on the screen or on the seat's turned panel."""
    key = f"fuji:act:{seat}"
    for panel in app.scene.widgets:
        if isinstance(panel, TurnedPanel):
            for inner in panel.content:
                if inner.key == key:
                    tap(app, to_screen_rect(inner.rect, panel.rect, panel.angle).center)
                    return
    tap_widget(app, key)


def _wound_answer(app: App) -> Widget:
    """The first answer of the open wound question."""
    assert app.dialog is not None
    for found in app.dialog.widgets:
        inner = found.content if isinstance(found, TurnedPanel) else [found]
        for button in inner:
            if isinstance(button, Button) and any(
                    isinstance(i, Submit) and i.action["type"] == "choose_wound"
                    for i in button.intents):
                return button if button is found else found
    raise AssertionError("no wound question open")


def _shown(app: App) -> str:
    """Every text the screen shows, translated, one per line."""
    lang = app.settings.language
    return "\n".join(translate(w.text, lang) for w in app.scene.widgets
                     if isinstance(w, Label))


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("layout", ["upright", "flat"])
def test_one_tap_resolving_everyone_shows_each_players_stamina(
        journal: Journal, lang: str, layout: str) -> None:
    """Rulebook, phase 5: each player in turn "moves their pawn" and "loses stamina";
    when one tap resolves all three and starts the eruption, the notes still name each
    player's stamina loss, so the table can move every marker, and every text fits."""
    session, first = _all_totals_in(journal)
    app = App(journal, Settings(language=lang, table_layout=layout), (800, 480))
    app.open_game(session)
    app.draw()
    before = session.cursor
    _tap_act(app, first)
    state = state_of(session)
    resolves = [a for a in session.actions()[before:] if a["type"] == "resolve"]
    assert len(resolves) == len(state.players)
    shown = _shown(app)
    for result in state.results:
        someone = state.players[result.seat]
        key = ("fuji.instruction.stamina" if result.stamina_loss
               else "fuji.instruction.no_stamina_loss")
        params = {"name": someone.name, "count": result.stamina_loss}
        assert translate(key, lang, **params) in shown, shown
    assert not app.scene.overflowing()


def _staminas_shown(app: App, session: Session) -> None:
    """Each resolved player's stamina line is on the screen, and every text fits."""
    lang = app.settings.language
    state = state_of(session)
    shown = _shown(app)
    for result in state.results:
        key = ("fuji.instruction.stamina" if result.stamina_loss
               else "fuji.instruction.no_stamina_loss")
        params = {"name": state.players[result.seat].name, "count": result.stamina_loss}
        assert translate(key, lang, **params) in shown, shown
    assert not app.scene.overflowing()


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("layout", ["upright", "flat"])
def test_the_stamina_lines_stay_through_the_wound_question_into_the_eruption(
        journal: Journal, lang: str, layout: str) -> None:
    """Rulebook, phase 5 then 6: after everyone resolved, the volcano erupts.  One tap
    resolves all three and asks where a wound goes; answering it starts the eruption, and
    the notes then list the cards to flip and still every player's stamina loss."""
    session, first = _all_totals_in(journal, run=1)
    app = App(journal, Settings(language=lang, table_layout=layout), (800, 480))
    app.open_game(session)
    app.draw()
    _tap_act(app, first)
    assert len(state_of(session).results) == len(state_of(session).players)
    _staminas_shown(app, session)
    answer = _wound_answer(app)
    if isinstance(answer, TurnedPanel):
        target = next(b for b in answer.content if isinstance(b, Button) and any(
            isinstance(i, Submit) and i.action["type"] == "choose_wound" for i in b.intents))
        tap(app, to_screen_rect(target.rect, answer.rect, answer.angle).center)
    else:
        tap(app, answer.rect.center)
    state = state_of(session)
    assert state.phase is Phase.ERUPTION
    _staminas_shown(app, session)
    flips = [i.message for i in state.instructions if "flip" in i.message.key]
    assert all(translate(m, lang) in _shown(app) for m in flips)
