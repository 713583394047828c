"""Questions put to the table through taps: greyed answers tell why, forced ones are taken."""

from __future__ import annotations

from typing import Any

import pygame

from companion.core.i18n import translate
from companion.core.journal import Journal
from companion.core.messages import msg
from companion.core.questions import Answer, Question, Style
from companion.core.session import Session
from companion.ui.app import App
from companion.ui.flat import TurnedPanel
from companion.ui.intents import SetLanguage, SetTableLayout
from companion.ui.questions import (
    AnswerButton,
    AnswerTarget,
    Dialogue,
    DigitButton,
    QuestionDialog,
    QuestionLook,
    SeatButton,
    Slots,
    answer_targets,
    ask_intents,
)
from companion.ui.scene import Settings
from tests.clock import FakeClock
from tests.registering import registered
from tests.ui.market_game import GAME as MARKET
from tests.ui.market_game import PLACES, MarketState
from tests.ui.tally_game import GAME as TALLY
from tests.ui.taps import tap

market_registered = registered(TALLY, MARKET)


def _open(journal: Journal, clock: FakeClock, setup: dict[str, Any] | None = None,
          flat: bool = False, place_rects: Any = None) -> App:
    """The app with a market game open and its question dialog shown."""
    settings = Settings(language="en", table_layout="flat" if flat else "upright")
    app = App(journal, settings, (800, 480), clock=clock)
    app.open_game(Session.start(journal, "market", setup or {"seats": 3, "money": 30}))
    if flat:
        app.perform(_looks(flat))
    _ask(app, place_rects)
    return app


def _looks(flat: bool) -> SetTableLayout:
    return SetTableLayout("flat" if flat else "upright")


def _ask(app: App, place_rects: Any = None, start: dict[str, Any] | None = None) -> None:
    session = app.session
    assert session is not None
    look = QuestionLook(place_rects=place_rects)
    app.perform_all(ask_intents(MARKET.ask, session.state, start, look, seats=3,
                                cursor=session.cursor))
    app.draw()


def _targets(app: App) -> list[tuple[Any, pygame.Rect]]:
    assert app.dialog is not None
    return answer_targets(app.dialog.widgets)


def _tap_answer(app: App, field: str, value: Any) -> None:
    for found, rect in _targets(app):
        if isinstance(found, AnswerTarget) and found.field == field \
                and found.answer.value == value:
            tap(app, rect.center)
            return
    raise AssertionError(f"no answer {field}={value!r} drawn")


def _state(app: App) -> MarketState:
    assert app.session is not None
    state: MarketState = app.session.state
    return state


def test_choice_then_number_buttons_submit_the_action(journal: Journal, clock: FakeClock) -> None:
    """Buy fish, 3 of them: three taps, and the dialog closes with the action taken."""
    app = _open(journal, clock)
    _tap_answer(app, "type", "buy")
    _tap_answer(app, "item", "fish")
    counts = [found for found, _ in _targets(app) if isinstance(found, AnswerButton)]
    assert {found.answer.value for found in counts} == set(range(1, 18))
    _tap_answer(app, "count", 3)
    assert app.dialog is None
    assert _state(app).money == 24
    assert app.session is not None and app.session.actions()[-1] == {
        "type": "buy", "item": "fish", "count": 3}


def test_greyed_answer_tells_why_and_does_nothing_else(journal: Journal, clock: FakeClock) -> None:
    """A count the purse cannot pay is greyed; a tap shows the rules' reason in place."""
    app = _open(journal, clock)
    _tap_answer(app, "type", "buy")
    _tap_answer(app, "item", "fish")
    greyed = [found for found, _ in _targets(app)
              if isinstance(found, AnswerButton) and not found.answer.legal]
    assert [found.answer.value for found in greyed] == [16, 17]
    _tap_answer(app, "count", 16)
    assert app.dialog is not None and app.session is not None
    assert app.session.cursor == 0 and app.toast is None
    reason = translate(msg("core.error.bad_action", detail="money"), "pl")
    app.perform(SetLanguage("pl"))
    app.draw()
    labels = [w for w in app.dialog.widgets if w.key == "question:reason"]
    assert len(labels) == 1
    assert translate(labels[0].text, "pl") == reason  # type: ignore[attr-defined]


