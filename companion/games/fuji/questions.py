"""The questions that build a Fuji action for the table, one field at a time.

``ask(state, partial)`` asks first for the action type, then for each field the action
needs, in the table's own terms: a player by name, a card by its place on the map, a die
by colour and value, a wound by its printed slot.  An answer is offered as legal only if
some way of finishing the action from it is accepted by the rules (found by trying the
finished actions on the state); otherwise it is greyed with the rules' own reason.

The questions cover the actions of the round's main flow.  Equipment cards, skills and
typed totals have screens of their own and are not asked here.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from typing import Any

from companion.core.messages import IllegalActionError, Msg, msg
from companion.core.questions import Answer, Complete, Partial, Question, Step, Style
from companion.games.fuji.queries import drawable_cards, path_choice_needed, walks
from companion.games.fuji.rules import apply
from companion.games.fuji.state import OPEN_DICE_SEAT, DieColour, State, WoundSlot

Candidates = Callable[[State, Partial], Sequence[tuple[Any, Msg]]]
"""The values a field may take in a state, each with its label."""

FieldSpec = tuple[str, Candidates, Style]
"""One field of an action: its name, its candidate values and how it is best asked."""


def _players(state: State, partial: Partial) -> list[tuple[Any, Msg]]:
    return [(p.seat, msg("fuji.ask.player_name", name=p.name)) for p in state.players]


def _holders(state: State, partial: Partial) -> list[tuple[Any, Msg]]:
    seats = _players(state, partial)
    if state.open_dice is not None:
        seats.append((OPEN_DICE_SEAT, Msg("fuji.open_dice")))
    return seats


def _cells(state: State, partial: Partial) -> list[tuple[Any, Msg]]:
    return [
        ([row, col], msg("fuji.ask.place", row=row + 1, col=col + 1))
        for row, col in state.board.positions()
    ]


def _unknown_cells(state: State, partial: Partial) -> list[tuple[Any, Msg]]:
    return [
        ([row, col], msg("fuji.ask.place", row=row + 1, col=col + 1))
        for row, col in state.board.positions()
        if (cell := state.board.cell((row, col))) is not None and not cell.reroll_known
    ]


def _yes_no(state: State, partial: Partial) -> list[tuple[Any, Msg]]:
    return [(True, Msg("fuji.ask.yes")), (False, Msg("fuji.ask.no"))]


def _rerolls(state: State, partial: Partial) -> list[tuple[Any, Msg]]:
    return [(count, msg("fuji.ask.count", count=count)) for count in range(5)]


def _dice(state: State, partial: Partial) -> list[tuple[Any, Msg]]:
    return [
        ([colour.value, value], msg("fuji.ask.die_face", colour=f"@fuji.die_colour.{colour.value}",
                                    value=value))
        for colour in DieColour
        for value in range(1, 7)
    ]


def _slots(state: State, partial: Partial) -> list[tuple[Any, Msg]]:
    return [(slot.value, Msg(f"fuji.wound.{slot.value}")) for slot in WoundSlot]


def _cards(state: State, partial: Partial) -> list[tuple[Any, Msg]]:
    offered: list[tuple[Any, Msg]] = [
        (card, Msg(f"fuji.equipment.{card}")) for card in drawable_cards(state)
    ]
    return [*offered, (None, Msg("fuji.equipment.none"))]


def _paths(state: State, partial: Partial) -> list[tuple[Any, Msg]]:
    seat = partial.get("player")
    if not isinstance(seat, int) or not 0 <= seat < len(state.players):
        return []
    if not path_choice_needed(state, seat):
        return []
    someone = state.players[seat]
    target = someone.destination if someone.destination is not None else someone.position
    return [
        ([list(step) for step in walk],
         msg("fuji.ask.walk", steps=" → ".join(f"{r + 1}·{c + 1}" for r, c in walk)))
        for walk in walks(state, seat, target)
    ]


PLAYER: FieldSpec = ("player", _players, Style.SEAT)
"""The acting player, named by the seat's character."""

FIELDS: dict[str, tuple[FieldSpec, ...]] = {
    "advance": (),
    "set_destination": (PLAYER, ("cell", _cells, Style.PLACE)),
    "confirm_destination": (PLAYER,),
    "release_destination": (PLAYER,),
    "rerolls_done": (PLAYER, ("used", _rerolls, Style.NUMBER)),
    "enter_die": (("player", _holders, Style.SEAT), ("die", _dice, Style.CHOICE)),
    "remove_die": (("player", _holders, Style.SEAT),),
    "resolve": (PLAYER, ("path", _paths, Style.CHOICE)),
    "choose_wound": (PLAYER, ("slot", _slots, Style.CHOICE)),
    "draw_equipment": (PLAYER, ("card", _cards, Style.CHOICE)),
    "name_card": (("cell", _unknown_cells, Style.PLACE), ("reroll", _yes_no, Style.CHOICE)),
}
"""The fields each asked action needs, in the order they are asked."""

OPTIONAL_FIELDS: frozenset[tuple[str, str]] = frozenset({("resolve", "path")})
"""Fields left out of the action when there is nothing to choose."""


def ask(state: State, partial: Partial) -> Step:
    """Return the next question for ``partial``, or the finished action."""
    kind = partial.get("type")
    if kind is None:
        return _type_question(state)
    for name, candidates, style in FIELDS[str(kind)]:
        if name in partial:
            continue
        values = candidates(state, partial)
        if not values and (str(kind), name) in OPTIONAL_FIELDS:
            continue
        answers = tuple(
            Answer(value, label, _reason(state, {**partial, name: value}), **_where(style, value))
            for value, label in values
        )
        seat = partial.get("player") if isinstance(partial.get("player"), int) else None
        return Question(name, Msg(f"fuji.ask.{name}"), answers, style, seat)
    return Complete(dict(partial))


def _type_question(state: State) -> Question:
    answers = tuple(
        Answer(kind, Msg(f"fuji.label.kind.{kind}"), _reason(state, {"type": kind}))
        for kind in FIELDS
    )
    return Question("type", Msg("fuji.ask.type"), answers)


def _where(style: Style, value: Any) -> dict[str, Any]:
    if style is Style.PLACE and isinstance(value, list):
        return {"place": f"{value[0]},{value[1]}"}
    if style is Style.SEAT and isinstance(value, int):
        return {"seat": value}
    return {}


def _reason(state: State, partial: Partial) -> Msg | None:
    """``None`` when some finished action from ``partial`` is accepted; else the refusal."""
    first: Msg | None = None
    for action in _finished(state, partial):
        refusal = _refusal(state, action)
        if refusal is None:
            return None
        first = first or refusal
    return first or Msg("fuji.ask.nothing")


def _finished(state: State, partial: Partial) -> Iterator[dict[str, Any]]:
    """Every action finishing ``partial`` with the candidate values of the missing fields."""
    kind = str(partial.get("type"))
    missing = [
        spec for spec in FIELDS[kind] if spec[0] not in partial and f"-{spec[0]}" not in partial
    ]
    if not missing:
        yield {key: value for key, value in partial.items() if not key.startswith("-")}
        return
    name, candidates, _ = missing[0]
    values = candidates(state, partial)
    if not values and (kind, name) in OPTIONAL_FIELDS:
        yield from _finished(state, {**partial, f"-{name}": True})
        return
    for value, _label in values:
        yield from _finished(state, {**partial, name: value})


def _refusal(state: State, action: dict[str, Any]) -> Msg | None:
    """The rules' reason for refusing ``action`` in ``state``, or ``None`` if accepted."""
    try:
        apply(state, action)
    except IllegalActionError as error:
        return error.message
    return None
