"""Random games, played through the rules' own legal actions, draw cleanly at every step."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from companion.ui.caverna.play import CavernaPlayScene
from tests.fuzzing import examples
from tests.ui.caverna.helpers import random_game
from tests.ui.taps import context, draw_problems

SETUPS = (
    {"players": ["Ada", "Borys"]},
    {"players": ["Małgorzata", "Jean-Baptiste"], "start_player": 1},
    {"players": ["Sola"], "display": ["shelf", "tunnel", "parlor"]},
)




@pytest.mark.usefixtures("display")
@examples("few")
@given(seed=st.integers(0, 10_000), setup=st.sampled_from(SETUPS),
       lang=st.sampled_from(["pl", "fr"]))
def test_random_games_draw_without_overflow(seed: int, setup: dict[str, object],
                                            lang: str) -> None:
    scene = CavernaPlayScene()
    for session in random_game(seed, setup):
        overflowing, small = draw_problems(scene, context((800, 480), lang, session))
        assert (overflowing, small) == ([], []), session.actions()[-3:]
