"""One tap that enters several steps (everyone resolving around the table, then the
eruption) shows what every one of those steps asks of the table, not only the last."""

from __future__ import annotations

from pathlib import Path

import pytest

from companion.core.i18n import translate
from companion.core.journal import Journal
from companion.core.messages import Msg, msg
from companion.core.record import load_record
from companion.core.session import Session
from companion.games.fuji.state import Phase
from companion.ui.app import App
from companion.ui.flat import TurnedPanel, to_screen_rect
from companion.ui.intents import Submit, Undo
from companion.ui.scene import Settings
from companion.ui.widgets import Button, Widget
from tests.ui.fuji.helpers import seen_every_page, start, state_of, tap, words

EXAMPLES = Path(__file__).resolve().parents[3] / "examples" / "fuji"
LANGS = ("en", "pl", "fr", "es")


def _all_totals_in(journal: Journal, run: int) -> tuple[Session, int]:
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


def _opened(journal: Journal, session: Session, lang: str, layout: str) -> App:
    """The app showing ``session`` at 800x480 in ``lang``, the table ``layout``, drawn."""
    app = App(journal, Settings(language=lang, table_layout=layout), (800, 480))
    app.open_game(session)
    app.draw()
    return app


def _tap_on(app: App, widgets: list[Widget], found: Widget) -> None:
    """Tap ``found``, drawn among ``widgets`` (maybe on a seat's turned panel)."""
    for outer in widgets:
        if isinstance(outer, TurnedPanel) and found in outer.content:
            tap(app, to_screen_rect(found.rect, outer.rect, outer.angle).center)
            return
    tap(app, found.rect.center)


def _everywhere(widgets: list[Widget]) -> list[Widget]:
    """``widgets`` and what the seats' turned panels hold."""
    inner = [w for outer in widgets if isinstance(outer, TurnedPanel) for w in outer.content]
    return [*widgets, *inner]


def _tap_resolve(app: App, seat: int) -> None:
    """Tap the button of ``seat``'s card, on the screen or on the seat's turned panel."""
    button = next(w for w in _everywhere(app.scene.widgets) if w.key == f"fuji:act:{seat}")
    _tap_on(app, app.scene.widgets, button)


def _answer_wound(app: App) -> None:
    """Tap the first answer of the open wound question."""
    assert app.dialog is not None
    widgets = app.dialog.widgets
    answer = next(w for w in _everywhere(widgets) if isinstance(w, Button) and any(
        isinstance(i, Submit) and i.action["type"] == "choose_wound" for i in w.intents))
    _tap_on(app, widgets, answer)


def _shown(app: App) -> str:
    """Every text the screen shows on every page of its instruction list, translated,
    white space made single spaces."""
    return seen_every_page(app)


def _stamina_line(session: Session, seat: int) -> Msg:
    """The rules' newest stamina instruction for the player at ``seat`` (with the marker's
    spaces before and after), read from the steps in effect."""
    name = state_of(session).players[seat].name
    for step in range(session.cursor, 0, -1):
        for told in reversed(session.state_after(step).instructions):
            if (told.message.key == "fuji.instruction.stamina"
                    and told.message.params.get("name") == name):
                found: Msg = told.message
                return found
    raise AssertionError(f"no stamina line for {name}")


def _staminas_shown(app: App, session: Session) -> None:
    """Each resolved player's stamina line is on the screen, and every text fits."""
    lang = app.settings.language
    state = state_of(session)
    question = app.dialog
    shown = _shown(app)
    app.dialog = question
    app.draw()
    for result in state.results:
        name = state.players[result.seat].name
        line = (_stamina_line(session, result.seat)
                if result.stamina_loss else msg("fuji.instruction.no_stamina_loss", name=name))
        assert words(translate(line, lang)) in shown, shown
    assert not app.scene.overflowing()


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("layout", ["upright", "flat"])
def test_one_tap_resolving_everyone_shows_each_players_stamina(
        journal: Journal, lang: str, layout: str) -> None:
    """Rulebook, phase 5: each player in turn moves (or not) and then loses stamina.
    When one tap resolves all three, the notes name each player's stamina loss, so the
    table can move every marker, and every text fits."""
    session, first = _all_totals_in(journal, run=0)
    app = _opened(journal, session, lang, layout)
    before = session.cursor
    _tap_resolve(app, first)
    resolves = [a for a in session.actions()[before:] if a["type"] == "resolve"]
    assert len(resolves) == len(state_of(session).players)
    _staminas_shown(app, session)


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("layout", ["upright", "flat"])
def test_the_stamina_lines_stay_through_the_wound_question_into_the_eruption(
        journal: Journal, lang: str, layout: str) -> None:
    """Rulebook, phase 5 then 6: once everyone has resolved, the volcano erupts.  One
    tap resolves all three and asks where a wound goes; answering it starts the eruption,
    and the notes then say which cards to flip and still every player's stamina loss."""
    session, first = _all_totals_in(journal, run=1)
    app = _opened(journal, session, lang, layout)
    _tap_resolve(app, first)
    assert len(state_of(session).results) == len(state_of(session).players)
    _staminas_shown(app, session)
    _answer_wound(app)
    state = state_of(session)
    assert state.phase is Phase.ERUPTION
    _staminas_shown(app, session)
    flips = [i.message for i in state.instructions if "flip" in i.message.key]
    assert flips and all(words(translate(m, lang)) in _shown(app) for m in flips)


def test_undo_takes_back_only_the_undone_steps_lines(journal: Journal) -> None:
    """The list holds the moment's lines until the table moves on: after *Undo* the
    undone resolution's lines are gone, those of the resolutions still in effect stay."""
    session, first = _all_totals_in(journal, run=0)
    app = _opened(journal, session, "en", "upright")
    _tap_resolve(app, first)
    last = state_of(session).results[-1]
    app.perform(Undo())
    app.draw()
    state = state_of(session)
    shown = _shown(app)
    undone_name = state_of(session).players[last.seat].name
    assert last.seat not in state.resolved
    gone = words(translate(msg("fuji.instruction.move_pawn", name=undone_name), "en"))
    assert gone not in shown
    for result in state.results:
        kept = _stamina_line(session, result.seat)
        assert words(translate(kept, "en")) in shown
