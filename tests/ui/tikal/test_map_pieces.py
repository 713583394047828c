"""The map draws what stands on each hex: every player's pieces in their colour on the hex
where the books put them, and nothing of theirs on a hex they left."""

from __future__ import annotations

import pygame
import pytest

from companion.core.journal import Journal
from companion.games.tikal.state import TikalState
from companion.ui.theme import theme_for
from companion.ui.tikal.hexmap import HexMap, HexMapLayout
from companion.ui.tikal.parts import piece_colour
from tests.ui.tikal.helpers import replayed, state_of

MID_GAME = 105
"""Steps of ``board`` after which pieces of every player stand on several hexes."""


def _drawn(state: TikalState) -> tuple[pygame.Surface, HexMapLayout]:
    area = pygame.Rect(0, 0, 640, 480)
    theme = theme_for(area.size)
    layout = HexMapLayout(area, state, (), theme)
    surface = pygame.Surface(area.size)
    HexMap(area, state, layout).draw(surface, theme, "en")
    return surface, layout


def _colours_in(surface: pygame.Surface, layout: HexMapLayout, hex_id: int,
                state: TikalState) -> set[tuple[int, int, int]]:
    """The colours inside the inner part of a hex (clear of its neighbours)."""
    centre = layout.centre(state.hexes[hex_id])
    reach = round(layout.size * 0.7)
    return {tuple(surface.get_at((x, y)))[:3]  # type: ignore[misc]
            for x in range(centre[0] - reach, centre[0] + reach)
            for y in range(centre[1] - reach // 2, centre[1] + reach)}


@pytest.mark.parametrize("steps", [MID_GAME, 181])
def test_each_player_is_drawn_on_the_hexes_the_books_give_them(journal: Journal,
                                                               steps: int) -> None:
    """Mid-game and with the board full: a player's colour is on every hex where they have
    a worker or their leader, and on no other hex unless it is their guard or camp."""
    session = replayed(journal, "board", steps)
    state = state_of(session)
    surface, layout = _drawn(state)
    for hx in state.hexes:
        shown = _colours_in(surface, layout, hx.id, state)
        for player in state.players:
            there = state.workers[hx.id][player.seat] > 0 or player.leader == hx.id
            marked = hx.guard == player.seat or hx.camp == player.seat
            colour = piece_colour(player.colour)
            if there:
                assert colour in shown, (hx.id, player.name)
            elif not marked:
                assert colour not in shown, (hx.id, player.name)
