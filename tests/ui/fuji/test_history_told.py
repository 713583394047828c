"""History says what each resolution did and lists, under every step, the lines the
play screen gave the table (moved or stayed, the stamina lost, the flips)."""

from __future__ import annotations

from pathlib import Path

from companion.core.i18n import translate
from companion.core.journal import Journal
from companion.core.record import load_record
from companion.ui.app import App
from companion.ui.intents import Navigate
from companion.ui.widgets import ListView
from tests.ui.fuji.helpers import start, state_of

EXAMPLES = Path(__file__).resolve().parents[3] / "examples" / "fuji"


def test_history_names_the_move_the_loss_and_the_steps_lines(app: App,
                                                              journal: Journal) -> None:
    """Rulebook, phase 5: a resolution moves the pawn or leaves it, then costs stamina.
    Each resolve step in History says which and how much, and the stamina instruction
    the play screen gave follows it."""
    record = load_record(EXAMPLES / "scenario-3-totals.json")
    session = start(journal, dict(record.setup))
    for action in record.actions:
        session.submit(action)
        if state_of(session).results and action["type"] == "resolve":
            break
    result = state_of(session).results[-1]
    name = state_of(session).players[result.seat].name
    label = translate(session.history()[-1].label, "en")
    word = "moves" if result.moved and result.path else "stays"
    assert label == f"{name} {word}, stamina −{result.stamina_loss}"
    app.open_game(session)
    app.perform(Navigate("history"))
    app.draw()
    view = next(w for w in app.scene.widgets if isinstance(w, ListView))
    texts = [translate(item.text, "en") for item in view.items]
    at = texts.index(label)
    stamina = next(i.message for i in state_of(session).instructions
                   if i.message.key.startswith("fuji.instruction.") and "stamina" in i.message.key)
    assert translate(stamina, "en") in " ".join(texts[at + 1:])
