"""The play screen's numbers the table can trust and a selection that lapses: the
stamina figure on each card, the Gatherer's track as long as the others, a reroll
allowance that says when it hangs on an unknown symbol, and a card looked at in one
phase that does not choose whose marker the next round's map tap moves."""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import replace
from pathlib import Path

from companion.core.i18n import translate
from companion.core.journal import Journal
from companion.core.record import load_record
from companion.games.fuji import GAME
from companion.games.fuji.queries import reroll_allowance
from companion.games.fuji.state import Phase, State
from companion.ui.app import App
from companion.ui.fuji.board_view import BoardView
from companion.ui.fuji.panels import PlayerCard, StaminaBar
from companion.ui.intents import Submit
from companion.ui.widgets import Label
from tests.ui.fuji.helpers import start, state_of, tap, tap_widget, widget

EXAMPLES = Path(__file__).resolve().parents[3] / "examples" / "fuji"


def _play_until(app: App, wanted: Callable[[State], bool], seed: int = 5) -> None:
    """Enter random legal steps of the phases' own kinds until ``wanted(state)`` holds."""
    rng = random.Random(seed)
    for _ in range(400):
        assert app.session is not None
        state: State = app.session.state
        if wanted(state):
            return
        assert state.outcome is None, "the game ended first"
        if state.pending:
            app.perform(Submit(GAME.legal_actions(state)[0]))
        else:
            choices = [a for a in GAME.legal_actions(state) if a["type"] in (
                "set_destination", "confirm_destination", "rerolls_done", "set_movement_values",
                "resolve", "advance", "choose_wound", "draw_equipment", "name_card")]
            app.perform(Submit(rng.choice(choices or list(GAME.legal_actions(state)))))
        app.dialog = None
    raise AssertionError("never reached the wanted moment")


def _symbol_would_count(state: State, seat: int) -> bool:
    """Whether a reroll symbol on ``seat``'s destination would change their allowance."""
    target = state.players[seat].destination
    assert target is not None
    cell = state.board.cell(target)
    assert cell is not None
    counts = {reroll_allowance(replace(state, board=state.board.replace(
        target, replace(cell, reroll_symbol=shown))), seat) for shown in (False, True)}
    return len(counts) == 2


def test_a_card_looked_at_does_not_choose_the_next_rounds_marker(app: App,
                                                                   journal: Journal) -> None:
    """Rulebook, phase 2: each player in turn puts their own destination marker. A tap on
    a player's card in phase 5 only looks at it; in the next round's planning the map
    tap must move the marker of the player the table is waiting for, not the one looked at."""
    session = start(journal)
    app.open_game(session)
    app.draw()
    _play_until(app, lambda s: s.phase is Phase.MOVEMENT)
    app.draw()
    tap_widget(app, "fuji:card:2")
    assert isinstance(widget(app, "fuji:card:2"), PlayerCard)
    assert widget(app, "fuji:card:2").selected  # type: ignore[attr-defined]
    _play_until(app, lambda s: (s.phase is Phase.PLANNING and s.round == 2)
                or s.outcome is not None)
    state = state_of(session)
    if state.outcome is not None:
        return
    app.draw()
    assert not widget(app, "fuji:card:2").selected  # type: ignore[attr-defined]
    board = next(w for w in app.scene.widgets if isinstance(w, BoardView))
    before = session.cursor
    lit = [(r, c) for r in range(state.board.rows) for c in range(state.board.cols)
           if GAME.legal_actions(state) and any(
               a["type"] == "set_destination" and a["player"] == 0 and a["cell"] == [r, c]
               for a in GAME.legal_actions(state))]
    assert lit
    tap(app, board.cell_rect(lit[0]).center)
    assert session.cursor == before + 1
    assert session.actions()[-1]["player"] == 0


def test_every_card_shows_the_stamina_figure_and_tracks_are_equal(app: App,
                                                                  journal: Journal) -> None:
    """Rulebook, phase 5: a player's stamina marker moves along the track by the loss.
    Each card shows the spaces moved as a number, and the Gatherer's track (beside the
    energy) is as long as everyone else's."""
    record = load_record(EXAMPLES / "scenario-3-totals.json")
    session = start(journal, dict(record.setup))
    for action in record.actions:
        session.submit(action)
        if any(p.stamina_lost for p in state_of(session).players):
            break
    app.open_game(session)
    app.draw()
    state = state_of(session)
    for someone in state.players:
        shown = widget(app, f"fuji:stamina:{someone.seat}")
        assert isinstance(shown, Label)
        assert shown.text == str(someone.stamina_lost)
    bars = [w for w in app.scene.widgets if isinstance(w, StaminaBar)]
    assert len(bars) == len(state.players)
    assert len({bar.rect.width for bar in bars}) == 1


def test_an_allowance_hanging_on_an_unknown_symbol_says_so(app: App, journal: Journal) -> None:
    """Rulebook, phase 3: a reroll symbol on the destination card adds one reroll. When the
    table dealt its own cards and the app was not told the symbol, the card says
    "n, +1 if ↻" rather than a plain number that may be one short."""
    setup = dict(GAME.example_setup())
    setup["deal"] = "table"
    session = start(journal, setup)
    app.open_game(session)
    _play_until(app, lambda s: s.phase is Phase.PLANNING)
    app.draw()
    state = state_of(session)
    unknown = [(r, c) for r in range(state.board.rows) for c in range(state.board.cols)
               if (cell := state.board.cell((r, c))) is not None and not cell.reroll_known]
    assert unknown, "the table-dealt game should leave symbols unknown"

    for action in GAME.legal_actions(state):
        if action["type"] == "set_destination" and tuple(action["cell"]) in unknown:
            after = GAME.apply(state, action)
            if _symbol_would_count(after, action["player"]):
                app.perform(Submit(action))
                break
    else:
        raise AssertionError("no destination with an unknown symbol that matters")
    app.draw()
    seat = session.actions()[-1]["player"]
    texts = [translate(w.text, "en") for w in app.scene.widgets if isinstance(w, Label)]
    assert f"↻{reroll_allowance(state_of(session), seat)}, +1 if ↻" in " ".join(texts), texts