def test_many_numbers_go_on_a_pad_that_only_types_offered_numbers(
        journal: Journal, clock: FakeClock) -> None:
    """Bread costs 1: 32 counts are offered, so a pad; keys that lead nowhere are off."""
    app = _open(journal, clock)
    _tap_answer(app, "type", "buy")
    _tap_answer(app, "item", "bread")
    keys = {found.digit: found for found, _ in _targets(app) if isinstance(found, DigitButton)}
    assert set(keys) == set("0123456789")
    rects = {found.digit: rect for found, rect in _targets(app) if isinstance(found, DigitButton)}
    tap(app, rects["3"].center)
    keys = {found.digit: found for found, _ in _targets(app) if isinstance(found, DigitButton)}
    assert keys["1"].enabled and keys["2"].enabled and not keys["3"].enabled
    tap(app, rects["2"].center)
    _tap_answer(app, "count", 32)
    assert app.dialog is not None, "32 is offered greyed: the purse holds 30"
    _tap_answer_after_erase(app, rects)
    assert app.dialog is None and _state(app).money == 0


def _tap_answer_after_erase(app: App, rects: dict[str, pygame.Rect]) -> None:
    assert app.dialog is not None
    erase = next(w for w in app.dialog.widgets if w.key == "pad:erase")
    tap(app, erase.rect.center)
    tap(app, rects["0"].center)
    _tap_answer(app, "count", 30)


def test_seat_answers_in_seat_colours_and_self_is_greyed(journal: Journal,
                                                         clock: FakeClock) -> None:
    """Giving the turn away: one button per seat, the asking seat's own greyed."""
    app = _open(journal, clock)
    _tap_answer(app, "type", "gift")
    seats = [found for found, _ in _targets(app) if isinstance(found, SeatButton)]
    assert [(found.answer.seat, found.answer.legal) for found in seats] == [
        (0, False), (1, True), (2, True)]
    assert seats[1].seat_colour == app.context().theme.palette.seats[1]
    _tap_answer(app, "seat", 2)
    assert _state(app).turn == 2


def test_places_are_tapped_on_the_map(journal: Journal, clock: FakeClock) -> None:
    """A place question puts its targets where the map view says the places are."""
    spots = {place: pygame.Rect(100 + 90 * n, 150, 60, 60) for n, place in enumerate(PLACES)}
    app = _open(journal, clock, place_rects=spots.get)
    _tap_answer(app, "type", "stall")
    assert app.dialog is not None
    assert [w.key for w in app.dialog.widgets if w.key.startswith("place:")] == [
        f'place:place:"{place}"' for place in PLACES]
    tap(app, spots["b1"].center)
    assert _state(app).stalls == frozenset({"b1"})


def test_taken_place_is_greyed_and_forced_answers_are_shown(journal: Journal,
                                                            clock: FakeClock) -> None:
    """With one free stall the place is taken for the table and named on a line."""
    app = _open(journal, clock)
    session = app.session
    assert session is not None
    app.dialog = None
    for place in PLACES[:-1]:
        session.submit({"type": "stall", "place": place})
    dialogue = Dialogue(MARKET.ask)
    progress = dialogue.progress(session.state)
    assert isinstance(progress.step, Question) and progress.step.field == "type"
    app.perform_all(ask_intents(MARKET.ask, session.state, {"type": "stall"}, seats=3))
    assert app.dialog is None, "the only free place needs no question"
    assert _state(app).stalls == frozenset(PLACES)


def test_taken_line_names_the_forced_answer(journal: Journal, clock: FakeClock) -> None:
    """After choosing silk with 5 in the purse the count 1 is the only one: not asked."""
    app = _open(journal, clock, {"seats": 3, "money": 6})
    _tap_answer(app, "type", "buy")
    _tap_answer(app, "item", "silk")
    assert app.dialog is None
    assert _state(app).money == 1
    app.draw()
    dialogue = Dialogue(MARKET.ask, {"type": "buy"})
    state = MarketState(money=5, seats=3)
    dialogue.tap(state, "fish")
    progress = dialogue.progress(state)
    assert progress.taken == ()
    texts_dialogue = Dialogue(_ask_two_step)
    shown = texts_dialogue.progress(None)
    assert [taken.answer.value for taken in shown.taken] == ["only"]


def _ask_two_step(state: Any, partial: Any) -> Any:
    """A first question with one answer, then a real one."""
    if "first" not in partial:
        return Question("first", msg("core.question.action"),
                        (Answer("only", msg("core.label.start")),))
    return Question("second", msg("core.question.action"),
                    (Answer(1, msg("core.label.start")), Answer(2, msg("core.label.start"))))


