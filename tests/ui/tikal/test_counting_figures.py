"""The counting screen after the table corrects a temple: every figure it shows is the one
*Record* enters."""

from __future__ import annotations

from companion.core.i18n import LANGUAGES, translate
from companion.core.journal import Journal
from companion.core.messages import Msg
from companion.ui.app import App
from companion.ui.tikal.scoring import TikalScoringScene, temple_outcomes
from companion.ui.widgets import Label
from tests.ui.tikal.helpers import open_game, replayed, state_of, tap_widget


def _figures(dialog: TikalScoringScene) -> dict[str, int]:
    """The points the counting screen shows for the player scoring now, by where."""
    found: dict[str, int] = {}
    for shown in dialog.widgets:
        text = getattr(shown, "text", None)
        if not isinstance(text, Msg):
            continue
        if text.key == "ui_tikal.score.record":
            found["record"] = int(text.params["points"])  # type: ignore[arg-type]
        elif text.key == "ui_tikal.score.sum":
            found["sum"] = int(text.params["total"])  # type: ignore[arg-type]
        elif text.key.startswith("ui_tikal.round.now"):
            assert isinstance(shown, Label)
            found["order"] = int(text.params["points"])  # type: ignore[arg-type]
            found["order_key"] = text.key == "ui_tikal.round.now_counted"
            for lang in LANGUAGES:
                words = translate(text, lang)
                assert str(found["order"]) in words and "{" not in words, (lang, words)
    return found


def test_a_correction_changes_every_figure_record_enters(app: App, journal: Journal) -> None:
    """Giving a temple to the player scoring now raises the order's figure, the sum and
    *Record* alike, and recording adds exactly that figure to the player's score."""
    session = replayed(journal, "board", 142)
    state = state_of(session)
    assert state.scoring is not None
    seat = state.active
    open_game(app, session)
    tap_widget(app, "tikal:tab:round")
    tap_widget(app, "tikal:count")
    dialog = app.dialog
    assert isinstance(dialog, TikalScoringScene)
    before = _figures(dialog)
    assert before["record"] == before["sum"] == before["order"]
    other = next(o.hex for o in temple_outcomes(state, {})
                 if o.hex.guard is None and o.controller != seat)
    tap_widget(app, f"score:temple:{other.id}")
    tap_widget(app, f"score:give:{seat}")
    after = _figures(dialog)
    assert after["record"] == before["record"] + other.value
    assert after["order"] == after["sum"] == after["record"]
    assert after["order_key"]
    score = state.players[seat].score
    tap_widget(app, "score:record")
    assert state_of(session).players[seat].score == score + after["record"]
