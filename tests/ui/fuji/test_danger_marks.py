"""While the table plans, the map outlines the cards this round's eruption will flip."""

from __future__ import annotations

from companion.games.fuji.state import Phase
from companion.ui.fuji import demo
from companion.ui.fuji.view import board_picture
from tests.ui.fuji.helpers import state_of


def test_planning_shows_the_cards_that_flip_at_the_end_of_the_round() -> None:
    session = demo.to_planning()
    state = state_of(session)
    assert state.phase is Phase.PLANNING
    danger = board_picture(state, 0).danger
    assert danger
    for position in danger:
        row, col = position
        near = [state.board.cell((row + dr, col + dc)) for dr, dc in ((1, 0), (-1, 0), (0, 1),
                                                                       (0, -1))]
        assert any(cell is not None and cell.lava for cell in near)
    later = state.board
    for position in later.positions():
        cell = later.cell(position)
        assert cell is not None
        if position not in danger and not cell.lava and cell.kind.value in ("landscape",
                                                                             "scoria"):
            near = [later.cell((position[0] + dr, position[1] + dc))
                    for dr, dc in ((1, 0), (-1, 0), (0, 1), (0, -1))]
            assert not any(other is not None and other.lava for other in near)
