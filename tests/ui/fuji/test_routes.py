"""Walks longer than the shortest are offered when they cross other eruption tokens."""

from __future__ import annotations

from companion.core.journal import Journal
from companion.games.fuji.queries import route_choices
from companion.ui.app import App
from companion.ui.dialogs import ChoiceDialog
from tests.games.fuji.helpers import GRID_MAP, three_players
from tests.ui.fuji.helpers import start, state_of, tap_widget

SCOUT_SETUP = three_players(map=GRID_MAP, cards={}, players=[
    {"name": "Ana", "colour": "blue", "skill": "scout"},
    {"name": "Bo", "colour": "green", "skill": "gatherer"},
    {"name": "Cy", "colour": "purple", "skill": "buddy"},
])
"""The grid map (start (1, 2), an eruption token at (1, 3)) with a Scout at seat 0."""


def test_a_scout_is_offered_the_way_round_the_eruption_token(app: App,
                                                               journal: Journal) -> None:
    """"A pawn moves at most 3 cards, orthogonally", "Scout: may move up to 4 cards" and
    "Moving onto or through a card with an eruption token: an extra eruption" (rules
    digest): the Scout bound for (1, 4) may go straight over the token or round it in 4
    steps, and the screen offers both."""
    session = start(journal, SCOUT_SETUP)
    for seat, cell in ((0, [1, 4]), (1, [0, 2]), (2, [2, 2])):
        session.submit({"type": "set_destination", "player": seat, "cell": cell})
    for seat in (0, 1, 2):
        if not state_of(session).players[seat].rerolls_done:
            session.submit({"type": "rerolls_done", "player": seat})
    values = {str(holder): {str(active): (20 if holder == active else 1)
                            for active in range(3)} for holder in range(3)}
    session.submit({"type": "set_movement_values", "values": values})
    routes = route_choices(state_of(session), 0)
    assert [len(route) for route in routes] == [2, 4]
    assert (1, 3) in routes[0] and (1, 3) not in routes[1]
    app.open_game(session)
    app.draw()
    tap_widget(app, "fuji:act:0")
    assert isinstance(app.dialog, ChoiceDialog)
    tap_widget(app, "choice:1")
    walked = session.actions()[-1]
    assert walked == {"type": "resolve", "player": 0,
                      "path": [[r, c] for r, c in routes[1]]}
    assert state_of(session).players[0].position == (1, 4)
