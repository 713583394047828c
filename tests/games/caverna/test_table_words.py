"""Words the table reads beside the game: the history's amounts, the saved-games line."""

from __future__ import annotations

from companion.core.i18n import translate
from companion.games.caverna import GAME
from companion.games.caverna.state import FINISHED
from tests.games.caverna.helpers import begin, duo, solo


def test_the_history_says_how_much_was_taken() -> None:
    """Cultivation shows +2 emmer: the history says "takes 2 emmer", not only "emmer"."""
    state = begin(duo(), "cultivation")
    text = translate(GAME.action_label(state, {"type": "gain", "good": "emmer"}), "en")
    assert "2\xa0emmer" in text or "2 emmer" in text


def test_a_finished_solo_game_is_not_listed_as_round_7_of_7() -> None:
    """Solo lasts 7 rounds; once over, the saved-games line gives the points."""
    import random

    rng = random.Random(3)
    state = solo()
    while state.phase != FINISHED:
        state = GAME.apply(state, rng.choice(GAME.legal_actions(state)))
    text = translate(GAME.summary(state, {}), "en")
    assert "7 of 7" not in text and "points:" in text


def test_the_shelf_greys_a_good_already_at_its_level() -> None:
    """Shelf (paraphrased): raise one of wood, stone, emmer or flax to 2, never losing
    any.  A good already at 2 or more would not change: that choice is greyed with the
    reason, the others stay offered; the rules still accept it."""
    from companion.games.caverna.questions import answers, refusal
    from tests.games.caverna.helpers import with_goods, with_room

    state = with_room(duo(), 0, (2, 0), "shelf")
    state = with_goods(begin(state, "cultivation"), 0, wood=5, stone=0, emmer=1, flax=2)
    offered = {a.value: a for a in answers(state, {"type": "use_room", "room_used": "shelf"},
                                           "choice")}
    assert offered["wood"].reason is not None
    assert offered["wood"].reason.key == "caverna_table.ask.no_change"
    assert offered["flax"].reason is not None
    assert offered["stone"].reason is None and offered["emmer"].reason is None
    assert refusal(state, {"type": "use_room", "room": "shelf", "choice": "wood"}) is None
