"""Short history labels for actions, as translatable messages."""

from __future__ import annotations

from companion.core.game import Action
from companion.core.messages import Msg, msg
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
    if kind == "set_destination":
        row, col = _cell(action.get("cell"))
        params.update(row=row, col=col)
    if kind == "choose_wound":
        params["slot"] = f"@fuji.wound.{action.get('slot')}"
    if kind in ("draw_equipment", "add_equipment"):
        card = action.get("card")
        params["card"] = f"@fuji.equipment.{card}" if card else "@fuji.equipment.none"
    if kind == "rerolls_done":
        used = action.get("used", 0)
        params["used"] = used if isinstance(used, int) else 0
    return msg(f"fuji.label.{kind}", **params)


def _name(state: State, seat: object) -> str:
    if seat == OPEN_DICE_SEAT:
        return "@fuji.open_dice"
    if isinstance(seat, int) and not isinstance(seat, bool) and 0 <= seat < len(state.players):
        return state.players[seat].name
    return ""


def _cell(value: object) -> tuple[int, int]:
    """Return a ``[row, col]`` as 1-based numbers for people (0, 0 when malformed)."""
    if isinstance(value, list | tuple) and len(value) == 2:
        row, col = value
        if isinstance(row, int) and isinstance(col, int):
            return row + 1, col + 1
    return 0, 0