def test_the_taken_line_is_drawn(journal: Journal, clock: FakeClock) -> None:
    """The forced answer is shown on the dialog's line, in the player's language."""
    app = _open(journal, clock)
    app.dialog = QuestionDialog(Dialogue(_ask_two_step))
    app.dirty = True
    app.draw()
    assert app.dialog is not None
    line = [w for w in app.dialog.widgets if w.key == "question:taken"]
    assert len(line) == 1 and "Core" not in str(line[0].text)  # type: ignore[attr-defined]
    assert translate("core.label.start", "en") in str(line[0].text)  # type: ignore[attr-defined]


def test_back_takes_back_the_last_answer_and_cancel_closes(journal: Journal,
                                                           clock: FakeClock) -> None:
    """Back returns to the item question; cancel closes the dialog without a step."""
    app = _open(journal, clock)
    _tap_answer(app, "type", "buy")
    _tap_answer(app, "item", "fish")
    assert app.dialog is not None
    back = next(w for w in app.dialog.widgets if w.key == "question:back")
    tap(app, back.rect.center)
    fields = {found.field for found, _ in _targets(app) if isinstance(found, AnswerTarget)}
    assert fields == {"item"}
    cancel = next(w for w in app.dialog.widgets if w.key == "question:cancel")
    tap(app, cancel.rect.center)
    assert app.dialog is None and app.session is not None and app.session.cursor == 0


def test_flat_table_turns_the_question_to_the_asked_seat(journal: Journal,
                                                         clock: FakeClock) -> None:
    """Seat 1 sits on the left of a flat three-seat table: its question is turned to it."""
    app = _open(journal, clock, flat=True)
    session = app.session
    assert session is not None
    app.dialog = None
    session.submit({"type": "pass"})
    _ask(app, start={"type": "gift"})
    assert app.dialog is not None
    panels = [w for w in app.dialog.widgets if isinstance(w, TurnedPanel)]
    assert len(panels) == 1 and panels[0].angle == 270
    _tap_answer(app, "seat", 2)
    assert _state(app).turn == 2


def test_slots_keep_recurring_answers_in_place() -> None:
    """When an answer disappears the others keep their slots; a new one goes last."""
    def question(values: list[str]) -> Question:
        return Question("kind", msg("core.question.action"),
                        tuple(Answer(value, msg("core.label.start")) for value in values))

    slots = Slots()
    first = slots.place(question(["worker", "tent", "pass"]))
    assert [a.value if a else None for a in first] == ["worker", "tent", "pass"]
    second = slots.place(question(["tent", "pass", "camp"]))
    assert [a.value if a else None for a in second] == [None, "tent", "pass", "camp"]


def test_buttons_keep_their_rectangles_when_a_neighbour_goes(journal: Journal,
                                                             clock: FakeClock) -> None:
    """Buying silk greyed out keeps fish where it was (greyed answers stay drawn)."""
    app = _open(journal, clock, {"seats": 3, "money": 8})
    _tap_answer(app, "type", "buy")
    before = {found.answer.value: rect for found, rect in _targets(app)
              if isinstance(found, AnswerButton)}
    _tap_answer(app, "item", "silk")
    assert app.dialog is None
    _ask(app, start={"type": "buy"})
    after = {found.answer.value: rect for found, rect in _targets(app)
             if isinstance(found, AnswerButton)}
    assert after["fish"] == before["fish"]


def test_every_style_fits_in_every_language(journal: Journal, clock: FakeClock) -> None:
    """Choice, number, seat and pad questions draw without overflow and with big targets."""
    app = _open(journal, clock)
    for lang in ("en", "pl", "fr", "es"):
        app.perform(SetLanguage(lang))
        for start in ({}, {"type": "buy"}, {"type": "buy", "item": "fish"},
                      {"type": "buy", "item": "bread"}, {"type": "gift"}):
            app.dialog = None
            _ask(app, start=start)
            assert app.dialog is not None
            assert app.dialog.overflowing() == [], (lang, start)
            assert all(min(r.size) >= 48 for r in app.dialog.touch_targets()), (lang, start)


def test_style_of_number_question_is_number() -> None:
    """The market's count question is a number question for the seat whose turn it is."""
    step = MARKET.ask(MarketState(10, 3, turn=1), {"type": "buy", "item": "fish"})
    assert isinstance(step, Question) and step.style == Style.NUMBER and step.seat == 1
