"""Every round's instruction is said, solo too; the solo player is addressed alone."""

from __future__ import annotations

from companion.core.i18n import translate
from companion.core.journal import Journal
from companion.games.caverna.queries import draw_ends_round, phase_message
from companion.games.caverna.state import DRAW, REVEAL
from companion.ui.app import App
from companion.ui.caverna.demo import replay
from tests.ui.caverna.helpers import state_of
from tests.ui.taps import open_game


def _texts(app: App) -> list[str]:
    return [translate(getattr(w, "text", ""), "en") for w in app.scene.widgets
            if isinstance(getattr(w, "text", None), (str, object))]


def test_solo_the_new_round_is_said_when_its_last_turn_dug_one_cavern(
        app: App, journal: Journal) -> None:
    """Solo rulebook (paraphrased): a turn that excavated exactly one room also turns the
    pile's top room face up; and every round starts by turning up a new action tile.
    When the round's last turn dug one cavern both are the table's to do now: the
    instruction says both, and the header names the new round."""
    session = replay("solo", 20, journal)
    state = state_of(session)
    assert state.phase == DRAW and draw_ends_round(state)
    open_game(app, session)
    texts = " | ".join(_texts(app))
    assert "top room of the pile" in texts
    assert f"round {state.round + 1}: turn up the new tile" in texts
    assert f"Round {state.round + 1}/7" in texts


def test_solo_reveal_speaks_to_one_player_in_polish(journal: Journal) -> None:
    """Polish addresses a lone player in the singular ("odkryj", not "odkryjcie")."""
    state = state_of(replay("solo", 21, journal))
    assert state.phase == REVEAL
    text = translate(phase_message(state), "pl")
    assert "odkryjcie" not in text and "odkryj" in text
