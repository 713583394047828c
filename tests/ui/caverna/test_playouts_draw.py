"""Random games, played through the rules' own legal actions, draw cleanly at every step."""

from __future__ import annotations

import random

import pytest
from hypothesis import given
from hypothesis import strategies as st

from companion.core.journal import Journal
from companion.core.session import Session
from companion.ui.caverna.play import CavernaPlayScene
from tests.fuzzing import examples
from tests.ui.caverna.helpers import context, draw_problems, random_step

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
    rng = random.Random(seed)
    journal = Journal(":memory:")
    try:
        session = Session.start(journal, "caverna", setup)
        scene = CavernaPlayScene()
        ctx = context((800, 480), lang, session)
        for _ in range(400):
            overflowing, small = draw_problems(scene, ctx)
            assert (overflowing, small) == ([], []), session.actions()[-3:]
            if session.finished or not random_step(session, rng):
                break
    finally:
        journal.close()
