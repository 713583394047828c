"""*Bring in* and a move's pieces question keep one layout: the leader is always the first
answer, greyed with the rules' reason when it cannot go, so a count of workers sits in the
same place on every turn."""

from __future__ import annotations

import pygame

from companion.core.i18n import LANGUAGES, translate
from companion.core.journal import Journal
from companion.core.session import Session
from companion.ui.app import App
from companion.ui.questions import AnswerButton, QuestionDialog, answer_key, answer_targets
from tests.ui.tikal.helpers import open_game, start, state_of, tap_widget

LEADER = {"piece": "leader"}
TWO = {"piece": "worker", "count": 2}


def _cells(app: App) -> dict[str, tuple[pygame.Rect, bool]]:
    """The pieces answers on screen: where each sits and whether it can be chosen."""
    dialog = app.dialog
    assert isinstance(dialog, QuestionDialog)
    return {answer_key(target.answer.value): (pygame.Rect(rect), target.answer.legal)
            for target, rect in answer_targets(dialog.widgets)
            if isinstance(target, AnswerButton) and target.field == "pieces"}


def _drawn(journal: Journal) -> Session:
    """Ada's first turn, the jungle drawn: only the base camp takes pieces in."""
    session = start(journal)
    session.submit({"type": "draw", "kind": "jungle"})
    return session


def test_two_workers_sit_in_one_place_with_or_without_the_leader(app: App,
                                                                 journal: Journal) -> None:
    """Before and after the leader comes in, "2 workers" is in the same cell; then the
    leader's answer stays where it was, greyed, and a tap on it only tells why."""
    session = _drawn(journal)
    open_game(app, session)
    tap_widget(app, "tikal:act:bring")
    first = _cells(app)
    assert first[answer_key(LEADER)][1] and first[answer_key(TWO)][1]
    tap_widget(app, f"answer:pieces:{answer_key(LEADER)}")
    assert state_of(session).players[0].leader == 0
    tap_widget(app, "tikal:act:bring")
    second = _cells(app)
    assert second[answer_key(TWO)] == first[answer_key(TWO)]
    rect, legal = second[answer_key(LEADER)]
    assert rect == first[answer_key(LEADER)][0] and not legal
    steps = len(session.actions())
    tap_widget(app, f"answer:pieces:{answer_key(LEADER)}")
    dialog = app.dialog
    assert isinstance(dialog, QuestionDialog) and len(session.actions()) == steps
    note = dialog.dialogue.note
    assert note is not None and note.key == "tikal.error.leader_not_in_reserve"
    for lang in LANGUAGES:
        assert translate(note, lang) != note.key
    tap_widget(app, f"answer:pieces:{answer_key(TWO)}")
    assert state_of(session).workers[0][0] == 2
