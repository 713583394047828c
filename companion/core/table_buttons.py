"""The table's physical buttons applied to a session, through the game's ``TableButtons``.

Buttons arrive as plain strings (``"advance"``, ``"undo"``, ``"seat1"`` ..
``"seat4"``) with a kind (``"press"``, ``"release"``, ``"long_press"``), so this
module needs nothing from the hardware layer; the names are those of
:mod:`vocabulary.buttons`, which both layers read.  Seats are 0-based as the games count
them: the ``seat1`` button is seat 0.  A refused press leaves the session
unchanged and says why, and which light should blink to show it (a seat, or
``None`` for the status light).
"""

from __future__ import annotations

from typing import Any, cast

from companion.core.game import Action, TableButtons
from companion.core.messages import IllegalActionError, Msg, msg
from companion.core.session import Session
from companion.core.values import Value
from vocabulary.buttons import EVENT_KINDS
from vocabulary.buttons import SEAT_BUTTONS as SEAT_BUTTONS

BUTTON_KINDS: tuple[str, ...] = EVENT_KINDS
"""What can happen to a button (:data:`vocabulary.buttons.EVENT_KINDS`)."""


class ButtonOutcome(Value):
    """What a button did to the session."""

    accepted: bool
    """True when the session changed (an action was submitted or a step undone)."""
    message: Msg | None = None
    """The new step's label, the undone step's label, or why nothing happened."""
    blink_seat: int | None = None
    """For a refused press: the seat whose light should blink; ``None``: the status light."""


IGNORED = ButtonOutcome(accepted=False)
"""The outcome of an event that is not meant to do anything (a release)."""


def supports_table_buttons(game: Any) -> bool:
    """Tell whether a game implements the ``TableButtons`` methods."""
    return all(
        callable(getattr(game, name, None))
        for name in ("advance_action", "seat_action", "waiting_for")
    )


def handle_button(session: Session, button: str, kind: str) -> ButtonOutcome:
    """Apply one button event to ``session`` and report what happened."""
    if kind not in BUTTON_KINDS:
        return ButtonOutcome(False, msg("hardware.button.unknown_kind", kind=kind))
    if button == "undo":
        return _undo(session) if kind == "press" else IGNORED
    if button != "advance" and button not in SEAT_BUTTONS:
        return ButtonOutcome(False, msg("hardware.button.unknown", button=button))
    if kind == "release":
        return IGNORED
    if not supports_table_buttons(session.game):
        game_title = "@" + session.game.title_key
        return ButtonOutcome(False, msg("hardware.button.not_supported", game=game_title))
    if button == "advance":
        return _advance(session) if kind == "press" else IGNORED
    return _seat(session, SEAT_BUTTONS.index(button), kind == "long_press")


def seat_lights(session: Session) -> frozenset[int]:
    """Seats (0-based) whose light should be on: those the game is waiting for."""
    if session.finished or not supports_table_buttons(session.game):
        return frozenset()
    return frozenset(_buttons_of(session).waiting_for(session.state))


def _buttons_of(session: Session) -> TableButtons[Any]:
    """The session's game seen through its table-button methods (checked by the caller)."""
    return cast("TableButtons[Any]", session.game)


def _undo(session: Session) -> ButtonOutcome:
    label = session.last_label()
    try:
        session.undo()
    except IllegalActionError as error:
        return ButtonOutcome(False, error.message, None)
    return ButtonOutcome(True, label)


def _advance(session: Session) -> ButtonOutcome:
    try:
        action = _buttons_of(session).advance_action(session.state)
    except IllegalActionError as error:
        return ButtonOutcome(False, error.message, None)
    return _submit(session, action, None)


def _seat(session: Session, seat: int, long_press: bool) -> ButtonOutcome:
    try:
        action = _buttons_of(session).seat_action(session.state, seat, long_press)
    except IllegalActionError as error:
        return ButtonOutcome(False, error.message, seat)
    if action is None:
        return ButtonOutcome(False, msg("hardware.button.seat_idle", seat=seat + 1), seat)
    return _submit(session, action, seat)


def _submit(session: Session, action: Action, seat: int | None) -> ButtonOutcome:
    try:
        session.submit(action)
    except IllegalActionError as error:
        return ButtonOutcome(False, error.message, seat)
    return ButtonOutcome(True, session.last_label())
