"""The auction's reveal asks "what does the hex show?" once per revealed hex: a tile keeps
its button from one hex to the next, one the stack can no longer give leaves a gap, and
the question says which of the hexes it is about."""

from __future__ import annotations

import pygame
import pytest
from hypothesis import given
from hypothesis import strategies as st

from companion.core.i18n import LANGUAGES, translate
from companion.core.journal import Journal
from companion.core.messages import Msg, msg
from companion.core.questions import Answer, Question
from companion.core.session import Session
from companion.games.tikal import GAME
from companion.ui.app import App
from companion.ui.questions import (
    AnswerButton,
    QuestionDialog,
    Slots,
    answer_key,
    answer_targets,
)
from companion.ui.scene import Context, LayeredScene, Settings
from companion.ui.theme import MIN_TOUCH, TEXT_SCALES
from companion.ui.tikal.dialogs import preview_dialog
from companion.ui.tikal.play import TikalPlayScene
from tests.ui.tikal.helpers import open_game, start, tap, tap_widget

FOUR = [{"name": "Ada", "colour": "red"}, {"name": "Bo", "colour": "blue"},
        {"name": "Cy", "colour": "yellow"}, {"name": "Di", "colour": "white"}]


def _auction(journal: Journal) -> Session:
    """A new auction game of four with the published box: letter A's tiles come first,
    some of them single."""
    return start(journal, {"variant": "auction", "players": FOUR}, box=True)


def _ask(session: Session, partial: dict[str, object]) -> Question:
    """The reveal question ``partial`` comes to."""
    step = GAME.ask(session.state, partial)
    assert isinstance(step, Question)
    return step


def _buttons(app: App, field: str) -> dict[str, pygame.Rect]:
    """The answer buttons of ``field`` in the open dialog, by answer, with their places."""
    dialog = app.dialog
    assert isinstance(dialog, QuestionDialog)
    return {answer_key(target.answer.value): pygame.Rect(rect)
            for target, rect in answer_targets(dialog.widgets)
            if isinstance(target, AnswerButton) and target.field == field}


def test_a_tile_keeps_its_button_when_another_runs_out(app: App, journal: Journal) -> None:
    """Letter A holds a single tile of some kinds: once the first revealed hex names it,
    the second question leaves its button empty and every other tile where it was."""
    session = _auction(journal)
    first = _ask(session, {"type": "reveal"})
    single = next(answer.value for answer in first.answers[:-1]
                  if _ask(session, {"type": "reveal", "hex0": answer.value})
                  .answer_for(answer.value) is None)
    open_game(app, session)
    tap_widget(app, "tikal:reveal")
    before = _buttons(app, "hex0")
    gap = before[answer_key(single)]
    tap(app, gap.center)
    after = _buttons(app, "hex1")
    assert answer_key(single) not in after
    assert after == {key: rect for key, rect in before.items() if key != answer_key(single)}
    assert not any(rect.colliderect(gap) for rect in after.values())


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_reveal_says_which_hex_it_asks_about(journal: Journal, lang: str) -> None:
    """"Hex 2 of 4": the question counts the hexes being revealed, and fits with the
    largest text."""
    session = _auction(journal)
    first = _ask(session, {"type": "reveal"})
    dialog = preview_dialog(session, {"type": "reveal", "hex0": first.answers[-1].value})
    ctx = Context((800, 480), Settings(language=lang, text_scale=max(TEXT_SCALES)), session)
    LayeredScene(TikalPlayScene(), dialog).draw(pygame.Surface(ctx.size), ctx)
    texts = [getattr(w, "text", None) for w in dialog.widgets]
    prompts = [text for text in texts
               if isinstance(text, Msg) and text.key == "tikal.ask.revealed_kind"]
    assert prompts and prompts[0].params == {"number": 2, "count": 4}
    words = translate(prompts[0], lang)
    assert "2" in words and "4" in words and "{" not in words
    assert [w.key for w in dialog.overflowing()] == []
    assert [r for r in dialog.touch_targets() if min(r.size) < MIN_TOUCH] == []


@given(kept=st.lists(st.sets(st.integers(0, 11)), min_size=1, max_size=6))
def test_answers_of_a_repeated_question_never_change_place(kept: list[set[int]]) -> None:
    """Asked again for another field (``slot_group``) with answers only ever running out,
    every answer keeps the place it first had, the last one's included (until fewer than
    half are left and the order starts afresh)."""
    slots = Slots()
    offered = set(range(12))
    for field_no, keep in enumerate([offered, *kept]):
        offered = offered & keep
        question = Question(f"hex{field_no}", msg("tikal.ask.drawn_kind"),
                            tuple(Answer(n, msg("tikal.answer.number", n=n))
                                  for n in sorted(offered)), slot_group="tile")
        placed = [cell.value if cell is not None else None for cell in slots.place(question)]
        if 2 * len(offered) < 12:
            break
        assert placed == [n if n in offered else None for n in range(12)]
