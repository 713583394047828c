"""Short history labels for actions, as translatable messages."""

from __future__ import annotations

from companion.core.game import Action
from companion.core.messages import IllegalActionError, Msg, msg
from companion.games.fuji import equipment, skills
from companion.games.fuji.state import OPEN_DICE_SEAT, State

LABELLED: frozenset[str] = frozenset(
    {
        "advance",
        "set_destination",
        "confirm_destination",
        "release_destination",
        "rerolls_done",
        "set_dice",
        "enter_die",
        "remove_die",
        "name_card",
        "set_movement_values",
        "resolve",
        "choose_wound",
        "draw_equipment",
        "add_equipment",
    }
)
"""Action types with a label of their own; others get a generic one."""


def action_label(before: State, action: Action) -> Msg:
    """Return a short label for ``action`` applied to ``before``."""
    kind = str(action.get("type", ""))
    if kind in equipment.EQUIPMENT_HANDLERS:
        return equipment.label(before, action)
    if kind in skills.SKILL_HANDLERS:
        return skills.label(before, action)
    if kind not in LABELLED:
        return msg("fuji.label.other", action=kind, name=_name(before, action.get("player")))
    params: dict[str, str | int | None] = {"name": _name(before, action.get("player"))}
    if kind == "advance":
        params["phase"] = f"@fuji.phase.{before.phase.value}"
    if kind in ("set_destination", "name_card"):
        row, col = _cell(action.get("cell"))
        params.update(row=row, col=col)
    if kind == "choose_wound":
        params["slot"] = f"@fuji.wound.{action.get('slot')}"
    if kind in ("draw_equipment", "add_equipment"):
        card = action.get("card")
        params["card"] = f"@fuji.equipment.{card}" if card else "@fuji.equipment.none"
    if kind == "enter_die":
        params.update(_die(action.get("die")))
    if kind == "resolve":
        return _resolve_label(before, action, params)
    if kind == "rerolls_done":
        used = action.get("used", 0)
        params["used"] = used if isinstance(used, int) else 0
    return msg(f"fuji.label.{kind}", **params)


def _resolve_label(before: State, action: Action,
                   params: dict[str, str | int | None]) -> Msg:
    """``Ala moves, stamina −2`` or ``Ala stays, stamina −3``: what the resolution did."""
    from companion.games.fuji.rules import apply

    try:
        after = apply(before, action)
    except IllegalActionError:
        return msg("fuji.label.resolve", **params)
    done = after.results[len(before.results):] if after.results[:len(before.results)] == \
        before.results else after.results
    if not done:
        return msg("fuji.label.resolve", **params)
    result = done[0]
    key = "fuji.label.resolve_moved" if result.moved and result.path else \
        "fuji.label.resolve_stayed"
    return msg(key, **params, loss=result.stamina_loss)


def _name(state: State, seat: object) -> str:
    if seat == OPEN_DICE_SEAT:
        return "@fuji.open_dice"
    if isinstance(seat, int) and not isinstance(seat, bool) and 0 <= seat < len(state.players):
        return state.players[seat].name
    return ""


def _die(value: object) -> dict[str, str | int | None]:
    """Return the colour and value of a ``[colour, value]`` die for a label."""
    if isinstance(value, list | tuple) and len(value) == 2:
        colour, number = value
        if isinstance(colour, str) and isinstance(number, int):
            return {"colour": f"@fuji.die_colour.{colour}", "value": number}
    return {"colour": "", "value": 0}


def _cell(value: object) -> tuple[int, int]:
    """Return a ``[row, col]`` as 1-based numbers for people (0, 0 when malformed)."""
    if isinstance(value, list | tuple) and len(value) == 2:
        row, col = value
        if isinstance(row, int) and isinstance(col, int):
            return row + 1, col + 1
    return 0, 0
