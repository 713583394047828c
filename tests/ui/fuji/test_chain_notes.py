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
from companion.ui.widgets import Label
from tests.ui.fuji.helpers import start, state_of, tap, tap_widget

EXAMPLES = Path(__file__).resolve().parents[3] / "examples" / "fuji"
LANGS = ("en", "pl", "fr", "es")


def _all_totals_in(journal: Journal) -> tuple[Session, int]:
    """The typed-totals example played until its first resolution (every total typed, the
    order free), and the seat that resolves first."""
    record = load_record(EXAMPLES / "scenario-3-totals.json")
    index = next(at for at, action in enumerate(record.actions) if action["type"] == "resolve")
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
